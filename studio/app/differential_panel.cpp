#include "app/differential_panel.h"

#include "app/result_grids.h"
#include "core/differential_commands.h"

#include <wx/sizer.h>

#include <algorithm>

namespace sandtable::studio {

namespace {
wxGrid* read_only_grid(wxWindow* parent) {
    auto* grid = new wxGrid(parent, wxID_ANY);
    grid->CreateGrid(0, 0);
    grid->EnableEditing(false);
    return grid;
}

// Result columns are numbered from 1, as the lines above them read them.
void number_columns(wxGrid& grid) {
    for (int c = 0; c < grid.GetNumberCols(); ++c) grid.SetColLabelValue(c, wxString::Format("%d", c + 1));
}
}  // namespace

DifferentialPanel::DifferentialPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    notes_ = new wxStaticText(this, wxID_ANY, "");
    lines_ = read_only_grid(this);
    results_ = new wxGrid(this, wxID_ANY);
    results_->CreateGrid(0, 0);
    chances_ = read_only_grid(this);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(notes_, 0, wxALL, 4);
    sizer->Add(
        new wxStaticText(this, wxID_ANY,
                         "Differential (attack − defence) by terrain line; each line reads the results from the left:"),
        0, wxLEFT | wxTOP, 4);
    sizer->Add(lines_, 0, wxEXPAND | wxALL, 4);
    sizer->Add(new wxStaticText(this, wxID_ANY, "Results by die roll (edit a cell to change it):"), 0, wxLEFT | wxTOP,
               4);
    sizer->Add(results_, 1, wxEXPAND | wxALL, 4);
    sizer->Add(new wxStaticText(this, wxID_ANY, "Chance of each result by column:"), 0, wxLEFT, 4);
    sizer->Add(chances_, 1, wxEXPAND | wxALL, 4);
    SetSizer(sizer);
    results_->Bind(wxEVT_GRID_CELL_CHANGING, &DifferentialPanel::on_changing, this);
    results_->Bind(wxEVT_GRID_CELL_CHANGED, &DifferentialPanel::on_changed, this);
    // The three grids scroll across together: a line's differentials stay over their results,
    // whether the scroll bar moved or the cursor walked off the edge.
    results_->Bind(wxEVT_GRID_SELECT_CELL, [this](wxGridEvent& e) {
        e.Skip();
        CallAfter([this] { scroll_with(results_); });
    });
    for (wxGrid* grid : {lines_, results_, chances_})
        for (const auto type : {wxEVT_SCROLLWIN_TOP, wxEVT_SCROLLWIN_BOTTOM, wxEVT_SCROLLWIN_LINEUP,
                                wxEVT_SCROLLWIN_LINEDOWN, wxEVT_SCROLLWIN_PAGEUP, wxEVT_SCROLLWIN_PAGEDOWN,
                                wxEVT_SCROLLWIN_THUMBTRACK, wxEVT_SCROLLWIN_THUMBRELEASE})
            grid->Bind(type, [this, grid](wxScrollWinEvent& e) {
                e.Skip();
                if (e.GetOrientation() == wxHORIZONTAL) CallAfter([this, grid] { scroll_with(grid); });
            });
}

void DifferentialPanel::scroll_with(wxGrid* leader) {
    int x = 0, y = 0;
    leader->GetViewStart(&x, &y);
    for (wxGrid* grid : {lines_, results_, chances_}) {
        if (grid == leader) continue;
        int gx = 0, gy = 0;
        grid->GetViewStart(&gx, &gy);
        if (gx != x) grid->Scroll(x, gy);
    }
}

void DifferentialPanel::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    perform_ = std::move(perform);
    table_ = -1;
}

void DifferentialPanel::show(int table) {
    table_ = table;
    refresh();
}

void DifferentialPanel::refresh() {
    // An edit refills the grids; they come back where the designer was looking.
    int x = 0, y = 0;
    results_->GetViewStart(&x, &y);
    filling_ = true;
    const bool shown = doc_ && table_ >= 0;
    const auto* t = shown ? &doc_->ruleset().differential_tables[static_cast<std::size_t>(table_)] : nullptr;
    wxString notes = t ? wxString::FromUTF8(t->notes) : wxString();
    // House rules layer odds and threshold tables; a differential table is edited in its own file only.
    if (t && doc_->layers())
        notes += "\nWith house rules loaded, this table is shown, not edited: edit it in the base ruleset.";
    notes_->SetLabel(notes);
    notes_->Wrap(std::max(400, GetClientSize().GetWidth() - 16));
    fill_lines();
    fill_results();
    fill_chances();
    align_columns();
    filling_ = false;
    Layout();
    results_->Scroll(x, y);
    scroll_with(results_);
}

// The three grids share their columns: each is as wide as its widest cell in
// any of them, and the row labels too, so a line's differential stands over
// the results it reads.
void DifferentialPanel::align_columns() {
    wxGrid* grids[] = {lines_, results_, chances_};
    int labels = 0;
    for (auto* g : grids) labels = std::max(labels, g->GetRowLabelSize());
    for (int c = 0; c < lines_->GetNumberCols(); ++c) {
        int width = 0;
        for (auto* g : grids)
            if (c < g->GetNumberCols()) width = std::max(width, g->GetColSize(c));
        for (auto* g : grids)
            if (c < g->GetNumberCols()) g->SetColSize(c, width);
    }
    for (auto* g : grids) g->SetRowLabelSize(labels);
}

void DifferentialPanel::fill_lines() {
    if (!doc_ || table_ < 0) return resize_grid(*lines_, 0, 0);
    const auto& t = doc_->ruleset().differential_tables[static_cast<std::size_t>(table_)];
    resize_grid(*lines_, static_cast<int>(t.lines.size()), static_cast<int>(t.scale.size()));
    for (int l = 0; l < static_cast<int>(t.lines.size()); ++l) {
        const auto& line = t.lines[static_cast<std::size_t>(l)];
        lines_->SetRowLabelValue(l, wxString::FromUTF8(line.name));
        for (int c = 0; c < t.columns_on(line); ++c) {
            lines_->SetCellValue(l, c, wxString::FromUTF8(t.label(c, line)));
            lines_->SetCellAlignment(l, c, wxALIGN_CENTRE, wxALIGN_CENTRE);
        }
        for (int c = t.columns_on(line); c < static_cast<int>(t.scale.size()); ++c)
            lines_->SetCellBackgroundColour(l, c, wxColour(225, 225, 225));
    }
    number_columns(*lines_);
    lines_->SetRowLabelSize(wxGRID_AUTOSIZE);
    lines_->AutoSizeColumns();
}

void DifferentialPanel::fill_results() {
    if (!doc_ || table_ < 0) return resize_grid(*results_, 0, 0);
    const auto& t = doc_->ruleset().differential_tables[static_cast<std::size_t>(table_)];
    resize_grid(*results_, static_cast<int>(t.rows.size()), static_cast<int>(t.scale.size()));
    wxArrayString codes;
    for (const auto& r : doc_->ruleset().combat_results) codes.Add(wxString::FromUTF8(r.code));
    results_->SetDefaultEditor(new wxGridCellChoiceEditor(codes, true));
    results_->EnableEditing(!doc_->layers());
    for (int r = 0; r < static_cast<int>(t.rows.size()); ++r) {
        results_->SetRowLabelValue(r, wxString::Format("%d", t.die_first + r));
        for (int c = 0; c < static_cast<int>(t.scale.size()); ++c) {
            results_->SetCellValue(
                r, c, wxString::FromUTF8(t.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]));
            results_->SetCellAlignment(r, c, wxALIGN_CENTRE, wxALIGN_CENTRE);
        }
    }
    number_columns(*results_);
    results_->AutoSizeColumns();
}

void DifferentialPanel::fill_chances() {
    if (!doc_ || table_ < 0) return resize_grid(*chances_, 0, 0);
    const auto& t = doc_->ruleset().differential_tables[static_cast<std::size_t>(table_)];
    fill_result_chances(*chances_, static_cast<int>(t.scale.size()), [&](int c) { return t.distribution(c); });
    number_columns(*chances_);
    chances_->AutoSizeColumns();
}

// Only the ruleset's result codes are accepted.
void DifferentialPanel::on_changing(wxGridEvent& e) {
    if (!filling_ && doc_) veto_unknown_result(*doc_, e);
}

void DifferentialPanel::on_changed(wxGridEvent& e) {
    if (filling_ || !doc_ || !perform_) return;
    const std::string code = results_->GetCellValue(e.GetRow(), e.GetCol()).ToStdString();
    perform_(std::make_unique<SetDifferentialCell>(*doc_, table_, e.GetRow(), e.GetCol(), code));
    CallAfter([this] { refresh(); });
}

}  // namespace sandtable::studio
