// The movement procedure: the active player picks units one at a time and
// moves each along a least-cost path within its movement allowance. Terrain,
// hexside and road costs come from the ruleset; zones of control stop a unit
// on entry and hold it, unless a rule script lets it disengage.
#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;
using geometry::StepCost;

bool Game::movement_step() {
    if (state_.selected >= 0) {
        decide(DecisionKind::MoveDestination, state_.at.active_side);
        return true;
    }
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (may_be_moved(static_cast<int>(i))) {
            decide(DecisionKind::Movement, state_.at.active_side);
            return true;
        }
    return false;
}

// A unit of the active side not yet moved, with an allowance, and not held by
// a script's mark (the phase's `barred_mark`: PRESTAGS panicked units move by rule).
bool Game::may_be_moved(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map || u.side != state_.at.active_side || u.moved || movement_allowance(unit) <= 0 || !acts_now(unit))
        return false;
    for (const auto& mark : options<rules::MovementOptions>().barred_mark)
        if (state_.mark(unit, mark) != 0) return false;
    return true;
}

void Game::movement_actions(std::vector<Action>& out) const {
    if (state_.selected >= 0) {
        const int unit = state_.selected;
        if (uses_facing(unit)) {
            facing_moves(unit, out);
        } else {
            const auto& range = movement_range(unit);
            const auto& hexes = range.hexes();
            const auto& indices = range.indices();
            out.reserve(hexes.size());
            const bool at_end = (options<rules::MovementOptions>().stacking_checked ==
                                 rules::MovementOptions::StackingChecked::EndOfPhase);
            const HexBoard::StackingRule stacking = hex_board_.stacking_rule(unit);  // read once for every hex in range
            for (std::size_t k = 0; k < hexes.size(); ++k)
                if (at_end ? may_move_into(unit, indices[k]) : stacking.allows(indices[k]))
                    out.push_back({ActionKind::MoveTo, unit, -1, hexes[k], -1});
        }
        if (options<rules::MovementOptions>().always_one_hex) one_hex_moves(unit, out);
        exit_moves(unit, out);
        return;
    }
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (may_be_moved(static_cast<int>(i))) out.push_back({ActionKind::SelectUnit, static_cast<int>(i), -1, {}, -1});
    flip_actions(out);
    if (over_stacked_hex() < 0) out.push_back({ActionKind::EndPhase, -1, -1, {}, -1});
}

// Units whose capability lets them change face "at the beginning of the
// movement phase" (BMW 9.5, 9.6) may do so until the first unit moves.
void Game::flip_actions(std::vector<Action>& out) const {
    const int side = state_.at.active_side;
    for (const auto& u : state_.units)
        if (u.side == side && u.moved) return;
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        const int unit = static_cast<int>(i);
        if (!u.on_map || u.side != side || u.flipped || !unit_type(unit).back) continue;
        const int rule = capability(unit, Capability::FlipsAtMovementStart);
        if (rule == 1 || (rule == 2 && !hex_board_.in_enemy_zoc(side, u.hex)))
            out.push_back({ActionKind::Flip, unit, -1, {}, -1});
    }
}

// Asked once when a unit is picked: may it leave the EZOC it stands in?
ZocExit Game::exit_mode(int unit) {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!hex_board_.in_enemy_zoc(u.side, u.hex) || options<rules::MovementOptions>().ignore_zoc) return ZocExit::Free;
    EventContext ctx(Event::MoveExitZoc);
    ctx.set("unit", unit);
    ctx.set("allowed", 0);
    raise(ctx);
    if (!ctx.get("allowed")) return ZocExit::Barred;
    const std::string mode = ctx.text("mode");
    if (mode == "free") return ZocExit::Free;  // leaves freely, stops in the next enemy zone it enters
    return mode == "open" ? ZocExit::IntoNoZone : ZocExit::NotIntoAnotherZone;
}

void Game::movement_apply(const Action& a) {
    if (a.kind == ActionKind::EndPhase) {
        state_.at.stage = 1;
        // Units not moved stay; mark all so the procedure ends.
        for (auto& u : state_.units)
            if (u.side == state_.at.active_side) u.moved = true;
        return;
    }
    if (a.kind == ActionKind::Exit) {
        const int unit = a.unit;
        const Hex from = state_.units[static_cast<std::size_t>(unit)].hex;
        std::vector<Hex> path = movement_range(unit).path_to(a.hex);
        if (uses_facing(unit))
            for (int f = 0; f < 6 && path.empty(); ++f) path = facing_path(unit, a.hex, f);
        state_.selected = -1;
        state_.units[static_cast<std::size_t>(unit)].moved = true;
        if (a.hex != from) move_along(unit, path, a.hex);
        leave_map(unit, a.hex);
        return;
    }
    if (a.kind == ActionKind::Flip) {
        auto& u = state_.units[static_cast<std::size_t>(a.unit)];
        set_back(a.unit, !u.back);
        u.flipped = true;
        if (logging_) note("  " + unit_id(a.unit) + " turns to its " + (u.back ? "back" : "front") + " face");
        return;
    }
    if (a.kind == ActionKind::SelectUnit) {
        state_.selected = a.unit;
        state_.exit_mode = exit_mode(a.unit);
        range_unit_ = -1;
        return;
    }
    // MoveTo
    const int unit = a.unit;
    Hex from = state_.units[static_cast<std::size_t>(unit)].hex;
    const bool faced = uses_facing(unit) && a.index >= 0;
    std::vector<Hex> path = faced ? facing_path(unit, a.hex, a.index) : movement_range(unit).path_to(a.hex);
    if (path.empty()) path = {from, a.hex};  // the one hex a unit may always move (5.15)
    state_.selected = -1;
    state_.units[static_cast<std::size_t>(unit)].moved = true;
    if (a.hex == from) {
        if (faced && a.index != facing(unit)) {
            set_facing(unit, a.index);
            if (logging_) note("  " + unit_id(unit) + " turns in " + grid().label(from));
        }
        return;
    }
    move_along(unit, path, a.hex);
    if (faced) set_facing(unit, a.index);
    if (logging_) note("  " + unit_id(unit) + " moves " + grid().label(from) + " to " + grid().label(a.hex));
    if (!listening(Event::MoveEnd)) return;
    EventContext ctx(Event::MoveEnd);
    ctx.set("unit", unit);
    std::vector<int> indices;
    for (Hex h : path) indices.push_back(grid().index(h));
    ctx.set_list("path", std::move(indices));
    raise(ctx);
}

// A move's end: within the stacking limit, or (limit checked at the phase's end, PRESTAGS 5.26) over it while
// enough units there have not moved and can still leave; which units mix applies at all times (5.32).
bool Game::may_move_into(int unit, int idx) const {
    if (!(options<rules::MovementOptions>().stacking_checked == rules::MovementOptions::StackingChecked::EndOfPhase))
        return hex_board_.may_stack_in(unit, idx);
    if (capability(unit, Capability::StacksFreely)) return true;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const Hex h = grid().hex_at(idx);
    int counted = 0, leavers = 0;
    for (int o : hex_board_.units_at(h)) {
        if (o == unit || state_.units[static_cast<std::size_t>(o)].side != me.side ||
            capability(o, Capability::StacksFreely))
            continue;
        ++counted;
        if (may_still_leave(o)) ++leavers;
    }
    if (counted > 0 && !hex_board_.mixes_with_hex(unit, h)) return false;
    return counted + 1 - hex_board_.stacking_limit(me.side) <= leavers;
}

// A unit that has not moved this phase and has a step it could take out of its hex.
bool Game::may_still_leave(int unit) const {
    if (!may_be_moved(unit)) return false;
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (hex_board_.in_enemy_zoc(u.side, u.hex) && !options<rules::MovementOptions>().ignore_zoc) return false;
    const int allowance = movement_allowance(unit);
    for (int d = 0; d < 6; ++d) {
        const int cost = hex_board_.step_cost(unit, u.hex, d);
        if (cost >= 0 && cost <= allowance && !hex_board_.enemy_present(u.side, geometry::neighbour(u.hex, d)))
            return true;
    }
    return false;
}

// A hex of the moving side holding more units than its stacking limit (-1: none), which keeps the phase going.
int Game::over_stacked_hex() const {
    if (!(options<rules::MovementOptions>().stacking_checked == rules::MovementOptions::StackingChecked::EndOfPhase))
        return -1;
    const int side = state_.at.active_side;
    std::vector<int> counts(static_cast<std::size_t>(grid().size()), 0);
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (!u.on_map || u.side != side || capability(static_cast<int>(i), Capability::StacksFreely)) continue;
        const int idx = grid().index(u.hex);
        if (idx >= 0 && ++counts[static_cast<std::size_t>(idx)] > hex_board_.stacking_limit(side)) return idx;
    }
    return -1;
}

// PRESTAGS 5.15, 10.24: a unit may always move one hex into passable terrain
// (not an enemy's hex), whatever the step costs; that one hex is then its move.
void Game::one_hex_moves(int unit, std::vector<Action>& out) const {
    if (state_.exit_mode == ZocExit::Barred) return;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const int from = grid().index(me.hex);
    const bool faced = uses_facing(unit);
    const int* costs = hex_board_.step_costs(movement_class(unit));
    for (int d = 0; d < 6; ++d) {
        const Hex n = geometry::neighbour(me.hex, d);
        const int i = grid().index(n);
        // Hexes the ordinary move reaches are offered already (a facing unit's by facing too).
        if (i < 0 || (!faced && movement_range(unit).reached(n)) ||
            costs[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(d)] < 0)
            continue;
        if (hex_board_.blockers(opponent_of(me.side))[static_cast<std::size_t>(i)] || !hex_board_.may_stack_in(unit, i))
            continue;
        const Action move{ActionKind::MoveTo, unit, -1, n, faced ? d : -1};  // facing the hex entered
        if (std::find(out.begin(), out.end(), move) == out.end()) out.push_back(move);
    }
}

// 11.4: a unit may leave the map from one of its side's exit hexes that it
// reaches with at least one movement point left.
void Game::exit_moves(int unit, std::vector<Action>& out) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const int budget = movement_budget(unit) - movement_cost_scale(unit) * movement_point_parts();
    std::optional<FacingRange> faced;  // searched once, when the side has exits at all
    for (const auto& area : scenario_->exits) {
        if (area.side != me.side) continue;
        if (uses_facing(unit) && !faced) faced = facing_range(unit);
        for (Hex h : area.hexes) {
            int cost = -1;
            if (faced) {
                for (int f = 0; f < 6; ++f) {
                    const int c =
                        faced->states[static_cast<std::size_t>(grid().index(h)) * 6 + static_cast<std::size_t>(f)].cost;
                    if (c >= 0 && (cost < 0 || c < cost)) cost = c;
                }
            } else {
                cost = movement_range(unit).cost(h);
            }
            const Action exit{ActionKind::Exit, unit, -1, h, -1};
            if (cost >= 0 && cost <= budget && std::find(out.begin(), out.end(), exit) == out.end())
                out.push_back(exit);
        }
    }
}

void Game::leave_map(int unit, Hex at) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    count_on_board(unit, -1);
    u.on_map = false;
    u.exited = true;
    board_changed();
    // The exit area's points per unit, else the unit's own victory points.
    int points = victory_points_of(unit);
    for (const auto& area : scenario_->exits)
        if (area.side == u.side && area.points >= 0 &&
            std::find(area.hexes.begin(), area.hexes.end(), at) != area.hexes.end())
            points = area.points;
    state_.sides[static_cast<std::size_t>(u.side)].exited_points += points;
    if (logging_)
        note("  " + unit_id(unit) + " leaves the map from " + grid().label(at) + " (" + std::to_string(points) +
             " VP)");
}

int Game::movement_cost_scale(int unit) const {
    if (procedure().id != Procedure::Movement) return 1;
    const std::string& halved = options<rules::MovementOptions>().halved_by_mark;
    return !halved.empty() && state_.mark(unit, halved) != 0 ? 2 : 1;
}

// The cost of one step for a unit now, from the per-hex tables: the enemy
// bars a hex, an enemy zone of control ends the move (or bars it, for a unit
// disengaging or a leader with no friend there), the rest is the map's cost.
struct Game::MovementStep {
    ZocExit mode;
    int start;
    bool needs_friend;
    const std::uint8_t* ezoc;
    const std::uint8_t* friends;
    const std::uint8_t* enemies;
    const int* costs;
    int scale;     // 2: the unit moves at half its allowance, fractions kept
    int zoc_cost;  // -1: entering an EZOC hex ends the move; else its extra MP, and the move goes on
    const std::uint8_t*
        barriers;  // per hex and direction: no step from zone to zone (null: none, or the unit ignores them)
    const std::uint8_t*
        halts;  // per hex: 1 entering it ends the move, 2 also only as a first step (null: no such terrain)
    const std::uint8_t*
        barred;  // per hex: 1 the unit may not enter (too near the enemy on a strategic move); null: none

    // Inlined into the search (GCC had stopped doing so on its own): the hottest loop of a bot game.
    [[gnu::always_inline]] std::optional<StepCost> operator()(int from, int dir, int to) const {
        if (mode == ZocExit::Barred) return std::nullopt;
        const auto idx = static_cast<std::size_t>(to);
        if (enemies[idx] || (barred && barred[idx])) return std::nullopt;
        const bool zoc = ezoc[idx];
        if (zoc && (mode == ZocExit::IntoNoZone || (mode == ZocExit::NotIntoAnotherZone && from == start)))
            return std::nullopt;
        if (zoc && needs_friend && !friends[idx]) return std::nullopt;
        const int cost = costs[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(dir)];
        if (cost < 0) return std::nullopt;
        if (zoc && barriers && ezoc[static_cast<std::size_t>(from)] &&
            barriers[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(dir)])
            return std::nullopt;
        const int halt = halts ? halts[idx] : 0;
        if (halt == 2 && from != start) return std::nullopt;
        if (zoc && zoc_cost >= 0) return StepCost{(cost + zoc_cost) * scale, halt == 0};
        return StepCost{cost * scale, !zoc && halt == 0};
    }
};

// Hexes a unit may not step into in this movement phase, filled into
// near_enemy_ (true when there are any): within `keep_away` hexes of an enemy
// unit for a unit with the `keep_away_mark` (a strategic move, regimental
// 2.0); every hex where no other unit of its formation stands for a unit with
// the `confine_mark` (a reshuffle of a holding regiment, 2.1, 2.4).
// A unit moving with the phase's `keep_away_mark` (a strategic move).
bool Game::moves_marked(int unit) const {
    if (procedure().id != Procedure::Movement) return false;
    const rules::MovementOptions& r = options<rules::MovementOptions>();
    return !r.keep_away_mark.empty() && state_.mark(unit, r.keep_away_mark) != 0;
}

// Where entering a hex ends a move, for this unit: a marked unit moves on through `mark_passes` terrain
// (regimental 2.3: "a stand moving strategically can move into town without halting").
const std::uint8_t* Game::halts_for(int unit) const {
    const std::uint8_t* halts = hex_board_.terrain_halts();
    if (!halts || !moves_marked(unit)) return halts;
    const auto& passes = options<rules::MovementOptions>().mark_passes;
    if (passes.empty()) return halts;
    if (marked_halts_phase_ == phase_index()) return marked_halts_.data();  // the map's terrain never changes
    marked_halts_.assign(halts, halts + grid().size());
    for (std::size_t i = 0; i < grid().size(); ++i)
        if (std::find(passes.begin(), passes.end(), scenario_->map.terrain[i]) != passes.end()) marked_halts_[i] = 0;
    marked_halts_phase_ = phase_index();
    return marked_halts_.data();
}

bool Game::keeps_away(int unit) const {
    if (procedure().id != Procedure::Movement) return false;
    const rules::MovementOptions& r = options<rules::MovementOptions>();
    const bool marked = moves_marked(unit);
    const bool away = marked && r.keep_away > 0;
    const bool halts_before = marked && !r.mark_halts_before.empty();
    const bool confined = !r.confine_mark.empty() && state_.mark(unit, r.confine_mark) != 0;
    if (!away && !confined && !halts_before) return false;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    near_enemy_.assign(grid().size(), confined ? 1 : 0);
    if (confined)
        for (std::size_t u = 0; u < state_.units.size(); ++u) {
            const auto& f = state_.units[u];
            if (static_cast<int>(u) != unit && f.on_map && formations_.of(static_cast<int>(u)) >= 0 &&
                formations_.of(static_cast<int>(u)) == formations_.of(unit))
                near_enemy_[static_cast<std::size_t>(grid().index(f.hex))] = 0;
        }
    if (away)
        for (const auto& e : state_.units) {
            if (!e.on_map || e.side == me.side) continue;
            for (std::size_t i = 0; i < grid().size(); ++i)
                if (geometry::distance(grid().hex_at(static_cast<int>(i)), e.hex) <= r.keep_away) near_enemy_[i] = 1;
        }
    // 2.3: "Halt before entering these features if moving strategic".
    if (halts_before)
        for (std::size_t i = 0; i < grid().size(); ++i)
            if (std::find(r.mark_halts_before.begin(), r.mark_halts_before.end(), scenario_->map.terrain[i]) !=
                r.mark_halts_before.end())
                near_enemy_[i] = 1;
    return true;
}

Game::MovementStep Game::movement_step_rule(int unit, ZocExit mode) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const int ezoc_cost = capability(unit, Capability::EzocEntryCost);  // whole MP
    const bool ignore_zoc = procedure().id == Procedure::Movement && options<rules::MovementOptions>().ignore_zoc;
    if (ignore_zoc && no_zoc_.size() != grid().size()) no_zoc_.assign(grid().size(), 0);
    const std::uint8_t* halts = halts_for(unit);
    const bool kept_away = keeps_away(unit);
    return MovementStep{mode,
                        grid().index(me.hex),
                        capability(unit, Capability::EnterEzocNeedsFriend) != 0,
                        ignore_zoc ? no_zoc_.data() : hex_board_.enemy_zoc(me.side),
                        hex_board_.stackers(me.side),
                        hex_board_.blockers(opponent_of(me.side)),
                        hex_board_.step_costs(movement_class(unit)),
                        movement_cost_scale(unit),
                        ezoc_cost < 0 ? ezoc_cost : ezoc_cost * movement_point_parts(),
                        capability(unit, Capability::IgnoresZocBarriers) ? nullptr : hex_board_.zoc_barriers(),
                        halts,
                        kept_away ? near_enemy_.data() : nullptr};
}

const geometry::MovementRange& Game::movement_range(int unit) const {
    if (range_unit_ != unit) {
        const auto& u = state_.units[static_cast<std::size_t>(unit)];
        const ZocExit mode = unit == state_.selected ? state_.exit_mode : ZocExit::Free;
        // The step rule inlined into the search: the hottest loop of a bot game.
        range_.compute_with(grid(), u.hex, movement_budget(unit), movement_step_rule(unit, mode));
        range_unit_ = unit;
    }
    return range_;
}

// Facing (PRESTAGS 16.0, see facing.cpp): here because it steps by the same rule.
// Least cost to every (hex, facing) the unit can reach: a step into a front
// hex costs what the map says (double at half allowance) and faces that hex;
// a turn in place costs one point (two at half allowance). Entering an enemy
// zone of control ends the move, turning included.
Game::FacingRange Game::facing_range(int unit) const {
    FacingRange r;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const int start = grid().index(me.hex);
    r.states.assign(grid().size() * 6, {});
    if (start < 0) return r;
    const int budget = movement_budget(unit);
    const int scale = movement_cost_scale(unit) * movement_point_parts();  // a turn in place: one point
    const auto step = movement_step_rule(unit, unit == state_.selected ? state_.exit_mode : ZocExit::Free);
    // Costs are small: a bucket per cost (Dial's algorithm), as in the geometry's search.
    std::vector<std::vector<int>> buckets(static_cast<std::size_t>(budget) + 1);
    auto reach = [&](int state, int cost, int parent, bool stopped) {
        auto& s = r.states[static_cast<std::size_t>(state)];
        if (cost > budget || (s.cost >= 0 && s.cost <= cost)) return;
        s = {cost, parent, stopped};
        buckets[static_cast<std::size_t>(cost)].push_back(state);
    };
    reach(start * 6 + me.facing, 0, -1, false);
    for (int cost = 0; cost <= budget; ++cost) {
        for (std::size_t k = 0; k < buckets[static_cast<std::size_t>(cost)].size(); ++k) {
            const int state = buckets[static_cast<std::size_t>(cost)][k];
            const auto& s = r.states[static_cast<std::size_t>(state)];
            if (s.cost != cost || s.stopped) continue;
            const int idx = state / 6, f = state % 6;
            for (int turn = 0; turn < 6; ++turn)
                if (turn != f) reach(idx * 6 + turn, cost + scale, state, false);
            for (int d : {(f + 5) % 6, f, (f + 1) % 6}) {
                const int to = grid().neighbour_index(idx, d);
                if (to < 0) continue;
                const auto c = step(idx, d, to);
                if (!c) continue;
                reach(to * 6 + d, cost + c->cost, state, !c->may_continue);
            }
        }
    }
    return r;
}

}  // namespace sandtable::kernel
