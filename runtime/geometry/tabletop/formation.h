// A unit's formation on the tabletop: its stands in ranks and files behind
// a reference point at the centre of its front rank, all facing one way.
// Orders name formations this way ("Col 4" is four files; a line of battle is
// one or two ranks), and hidden unit markers stand at the centre front too.
#pragma once

#include "geometry/tabletop/stand.h"

#include <vector>

namespace sandtable::geometry::tabletop {

struct Formation {
    Point front_centre;  // the middle of the front edge of the front rank
    double facing = 0;   // compass bearing
    int files = 1;       // stands side by side
    int ranks = 1;       // stands one behind another
    double stand_width = 4;
    double stand_depth = 4;
    double gap = 0;  // between neighbouring bases: 0 closed up, up to 2 cm in skirmish order
};

// The stands, `count` of them, filled rank by rank from the front, each rank
// left to right; a last rank short of full is centred. `count` defaults to a
// full block.
std::vector<Stand> stands_of(const Formation& formation, int count = -1);

double frontage(const Formation& formation);
double formation_depth(const Formation& formation);

// The outline of the block its stands fill (a full block's rectangle).
Polygon outline(const Formation& formation);

// Is every stand linked to every other through neighbours no more than
// `max_gap` apart? A unit that is not is broken (Cady: "each stand no
// further than 1 cm from another figure in the same unit").
bool holds_together(const std::vector<Stand>& stands, double max_gap);

}  // namespace sandtable::geometry::tabletop
