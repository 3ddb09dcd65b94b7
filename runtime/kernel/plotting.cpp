// The simultaneous sequence's orders (PRESTAGS 19.0-21.0): in a `plot`
// phase each side in turn writes one task for each of its units, in
// secret; once both have, `plotted_combat` and `plotted_movement` phases
// carry them out. The other side learns them only from what the units do,
// and from the charts when the game is over (20.1). A unit whose orders became
// impossible (disrupted, its target gone) does nothing (21.2).
#include "kernel/game.h"

#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
constexpr std::array<const char*, 5> kTaskNames{"hold", "move", "fire", "defensive_fire", "melee"};

}  // namespace

const char* plot_task_name(PlotTask task) { return kTaskNames[static_cast<std::size_t>(task)]; }

bool parse_plot_task(const std::string& name, PlotTask& out) {
    for (std::size_t i = 0; i < kTaskNames.size(); ++i)
        if (name == kTaskNames[i]) {
            out = static_cast<PlotTask>(i);
            return true;
        }
    return false;
}

// 20.1: a side's plot chart stays hidden from the other until the game ends;
// what its units do shows the orders as they are carried out.
std::optional<Plot> Game::plot_of(int unit, int viewer) const {
    if (unit < 0 || unit >= static_cast<int>(state_.units.size())) return std::nullopt;
    if (!plots_revealed() && state_.units[static_cast<std::size_t>(unit)].side != viewer) return std::nullopt;
    if (beside_.plots.empty()) return Plot{};  // a sequence without written orders: every unit holds
    return beside_.plots[static_cast<std::size_t>(unit)];
}

// Stages of a plot phase: 0 not begun, 1 the first side plots, 2 the other
// side, 3 revealed.
int Game::plotting_side() const {
    return state_.at.stage == 1 ? scenario_->first_side : opponent_of(scenario_->first_side);
}

// A unit with something to plot: on the map, able to move, fire or fight (a
// disrupted PRESTAGS unit, all zeros on its back, holds). Orders may be
// written again until the side says it is done; `moved` tells which have some.
bool Game::may_plot(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map || u.side != plotting_side()) return false;
    const rules::PlotOptions& r = options<rules::PlotOptions>();
    for (const auto& mark : r.barred_mark)
        if (state_.mark(unit, mark) != 0) return false;
    return movement_allowance(unit) > 0 || attribute(unit, r.melee.index) > 0 || attribute(unit, r.fire.index) > 0;
}

// Where a unit may be ordered to go: the map's costs only. The enemy may have
// gone by the time it gets there (20.3), and zones are those of units not
// ordered to move (21.1), neither known yet: movement resolution deals with both.
geometry::MovementRange Game::plot_range(int unit) const {
    geometry::MovementRange range;
    const auto& costs = (*step_costs_)[static_cast<std::size_t>(movement_class(unit))];
    range.compute_with(grid(), state_.units[static_cast<std::size_t>(unit)].hex, movement_budget(unit),
                       [&](int from, int dir, int) -> std::optional<geometry::StepCost> {
                           const int cost = costs[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(dir)];
                           if (cost < 0) return std::nullopt;
                           return geometry::StepCost{cost, true};
                       });
    return range;
}

bool Game::plot_step() {
    if (state_.at.stage == 0) {
        std::fill(beside_.plots.begin(), beside_.plots.end(), Plot{});
        state_.at.stage = 1;
    }
    while (state_.at.stage <= 2) {
        if (state_.selected >= 0) {
            decide(DecisionKind::Plot, plotting_side());
            return true;
        }
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (may_plot(static_cast<int>(i))) {
                decide(DecisionKind::Plot, plotting_side());
                return true;
            }
        if (logging_)
            note("  " + scenario_->sides[static_cast<std::size_t>(plotting_side())].name + " has written its orders");
        ++state_.at.stage;
    }
    if (state_.at.stage == 3) {
        if (logging_) note("  both sides have written their orders; they are carried out phase by phase");
        state_.at.stage = 4;
    }
    return false;
}

void Game::plot_actions(std::vector<Action>& out) const {
    if (state_.at.stage < 1 || state_.at.stage > 2) return;
    const int unit = state_.selected;
    if (unit < 0) {
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (may_plot(static_cast<int>(i))) out.push_back({ActionKind::SelectUnit, static_cast<int>(i), -1, {}, -1});
        out.push_back({ActionKind::EndPhase, -1, -1, {}, -1});  // the rest hold
        return;
    }
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    auto task = [&](PlotTask t, Hex h) { out.push_back({ActionKind::Plot, unit, -1, h, static_cast<int>(t)}); };
    task(PlotTask::Hold, me.hex);
    // MV: any hex within the unit's allowance, by its least-cost path.
    if (movement_allowance(unit) > 0) {
        const geometry::MovementRange range = plot_range(unit);
        for (std::size_t k = 0; k < range.hexes().size(); ++k)
            if (range.hexes()[k] != me.hex && may_end_in(unit, range.hexes()[k]))
                task(PlotTask::Move, range.hexes()[k]);
    }
    // Targets: hexes holding an enemy, each once.
    std::vector<Hex> fire_targets, melee_targets;
    const rules::PlotOptions& r = options<rules::PlotOptions>();
    const bool fires = attribute(unit, r.fire.index) > 0;
    const bool fights = attribute(unit, r.melee.index) > 0;
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& e = state_.units[i];
        if (!e.on_map || e.side == me.side) continue;
        const int d = geometry::distance(me.hex, e.hex);
        if (fights && d == 1 && std::find(melee_targets.begin(), melee_targets.end(), e.hex) == melee_targets.end())
            melee_targets.push_back(e.hex);
        if (fires && d >= 1 && d <= std::max(1, attribute(unit, r.range.index)) &&
            capability(static_cast<int>(i), Capability::CanBeFiredAt) &&
            std::find(fire_targets.begin(), fire_targets.end(), e.hex) == fire_targets.end() &&
            (d == 1 || clear_sight(unit, e.hex)))
            fire_targets.push_back(e.hex);
    }
    for (Hex h : fire_targets) task(PlotTask::Fire, h);
    if (fires) task(PlotTask::DefensiveFire, me.hex);
    for (Hex h : melee_targets) task(PlotTask::Melee, h);
}

void Game::plot_apply(const Action& a) {
    if (a.kind == ActionKind::EndPhase) {
        state_.selected = -1;
        for (auto& u : state_.units)
            if (u.side == plotting_side()) u.moved = true;
        if (logging_)
            note("  " + scenario_->sides[static_cast<std::size_t>(plotting_side())].name + " has written its orders");
        ++state_.at.stage;
        return;
    }
    if (a.kind == ActionKind::SelectUnit) {
        state_.selected = a.unit;
        state_.exit_mode = ZocExit::Free;
        range_unit_ = -1;
        return;
    }
    Plot p;
    p.task = static_cast<PlotTask>(a.index);
    p.hex = a.hex;
    p.from = state_.units[static_cast<std::size_t>(a.unit)].hex;
    if (p.task == PlotTask::Move) {
        p.path = plot_range(a.unit).path_to(a.hex);
        if (!p.path.empty()) p.path.erase(p.path.begin());  // the start
    }
    beside_.plots[static_cast<std::size_t>(a.unit)] = std::move(p);
    state_.units[static_cast<std::size_t>(a.unit)].moved = true;
    state_.selected = -1;
}

// ---- plotted combats -----------------------------------------------------

}  // namespace sandtable::kernel
