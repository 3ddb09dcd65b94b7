// The retreat search: the hexes a unit may end a retreat in, and the path of
// least disruption to one (the combat procedures decide the rest, in
// procedures/odds_combat/retreats.cpp).
#include "kernel/board_queries.h"
#include "kernel/game.h"
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

namespace sandtable::kernel {

using geometry::Hex;

// Hexes `hexes` steps or more away, reached by steps that each go further from
// the start, never into an enemy, a hex the other side fought from in this
// combat (emptied or not: a retreat goes away from the foe, regimental 4.2),
// prohibited terrain or an EZOC hex that no friend holds; past the required
// distance only through friends. Each reached hex keeps the hex it was reached
// from, so the path can be traced.
Game::RetreatSearch Game::retreat_search(int unit, int hexes) const {
    RetreatSearch out;
    const auto& me = state_.unit(unit);
    const Hex start = me.hex;
    const std::vector<Hex>* foe_hexes = nullptr;
    if (state_.combat_open)
        foe_hexes = me.side == attacking_side() ? &state_.combat.defender_hexes : &state_.combat.attacker_hexes;
    auto foe_fought_from = [&](Hex h) {
        return foe_hexes && std::find(foe_hexes->begin(), foe_hexes->end(), h) != foe_hexes->end();
    };
    const auto mc = static_cast<std::size_t>(this->unit(unit).movement_class());
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
    return this->unit(unit).capability(Capability::EnterEzocNeedsFriend) &&
           hex_board_.friend_present(state_.unit(unit).side, to, unit);
}

std::vector<Hex> Game::retreat_destinations(int unit, int hexes) const {
    return retreat_search(unit, hexes).destinations;
}

std::vector<Hex> Game::retreat_path(int unit, Hex to) const {
    RetreatSearch search = retreat_search(unit, std::max(1, CombatResolution::retreat_length(*this, unit)));
    std::vector<Hex> path;
    for (std::size_t i = 0; i < search.reached.size(); ++i)
        if (search.reached[i].hex == to) {
            for (int at = static_cast<int>(i); at > 0; at = search.reached[static_cast<std::size_t>(at)].parent)
                path.insert(path.begin(), search.reached[static_cast<std::size_t>(at)].hex);
            return path;
        }
    return {to};  // placed by a script: no traced path
}

}  // namespace sandtable::kernel
