// Started without a file, the studio reopens the last project, or shows the
// start dialog when there is none; it never opens the shipped files on its
// own (issue 19, defect 5).
#include "app/main_frame.h"
#include "app/start_dialog.h"
#include "gui_fixture.h"

#include <catch2/catch.hpp>

#include <wx/config.h>

#include <optional>
#include <string>

using namespace sandtable;
using namespace sandtable::gui_test;

namespace {
// A new main window started as without a file; whether the start dialog
// showed (it is closed at once) and the document it opened, if any.
std::optional<std::string> start_studio(bool& dialog_shown) {
    auto* frame = new studio::MainFrame();
    frame->Show();
    wxTimer timer;
    dialog_shown = false;
    timer.Bind(wxEVT_TIMER, [&](wxTimerEvent&) {
        for (auto* window : wxTopLevelWindows)
            if (auto* dialog = dynamic_cast<studio::StartDialog*>(window); dialog && dialog->IsModal()) {
                dialog_shown = true;
                dialog->EndModal(wxID_CANCEL);
            }
    });
    timer.Start(50);
    frame->start();
    timer.Stop();
    std::optional<std::string> opened;
    if (frame->document()) opened = frame->document()->file();
    REQUIRE(destroy_and_wait(frame));
    return opened;
}
}  // namespace

TEST_CASE("Start: with no last project the start dialog shows and nothing shipped is opened", "[gui][start]") {
    wxConfigBase::Get()->DeleteAll();
    bool shown = false;
    CHECK_FALSE(start_studio(shown));
    CHECK(shown);
}

TEST_CASE("Start: the last project is opened again, without the dialog", "[gui][start]") {
    wxConfigBase::Get()->DeleteAll();
    ProjectCopy project("bmw");
    const std::string scenario = project.scenario("bmw", "skirmish.yaml");
    {
        auto* frame = new studio::MainFrame();
        REQUIRE(frame->open(scenario, false));
        REQUIRE(destroy_and_wait(frame));  // its destructor remembers it among the recent projects
    }
    bool shown = false;
    CHECK(start_studio(shown) == scenario);
    CHECK_FALSE(shown);
}
