// A uniform grid over the table that finds the stands near a point or a box
// without looking at every stand: contacts, fire targets and template hits
// ask it first and measure exactly only what it returns. Buckets of one cell
// size suit a table where every base is a few centimetres across.
#pragma once

#include "geometry/tabletop/polygon.h"

#include <vector>

namespace sandtable::geometry::tabletop {

class SpatialIndex {
public:
    SpatialIndex(double table_width, double table_depth, double cell_cm = 10);

    // Files the item under every cell its box overlaps. Boxes off the table
    // are clamped to its edge cells.
    void insert(int id, const Box& box);
    void clear();

    // The ids whose boxes may overlap the query box, each once, ascending.
    // A superset: callers measure exactly.
    std::vector<int> near(const Box& box) const;
    std::vector<int> near(Point centre, double radius) const;

private:
    int column(double x) const;
    int row(double y) const;

    double cell_;
    int columns_;
    int rows_;
    std::vector<std::vector<int>> cells_;
};

}  // namespace sandtable::geometry::tabletop
