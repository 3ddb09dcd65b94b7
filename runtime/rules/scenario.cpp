#include "rules/scenario.h"

#include "rules/ruleset.h"

#include <algorithm>

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
    if (int i = grid.index(h); i >= 0)
        sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(direction)] = static_cast<std::int8_t>(feature);
    if (int j = grid.index(other); j >= 0)
        sides[static_cast<std::size_t>(j)][static_cast<std::size_t>((direction + 3) % 6)] =
            static_cast<std::int8_t>(feature);
}

void MapData::set_path_feature(Hex h, int direction, int feature) {
    Hex other = geometry::neighbour(h, direction);
    if (int i = grid.index(h); i >= 0)
        paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(direction)] = static_cast<std::int8_t>(feature);
    if (int j = grid.index(other); j >= 0)
        paths[static_cast<std::size_t>(j)][static_cast<std::size_t>((direction + 3) % 6)] =
            static_cast<std::int8_t>(feature);
}

std::vector<std::vector<int>> step_costs(const MapData& map, const Ruleset& rs) {
    const int n = static_cast<int>(map.grid.size());
    std::vector<std::vector<int>> costs(rs.movement_classes.size(),
                                        std::vector<int>(static_cast<std::size_t>(n) * 6, -1));
    for (std::size_t c = 0; c < rs.movement_classes.size(); ++c)
        for (int i = 0; i < n; ++i)
            for (int d = 0; d < 6; ++d) {
                const int to = map.grid.neighbour_index(i, d);
                if (to < 0) continue;
                int& cost = costs[c][static_cast<std::size_t>(i) * 6 + static_cast<std::size_t>(d)];
                const int path = map.paths[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
                if (path >= 0) {
                    cost = rs.path_features[static_cast<std::size_t>(path)].cost;
                    continue;
                }
                const auto& entered = rs.terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(to)])];
                const auto& terrain = entered.cost[c];
                if (!terrain) continue;
                cost = *terrain;
                for (const auto& [from, mp] : entered.cost_from)
                    if (from == map.terrain[static_cast<std::size_t>(i)]) cost = mp;
                cost *= rs.movement_point_parts;
                const int feature = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
                if (feature < 0) continue;
                const auto& extra = rs.hexside_features[static_cast<std::size_t>(feature)].extra_cost[c];
                cost = extra ? cost + *extra * rs.movement_point_parts : -1;
            }
    return costs;
}

int Scenario::unit_index(const std::string& id) const {
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].id == id) return static_cast<int>(i);
    return -1;
}

int Scenario::side_index(const std::string& id) const {
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i].id == id) return static_cast<int>(i);
    return -1;
}

}  // namespace sandtable::rules

namespace sandtable::rules {

bool SupportFire::empty() const {
    return std::all_of(pools.begin(), pools.end(), [](const auto& pool) { return pool.empty(); });
}

int SupportFire::allotment(int side, int turn) const {
    const auto s = static_cast<std::size_t>(side);
    if (s >= pools.size() || s >= allotments.size() || allotments[s].empty()) return 0;
    const auto t = std::min(static_cast<std::size_t>(std::max(turn, 1)) - 1, allotments[s].size() - 1);
    return std::min(allotments[s][t], static_cast<int>(pools[s].size()));
}

}  // namespace sandtable::rules
