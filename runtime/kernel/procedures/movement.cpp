// The movement procedure (see movement.h). Facing (PRESTAGS optional rule
// 16.0), for units with the capability `faces`: a unit moves only into a
// front hex, turning to face each hex it enters; turning in place, up to 180
// degrees, costs one movement point (16.11).
#include "kernel/procedures/movement.h"

#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;
using geometry::StepCost;

bool MovementProcedure::step(Game& game) const {
    const int side = game.state_.at.active_side;
    if (game.state_.selected >= 0) {
        game.decide(DecisionKind::MoveDestination, side);
        return true;
    }
    // Listed once: legal_actions() takes this list rather than make it again.
    std::vector<Action>& listed = game.listing_buffer();
    list(game, listed);
    if (std::none_of(listed.begin(), listed.end(), [](const Action& a) { return a.kind() == ActionKind::SelectUnit; }))
        return false;
    game.decide_listed(DecisionKind::Movement, side);
    return true;
}

// A unit of the active side not yet moved, with an allowance, and not held by
// a script's mark (the phase's `barred_mark`: PRESTAGS panicked units move by rule).
// What does not depend on the unit is read once for a whole list of units.
struct MovementProcedure::Movers {
    const Game& game;
    int side;
    bool activation;  // in an activation loop, only the activated formation's units act
    const std::vector<std::string>& barred;
    explicit Movers(const Game& g)
        : game(g),
          side(g.state_.at.active_side),
          activation(g.activation().running()),
          barred(g.options<rules::MovementOptions>().barred_mark) {}
    bool operator()(int unit) const {
        const auto& u = game.state_.unit(unit);
        if (!u.on_map || u.side != side || u.moved || game.unit(unit).movement_allowance() <= 0) return false;
        if (activation && !game.activation().acts_now(unit)) return false;
        for (const auto& mark : barred)
            if (game.state_.mark(unit, mark) != 0) return false;
        return true;
    }
};

bool MovementProcedure::may_be_moved(const Game& game, int unit) { return Movers(game)(unit); }

void MovementProcedure::list(const Game& game, std::vector<Action>& out) const {
    if (game.state_.selected >= 0) {
        const int unit = game.state_.selected;
        const std::size_t listed_before = out.size();
        if (game.hex_board_.uses_facing(unit)) {
            facing_moves(game, unit, out);
        } else {
            const auto& range = movement_range(game, unit);
            const auto& hexes = range.hexes();
            const auto& indices = range.indices();
            out.reserve(hexes.size());
            const bool at_end = (game.options<rules::MovementOptions>().stacking_checked ==
                                 rules::MovementOptions::StackingChecked::EndOfPhase);
            const HexBoard::StackingRule stacking =
                game.hex_board_.stacking_rule(unit);  // read once for every hex in range
            for (std::size_t k = 0; k < hexes.size(); ++k)
                if (at_end ? may_move_into(game, unit, indices[k]) : stacking.allows(indices[k]))
                    out.push_back(act::MoveTo{unit, hexes[k]});
        }
        if (game.options<rules::MovementOptions>().always_one_hex) one_hex_moves(game, unit, out);
        exit_moves(game, unit, out);
        // The stacking lookahead (may_still_leave) counted on this unit leaving a crowded hex, and every way
        // out has since filled: it stays rather than leave its side with no move at all.
        if (out.size() == listed_before)
            out.push_back(act::MoveTo{unit, game.state_.unit(unit).hex, stay_facing(game, unit)});
        return;
    }
    const Movers movable(game);
    for (std::size_t i = 0; i < game.state_.units.size(); ++i)
        if (movable(static_cast<int>(i))) out.push_back(act::SelectUnit{static_cast<int>(i)});
    flip_actions(game, out);
    if (over_stacked_hex(game) < 0) out.push_back(act::EndPhase{});
}

// The facing a unit keeps when it stays: its own, for a unit with a facing; -1 otherwise.
int MovementProcedure::stay_facing(const Game& game, int unit) {
    return game.hex_board_.uses_facing(unit) ? game.unit(unit).facing() : -1;
}

// Units whose capability lets them change face "at the beginning of the
// movement phase" (BMW 9.5, 9.6) may do so until the first unit moves.
void MovementProcedure::flip_actions(const Game& game, std::vector<Action>& out) {
    const int side = game.state_.at.active_side;
    for (const auto& u : game.state_.units)
        if (u.side == side && u.moved) return;
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& u = game.state_.units[i];
        const int unit = static_cast<int>(i);
        if (!u.on_map || u.side != side || u.flipped || !game.unit(unit).type().back) continue;
        const int rule = game.unit(unit).capability(Capability::FlipsAtMovementStart);
        if (rule == 1 || (rule == 2 && !game.hex_board_.in_enemy_zoc(side, u.hex))) out.push_back(act::Flip{unit});
    }
}

// Asked once when a unit is picked: may it leave the EZOC it stands in?
ZocExit MovementProcedure::exit_mode(Game& game, int unit) {
    const auto& u = game.state_.unit(unit);
    if (!game.hex_board_.in_enemy_zoc(u.side, u.hex) || game.options<rules::MovementOptions>().ignore_zoc)
        return ZocExit::Free;
    EventContext ctx(Event::MoveExitZoc);
    ctx.set("unit", unit);
    ctx.set("allowed", 0);
    game.raise(ctx);
    if (!ctx.get("allowed")) return ZocExit::Barred;
    const std::string mode = ctx.text("mode");
    if (mode == "free") return ZocExit::Free;  // leaves freely, stops in the next enemy zone it enters
    return mode == "open" ? ZocExit::IntoNoZone : ZocExit::NotIntoAnotherZone;
}

void MovementProcedure::apply(Game& game, const Action& a) const {
    switch (a.kind()) {
        case ActionKind::EndPhase:
            game.state_.at.stage = 1;
            // Units not moved stay; mark all so the procedure ends.
            for (auto& u : game.state_.units)
                if (u.side == game.state_.at.active_side) u.moved = true;
            return;
        case ActionKind::Exit:
            return exit_map(game, a.get<act::Exit>());
        case ActionKind::Flip: {
            const int unit = a.get<act::Flip>().unit;
            auto& u = game.state_.unit(unit);
            game.set_back(unit, !u.back);
            u.flipped = true;
            if (game.recording_.log)
                game.note("  " + game.unit(unit).id() + " turns to its " + (u.back ? "back" : "front") + " face");
            return;
        }
        case ActionKind::SelectUnit:
            game.state_.selected = a.unit();
            game.state_.exit_mode = exit_mode(game, a.unit());
            game.range_unit_ = -1;
            return;
        default:
            return move(game, a.get<act::MoveTo>());
    }
}

void MovementProcedure::exit_map(Game& game, const act::Exit& exit) {
    const int unit = exit.unit;
    const Hex from = game.state_.unit(unit).hex;
    std::vector<Hex> path = movement_range(game, unit).path_to(exit.hex);
    if (game.hex_board_.uses_facing(unit))
        for (int f = 0; f < 6 && path.empty(); ++f) path = facing_path(game, unit, exit.hex, f);
    game.state_.selected = -1;
    game.state_.unit(unit).moved = true;
    if (exit.hex != from) game.move_along(unit, path, exit.hex);
    leave_map(game, unit, exit.hex);
}

void MovementProcedure::move(Game& game, const act::MoveTo& move) {
    const int unit = move.unit;
    Hex from = game.state_.unit(unit).hex;
    const bool faced = game.hex_board_.uses_facing(unit) && move.facing >= 0;
    std::vector<Hex> path =
        faced ? facing_path(game, unit, move.hex, move.facing) : movement_range(game, unit).path_to(move.hex);
    if (path.empty()) path = {from, move.hex};  // the one hex a unit may always move (5.15)
    game.state_.selected = -1;
    game.state_.unit(unit).moved = true;
    if (move.hex == from) {
        if (faced && move.facing != game.unit(unit).facing()) {
            game.set_facing(unit, move.facing);
            if (game.recording_.log) game.note("  " + game.unit(unit).id() + " turns in " + game.grid().label(from));
        }
        return;
    }
    game.move_along(unit, path, move.hex);
    if (faced) game.set_facing(unit, move.facing);
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " moves " + game.grid().label(from) + " to " +
                  game.grid().label(move.hex));
    if (!game.listening(Event::MoveEnd)) return;
    EventContext ctx(Event::MoveEnd);
    ctx.set("unit", unit);
    std::vector<int> indices;
    for (Hex h : path) indices.push_back(game.grid().index(h));
    ctx.set_list("path", std::move(indices));
    game.raise(ctx);
}

// A move's end: within the stacking limit, or (limit checked at the phase's end, PRESTAGS 5.26) over it while
// enough units there have not moved and can still leave; which units mix applies at all times (5.32).
bool MovementProcedure::may_move_into(const Game& game, int unit, int idx) {
    if (!(game.options<rules::MovementOptions>().stacking_checked ==
          rules::MovementOptions::StackingChecked::EndOfPhase))
        return game.hex_board_.may_stack_in(unit, idx);
    if (game.unit(unit).capability(Capability::StacksFreely)) return true;
    const auto& me = game.state_.unit(unit);
    const Hex h = game.grid().hex_at(idx);
    int counted = 0, leavers = 0;
    for (int o : game.hex_board_.units_at(h)) {
        if (o == unit || game.state_.unit(o).side != me.side || game.unit(o).capability(Capability::StacksFreely))
            continue;
        ++counted;
        if (may_still_leave(game, o)) ++leavers;
    }
    if (counted > 0 && !game.hex_board_.mixes_with_hex(unit, h)) return false;
    return counted + 1 - game.hex_board_.stacking_limit(me.side) <= leavers;
}

// A unit that has not moved this phase and has a step it could take out of its hex.
bool MovementProcedure::may_still_leave(const Game& game, int unit) {
    if (!may_be_moved(game, unit)) return false;
    const auto& u = game.state_.unit(unit);
    if (game.hex_board_.in_enemy_zoc(u.side, u.hex) && !game.options<rules::MovementOptions>().ignore_zoc) return false;
    const int allowance = game.unit(unit).movement_allowance();
    for (int d = 0; d < 6; ++d) {
        const int cost = game.hex_board_.step_cost(unit, u.hex, d);
        if (cost >= 0 && cost <= allowance && !game.hex_board_.enemy_present(u.side, geometry::neighbour(u.hex, d)))
            return true;
    }
    return false;
}

// A hex of the moving side holding more units than its stacking limit (-1: none), which keeps the phase going.
int MovementProcedure::over_stacked_hex(const Game& game) {
    if (!(game.options<rules::MovementOptions>().stacking_checked ==
          rules::MovementOptions::StackingChecked::EndOfPhase))
        return -1;
    const int side = game.state_.at.active_side;
    std::vector<int> counts(static_cast<std::size_t>(game.grid().size()), 0);
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& u = game.state_.units[i];
        if (!u.on_map || u.side != side || game.unit(static_cast<int>(i)).capability(Capability::StacksFreely))
            continue;
        const int idx = game.grid().index(u.hex);
        if (idx >= 0 && ++counts[static_cast<std::size_t>(idx)] > game.hex_board_.stacking_limit(side)) return idx;
    }
    return -1;
}

// PRESTAGS 5.15, 10.24: a unit may always move one hex into passable terrain
// (not an enemy's hex), whatever the step costs; that one hex is then its move.
void MovementProcedure::one_hex_moves(const Game& game, int unit, std::vector<Action>& out) {
    if (game.state_.exit_mode == ZocExit::Barred) return;
    const auto& me = game.state_.unit(unit);
    const int from = game.grid().index(me.hex);
    const bool faced = game.hex_board_.uses_facing(unit);
    const int* costs = game.hex_board_.step_costs(game.unit(unit).movement_class());
    for (int d = 0; d < 6; ++d) {
        const Hex n = geometry::neighbour(me.hex, d);
        const int i = game.grid().index(n);
        // Hexes the ordinary move reaches are offered already (a facing unit's by facing too).
        if (i < 0 || (!faced && movement_range(game, unit).reached(n)) ||
            costs[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(d)] < 0)
            continue;
        if (game.hex_board_.blockers(opponent_of(me.side))[static_cast<std::size_t>(i)] ||
            !game.hex_board_.may_stack_in(unit, i))
            continue;
        const Action move{act::MoveTo{unit, n, faced ? d : -1}};  // facing the hex entered
        if (std::find(out.begin(), out.end(), move) == out.end()) out.push_back(move);
    }
}

// 11.4: a unit may leave the map from one of its side's exit hexes that it
// reaches with at least one movement point left.
void MovementProcedure::exit_moves(const Game& game, int unit, std::vector<Action>& out) {
    const auto& me = game.state_.unit(unit);
    const int budget =
        game.unit(unit).movement_budget() - movement_cost_scale(game, unit) * game.ruleset().movement_point_parts;
    std::optional<FacingRange> faced;  // searched once, when the side has exits at all
    for (const auto& area : game.scenario_->exits) {
        if (area.side != me.side) continue;
        if (game.hex_board_.uses_facing(unit) && !faced) faced = facing_range(game, unit);
        for (Hex h : area.hexes) {
            int cost = -1;
            if (faced) {
                for (int f = 0; f < 6; ++f) {
                    const int c =
                        faced->states[static_cast<std::size_t>(game.grid().index(h)) * 6 + static_cast<std::size_t>(f)]
                            .cost;
                    if (c >= 0 && (cost < 0 || c < cost)) cost = c;
                }
            } else {
                cost = movement_range(game, unit).cost(h);
            }
            const Action exit{act::Exit{unit, h}};
            if (cost >= 0 && cost <= budget && std::find(out.begin(), out.end(), exit) == out.end())
                out.push_back(exit);
        }
    }
}

void MovementProcedure::leave_map(Game& game, int unit, Hex at) {
    auto& u = game.state_.unit(unit);
    game.count_on_board(unit, -1);
    u.on_map = false;
    u.exited = true;
    game.board_changed();
    // The exit area's points per unit, else the unit's own victory points.
    int points = game.unit(unit).victory_points();
    for (const auto& area : game.scenario_->exits)
        if (area.side == u.side && area.points >= 0 &&
            std::find(area.hexes.begin(), area.hexes.end(), at) != area.hexes.end())
            points = area.points;
    game.state_.sides[static_cast<std::size_t>(u.side)].exited_points += points;
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " leaves the map from " + game.grid().label(at) + " (" +
                  std::to_string(points) + " VP)");
}

int MovementProcedure::movement_cost_scale(const Game& game, int unit) {
    if (game.procedure().id != Game::Procedure::Movement) return 1;
    const std::string& halved = game.options<rules::MovementOptions>().halved_by_mark;
    return !halved.empty() && game.state_.mark(unit, halved) != 0 ? 2 : 1;
}

// The cost of one step for a unit now, from the per-hex tables: the enemy
// bars a hex, an enemy zone of control ends the move (or bars it, for a unit
// disengaging or a leader with no friend there), the rest is the map's cost.
struct MovementProcedure::MovementStep {
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
    // Nothing but enemies, zones that stop the move and the map's costs: the
    // usual case, searched with the PlainStep below.
    bool plain() const {
        return mode == ZocExit::Free && !needs_friend && zoc_cost < 0 && scale == 1 && !barriers && !halts && !barred;
    }
};

// MovementStep when plain(): the same answers with the branches that cannot
// apply left out (a unit's range is the search every bot action waits on).
struct MovementProcedure::PlainStep {
    const std::uint8_t* ezoc;
    const std::uint8_t* enemies;
    const int* costs;
    [[gnu::always_inline]] std::optional<StepCost> operator()(int from, int dir, int to) const {
        const auto idx = static_cast<std::size_t>(to);
        if (enemies[idx]) return std::nullopt;
        const int cost = costs[static_cast<std::size_t>(from) * 6 + static_cast<std::size_t>(dir)];
        if (cost < 0) return std::nullopt;
        return StepCost{cost, !ezoc[idx]};
    }
};

// Hexes a unit may not step into in this movement phase, filled into
// near_enemy_ (true when there are any): within `keep_away` hexes of an enemy
// unit for a unit with the `keep_away_mark` (a strategic move, regimental
// 2.0); every hex where no other unit of its formation stands for a unit with
// the `confine_mark` (a reshuffle of a holding regiment, 2.1, 2.4).
// A unit moving with the phase's `keep_away_mark` (a strategic move).
bool MovementProcedure::moves_marked(const Game& game, int unit) {
    if (game.procedure().id != Game::Procedure::Movement) return false;
    const rules::MovementOptions& r = game.options<rules::MovementOptions>();
    return !r.keep_away_mark.empty() && game.state_.mark(unit, r.keep_away_mark) != 0;
}

// Where entering a hex ends a move, for this unit: a marked unit moves on through `mark_passes` terrain
// (regimental 2.3: "a stand moving strategically can move into town without halting").
const std::uint8_t* MovementProcedure::halts_for(const Game& game, int unit) {
    const std::uint8_t* halts = game.hex_board_.terrain_halts();
    if (!halts || !moves_marked(game, unit)) return halts;
    const auto& passes = game.options<rules::MovementOptions>().mark_passes;
    if (passes.empty()) return halts;
    if (game.marked_halts_phase_ == game.phase_index())
        return game.marked_halts_.data();  // the map's terrain never changes
    game.marked_halts_.assign(halts, halts + game.grid().size());
    for (std::size_t i = 0; i < game.grid().size(); ++i)
        if (std::find(passes.begin(), passes.end(), game.scenario_->map.terrain[i]) != passes.end())
            game.marked_halts_[i] = 0;
    game.marked_halts_phase_ = game.phase_index();
    return game.marked_halts_.data();
}

// Sets near_enemy_ on every map hex within `radius` of `centre`: the hexes around it when they are fewer
// than the map's (a spiral of radius k holds 3k(k+1)+1 hexes), else a scan of the map, so that a radius
// meant as "anywhere" (keep_away: 1000) costs no more than the map.
void MovementProcedure::mark_within(const Game& game, Hex centre, int radius) {
    const auto& grid = game.grid();
    // Beyond columns + rows it reaches every hex (and 3k(k+1) could overflow).
    if (radius >= grid.columns() + grid.rows() ||
        3LL * radius * (radius + 1) + 1 > static_cast<long long>(grid.size())) {
        for (std::size_t i = 0; i < grid.size(); ++i)
            if (geometry::distance(grid.hex_at(static_cast<int>(i)), centre) <= radius) game.near_enemy_[i] = 1;
        return;
    }
    for (const geometry::Hex h : geometry::spiral(centre, radius))
        if (const int i = grid.index(h); i >= 0) game.near_enemy_[static_cast<std::size_t>(i)] = 1;
}

bool MovementProcedure::keeps_away(const Game& game, int unit) {
    if (game.procedure().id != Game::Procedure::Movement) return false;
    const rules::MovementOptions& r = game.options<rules::MovementOptions>();
    const bool marked = moves_marked(game, unit);
    const bool away = marked && r.keep_away > 0;
    const bool halts_before = marked && !r.mark_halts_before.empty();
    const bool confined = !r.confine_mark.empty() && game.state_.mark(unit, r.confine_mark) != 0;
    if (!away && !confined && !halts_before) return false;
    const auto& me = game.state_.unit(unit);
    game.near_enemy_.assign(game.grid().size(), confined ? 1 : 0);
    if (confined)
        for (std::size_t u = 0; u < game.state_.units.size(); ++u) {
            const auto& f = game.state_.units[u];
            if (static_cast<int>(u) != unit && f.on_map && game.formations_.of(static_cast<int>(u)) >= 0 &&
                game.formations_.of(static_cast<int>(u)) == game.formations_.of(unit))
                game.near_enemy_[static_cast<std::size_t>(game.grid().index(f.hex))] = 0;
        }
    if (away)
        for (const auto& e : game.state_.units)
            if (e.on_map && e.side != me.side) mark_within(game, e.hex, r.keep_away);
    // 2.3: "Halt before entering these features if moving strategic".
    if (halts_before)
        for (std::size_t i = 0; i < game.grid().size(); ++i)
            if (std::find(r.mark_halts_before.begin(), r.mark_halts_before.end(), game.scenario_->map.terrain[i]) !=
                r.mark_halts_before.end())
                game.near_enemy_[i] = 1;
    return true;
}

MovementProcedure::MovementStep MovementProcedure::step_rule(const Game& game, int unit, ZocExit mode) {
    const auto& me = game.state_.unit(unit);
    const int ezoc_cost = game.unit(unit).capability(Capability::EzocEntryCost);  // whole MP
    const bool ignore_zoc =
        game.procedure().id == Game::Procedure::Movement && game.options<rules::MovementOptions>().ignore_zoc;
    if (ignore_zoc && game.no_zoc_.size() != game.grid().size()) game.no_zoc_.assign(game.grid().size(), 0);
    const std::uint8_t* halts = halts_for(game, unit);
    const bool kept_away = keeps_away(game, unit);
    return MovementStep{
        mode,
        game.grid().index(me.hex),
        game.unit(unit).capability(Capability::EnterEzocNeedsFriend) != 0,
        ignore_zoc ? game.no_zoc_.data() : game.hex_board_.enemy_zoc(me.side),
        game.hex_board_.stackers(me.side),
        game.hex_board_.blockers(opponent_of(me.side)),
        game.hex_board_.step_costs(game.unit(unit).movement_class()),
        movement_cost_scale(game, unit),
        ezoc_cost < 0 ? ezoc_cost : ezoc_cost * game.ruleset().movement_point_parts,
        game.unit(unit).capability(Capability::IgnoresZocBarriers) ? nullptr : game.hex_board_.zoc_barriers(),
        halts,
        kept_away ? game.near_enemy_.data() : nullptr};
}

const geometry::MovementRange& MovementProcedure::movement_range(const Game& game, int unit) {
    if (game.range_unit_ != unit) {
        const auto& u = game.state_.unit(unit);
        const ZocExit mode = unit == game.state_.selected ? game.state_.exit_mode : ZocExit::Free;
        // The step rule inlined into the search: the hottest loop of a bot game.
        const MovementStep rule = step_rule(game, unit, mode);
        if (rule.plain())
            game.range_.compute_with(game.grid(), u.hex, game.unit(unit).movement_budget(),
                                     PlainStep{rule.ezoc, rule.enemies, rule.costs});
        else
            game.range_.compute_with(game.grid(), u.hex, game.unit(unit).movement_budget(), MovementStep(rule));
        game.range_unit_ = unit;
    }
    return game.range_;
}

// Facing (PRESTAGS 16.0, see the top of this file): movement over (hex, facing) states.
// Least cost to every (hex, facing) the unit can reach: a step into a front
// hex costs what the map says (double at half allowance) and faces that hex;
// a turn in place costs one point (two at half allowance). Entering an enemy
// zone of control ends the move, turning included.
MovementProcedure::FacingRange MovementProcedure::facing_range(const Game& game, int unit) {
    FacingRange r;
    const auto& me = game.state_.unit(unit);
    const int start = game.grid().index(me.hex);
    r.states.assign(game.grid().size() * 6, {});
    if (start < 0) return r;
    const int budget = game.unit(unit).movement_budget();
    const int scale =
        movement_cost_scale(game, unit) * game.ruleset().movement_point_parts;  // a turn in place: one point
    const auto step = step_rule(game, unit, unit == game.state_.selected ? game.state_.exit_mode : ZocExit::Free);
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
                const int to = game.grid().neighbour_index(idx, d);
                if (to < 0) continue;
                const auto c = step(idx, d, to);
                if (!c) continue;
                reach(to * 6 + d, cost + c->cost, state, !c->may_continue);
            }
        }
    }
    return r;
}

void MovementProcedure::facing_moves(const Game& game, int unit, std::vector<Action>& out) {
    const FacingRange r = facing_range(game, unit);
    for (std::size_t state = 0; state < r.states.size(); ++state) {
        if (r.states[state].cost < 0) continue;
        const int idx = static_cast<int>(state / 6);
        if (may_move_into(game, unit, idx))
            out.push_back(act::MoveTo{unit, game.grid().hex_at(idx), static_cast<int>(state % 6)});
    }
}

// The hexes entered on the cheapest way to (to, facing), the start first;
// empty when it is not reached.
std::vector<Hex> MovementProcedure::facing_path(const Game& game, int unit, Hex to, int facing) {
    const FacingRange r = facing_range(game, unit);
    const int goal = game.grid().index(to) * 6 + facing;
    if (goal < 0 || r.states[static_cast<std::size_t>(goal)].cost < 0) return {};
    std::vector<Hex> path;
    for (int s = goal; s >= 0; s = r.states[static_cast<std::size_t>(s)].parent) {
        const Hex h = game.grid().hex_at(s / 6);
        if (path.empty() || path.front() != h) path.insert(path.begin(), h);
    }
    return path;
}

}  // namespace sandtable::kernel
