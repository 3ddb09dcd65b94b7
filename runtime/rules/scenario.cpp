#include "rules/scenario.h"

namespace sandtable::rules {

using geometry::Hex;

int MapData::side_feature(Hex h, int direction) const {
    int i = grid.index(h);
    return i < 0 ? -1 : sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(direction)];
}

int MapData::path_feature(Hex h, int direction) const {
    int i = grid.index(h);
    return i < 0 ? -1 : paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(direction)];
}

// A hexside is stored on both hexes that share it, so lookups from either
// side are one array read.
void MapData::set_side_feature(Hex h, int direction, int feature) {
    Hex other = geometry::neighbour(h, direction);
    if (int i = grid.index(h); i >= 0) sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(direction)] = static_cast<std::int8_t>(feature);
    if (int j = grid.index(other); j >= 0) sides[static_cast<std::size_t>(j)][static_cast<std::size_t>((direction + 3) % 6)] = static_cast<std::int8_t>(feature);
}

void MapData::set_path_feature(Hex h, int direction, int feature) {
    Hex other = geometry::neighbour(h, direction);
    if (int i = grid.index(h); i >= 0) paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(direction)] = static_cast<std::int8_t>(feature);
    if (int j = grid.index(other); j >= 0) paths[static_cast<std::size_t>(j)][static_cast<std::size_t>((direction + 3) % 6)] = static_cast<std::int8_t>(feature);
}

int Scenario::side_index(const std::string& id) const {
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i].id == id) return static_cast<int>(i);
    return -1;
}

}  // namespace sandtable::rules
