#include "app/tables_panel.h"

#include "app/layer_colours.h"
#include "app/result_grids.h"
#include "core/table_commands.h"

#include <wx/button.h>
#include <wx/msgdlg.h>
#include <wx/textdlg.h>

#include <wx/log.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

namespace sandtable::studio {

TablesPanel::TablesPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    choice_ = new wxChoice(this, wxID_ANY, wxDefaultPosition, wxSize(240, -1));
    table_ = new wxGrid(this, wxID_ANY);
    table_->CreateGrid(0, 0);
    odds_ = new wxGrid(this, wxID_ANY);
    odds_->CreateGrid(0, 0);
    odds_->EnableEditing(false);
    wxSizer* top = build_buttons();
    odds_sizer_ = new wxBoxSizer(wxVERTICAL);
    odds_sizer_->Add(top, 0, wxALL, 4);
    odds_sizer_->Add(new wxStaticText(this, wxID_ANY, "Results by die roll (edit a cell to change it):"), 0,
                     wxLEFT | wxTOP, 4);
    odds_sizer_->Add(table_, 1, wxEXPAND | wxALL, 4);
    odds_sizer_->Add(new wxStaticText(this, wxID_ANY, "Chance of each result by column:"), 0, wxLEFT, 4);
    odds_sizer_->Add(odds_, 1, wxEXPAND | wxALL, 4);
    threshold_ = new ThresholdPanel(this);
    differential_ = new DifferentialPanel(this);
    legend_ = new wxStaticText(this, wxID_ANY, "");
    sizer->Add(legend_, 0, wxLEFT | wxTOP, 8);
    sizer->Add(choice_, 0, wxALL, 4);
    sizer->Add(odds_sizer_, 1, wxEXPAND);
    sizer->Add(threshold_, 1, wxEXPAND);
    sizer->Add(differential_, 1, wxEXPAND);
    SetSizer(sizer);
    choice_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { refresh(); });
    table_->Bind(wxEVT_GRID_CELL_CHANGING, &TablesPanel::on_changing, this);
    table_->Bind(wxEVT_GRID_CELL_CHANGED, &TablesPanel::on_changed, this);
    // Where the selected cell's result comes from, in the status bar.
    table_->Bind(wxEVT_GRID_SELECT_CELL, &TablesPanel::on_cell_selected, this);
}

// The row and column buttons above the odds table.
wxSizer* TablesPanel::build_buttons() {
    auto* top = new wxBoxSizer(wxHORIZONTAL);
    auto button = [&](const char* label, const char* tip, auto action) {
        auto* b = new wxButton(this, wxID_ANY, wxString::FromUTF8(label));
        b->SetToolTip(wxString::FromUTF8(tip));
        b->Bind(wxEVT_BUTTON, [this, action](wxCommandEvent&) { (this->*action)(); });
        top->Add(b, 0, wxRIGHT, 4);
    };
    button("Add Column…", "A column at new odds, placed in order; its results copied from the column below",
           &TablesPanel::add_column);
    button("Remove Column", "Take away the column of the selected cell", &TablesPanel::remove_column);
    auto* add_row = new wxButton(this, wxID_ANY, "Add Row");
    add_row->SetToolTip("A row for the next die roll: the die gains a face");
    auto* remove_row = new wxButton(this, wxID_ANY, "Remove Row");
    remove_row->SetToolTip("Take away the highest roll's row: the die loses a face");
    add_row->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (table_index() >= 0) reshape(ReshapeTable::add_row(*doc_, table_index()));
    });
    remove_row->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (table_index() < 0) return;
        try {
            reshape(ReshapeTable::remove_row(*doc_, table_index()));
        } catch (const std::exception& e) {
            wxMessageBox(wxString::FromUTF8(e.what()), "The row was not removed", wxOK | wxICON_INFORMATION, this);
        }
    });
    top->Add(add_row, 0, wxRIGHT, 4);
    top->Add(remove_row, 0);
    return top;
}

// Where the selected cell's result comes from, in the status bar.
void TablesPanel::on_cell_selected(wxGridEvent& e) {
    e.Skip();
    const int t = table_index();
    if (!doc_ || t < 0 || !doc_->layers() || !IsShownOnScreen()) return;  // a selection made while filling tells nobody
    const auto& crt = doc_->ruleset().odds_tables[static_cast<std::size_t>(t)];
    const auto origin = doc_->layers()->origin_of_cell(doc_->ruleset(), crt.id, e.GetRow(), e.GetCol());
    wxLogStatus("%s", wxString::FromUTF8("Roll " + std::to_string(crt.die_first + e.GetRow()) + ", column " +
                                         crt.columns[static_cast<std::size_t>(e.GetCol())].label + ": from " +
                                         doc_->layers()->describe(origin)));
}

void TablesPanel::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    changes_ = watch_document(doc, this, {DocumentPart::Tables, DocumentPart::HouseRules}, [this] { refresh(); });
    perform_ = std::move(perform);
    threshold_->set_document(doc, perform_);
    differential_->set_document(doc, perform_);
    choice_->Clear();
    if (doc_) {  // odds tables first (their indices are the ruleset's), then threshold and differential tables
        for (const auto& t : doc_->ruleset().odds_tables) choice_->Append(wxString::FromUTF8(t.name + " (CRT)"));
        for (const auto& t : doc_->ruleset().threshold_tables)
            choice_->Append(wxString::FromUTF8(t.name + " (threshold)"));
        for (const auto& t : doc_->ruleset().differential_tables)
            choice_->Append(wxString::FromUTF8(t.name + " (differential CRT)"));
    }
    if (choice_->GetCount() > 0) choice_->SetSelection(0);
    refresh();
}

void TablesPanel::show_cell(int table, int row, int column) {
    if (!doc_ || table < 0 || table >= static_cast<int>(choice_->GetCount())) return;
    choice_->SetSelection(table);
    refresh();
    if (row < 0 || column < 0 || row >= table_->GetNumberRows() || column >= table_->GetNumberCols()) return;
    table_->SetGridCursor(row, column);
    table_->SelectBlock(row, column, row, column);
    table_->MakeCellVisible(row, column);
    table_->SetFocus();
}

void TablesPanel::reshape(std::unique_ptr<EditCommand> command) {
    if (!perform_) return;
    perform_(std::move(command));
    refresh();
}

void TablesPanel::add_column() {
    if (table_index() < 0) return;
    const wxString label =
        wxGetTextFromUser("Odds of the new column (attacker-defender, e.g. 7-1 or 1-6):", "Add Column", "", this);
    if (label.empty()) return;
    try {
        reshape(ReshapeTable::add_column(*doc_, table_index(), label.ToStdString()));
    } catch (const std::exception& e) {
        wxMessageBox(wxString::FromUTF8(e.what()), "The column was not added", wxOK | wxICON_INFORMATION, this);
    }
}

void TablesPanel::remove_column() {
    if (table_index() < 0) return;
    const int column = table_->GetGridCursorCol();
    if (column < 0) return;
    try {
        reshape(ReshapeTable::remove_column(*doc_, table_index(), column));
    } catch (const std::exception& e) {
        wxMessageBox(wxString::FromUTF8(e.what()), "The column was not removed", wxOK | wxICON_INFORMATION, this);
    }
}

int TablesPanel::table_index() const {
    if (!doc_) return -1;
    const int i = choice_->GetSelection();
    return i >= 0 && i < static_cast<int>(doc_->ruleset().odds_tables.size()) ? i : -1;
}

int TablesPanel::threshold_index() const {
    if (!doc_) return -1;
    const int i = choice_->GetSelection() - static_cast<int>(doc_->ruleset().odds_tables.size());
    return i >= 0 && i < static_cast<int>(doc_->ruleset().threshold_tables.size()) ? i : -1;
}

int TablesPanel::differential_index() const {
    if (!doc_) return -1;
    const int i = choice_->GetSelection() -
                  static_cast<int>(doc_->ruleset().odds_tables.size() + doc_->ruleset().threshold_tables.size());
    return i >= 0 && i < static_cast<int>(doc_->ruleset().differential_tables.size()) ? i : -1;
}

void TablesPanel::refresh() {
    legend_->SetLabel(doc_ ? layers_legend(*doc_) : wxString());
    filling_ = true;
    fill_table();
    fill_odds();
    filling_ = false;
    const bool threshold = threshold_index() >= 0, differential = differential_index() >= 0;
    GetSizer()->Show(odds_sizer_, !threshold && !differential, true);
    GetSizer()->Show(threshold_, threshold);
    GetSizer()->Show(differential_, differential);
    threshold_->show(threshold_index());
    differential_->show(differential_index());
    Layout();
}

void TablesPanel::fill_table() {
    const int t = table_index();
    if (t < 0) {
        resize_grid(*table_, 0, 0);
        return;
    }
    const auto& crt = doc_->ruleset().odds_tables[static_cast<std::size_t>(t)];
    resize_grid(*table_, static_cast<int>(crt.rows.size()), static_cast<int>(crt.columns.size()));
    // Cells offer the ruleset's result codes; typing another is refused.
    wxArrayString codes;
    for (const auto& r : doc_->ruleset().combat_results) codes.Add(wxString::FromUTF8(r.code));
    table_->SetDefaultEditor(new wxGridCellChoiceEditor(codes, true));
    for (int c = 0; c < static_cast<int>(crt.columns.size()); ++c) {
        const auto& col = crt.columns[static_cast<std::size_t>(c)];
        table_->SetColLabelValue(c, wxString::FromUTF8(col.label));
        for (int r = 0; r < static_cast<int>(crt.rows.size()); ++r) {
            // An automatic column has one result whatever the roll: shown, not edited.
            table_->SetCellValue(
                r, c,
                wxString::FromUTF8(col.automatic.empty()
                                       ? crt.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]
                                       : col.automatic));
            table_->SetReadOnly(r, c, !col.automatic.empty());
            if (!col.automatic.empty())
                table_->SetCellBackgroundColour(r, c, wxColour(225, 225, 225));
            else if (const auto* layers = doc_->layers();
                     layers && layers->origin_of_cell(doc_->ruleset(), crt.id, r, c) != 0)
                table_->SetCellBackgroundColour(r, c,
                                                origin_colour(layers->origin_of_cell(doc_->ruleset(), crt.id, r, c)));
            else
                table_->SetCellBackgroundColour(r, c, table_->GetDefaultCellBackgroundColour());
            table_->SetCellAlignment(r, c, wxALIGN_CENTRE, wxALIGN_CENTRE);
        }
    }
    for (int r = 0; r < static_cast<int>(crt.rows.size()); ++r)
        table_->SetRowLabelValue(r, wxString::Format("%d", crt.die_first + r));
    table_->AutoSizeColumns();
}

void TablesPanel::fill_odds() {
    const int t = table_index();
    if (t < 0) {
        resize_grid(*odds_, 0, 0);
        return;
    }
    const auto& crt = doc_->ruleset().odds_tables[static_cast<std::size_t>(t)];
    fill_result_chances(*odds_, static_cast<int>(crt.columns.size()), [&](int c) { return crt.distribution(c); });
    for (int c = 0; c < static_cast<int>(crt.columns.size()); ++c)
        odds_->SetColLabelValue(c, wxString::FromUTF8(crt.columns[static_cast<std::size_t>(c)].label));
    odds_->AutoSizeColumns();
}

// Validated as typed: only the ruleset's result codes are accepted.
void TablesPanel::on_changing(wxGridEvent& e) {
    if (!filling_ && doc_) veto_unknown_result(*doc_, e);
}

void TablesPanel::on_changed(wxGridEvent& e) {
    if (filling_ || !doc_ || !perform_) return;
    const std::string code = table_->GetCellValue(e.GetRow(), e.GetCol()).ToStdString();
    perform_(std::make_unique<SetTableCell>(*doc_, table_index(), e.GetRow(), e.GetCol(), code));
    CallAfter([this] { refresh(); });
}

}  // namespace sandtable::studio
