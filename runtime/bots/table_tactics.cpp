#include "bots/table_tactics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

namespace sandtable::bots {

using kernel::Action;
using kernel::ActionKind;
using kernel::Game;
using kernel::TableOrder;
namespace gt = geometry::tabletop;
using rules::Param;

namespace {

// The range attribute the ruleset's fire phase reads (its `range` option).
int fire_range(const Game& game, int unit) {
    for (const auto& p : game.ruleset().phases)
        if (p.procedure == "table_fire") {
            const Param* v = p.options.find("range");
            const std::string id =
                v && std::holds_alternative<std::string>(v->value) ? std::get<std::string>(v->value) : "range";
            return game.ruleset().attribute_index(id) < 0 ? 0 : game.unit(unit).attribute(id);
        }
    return 0;
}

// A gun: a unit type the phase's artillery chart lists.
bool is_gun(const Game& game, int unit) {
    const int type = game.state().unit(unit).type;
    return std::any_of(game.ruleset().artillery_charts.begin(), game.ruleset().artillery_charts.end(),
                       [&](const auto& c) { return c.gun(type) != nullptr; });
}

// The enemies on the table, nearest first.
std::vector<int> enemies_by_distance(const Game& game, int unit) {
    const auto& units = game.state().units;
    std::vector<std::pair<double, int>> found;
    for (int other = 0; other < static_cast<int>(units.size()); ++other)
        if (units[static_cast<std::size_t>(other)].on_map &&
            units[static_cast<std::size_t>(other)].side != units[static_cast<std::size_t>(unit)].side)
            found.emplace_back(gt::distance(game.tabletop().position(unit), game.tabletop().position(other)), other);
    std::sort(found.begin(), found.end());
    std::vector<int> out;
    for (const auto& [d, u] : found) out.push_back(u);
    return out;
}

double order_score(const Game& game, int unit, const TableOrder& o, int enemy) {
    const gt::Point at = game.tabletop().position(unit);
    const double move = game.tabletop().allowance(unit);
    const double go = o.mode == TableOrder::Hold ? 0 : std::min(o.distance / 10.0, move);
    const gt::Point end = at + gt::heading(o.bearing) * go;
    const double range = fire_range(game, unit);
    const bool gun = is_gun(game, unit);
    const int start = game.scenario().units[static_cast<std::size_t>(unit)].table.figures;
    const bool battered = game.unit(unit).figures() * 5 < start * 2;  // under 40%
    if (battered) return o.mode == TableOrder::Withdraw ? 100 : -go;
    if (enemy < 0) return o.mode == TableOrder::Hold ? 1 : 0;
    const gt::Point target = game.tabletop().position(enemy);
    const double now = gt::distance(at, target);
    const double then = gt::distance(end, target);
    const double facing_bonus =
        o.facing >= 0 && std::abs(gt::turn_between(o.facing, gt::bearing_of(target - end))) <= 45 ? 2 : 0;
    if (gun) return (o.mode == TableOrder::Hold ? 10 : -go) + facing_bonus;
    if (range > 0) {
        // Stay at two thirds of its range and shoot; step in when out of reach.
        const double best = range * 0.6;
        return -std::abs(then - best) + (o.mode == TableOrder::Hold && now <= range ? 8 : 0) + facing_bonus;
    }
    double score = -then;
    if (o.mode == TableOrder::Charge) score += 40;
    for (std::size_t i = 0; i < game.scenario().objectives.size(); ++i)
        if (game.state().objective_holders[i] != game.state().unit(unit).side)
            score -= 0.25 * gt::distance(end, game.scenario().objectives[i].table_at);
    return score + facing_bonus;
}

}  // namespace

Action choose_table_order(const Game& game, const std::vector<Action>& legal) {
    if (legal.empty()) return {};
    const int unit = legal.front().unit();
    const auto enemies = enemies_by_distance(game, unit);
    const int enemy = enemies.empty() ? -1 : enemies.front();
    const Action* best = &legal.front();
    double best_score = -std::numeric_limits<double>::infinity();
    for (const Action& a : legal) {
        const auto* written = a.as<kernel::act::WriteOrder>();
        if (!written) continue;
        const double s = order_score(game, unit, written->order, enemy);
        if (s > best_score) best_score = s, best = &a;
    }
    return *best;
}

Action choose_gun_shot(const Game& game, const std::vector<Action>& legal) {
    const Action* best = &legal.back();  // holding fire, when nothing is offered
    double best_error = std::numeric_limits<double>::infinity();
    for (const Action& a : legal) {
        const auto* shot = a.as<kernel::act::Fire>();
        if (!shot) continue;
        const double truth =
            game.tabletop().distance(shot->unit, shot->target) + 1;  // to the middle of the target's front stand
        const double error = shot->called_cm == 0 ? -1               // canister never misses its wedge
                                                  : std::abs(shot->called_cm - truth) + truth / 100;
        if (error < best_error) best_error = error, best = &a;
    }
    return *best;
}

Action choose_table_target(const Game& game, const std::vector<Action>& legal) {
    const Action* best = &legal.back();
    double nearest = std::numeric_limits<double>::infinity();
    for (const Action& a : legal) {
        if (a.kind() != ActionKind::Fire) continue;
        const double d = game.tabletop().distance(a.unit(), a.target());
        if (d < nearest) nearest = d, best = &a;
    }
    return *best;
}

}  // namespace sandtable::bots
