// A docked pane closed with its × comes back from the View menu (issue 19,
// defect 11), and Reset Layout brings every pane back.
#include "studio_window.h"

#include <catch2/catch.hpp>

#include <wx/menu.h>

using namespace sandtable;
using namespace sandtable::gui_test;

namespace {
void choose(wxFrame& frame, const wxString& menu, const wxString& item) {
    const int id = frame.GetMenuBar()->FindMenuItem(menu, item);
    REQUIRE(id != wxNOT_FOUND);
    wxCommandEvent e(wxEVT_MENU, id);
    const auto* entry = frame.GetMenuBar()->FindItem(id);
    e.SetInt(entry->IsCheckable() && !entry->IsChecked() ? 1 : 0);  // what a click on it would make it
    if (entry->IsCheckable()) frame.GetMenuBar()->Check(id, e.GetInt() != 0);
    frame.ProcessWindowEvent(e);
}

bool ticked(wxFrame& frame, const wxString& item) {
    return frame.GetMenuBar()->IsChecked(frame.GetMenuBar()->FindMenuItem("View", item));
}
}  // namespace

TEST_CASE("Panes: the issues pane closed comes back from View, the tick follows", "[gui][panes]") {
    ProjectCopy project("bmw");
    StudioWindow window(project.scenario("bmw", "wendle-fords.yaml"));
    studio::MainFrame* frame = window.frame;
    auto& aui = *wxAuiManager::GetManager(frame->GetChildren().front());
    REQUIRE(aui.GetPane("issues").IsShown());
    CHECK(ticked(*frame, "Issues"));
    aui.ClosePane(aui.GetPane("issues"));  // as its × does
    wxAuiManagerEvent closed(wxEVT_AUI_PANE_CLOSE);
    closed.SetManager(&aui);
    frame->ProcessWindowEvent(closed);
    // The tick follows once idle time comes (CallAfter): on a busy machine later than any fixed wait.
    CHECK(pump_until([&] { return !ticked(*frame, "Issues"); }, 10'000));
    CHECK_FALSE(aui.GetPane("issues").IsShown());
    choose(*frame, "View", "Issues");
    CHECK(aui.GetPane("issues").IsShown());
    CHECK(ticked(*frame, "Issues"));
    choose(*frame, "View", "Palette");  // hides it
    CHECK_FALSE(aui.GetPane("palette").IsShown());
    choose(*frame, "View", "Reset Layout");
    CHECK(aui.GetPane("palette").IsShown());
    CHECK(ticked(*frame, "Palette"));
}
