// Written orders for a simultaneous sequence of play (PRESTAGS 19.0-23.0):
// each unit's one task for the game-turn, plotted in secret by its side and
// revealed once both sides have plotted, then carried out by the plotted
// resolution phases.
#pragma once

#include "geometry/hex.h"

#include <string>
#include <vector>

namespace sandtable::kernel {

enum class PlotTask {
    Hold,           // no task: the unit stays
    Move,           // MV: along `path` to `hex`
    Fire,           // OF: offensive fire at the hex `hex`
    DefensiveFire,  // DF: fire at an enemy that moves next to it
    Melee,          // ML: melee attack on the hex `hex`
};

const char* plot_task_name(PlotTask task);
bool parse_plot_task(const std::string& name, PlotTask& out);

struct Plot {
    PlotTask task = PlotTask::Hold;
    geometry::Hex hex{};
    std::vector<geometry::Hex> path;  // Move: the hexes entered, in order (the start left out)
    geometry::Hex from{};             // where the unit stood when the order was written

    friend bool operator==(const Plot&, const Plot&) = default;
};

}  // namespace sandtable::kernel
