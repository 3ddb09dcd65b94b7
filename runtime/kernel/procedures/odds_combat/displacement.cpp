// Displacement (F&M 8.3.1), with `short_retreat: reduce`: when the only hexes
// a retreat may end in, at its full distance, hold friends, the retreating
// player may push one of them to an adjacent hex as if it retreated too (not
// into an enemy, prohibited terrain or an enemy zone), and that one may push
// another in turn; then the retreating unit moves in. Displacing is a
// choice: the hexes short of the full distance, where the unit is reduced,
// stay on offer. A unit cannot be pushed into a hex whose friend has nowhere
// to go, nor back into a hex of the chain.
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/game.h"

#include <algorithm>
#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
bool in_chain(const std::vector<int>& chain, int unit) {
    return std::find(chain.begin(), chain.end(), unit) != chain.end();
}
}  // namespace

// Must a friend make room before the retreating unit may end in the hex
// (F&M 8.3.1, with short_retreat: reduce)?
bool CombatResolution::needs_room(const Game& game, int unit, Hex h) {
    return (game.combat_rules().short_retreat == rules::CombatOptions::ShortRetreat::Reduce) &&
           !game.hex_board_.may_end_in(unit, h) && holds_friend(game, unit, h);
}

// Does a friend of `unit` stand in the hex (one it could be asked to make room)?
bool CombatResolution::holds_friend(const Game& game, int unit, Hex h) {
    const int side = game.state_.unit(unit).side;
    for (int o : game.hex_board_.units_at(h))
        if (o != unit && game.state_.unit(o).side == side) return true;
    return false;
}

// May the unit step into the hex next to it as a displaced unit: on the map,
// no enemy, no enemy zone, passable for its class, not on a hex to avoid.
bool CombatResolution::may_be_pushed_into(const Game& game, int unit, Hex from, int direction,
                                          const std::vector<Hex>& avoid) {
    const auto& me = game.state_.unit(unit);
    const Hex h = geometry::neighbour(from, direction);
    if (!game.grid().contains(h) || game.hex_board_.enemy_present(me.side, h) ||
        game.hex_board_.in_enemy_zoc(me.side, h))
        return false;
    if (std::find(avoid.begin(), avoid.end(), h) != avoid.end()) return false;
    const auto mc = static_cast<std::size_t>(game.unit(unit).movement_class());
    if (!game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board_.terrain_at(h))].cost[mc]) return false;
    const int feature = game.scenario_->map.side_feature(from, direction);
    return feature < 0 || game.ruleset_->hexside_features[static_cast<std::size_t>(feature)].extra_cost[mc];
}

// Hexes next to the unit it may be displaced into: free ones, and those of
// friends that can be displaced in their turn (not back along the chain);
// never where a unit of the chain stands, which it is making way for, nor
// on the hexes to `avoid` (the retreating unit's path).
std::vector<Hex> CombatResolution::displacement_hexes(const Game& game, int unit, const std::vector<int>& chain,
                                                      const std::vector<Hex>& avoid) {
    std::vector<Hex> out;
    const auto& me = game.state_.unit(unit);
    std::vector<Hex> barred = avoid;
    for (int c : chain) barred.push_back(game.state_.unit(c).hex);
    std::vector<int> longer = chain;
    longer.push_back(unit);
    for (int d = 0; d < 6; ++d) {
        if (!may_be_pushed_into(game, unit, me.hex, d, barred)) continue;
        const Hex h = geometry::neighbour(me.hex, d);
        bool room = game.hex_board_.may_end_in(unit, h);
        for (int o : game.hex_board_.units_at(h))
            if (!room && o != unit && game.state_.unit(o).side == me.side && !in_chain(longer, o))
                room = displaceable(game, o, longer, avoid);
        if (room) out.push_back(h);
    }
    return out;
}

// Whether a line of friends, each pushed one hex on, reaches a free hex: a
// search over friends' hexes (a simple line exists when any does), each
// friend looked at once.
bool CombatResolution::displaceable(const Game& game, int unit, const std::vector<int>& chain,
                                    const std::vector<Hex>& avoid) {
    std::vector<int> seen = chain;
    std::vector<Hex> barred = avoid;
    for (int c : chain) barred.push_back(game.state_.unit(c).hex);
    std::vector<int> queue{unit};
    seen.push_back(unit);
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const int u = queue[next];
        const auto& me = game.state_.unit(u);
        for (int d = 0; d < 6; ++d) {
            if (!may_be_pushed_into(game, u, me.hex, d, barred)) continue;
            const Hex h = geometry::neighbour(me.hex, d);
            if (game.hex_board_.may_end_in(u, h)) return true;
            for (int o : game.hex_board_.units_at(h))
                if (game.state_.unit(o).side == me.side && !in_chain(seen, o)) {
                    seen.push_back(o);
                    queue.push_back(o);
                }
        }
    }
    return false;
}

// The hexes at the retreat's full distance held by friends that can be pushed
// out: offered only when no free hex at that distance is (8.3.1).
std::vector<Hex> CombatResolution::displacing_destinations(const Game& game, int unit,
                                                           const Game::RetreatSearch& search, int hexes) {
    std::vector<Hex> out;
    const Hex start = game.state_.unit(unit).hex;
    for (std::size_t i = 1; i < search.reached.size(); ++i) {
        const Hex h = search.reached[i].hex;
        if (geometry::distance(start, h) != hexes || !needs_room(game, unit, h) ||
            std::find(out.begin(), out.end(), h) != out.end())
            continue;
        // The path to it, traced back through the search, is kept clear of the pushed friend.
        std::vector<Hex> path;
        for (int at = static_cast<int>(i); at > 0; at = search.reached[static_cast<std::size_t>(at)].parent)
            path.push_back(search.reached[static_cast<std::size_t>(at)].hex);
        for (int o : game.hex_board_.units_at(h))
            if (o != unit && game.state_.unit(o).side == game.state_.unit(unit).side &&
                displaceable(game, o, {unit}, path)) {
                out.push_back(h);
                break;
            }
    }
    return out;
}

// The friend that must make room now: the one in the hex the last waiting retreat wants.
int CombatResolution::displaced_unit(const Game& game) {
    const auto& waiting = game.state_.combat.displacing;
    if (waiting.empty()) return -1;
    const int mover = waiting.back().unit;
    for (int o : game.hex_board_.units_at(waiting.back().to))
        if (o != mover && game.state_.unit(o).side == game.state_.unit(mover).side) return o;
    return -1;
}

void CombatResolution::displacement_actions(const Game& game, std::vector<Action>& out) {
    const int unit = displaced_unit(game);
    if (unit < 0) return;
    std::vector<int> chain;
    for (const auto& w : game.state_.combat.displacing) chain.push_back(w.unit);
    // Nor onto the retreating unit's own path, which it is about to take.
    const auto& first = game.state_.combat.displacing.front();
    const auto path = game.retreat_path(first.unit, first.to);
    for (Hex h : displacement_hexes(game, unit, chain, path)) out.push_back(act::RetreatTo{unit, h});
}

void CombatResolution::start_displacement(Game& game, int unit, Hex to) {
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " retreats into " + game.grid().label(to) +
                  ", displacing the friend there");
    game.state_.combat.displacing.push_back({unit, to});
}

// The displaced unit goes to its hex, or waits for a friend there to be pushed
// on; once one has room, every waiting retreat moves in, last first.
void CombatResolution::displace(Game& game, const Action& a) {
    Combat& c = game.state_.combat;
    if (!game.hex_board_.may_end_in(a.unit(), *a.hex())) {
        c.displacing.push_back({a.unit(), *a.hex()});
        return;
    }
    auto push = [&](int unit, Hex to) {
        const std::string from = game.grid().label(game.state_.unit(unit).hex);
        if (game.recording_.log)
            game.note("  " + game.unit(unit).id() + " is displaced " + from + " to " + game.grid().label(to));
        game.move_unit(unit, to);
        // 8.3.1: an attacker's displaced unit attacks no more this player turn.
        if (game.state_.unit(unit).side == game.attacking_side()) game.state_.unit(unit).attacked = true;
        EventContext ctx(Event::UnitRetreated);
        ctx.set("unit", unit);
        ctx.set_text("from", from);
        ctx.set("displaced", 1);
        game.raise(ctx);
    };
    push(a.unit(), *a.hex());
    while (c.displacing.size() > 1) {
        const Combat::Waiting w = c.displacing.back();
        c.displacing.pop_back();
        push(w.unit, w.to);
    }
    const Combat::Waiting first = c.displacing.front();
    c.displacing.clear();
    retreat_to(game, first.unit, first.to);  // the retreating unit itself, along its path
}

}  // namespace sandtable::kernel
