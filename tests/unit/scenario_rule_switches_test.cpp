// Optional rules as scenario switches: a scenario's `rules:` turns its
// ruleset's rule modules on or off and tunes their params. Loaded, checked
// against the ruleset, written back, and played: the game runs the ruleset's
// modules with the scenario's switches applied.
#include "bmw_fixture.h"
#include "load/loader.h"
#include "load/ruleset_writer.h"
#include "load/scenario_writer.h"
#include "project_copies.h"
#include "rules/rule_switches.h"
#include "script/compiled_modules.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using namespace sandtable;
using namespace bmw_test;
using test::text_of;
using test::write_text;

namespace {

// Appends `text` to the file; returns the line number its first line gets.
int append(const std::string& file, const std::string& text) {
    const std::string before = text_of(file);
    write_text(file, before + text);
    return static_cast<int>(std::count(before.begin(), before.end(), '\n')) + 1;
}

// The diagnostics of a load that must fail, one "file:line:col: message" each.
std::vector<std::string> load_errors(const std::string& file) {
    try {
        load::load_scenario(file);
    } catch (const load::LoadError& e) {
        std::vector<std::string> out;
        for (const auto& d : e.diagnostics()) out.push_back(d.to_string());
        return out;
    }
    FAIL("the scenario loaded");
    return {};
}

const rules::RuleModule& module_named(const std::vector<rules::RuleModule>& modules, const std::string& name) {
    for (const auto& m : modules)
        if (m.module == name) return m;
    FAIL("no module " << name);
    throw std::logic_error("unreachable");
}

long long int_param(const rules::RuleModule& m, const std::string& key) {
    const rules::Param* p = m.params.find(key);
    REQUIRE(p);
    REQUIRE(std::holds_alternative<long long>(p->value));
    return std::get<long long>(p->value);
}

// `line` of the copied ruleset.yaml next to a battlefield's scenario replaced by `with`.
void edit_ruleset(const std::string& scenario, const std::string& line, const std::string& with) {
    const fs::path file = fs::path(scenario).parent_path() / "ruleset" / "ruleset.yaml";
    std::string text = text_of(file);
    const auto at = text.find(line);
    REQUIRE(at != std::string::npos);
    text.replace(at, line.size(), with);
    write_text(file, text);
}

}  // namespace

TEST_CASE("a scenario's rule switches load, apply over the ruleset's modules and write back", "[switches][load]") {
    const std::string file = test::copy_bmw_project();
    CHECK(text_of(file).find("\nrules:") == std::string::npos);
    const auto plain = load::load_scenario(file);
    CHECK(plain.scenario->rule_switches.empty());
    const std::string plain_yaml = load::scenario_to_yaml(*plain.scenario, *plain.ruleset);
    CHECK(plain_yaml.find("\nrules:") == std::string::npos);
    append(file,
           "\nrules:\n"
           "  charges: { enabled: false }\n"
           "  cavalry: { params: { retreat_hexes: 2 } }\n"
           "  leaders: { enabled: true, params: { note: \"text\", table: { river: 2 } } }\n");
    const auto loaded = load::load_scenario(file);
    const auto& switches = loaded.scenario->rule_switches;
    REQUIRE(switches.size() == 3);
    CHECK(switches[0].module == "charges");
    CHECK(switches[0].enabled == false);
    CHECK(switches[0].params.is_null());
    CHECK(switches[1].module == "cavalry");
    CHECK(!switches[1].enabled);
    CHECK(switches[2].enabled == true);

    // Key by key: retreat_hexes replaced, advance_hexes kept from the ruleset.
    const auto modules = rules::effective_modules(*loaded.ruleset, *loaded.scenario);
    REQUIRE(modules.size() == loaded.ruleset->modules.size());
    CHECK(!module_named(modules, "charges").enabled);
    CHECK(module_named(modules, "charges").params.find("mandatory_advance"));  // params stay, as with enabled: false
    CHECK(int_param(module_named(modules, "cavalry"), "retreat_hexes") == 2);
    CHECK(int_param(module_named(modules, "cavalry"), "advance_hexes") == 3);
    CHECK(module_named(modules, "leaders").params.find("note"));  // a param the ruleset does not give may be added
    CHECK(module_named(modules, "light_troops").enabled);
    // The ruleset itself is untouched: the studio saves it as written.
    CHECK(module_named(loaded.ruleset->modules, "charges").enabled);
    CHECK(int_param(module_named(loaded.ruleset->modules, "cavalry"), "retreat_hexes") == 3);

    const std::string written = load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    const std::string block =
        "\nrules:\n"
        "  charges: { enabled: false }\n"
        "  cavalry: { params: { retreat_hexes: 2 } }\n"
        "  leaders: { enabled: true, params: { note: text, table: { river: 2 } } }\n";
    REQUIRE(written.size() > block.size());
    CHECK(written.substr(written.size() - block.size()) == block);
    // Without the switches the file is written as it was before they were added.
    rules::Scenario without = *loaded.scenario;
    without.rule_switches.clear();
    CHECK(load::scenario_to_yaml(without, *loaded.ruleset) == plain_yaml);

    // Written, the file loads back to the same switches and writes the same text.
    write_text(file, written);
    const auto reloaded = load::load_scenario(file);
    REQUIRE(reloaded.scenario->rule_switches.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(reloaded.scenario->rule_switches[i].module == switches[i].module);
        CHECK(reloaded.scenario->rule_switches[i].enabled == switches[i].enabled);
        CHECK(load::param_to_yaml(reloaded.scenario->rule_switches[i].params) ==
              load::param_to_yaml(switches[i].params));
    }
    CHECK(load::scenario_to_yaml(*reloaded.scenario, *reloaded.ruleset) == written);
    // The switches are part of the game's sources: another switch, another hash.
    CHECK(reloaded.content_hash != load::load_scenario(test::copy_bmw_project()).content_hash);
}

TEST_CASE("a switch with nothing in it and a module name that needs quotes write back and load", "[switches][load]") {
    const std::string file = test::copy_bmw_project();
    append(file, "rules:\n  charges: {}\n");
    auto loaded = load::load_scenario(file);
    REQUIRE(loaded.scenario->rule_switches.size() == 1);
    const std::string written = load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    CHECK(written.find("\nrules:\n  charges: {}\n") != std::string::npos);
    rules::Scenario odd = *loaded.scenario;
    odd.rule_switches[0].module = "two words";
    odd.rule_switches[0].enabled = false;
    CHECK(load::scenario_to_yaml(odd, *loaded.ruleset).find("\nrules:\n  \"two words\": { enabled: false }\n") !=
          std::string::npos);
}

TEST_CASE("rule switch errors name the file, line and column", "[switches][load]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0501"}, {"sp2", "spearmen", "b", "0505"}};

    SECTION("a module the ruleset does not list, with a did-you-mean") {
        const std::string file = b.write();
        const int line = append(file, "rules:\n  chargs: { enabled: false }\n");
        CHECK(load_errors(file) ==
              std::vector<std::string>{file + ":" + std::to_string(line + 1) +
                                       ":3: unknown rule module 'chargs' (did you mean 'charges'?); a scenario "
                                       "switches only the modules its ruleset lists"});
    }
    SECTION("a param of another type than the module declares") {
        const std::string file = b.write();
        const int line = append(file, "rules:\n  cavalry: { params: { retreat_hexes: two } }\n");
        CHECK(load_errors(file) ==
              std::vector<std::string>{
                  file + ":" + std::to_string(line + 1) +
                  ":39: param 'retreat_hexes' of rule module 'cavalry' must be a whole number, got text 'two'"});
    }
    SECTION("a whole number where the module takes true or false") {
        const std::string file = b.write();
        const int line = append(file, "rules:\n  charges:\n    params:\n      mandatory_advance: 1\n");
        CHECK(load_errors(file) == std::vector<std::string>{file + ":" + std::to_string(line + 3) +
                                                            ":26: param 'mandatory_advance' of rule module 'charges' "
                                                            "must be true or false, got a whole number '1'"});
    }
    SECTION("a number out of the declared range") {
        const std::string file = b.write();
        const int line = append(file, "rules:\n  cavalry: { params: { retreat_hexes: 12 } }\n");
        CHECK(load_errors(file) ==
              std::vector<std::string>{
                  file + ":" + std::to_string(line + 1) +
                  ":39: param 'retreat_hexes' of rule module 'cavalry' must be between 0 and 10, got 12"});
    }
    SECTION("a new param a letter away from one the ruleset gives is taken for a typo") {
        const std::string file = b.write();
        const int line = append(file, "rules:\n  cavalry: { params: { retreat_hexs: 2 } }\n");
        const auto errors = load_errors(file);
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0],
                   Catch::StartsWith(
                       file + ":" + std::to_string(line + 1) +
                       ":38: rule module 'cavalry' has no param 'retreat_hexs' (did you mean 'retreat_hexes'?)"));
    }
    SECTION("enabled that is not true or false, params that are not a map, an unknown key") {
        const std::string file = b.write();
        const int line = append(file,
                                "rules:\n"
                                "  charges: { enabled: maybe }\n"
                                "  cavalry: { params: [2] }\n"
                                "  leaders: { enable: false }\n");
        CHECK(load_errors(file) ==
              std::vector<std::string>{
                  file + ":" + std::to_string(line + 1) + ":23: 'enabled' must be true or false",
                  file + ":" + std::to_string(line + 2) +
                      ":22: 'params' of a rule switch must map param names to values, like { retreat_hexes: 2 }",
                  file + ":" + std::to_string(line + 3) +
                      ":14: unknown key 'enable' in a rule switch ({ enabled: false } or { params: { … } }) (did you "
                      "mean 'enabled'?)",
              });
    }
    SECTION("rules that is not a map") {
        const std::string file = b.write();
        const int line = append(file, "rules:\n  - { module: charges, enabled: false }\n");
        const auto errors = load_errors(file);
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Catch::StartsWith(file + ":" + std::to_string(line + 1) +
                                                ":3: expected the scenario's rule switches"));
    }
}

TEST_CASE("9.6 a scenario that switches the charges module off is offered no charge", "[switches][bmw][charge]") {
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0501", true}, {"sp", "spearmen", "b", "0505"}};
    {  // As the ruleset lists it, the charge is offered.
        auto s = b.start();
        move(s, "kn", "0504");
        CHECK(s.game().decision() == DecisionKind::Question);
    }
    const std::string scenario = b.write();
    append(scenario, "rules:\n  charges: { enabled: false }\n");
    const auto loaded = load::load_scenario(scenario);
    // Nor is it compiled for the games of this scenario.
    const auto& charges = module_named(loaded.ruleset->modules, "charges");
    CHECK(script::CompiledModules(*loaded.ruleset, *loaded.scenario).bytecode(charges.file) == nullptr);
    CHECK(script::CompiledModules(*loaded.ruleset).bytecode(charges.file) != nullptr);
    bots::Session s(loaded, scenario, 1, {}, true);
    move(s, "kn", "0504");
    CHECK(s.game().decision() != DecisionKind::Question);
    CHECK(disordered(s.game(), "kn"));  // still on its fast side: nothing flipped it
}

TEST_CASE("9.6 a scenario may switch on a module its ruleset lists switched off", "[switches][bmw][charge]") {
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0501", true}, {"sp", "spearmen", "b", "0505"}};
    b.extra_rule_module = "-- nothing: the ruleset is copied so that it can be edited\n";
    const std::string scenario = b.write();
    edit_ruleset(scenario, "  - { module: charges, params: { mandatory_advance: true } }",
                 "  - { module: charges, enabled: false, params: { mandatory_advance: true } }");
    append(scenario, "rules:\n  charges: { enabled: true }\n");
    const auto loaded = load::load_scenario(scenario);
    auto compiled = std::make_shared<const script::CompiledModules>(*loaded.ruleset, *loaded.scenario);
    CHECK(compiled->bytecode(module_named(loaded.ruleset->modules, "charges").file) != nullptr);
    bots::Session s(loaded, scenario, 1, {}, true, compiled);
    move(s, "kn", "0504");
    REQUIRE(s.game().decision() == DecisionKind::Question);
    choose(s, 0);  // charge
    CHECK(!disordered(s.game(), "kn"));
}

TEST_CASE("9.2 a scenario's retreat_hexes param makes cavalry retreat one hex, advance_hexes kept",
          "[switches][bmw][cavalry]") {
    Battlefield b;
    b.units = {{"hf", "heavy_foot", "a", "0502"}, {"kn", "knights", "b", "0503"}};
    const auto origin = [](const Game& g) { return *g.grid().parse_label("0503"); };
    const auto retreated = [&](bots::Session& s) {
        run_until(s, DecisionKind::CombatDeclare);
        attack(s, {"hf"}, "kn");  // 6 against 7: 1-2, roll 1: DR
        while (s.game().decision() == DecisionKind::Retreat) s.apply(s.game().legal_actions().front());
        return geometry::distance(*s.game().grid().parse_label(hex_of(s.game(), "kn")), origin(s.game()));
    };
    {
        auto s = b.start({1});
        CHECK(retreated(s) >= 3);  // the ruleset's 3
    }
    const std::string scenario = b.write();
    append(scenario, "rules:\n  cavalry: { params: { retreat_hexes: 1 } }\n");
    bots::Session s(load::load_scenario(scenario), scenario, 1, {1}, true);
    const int kn = unit(s.game(), "kn");
    CHECK(s.game().unit(kn).capability(kernel::Capability::RetreatHexes) == 1);
    CHECK(s.game().unit(kn).capability(kernel::Capability::AdvanceHexes) == 3);
    CHECK(retreated(s) == 1);
}

TEST_CASE("a game played under a scenario's switches replays", "[switches][replay]") {
    Battlefield b;
    b.units = {
        {"kn", "knights", "a", "0501", true}, {"sp", "spearmen", "b", "0505"}, {"hf", "heavy_foot", "a", "0101"}};
    const std::string scenario = b.write();
    append(scenario, "rules:\n  charges: { enabled: false }\n  cavalry: { params: { retreat_hexes: 2 } }\n");
    bots::Session s(load::load_scenario(scenario), scenario, 3, {}, true);
    move(s, "kn", "0504");
    const std::string replay = (fs::path(scenario).parent_path() / "game.replay.yaml").string();
    write_text(replay, s.replay_yaml());
    const auto check = bots::verify_replay(replay);
    INFO(check.message);
    CHECK(check.ok);
    CHECK(check.actions == s.replay().steps.size());
}
