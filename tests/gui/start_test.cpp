// Started without a file, the studio reopens the last project, or shows the
// start dialog when there is none; it never opens the shipped files on its
// own (issue 19, defect 5).
#include "app/main_frame.h"
#include "app/start_dialog.h"
#include "gui_fixture.h"

#include <catch2/catch.hpp>

#include <wx/config.h>

using namespace sandtable;
using namespace sandtable::gui_test;

namespace {
// Closes the start dialog once it shows; whether it did.
bool close_start_dialog_when_shown(wxTimer& timer, bool& seen) {
    timer.Bind(wxEVT_TIMER, [&](wxTimerEvent&) {
        for (auto* window : wxTopLevelWindows)
            if (auto* dialog = dynamic_cast<studio::StartDialog*>(window); dialog && dialog->IsModal()) {
                seen = true;
                dialog->EndModal(wxID_CANCEL);
            }
    });
    timer.Start(50);
    return true;
}
}  // namespace

TEST_CASE("Start: with no last project the start dialog shows and nothing shipped is opened", "[gui][start]") {
    wxConfigBase::Get()->DeleteAll();
    auto* frame = new studio::MainFrame();
    frame->Show();
    wxTimer timer;
    bool seen = false;
    close_start_dialog_when_shown(timer, seen);
    frame->start();
    timer.Stop();
    CHECK(seen);
    CHECK(frame->document() == nullptr);
    frame->Destroy();
    pump_for(50);
}

TEST_CASE("Start: the last project is opened again, without the dialog", "[gui][start]") {
    wxConfigBase::Get()->DeleteAll();
    ProjectCopy project("bmw");
    const std::string scenario = project.scenario("bmw", "skirmish.yaml");
    {
        auto* frame = new studio::MainFrame();
        REQUIRE(frame->open(scenario, false));
        frame->Destroy();  // remembers it among the recent projects
        pump_for(50);
    }
    auto* frame = new studio::MainFrame();
    frame->Show();
    wxTimer timer;
    bool seen = false;
    close_start_dialog_when_shown(timer, seen);
    frame->start();
    timer.Stop();
    CHECK_FALSE(seen);
    REQUIRE(frame->document() != nullptr);
    CHECK(frame->document()->file() == scenario);
    frame->Destroy();
    pump_for(50);
}
