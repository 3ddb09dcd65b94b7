// The procedures' options describe themselves (rules/phase_options.h): the
// loader's catalogue, the documents and the reading of a phase's options all
// come from one description per option. These tests read options as the
// rulebooks' rulesets write them, check the defaults a ruleset leaves out, and
// check the catalogue the loader and the documents are made from.
#include "load/loader.h"
#include "rules/phase_options.h"
#include "rules/procedure_docs.h"
#include "rules/procedures.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sandtable;
using rules::CombatOptions;
using rules::MovementOptions;

namespace {

rules::Ruleset ruleset(const char* name) {
    return load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/" + name);
}

const rules::PhaseSpec& phase(const rules::Ruleset& rs, const std::string& id) {
    for (const auto& p : rs.phases)
        if (p.id == id) return p;
    FAIL("no phase " << id);
    throw;
}

rules::Param text(const char* s) { return rules::Param{std::string(s), {}}; }

rules::PhaseSpec phase_with(const char* procedure, rules::Param::Map options) {
    rules::PhaseSpec p;
    p.id = "test";
    p.procedure = procedure;
    p.options.value = std::move(options);
    return p;
}

const rules::ProcedureOption& option(const char* procedure, const std::string& key) {
    for (const auto& o : rules::find_procedure(procedure)->options)
        if (o.key == key) return o;
    FAIL("no option " << key << " of " << procedure);
    throw;
}

}  // namespace

TEST_CASE("F&M's combat phase reads attack and defence strengths, support markers and stiff resistance",
          "[options][fm]") {
    const auto rs = ruleset("fm");
    const auto options = rules::read_phase_options(phase(rs, "combat"), rs);
    const auto& c = std::get<CombatOptions>(options);
    CHECK(c.strength.name == "attack");
    CHECK(c.strength.index == rs.attribute_index("attack"));
    CHECK(c.defence.index == rs.attribute_index("defense"));
    CHECK_FALSE(c.must_attack_in_zoc);  // written false; the default is true
    CHECK(c.support_markers == 2);
    CHECK(c.stiff_resistance);
    const auto movement = rules::read_phase_options(phase(rs, "movement"), rs);
    CHECK(std::get<MovementOptions>(movement).reinforcements == MovementOptions::Reinforcements::InThisPhase);
}

TEST_CASE("options a phase leaves out read as their defaults", "[options][bmw]") {
    const auto rs = ruleset("bmw");
    const auto combat = rules::read_phase_options(phase(rs, "combat"), rs);
    const auto& c = std::get<CombatOptions>(combat);
    CHECK(c.strength.index == rs.attribute_index("combat"));  // default attribute `combat`
    CHECK(c.defence.index == c.strength.index);               // no `defence`: the defenders use `strength`
    CHECK(c.must_attack_in_zoc);
    CHECK(c.attacker == CombatOptions::Attacker::Active);
    CHECK(c.reach.index == -1);  // adjacent only
    CHECK_FALSE(c.advance_stated);
    const auto movement = rules::read_phase_options(phase(rs, "movement"), rs);
    const auto& m = std::get<MovementOptions>(movement);
    CHECK(m.stacking == 1);
    CHECK(m.allowance.index == rs.attribute_index("movement"));
    CHECK(m.reinforcements == MovementOptions::Reinforcements::AtTurnStart);
}

TEST_CASE("choices, names and terrain lists are read into their typed fields", "[options]") {
    const auto rs = ruleset("regimental");
    const auto combat = rules::read_phase_options(
        phase_with("odds_combat",
                   {{"attacker", text("inactive")},
                    {"advance", text("path_of_retreat")},
                    {"below_lowest_column", text("not_permitted")},
                    {"bombardment_no_effect", rules::Param{rules::Param::List{text("Ae"), text("Ex")}, {}}}}),
        rs);
    const auto& c = std::get<CombatOptions>(combat);
    CHECK(c.inactive_attacks());
    CHECK(c.advance == CombatOptions::Advance::PathOfRetreat);
    CHECK(c.advance_stated);
    CHECK(c.below_lowest_column == CombatOptions::BelowLowest::NotPermitted);
    CHECK(c.bombardment_no_effect == std::vector<std::string>{"Ae", "Ex"});

    const std::string woods = rs.terrain.front().id;
    const auto movement = rules::read_phase_options(
        phase_with("movement", {{"mark_halts_before", text(woods.c_str())}, {"reinforcements", text("arrive")}}), rs);
    const auto& m = std::get<MovementOptions>(movement);
    CHECK(m.mark_halts_before == std::vector<int>{0});
    CHECK(m.mark_passes.empty());
    CHECK(m.reinforcements == MovementOptions::Reinforcements::InThisPhase);
}

TEST_CASE("a procedure without options reads none", "[options]") {
    const auto rs = ruleset("bmw");
    CHECK(std::holds_alternative<std::monostate>(rules::read_phase_options(phase_with("lua", {}), rs)));
    CHECK(std::holds_alternative<std::monostate>(rules::read_phase_options(phase_with("support_draw", {}), rs)));
}

TEST_CASE("the catalogue gives each option's kind, range and default as the documents print them", "[options]") {
    CHECK(option("movement", "stacking").kind == rules::ProcedureOption::Kind::Int);
    CHECK(option("movement", "stacking").min == 1);
    CHECK(option("movement", "stacking").default_text == "1");
    CHECK(option("odds_combat", "must_attack_in_zoc").default_text == "true");
    CHECK(option("odds_combat", "attacker").choices == std::vector<std::string>{"active", "inactive"});
    CHECK(option("odds_combat", "attacker").default_text == "active");
    CHECK(option("odds_combat", "strength").default_text == "combat");
    CHECK(option("odds_combat", "reach").default_text.empty());  // none: adjacent only
    // A default below the smallest value that may be written means "not written": none.
    CHECK(option("plotted_movement", "stacking").default_text.empty());
    // A default no word stands for: none (reinforcements arrive at the start of the game turn).
    CHECK(option("movement", "reinforcements").default_text.empty());
    // plotted_combat takes odds_combat's options and its task.
    CHECK(rules::find_procedure("plotted_combat")->options.size() ==
          rules::find_procedure("odds_combat")->options.size() + 1);
    CHECK(option("plotted_combat", "task").default_text == "melee");
}

TEST_CASE("the options table and the schema are written from the catalogue", "[options][docs]") {
    const std::string table = rules::options_markdown(*rules::find_procedure("movement"));
    CHECK(table.find("| `stacking` | whole number, at least 1 | `1` |") != std::string::npos);
    CHECK(table.find("| `stacking_checked` | `each_move` or `end_of_phase` | `each_move` |") != std::string::npos);
    CHECK(rules::options_markdown(*rules::find_procedure("lua")) == "It takes no options.\n");
    const std::string schema = rules::options_schema();
    CHECK(schema.find(R"("stacking": { "type": "integer", "minimum": 1, "default": 1,)") != std::string::npos);
    CHECK(schema.find(R"("attacker": { "enum": ["active", "inactive"], "default": "active",)") != std::string::npos);
    for (const auto& p : rules::procedures()) CHECK(schema.find("\"const\": \"" + p.name + "\"") != std::string::npos);
}
