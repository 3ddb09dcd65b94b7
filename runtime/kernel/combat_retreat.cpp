// Retreats after combat (where a unit may go, the path of least disruption,
// the preferences of F&M 8.3) and the advance after combat.
#include "kernel/board_queries.h"
#include "kernel/game.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

namespace sandtable::kernel {

using geometry::Hex;

// Where a unit retreating from combat may end: the full distance; or, with
// the phase's `short_retreat: reduce` (F&M 8.3), when it cannot go that far,
// the farthest hexes it can reach, at least one away.
std::vector<Hex> Game::retreat_options(int unit) const {
    const int hexes = retreat_length(unit);
    RetreatSearch search = retreat_search(unit, hexes);
    const auto* pool = state_.combat_open && state_.combat.dice_pool ? dice_pool() : nullptr;
    if (pool && pool->long_fall_back_clear > 0 && capability(unit, Capability::RetreatHexes) > hexes)
        for (Hex h : long_fall_back(unit, capability(unit, Capability::RetreatHexes), pool->long_fall_back_clear))
            if (std::find(search.destinations.begin(), search.destinations.end(), h) == search.destinations.end())
                search.destinations.push_back(h);
    if (!(combat_rules().short_retreat == rules::CombatOptions::ShortRetreat::Reduce))
        return preferred_retreats(unit, search.destinations);
    // The retreat ends exactly `hexes` away (8.3), never further on through friends.
    const Hex start = state_.units[static_cast<std::size_t>(unit)].hex;
    std::erase_if(search.destinations, [&](Hex h) { return geometry::distance(start, h) != hexes; });
    if (!search.destinations.empty()) return preferred_retreats(unit, search.destinations);
    // None free at the full distance: push a friend out of one (8.3.1), or stop short and be reduced.
    std::vector<Hex> options = displacing_destinations(unit, search, hexes);
    std::vector<Hex> farthest;
    int best = 0;
    for (std::size_t i = 1; i < search.reached.size(); ++i) {
        const Hex h = search.reached[i].hex;
        const int d = geometry::distance(start, h);
        if (d >= hexes || !hex_board_.may_end_in(unit, h) || d < best) continue;
        if (d > best) farthest.clear(), best = d;
        farthest.push_back(h);
    }
    options.insert(options.end(), farthest.begin(), farthest.end());
    return options;
}

// Hexes up to `hexes` away (by steps, the first any hex a fall back may take)
// on ways whose later hexes all keep more than `clear` hexes from every enemy
// unit, ending so, where the unit may end (regimental 4.1: artillery's full move).
std::vector<Hex> Game::long_fall_back(int unit, int hexes, int clear) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    auto passable = [&](Hex from, int d, Hex to) {
        if (!grid().contains(to) || hex_board_.enemy_present(me.side, to)) return false;
        if (!ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(to))].cost[mc]) return false;
        const int f = scenario_->map.side_feature(from, d);
        return f < 0 || ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc].has_value();
    };
    auto clear_of_enemy = [&](Hex h) {
        const int e = kernel::distance_to_closest_enemy(state_, me.side, h);
        return e < 0 || e > clear;
    };
    std::vector<Hex> first = retreat_destinations(unit, 1), reached{me.hex}, out;
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
                if (hex_board_.may_end_in(unit, to)) out.push_back(to);
            }
        frontier = std::move(next);
    }
    return out;
}

int Game::distance_to_friendly_edge(int side, Hex h) const {
    const auto o = grid().to_offset(h);
    int best = -1;
    for (rules::MapEdge edge : scenario_->sides[static_cast<std::size_t>(side)].friendly_edges) {
        const int d = edge == rules::MapEdge::North   ? o.row
                      : edge == rules::MapEdge::South ? grid().rows() - 1 - o.row
                      : edge == rules::MapEdge::West  ? o.column
                                                      : grid().columns() - 1 - o.column;
        if (best < 0 || d < best) best = d;
    }
    return best;
}

namespace {
// Where the friend nearest to `unit` stands (the first in scenario order of those as near), if any.
std::optional<Hex> nearest_friend_hex(const GameState& state, int unit) {
    const auto& me = state.units[static_cast<std::size_t>(unit)];
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

std::vector<Hex> Game::preferred_retreats(int unit, std::vector<Hex> hexes) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    auto keep_if_any = [&](auto&& better) {
        std::vector<Hex> kept;
        for (Hex h : hexes)
            if (better(h)) kept.push_back(h);
        if (!kept.empty()) hexes = std::move(kept);
    };
    // 8.1.5: after a bombardment, farther from the closest enemy unit, if possible; "If there are
    // no enemy units on the map, the unit must retreat towards the closest friendly unit."
    if (const int now = combat_rules().bombardment ? kernel::distance_to_closest_enemy(state_, me.side, me.hex) : -1;
        now >= 0) {
        keep_if_any([&](Hex h) { return kernel::distance_to_closest_enemy(state_, me.side, h) > now; });
    } else if (combat_rules().bombardment) {
        const auto friend_at = nearest_friend_hex(state_, unit);
        if (friend_at)
            keep_if_any(
                [&](Hex h) { return geometry::distance(h, *friend_at) < geometry::distance(me.hex, *friend_at); });
    }
    // 8.3: closer to a friendly map edge, if possible.
    if (const int now = distance_to_friendly_edge(me.side, me.hex); now >= 0)
        keep_if_any([&](Hex h) { return distance_to_friendly_edge(me.side, h) < now; });
    return hexes;
}

// Retreats a unit; one that could not go the full distance is reduced where it stops (F&M 8.3).
void Game::retreat_to(int unit, Hex to) {
    const bool short_of_it =
        (combat_rules().short_retreat == rules::CombatOptions::ShortRetreat::Reduce) &&
        geometry::distance(state_.units[static_cast<std::size_t>(unit)].hex, to) < retreat_length(unit);
    retreat(unit, to);
    if (!short_of_it) return;
    if (logging_)
        note("  " + unit_id(unit) + " could not retreat the full " + std::to_string(retreat_length(unit)) + " hexes");
    lose_step(unit, true);
}

// Hexes `hexes` steps or more away, reached by steps that each go further from
// the start, never into an enemy, a hex the other side fought from in this
// combat (emptied or not: a retreat goes away from the foe, regimental 4.2),
// prohibited terrain or an EZOC hex that no friend holds; past the required
// distance only through friends. Each reached hex keeps the hex it was reached
// from, so the path can be traced.
Game::RetreatSearch Game::retreat_search(int unit, int hexes) const {
    RetreatSearch out;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const Hex start = me.hex;
    const std::vector<Hex>* foe_hexes = nullptr;
    if (state_.combat_open)
        foe_hexes = me.side == attacking_side() ? &state_.combat.defender_hexes : &state_.combat.attacker_hexes;
    auto foe_fought_from = [&](Hex h) {
        return foe_hexes && std::find(foe_hexes->begin(), foe_hexes->end(), h) != foe_hexes->end();
    };
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    out.reached.push_back({start, -1, false});
    std::vector<std::pair<Hex, bool>> found;  // destination, reached through friends
    std::vector<int> frontier{0};
    // A dice pool's fall back (regimental 4.1) may pass through enemy zones
    // but goes on until clear of them and of friends.
    const bool through_zones = state_.combat_open && state_.combat.dice_pool;
    for (int dist = 1; !frontier.empty() && dist <= hexes + 6; ++dist) {
        std::vector<int> next;
        for (int from_index : frontier) {
            const Hex from = out.reached[static_cast<std::size_t>(from_index)].hex;
            for (int d = 0; d < 6; ++d) {
                Hex to = geometry::neighbour(from, d);
                if (geometry::distance(to, start) != dist || !grid().contains(to)) continue;
                if (std::any_of(out.reached.begin(), out.reached.end(),
                                [&](const RetreatSearch::Node& n) { return n.hex == to; }))
                    continue;
                if (hex_board_.enemy_present(me.side, to) || foe_fought_from(to)) continue;
                if (!ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(to))].cost[mc]) continue;
                int f = scenario_->map.side_feature(from, d);
                if (f >= 0 && !ruleset_->hexside_features[static_cast<std::size_t>(f)].extra_cost[mc]) continue;
                const bool occupied = !hex_board_.may_end_in(unit, to);
                const bool ezoc = hex_board_.in_enemy_zoc(me.side, to);
                if (ezoc && !through_zones && !zone_opened_to_retreat(unit, to, occupied)) continue;
                const bool through = out.reached[static_cast<std::size_t>(from_index)].through_friends || occupied;
                out.reached.push_back({to, from_index, through});
                const int index = static_cast<int>(out.reached.size()) - 1;
                if (dist >= hexes && !occupied && !(through_zones && ezoc))
                    found.push_back({to, out.reached[static_cast<std::size_t>(from_index)].through_friends});
                else
                    next.push_back(index);
            }
        }
        frontier = std::move(next);
        if (through_zones && !found.empty()) break;  // 4.1: the shortest way out of the zones
    }
    // Through friends only when no free hex can be reached otherwise (7.8).
    const bool clean = std::any_of(found.begin(), found.end(), [](const auto& f) { return !f.second; });
    for (const auto& [hex, through] : found)
        if (!clean || !through) out.destinations.push_back(hex);
    return out;
}

// An enemy zone is closed to a retreat (5.1: "never negated by enemy or friendly units"), except where a friend
// stands and either the phase lets the retreat pass through him (F&M reading, `zoc_bars_retreat: false`) or the
// unit may enter a zone wherever a friend is (BMW 10.1: a leader joins him, and may stop there, 10.2).
bool Game::zone_opened_to_retreat(int unit, Hex to, bool occupied) const {
    if (occupied && !combat_rules().zoc_bars_retreat) return true;
    return capability(unit, Capability::EnterEzocNeedsFriend) &&
           hex_board_.friend_present(state_.units[static_cast<std::size_t>(unit)].side, to, unit);
}

std::vector<Hex> Game::retreat_destinations(int unit, int hexes) const {
    return retreat_search(unit, hexes).destinations;
}

std::vector<Hex> Game::retreat_path(int unit, Hex to) const {
    RetreatSearch search = retreat_search(unit, std::max(1, retreat_length(unit)));
    std::vector<Hex> path;
    for (std::size_t i = 0; i < search.reached.size(); ++i)
        if (search.reached[i].hex == to) {
            for (int at = static_cast<int>(i); at > 0; at = search.reached[static_cast<std::size_t>(at)].parent)
                path.insert(path.begin(), search.reached[static_cast<std::size_t>(at)].hex);
            return path;
        }
    return {to};  // placed by a script: no traced path
}

// BMW 7.8: a retreat through friends disorders them and the retreating unit; where the unit does not disorder
// those it passes (9.2: cavalry), "neither the cavalry nor the other unit is disrupted as a result of the retreat".
// Otherwise a retreat disorders the unit when its capability says so (11.1).
void Game::disorder_by_retreat(int unit, const std::vector<Hex>& path) {
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    std::vector<int> passed;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        for (int other : hex_board_.units_at(path[i]))
            if (other != unit && state_.units[static_cast<std::size_t>(other)].side == side) passed.push_back(other);
    const bool disorders_friends = capability(unit, Capability::DisordersRetreatedThrough) != 0;
    if (!passed.empty() && !disorders_friends) return;
    for (int other : passed) disorder(other);
    if (!passed.empty() || capability(unit, Capability::DisorderedByRetreat)) disorder(unit);
}

void Game::retreat(int unit, Hex to) {
    const Hex from = state_.units[static_cast<std::size_t>(unit)].hex;
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    std::vector<Hex> path = retreat_path(unit, to);
    disorder_by_retreat(unit, path);
    if (logging_) note("  " + unit_id(unit) + " retreats " + grid().label(from) + " to " + grid().label(to));
    if ((combat_rules().advance == rules::CombatOptions::Advance::PathOfRetreat) && state_.combat_open &&
        side != attacking_side()) {
        auto& trail = state_.combat.retreat_path;
        if (trail.empty()) trail.push_back(from);
        trail.insert(trail.end(), path.begin(), path.end());
    }
    move_along(unit, path, to);
    EventContext ctx(Event::UnitRetreated);
    ctx.set("unit", unit);
    ctx.set_text("from", grid().label(from));
    raise(ctx);
}

// F&M 8.5: after a defender's retreat, any attacker that took part may
// advance along the path it left, ignoring zones of control, to any hex of
// it not already taken (one unit to a hex); each decides in turn.
void Game::advance_along_retreat_actions(std::vector<Action>& out) const {
    const Combat& c = state_.combat;
    if (c.advance_done || c.retreat_path.empty() || c.advancing_side != attacking_side() || c.stiff_resistance) return;
    for (int u : c.attackers) {
        const auto& s = state_.units[static_cast<std::size_t>(u)];
        if (!s.on_map || contains(c.advanced, u)) continue;
        const auto mc = static_cast<std::size_t>(movement_class(u));
        for (std::size_t k = 0; k < c.retreat_path.size(); ++k) {
            const Hex h = c.retreat_path[k];
            if (hex_board_.enemy_present(s.side, h) ||
                !ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(h))].cost[mc])
                break;    // the path is cut
            if (k > 0) {  // nor across a hexside its class may not cross (a ditch the defender's infantry crossed)
                const int dir = geometry::direction_to(c.retreat_path[k - 1], h);
                const int feature = dir < 0 ? -1 : scenario_->map.side_feature(c.retreat_path[k - 1], dir);
                if (feature >= 0 && !ruleset_->hexside_features[static_cast<std::size_t>(feature)].extra_cost[mc])
                    break;
            }
            if (hex_board_.may_end_in(u, h) &&
                std::none_of(out.begin(), out.end(), [&](const Action& a) { return a.unit == u && a.hex == h; }))
                out.push_back({ActionKind::AdvanceTo, u, -1, h, -1});
        }
    }
    if (!out.empty()) out.push_back({ActionKind::Decline, -1, -1, {}, -1});
}

std::vector<Hex> Game::vacated_defender_hexes() const {
    const Combat& c = state_.combat;
    const bool attackers_advance = c.advancing_side == attacking_side();
    const auto& hexes = attackers_advance ? c.defender_hexes : c.attacker_hexes;
    const int losing_side = attackers_advance ? opponent_of(attacking_side()) : attacking_side();
    std::vector<Hex> out;
    for (Hex h : hexes) {
        bool empty = true;
        for (int u : hex_board_.units_at(h))
            if (state_.units[static_cast<std::size_t>(u)].side == losing_side &&
                capability(u, Capability::BlocksEnemyEntry))
                empty = false;
        if (empty && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    }
    return out;
}

// One victorious unit that took part may advance into a vacated hex, and
// further (ignoring zones of control) if its advance capability allows.
void Game::advance_actions(std::vector<Action>& out) const {
    const Combat& c = state_.combat;
    if (c.advance_done || c.advancing_side < 0) return;
    // Fire takes no ground unless the phase says so (`advance: vacated`, PRESTAGS 8.4: "When any hex is
    // vacated as a result of combat"): else only a combat at close quarters (a phase without `reach`,
    // hex targets or a terrain defence) is followed by an advance. Only units next to the hex advance.
    const rules::CombatOptions& fire = combat_rules();
    const bool fire_phase = fire.reach.index >= 0 || fire.inactive_attacks() ||
                            (fire.target == rules::CombatOptions::Target::Hex) || !fire.defence_from_terrain.empty() ||
                            fire.bombardment;
    const bool fire_advances = fire.advance_stated && fire.advance == rules::CombatOptions::Advance::Vacated;
    if (c.dice_pool ? !c.close_combat : fire_phase && !fire_advances) return;
    if ((fire.advance == rules::CombatOptions::Advance::PathOfRetreat)) return advance_along_retreat_actions(out);
    std::vector<Hex> vacated = vacated_defender_hexes();
    if (vacated.empty()) return;
    const bool attackers_advance = c.advancing_side == attacking_side();
    for (int u : attackers_advance ? c.attackers : c.defenders) {
        const auto& s = state_.units[static_cast<std::size_t>(u)];
        if (!s.on_map || contains(c.advanced, u)) continue;
        const auto mc = static_cast<std::size_t>(movement_class(u));
        std::vector<Hex> reach;
        for (Hex v : vacated)
            if (geometry::distance(v, s.hex) == 1 &&
                ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(v))].cost[mc])
                reach.push_back(v);
        // A script's demands on the advance (charges) bind the attacker only.
        if (attackers_advance && !c.advance_mark.empty() && state_.mark(u, c.advance_mark) == 0) continue;
        const int extra = c.advance_one_hex ? 0 : capability(u, Capability::AdvanceHexes) - 1;
        std::vector<Hex> frontier = reach;
        for (int step = 0; step < extra; ++step) {
            std::vector<Hex> next;
            for (Hex f : frontier)
                for (Hex n : geometry::neighbours(f))
                    if (grid().contains(n) && std::find(reach.begin(), reach.end(), n) == reach.end() && n != s.hex &&
                        !hex_board_.enemy_blocks(s.side, n) &&
                        ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(n))].cost[mc]) {
                        reach.push_back(n);
                        next.push_back(n);
                    }
            frontier = std::move(next);
        }
        for (Hex h : reach)
            if (hex_board_.may_end_in(u, h)) out.push_back({ActionKind::AdvanceTo, u, -1, h, -1});
    }
    if (!out.empty() && !(c.advance_required && attackers_advance))
        out.push_back({ActionKind::Decline, -1, -1, {}, -1});
}

}  // namespace sandtable::kernel
