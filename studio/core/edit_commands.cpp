#include "core/edit_commands.h"

#include <algorithm>
#include <stdexcept>

namespace sandtable::studio {

using geometry::Hex;

PaintTerrain::PaintTerrain(const ScenarioDocument& doc, int terrain, const std::vector<Hex>& hexes)
    : terrain_(terrain) {
    const auto& map = doc.scenario().map;
    for (Hex h : hexes) {
        const int i = map.grid.index(h);
        if (i < 0 || map.terrain[static_cast<std::size_t>(i)] == terrain) continue;
        bool seen = false;
        for (const auto& c : changes_) seen = seen || c.hex == i;
        if (!seen) changes_.push_back({i, map.terrain[static_cast<std::size_t>(i)]});
    }
    name_ = "Paint " + doc.ruleset().terrain[static_cast<std::size_t>(terrain)].name;
}

void PaintTerrain::apply(ScenarioDocument& doc) {
    for (const auto& c : changes_) doc.edit().map.terrain[static_cast<std::size_t>(c.hex)] = terrain_;
    doc.edit().map.step_costs.clear();  // derived from the terrain: worked out again when played
}

void PaintTerrain::undo(ScenarioDocument& doc) {
    for (const auto& c : changes_) doc.edit().map.terrain[static_cast<std::size_t>(c.hex)] = c.before;
    doc.edit().map.step_costs.clear();
}

PaintElevation::PaintElevation(const ScenarioDocument& doc, int level, const std::vector<Hex>& hexes) : level_(level) {
    if (level < 0 || level > 9) throw std::runtime_error("elevation is a level from 0 to 9");
    const auto& map = doc.scenario().map;
    for (Hex h : hexes) {
        const int i = map.grid.index(h);
        if (i < 0 || map.elevation[static_cast<std::size_t>(i)] == level) continue;
        if (std::none_of(changes_.begin(), changes_.end(), [i](const auto& c) { return c.first == i; }))
            changes_.emplace_back(i, map.elevation[static_cast<std::size_t>(i)]);
    }
}

void PaintElevation::apply(ScenarioDocument& doc) {
    for (const auto& [i, before] : changes_) doc.edit().map.elevation[static_cast<std::size_t>(i)] = level_;
}

void PaintElevation::undo(ScenarioDocument& doc) {
    for (const auto& [i, before] : changes_) doc.edit().map.elevation[static_cast<std::size_t>(i)] = before;
}

SetHexsideLayer::SetHexsideLayer(const ScenarioDocument& doc, Layer layer, Hex hex, int direction, int feature)
    : SetHexsideLayer(doc, layer, std::vector<std::pair<Hex, int>>{{hex, direction}}, feature) {}

SetHexsideLayer::SetHexsideLayer(const ScenarioDocument& doc, Layer layer,
                                 const std::vector<std::pair<Hex, int>>& sides, int feature)
    : layer_(layer), feature_(feature) {
    const auto& map = doc.scenario().map;
    const auto& rs = doc.ruleset();
    for (const auto& [hex, direction] : sides) {
        const int before =
            layer == Layer::Feature ? map.side_feature(hex, direction) : map.path_feature(hex, direction);
        if (before != feature) sides_.push_back({hex, direction, before});
    }
    if (layer == Layer::Feature)
        name_ = feature < 0 ? std::string("Clear Hexside")
                            : "Draw " + rs.hexside_features[static_cast<std::size_t>(feature)].name;
    else
        name_ = feature < 0 ? std::string("Remove Road")
                            : "Lay " + rs.path_features[static_cast<std::size_t>(feature)].name;
    if (sides_.size() > 1) name_ += " (" + std::to_string(sides_.size()) + " hexsides)";
}

void SetHexsideLayer::apply(ScenarioDocument& doc) {
    for (const auto& s : sides_) set(doc, s.hex, s.direction, feature_);
}

void SetHexsideLayer::undo(ScenarioDocument& doc) {
    for (auto it = sides_.rbegin(); it != sides_.rend(); ++it) set(doc, it->hex, it->direction, it->before);
}

void SetHexsideLayer::set(ScenarioDocument& doc, Hex hex, int direction, int feature) const {
    auto& map = doc.edit().map;
    if (layer_ == Layer::Feature)
        map.set_side_feature(hex, direction, feature);
    else
        map.set_path_feature(hex, direction, feature);
    map.step_costs.clear();  // derived from the map: worked out again when played
}

SetTableCell::SetTableCell(const ScenarioDocument& doc, int table, int row, int column, std::string result)
    : table_(table), row_(row), column_(column), result_(std::move(result)) {
    const auto& t = doc.ruleset().odds_tables.at(static_cast<std::size_t>(table));
    before_ = t.rows.at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(column));
    name_ = "Edit " + t.name + " " + t.columns[static_cast<std::size_t>(column)].label + ", roll " +
            std::to_string(t.die_first + row);
}

void SetTableCell::apply(ScenarioDocument& doc) {
    doc.edit_ruleset().odds_tables[static_cast<std::size_t>(table_)].rows[static_cast<std::size_t>(row_)]
                                                                         [static_cast<std::size_t>(column_)] = result_;
}

void SetTableCell::undo(ScenarioDocument& doc) {
    doc.edit_ruleset().odds_tables[static_cast<std::size_t>(table_)].rows[static_cast<std::size_t>(row_)]
                                                                         [static_cast<std::size_t>(column_)] = before_;
}

MoveUnit::MoveUnit(const ScenarioDocument& doc, int unit, Hex to)
    : unit_(unit), from_(doc.scenario().units[static_cast<std::size_t>(unit)].hex), to_(to) {
    name_ = "Move " + doc.scenario().units[static_cast<std::size_t>(unit)].name + " to " +
            doc.scenario().map.grid.label(to);
}

void MoveUnit::apply(ScenarioDocument& doc) { doc.edit().units[static_cast<std::size_t>(unit_)].hex = to_; }
void MoveUnit::undo(ScenarioDocument& doc) { doc.edit().units[static_cast<std::size_t>(unit_)].hex = from_; }

void EditHistory::perform(ScenarioDocument& doc, std::unique_ptr<EditCommand> command, const void* made_in) {
    command->apply(doc);
    DocumentChanges changed = command->changes();
    changed.made_in = made_in;
    commands_.resize(done_);  // a new edit drops what could have been redone
    commands_.push_back(std::move(command));
    ++done_;
    doc.announce(changed);
}

void EditHistory::undo(ScenarioDocument& doc) {
    if (!can_undo()) return;
    EditCommand& command = *commands_[--done_];
    command.undo(doc);
    doc.announce(command.changes());
}

void EditHistory::redo(ScenarioDocument& doc) {
    if (!can_redo()) return;
    EditCommand& command = *commands_[done_++];
    command.apply(doc);
    doc.announce(command.changes());
}

}  // namespace sandtable::studio
