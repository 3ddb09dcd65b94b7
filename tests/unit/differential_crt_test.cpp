// The differential CRT (F&M 8.2): the column from attack minus defence on
// the line of the defender's terrain, with the reconstructed F&M table
// (rulesets/fm/tables/crt.yaml). The worked example of 7.2: two 4-4-10 with
// two +2 markers make 12; against a 2-3-8 with a +6 marker (9) the
// differential is +3.
#include "project_copies.h"

#include "bots/session.h"
#include "load/loader.h"
#include "load/table_loader.h"
#include "load/table_writer.h"
#include "kernel/procedures/movement.h"

#include <catch2/catch.hpp>

#include <filesystem>

namespace fs = std::filesystem;
using sandtable::kernel::Action;
using sandtable::kernel::ActionKind;
using sandtable::kernel::DecisionKind;
namespace act = sandtable::kernel::act;
using sandtable::rules::DifferentialCrt;

namespace {

const std::string kTable = std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/fm/tables/crt.yaml";

const DifferentialCrt& fm_crt() {
    static const sandtable::rules::Ruleset rs = [] {
        sandtable::rules::Ruleset r;
        sandtable::load::DiagnosticSink sink;
        sandtable::load::load_table_file(kTable, r, sink);
        REQUIRE(sink.items().empty());
        return r;
    }();
    REQUIRE(rs.differential_tables.size() == 1);
    return rs.differential_tables.front();
}

const sandtable::rules::DifferentialLine& line(const std::string& id) {
    const auto* l = fm_crt().line(id);
    REQUIRE(l);
    return *l;
}

// A small test ruleset around the F&M table: attack and defence strengths,
// the terrain lines' terrain, and a module standing in for support markers
// (+`attack` and +`defend` on every combat).
std::string write_game(const std::string& defender_terrain, int attack_support, int defence_support,
                       const std::string& defender_type = "def", const std::string& attacker_type = "inf") {
    const fs::path dir = sandtable::test::fresh_directory();
    fs::create_directories(dir / "ruleset" / "tables");
    fs::create_directories(dir / "ruleset" / "rules");
    fs::copy(kTable, dir / "ruleset" / "tables" / "crt.yaml");
    for (const char* module : {"mobile.lua", "zones_of_control.lua"})
        fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/fm/rules/" + module,
                 dir / "ruleset" / "rules" / module);
    sandtable::test::write_text(dir / "ruleset" / "rules" / "support.lua",
                                "game.on(\"combat.strengths\", function(ctx) ctx.attack = ctx.attack + " +
                                    std::to_string(attack_support) + "; ctx.defend = ctx.defend + " +
                                    std::to_string(defence_support) +
                                    " end)\n"
                                    // F&M: a retreat does not flip a unit; only a step loss does.
                                    "game.on(\"game.setup\", function() for _, t in ipairs(game.unit_types()) do "
                                    "game.set_capability(t, \"both\", \"disordered_by_retreat\", 0) end end)\n");
    sandtable::test::write_text(dir / "ruleset" / "ruleset.yaml", R"yaml(id: fm-test
name: F&M table test
version: 0.1.0
geometry: { kind: hex, top: flat, parity: odd, first_column: 1, first_row: 1, label_digits: 2 }
attributes:
  attack:   { type: int, min: 0, max: 99, required: true }
  defense:  { type: int, min: 0, max: 99, required: true }
  movement: { type: int, min: 0, max: 99, required: true }
  mobile:   { type: bool, default: false }
  commando: { type: bool, default: false }
  zoc:      { type: bool, default: true }
movement_classes: [leg]
unit_types:
  - { id: inf, name: Infantry, symbol: infantry, class: leg, front: { attack: 4, defense: 4, movement: 10 }, back: { attack: 2, defense: 2, movement: 10 } }
  - { id: def, name: Defender, symbol: infantry, class: leg, front: { attack: 2, defense: 3, movement: 8 }, back: { attack: 1, defense: 1, movement: 8 } }
  - { id: one, name: One-step, symbol: infantry, class: leg, front: { attack: 2, defense: 3, movement: 8 } }
  - { id: mob, name: Mobile, symbol: armour, class: leg, front: { attack: 4, defense: 4, movement: 10, mobile: true } }
  - { id: cdo, name: Commando, symbol: infantry, class: leg, front: { attack: 2, defense: 2, movement: 6, commando: true } }
terrain:
  - { id: clear, name: Clear, color: "#dfe8b8", cost: 1 }
  - { id: woods, name: Woods, color: "#5f8f4a", cost: 2 }
  - { id: city, name: City, color: "#999999", cost: 1 }
  - { id: beach, name: Beach, color: "#e8d890", cost: 1 }
  - { id: swamp, name: Swamp, color: "#8fa8a0", cost: 3 }
  - { id: town, name: Town, color: "#aaaaaa", cost: 1 }
  - { id: hill, name: Hill, color: "#c8a86a", cost: 2 }
  - { id: bocage, name: Bocage, color: "#6a8a4a", cost: 2 }
  - { id: sea, name: Sea, color: "#3060a0", cost: { leg: prohibited } }
hexside_features:
  - { id: river, name: River, color: "#3a78c8", extra_cost: 1 }
path_features:
  - { id: road, name: Road, color: "#8a6a40", cost: 1 }
tables:
  - tables/crt.yaml
combat_results:
  "(A)": { name: Attacker Reduced, attacker: reduce }
  A1:  { name: Attacker Retreats 1, attacker: retreat, attacker_retreat: 1 }
  A2:  { name: Attacker Retreats 2, attacker: retreat, attacker_retreat: 2 }
  A3:  { name: Attacker Retreats 3, attacker: retreat, attacker_retreat: 3 }
  Ae:  { name: Attackers Eliminated, attacker: eliminate_all }
  Ex:  { name: Exchange, attacker: reduce, defender: reduce }
  D2:  { name: Defender Retreats 2, defender: retreat, defender_retreat: 2 }
  D3:  { name: Defender Retreats 3, defender: retreat, defender_retreat: 3 }
  De:  { name: Defender Eliminated, defender: eliminate_all }
  "•": { name: No Effect }
phases:
  movement: { name: Movement, procedure: movement }
  combat:   { name: Combat, procedure: odds_combat, table: crt, options: { strength: attack, defence: defense, must_attack_in_zoc: false, short_retreat: reduce, stiff_resistance: true } }
  mobile_movement: { name: Mobile Movement, procedure: movement, options: { barred_mark: [leg, moved] } }
  mobile_combat: { name: Mobile Combat, procedure: odds_combat, table: crt, options: { strength: attack, defence: defense, must_attack_in_zoc: false, barred_mark: no_mobile_attack } }
sequence:
  game_turn:
    - player_turns: [movement, combat, mobile_movement, mobile_combat]
victory:
  levels:
    - { id: win, name: Victory, ratio_at_least: 1 }
rules:
  - { module: support }
  - { module: mobile }
  - { module: zones_of_control }
)yaml");
    const char legend = defender_terrain == "woods" ? 'w' : defender_terrain == "city" ? 'c' : '.';
    // A narrow map (F&M 8.3's short retreat): the defender has one row behind it.
    const bool narrow = defender_terrain == "narrow";
    std::string rows;
    for (int r = 1; r <= 6; ++r) {
        std::string row;
        for (int c = 1; c <= 8; ++c) {
            const bool sea = narrow && (c <= 3 || c >= 7 || r >= 5);  // a corridor: columns 4-6, rows 1-4
            row += sea ? 'x' : (r == 3 && c == 5) ? legend : '.';
        }
        rows += "    " + row + "\n";
    }
    sandtable::test::write_text(
        dir / "scenario.yaml",
        "id: t\nruleset: ruleset\nturns: 2\nfirst_side: a\nsides:\n"
        "  - { id: a, name: A }\n  - { id: b, name: B }\n"
        "map:\n  columns: 8\n  rows: 6\n  legend: { \".\": clear, w: woods, c: city, x: sea }\n  terrain: |\n" +
            rows +
            (defender_terrain == "river" || defender_terrain == "bridged" || defender_terrain == "one_river"
                 ? std::string("  hexsides:\n    - feature: river\n      sides: [\"0502/0503\"") +
                       (defender_terrain == "one_river" ? "" : ", \"0402/0503\"") + "]\n"
                 : std::string()) +
            (defender_terrain == "bridged" ? "  paths:\n    - feature: road\n      hexes: [\"0502\", \"0503\"]\n"
                                           : "") +
            "units:\n  - { id: a1, type: " + attacker_type +
            ", side: a, at: \"0502\" }\n  - { id: a2, type: inf, side: a, at: \"0402\" }\n"
            "  - { id: d, type: " +
            defender_type + ", side: b, at: \"0503\" }\n");
    return (dir / "scenario.yaml").string();
}

// Plays to side a's combat phase and attacks d with a1 and a2, the die forced.
sandtable::bots::Session fight(const std::string& scenario, int die) {
    sandtable::bots::Session s(sandtable::load::load_scenario(scenario), scenario, 1, {die}, true);
    s.game().recording().explain = true;
    while (s.game().decision() != DecisionKind::CombatDeclare) s.apply(act::EndPhase{});
    auto& g = s.game();
    s.apply(act::Declare{g.scenario().unit_index("d")});
    s.apply(act::AddAttacker{g.scenario().unit_index("a1")});
    s.apply(act::AddAttacker{g.scenario().unit_index("a2")});
    s.apply(act::Resolve{});
    return s;
}

}  // namespace

TEST_CASE("differential CRT: the reconstruction loads with its five lines of 12, 11, 10, 9 and 8 columns",
          "[differential][fm]") {
    const auto& t = fm_crt();
    CHECK(t.scale.size() == 12);
    CHECK(t.columns_on(line("clear")) == 12);
    CHECK(t.columns_on(line("swamp")) == 11);
    CHECK(t.columns_on(line("woods")) == 10);
    CHECK(t.columns_on(line("hill")) == 9);
    CHECK(t.columns_on(line("city")) == 8);
    CHECK(t.notes.find("Reconstructed") != std::string::npos);
    // Corners and landmarks of the reconstruction in the seeds README.
    CHECK(t.result(0, 1) == "(A)");
    CHECK(t.result(0, 5) == "Ae");
    CHECK(t.result(11, 1) == "De");
    CHECK(t.result(11, 6) == "Ex");
    CHECK(t.result(7, 6) == "A1");
    CHECK(t.result(3, 1) == "•");
    const auto dist = t.distribution(5);  // the 0 column on clear
    CHECK(dist.at("Ex") == Approx(2.0 / 6));
    CHECK(dist.at("(A)") == Approx(1.0 / 6));
    CHECK(dist.at("A2") == Approx(1.0 / 6));
}

TEST_CASE("differential CRT: columns by differential on each line, open ends, labels", "[differential][fm]") {
    const auto& t = fm_crt();
    // Clear: -5 or less ... +10 or more.
    CHECK(t.label(t.column_for(-9, line("clear")), line("clear")) == "-5 or less");
    CHECK(t.label(t.column_for(0, line("clear")), line("clear")) == "0");
    CHECK(t.label(t.column_for(3, line("clear")), line("clear")) == "+2/+3");
    CHECK(t.label(t.column_for(5, line("clear")), line("clear")) == "+4/+5");
    CHECK(t.label(t.column_for(14, line("clear")), line("clear")) == "+10 or more");
    // The same +3 reads further left on better terrain: clear column 8, woods 6, city 4 (1-based).
    CHECK(t.column_for(3, line("clear")) == 7);
    CHECK(t.column_for(3, line("woods")) == 5);
    CHECK(t.column_for(3, line("city")) == 3);
    // City's line starts at -1 or less and is capped at +10 or more in its 8th column.
    CHECK(t.label(t.column_for(-4, line("city")), line("city")) == "-1 or less");
    CHECK(t.column_for(20, line("city")) == 7);
    // Shifts stay on the line.
    CHECK(t.shifted(0, -1, line("city")) == 0);
    CHECK(t.shifted(7, 2, line("city")) == 7);
}

TEST_CASE("differential CRT in play: the worked example, 12 against 9 is +3, read on the defender's terrain line",
          "[differential][fm]") {
    // Two 4-4-10 (8) with two +2 markers (12) against a 2-3-8 (3) with a +6 marker (9).
    SECTION("in clear terrain: column +2/+3, die 4 reads Ex") {
        auto s = fight(write_game("clear", 4, 6), 4);
        const auto& why = s.game().records().combats.back();
        CHECK(why.attack == 12);
        CHECK(why.defend == 9);
        CHECK(why.column == "+2/+3");
        CHECK(why.result == fm_crt().result(7, 4));
        CHECK(why.result == "Ex");
        CHECK(std::any_of(why.modifiers.begin(), why.modifiers.end(),
                          [](const auto& m) { return m.what.find("terrain line Clear, Beach") != std::string::npos; }));
    }
    SECTION("in woods: the same +3 is the woods line's 6th column, where a 4 reads •") {
        auto s = fight(write_game("woods", 4, 6), 4);
        const auto& why = s.game().records().combats.back();
        CHECK(why.column == "+2/+3");
        CHECK(why.result == fm_crt().result(5, 4));
        CHECK(why.result == "A2");
    }
    SECTION("in a city: +3 is the city line's 4th column") {
        auto s = fight(write_game("city", 4, 6), 6);
        const auto& why = s.game().records().combats.back();
        CHECK(why.result == fm_crt().result(3, 6));
    }
    SECTION("the defence is the defenders' defense strength, not their attack") {
        auto s = fight(write_game("clear", 0, 0), 1);
        const auto& why = s.game().records().combats.back();
        CHECK(why.attack == 8);
        CHECK(why.defend == 3);
        CHECK(why.column == "+4/+5");
    }
}

TEST_CASE("differential CRT: bad tables are refused with the file and line", "[differential][load]") {
    const fs::path dir = sandtable::test::fresh_directory();
    const auto file = dir / "bad.yaml";
    sandtable::test::write_text(file,
                                "id: t\nkind: differential_crt\ndifferentials: [-1, -2, 3]\nlines:\n  - { id: clear, "
                                "from: 7 }\nrows:\n  1: [a, b]\n");
    sandtable::rules::Ruleset rs;
    sandtable::load::DiagnosticSink sink;
    sandtable::load::load_table_file(file.string(), rs, sink);
    std::string all;
    for (const auto& d : sink.items()) all += d.where.to_string() + ": " + d.message + "\n";
    CHECK(all.find("bad.yaml:3:") != std::string::npos);
    CHECK(all.find("differentials must rise from column to column; -2 does not come after -1") != std::string::npos);
    CHECK(all.find("line 'clear' starts at 7, which is not one of the table's differentials") != std::string::npos);
    CHECK(all.find("row 1 must list 3 results, one per differential column") != std::string::npos);
    CHECK(all.find("no row for a roll of 2") != std::string::npos);
}

namespace {
const sandtable::kernel::UnitState& state_of(const sandtable::bots::Session& s, const std::string& id) {
    return s.game().state().unit(s.game().scenario().unit_index(id));
}

// Answers the losses to choose with the first unit offered.
void take_losses(sandtable::bots::Session& s) {
    while (s.game().decision() == DecisionKind::ChooseLoss) {
        Action first = s.game().legal_actions().front();
        s.apply(first);
    }
}
}  // namespace

TEST_CASE("F&M results 8.2.4: Ex reduces one unit on each side, a two-step unit flips, a one-step unit dies",
          "[differential][fm][steps]") {
    // 12 against 9 on clear is +2/+3; a 4 there reads Ex.
    auto s = fight(write_game("clear", 4, 6), 4);
    REQUIRE(s.game().state().combat.result == "Ex");
    REQUIRE(s.game().decision() == DecisionKind::ChooseLoss);  // the attacker picks which of two to reduce
    CHECK(s.game().deciding_side() == 0);
    take_losses(s);
    const int flipped = state_of(s, "a1").back + state_of(s, "a2").back;
    CHECK(flipped == 1);
    CHECK(state_of(s, "a1").on_map);
    CHECK(state_of(s, "a2").on_map);
    CHECK(state_of(s, "d").back);
    CHECK(state_of(s, "d").on_map);

    // The same Ex against a one-step unit eliminates it.
    auto one = fight(write_game("clear", 4, 6, "one"), 4);
    take_losses(one);
    CHECK(state_of(one, "d").eliminated);
}

TEST_CASE("F&M results 8.2.4: De eliminates the defenders, two steps or not, Ae every attacker",
          "[differential][fm][steps]") {
    // 8 against 3 is +4/+5, whose die 1 reads D2; no support here. +10 or more reads De on a 1:
    // 18 against 3 with +10 support.
    auto s = fight(write_game("clear", 10, 0), 1);
    REQUIRE(s.game().state().combat.result == "De");
    CHECK(state_of(s, "d").eliminated);
    // -5 or less reads Ae on a 5: 8 against 3 + 10.
    auto a = fight(write_game("clear", 0, 10), 5);
    REQUIRE(a.game().state().combat.result == "Ae");
    CHECK(state_of(a, "a1").eliminated);
    CHECK(state_of(a, "a2").eliminated);
}

TEST_CASE("F&M results 8.2.4: (A) reduces one attacker, D2 retreats the defender two hexes",
          "[differential][fm][steps]") {
    // -5 or less reads (A) on a 1.
    auto s = fight(write_game("clear", 0, 10), 1);
    REQUIRE(s.game().state().combat.result == "(A)");
    take_losses(s);
    CHECK(state_of(s, "a1").back + state_of(s, "a2").back == 1);
    CHECK(!state_of(s, "d").back);
    // +4/+5 (8 against 3) reads D2 on a 1.
    auto d = fight(write_game("clear", 0, 0), 1);
    REQUIRE(d.game().state().combat.result == "D2");
    while (d.game().decision() == DecisionKind::Retreat) d.apply(d.game().legal_actions().front());
    const auto& g = d.game();
    const auto from = g.grid().parse_label("0503");
    REQUIRE(from);
    CHECK(sandtable::geometry::distance(*from, state_of(d, "d").hex) == 2);
}

TEST_CASE("F&M 8.3: a unit that cannot retreat the full distance retreats as far as it can and is reduced there",
          "[differential][fm][steps]") {
    // 9 against 3 is +6/+7, which reads D3 on a 1, in a corridor of land three hexes wide
    // with the attackers to the north: the defender cannot get three hexes away.
    auto d = fight(write_game("narrow", 1, 0), 1);
    REQUIRE(d.game().state().combat.result == "D3");
    while (d.game().decision() == DecisionKind::Retreat) d.apply(d.game().legal_actions().front());
    const auto& u = state_of(d, "d");
    REQUIRE(u.on_map);
    const auto from = d.game().grid().parse_label("0503");
    REQUIRE(from);
    const int went = sandtable::geometry::distance(*from, u.hex);
    CHECK(went >= 1);
    CHECK(went < 3);
    CHECK(u.back);  // reduced where it stopped
}

TEST_CASE(
    "F&M 8.4: stiff resistance, chosen after the roll, keeps the unit in place at the cost of a step, and nobody "
    "advances",
    "[differential][fm][steps]") {
    // +4/+5 (8 against 3) reads D2 on a 1.
    auto d = fight(write_game("clear", 0, 0), 1);
    REQUIRE(d.game().state().combat.result == "D2");
    REQUIRE(d.game().decision() == DecisionKind::Retreat);
    CHECK(d.game().deciding_side() == 1);
    const auto& legal = d.game().legal_actions();
    const auto stiff = std::find_if(legal.begin(), legal.end(),
                                    [](const Action& a) { return a.kind() == ActionKind::StiffResistance; });
    REQUIRE(stiff != legal.end());
    const auto before = state_of(d, "d").hex;
    d.apply(*stiff);
    const auto& u = state_of(d, "d");
    CHECK(u.on_map);
    CHECK(u.hex == before);
    CHECK(u.back);
    CHECK(d.game().decision() != DecisionKind::Advance);
    CHECK(d.game().state().at.turn == 1);
    // The decision is in the replay, which re-executes.
    const auto file = sandtable::test::fresh_directory() / "stiff.yaml";
    sandtable::test::write_text(file, d.replay_yaml());
    CHECK(sandtable::test::text_of(file).find("do: stiff_resistance") != std::string::npos);
    CHECK(sandtable::bots::verify_replay(file.string()).ok);

    // Offered to the attacker too: 8 against 3 + 8 is -3, whose die 1 reads A2.
    auto r = fight(write_game("clear", 0, 8), 1);
    REQUIRE(r.game().state().combat.result == "A2");
    REQUIRE(r.game().decision() == DecisionKind::Retreat);
    CHECK(r.game().deciding_side() == 0);
    const auto& options = r.game().legal_actions();
    const auto attacker_stiff = std::find_if(options.begin(), options.end(),
                                             [](const Action& x) { return x.kind() == ActionKind::StiffResistance; });
    REQUIRE(attacker_stiff != options.end());
    r.apply(*attacker_stiff);
    take_losses(r);
    CHECK(state_of(r, "a1").back + state_of(r, "a2").back == 1);  // only one attacking unit is reduced
    CHECK(state_of(r, "a1").hex == *r.game().grid().parse_label("0502"));
}

TEST_CASE(
    "zones of control, F&M 6.1: a leg unit stops on entering an EZOC hex, a mobile unit pays half its allowance more "
    "and goes on, a leg commando pays nothing extra and stops",
    "[fm][zoc]") {
    // In the corridor (columns 4-6), a1 stands north of the enemy at 0503, in its zone;
    // 0602, 0603 and 0504 are in the zone too, 0504 south of the enemy.
    auto cost_to = [](const std::string& type, const std::string& hex) {
        const std::string scenario = write_game("narrow", 0, 0, "def", type);
        sandtable::bots::Session s(sandtable::load::load_scenario(scenario), scenario, 1);
        const auto& g = s.game();
        const auto to = g.grid().parse_label(hex);
        REQUIRE(to);
        return sandtable::kernel::MovementProcedure::movement_range(g, g.scenario().unit_index("a1")).cost(*to);
    };
    CHECK(cost_to("inf", "0602") == 1);   // a leg unit steps from zone to zone, and stops
    CHECK(cost_to("inf", "0504") == -1);  // so it cannot get round the enemy
    CHECK(cost_to("mob", "0602") == 1 + 10 / 2);
    CHECK(cost_to("mob", "0504") == -1);  // three zone hexes at 6 MP each are more than 10
    // Half the allowance to enter a zone: a mobile unit can afford one zone hex after another
    // only with allowance to spare. A leg commando pays nothing extra, but stopping is no cost:
    // like any leg unit it stops where it enters a zone (6.1).
    CHECK(cost_to("cdo", "0602") == 1);
    CHECK(cost_to("cdo", "0504") == -1);
}

namespace {
bool may_select(const sandtable::bots::Session& s, const std::string& id) {
    const int u = s.game().scenario().unit_index(id);
    const auto& legal = s.game().legal_actions();
    return std::any_of(legal.begin(), legal.end(),
                       [&](const Action& a) { return a.kind() == ActionKind::SelectUnit && a.unit() == u; });
}

void end_until(sandtable::bots::Session& s, const std::string& phase) {
    for (int guard = 0; s.game().phase_id() != phase && guard < 20; ++guard) s.apply(act::EndPhase{});
    REQUIRE(s.game().phase_id() == phase);
}
}  // namespace

TEST_CASE("F&M 4.1, 5.5: only mobile units move in the mobile movement phase, and not those that moved before",
          "[fm][mobile]") {
    const std::string scenario = write_game("clear", 0, 0, "def", "mob");  // a1 mobile, a2 leg
    SECTION("a mobile unit that did not move may move; a leg unit may not") {
        sandtable::bots::Session s(sandtable::load::load_scenario(scenario), scenario, 1);
        end_until(s, "mobile_movement");
        CHECK(may_select(s, "a1"));
        CHECK(!may_select(s, "a2"));
    }
    SECTION("a mobile unit that moved in the movement phase may not move again") {
        sandtable::bots::Session s(sandtable::load::load_scenario(scenario), scenario, 1);
        auto& g = s.game();
        REQUIRE(may_select(s, "a1"));
        s.apply(act::SelectUnit{g.scenario().unit_index("a1")});
        const auto from = g.state().unit(g.scenario().unit_index("a1")).hex;
        const auto& legal = g.legal_actions();
        const auto away = std::find_if(legal.begin(), legal.end(), [&](const Action& a) {
            return a.kind() == ActionKind::MoveTo && a.hex() != from;
        });
        REQUIRE(away != legal.end());
        s.apply(*away);
        // Through side A's turn: its mobile movement phase offers a1 nothing (and, with no
        // unit to move, passes by itself).
        for (int guard = 0; g.state().at.active_side == 0 && guard < 20; ++guard) {
            if (g.phase_id() == "mobile_movement") CHECK(!may_select(s, "a1"));
            s.apply(act::EndPhase{});
        }
        CHECK(g.state().at.active_side == 1);
    }
}

TEST_CASE("F&M 4.1: a mobile unit that attacked in the combat phase may not attack in the mobile combat phase",
          "[fm][mobile]") {
    const std::string scenario = write_game("clear", 0, 0, "def", "mob");
    auto s = fight(scenario, 3);  // 8 against 3 (+4/+5): a 3 reads Ex
    take_losses(s);
    while (s.game().decision() == DecisionKind::Retreat || s.game().decision() == DecisionKind::Advance)
        s.apply(s.game().legal_actions().back());
    // Through side A's turn: its mobile combat phase offers no attack.
    for (int guard = 0; s.game().state().at.active_side == 0 && guard < 20; ++guard) {
        const auto& legal = s.game().legal_actions();
        if (s.game().phase_id() == "mobile_combat")
            CHECK(std::none_of(legal.begin(), legal.end(),
                               [](const Action& a) { return a.kind() == ActionKind::Declare; }));
        const auto end =
            std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.kind() == ActionKind::EndPhase; });
        s.apply(end != legal.end() ? *end : legal.front());
    }
    CHECK(s.game().state().at.active_side == 1);
}

namespace {
std::string line_used(const sandtable::bots::Session& s) {
    for (const auto& m : s.game().records().combats.back().modifiers)
        if (m.what.starts_with("terrain line ")) return m.what;
    return {};
}
}  // namespace

TEST_CASE(
    "F&M 8.2.2: rivers help the defender only when every attacker crosses one, a bridge makes it the bridged line",
    "[differential][fm]") {
    // 8 against 3 is +5 in every case.
    auto all = fight(write_game("river", 0, 0), 6);
    CHECK(line_used(all).find("Woods, River (unbridged)") != std::string::npos);
    CHECK(all.game().records().combats.back().column == "+4/+5");
    auto bridged = fight(write_game("bridged", 0, 0), 6);
    CHECK(line_used(bridged).find("Swamp, Town, River (bridged)") != std::string::npos);
    auto one = fight(write_game("one_river", 0, 0), 6);  // a2 attacks over dry ground
    CHECK(line_used(one).find("Clear, Beach") != std::string::npos);
    // On clear the same +5 is the 9th column, on the unbridged river line the 7th.
    CHECK(all.game().state().combat.column == 6);
    CHECK(one.game().state().combat.column == 8);
}

TEST_CASE("differential CRT: written back as the studio saves it, it loads to the same table",
          "[differential][fm][writer]") {
    const auto& t = fm_crt();
    const std::string text = sandtable::load::differential_table_to_yaml(t);
    const fs::path dir = sandtable::test::fresh_directory();
    sandtable::test::write_text(dir / "crt.yaml", text);
    sandtable::rules::Ruleset again;
    sandtable::load::DiagnosticSink sink;
    sandtable::load::load_table_file((dir / "crt.yaml").string(), again, sink);
    INFO(text);
    REQUIRE(sink.items().empty());
    REQUIRE(again.differential_tables.size() == 1);
    const auto& u = again.differential_tables.front();
    CHECK(u.id == t.id);
    CHECK(u.name == t.name);
    CHECK(u.notes == t.notes);
    CHECK(u.die_faces == t.die_faces);
    CHECK(u.scale == t.scale);
    CHECK(u.rows == t.rows);
    REQUIRE(u.lines.size() == t.lines.size());
    for (std::size_t i = 0; i < t.lines.size(); ++i) {
        CHECK(u.lines[i].id == t.lines[i].id);
        CHECK(u.lines[i].name == t.lines[i].name);
        CHECK(u.lines[i].terrain == t.lines[i].terrain);
        CHECK(u.lines[i].hexsides == t.lines[i].hexsides);
        CHECK(u.lines[i].bridged_hexsides == t.lines[i].bridged_hexsides);
        CHECK(u.lines[i].first == t.lines[i].first);
    }
    // Written twice, the same bytes: an unchanged table is never counted as edited.
    CHECK(sandtable::load::differential_table_to_yaml(u) == text);
}
