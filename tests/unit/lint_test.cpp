// The checks `sandtable validate` makes beyond loading: every message of the
// lint, each from a small broken copy of BMW.
#include "load/loader.h"
#include "load/table_lint.h"
#include "script/module_lint.h"

#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace sandtable;
using test::text_of;
using test::write_text;

namespace {

struct Copy {
    fs::path ruleset = test::copy_bmw_ruleset();

    void replace(const std::string& file, const std::string& from, const std::string& to) const {
        std::string text = text_of(ruleset / file);
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
        write_text(ruleset / file, text);
    }
    // One more rule module in the ruleset's rules/ folder, listed last.
    void add_module(const std::string& name, const std::string& lua, const std::string& params = "") const {
        write_text(ruleset / "rules" / (name + ".lua"), lua);
        replace("ruleset.yaml", "  - { module: charges, params: { mandatory_advance: true } }\n",
                "  - { module: charges, params: { mandatory_advance: true } }\n  - { module: " + name +
                    (params.empty() ? "" : ", params: " + params) + " }\n");
    }
    rules::Ruleset load() const { return load::load_ruleset(ruleset.string()); }
    std::vector<std::string> load_errors() const {
        try {
            load();
        } catch (const load::LoadError& e) {
            std::vector<std::string> out;
            for (const auto& d : e.diagnostics()) out.push_back(d.message);
            return out;
        }
        return {};
    }
    std::vector<std::string> lint() const {
        std::vector<std::string> out;
        for (const auto& d : script::lint_module_sources(load()))
            out.push_back(fs::path(d.where.file).filename().string() + ":" + std::to_string(d.where.line) + ":" +
                          std::to_string(d.where.column) + ": " + d.message);
        return out;
    }
};

}  // namespace

TEST_CASE("lint: an unknown key gets a did-you-mean", "[lint]") {
    Copy c;
    c.replace("ruleset.yaml", "blocks_los: true, charge_allowed: false,\n      combat",
              "blocks_los: true, charge_alowed: false,\n      combat");
    const auto e = c.load_errors();
    REQUIRE(e.size() == 1);
    CHECK(e[0] == "unknown key 'charge_alowed' in an entry of 'terrain' (did you mean 'charge_allowed'?)");
}

TEST_CASE("lint: a dangling reference names what exists", "[lint]") {
    Copy c;
    SECTION("a phase's table") {
        c.replace("ruleset.yaml", "procedure: odds_combat, table: crt,", "procedure: odds_combat, table: crtt,");
        const auto e = c.load_errors();
        REQUIRE(e.size() == 1);
        CHECK(e[0] == "phase 'combat' uses table 'crtt', which is not defined");
    }
    SECTION("a unit type in a module's params") {
        c.add_module("lint_probe", "--[[ params:\n  kinds: { type: unit_types, default: [], doc: which }\n]]\n",
                     "{ kinds: [spearman] }");
        const auto e = c.load_errors();
        REQUIRE(e.size() == 1);
        CHECK(e[0] ==
              "param 'kinds' of rule module 'lint_probe': unknown unit type 'spearman' (did you mean 'spearmen'?)");
    }
}

TEST_CASE("lint: a module param of the wrong type, out of range or unknown", "[lint]") {
    Copy c;
    const std::string decl =
        "--[[ params:\n  per_army: { type: int, min: 0, max: 5, default: 2, doc: how many }\n  loud: { type: bool, "
        "default: false, doc: log more }\n]]\n";
    SECTION("wrong type") {
        c.add_module("lint_probe", decl, "{ per_army: two }");
        CHECK(c.load_errors() ==
              std::vector<std::string>{
                  "param 'per_army' of rule module 'lint_probe' must be a whole number, got text 'two'"});
    }
    SECTION("out of range") {
        c.add_module("lint_probe", decl, "{ per_army: 9 }");
        CHECK(c.load_errors() ==
              std::vector<std::string>{"param 'per_army' of rule module 'lint_probe' must be between 0 and 5, got 9"});
    }
    SECTION("unknown, with a did-you-mean") {
        c.add_module("lint_probe", decl, "{ per_amry: 1 }");
        CHECK(c.load_errors() ==
              std::vector<std::string>{"rule module 'lint_probe' has no param 'per_amry' (did you mean 'per_army'?)"});
    }
    SECTION("a malformed declaration is reported in the Lua file") {
        c.add_module("lint_probe", "-- probe\n--[[ params:\n  per_army: { type: boool }\n]]\n", "{ per_army: 1 }");
        try {
            c.load();
            FAIL("no error");
        } catch (const load::LoadError& e) {
            REQUIRE(e.diagnostics().size() == 1);
            CHECK(fs::path(e.diagnostics()[0].where.file).filename() == "lint_probe.lua");
            CHECK(e.diagnostics()[0].where.line == 3);
            CHECK(e.diagnostics()[0].message == "unknown param type 'boool' (did you mean 'bool'?)");
        }
    }
}

TEST_CASE("lint: a CRT column no odds reach beside an automatic end column", "[lint]") {
    Copy c;
    c.replace("tables/crt.yaml", "  - { odds: 6-1, automatic: DL }",
              "  - { odds: 6-1, automatic: DL }\n  - { odds: 7-1 }");
    for (const char* row :
         {"1: [AR, DR, DR, DR, DR, DL, DL, DL]", "2: [AR, AR, DR, DR, DR, DR, DL, DL]",
          "3: [AR, \"-\", \"-\", \"-\", \"-\", \"-\", DR, DL]", "4: [AL, AL, AR, \"-\", DR, DR, DR, DR]",
          "5: [AL, AL, AR, EX, EX, DR, DR, DR]", "6: [AL, AL, AL, AR, AR, AR, DR, DR]"}) {
        std::string r = row;
        c.replace("tables/crt.yaml", r, r.substr(0, r.size() - 1) + ", DL]");
    }
    const auto warnings = load::table_warnings(c.load());
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].where.line == 17);
    CHECK(warnings[0].message ==
          "table 'crt': no odds reach column 7-1 if 6-1 means '6-1 or greater is an automatic DL' (odds from 7-1 up "
          "use this column; "
          "move the automatic result to the last column, or drop this one)");
    CHECK(load::table_warnings(load::load_ruleset((fs::path(SANDTABLE_SOURCE_DIR) / "rulesets" / "bmw").string()))
              .empty());
}

TEST_CASE("lint: handlers for events that do not exist, wraps and filters naming nothing", "[lint]") {
    Copy c;
    c.add_module("lint_probe",
                 "-- game.on('comment.only', f) is not code\n"
                 "game.on(\"combat.reslt\", function() end)\n"
                 "game.wrap('charge', 'combat.result', function(next, ctx) next(ctx) end)\n"
                 "game.on('phase.begin', function() end, { phase = \"movment\" })\n"
                 "game.on('move.end', function() end, { unit_has = 'chargr' })\n");
    CHECK(c.lint() == std::vector<std::string>{
                          "lint_probe.lua:2:10: game.on: unknown event 'combat.reslt' (did you mean 'combat.result'?)",
                          "lint_probe.lua:3:12: game.wrap: unknown rule module loaded before this one 'charge' (did "
                          "you mean 'charges'?)",
                          "lint_probe.lua:4:51: handler filter: unknown phase 'movment' (did you mean 'movement'?)",
                          "lint_probe.lua:5:51: handler filter: unknown attribute 'chargr' (did you mean 'charger'?)",
                      });
    // The shipped rulesets are clean.
    for (const char* name : {"bmw", "prestags"})
        CHECK(script::lint_module_sources(
                  load::load_ruleset((fs::path(SANDTABLE_SOURCE_DIR) / "rulesets" / name).string()))
                  .empty());
}

TEST_CASE("lint: comments, strings and look-alikes are read as Lua reads them", "[lint]") {
    Copy c;
    c.add_module("lint_probe",
                 "--[[ game.on('block.comment', f) is not code ]]\n"
                 "local next_phase = \"end_of_turn\"\n"
                 "local s = \"a -- b\"; game.on(\"unit.retreatd\", function() end)\n"
                 "game.on (\"combat.reslt\", function() end)\n");
    CHECK(c.lint() ==
          std::vector<std::string>{
              "lint_probe.lua:3:30: game.on: unknown event 'unit.retreatd' (did you mean 'unit.retreated'?)",
              "lint_probe.lua:4:11: game.on: unknown event 'combat.reslt' (did you mean 'combat.result'?)",
          });
}

TEST_CASE("lint: a wrap of a module switched off", "[lint]") {
    Copy c;
    c.replace("ruleset.yaml", "  - { module: horse_archers }", "  - { module: horse_archers, enabled: false }");
    c.add_module("lint_probe", "game.wrap('horse_archers', 'combat.declared', function(next, ctx) next(ctx) end)\n");
    CHECK(c.lint() == std::vector<std::string>{"lint_probe.lua:1:12: game.wrap: rule module 'horse_archers' is "
                                               "switched off, so it has no handlers to wrap"});
}

TEST_CASE("lint: a params block without a space, a default out of range, a broken block", "[lint]") {
    Copy c;
    SECTION("--[[params: is read too") {
        c.add_module("lint_probe", "--[[params:\n  per_army: { type: int, min: 0, max: 5, default: 2 }\n]]\n",
                     "{ per_army: 9 }");
        CHECK(c.load_errors() ==
              std::vector<std::string>{"param 'per_army' of rule module 'lint_probe' must be between 0 and 5, got 9"});
    }
    SECTION("a default the declaration refuses") {
        c.add_module("lint_probe", "--[[ params:\n  per_army: { type: int, min: 0, max: 5, default: 12 }\n]]\n");
        CHECK(c.load_errors() ==
              std::vector<std::string>{"the default of param 'per_army' must be between 0 and 5, got 12"});
    }
    SECTION("a broken block is reported once, and checks nothing else") {
        c.add_module("lint_probe", "--[[ params:\n  per_army: { type: int, min: 0, max: 5, default: 2 \n]]\n",
                     "{ per_army: 1, loud: true }");
        const auto e = c.load_errors();
        REQUIRE(e.size() == 1);
        CHECK(e[0].find("malformed YAML") == 0);
    }
}
