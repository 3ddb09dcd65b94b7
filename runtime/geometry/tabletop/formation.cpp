#include "geometry/tabletop/formation.h"

#include <algorithm>

namespace sandtable::geometry::tabletop {

double frontage(const Formation& f) { return f.files * f.stand_width + (f.files - 1) * f.gap; }

double formation_depth(const Formation& f) { return f.ranks * f.stand_depth + (f.ranks - 1) * f.gap; }

std::vector<Stand> stands_of(const Formation& f, int count) {
    const int full = f.files * f.ranks;
    if (count < 0) count = full;
    const Point forward = heading(f.facing);
    const Point right = right_of(f.facing);
    std::vector<Stand> stands;
    for (int rank = 0; static_cast<int>(stands.size()) < count; ++rank) {
        const int in_rank = std::min(f.files, count - static_cast<int>(stands.size()));
        const double back = f.stand_depth / 2 + rank * (f.stand_depth + f.gap);
        for (int file = 0; file < in_rank; ++file) {
            const double across = (file - (in_rank - 1) / 2.0) * (f.stand_width + f.gap);
            stands.push_back(
                {f.front_centre - forward * back + right * across, f.stand_width, f.stand_depth, f.facing});
        }
    }
    return stands;
}

Polygon outline(const Formation& f) {
    const Point forward = heading(f.facing);
    const Point half_right = right_of(f.facing) * (frontage(f) / 2);
    const Point back = f.front_centre - forward * formation_depth(f);
    return {f.front_centre - half_right, f.front_centre + half_right, back + half_right, back - half_right};
}

bool holds_together(const std::vector<Stand>& stands, double max_gap) {
    if (stands.size() < 2) return true;
    std::vector<bool> reached(stands.size(), false);
    std::vector<std::size_t> frontier{0};
    reached[0] = true;
    std::size_t count = 1;
    while (!frontier.empty()) {
        const std::size_t at = frontier.back();
        frontier.pop_back();
        for (std::size_t other = 0; other < stands.size(); ++other) {
            if (reached[other] || !in_contact(stands[at], stands[other], max_gap)) continue;
            reached[other] = true;
            ++count;
            frontier.push_back(other);
        }
    }
    return count == stands.size();
}

}  // namespace sandtable::geometry::tabletop
