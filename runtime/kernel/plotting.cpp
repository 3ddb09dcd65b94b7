// The simultaneous sequence's orders (PRESTAGS 19.0-21.0): in a `plot`
// phase each side in turn writes one task for each of its units, in
// secret; once both have, `plotted_combat` and `plotted_movement` phases
// carry them out. The other side learns them only from what the units do,
// and from the charts when the game is over (20.1). A unit whose orders became
// impossible (disrupted, its target gone) does nothing (21.2).
#include "kernel/game.h"

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

}  // namespace sandtable::kernel
