#include "geometry/tabletop/index.h"

#include <algorithm>
#include <cmath>

namespace sandtable::geometry::tabletop {

SpatialIndex::SpatialIndex(double table_width, double table_depth, double cell_cm)
    : cell_(cell_cm > 0 ? cell_cm : 10),
      columns_(std::max(1, static_cast<int>(std::ceil(table_width / cell_)))),
      rows_(std::max(1, static_cast<int>(std::ceil(table_depth / cell_)))),
      cells_(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_)) {}

int SpatialIndex::column(double x) const {
    return std::clamp(static_cast<int>(std::floor(x / cell_)), 0, columns_ - 1);
}

int SpatialIndex::row(double y) const { return std::clamp(static_cast<int>(std::floor(y / cell_)), 0, rows_ - 1); }

void SpatialIndex::insert(int id, const Box& box) {
    for (int r = row(box.min.y); r <= row(box.max.y); ++r)
        for (int c = column(box.min.x); c <= column(box.max.x); ++c)
            cells_[static_cast<std::size_t>(r) * columns_ + c].push_back(id);
}

void SpatialIndex::clear() {
    for (auto& cell : cells_) cell.clear();
}

std::vector<int> SpatialIndex::near(const Box& box) const {
    std::vector<int> found;
    for (int r = row(box.min.y); r <= row(box.max.y); ++r)
        for (int c = column(box.min.x); c <= column(box.max.x); ++c) {
            const auto& cell = cells_[static_cast<std::size_t>(r) * columns_ + c];
            found.insert(found.end(), cell.begin(), cell.end());
        }
    // An item spanning several cells turns up once per cell.
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

std::vector<int> SpatialIndex::near(Point centre, double radius) const {
    return near(Box{{centre.x - radius, centre.y - radius}, {centre.x + radius, centre.y + radius}});
}

}  // namespace sandtable::geometry::tabletop
