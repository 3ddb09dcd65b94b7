// Ctrl+S with the cursor still in a field (issue 19): the value the field
// shows is what is saved, whether it is a property grid's editor or a table
// cell's, and the prompt on quitting counts it as unsaved work.
#include "load/loader.h"
#include "studio_window.h"

#include <wx/combobox.h>
#include <wx/grid.h>
#include <wx/propgrid/propgrid.h>
#include <wx/textctrl.h>

using namespace sandtable;
using namespace sandtable::gui_test;
using Page = studio::MainFrame::Page;

namespace {

template <class T>
T* first_under(wxWindow* w) {
    if (auto* found = dynamic_cast<T*>(w); found && found->IsShownOnScreen()) return found;
    for (wxWindow* child : w->GetChildren())
        if (T* found = first_under<T>(child)) return found;
    return nullptr;
}

// Types `text` into the property's editor without pressing Enter.
void type_into(wxPropertyGrid& grid, const wxString& property, const wxString& text) {
    wxPGProperty* p = grid.GetPropertyByName(property);
    REQUIRE(p);
    grid.SelectProperty(p, true);
    pump_for(50);
    auto* editor = dynamic_cast<wxTextCtrl*>(grid.GetEditorControl());
    REQUIRE(editor);
    editor->SetValue(text);
}

void save(studio::MainFrame* frame) {
    wxCommandEvent save(wxEVT_MENU, wxID_SAVE);
    frame->ProcessWindowEvent(save);
    pump_for(50);
}

}  // namespace

TEST_CASE("Saving: a unit type's name still in its editor is saved by Ctrl+S", "[gui][save]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "wendle-fords.yaml"));
    frame->select_page(Page::UnitTypes);
    pump_for(50);
    wxPropertyGrid* grid = first_under<wxPropertyGrid>(frame.frame);
    REQUIRE(grid);
    type_into(*grid, "name", "Ford Knights");
    save(frame.frame);
    const std::string ruleset = load::read_file(frame->document()->ruleset().where.file);
    CHECK(ruleset.find("Ford Knights") != std::string::npos);
    CHECK_FALSE(frame->document()->modified());
}

TEST_CASE("Saving: a value still in its editor counts as unsaved work when quitting", "[gui][save]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "wendle-fords.yaml"));
    std::vector<wxString> asked;
    frame->ask = [&](const wxString& message, const wxString&, long) {
        asked.push_back(message);
        return wxCANCEL;
    };
    frame->select_page(Page::UnitTypes);
    pump_for(50);
    wxPropertyGrid* grid = first_under<wxPropertyGrid>(frame.frame);
    REQUIRE(grid);
    type_into(*grid, "name", "Ford Knights");
    frame->Close();
    pump_for(50);
    REQUIRE(asked.size() == 1);
    CHECK(asked[0].Contains("ruleset.yaml"));
    frame->ask = [](const wxString&, const wxString&, long) { return wxNO; };
}

TEST_CASE("Saving: a table cell still in its editor is saved by Ctrl+S", "[gui][save]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "wendle-fords.yaml"));
    frame->select_page(Page::Tables);
    pump_for(50);
    wxGrid* grid = first_under<wxGrid>(frame.frame);
    REQUIRE(grid);
    const auto& crt = frame->document()->ruleset().odds_tables.front();
    int column = 0;
    while (!crt.columns[static_cast<std::size_t>(column)].automatic.empty()) ++column;
    const std::string was = crt.rows[0][static_cast<std::size_t>(column)];
    const auto& results = frame->document()->ruleset().combat_results;
    const std::string other = results.front().code == was ? results.back().code : results.front().code;
    grid->SetGridCursor(0, column);
    grid->EnableCellEditControl();
    pump_for(50);
    wxGridCellEditor* editor = grid->GetCellEditor(0, column);
    auto* box = dynamic_cast<wxComboBox*>(editor->GetControl());
    editor->DecRef();
    REQUIRE(box);
    box->SetValue(wxString::FromUTF8(other));
    save(frame.frame);
    const auto& saved = frame->document()->ruleset().odds_tables.front();
    CHECK(saved.rows[0][static_cast<std::size_t>(column)] == other);
    CHECK_FALSE(frame->document()->modified());
    const auto on_disk = load::load_ruleset(frame->document()->ruleset().directory);
    CHECK(on_disk.odds_tables.front().rows[0][static_cast<std::size_t>(column)] == other);
}
