// Retreats and advances after combat (PRESTAGS 7.x, BMW 7.x, F&M 8.3-8.5):
// where a unit may retreat, the friendly edge and the enemy it retreats from,
// disorder on the way, and who may advance into the hexes left.
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/board_queries.h"
#include "kernel/game.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
// Where the friend nearest to `unit` stands (the first in scenario order of those as near), if any.
std::optional<Hex> nearest_friend_hex(const GameState& state, int unit) {
    const auto& me = state.unit(unit);
    std::optional<Hex> best;
    int best_distance = 0;
    for (std::size_t i = 0; i < state.units.size(); ++i) {
        const auto& u = state.units[i];
        if (static_cast<int>(i) == unit || !u.on_map || u.side != me.side) continue;
        const int d = geometry::distance(u.hex, me.hex);
        if (!best || d < best_distance) best = u.hex, best_distance = d;
    }
    return best;
}
}  // namespace

// Where a unit retreating from combat may end: the full distance; or, with
// the phase's `short_retreat: reduce` (F&M 8.3), when it cannot go that far,
// the farthest hexes it can reach, at least one away.
std::vector<Hex> CombatResolution::retreat_options(const Game& game, int unit) {
    const int hexes = retreat_length(game, unit);
    Game::RetreatSearch search = game.retreat_search(unit, hexes);
    const auto* pool = game.state_.combat_open && game.state_.combat.dice_pool ? game.dice_pool() : nullptr;
    if (pool && pool->long_fall_back_clear > 0 && game.unit(unit).capability(Capability::RetreatHexes) > hexes)
        for (Hex h : long_fall_back(game, unit, game.unit(unit).capability(Capability::RetreatHexes),
                                    pool->long_fall_back_clear))
            if (std::find(search.destinations.begin(), search.destinations.end(), h) == search.destinations.end())
                search.destinations.push_back(h);
    if (!(game.combat_rules().short_retreat == rules::CombatOptions::ShortRetreat::Reduce))
        return preferred_retreats(game, unit, search.destinations);
    // The retreat ends exactly `hexes` away (8.3), never further on through friends.
    const Hex start = game.state_.unit(unit).hex;
    std::erase_if(search.destinations, [&](Hex h) { return geometry::distance(start, h) != hexes; });
    if (!search.destinations.empty()) return preferred_retreats(game, unit, search.destinations);
    // None free at the full distance: push a friend out of one (8.3.1), or stop short and be reduced.
    std::vector<Hex> options = displacing_destinations(game, unit, search, hexes);
    std::vector<Hex> farthest;
    int best = 0;
    for (std::size_t i = 1; i < search.reached.size(); ++i) {
        const Hex h = search.reached[i].hex;
        const int d = geometry::distance(start, h);
        if (d >= hexes || !game.hex_board_.may_end_in(unit, h) || d < best) continue;
        if (d > best) farthest.clear(), best = d;
        farthest.push_back(h);
    }
    options.insert(options.end(), farthest.begin(), farthest.end());
    return options;
}

// Hexes up to `hexes` away (by steps, the first any hex a fall back may take)
// on ways whose later hexes all keep more than `clear` hexes from every enemy
// unit, ending so, where the unit may end (regimental 4.1: artillery's full move).
std::vector<Hex> CombatResolution::long_fall_back(const Game& game, int unit, int hexes, int clear) {
    const auto& me = game.state_.unit(unit);
    const auto mc = static_cast<std::size_t>(game.unit(unit).movement_class());
    auto passable = [&](Hex from, int d, Hex to) {
        if (!game.grid().contains(to) || game.hex_board_.enemy_present(me.side, to)) return false;
        if (!game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board_.terrain_at(to))].cost[mc]) return false;
        const int f = game.scenario_->map.side_feature(from, d);
        return f < 0 || game.ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc].has_value();
    };
    auto clear_of_enemy = [&](Hex h) {
        const int e = kernel::distance_to_closest_enemy(game.state_, me.side, h);
        return e < 0 || e > clear;
    };
    std::vector<Hex> first = game.retreat_destinations(unit, 1), reached{me.hex}, out;
    std::vector<Hex> frontier = first;
    reached.insert(reached.end(), first.begin(), first.end());
    for (int step = 2; step <= hexes && !frontier.empty(); ++step) {
        std::vector<Hex> next;
        for (Hex from : frontier)
            for (int d = 0; d < 6; ++d) {
                const Hex to = geometry::neighbour(from, d);
                if (std::find(reached.begin(), reached.end(), to) != reached.end()) continue;
                if (!passable(from, d, to) || !clear_of_enemy(to)) continue;
                reached.push_back(to);
                next.push_back(to);
                if (game.hex_board_.may_end_in(unit, to)) out.push_back(to);
            }
        frontier = std::move(next);
    }
    return out;
}

int CombatResolution::distance_to_friendly_edge(const Game& game, int side, Hex h) {
    const auto o = game.grid().to_offset(h);
    int best = -1;
    for (rules::MapEdge edge : game.scenario_->sides[static_cast<std::size_t>(side)].friendly_edges) {
        const int d = edge == rules::MapEdge::North   ? o.row
                      : edge == rules::MapEdge::South ? game.grid().rows() - 1 - o.row
                      : edge == rules::MapEdge::West  ? o.column
                                                      : game.grid().columns() - 1 - o.column;
        if (best < 0 || d < best) best = d;
    }
    return best;
}

std::vector<Hex> CombatResolution::preferred_retreats(const Game& game, int unit, std::vector<Hex> hexes) {
    const auto& me = game.state_.unit(unit);
    auto keep_if_any = [&](auto&& better) {
        std::vector<Hex> kept;
        for (Hex h : hexes)
            if (better(h)) kept.push_back(h);
        if (!kept.empty()) hexes = std::move(kept);
    };
    // 8.1.5: after a bombardment, farther from the closest enemy unit, if possible; "If there are
    // no enemy units on the map, the unit must retreat towards the closest friendly unit."
    if (const int now =
            game.combat_rules().bombardment ? kernel::distance_to_closest_enemy(game.state_, me.side, me.hex) : -1;
        now >= 0) {
        keep_if_any([&](Hex h) { return kernel::distance_to_closest_enemy(game.state_, me.side, h) > now; });
    } else if (game.combat_rules().bombardment) {
        const auto friend_at = nearest_friend_hex(game.state_, unit);
        if (friend_at)
            keep_if_any(
                [&](Hex h) { return geometry::distance(h, *friend_at) < geometry::distance(me.hex, *friend_at); });
    }
    // 8.3: closer to a friendly map edge, if possible.
    if (const int now = distance_to_friendly_edge(game, me.side, me.hex); now >= 0)
        keep_if_any([&](Hex h) { return distance_to_friendly_edge(game, me.side, h) < now; });
    return hexes;
}

// Retreats a unit; one that could not go the full distance is reduced where it stops (F&M 8.3).
void CombatResolution::retreat_to(Game& game, int unit, Hex to) {
    const bool short_of_it = (game.combat_rules().short_retreat == rules::CombatOptions::ShortRetreat::Reduce) &&
                             geometry::distance(game.state_.unit(unit).hex, to) < retreat_length(game, unit);
    retreat(game, unit, to);
    if (!short_of_it) return;
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " could not retreat the full " +
                  std::to_string(retreat_length(game, unit)) + " hexes");
    lose_step(game, unit, true);
}

// BMW 7.8: a retreat through friends disorders them and the retreating unit; where the unit does not disorder
// those it passes (9.2: cavalry), "neither the cavalry nor the other unit is disrupted as a result of the retreat".
// Otherwise a retreat disorders the unit when its capability says so (11.1).
void CombatResolution::disorder_by_retreat(Game& game, int unit, const std::vector<Hex>& path) {
    const int side = game.state_.unit(unit).side;
    std::vector<int> passed;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        for (int other : game.hex_board_.units_at(path[i]))
            if (other != unit && game.state_.unit(other).side == side) passed.push_back(other);
    const bool disorders_friends = game.unit(unit).capability(Capability::DisordersRetreatedThrough) != 0;
    if (!passed.empty() && !disorders_friends) return;
    for (int other : passed) game.disorder(other);
    if (!passed.empty() || game.unit(unit).capability(Capability::DisorderedByRetreat)) game.disorder(unit);
}

void CombatResolution::retreat(Game& game, int unit, Hex to) {
    const Hex from = game.state_.unit(unit).hex;
    const int side = game.state_.unit(unit).side;
    std::vector<Hex> path = game.retreat_path(unit, to);
    disorder_by_retreat(game, unit, path);
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " retreats " + game.grid().label(from) + " to " +
                  game.grid().label(to));
    if ((game.combat_rules().advance == rules::CombatOptions::Advance::PathOfRetreat) && game.state_.combat_open &&
        side != game.attacking_side()) {
        auto& trail = game.state_.combat.retreat_path;
        if (trail.empty()) trail.push_back(from);
        trail.insert(trail.end(), path.begin(), path.end());
    }
    game.move_along(unit, path, to);
    EventContext ctx(Event::UnitRetreated);
    ctx.set("unit", unit);
    ctx.set_text("from", game.grid().label(from));
    game.raise(ctx);
}

// F&M 8.5: after a defender's retreat, any attacker that took part may
// advance along the path it left, ignoring zones of control, to any hex of
// it not already taken (one unit to a hex); each decides in turn.
void CombatResolution::advance_along_retreat_actions(const Game& game, std::vector<Action>& out) {
    const Combat& c = game.state_.combat;
    if (c.advance_done || c.retreat_path.empty() || c.advancing_side != game.attacking_side() || c.stiff_resistance)
        return;
    for (int u : c.attackers) {
        const auto& s = game.state_.unit(u);
        if (!s.on_map || contains(c.advanced, u)) continue;
        const auto mc = static_cast<std::size_t>(game.unit(u).movement_class());
        for (std::size_t k = 0; k < c.retreat_path.size(); ++k) {
            const Hex h = c.retreat_path[k];
            if (game.hex_board_.enemy_present(s.side, h) ||
                !game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board_.terrain_at(h))].cost[mc])
                break;    // the path is cut
            if (k > 0) {  // nor across a hexside its class may not cross (a ditch the defender's infantry crossed)
                const int dir = geometry::direction_to(c.retreat_path[k - 1], h);
                const int feature = dir < 0 ? -1 : game.scenario_->map.side_feature(c.retreat_path[k - 1], dir);
                if (feature >= 0 && !game.ruleset_->hexside_features[static_cast<std::size_t>(feature)].extra_cost[mc])
                    break;
            }
            if (game.hex_board_.may_end_in(u, h) &&
                std::none_of(out.begin(), out.end(), [&](const Action& a) { return a.unit() == u && a.hex() == h; }))
                out.push_back(act::AdvanceTo{u, h});
        }
    }
    if (!out.empty()) out.push_back(act::Decline{});
}

std::vector<Hex> CombatResolution::vacated_defender_hexes(const Game& game) {
    const Combat& c = game.state_.combat;
    const bool attackers_advance = c.advancing_side == game.attacking_side();
    const auto& hexes = attackers_advance ? c.defender_hexes : c.attacker_hexes;
    const int losing_side = attackers_advance ? opponent_of(game.attacking_side()) : game.attacking_side();
    std::vector<Hex> out;
    for (Hex h : hexes) {
        bool empty = true;
        for (int u : game.hex_board_.units_at(h))
            if (game.state_.unit(u).side == losing_side && game.unit(u).capability(Capability::BlocksEnemyEntry))
                empty = false;
        if (empty && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    }
    return out;
}

// One victorious unit that took part may advance into a vacated hex, and
// further (ignoring zones of control) if its advance capability allows.
void CombatResolution::advance_actions(const Game& game, std::vector<Action>& out) {
    const Combat& c = game.state_.combat;
    if (c.advance_done || c.advancing_side < 0) return;
    // Fire takes no ground unless the phase says so (`advance: vacated`, PRESTAGS 8.4: "When any hex is
    // vacated as a result of combat"): else only a combat at close quarters (a phase without `reach`,
    // hex targets or a terrain defence) is followed by an advance. Only units next to the hex advance.
    const rules::CombatOptions& fire = game.combat_rules();
    const bool fire_phase = fire.reach.index >= 0 || fire.inactive_attacks() ||
                            (fire.target == rules::CombatOptions::Target::Hex) || !fire.defence_from_terrain.empty() ||
                            fire.bombardment;
    const bool fire_advances = fire.advance_stated && fire.advance == rules::CombatOptions::Advance::Vacated;
    if (c.dice_pool ? !c.close_combat : fire_phase && !fire_advances) return;
    if ((fire.advance == rules::CombatOptions::Advance::PathOfRetreat)) return advance_along_retreat_actions(game, out);
    std::vector<Hex> vacated = vacated_defender_hexes(game);
    if (vacated.empty()) return;
    const bool attackers_advance = c.advancing_side == game.attacking_side();
    for (int u : attackers_advance ? c.attackers : c.defenders) {
        const auto& s = game.state_.unit(u);
        if (!s.on_map || contains(c.advanced, u)) continue;
        const auto mc = static_cast<std::size_t>(game.unit(u).movement_class());
        std::vector<Hex> reach;
        for (Hex v : vacated)
            if (geometry::distance(v, s.hex) == 1 &&
                game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board_.terrain_at(v))].cost[mc])
                reach.push_back(v);
        // A script's demands on the advance (charges) bind the attacker only.
        if (attackers_advance && !c.advance_mark.empty() && game.state_.mark(u, c.advance_mark) == 0) continue;
        const int extra = c.advance_one_hex ? 0 : game.unit(u).capability(Capability::AdvanceHexes) - 1;
        std::vector<Hex> frontier = reach;
        for (int step = 0; step < extra; ++step) {
            std::vector<Hex> next;
            for (Hex f : frontier)
                for (Hex n : geometry::neighbours(f))
                    if (game.grid().contains(n) && std::find(reach.begin(), reach.end(), n) == reach.end() &&
                        n != s.hex && !game.hex_board_.enemy_blocks(s.side, n) &&
                        game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board_.terrain_at(n))].cost[mc]) {
                        reach.push_back(n);
                        next.push_back(n);
                    }
            frontier = std::move(next);
        }
        for (Hex h : reach)
            if (game.hex_board_.may_end_in(u, h)) out.push_back(act::AdvanceTo{u, h});
    }
    if (!out.empty() && !(c.advance_required && attackers_advance)) out.push_back(act::Decline{});
}

}  // namespace sandtable::kernel
