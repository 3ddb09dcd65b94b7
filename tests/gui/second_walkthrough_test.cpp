// What the second new-user walkthrough of issue 19 found, each under Xvfb:
// B's choice appears once a house rule is started, the File menu's keys work
// wherever the focus is, a game let go is put away when its scenario opens again.
#include "app/menu_shortcuts.h"
#include "bots/session.h"
#include "load/loader.h"

#include <filesystem>
#include <fstream>
#include "studio_window.h"

#include <wx/listbox.h>

using namespace sandtable;
using namespace sandtable::gui_test;
using Page = studio::MainFrame::Page;

TEST_CASE("Balance Lab: B without the scenario's own house rules is offered once one is started and saved",
          "[gui][balance]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    frame->select_page(Page::BalanceLab);
    pump_for(20);
    CHECK(frame->balance().compare_choices() == 2);
    REQUIRE(frame->start_house_rule("Bold attackers"));
    frame->save();
    pump_for(20);
    CHECK(frame->balance().compare_choices() == 3);
    CHECK(frame->balance().compare_without_own_house_rules());
}

TEST_CASE(
    "Shortcuts: Ctrl+S, Ctrl+Q, Ctrl+O, Ctrl+N are the File menu's wherever the focus is; editing keys stay with it",
    "[gui][keys]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    const auto key = [&](int code, bool ctrl, bool shift = false) {
        wxKeyEvent e(wxEVT_CHAR_HOOK);
        e.m_keyCode = code;
        e.m_controlDown = ctrl;
        e.m_shiftDown = shift;
        return studio::menu_command_for_key(*frame.frame, e);
    };
    CHECK(key('S', true) == wxID_SAVE);
    CHECK(key('Q', true) == wxID_EXIT);
    CHECK(key('O', true) == wxID_OPEN);
    CHECK(key('N', true) == wxID_NEW);
    CHECK(key('S', true, true) == wxID_SAVEAS);
    CHECK(key(WXK_F7, false) != wxID_NONE);  // Check Project
    CHECK(key('Z', true) == wxID_NONE);      // undo in a text field is the field's
    CHECK(key('C', true) == wxID_NONE);
    CHECK(key('S', false) == wxID_NONE);  // a plain letter is typing
}

TEST_CASE(
    "Playtest: a game let go (No to saving it) is put away when its scenario is opened again, and not asked about "
    "twice",
    "[gui][play]") {
    ProjectCopy project("bmw");
    const std::string scenario = project.scenario("bmw", "skirmish.yaml");
    StudioWindow frame(scenario);
    int asked = 0;
    frame->ask = [&](const wxString&, const wxString&, long) {
        ++asked;
        return wxNO;
    };
    frame->select_page(Page::Playtest);
    auto& play = frame->play();
    play.new_game();
    REQUIRE(play.has_game());
    // Played on until a combat is fought (the fifth walkthrough: its explanation outlived the game).
    for (int i = 0; i < 400 && play.game() && !play.game()->over() && play.game()->records().combats.empty(); ++i)
        play.act(play.game()->legal_actions().front());
    pump_for(50);
    REQUIRE(play.combats_listed() > 0);
    REQUIRE(play.confirm_discard_game());
    CHECK(asked == 1);
    CHECK(play.confirm_discard_game());  // let go already: no second question
    CHECK(asked == 1);
    REQUIRE(frame->open(scenario, false));
    CHECK_FALSE(play.has_game());
    CHECK(play.combats_listed() == 0);  // nor its combats on the Combat tab
}

// The third walkthrough: an error fixed and saved with Ctrl+S leaves no mark in the editor while the
// Issues pane says all is well.
TEST_CASE("Scripts: a Lua error fixed and saved with Ctrl+S takes its mark off the editor", "[gui][scripts]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    scripts.type_text("local broken = (1 +\n" + text);
    scripts.check();
    REQUIRE(scripts.has_error_mark());
    scripts.type_text(text);  // fixed
    frame->save();            // Ctrl+S: every file, then the project is checked
    pump_for(20);
    CHECK_FALSE(scripts.has_error_mark());
}

// The fourth walkthrough: the module already open when a house rule is started turns read only too.
TEST_CASE("Scripts: the ruleset's module open when a house rule is started becomes read only",
          "[gui][scripts][house]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto& scripts = open_first_module(frame).scripts;
    CHECK_FALSE(scripts.read_only());
    REQUIRE(frame->start_house_rule("Bold attackers"));
    CHECK(scripts.read_only());
}

// A replay picked in the Open Scenario dialog is watched on the Playtest page; a file that is no scenario
// leaves the project open.
TEST_CASE("Open: a replay opens on the Playtest page, a file that does not load leaves the project open",
          "[gui][open]") {
    ProjectCopy project("bmw");
    const std::string scenario = project.scenario("bmw", "skirmish.yaml");
    StudioWindow frame(scenario);
    const std::string replay = (std::filesystem::path(scenario).parent_path() / "game.yaml").string();
    {
        bots::Session session(load::load_scenario(scenario), scenario, 1, {}, true);
        for (int i = 0; i < 3; ++i) session.apply(session.game().legal_actions().front());
        std::ofstream(replay) << session.replay_yaml(replay);
    }
    REQUIRE(frame->open(replay, false));
    CHECK(frame->document()->file() == scenario);  // the project is still the one open
    const std::string broken = (std::filesystem::path(scenario).parent_path() / "broken.yaml").string();
    std::ofstream(broken) << "id: broken\n";
    CHECK_FALSE(frame->open(broken, false));
    REQUIRE(frame->document());
    CHECK(frame->document()->file() == scenario);
}
