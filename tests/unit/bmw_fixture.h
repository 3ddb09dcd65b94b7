// A small BMW battlefield built in a test: a map drawn as text rows, units
// placed by label, dice forced. The games run with the real ruleset and its
// Lua rule modules, so each test checks the rule as a player meets it.
#pragma once

#include "bots/session.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace bmw_test {

namespace fs = std::filesystem;
using sandtable::kernel::Action;
namespace act = sandtable::kernel::act;
using sandtable::kernel::ActionKind;
using sandtable::kernel::DecisionKind;
using sandtable::kernel::Game;

struct Placement {
    std::string id;
    std::string type;
    std::string side;  // "a" or "b"
    std::string hex;
    bool back = false;
    int arrives = 1;             // the game turn it comes on; 1: set up at the start
    std::string formation = "";  // its regiment or other formation; "" none
};

// A scenario objective: `holder` is "a", "b" or empty (held by nobody yet).
struct ObjectiveSpec {
    std::string hex;
    int points = 0;
    std::string holder;
};

struct Battlefield {
    std::vector<std::string> rows{8, std::string(10, '.')};
    std::vector<std::string> rivers;  // "AAAA/BBBB"
    std::vector<std::string> road;    // hexes in order
    std::vector<Placement> units;
    int demoralization_a = 0, disintegration_a = 0;
    int demoralization_b = 0, disintegration_b = 0;
    int turns = 3;
    std::string rally_a = "[6]";
    std::string extra_ruleset_types;  // appended to unit_types of a copied ruleset
    std::string extra_rule_module;    // Lua source of one more rule module of a copied ruleset
    std::string deployment;           // the scenario's `deployment:` value as YAML, e.g. "{ a: [\"0101\"] }"
    std::vector<ObjectiveSpec> objectives;
    int vp_per_enemy_strength = -1;        // -1: leave it out (the scenario default)
    std::vector<std::string> house_rules;  // house rule folders applied to the ruleset
    std::string evaluation;                // the scenario's `evaluation:` value as YAML, e.g. "{ threats: 1 }"

    std::string write() const {
        static int counter = 0;
        fs::path dir = fs::temp_directory_path() /
                       ("sandtable-bmw-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(dir);  // left by an earlier process that had the same pid
        fs::create_directories(dir);
        std::string ruleset = std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw";
        if (!extra_ruleset_types.empty() || !extra_rule_module.empty()) {
            fs::path rs = dir / "ruleset";
            fs::create_directories(rs);
            fs::copy(ruleset, rs, fs::copy_options::recursive);
            std::ifstream in(rs / "ruleset.yaml");
            std::string text((std::istreambuf_iterator<char>(in)), {});
            auto at = text.find("unit_types:\n") + std::string("unit_types:\n").size();
            text.insert(at, extra_ruleset_types);
            if (!extra_rule_module.empty()) {
                std::ofstream(rs / "rules" / "test_rules.lua") << extra_rule_module;
                text.insert(text.find("rules:\n") + std::string("rules:\n").size(), "  - { module: test_rules }\n");
            }
            std::ofstream(rs / "ruleset.yaml") << text;
            // The library modules are found two levels up from the ruleset.
            fs::create_directories(dir.parent_path() / "scripts");
            for (const auto& e : fs::directory_iterator(std::string(SANDTABLE_SOURCE_DIR) + "/scripts"))
                fs::copy(e.path(), dir.parent_path() / "scripts" / e.path().filename(),
                         fs::copy_options::overwrite_existing);
            ruleset = rs.string();
        }
        std::ofstream out(dir / "scenario.yaml");
        out << "id: test\nruleset: " << ruleset << "\nturns: " << turns << "\nfirst_side: a\n";
        out << "sides:\n  - { id: a, name: A, demoralization: " << demoralization_a
            << ", disintegration: " << disintegration_a << ", rally: " << rally_a << " }\n";
        out << "  - { id: b, name: B, demoralization: " << demoralization_b << ", disintegration: " << disintegration_b
            << ", rally: [6] }\n";
        out << "map:\n  columns: " << rows[0].size() << "\n  rows: " << rows.size() << "\n";
        out << "  legend: { \".\": clear, h: hill, w: woods, s: swamp, d: dunes }\n  terrain: |\n";
        for (const auto& r : rows) out << "    " << r << "\n";
        if (!rivers.empty()) {
            out << "  hexsides:\n    - feature: river\n      sides: [";
            for (std::size_t i = 0; i < rivers.size(); ++i) out << (i ? ", " : "") << "\"" << rivers[i] << "\"";
            out << "]\n";
        }
        if (!road.empty()) {
            out << "  paths:\n    - feature: road\n      hexes: [";
            for (std::size_t i = 0; i < road.size(); ++i) out << (i ? ", " : "") << "\"" << road[i] << "\"";
            out << "]\n";
        }
        out << "units:\n";
        for (const auto& u : units)
            out << "  - { id: " << u.id << ", type: " << u.type << ", side: " << u.side << ", at: \"" << u.hex << "\""
                << (u.back ? ", face: back" : "") << (u.arrives > 1 ? ", arrives: " + std::to_string(u.arrives) : "")
                << (u.formation.empty() ? "" : ", formation: \"" + u.formation + "\"") << " }\n";
        if (!deployment.empty()) out << "deployment: " << deployment << "\n";
        if (!objectives.empty()) {
            out << "objectives:\n";
            for (const auto& o : objectives)
                out << "  - { hex: \"" << o.hex << "\", points: " << o.points
                    << (o.holder.empty() ? "" : ", holder: " + o.holder) << " }\n";
        }
        if (vp_per_enemy_strength >= 0) out << "vp_per_enemy_strength: " << vp_per_enemy_strength << "\n";
        if (!evaluation.empty()) out << "evaluation: " << evaluation << "\n";
        return (dir / "scenario.yaml").string();
    }

    sandtable::bots::Session start(std::vector<int> dice = {}) const {
        std::string file = write();
        return sandtable::bots::Session(sandtable::load::load_scenario(file, house_rules), file, 1, std::move(dice),
                                        true);
    }
};

inline int unit(const Game& g, const std::string& id) {
    int u = g.scenario().unit_index(id);
    REQUIRE(u >= 0);
    return u;
}

inline std::string hex_of(const Game& g, const std::string& id) {
    return g.grid().label(g.state().unit(unit(g, id)).hex);
}

inline bool on_map(const Game& g, const std::string& id) { return g.state().unit(unit(g, id)).on_map; }
inline bool disordered(const Game& g, const std::string& id) { return g.state().unit(unit(g, id)).back; }

// A copy, not a pointer: legal-action lists are temporaries.
inline std::optional<Action> find(const std::vector<Action>& legal, ActionKind kind, int u = -1, int target = -1) {
    for (const auto& a : legal)
        if (a.kind() == kind && (u < 0 || a.unit() == u) && (target < 0 || a.target() == target)) return a;
    return std::nullopt;
}

inline bool has_move(const Game& g, const std::string& hex) {
    auto h = g.grid().parse_label(hex);
    for (const auto& a : g.legal_actions())
        if (a.kind() == ActionKind::MoveTo && a.hex() == *h) return true;
    return false;
}


inline void end_phase(sandtable::bots::Session& s) {
    auto a = find(s.game().legal_actions(), ActionKind::EndPhase);
    REQUIRE(a);
    s.apply(*a);
}

// One step on without doing anything: end the phase, decline, or take the
// first option (a question's first answer).
inline void pass(sandtable::bots::Session& s) {
    auto legal = s.game().legal_actions();
    REQUIRE(!legal.empty());
    auto a = find(legal, ActionKind::EndPhase);
    if (!a) a = find(legal, ActionKind::Decline);
    if (!a) a = legal.front();
    s.apply(*a);
}

// Answers script questions with the first option and ends phases until the
// game reaches `kind`.
inline void run_until(sandtable::bots::Session& s, DecisionKind kind, int guard = 200) {
    while (s.game().decision() != kind && guard-- > 0) pass(s);
    REQUIRE(s.game().decision() == kind);
}

// Script questions (flip a charger? retreat before combat?) get their first option.
inline void answer_questions(sandtable::bots::Session& s) {
    while (s.game().decision() == DecisionKind::Question) s.apply(act::Choose{0});
}

// Answers the pending script question with option `index` (0-based).
inline void choose(sandtable::bots::Session& s, int index) {
    REQUIRE(s.game().decision() == DecisionKind::Question);
    s.apply(act::Choose{index});
}

inline void select(sandtable::bots::Session& s, const std::string& id) {
    answer_questions(s);
    s.apply(act::SelectUnit{unit(s.game(), id)});
}

inline void move(sandtable::bots::Session& s, const std::string& id, const std::string& hex) {
    Game& g = s.game();
    select(s, id);
    auto h = g.grid().parse_label(hex);
    REQUIRE(h);
    s.apply(act::MoveTo{unit(g, id), *h});
}

inline void attack(sandtable::bots::Session& s, const std::vector<std::string>& attackers,
                   const std::string& defender) {
    Game& g = s.game();
    s.apply(act::Declare{unit(g, defender)});
    for (const auto& a : attackers) s.apply(act::AddAttacker{unit(g, a)});
    s.apply(act::Resolve{});
}

}  // namespace bmw_test
