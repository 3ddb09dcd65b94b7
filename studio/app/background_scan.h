// The background scan of the open scenario, as the main window drives it:
// read from beside the scenario, chosen by the designer, shown on the map
// canvas, calibrated by dragging its handles, and written back as soon as
// it changes (it is a view setting, not part of what the runtime plays).
#pragma once

#include "app/hex_tools.h"
#include "app/map_canvas.h"
#include "core/background.h"
#include "core/scenario_document.h"

#include <wx/image.h>

#include <functional>
#include <optional>

namespace sandtable::studio {

class BackgroundScan {
public:
    // `status` shows a line in the status bar.
    BackgroundScan(wxWindow* owner, MapCanvas* canvas, std::function<void(const wxString&)> status);

    // The scan kept beside `doc`'s scenario, if any. Throws load::LoadError
    // (file:line:col) when the background file is malformed.
    void open(const ScenarioDocument* doc);
    bool present() const { return background_.has_value(); }
    bool visible() const { return !background_ || background_->visible; }

    void choose();  // a file dialog; the scan first covers the whole map
    void ask_opacity();
    void set_visible(bool visible);
    void remove();
    void anchor_dropped(int anchor, Point map);
    // View > Calibrate Background: the scan's two handles show and can be dragged.
    void calibrate(bool on);

private:
    void save();
    void show_handles();

    wxWindow* owner_;
    MapCanvas* canvas_;
    std::function<void(const wxString&)> status_;
    const ScenarioDocument* doc_ = nullptr;
    std::optional<Background> background_;
    CalibrationTool calibration_;
    bool calibrating_ = false;
    wxImage image_;
};

}  // namespace sandtable::studio
