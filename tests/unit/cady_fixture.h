// Small tabletop scenarios under the bundled Cady ruleset and one of its
// era packs, written by the tests, and helpers to play them a phase at a time.
#pragma once

#include "project_copies.h"

#include "bots/session.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace act = sandtable::kernel::act;

namespace sandtable::test::cady {

using kernel::Action;
using kernel::ActionKind;
using kernel::DecisionKind;
using kernel::Game;
using kernel::TableOrder;

struct Unit {
    Unit(std::string id_, std::string type_, std::string side_, double x_, double y_, int facing_, int files_,
         int figures_ = 0, std::string formation_ = {})
        : id(std::move(id_)),
          type(std::move(type_)),
          side(std::move(side_)),
          x(x_),
          y(y_),
          facing(facing_),
          files(files_),
          figures(figures_),
          formation(std::move(formation_)) {}
    std::string id, type, side;
    double x = 0, y = 0;
    int facing = 0, files = 1, figures = 0;  // figures 0: a full stand for each file
    std::string formation;
    bool hidden = false, phantom = false;
};

inline Unit hidden(Unit u) {
    u.hidden = true;
    return u;
}

inline Unit phantom(Unit u) {
    u.phantom = true;
    return u;
}

// A 200 x 120 cm table; `terrain` is YAML under `table:` (areas/lines lines,
// indented two spaces), `extra` more top-level YAML.
inline std::string write_scenario(const std::vector<Unit>& units, const std::string& era = "ancient-medieval",
                                  const std::string& terrain = "", const std::string& extra = "", int turns = 5) {
    const auto dir = fresh_directory();
    const std::string root = SANDTABLE_SOURCE_DIR;
    std::string text = "id: t\nruleset: " + root + "/rulesets/cady\nhouse_rules: [" + root + "/rulesets/cady/eras/" +
                       era + "]\nturns: " + std::to_string(turns) +
                       "\nfirst_side: red\nsides:\n  - { id: red, name: Red }\n  - { id: blue, name: Blue }\n" +
                       "table:\n  width: 200\n  depth: 120\n" + terrain + "units:\n";
    for (const auto& u : units) {
        text += "  - { id: " + u.id + ", type: " + u.type + ", side: " + u.side + ", at: [" + std::to_string(u.x) +
                ", " + std::to_string(u.y) + "], facing: " + std::to_string(u.facing) +
                ", files: " + std::to_string(u.files);
        if (u.figures > 0) text += ", figures: " + std::to_string(u.figures);
        if (!u.formation.empty()) text += ", formation: " + u.formation;
        if (u.hidden) text += ", hidden: true";
        if (u.phantom) text += ", phantom: true";
        text += " }\n";
    }
    text += extra;
    write_text(dir / "scenario.yaml", text);
    return (dir / "scenario.yaml").string();
}

inline bots::Session open(const std::string& scenario, std::vector<int> dice = {}, std::uint64_t seed = 1) {
    return bots::Session(load::load_scenario(scenario), scenario, seed, std::move(dice), true);
}

inline TableOrder hold(int facing = -1) { return {TableOrder::Hold, 0, 0, 0, facing, -1}; }
inline TableOrder hold_in_files(int files) { return {TableOrder::Hold, 0, 0, files, -1, -1}; }
inline TableOrder march(int bearing, double cm, int files = 0) {
    return {TableOrder::Advance, bearing, static_cast<int>(cm * 10), files, -1, -1};
}
inline TableOrder charge(int bearing, double cm, int target) {
    return {TableOrder::Charge, bearing, static_cast<int>(cm * 10), 0, -1, target};
}

// Writes every unit's order for the turn (hold for those not named); the
// turn then runs on to the next decision (the next turn's orders, when
// nobody fires).
inline void write_orders(bots::Session& s, const std::map<std::string, TableOrder>& orders) {
    auto& g = s.game();
    REQUIRE(g.decision() == DecisionKind::WriteOrders);
    const int turn = g.state().at.turn;
    while (g.decision() == DecisionKind::WriteOrders && g.state().at.turn == turn) {
        const int u = g.written_orders().next_unit();
        auto it = orders.find(g.unit(u).id());
        TableOrder o = it == orders.end() ? hold(g.state().unit(u).facing) : it->second;
        Action a{act::WriteOrder{u, o}};
        s.apply(a);
    }
}

// Holds every gun's and every firer's fire until the decision is `until`.
inline void hold_fire_until(bots::Session& s, DecisionKind until) {
    auto& g = s.game();
    while (!g.over() && g.decision() != until) {
        const auto legal = g.legal_actions();
        REQUIRE(!legal.empty());
        s.apply(legal.back());  // Decline: the last action offered
    }
}

inline int unit(const Game& g, const std::string& id) { return g.scenario().unit_index(id); }

}  // namespace sandtable::test::cady
