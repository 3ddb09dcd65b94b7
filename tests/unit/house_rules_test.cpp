// House rules: patches by id, list operations, load order, provenance,
// version checks, conflicts, and Lua that wraps a module's handlers.
#include "bots/session.h"
#include "load/change_description.h"
#include "load/loader.h"
#include "load/provenance.h"
#include "load/ruleset_document.h"
#include "rules/rule_switches.h"
#include "script/lua_sandbox.h"
#include "script/rule_host.h"

#include "project_copies.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace sandtable;
using test::write_text;

namespace {

// A BMW copy with house rule folders beside it.
struct Project {
    fs::path ruleset = test::copy_bmw_ruleset();
    fs::path root = ruleset.parent_path().parent_path();

    // A house rule folder with a house.yaml and one patch file.
    std::string house(const std::string& id, const std::string& patch, const std::string& versions = ">=1.0.0 <2.0.0",
                      const std::string& extra = "") const {
        const fs::path dir = root / "house" / id;
        fs::create_directories(dir / "rules");
        write_text(dir / "house.yaml", "id: " + id + "\nname: " + id +
                                           "\nversion: 1.0.0\nbase: { ruleset: bmw, versions: \"" + versions +
                                           "\" }\npatches: [patch.yaml]\n" + extra);
        write_text(dir / "patch.yaml", patch);
        return dir.string();
    }

    std::string lua(const std::string& house_dir, const std::string& module, const std::string& code) const {
        const fs::path file = fs::path(house_dir) / "rules" / (module + ".lua");
        write_text(file, code);
        return file.string();
    }

    load::LayeredRuleset load(const std::vector<std::string>& houses) const {
        return load::load_layered_ruleset(ruleset.string(), houses);
    }
};

std::vector<load::Diagnostic> errors_of(const Project& p, const std::vector<std::string>& houses) {
    try {
        p.load(houses);
    } catch (const load::LoadError& e) {
        return e.diagnostics();
    }
    return {};
}

const rules::UnitType& type(const rules::Ruleset& rs, const std::string& id) {
    const int i = rs.unit_type_index(id);
    REQUIRE(i >= 0);
    return rs.unit_types[static_cast<std::size_t>(i)];
}

int value(const rules::Ruleset& rs, const rules::UnitFace& face, const std::string& attribute) {
    return face.values[static_cast<std::size_t>(rs.attribute_index(attribute))];
}

const rules::RuleModule* module(const rules::Ruleset& rs, const std::string& name) {
    for (const auto& m : rs.modules)
        if (m.module == name) return &m;
    return nullptr;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a patch changes only the fields it names, addressing entries by id", "[house]") {
    Project p;
    const auto h = p.house("strong-knights", "unit_types:\n  - { id: knights, front: { combat: 9 } }\n");
    const auto rs = p.load({h}).ruleset;
    const auto& knights = type(rs, "knights");
    CHECK(value(rs, knights.front, "combat") == 9);
    CHECK(value(rs, knights.front, "movement") == 5);  // untouched
    CHECK(value(rs, knights.back.value(), "combat") == 4);
    CHECK(knights.name == "Knights");
    CHECK(rs.unit_types.size() == load::load_ruleset(p.ruleset.string()).unit_types.size());
}

TEST_CASE("a patch adds new unit types, tables and rule modules", "[house]") {
    Project p;
    const auto h = p.house(
        "additions",
        "unit_types:\n  - { id: berserkers, name: Berserkers, class: foot, front: { combat: 5, movement: 4 } }\n"
        "tables:\n  bloody:\n    kind: odds_crt\n    columns: [{ odds: 1-1 }, { odds: 2-1 }]\n"
        "    rows: { 1: [DL, DL], 2: [DL, DL], 3: [EX, DL], 4: [EX, DL], 5: [AL, EX], 6: [AL, EX] }\n"
        "rules:\n  - { module: extra, params: { bonus: 2 } }\n");
    p.lua(h, "extra", "game.on('game.setup', function() end)\n");
    const auto rs = p.load({h}).ruleset;
    CHECK(value(rs, type(rs, "berserkers").front, "combat") == 5);
    REQUIRE(rs.odds_table("bloody"));
    CHECK(rs.odds_table("bloody")->result(0, 5) == "AL");
    const auto* m = module(rs, "extra");
    REQUIRE(m);
    CHECK(contains(m->file, "house/additions/rules/extra.lua"));
    CHECK(std::get<long long>(m->params.find("bonus")->value) == 2);
}

TEST_CASE("delete: true removes an entry of a list or a map", "[house]") {
    Project p;
    const auto h =
        p.house("no-dunes",
                "terrain:\n  - { id: dunes, delete: true }\nrules:\n  - { module: horse_archers, delete: true }\n"
                "phases:\n  combat:\n    options: { demoralized_shift: { delete: true } }\n");
    const auto rs = p.load({h}).ruleset;
    CHECK(rs.terrain_index("dunes") < 0);
    CHECK(rs.terrain_index("woods") >= 0);
    CHECK(module(rs, "horse_archers") == nullptr);
    const auto& combat =
        *std::find_if(rs.phases.begin(), rs.phases.end(), [](const rules::PhaseSpec& ph) { return ph.id == "combat"; });
    CHECK(!combat.options.map()->count("demoralized_shift"));
    CHECK(combat.options.map()->count("must_attack_in_zoc"));
}

TEST_CASE("lists change only by replace, append and remove", "[house]") {
    Project p;
    SECTION("replace a CRT row") {
        const auto h =
            p.house("row", "tables:\n  crt:\n    rows:\n      3: { replace: [AL, EX, EX, EX, EX, DR, DL, DL] }\n");
        const auto rs = p.load({h}).ruleset;
        const auto* crt = rs.odds_table("crt");
        CHECK(crt->result(4, 3) == "EX");  // 1-1 on a 3: was no effect
        CHECK(crt->result(4, 4) == "-");   // row 4 untouched
    }
    SECTION("append and remove") {
        const auto h = p.house("classes",
                               "movement_classes: { append: [camel] }\n"
                               "attributes:\n  dot: { values: { remove: [open] } }\n"
                               "unit_types:\n  - { id: knights, back: { dot: none } }\n");
        const auto rs = p.load({h}).ruleset;
        CHECK(rs.movement_classes.back() == "camel");
        CHECK(rs.movement_classes.size() == 4);
        const auto& dot = rs.attributes[static_cast<std::size_t>(rs.attribute_index("dot"))];
        CHECK(dot.values == std::vector<std::string>{"none", "solid"});
    }
    SECTION("a bare list is refused") {
        const auto h = p.house("bare", "movement_classes: [foot, horse]\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].where.file, "house/bare/patch.yaml"));
        CHECK(e[0].where.line == 1);
        CHECK(contains(
            e[0].message,
            "'movement_classes' is a list: change it with { replace: [...] }, { append: [...] } or { remove: [...] }"));
    }
    SECTION("removing what is not there") {
        const auto h = p.house("gone", "movement_classes: { remove: [horses] }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "unknown item of 'movement_classes' to remove 'horses' (did you mean 'horse'?)"));
    }
}

TEST_CASE("a patch's mistakes are reported in the patch file", "[house]") {
    Project p;
    SECTION("a value of the wrong kind, checked as the base would be") {
        const auto h = p.house("bad", "# comment\nunit_types:\n  - { id: knights, front: { combat: many } }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].where.file, "house/bad/patch.yaml"));
        CHECK(e[0].where.line == 3);
        CHECK(contains(e[0].message, "'combat' must be a whole number"));
    }
    SECTION("an unknown key gets a did-you-mean, in the patch") {
        const auto h = p.house("typo", "unit_types:\n  - { id: knights, front: { combta: 8 } }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].where.file, "house/typo/patch.yaml"));
        CHECK(contains(e[0].message, "did you mean 'combat'"));
    }
    SECTION("deleting what does not exist") {
        const auto h = p.house("nothing", "unit_types:\n  - { id: knigths, delete: true }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(
            contains(e[0].message, "cannot delete: unknown entry of 'unit_types' 'knigths' (did you mean 'knights'?)"));
    }
    SECTION("a deleted entry takes no other changes") {
        const auto h = p.house("both", "unit_types:\n  - { id: knights, delete: true, name: Gone }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "an entry being deleted takes no other changes ('name')"));
    }
    SECTION("the id, version and geometry are the base's") {
        const auto h = p.house("rename", "id: mine\nversion: 2.0.0\ngeometry: { top: pointy }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 3);
        CHECK(contains(e[0].message, "cannot change the ruleset's id"));
        CHECK(contains(e[1].message, "cannot change the ruleset's version"));
        CHECK(contains(e[2].message, "cannot change the geometry"));
    }
}

TEST_CASE("house rules apply in the order given, then the scenario", "[house]") {
    Project p;
    // The first adds a module; the second builds on it (not a conflict).
    const auto first = p.house("first", "rules:\n  - { module: extra, params: { bonus: 1 } }\n");
    p.lua(first, "extra", "game.on('game.setup', function() end)\n");
    const auto second = p.house("second", "rules:\n  - { module: extra, params: { bonus: 2 } }\n");
    const auto layered = p.load({first, second});
    CHECK(std::get<long long>(module(layered.ruleset, "extra")->params.find("bonus")->value) == 2);
    REQUIRE(layered.ruleset.layers.size() == 3);
    CHECK(layered.ruleset.layers[0].id == "bmw");
    CHECK(layered.ruleset.layers[1].id == "first");
    CHECK(layered.ruleset.layers[2].id == "second");
    // Given the other way round, the second adds the module itself, and the
    // module is looked for in its own folder, which has no Lua for it.
    const auto e = errors_of(p, {second, first});
    REQUIRE(e.size() == 1);
    CHECK(contains(e[0].where.file, "house/second/patch.yaml"));
    CHECK(contains(e[0].message, "rule module 'extra' not found in " + (fs::path(second) / "rules").string()));

    // The scenario names a house rule and switches its module off: last word.
    const std::string scenario = test::copy_bmw_project();
    const fs::path scenario_dir = fs::path(scenario).parent_path();
    const fs::path house_dir = scenario_dir / "house-extra";
    fs::create_directories(house_dir / "rules");
    write_text(house_dir / "house.yaml", "id: extra\nversion: 1.0.0\nbase: { ruleset: bmw }\npatches: [patch.yaml]\n");
    write_text(house_dir / "patch.yaml", "rules:\n  - { module: extra }\n");
    write_text(house_dir / "rules" / "extra.lua", "game.on('game.setup', function() end)\n");
    std::string text = test::text_of(scenario);
    text.replace(text.find("ruleset: ../../rulesets/bmw\n"), 28,
                 "ruleset: ../../rulesets/bmw\nhouse_rules: [house-extra]\n");
    text += "\nrules:\n  extra: { enabled: false }\n";
    write_text(scenario, text);
    const auto game = load::load_scenario(scenario);
    REQUIRE(module(*game.ruleset, "extra"));
    const auto effective = rules::effective_modules(*game.ruleset, *game.scenario);
    CHECK(!std::find_if(effective.begin(), effective.end(), [](const rules::RuleModule& m) {
               return m.module == "extra";
           })->enabled);
}

TEST_CASE("a scenario naming a house rule folder that is not there says so at the entry", "[house]") {
    const std::string scenario = test::copy_bmw_project();
    std::string text = test::text_of(scenario);
    text.replace(text.find("ruleset: ../../rulesets/bmw\n"), 28,
                 "ruleset: ../../rulesets/bmw\nhouse_rules:\n  - ../../rulesets/bmw/house-rules/war-elefants\n");
    write_text(scenario, text);
    try {
        load::load_scenario(scenario);
        FAIL("no error");
    } catch (const load::LoadError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.diagnostics()[0].where.line == 14);  // the entry, under ruleset: on line 12
        CHECK(contains(e.diagnostics()[0].message, "no house rule (house.yaml) in '"));
        CHECK(contains(e.diagnostics()[0].message, "(did you mean 'war-elephants'?)"));
    }
}

TEST_CASE("every value names its layer and file:line", "[house][provenance]") {
    Project p;
    const auto h =
        p.house("strong-knights", "# stronger knights\nunit_types:\n  - id: knights\n    front: { combat: 9 }\n");
    const auto layered = p.load({h});
    const auto values = load::sourced_values(layered.document);
    auto find = [&](const std::string& path) {
        auto it = std::find_if(values.begin(), values.end(),
                               [&](const load::SourcedValue& v) { return load::path_text(v.path) == path; });
        REQUIRE(it != values.end());
        return *it;
    };
    const auto patched = find("unit_types.knights.front.combat");
    CHECK(patched.value == "9");
    CHECK(patched.layer == 1);
    CHECK(contains(patched.where.file, "house/strong-knights/patch.yaml"));
    CHECK(patched.where.line == 4);
    const auto kept = find("unit_types.knights.front.movement");
    CHECK(kept.value == "5");
    CHECK(kept.layer == 0);
    CHECK(contains(kept.where.file, "rulesets/bmw/ruleset.yaml"));
    CHECK(kept.where.line > 40);
    const auto cell = find("tables.crt.rows.6.7");
    CHECK(cell.value == "DR");
    CHECK(contains(cell.where.file, "tables/crt.yaml"));
    // The dump shows both, with their layers.
    const std::string dump = load::dump_with_provenance(layered.document);
    CHECK(contains(dump, "combat: 9"));
    CHECK(contains(dump, "# strong-knights  " + patched.where.to_string()));
    CHECK(contains(load::dump_json(layered.document),
                   "\"path\": \"unit_types.knights.front.combat\", \"value\": \"9\", \"layer\": 1"));
}

TEST_CASE("rules diff speaks of cells, attributes and modules", "[house][provenance]") {
    Project p;
    const auto h =
        p.house("mixed",
                "unit_types:\n  - { id: knights, front: { combat: 9 } }\n"
                "tables:\n  crt:\n    rows:\n      3: { replace: [AR, \"-\", \"-\", EX, \"-\", \"-\", DR, DL] }\n"
                "rules:\n  - { module: charges, enabled: false }\n");
    const auto layered = p.load({h});
    std::vector<std::string> lines;
    for (const auto& c : load::describe_changes(layered.document)) lines.push_back(c.subject + ": " + c.text);
    CHECK(lines ==
          std::vector<std::string>{"Knights (knights): front combat: 7 → 9",
                                   "Combat Results Table (crt): die 3, column 1-1: - (No Effect) → EX (Exchange)",
                                   "charges: switched off"});
}

TEST_CASE("odd patches: aliases, repeats, keys and ids", "[house]") {
    Project p;
    SECTION("an alias that contains itself is reported, not followed") {
        const auto h = p.house("loop", "x: &a [ *a ]\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "an alias (*name) inside the node it names"));
    }
    SECTION("a node shared through an alias changes in one place only") {
        const auto a = p.house(
            "shared",
            "unit_types:\n  - { id: pikes, name: Pikes, class: foot, front: &f { combat: 5, movement: 3 }, back: *f }\n"
            "  - { id: bills, name: Bills, class: foot, front: *f }\n");
        const auto b = p.house("later", "unit_types:\n  - { id: pikes, front: { combat: 9 } }\n");
        const auto rs = p.load({a, b}).ruleset;
        CHECK(value(rs, type(rs, "pikes").front, "combat") == 9);
        CHECK(value(rs, type(rs, "pikes").back.value(), "combat") == 5);
        CHECK(value(rs, type(rs, "bills").front, "combat") == 5);
        // And the places of aliased values survive the copy.
        const auto values = load::sourced_values(p.load({a, b}).document);
        const auto bills = std::find_if(values.begin(), values.end(), [](const auto& v) {
            return load::path_text(v.path) == "unit_types.bills.front.combat";
        });
        REQUIRE(bills != values.end());
        CHECK(contains(bills->where.file, "house/shared/patch.yaml"));
        CHECK(bills->where.line == 2);
    }
    SECTION("an earlier house rule's change is described as it made it") {
        const auto a = p.house(
            "adds", "unit_types:\n  - { id: pikes, name: Pikes, class: foot, front: { combat: 5, movement: 3 } }\n");
        const auto b = p.house("changes", "unit_types:\n  - { id: pikes, front: { combat: 9 } }\n");
        const auto changes = load::describe_changes(p.load({a, b}).document);
        REQUIRE(changes.size() == 2);
        CHECK(contains(changes[0].text, "combat: 5"));
    }
    SECTION("a key twice in one mapping") {
        const auto h = p.house("twice", "unit_types:\n  - { id: knights, front: { combat: 8, combat: 9 } }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(e[0].message == "key 'combat' appears twice in the same mapping of the patch");
    }
    SECTION("an entry twice in one list") {
        const auto h = p.house(
            "twice",
            "unit_types:\n  - { id: knights, front: { combat: 8 } }\n  - { id: knights, front: { combat: 9 } }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(e[0].message == "'knights' appears twice in this patch's 'unit_types'");
    }
    SECTION("a new table keyed by another id than its own") {
        const auto h =
            p.house("gory", "tables:\n  bloody: { id: gory, kind: threshold, hit_on: at_most, target: 3 }\n");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(e[0].message == "new table 'bloody' has id 'gory': under tables: a table's key is its id");
    }
    SECTION("CRT columns named 5:1 or 5-1 are the same column") {
        const auto h = p.house("colon", "tables:\n  crt:\n    columns: [{ odds: \"5:1\", automatic: DL }]\n");
        const auto e = errors_of(p, {h});  // 5-1 is now automatic: its printed cells are one too many
        REQUIRE(!e.empty());
        CHECK(contains(e[0].message, "must list 7 results"));
    }
    SECTION("an empty list of entries takes entries by id") {
        p.house("x", "{}\n");
        std::string text = test::text_of(p.ruleset / "ruleset.yaml");
        const auto at = text.find("path_features:");
        text.replace(at, text.find("\n\ntables:") - at, "path_features: []");
        write_text(p.ruleset / "ruleset.yaml", text);
        const auto h = p.house("roads", "path_features:\n  - { id: road, name: Road, cost: 1 }\n");
        CHECK(p.load({h}).ruleset.path_feature_index("road") == 0);
    }
}

TEST_CASE("a house rule for another ruleset or version is refused, naming both", "[house]") {
    Project p;
    SECTION("version out of range") {
        const auto h = p.house("future", "unit_types: []\n", ">=2.0");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].where.file, "house/future/house.yaml"));
        CHECK(contains(e[0].message, "house rule 'future'"));
        CHECK(contains(e[0].message, "fits bmw >=2.0, but"));
        CHECK(contains(e[0].message, "rulesets/bmw/ruleset.yaml is bmw 1.0.0"));
    }
    SECTION("another ruleset") {
        const fs::path dir = p.root / "house" / "other";
        fs::create_directories(dir);
        write_text(dir / "house.yaml", "id: other\nversion: 1.0.0\nbase: { ruleset: prestags }\npatches: []\n");
        const auto e = errors_of(p, {dir.string()});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "is for ruleset 'prestags', not 'bmw'"));
    }
    SECTION("a malformed range") {
        const auto h = p.house("odd", "{}\n", "about 1");
        const auto e = errors_of(p, {h});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "versions: 'about' names no version"));
    }
    CHECK(load::version_outside("1.10.0", ">=1.9 <2").empty());
    CHECK(load::version_outside("2", ">=1.9 <2") == "version 2 is not <2");
    CHECK(load::version_outside("1.0.0", "1").empty());
    SECTION("a ruleset version that is not dotted numbers fits a house rule with no range") {
        std::string text = test::text_of(p.ruleset / "ruleset.yaml");
        text.replace(text.find("version: 1.0.0"), 14, "version: 2024-draft");
        write_text(p.ruleset / "ruleset.yaml", text);
        const fs::path dir = p.root / "house" / "any";
        fs::create_directories(dir);
        write_text(dir / "house.yaml", "id: any\nversion: 1.0.0\nbase: { ruleset: bmw }\npatches: []\n");
        CHECK(p.load({dir.string()}).ruleset.layers.size() == 2);
    }
}

TEST_CASE("two house rules changing the same thing are a conflict naming both", "[house]") {
    Project p;
    SECTION("the same value") {
        const auto a = p.house("a", "unit_types:\n  - { id: knights, front: { combat: 8 } }\n");
        const auto b = p.house("b", "\nunit_types:\n  - { id: knights, front: { combat: 9 } }\n");
        const auto e = errors_of(p, {a, b});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].where.file, "house/b/patch.yaml"));
        CHECK(contains(e[0].message, "house rules 'a' ("));
        CHECK(contains(e[0].message, "house/a/patch.yaml:2"));
        CHECK(contains(e[0].message, "and 'b' ("));
        CHECK(contains(e[0].message, "both change unit_types.knights.front.combat"));
    }
    SECTION("one deletes what the other changes") {
        const auto a = p.house("a", "unit_types:\n  - { id: knights, front: { combat: 8 } }\n");
        const auto b = p.house("b", "unit_types:\n  - { id: knights, delete: true }\n");
        CHECK(errors_of(p, {a, b}).size() == 1);
    }
    SECTION("appending to one list is not a conflict") {
        const auto a = p.house("a", "movement_classes: { append: [camel] }\n");
        const auto b = p.house("b", "movement_classes: { append: [chariot] }\n");
        CHECK(p.load({a, b}).ruleset.movement_classes.size() == 5);
    }
    SECTION("declared incompatible") {
        const auto a = p.house("a", "{}\n", ">=1", "conflicts_with: [b]\n");
        const auto b = p.house("b", "{}\n");
        const auto e = errors_of(p, {a, b});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].where.file, "house/a/house.yaml"));
        CHECK(e[0].where.line == 6);  // a's conflicts_with
        CHECK(contains(e[0].message, "house rules 'a' ("));
        CHECK(contains(e[0].message, "cannot be played together: 'a' lists 'b' under conflicts_with"));
    }
    SECTION("a house rule that overrides an earlier one may change its values") {
        const auto a = p.house("a", "unit_types:\n  - { id: knights, front: { combat: 8 } }\n");
        const auto b =
            p.house("b", "unit_types:\n  - { id: knights, front: { combat: 9 } }\n", ">=1", "overrides: [a]\n");
        const auto rs = p.load({a, b}).ruleset;
        CHECK(value(rs, type(rs, "knights").front, "combat") == 9);
        const auto e = errors_of(p, {b, a});  // a declares nothing: still a conflict
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "list 'b' under overrides:"));
    }
    SECTION("the same house rule twice") {
        const auto a = p.house("a", "{}\n");
        const auto e = errors_of(p, {a, a});
        REQUIRE(e.size() == 1);
        CHECK(contains(e[0].message, "is applied twice"));
    }
}

namespace {
// A game of the copied BMW scenario with the given house rules.
bots::Session session_with(const std::string& scenario, const std::vector<std::string>& houses) {
    return bots::Session(load::load_scenario(scenario, houses), scenario, 1);
}
}  // namespace

TEST_CASE("house Lua wraps a module's handler and may call the original", "[house][lua]") {
    Project p;
    const std::string scenario = (p.root / "scenarios" / "bmw" / "wendle-fords.yaml").string();
    fs::create_directories(p.root / "scenarios");
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw", p.root / "scenarios" / "bmw",
             fs::copy_options::recursive);
    const auto with_next = p.house("calls-next", "rules:\n  - { module: wrapper }\n");
    p.lua(with_next, "wrapper", "game.wrap('cavalry', 'game.setup', function(next, ctx)\n  next(ctx)\nend)\n");
    const auto without = p.house("skips", "rules:\n  - { module: wrapper }\n");
    p.lua(without, "wrapper", "game.wrap('cavalry', 'game.setup', function(next, ctx) end)\n");

    const auto knights = [](const bots::Session& s) {
        for (std::size_t u = 0; u < s.game().state().units.size(); ++u)
            if (s.game().ruleset().unit_types[static_cast<std::size_t>(s.game().scenario().units[u].type)].id ==
                "knights")
                return static_cast<int>(u);
        return -1;
    };
    kernel::Capability retreat_hexes{};
    REQUIRE(kernel::parse_capability("retreat_hexes", retreat_hexes));
    auto wrapped = session_with(scenario, {with_next});
    CHECK(wrapped.game().unit(knights(wrapped)).capability(retreat_hexes) == 3);  // the original ran
    auto skipped = session_with(scenario, {without});
    CHECK(skipped.game().unit(knights(skipped)).capability(retreat_hexes) == 1);  // it did not

    const auto& wraps = wrapped.rule_host().wrapped();
    REQUIRE(wraps.size() == 1);
    CHECK(wraps[0].module == "cavalry");
    CHECK(wraps[0].event == "game.setup");
    CHECK(wraps[0].by == "wrapper");
}

TEST_CASE("a house rule's Lua error names the house rule's file and line", "[house][lua]") {
    Project p;
    const std::string scenario = test::copy_bmw_project();
    const fs::path root = fs::path(scenario).parent_path().parent_path().parent_path();
    auto house = [&](const std::string& id, const std::string& code) {
        const fs::path dir = root / "house" / id;
        fs::create_directories(dir / "rules");
        write_text(dir / "house.yaml",
                   "id: " + id + "\nversion: 1.0.0\nbase: { ruleset: bmw }\npatches: [patch.yaml]\n");
        write_text(dir / "patch.yaml", "rules:\n  - { module: broken }\n");
        write_text(dir / "rules" / "broken.lua", code);
        return dir.string();
    };
    auto error_of = [&](const std::string& dir) -> script::ScriptError {
        try {
            session_with(scenario, {dir});
        } catch (const script::ScriptError& e) {
            return e;
        }
        FAIL("no script error");
        throw;
    };
    SECTION("an error in a handler the house rule registers") {
        const auto e = error_of(
            house("handler", "-- line 1\n\ngame.on('game.setup', function()\n  error('no berserkers here')\nend)\n"));
        CHECK(contains(e.script(), "house/handler/rules/broken.lua"));
        CHECK(e.line() == 4);
        CHECK(contains(e.message(), "no berserkers here"));
    }
    SECTION("an error inside a wrapper, called in place of the base's handler") {
        const auto e = error_of(
            house("wrapper",
                  "game.wrap('cavalry', 'game.setup', function(next, ctx)\n  next(ctx)\n  local x = nil + 1\nend)\n"));
        CHECK(contains(e.script(), "house/wrapper/rules/broken.lua"));
        CHECK(e.line() == 3);
    }
    SECTION("wrapping what a module does not handle") {
        const auto e =
            error_of(house("nothing", "game.wrap('cavalry', 'combat.odds', function(next, ctx) next(ctx) end)\n"));
        CHECK(contains(e.script(), "house/nothing/rules/broken.lua"));
        CHECK(e.line() == 1);
        CHECK(contains(e.message(), "rule module 'cavalry' has no handler for 'combat.odds' to wrap"));
    }
    SECTION("a global is refused, even while loading") {
        const auto e = error_of(house("global", "\nshared_state = 1\n"));
        CHECK(contains(e.script(), "house/global/rules/broken.lua"));
        CHECK(e.line() == 2);
        CHECK(contains(e.message(), "may not create or change global 'shared_state'"));
    }
}

TEST_CASE("a game with house rules records them and replays identically", "[house][replay]") {
    const std::string scenario = test::copy_bmw_project();
    const std::string house = std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw/house-rules/bloodier-crt";
    auto plain = load::load_scenario(scenario);
    auto loaded = load::load_scenario(scenario, {house});
    CHECK(plain.content_hash != loaded.content_hash);
    CHECK(loaded.ruleset->odds_table("crt")->result(4, 3) == "EX");
    bots::Session session(loaded, scenario, 5);
    auto bots = bots::make_bot("greedy", 11);
    auto other = bots::make_bot("greedy", 12);
    session.play({bots.get(), other.get()});
    REQUIRE(session.game().over());
    const fs::path replay = fs::path(scenario).parent_path() / "game.replay.yaml";
    write_text(replay, session.replay_yaml());
    CHECK(contains(test::text_of(replay), "house_rules:\n  - \"" + house + "\""));
    const auto check = bots::verify_replay(replay.string());
    CHECK(check.ok);
    CHECK(check.message.empty());
    CHECK(check.final_checksum == session.game().checksum());
}
