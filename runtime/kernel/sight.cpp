// Line of sight between hexes: the map's terrain and hexside features, then
// the rule scripts' sight.check, which may know more (elevation, occupied hexes).
#include "kernel/game.h"
#include "kernel/hex_board.h"

#include "geometry/hex_los.h"

#include <utility>

namespace sandtable::kernel {

using geometry::Hex;

// The map's part first (map_sight), then the scripts', which may know more:
// elevation, occupied hexes (PRESTAGS 6.35-6.38). sight.check is a query:
// handlers read and answer, never act, so asking it from a const method (the
// legal actions) changes nothing.
bool HexBoard::clear_sight(int viewer, Hex to) const {
    const Hex from = game_.state().unit(viewer).hex;
    if (geometry::distance(from, to) <= 1) return true;
    if (!game_.unit(viewer).capability(Capability::IndirectFire) && !map_sight(from, to)) return false;
    if (!game_.listening(Event::SightCheck)) return true;
    EventContext ctx(Event::SightCheck);
    ctx.set("viewer", viewer);
    ctx.set("from", game_.grid().index(from));
    ctx.set("to", game_.grid().index(to));
    std::vector<int> hexes, alternatives;
    for (const auto& step : geometry::los_steps(from, to)) {
        if (step.hex == from || step.hex == to) continue;
        // Off the map is blocked ground (the map's own test above says so):
        // a stretch along the map's edge is the hex on the map alone.
        int hex = game_.grid().index(step.hex);
        int alternative = step.has_alternative ? game_.grid().index(step.alternative) : -1;
        if (hex < 0) std::swap(hex, alternative);
        if (hex < 0) continue;  // cannot happen: the map's test has blocked such a line
        hexes.push_back(hex);
        alternatives.push_back(alternative);
    }
    ctx.set_list("hexes", std::move(hexes));
    ctx.set_list("alternatives", std::move(alternatives));
    ctx.set("blocked", 0);
    game_.ask(ctx);
    return ctx.get("blocked") == 0;
}

}  // namespace sandtable::kernel
