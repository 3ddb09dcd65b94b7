#include "app/background_scan.h"

#include "load/loader.h"
#include "load/scenario_writer.h"

#include <wx/filedlg.h>
#include <wx/filefn.h>
#include <wx/filename.h>
#include <wx/msgdlg.h>
#include <wx/numdlg.h>

#include <cmath>

namespace sandtable::studio {

namespace {
// The scan's path as written in the background file: relative to the
// scenario's folder when it lies inside it, so the project can move.
std::string relative_to_scenario(const std::string& image, const std::string& scenario_file) {
    wxFileName name(wxString::FromUTF8(image));
    name.MakeRelativeTo(wxFileName(wxString::FromUTF8(scenario_file)).GetPath());
    return name.GetFullPath().StartsWith("..") ? image : name.GetFullPath().ToStdString(wxConvUTF8);
}

std::string resolved_from_scenario(const std::string& image, const std::string& scenario_file) {
    wxFileName name(wxString::FromUTF8(image));
    if (name.IsRelative()) name.MakeAbsolute(wxFileName(wxString::FromUTF8(scenario_file)).GetPath());
    return name.GetFullPath().ToStdString(wxConvUTF8);
}
}  // namespace

BackgroundScan::BackgroundScan(wxWindow* owner, MapCanvas* canvas, std::function<void(const wxString&)> status)
    : owner_(owner), canvas_(canvas), status_(std::move(status)) {
    calibration_.on_dropped = [this](int anchor, Point map) { anchor_dropped(anchor, map); };
}

void BackgroundScan::calibrate(bool on) {
    calibrating_ = on;
    show_handles();
}

// The handles are the canvas's front tool while calibrating a scan that is there.
void BackgroundScan::show_handles() {
    calibration_.background = background_ ? &*background_ : nullptr;
    calibration_.grid = doc_ ? &doc_->scenario().map.grid : nullptr;
    canvas_->set_front_tool(calibrating_ && background_ ? &calibration_ : nullptr);
}

void BackgroundScan::open(const ScenarioDocument* doc) {
    doc_ = doc;
    background_.reset();
    image_ = wxImage();
    canvas_->set_background(nullptr, nullptr);
    show_handles();
    if (!doc_ || doc_->ruleset().table.enabled) return;  // a scan is calibrated to hexes
    const std::string file = background_path(doc_->file());
    if (!wxFileExists(wxString::FromUTF8(file))) return;
    background_ = background_from_yaml(load::read_file(file), file, doc_->scenario().map.grid);
    const std::string image = resolved_from_scenario(background_->image, doc_->file());
    if (!image_.LoadFile(wxString::FromUTF8(image))) {
        status_("The background scan " + wxString::FromUTF8(image) + " could not be read");
        return;
    }
    canvas_->set_background(&*background_, &image_);
    show_handles();
}

void BackgroundScan::choose() {
    if (!doc_) return;
    if (doc_->ruleset().table.enabled) {
        wxMessageBox("A background scan is lined up with a hex grid; this scenario is played on a tabletop.",
                     "No background", wxOK | wxICON_INFORMATION, owner_);
        return;
    }
    wxFileDialog dialog(owner_, "A scan of the printed map", "", "", "Images (*.png;*.jpg;*.jpeg)|*.png;*.jpg;*.jpeg",
                        wxFD_OPEN | wxFD_FILE_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK) return;
    wxImage image;
    if (!image.LoadFile(dialog.GetPath())) {
        wxMessageBox("That file is not an image the studio can read (PNG or JPEG).", "No background",
                     wxOK | wxICON_INFORMATION, owner_);
        return;
    }
    image_ = image;
    background_ = fitted_background(doc_->scenario().map.grid,
                                    relative_to_scenario(dialog.GetPath().ToStdString(wxConvUTF8), doc_->file()),
                                    image.GetWidth(), image.GetHeight());
    canvas_->set_background(&*background_, &image_);
    show_handles();
    save();
    status_("Background placed over the whole map: View > Calibrate Background to line its hexes up with the grid");
}

void BackgroundScan::ask_opacity() {
    if (!background_) return;
    const long percent =
        wxGetNumberFromUser("How much of the scan shows over the map", "Opacity (%):", "Background Opacity",
                            std::lround(background_->opacity * 100), 0, 100, owner_);
    if (percent < 0) return;
    background_->opacity = percent / 100.0;
    save();
}

void BackgroundScan::set_visible(bool visible) {
    if (!background_) return;
    background_->visible = visible;
    save();
}

void BackgroundScan::remove() {
    if (!doc_ || !background_) return;
    wxRemoveFile(wxString::FromUTF8(background_path(doc_->file())));
    background_.reset();
    canvas_->set_background(nullptr, nullptr);
    show_handles();
}

void BackgroundScan::anchor_dropped(int anchor, Point map) {
    if (!doc_ || !background_) return;
    try {
        move_anchor(*background_, doc_->scenario().map.grid, anchor, map);
        save();
    } catch (const std::exception& e) {
        status_(wxString::FromUTF8(e.what()));
        canvas_->Refresh();
    }
}

void BackgroundScan::save() {
    if (!doc_ || !background_) return;
    try {
        load::write_file_atomically(background_path(doc_->file()),
                                    background_to_yaml(*background_, doc_->scenario().map.grid));
    } catch (const std::exception& e) {
        status_("The background settings were not saved: " + wxString::FromUTF8(e.what()));
    }
    canvas_->background_changed();
}

}  // namespace sandtable::studio
