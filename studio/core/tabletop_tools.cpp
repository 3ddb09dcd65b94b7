#include "core/tabletop_tools.h"

#include <cmath>
#include <stdexcept>

namespace sandtable::studio::tabletop {

namespace {
// A press this close to the draft's last point adds nothing (the second
// click of a double click).
constexpr double kSameClickCm = 0.05;
}  // namespace

void TableTools::set_mode(Mode mode, int terrain) {
    mode_ = mode;
    terrain_ = terrain;
    draft_.clear();
    dragging_ = measuring_ = false;
    ruler_.reset();
    if (mode != Mode::Select) selection_ = {};
}

Edit TableTools::attempt(const std::function<Edit()>& make) {
    try {
        return make();
    } catch (const std::invalid_argument& e) {
        message_ = e.what();
    } catch (const std::out_of_range& e) {
        message_ = e.what();
    }
    return nullptr;
}

gt::Point TableTools::snapped(gt::Point p) const {
    if (snap <= 0) return p;
    return {std::round(p.x / snap) * snap, std::round(p.y / snap) * snap};
}

TableTools::Outcome TableTools::press(const ScenarioDocument& doc, gt::Point at_raw, double tolerance) {
    const auto& sc = doc.scenario();
    const gt::Point exact = clamp_to_table(sc.table.map, at_raw);
    const gt::Point at = clamp_to_table(sc.table.map, snapped(at_raw));
    hover_ = at;
    Outcome out;
    switch (mode_) {
        case Mode::Select: {
            selection_ = hit_at(sc, scenario_shapes(doc.ruleset(), sc), at_raw, tolerance);
            if (selection_) {
                dragging_ = true;
                drag_from_ = drag_to_ = at_raw;
                drag_tolerance_ = tolerance;
                out.handled = true;
            }
            break;
        }
        case Mode::Ruler:
            measuring_ = true;
            ruler_ = std::make_pair(exact, exact);
            out.handled = true;
            break;
        case Mode::Area:
        case Mode::Line:
            if (draft_.empty() || gt::distance(draft_.back(), at) > kSameClickCm) draft_.push_back(at);
            out.handled = true;
            break;
        case Mode::Objective:
            out.edit = attempt([&] { return add_objective(doc, at, objective_radius, objective_points); });
            out.handled = true;
            break;
        case Mode::Place: {
            NewUnit unit = placing;
            unit.front_centre = at;
            out.edit = attempt([&] { return place_unit(doc, unit); });
            out.handled = true;
            break;
        }
    }
    return out;
}

void TableTools::move(const ScenarioDocument& doc, gt::Point at) {
    const auto& map = doc.scenario().table.map;
    hover_ = clamp_to_table(map, mode_ == Mode::Ruler ? at : snapped(at));
    if (dragging_) drag_to_ = at;
    if (measuring_ && ruler_) ruler_->second = *hover_;
}

Edit TableTools::release(const ScenarioDocument& doc, gt::Point at) {
    move(doc, at);
    measuring_ = false;
    if (!dragging_) return nullptr;
    dragging_ = false;
    const gt::Point by = snapped(drag_to_ - drag_from_);
    // A click, or a hand's tremble: the thing is only selected.
    if (gt::length(drag_to_ - drag_from_) <= std::max(drag_tolerance_ / 2, 0.05) || gt::length(by) < 1e-9)
        return nullptr;
    return attempt([&] { return move_item(doc, selection_, by); });
}

Edit TableTools::double_click(const ScenarioDocument& doc) {
    if (mode_ == Mode::Area || mode_ == Mode::Line) return finish_draft(doc);
    return nullptr;
}

Edit TableTools::finish_draft(const ScenarioDocument& doc) {
    if (draft_.empty()) return nullptr;
    Edit edit = attempt(
        [&] { return mode_ == Mode::Area ? add_area(doc, terrain_, draft_, level) : add_line(doc, terrain_, draft_); });
    if (edit) draft_.clear();  // a refused draft stays, to be finished or dropped (Esc)
    return edit;
}

TableTools::Outcome TableTools::wheel(const ScenarioDocument& doc, gt::Point at, int steps, bool fine,
                                      double tolerance) {
    Outcome out;
    if (steps == 0) return out;
    if (mode_ == Mode::Place) {
        placing.facing = turned_facing(placing.facing, steps, fine);
        out.handled = true;
        return out;
    }
    // The wheel over the selected unit turns it; elsewhere it zooms.
    if (mode_ == Mode::Select && selection_.kind == Hit::Unit && !dragging_) {
        const auto& sc = doc.scenario();
        const auto shapes = scenario_shapes(doc.ruleset(), sc);
        if (hit_at(sc, shapes, at, tolerance) == selection_) {
            const int facing = sc.units.at(static_cast<std::size_t>(selection_.index)).table.facing;
            out.edit = attempt([&] { return turn_unit(doc, selection_.index, turned_facing(facing, steps, fine)); });
            out.handled = true;
        }
    }
    return out;
}

TableTools::Outcome TableTools::key(const ScenarioDocument& doc, Key key) {
    Outcome out;
    switch (key) {
        case Key::Enter:
            if (mode_ == Mode::Area || mode_ == Mode::Line) {
                out.edit = finish_draft(doc);
                out.handled = true;
            }
            break;
        case Key::Escape:
            out.handled = !draft_.empty() || ruler_.has_value() || dragging_ || selection_;
            draft_.clear();
            ruler_.reset();
            measuring_ = dragging_ = false;
            selection_ = {};
            break;
        case Key::Backspace:
            if (!draft_.empty()) {
                draft_.pop_back();
                out.handled = true;
                break;
            }
            [[fallthrough]];
        case Key::Delete:
            if (mode_ == Mode::Select && selection_ && !dragging_) {
                out.edit = attempt([&] { return remove_item(doc, selection_); });
                if (out.edit) selection_ = {};
                out.handled = true;
            }
            break;
    }
    return out;
}

void TableTools::document_changed(const ScenarioDocument& doc) {
    const auto& sc = doc.scenario();
    auto fits = [&](std::size_t size) {
        return selection_.index >= 0 && static_cast<std::size_t>(selection_.index) < size;
    };
    const bool exists = (selection_.kind == Hit::Area && fits(sc.table.map.areas.size())) ||
                        (selection_.kind == Hit::Line && fits(sc.table.map.lines.size())) ||
                        (selection_.kind == Hit::Unit && fits(sc.units.size())) ||
                        (selection_.kind == Hit::Objective && fits(sc.objectives.size()));
    if (!exists) selection_ = {}, dragging_ = false;
    if (terrain_ >= static_cast<int>(doc.ruleset().terrain.size())) set_mode(Mode::Select);
}

gt::Point TableTools::drag_offset(const rules::Scenario& sc) const {
    if (!dragging_ || !selection_) return {};
    try {
        return allowed_offset(sc.table.map, item_points(sc, selection_), snapped(drag_to_ - drag_from_));
    } catch (const std::out_of_range&) {
        return {};
    }
}

std::optional<std::pair<gt::Point, gt::Point>> TableTools::ruler() const {
    if (mode_ != Mode::Ruler) return std::nullopt;
    return ruler_;
}

std::optional<UnitShape> TableTools::placing_preview(const rules::Ruleset& rs) const {
    if (mode_ != Mode::Place || !hover_ || placing.type < 0 || placing.type >= static_cast<int>(rs.unit_types.size()))
        return std::nullopt;
    rules::UnitPlacement p;
    p.type = placing.type;
    p.side = placing.side;
    p.name = rs.unit_types[static_cast<std::size_t>(placing.type)].name;
    p.table.front_centre = *hover_;
    p.table.facing = placing.facing;
    p.table.files = std::max(1, placing.files);
    p.table.figures = std::max(1, placing.figures);
    return placement_shape(rs, p, -1);
}

std::string TableTools::hint(const ScenarioDocument& doc) const {
    const auto& rs = doc.ruleset();
    const std::string terrain = terrain_ >= 0 && terrain_ < static_cast<int>(rs.terrain.size())
                                    ? rs.terrain[static_cast<std::size_t>(terrain_)].name
                                    : "terrain";
    switch (mode_) {
        case Mode::Select:
            if (selection_)
                return "Selected " + hit_name(rs, doc.scenario(), selection_) + ": drag to move, Delete to remove" +
                       (selection_.kind == Hit::Unit ? ", the wheel over it turns it (shift: 1°)" : "");
            return "Click a unit, terrain or objective to select it; drag the table to pan";
        case Mode::Ruler:
            if (ruler_) return "Ruler: " + ruler_text(ruler_reading(ruler_->first, ruler_->second));
            return "Ruler: drag from one point to another";
        case Mode::Area:
            return draft_.empty() ? "Click the corners of the " + terrain + "; double-click or Enter closes it"
                                  : std::to_string(draft_.size()) + " points: double-click or Enter closes the " +
                                        terrain + ", Backspace takes back a point, Esc drops it";
        case Mode::Line:
            return draft_.empty() ? "Click along the " + terrain + "; double-click or Enter ends it"
                                  : std::to_string(draft_.size()) + " points: double-click or Enter ends the " +
                                        terrain + ", Backspace takes back a point, Esc drops it";
        case Mode::Objective:
            return "Click where an objective goes (radius " + cm_text(objective_radius) + ")";
        case Mode::Place:
            return "Facing " + std::to_string(placing.facing) + "° (" + compass_point(placing.facing) +
                   "): click to place the front centre; the wheel turns it (15°, shift 1°), Ctrl+wheel zooms";
    }
    return {};
}

}  // namespace sandtable::studio::tabletop
