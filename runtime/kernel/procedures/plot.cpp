// The plot procedure (PRESTAGS 19.0-21.0): each side in turn writes one
// task for each of its units, in secret; plotted_combat and plotted_movement
// phases carry them out (see kernel/plotting.cpp for what a plot is).
#include "kernel/procedures/plot.h"

#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

int PlotProcedure::plotting_side(const Game& game) {
    return game.state_.at.stage == 1 ? game.scenario_->first_side : opponent_of(game.scenario_->first_side);
}

// A unit with something to plot: on the map, able to move, fire or fight (a
// disrupted PRESTAGS unit, all zeros on its back, holds). Orders may be
// written again until the side says it is done; `moved` tells which have some.
bool PlotProcedure::may_plot(const Game& game, int unit) {
    return game.state_.unit(unit).side == plotting_side(game) && can_be_ordered(game, unit);
}

bool PlotProcedure::can_be_ordered(const Game& game, int unit) {
    const auto& u = game.state_.unit(unit);
    if (!u.on_map) return false;
    const rules::PlotOptions& r = game.options<rules::PlotOptions>();
    for (const auto& mark : r.barred_mark)
        if (game.state_.mark(unit, mark) != 0) return false;
    return game.unit(unit).movement_allowance() > 0 || game.unit(unit).attribute(r.melee.index) > 0 ||
           game.unit(unit).attribute(r.fire.index) > 0;
}

// Where a unit may be ordered to go: the map's costs only. The enemy may have
// gone by the time it gets there (20.3), and zones are those of units not
// ordered to move (21.1), neither known yet: movement resolution deals with both.
geometry::MovementRange PlotProcedure::plot_range(const Game& game, int unit) {
    geometry::MovementRange range;
    const int* costs = game.hex_board_.step_costs(game.unit(unit).movement_class());
    range.compute_with(game.grid(), game.state_.unit(unit).hex, game.unit(unit).movement_budget(),
                       [&](int from, int dir, int) -> std::optional<geometry::StepCost> {
                           const int cost = costs[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(dir)];
                           if (cost < 0) return std::nullopt;
                           return geometry::StepCost{cost, true};
                       });
    return range;
}

bool PlotProcedure::step(Game& game) const {
    if (game.state_.at.stage == 0) {
        std::fill(game.beside_.plots.begin(), game.beside_.plots.end(), Plot{});
        game.state_.at.stage = 1;
    }
    while (game.state_.at.stage <= 2) {
        if (game.state_.selected >= 0) {
            game.decide(DecisionKind::Plot, plotting_side(game));
            return true;
        }
        for (std::size_t i = 0; i < game.state_.units.size(); ++i)
            if (may_plot(game, static_cast<int>(i))) {
                game.decide(DecisionKind::Plot, plotting_side(game));
                return true;
            }
        if (game.recording_.log)
            game.note("  " + game.scenario_->sides[static_cast<std::size_t>(plotting_side(game))].name +
                      " has written its orders");
        ++game.state_.at.stage;
    }
    if (game.state_.at.stage == 3) {
        if (game.recording_.log)
            game.note("  both sides have written their orders; they are carried out phase by phase");
        game.state_.at.stage = 4;
    }
    return false;
}

void PlotProcedure::list(const Game& game, std::vector<Action>& out) const {
    if (game.state_.at.stage < 1 || game.state_.at.stage > 2) return;
    const int unit = game.state_.selected;
    if (unit < 0) {
        for (std::size_t i = 0; i < game.state_.units.size(); ++i)
            if (may_plot(game, static_cast<int>(i))) out.push_back(act::SelectUnit{static_cast<int>(i)});
        out.push_back(act::EndPhase{});  // the rest hold
        return;
    }
    tasks(game, unit, out);
}

void PlotProcedure::tasks(const Game& game, int unit, std::vector<Action>& out) {
    const auto& me = game.state_.unit(unit);
    auto task = [&](PlotTask t, Hex h) { out.push_back(act::Plot{unit, t, h}); };
    task(PlotTask::Hold, me.hex);
    // MV: any hex within the unit's allowance, by its least-cost path.
    if (game.unit(unit).movement_allowance() > 0) {
        const geometry::MovementRange range = plot_range(game, unit);
        for (std::size_t k = 0; k < range.hexes().size(); ++k)
            if (range.hexes()[k] != me.hex && game.hex_board_.may_end_in(unit, range.hexes()[k]))
                task(PlotTask::Move, range.hexes()[k]);
    }
    // Targets: hexes holding an enemy, each once.
    std::vector<Hex> fire_targets, melee_targets;
    const rules::PlotOptions& r = game.options<rules::PlotOptions>();
    const bool fires = game.unit(unit).attribute(r.fire.index) > 0;
    const bool fights = game.unit(unit).attribute(r.melee.index) > 0;
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& e = game.state_.units[i];
        if (!e.on_map || e.side == me.side) continue;
        const int d = geometry::distance(me.hex, e.hex);
        if (fights && d == 1 && std::find(melee_targets.begin(), melee_targets.end(), e.hex) == melee_targets.end())
            melee_targets.push_back(e.hex);
        if (fires && d >= 1 && d <= std::max(1, game.unit(unit).attribute(r.range.index)) &&
            game.unit(static_cast<int>(i)).capability(Capability::CanBeFiredAt) &&
            std::find(fire_targets.begin(), fire_targets.end(), e.hex) == fire_targets.end() &&
            (d == 1 || game.hex_board().clear_sight(unit, e.hex)))
            fire_targets.push_back(e.hex);
    }
    for (Hex h : fire_targets) task(PlotTask::Fire, h);
    if (fires) task(PlotTask::DefensiveFire, me.hex);
    for (Hex h : melee_targets) task(PlotTask::Melee, h);
}

void PlotProcedure::apply(Game& game, const Action& a) const {
    if (a.kind() == ActionKind::EndPhase) {
        game.state_.selected = -1;
        for (auto& u : game.state_.units)
            if (u.side == plotting_side(game)) u.moved = true;
        if (game.recording_.log)
            game.note("  " + game.scenario_->sides[static_cast<std::size_t>(plotting_side(game))].name +
                      " has written its orders");
        ++game.state_.at.stage;
        return;
    }
    if (a.kind() == ActionKind::SelectUnit) {
        game.state_.selected = a.unit();
        game.state_.exit_mode = ZocExit::Free;
        game.range_unit_ = -1;
        return;
    }
    write(game, a.get<act::Plot>());
    game.state_.selected = -1;
}

void PlotProcedure::write(Game& game, const act::Plot& order) {
    Plot p;
    p.task = order.task;
    p.hex = order.hex;
    p.from = game.state_.unit(order.unit).hex;
    if (p.task == PlotTask::Move) {
        p.path = plot_range(game, order.unit).path_to(order.hex);
        if (!p.path.empty()) p.path.erase(p.path.begin());  // the start
    }
    game.beside_.plots[static_cast<std::size_t>(order.unit)] = std::move(p);
    game.state_.unit(order.unit).moved = true;
}

// The other side has written its orders when the viewer writes (stage 2):
// each of its units gets a task drawn from those it could have been given.
void PlotProcedure::redraw_hidden(Game& game, int viewer, Dice& draw, const OrderModel& model) const {
    if (game.state_.at.stage < 1 || game.state_.at.stage > 3) return;
    std::vector<Action> options;
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& u = game.state_.units[i];
        if (u.side == viewer || !u.moved || !can_be_ordered(game, static_cast<int>(i))) continue;
        options.clear();
        tasks(game, static_cast<int>(i), options);
        write(game, options[pick_order(model, game, options, draw)].get<act::Plot>());
    }
}

}  // namespace sandtable::kernel
