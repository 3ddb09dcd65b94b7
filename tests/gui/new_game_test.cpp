// New Game with edits not saved yet asks, naming the files, and then plays
// what is on screen (saved first) or, knowingly, the saved files (issue 19,
// defect 10).
#include "studio_window.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::gui_test;

TEST_CASE("New Game: unsaved edits are saved and played, or the saved files played knowingly, or nothing",
          "[gui][play]") {
    ProjectCopy project("bmw");
    StudioWindow window(project.scenario("bmw", "wendle-fords.yaml"));
    studio::MainFrame* frame = window.frame;
    std::vector<wxString> asked;
    int answer = wxCANCEL;
    frame->ask = [&](const wxString& message, const wxString& caption, long) {
        if (caption == "Game in progress") return wxNO;  // the game on the page is let go
        asked.push_back(message);
        return answer;
    };
    const std::string script = frame->document()->script_files().front();
    frame->select_page(studio::MainFrame::Page::Scripts);
    frame->scripts().select_module_of(script);
    frame->scripts().type_text("-- a comment typed in\n");
    REQUIRE(frame->document()->modified());
    frame->select_page(studio::MainFrame::Page::Playtest);

    frame->play().new_game();  // Cancel: no game
    REQUIRE(asked.size() == 1);
    CHECK(asked[0].ToStdString(wxConvUTF8).find(script) != std::string::npos);
    CHECK_FALSE(frame->play().has_game());

    answer = wxNO;  // the saved files, the edits kept unsaved
    frame->play().new_game();
    CHECK(frame->play().has_game());
    CHECK(frame->document()->modified());

    answer = wxYES;  // saved, then played
    frame->play().new_game();
    CHECK_FALSE(frame->document()->modified());
    CHECK(frame->play().has_game());
}

// The Playtest page follows the scenario open (a new user's finding: New Game
// kept playing the scenario shown first in the session).
TEST_CASE("New Game: after another scenario is opened, the page's game is put away and New Game plays the one open",
          "[gui][play]") {
    ProjectCopy project("bmw");
    StudioWindow window(project.scenario("bmw", "wendle-fords.yaml"));
    studio::MainFrame* frame = window.frame;
    frame->select_page(studio::MainFrame::Page::Playtest);
    frame->play().new_game();
    REQUIRE(frame->play().has_game());
    REQUIRE(frame->open(project.scenario("bmw", "skirmish.yaml"), false));
    CHECK_FALSE(frame->play().has_game());
    frame->play().new_game();
    CHECK(frame->play().game_scenario() == project.scenario("bmw", "skirmish.yaml"));
}
