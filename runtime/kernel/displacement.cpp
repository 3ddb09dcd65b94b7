// Displacement (F&M 8.3.1), with `short_retreat: reduce`: when the only hexes
// a retreat may end in, at its full distance, hold friends, the retreating
// player may push one of them to an adjacent hex as if it retreated too (not
// into an enemy, prohibited terrain or an enemy zone), and that one may push
// another in turn; then the retreating unit moves in. Displacing is a
// choice: the hexes short of the full distance, where the unit is reduced,
// stay on offer. A unit cannot be pushed into a hex whose friend has nowhere
// to go, nor back into a hex of the chain.
#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
bool in_chain(const std::vector<int>& chain, int unit) {
    return std::find(chain.begin(), chain.end(), unit) != chain.end();
}
}  // namespace

// Must a friend make room before the retreating unit may end in the hex
// (F&M 8.3.1, with short_retreat: reduce)?
bool Game::needs_room(int unit, Hex h) const {
    return (combat_rules().short_retreat == rules::CombatOptions::ShortRetreat::Reduce) &&
           !hex_board_.may_end_in(unit, h) && holds_friend(unit, h);
}

// Does a friend of `unit` stand in the hex (one it could be asked to make room)?
bool Game::holds_friend(int unit, Hex h) const {
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    for (int o : hex_board_.units_at(h))
        if (o != unit && state_.units[static_cast<std::size_t>(o)].side == side) return true;
    return false;
}

// May the unit step into the hex next to it as a displaced unit: on the map,
// no enemy, no enemy zone, passable for its class, not on a hex to avoid.
bool Game::may_be_pushed_into(int unit, Hex from, int direction, const std::vector<Hex>& avoid) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    const Hex h = geometry::neighbour(from, direction);
    if (!grid().contains(h) || hex_board_.enemy_present(me.side, h) || hex_board_.in_enemy_zoc(me.side, h))
        return false;
    if (std::find(avoid.begin(), avoid.end(), h) != avoid.end()) return false;
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    if (!ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(h))].cost[mc]) return false;
    const int feature = scenario_->map.side_feature(from, direction);
    return feature < 0 || ruleset_->hexside_features[static_cast<std::size_t>(feature)].extra_cost[mc];
}

// Hexes next to the unit it may be displaced into: free ones, and those of
// friends that can be displaced in their turn (not back along the chain);
// never where a unit of the chain stands, which it is making way for, nor
// on the hexes to `avoid` (the retreating unit's path).
std::vector<Hex> Game::displacement_hexes(int unit, const std::vector<int>& chain,
                                          const std::vector<Hex>& avoid) const {
    std::vector<Hex> out;
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    std::vector<Hex> barred = avoid;
    for (int c : chain) barred.push_back(state_.units[static_cast<std::size_t>(c)].hex);
    std::vector<int> longer = chain;
    longer.push_back(unit);
    for (int d = 0; d < 6; ++d) {
        if (!may_be_pushed_into(unit, me.hex, d, barred)) continue;
        const Hex h = geometry::neighbour(me.hex, d);
        bool room = hex_board_.may_end_in(unit, h);
        for (int o : hex_board_.units_at(h))
            if (!room && o != unit && state_.units[static_cast<std::size_t>(o)].side == me.side && !in_chain(longer, o))
                room = displaceable(o, longer, avoid);
        if (room) out.push_back(h);
    }
    return out;
}

// Whether a line of friends, each pushed one hex on, reaches a free hex: a
// search over friends' hexes (a simple line exists when any does), each
// friend looked at once.
bool Game::displaceable(int unit, const std::vector<int>& chain, const std::vector<Hex>& avoid) const {
    std::vector<int> seen = chain;
    std::vector<Hex> barred = avoid;
    for (int c : chain) barred.push_back(state_.units[static_cast<std::size_t>(c)].hex);
    std::vector<int> queue{unit};
    seen.push_back(unit);
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const int u = queue[next];
        const auto& me = state_.units[static_cast<std::size_t>(u)];
        for (int d = 0; d < 6; ++d) {
            if (!may_be_pushed_into(u, me.hex, d, barred)) continue;
            const Hex h = geometry::neighbour(me.hex, d);
            if (hex_board_.may_end_in(u, h)) return true;
            for (int o : hex_board_.units_at(h))
                if (state_.units[static_cast<std::size_t>(o)].side == me.side && !in_chain(seen, o)) {
                    seen.push_back(o);
                    queue.push_back(o);
                }
        }
    }
    return false;
}

// The hexes at the retreat's full distance held by friends that can be pushed
// out: offered only when no free hex at that distance is (8.3.1).
std::vector<Hex> Game::displacing_destinations(int unit, const RetreatSearch& search, int hexes) const {
    std::vector<Hex> out;
    const Hex start = state_.units[static_cast<std::size_t>(unit)].hex;
    for (std::size_t i = 1; i < search.reached.size(); ++i) {
        const Hex h = search.reached[i].hex;
        if (geometry::distance(start, h) != hexes || !needs_room(unit, h) ||
            std::find(out.begin(), out.end(), h) != out.end())
            continue;
        // The path to it, traced back through the search, is kept clear of the pushed friend.
        std::vector<Hex> path;
        for (int at = static_cast<int>(i); at > 0; at = search.reached[static_cast<std::size_t>(at)].parent)
            path.push_back(search.reached[static_cast<std::size_t>(at)].hex);
        for (int o : hex_board_.units_at(h))
            if (o != unit &&
                state_.units[static_cast<std::size_t>(o)].side == state_.units[static_cast<std::size_t>(unit)].side &&
                displaceable(o, {unit}, path)) {
                out.push_back(h);
                break;
            }
    }
    return out;
}

// The friend that must make room now: the one in the hex the last waiting retreat wants.
int Game::displaced_unit() const {
    const auto& waiting = state_.combat.displacing;
    if (waiting.empty()) return -1;
    const int mover = waiting.back().unit;
    for (int o : hex_board_.units_at(waiting.back().to))
        if (o != mover &&
            state_.units[static_cast<std::size_t>(o)].side == state_.units[static_cast<std::size_t>(mover)].side)
            return o;
    return -1;
}

void Game::displacement_actions(std::vector<Action>& out) const {
    const int unit = displaced_unit();
    if (unit < 0) return;
    std::vector<int> chain;
    for (const auto& w : state_.combat.displacing) chain.push_back(w.unit);
    // Nor onto the retreating unit's own path, which it is about to take.
    const auto& first = state_.combat.displacing.front();
    const auto path = retreat_path(first.unit, first.to);
    for (Hex h : displacement_hexes(unit, chain, path)) out.push_back({ActionKind::RetreatTo, unit, -1, h, -1});
}

void Game::start_displacement(int unit, Hex to) {
    if (logging_) note("  " + unit_id(unit) + " retreats into " + grid().label(to) + ", displacing the friend there");
    state_.combat.displacing.push_back({unit, to});
}

// The displaced unit goes to its hex, or waits for a friend there to be pushed
// on; once one has room, every waiting retreat moves in, last first.
void Game::displace(const Action& a) {
    Combat& c = state_.combat;
    if (!hex_board_.may_end_in(a.unit, a.hex)) {
        c.displacing.push_back({a.unit, a.hex});
        return;
    }
    auto push = [&](int unit, Hex to) {
        const std::string from = grid().label(state_.units[static_cast<std::size_t>(unit)].hex);
        if (logging_) note("  " + unit_id(unit) + " is displaced " + from + " to " + grid().label(to));
        move_unit(unit, to);
        // 8.3.1: an attacker's displaced unit attacks no more this player turn.
        if (state_.units[static_cast<std::size_t>(unit)].side == attacking_side())
            state_.units[static_cast<std::size_t>(unit)].attacked = true;
        EventContext ctx(Event::UnitRetreated);
        ctx.set("unit", unit);
        ctx.set_text("from", from);
        ctx.set("displaced", 1);
        raise(ctx);
    };
    push(a.unit, a.hex);
    while (c.displacing.size() > 1) {
        const Combat::Waiting w = c.displacing.back();
        c.displacing.pop_back();
        push(w.unit, w.to);
    }
    const Combat::Waiting first = c.displacing.front();
    c.displacing.clear();
    retreat_to(first.unit, first.to);  // the retreating unit itself, along its path
}

}  // namespace sandtable::kernel
