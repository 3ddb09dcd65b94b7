#include "core/map_resize.h"

#include <optional>
#include <stdexcept>

namespace sandtable::studio {

using geometry::Hex;

namespace {
// Keeps the hexes' neighbours: offset columns (flat tops) or rows (pointy) move two at a time.
void require_unbent(const geometry::HexGrid& grid, const MapSize& size) {
    const bool flat = grid.layout().top == geometry::HexTop::Flat;
    if (flat && size.shift_columns % 2 != 0)
        throw std::invalid_argument(
            "on a map of flat-topped hexes the columns move two at a time: an odd shift would bend the map's rows");
    if (!flat && size.shift_rows % 2 != 0)
        throw std::invalid_argument(
            "on a map of pointy-topped hexes the rows move two at a time: an odd shift would bend the map's columns");
}

rules::MapData moved_map(const rules::MapData& old, const geometry::HexGrid& grid,
                         const std::function<std::optional<Hex>(Hex)>& move) {
    rules::MapData m;
    m.grid = grid;
    m.legend = old.legend;
    const std::size_t n = grid.size();
    m.terrain.assign(n, 0);
    m.elevation.assign(n, 0);
    m.sides.assign(n, {-1, -1, -1, -1, -1, -1});
    m.paths.assign(n, {-1, -1, -1, -1, -1, -1});
    m.hex_names.assign(n, {});
    for (int j = 0; j < static_cast<int>(old.grid.size()); ++j) {
        const auto to = move(old.grid.hex_at(j));
        if (!to) continue;
        const auto oi = static_cast<std::size_t>(grid.index(*to)), oj = static_cast<std::size_t>(j);
        m.terrain[oi] = old.terrain[oj];
        m.elevation[oi] = old.elevation[oj];
        m.hex_names[oi] = old.hex_names[oj];
        for (std::size_t d = 0; d < 6; ++d) {
            const bool neighbour_kept = grid.contains(geometry::neighbour(*to, static_cast<int>(d)));
            m.sides[oi][d] = neighbour_kept ? old.sides[oj][d] : std::int8_t{-1};
            m.paths[oi][d] = neighbour_kept ? old.paths[oj][d] : std::int8_t{-1};
        }
    }
    return m;
}

void move_pieces(rules::Scenario& sc, const geometry::HexGrid& old, const std::function<std::optional<Hex>(Hex)>& move,
                 const MapSize& size) {
    const std::string outside =
        ", outside a " + std::to_string(size.columns) + "x" + std::to_string(size.rows) + " map placed so";
    for (auto& u : sc.units) {
        const auto to = move(u.hex);
        if (!to)
            throw std::runtime_error("'" + u.name + "' stands at " + old.label(u.hex) + outside + ": move it first");
        u.hex = *to;
    }
    for (auto& o : sc.objectives) {
        const auto to = move(o.hex);
        if (!to) throw std::runtime_error("the objective at " + old.label(o.hex) + " would fall off the map" + outside);
        o.hex = *to;
    }
    auto move_all = [&](std::vector<Hex>& hexes) {
        std::vector<Hex> kept;
        for (Hex h : hexes)
            if (const auto to = move(h)) kept.push_back(*to);
        hexes = std::move(kept);
    };
    for (auto& zone : sc.deployment_zones) move_all(zone);
    for (auto& exit : sc.exits) move_all(exit.hexes);
}
}  // namespace

MapSize anchored(const geometry::HexGrid& old, int columns, int rows, int anchor_x, int anchor_y) {
    MapSize size{columns, rows, (columns - old.columns()) * anchor_x / 2, (rows - old.rows()) * anchor_y / 2};
    if (old.layout().top == geometry::HexTop::Flat)
        size.shift_columns -= size.shift_columns % 2;
    else
        size.shift_rows -= size.shift_rows % 2;
    return size;
}

std::unique_ptr<EditCommand> resize_map(const ScenarioDocument& doc, MapSize size) {
    if (size.columns < 1 || size.rows < 1) throw std::runtime_error("a map needs at least one column and one row");
    const auto& old = doc.scenario().map.grid;
    require_unbent(old, size);
    const geometry::HexGrid grid(old.layout(), size.columns, size.rows);  // throws when labels cannot number it
    auto move = [&](Hex h) -> std::optional<Hex> {
        const auto o = old.to_offset(h);
        const geometry::Offset to{o.column + size.shift_columns, o.row + size.shift_rows};
        if (to.column < 0 || to.row < 0 || to.column >= size.columns || to.row >= size.rows) return std::nullopt;
        return grid.from_offset(to);
    };
    const std::string name = "Resize Map to " + std::to_string(size.columns) + "x" + std::to_string(size.rows);
    return std::make_unique<ChangeScenario>(doc, name, [&](rules::Scenario& sc) {
        move_pieces(sc, old, move, size);
        sc.map = moved_map(doc.scenario().map, grid, move);
    });
}

}  // namespace sandtable::studio
