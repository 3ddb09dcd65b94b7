#include "bots/evaluator.h"
#include "geometry/tabletop/point.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::bots {

using kernel::Game;
using M = rules::EvaluationMeasure;

namespace {
// How sharply a lead in score turns into a likely win: a lead of a quarter of
// an army's worth (0.25) is worth about 73%.
constexpr double kSteepness = 4.0;
// Nearness to an objective halves at this many hexes, or this many cm on a table.
constexpr double kHexesToHalve = 3.0, kCmToHalve = 20.0;

int objective_points(const rules::Objective& o) { return std::max(1, o.points); }
}  // namespace

PositionEvaluator::PositionEvaluator(const Game& game)
    : weights_(game.scenario().evaluation.over(game.ruleset().evaluation)) {
    const auto& sc = game.scenario();
    start_material_.assign(sc.sides.size(), 0.0);
    for (std::size_t i = 0; i < sc.units.size(); ++i) {
        const int unit = static_cast<int>(i);
        start_figures_.push_back(sc.units[i].table.figures);
        if (sc.units[i].table.phantom) continue;  // a decoy: nothing to lose (the scenario's count, not which)
        start_material_[static_cast<std::size_t>(sc.units[i].side)] += unit_worth(game, unit);
        // What losing it all scores the enemy: by the figure on a tabletop (tabletop/units.cpp), else the unit's VP.
        const int figures = sc.units[i].table.figures;
        points_at_stake_ += figures > 0 ? figures * sc.vp_per_enemy_strength
                                        : std::max(0, game.unit(unit).victory_points());
    }
    for (const auto& o : sc.objectives) points_at_stake_ += objective_points(o);
    points_at_stake_ = std::max(1.0, points_at_stake_);
}

// What a unit is worth at full strength: what eliminating it scores, at least 1 (a leader).
double PositionEvaluator::unit_worth(const Game& game, int unit) const {
    return std::max(1, game.unit(unit).victory_points());
}

double PositionEvaluator::value(const Game& game, int side) const {
    return values(game)[static_cast<std::size_t>(side)];
}

// Each side's score once, then each side's lead over the best of the others.
std::vector<double> PositionEvaluator::values(const Game& game) const {
    const std::size_t sides = game.scenario().sides.size();
    const auto& result = game.state().result;
    std::vector<double> out(sides, 0.5);
    if (result.over) {
        for (std::size_t s = 0; s < sides; ++s)
            if (result.winner >= 0) out[s] = result.winner == static_cast<int>(s) ? 1.0 : 0.0;
        return out;
    }
    std::vector<double> scores;
    for (std::size_t s = 0; s < sides; ++s) scores.push_back(score(game, static_cast<int>(s)));
    for (std::size_t side = 0; side < sides; ++side) {
        double best_other = -std::numeric_limits<double>::infinity();
        for (std::size_t s = 0; s < sides; ++s)
            if (s != side) best_other = std::max(best_other, scores[s]);
        if (std::isfinite(best_other)) out[side] = 1.0 / (1.0 + std::exp(-kSteepness * (scores[side] - best_other)));
    }
    return out;
}

double PositionEvaluator::score(const Game& game, int side) const {
    double total = 0;
    auto add = [&](M measure, double (PositionEvaluator::*of)(const Game&, int) const) {
        if (const double w = weights_[measure]; w != 0) total += w * (this->*of)(game, side);
    };
    add(M::Material, &PositionEvaluator::material);
    add(M::VictoryPoints, &PositionEvaluator::victory_points);
    add(M::Objectives, &PositionEvaluator::objectives);
    add(M::Morale, &PositionEvaluator::morale);
    add(M::Disorder, &PositionEvaluator::disorder);
    add(M::Threats, &PositionEvaluator::threats);
    add(M::Script, &PositionEvaluator::scripted);
    return total;
}

// Strength still in the fight against the start (0-1): units not lost, each
// by the share of its figures (a tabletop) or strength points (a dice pool) left.
double PositionEvaluator::material(const Game& game, int side) const {
    const auto& st = game.state();
    double left = 0;
    for (std::size_t i = 0; i < st.units.size(); ++i) {
        const auto& u = st.units[i];
        // In a look-ahead which marker is a phantom is drawn afresh (Trial), so this reads nothing hidden.
        if (u.side != side || u.eliminated || u.exited || u.phantom) continue;
        const int unit = static_cast<int>(i);
        double share = 1.0;
        if (start_figures_[i] > 0) share = std::min(1.0, static_cast<double>(u.figures) / start_figures_[i]);
        if (u.hits > 0 && !game.ruleset().dice_pool_tables.empty()) {
            const int points = game.combat().strength_points_left(unit);
            share *= static_cast<double>(points) / std::max(1, points + u.hits);
        }
        left += unit_worth(game, unit) * share;
    }
    const double start = start_material_[static_cast<std::size_t>(side)];
    return start > 0 ? left / start : 0;
}

// The points the side would score if the game ended now (victory.cpp's count), against all there are.
double PositionEvaluator::victory_points(const Game& game, int side) const {
    const auto& st = game.state();
    const auto& sc = game.scenario();
    double vp = st.sides[static_cast<std::size_t>(side)].exited_points;
    for (std::size_t o = 0; o < st.sides.size(); ++o)
        if (static_cast<int>(o) != side) vp += st.sides[o].lost_points;
    for (std::size_t i = 0; i < sc.objectives.size(); ++i)
        if (st.objective_holders[i] == side) vp += sc.objectives[i].points;
    return vp / points_at_stake_;
}

// Objectives held count whole; one not held counts by how near the side's
// nearest unit stands to it, half at most (0-1, by each objective's points).
double PositionEvaluator::objectives(const Game& game, int side) const {
    const auto& objectives = game.scenario().objectives;
    if (objectives.empty()) return 0;
    double got = 0, all = 0;
    for (std::size_t i = 0; i < objectives.size(); ++i) {
        const int points = objective_points(objectives[i]);
        all += points;
        got += points * (game.state().objective_holders[i] == side ? 1.0 : 0.5 * nearness(game, side, i));
    }
    return got / all;
}

// 1 when a unit of the side stands on the objective, halving with each few hexes (or cm) further.
double PositionEvaluator::nearness(const Game& game, int side, std::size_t objective) const {
    const auto& o = game.scenario().objectives[objective];
    const bool table = game.ruleset().table.enabled;
    double nearest = std::numeric_limits<double>::infinity();
    for (const auto& u : game.state().units) {
        if (u.side != side || !u.on_map) continue;
        if (table) {
            const geometry::tabletop::Point at{u.x_um / 10000.0, u.y_um / 10000.0};
            nearest = std::min(nearest, std::max(0.0, std::hypot(at.x - o.table_at.x, at.y - o.table_at.y) - o.radius));
        } else {
            nearest = std::min<double>(nearest, geometry::distance(u.hex, o.hex));
        }
    }
    if (!std::isfinite(nearest)) return 0;
    return std::exp2(-nearest / (table ? kCmToHalve : kHexesToHalve));
}

// Losses against the side's levels: 0 with none, -1 at disintegration (or,
// without one, at demoralization), and a further -0.5 while demoralized.
double PositionEvaluator::morale(const Game& game, int side) const {
    const auto& spec = game.scenario().sides[static_cast<std::size_t>(side)];
    const auto& s = game.state().sides[static_cast<std::size_t>(side)];
    const int level = spec.disintegration > 0 ? spec.disintegration : spec.demoralization;
    double out = level > 0 ? -std::min(1.0, static_cast<double>(s.eliminated_strength) / level) : 0.0;
    if (s.demoralized) out -= 0.5;
    return out;
}

// The share of the side's units on the table showing a face they must rally from, negated.
double PositionEvaluator::disorder(const Game& game, int side) const {
    int on_table = 0, disordered = 0;
    const auto& st = game.state();
    for (std::size_t i = 0; i < st.units.size(); ++i) {
        const auto& u = st.units[i];
        if (u.side != side || !u.on_map) continue;
        ++on_table;
        const auto unit = game.unit(static_cast<int>(i));
        if (u.back && unit.type().back && unit.capability(kernel::Capability::Reorganizes) == 1) ++disordered;
    }
    return on_table > 0 ? -static_cast<double>(disordered) / on_table : 0.0;
}

// The side's units exposed to enemies next to them, each by its worth, against the side's worth at the start
// (0 to -1): what the enemy could bring against the side in its next combat phase, and what cover spares it.
double PositionEvaluator::threats(const Game& game, int side) const {
    if (game.ruleset().table.enabled) return 0;  // a tabletop's reach is not a hex's neighbours
    const auto& st = game.state();
    double exposed = 0;
    for (std::size_t i = 0; i < st.units.size(); ++i) {
        const auto& u = st.units[i];
        if (u.side == side && u.on_map && !u.phantom) exposed += unit_worth(game, static_cast<int>(i)) *
                                                                 exposure(game, static_cast<int>(i));
    }
    const double start = start_material_[static_cast<std::size_t>(side)];
    return start > 0 ? -exposed / start : 0;
}

// The enemy strength next to the unit over that and its own (0-1). An attack into it counts half where the
// ground halves it (the attacker's hex, the unit's, the hexside between), and a column shift of the unit's
// terrain (a hill's -1) as two thirds of the strength a column: roughly an odds table's step; a differential
// table's column is a point, and a shift that lapses against attackers on the same ground still counts.
double PositionEvaluator::exposure(const Game& game, int unit) const {
    const auto& st = game.state();
    const auto& me = st.unit(unit);
    const auto& ground = game.ruleset().terrain[static_cast<std::size_t>(game.hex_board().terrain_at(me.hex))];
    const double shift = std::pow(1.5, std::min(0, ground.combat.defender_column_shift));
    double attack = 0;
    for (std::size_t i = 0; i < st.units.size(); ++i) {
        const auto& e = st.units[i];
        if (e.side == me.side || !e.on_map || e.phantom || geometry::distance(e.hex, me.hex) != 1) continue;
        const double halved = game.combat().attack_halving(e.hex, me.hex) ? 0.5 : 1.0;
        attack += game.unit(static_cast<int>(i)).combat_strength() * halved * shift;
    }
    if (attack <= 0) return 0;
    return attack / (attack + std::max(1, game.unit(unit).combat_strength()));
}

// What the rule modules' position.evaluate handlers add, in hundredths.
double PositionEvaluator::scripted(const Game& game, int side) const {
    if (!game.listening(kernel::Event::PositionEvaluate)) return 0;
    kernel::EventContext context(kernel::Event::PositionEvaluate);
    context.set("side", side);
    context.set("score", 0);
    game.ask(context);
    return static_cast<double>(context.get("score")) / 100.0;
}

}  // namespace sandtable::bots
