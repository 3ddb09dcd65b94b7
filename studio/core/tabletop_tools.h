// The map editor's tools on a tabletop, as a state machine the canvas
// feeds with mouse and key events in centimetres: select (and drag to move,
// Delete to remove, the wheel over a selected unit turns it), the ruler,
// drawing an area or a line feature point by point, objectives, and placing
// a unit as a formation (the wheel turns it: 15 degrees a notch, 1 with
// shift). A finished gesture returns one edit for the document's history;
// nothing here touches the document. Window-free, so tests drive it.
#pragma once

#include "core/tabletop_commands.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::studio::tabletop {

class TableTools {
public:
    enum class Mode { Select, Ruler, Area, Line, Objective, Place };
    enum class Key { Enter, Escape, Delete, Backspace };

    // What an event did: the edit it finished (if any), and whether the tool
    // took the event (otherwise a press pans the view and the wheel zooms).
    struct Outcome {
        Edit edit;
        bool handled = false;
    };

    // A tool, and for Area and Line the terrain drawn. Drops a gesture in progress.
    void set_mode(Mode mode, int terrain = -1);
    Mode mode() const { return mode_; }
    int terrain() const { return terrain_; }

    // What Place sets up (its front_centre follows the mouse), the level or
    // storeys of a hill or building drawn, a new objective's radius and points.
    NewUnit placing;
    int level = 1;
    double objective_radius = 6;
    int objective_points = 1;
    // Points drawn and placed, and the offsets things are moved by, are
    // rounded to this many cm (0: not at all), so files read "[40, 25.5]";
    // the ruler measures exactly.
    double snap = 0;

    // Mouse events, at a point in cm; `tolerance` (cm) is how near a thing a
    // press still picks it.
    Outcome press(const ScenarioDocument& doc, gt::Point at, double tolerance);
    void move(const ScenarioDocument& doc, gt::Point at);
    Edit release(const ScenarioDocument& doc, gt::Point at);
    Edit double_click(const ScenarioDocument& doc);
    Outcome wheel(const ScenarioDocument& doc, gt::Point at, int steps, bool fine, double tolerance);
    Outcome key(const ScenarioDocument& doc, Key key);
    // The mouse left the canvas: no hover point, nothing previewed there.
    void leave() { hover_.reset(); }

    // After any change of the document (an edit, undo, redo): a selection
    // that no longer exists is dropped.
    void document_changed(const ScenarioDocument& doc);
    void select(const Hit& hit) { selection_ = hit; }

    // What to draw over the table.
    const std::vector<gt::Point>& draft() const { return draft_; }
    std::optional<gt::Point> hover() const { return hover_; }
    Hit selection() const { return selection_; }
    bool dragging() const { return dragging_; }
    gt::Point drag_offset(const rules::Scenario& scenario) const;  // the selection as it would move
    std::optional<std::pair<gt::Point, gt::Point>> ruler() const;
    std::optional<UnitShape> placing_preview(const rules::Ruleset& ruleset) const;

    // A line for the status bar: what the tool does next, or why the last
    // gesture made no edit (taken by the first call after it).
    std::string hint(const ScenarioDocument& doc) const;
    std::string take_message() { return std::exchange(message_, {}); }

private:
    Edit finish_draft(const ScenarioDocument& doc);
    gt::Point snapped(gt::Point p) const;
    Edit attempt(const std::function<Edit()>& make);

    Mode mode_ = Mode::Select;
    int terrain_ = -1;
    std::vector<gt::Point> draft_;
    std::optional<gt::Point> hover_;
    Hit selection_;
    bool dragging_ = false;
    gt::Point drag_from_, drag_to_;
    double drag_tolerance_ = 0;
    bool measuring_ = false;
    std::optional<std::pair<gt::Point, gt::Point>> ruler_;
    std::string message_;
};

}  // namespace sandtable::studio::tabletop
