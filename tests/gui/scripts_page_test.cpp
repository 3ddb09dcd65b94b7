// Rules & Scripts under Xvfb (issue 19, defects 2, 4, 8): typing survives a
// switch to another module, shows in the title, is named by the prompt on
// quitting, and a "Don't Save" leaves no autosave to be offered again.
#include "app/main_frame.h"
#include "gui_fixture.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace sandtable;
using namespace sandtable::gui_test;
using Page = studio::MainFrame::Page;

TEST_CASE("Scripts: typing kept across modules, the title marked, quitting asks about the script by name",
          "[gui][scripts]") {
    ProjectCopy project("bmw");
    auto* frame = new studio::MainFrame();
    std::vector<wxString> asked;
    int answer = wxCANCEL;
    frame->ask = [&](const wxString& message, const wxString&, long) {
        asked.push_back(message);
        return answer;
    };
    frame->Show();
    REQUIRE(frame->open(project.scenario("bmw", "wendle-fords.yaml"), false));
    frame->select_page(Page::Scripts);
    pump_for(50);
    auto& scripts = frame->scripts();
    const auto files = frame->document()->script_files();
    REQUIRE(files.size() >= 2);
    scripts.select_module_of(files[0]);
    scripts.type_text("-- typed, not saved\n");
    CHECK(frame->GetTitle().StartsWith("*"));
    scripts.select_module_of(files[1]);
    scripts.select_module_of(files[0]);
    CHECK(*frame->document()->scripts().unsaved_text(files[0]) == "-- typed, not saved\n");

    frame->Close();  // as Ctrl+Q: Cancel keeps the window and the typing
    pump_for(50);
    REQUIRE(asked.size() == 1);
    CHECK(asked[0].ToStdString(wxConvUTF8).find(files[0]) != std::string::npos);
    CHECK(frame->IsShown());

    frame->autosave_now();
    REQUIRE(std::filesystem::exists(files[0] + ".autosave"));
    answer = wxNO;  // Don't Save: the work and its autosaves go
    frame->Close();
    pump_for(50);
    CHECK_FALSE(std::filesystem::exists(files[0] + ".autosave"));
    CHECK_FALSE(std::filesystem::exists(project.scenario("bmw", "wendle-fords.yaml") + ".autosave"));
}
