// What the eighth new-user walkthrough found (docs/studio-walkthrough.md).
#include "app/map_canvas.h"
#include "app/menu_shortcuts.h"
#include "app/issues_panel.h"
#include "core/scenario_document.h"
#include "studio_window.h"

#include <filesystem>

using namespace sandtable;
using namespace sandtable::gui_test;

// Undo and redo are edits too: the Issues pane is checked again once they pause.
TEST_CASE("Issues: the project is checked again after an undo", "[gui][issues]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    REQUIRE(scripts.add_module("ambush"));
    const auto& issues = frame->issues();
    int before = issues.checks_shown();
    REQUIRE(pump_until([&] { return issues.checks_shown() > before; }, 5000));  // the edit's own check
    before = issues.checks_shown();
    frame->undo();
    CHECK(pump_until([&] { return issues.checks_shown() > before; }, 5000));
}

// With the script editor focused, Edit > Undo undoes its typing (as Ctrl+Z there does): the menu says so.
TEST_CASE("Edit menu: Undo names the typing it will undo while the script editor has the keyboard", "[gui][scripts]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    REQUIRE(scripts.add_module("ambush"));  // an edit in the history: "Undo Add Module ambush"
    scripts.type_text("-- typed\n" + text);
    scripts.focus_editor();
    pump_for(50);
    CHECK(frame->undo_label().ToStdString().find("Typing") != std::string::npos);
    frame->canvas().SetFocus();
    pump_for(50);
    CHECK(frame->undo_label().ToStdString().find("Typing") == std::string::npos);
}

// Ctrl+G reached the View menu's Hex Grid without flipping its tick: the grid went off and stayed off.
TEST_CASE("View menu: a check item's shortcut turns it off and on again, its tick following", "[gui][keys]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    const int grid = frame->GetMenuBar()->FindMenuItem("View", "Hex Grid");
    REQUIRE(grid != wxNOT_FOUND);
    REQUIRE(frame->canvas().show_grid);
    studio::run_menu_command(*frame.frame, grid);
    CHECK_FALSE(frame->canvas().show_grid);
    CHECK_FALSE(frame->GetMenuBar()->IsChecked(grid));
    studio::run_menu_command(*frame.frame, grid);
    CHECK(frame->canvas().show_grid);
    CHECK(frame->GetMenuBar()->IsChecked(grid));
}

// Typing deleted again leaves nothing to recover: its autosave goes, and no recovery is offered.
TEST_CASE("Autosave: work undone or typed away leaves no autosave to be offered", "[gui][recovery]") {
    ProjectCopy project("bmw");
    const std::string scenario = project.scenario("bmw", "skirmish.yaml");
    StudioWindow frame(scenario);
    auto [scripts, file, text] = open_first_module(frame);
    scripts.type_text("-- typed\n" + text);
    frame->autosave_now();
    REQUIRE(std::filesystem::exists(file + ".autosave"));
    CHECK_FALSE(std::filesystem::exists(scenario + ".autosave"));   // the scenario itself was not edited
    CHECK(studio::ScenarioDocument::has_newer_autosave(scenario));  // the script's typing is offered
    scripts.type_text(text);                                        // typed away
    frame->autosave_now();
    CHECK_FALSE(std::filesystem::exists(file + ".autosave"));
    CHECK_FALSE(studio::ScenarioDocument::has_newer_autosave(scenario));
}
