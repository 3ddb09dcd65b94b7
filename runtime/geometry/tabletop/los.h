// Line of sight on the tabletop (Cady, Geography and Hidden Troop Movement).
// Heights are in hill levels: "one hill section is the height of a man on
// horseback". The sight line runs from eye to eye, each eye `eye` levels
// above the ground its figure stands on, and is blocked by:
// - a hill section neither figure stands on, where the line passes below its top;
// - the crest: a figure 6 cm or more back from the edge of its hill cannot
//   see, or be seen by, figures below that edge (the text also says 5 cm in
//   Hidden Troop Movement; the ruleset's `crest` parameter picks);
// - a screen (woods, marsh) the line runs through for more than the screen's
//   sight depth, counting what lies inside it, so figures deep in a wood are
//   hidden and a wood cannot be seen across; a marsh is seen over by figures
//   on higher ground;
// - a building neither figure is in, where the line passes below its roof.
// A line that only grazes an outline (touches a vertex or runs along an edge)
// does not enter it. Sight is symmetric.
#pragma once

#include "geometry/tabletop/terrain.h"

#include <cstddef>
#include <string>

namespace sandtable::geometry::tabletop {

struct Viewpoint {
    Point at;
    double eye = 0.5;  // above the ground, in hill levels: foot about half, mounted 1
};

struct SightRules {
    double crest_cm = 6;
};

enum class SightBlock { None, Hill, Crest, Screen, Building };

struct Sight {
    bool clear = true;
    SightBlock by = SightBlock::None;
    std::size_t area = 0;  // the blocking area's index in the map, when `by` names one
};

Sight line_of_sight(const TableMap& map, Viewpoint from, Viewpoint to, const SightRules& rules = {});

std::string describe(SightBlock block);

}  // namespace sandtable::geometry::tabletop
