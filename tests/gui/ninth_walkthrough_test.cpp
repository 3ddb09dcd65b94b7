// What the ninth new-user walkthrough found (docs/studio-walkthrough.md).
#include "app/issues_panel.h"
#include "studio_window.h"

#include <filesystem>

using namespace sandtable;
using namespace sandtable::gui_test;

// Scintilla merged the typing before a save and after it into one undo step:
// one Undo took back text that had been saved.
TEST_CASE("Scripts: one Undo after a save takes back the typing since, not what was saved", "[gui][scripts]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    scripts.append_typing("\n-- one");
    frame->save();
    pump_for(20);
    scripts.append_typing("\n-- two");
    scripts.focus_editor();
    pump_for(50);
    frame->undo();
    CHECK(scripts.text().ToStdString(wxConvUTF8) == text + "\n-- one");
}

// Undone back to the file as saved, the work has no autosave left for a crash to offer.
TEST_CASE("Autosave: typing taken back to the saved text takes its autosave at once", "[gui][recovery]") {
    ProjectCopy project("bmw");
    const std::string scenario = project.scenario("bmw", "skirmish.yaml");
    StudioWindow frame(scenario);
    auto [scripts, file, text] = open_first_module(frame);
    scripts.type_text("-- typed\n" + text);
    frame->autosave_now();
    REQUIRE(std::filesystem::exists(file + ".autosave"));
    scripts.type_text(text);  // no autosave tick before a crash
    CHECK_FALSE(std::filesystem::exists(file + ".autosave"));
}

// Starting a house rule changes the scenario (it names the house rule): Issues checks it again.
TEST_CASE("Issues: the project is checked again when a house rule is started", "[gui][issues][house]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    const auto& issues = frame->issues();
    pump_for(50);
    const int before = issues.checks_shown();
    REQUIRE(frame->start_house_rule("Bold attackers"));
    CHECK(pump_until([&] { return issues.checks_shown() > before; }, 5000));
}

// The tenth walkthrough: "Saved 1 file" stayed in the status bar after new typing in the script.
TEST_CASE("Status bar: a save's message goes once new typing is unsaved", "[gui][scripts]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    scripts.append_typing("\n-- one");
    frame->save();
    const auto message = [&] { return frame->GetStatusBar()->GetStatusText(1).ToStdString(); };
    REQUIRE(message().find("Saved") != std::string::npos);
    scripts.append_typing("\n-- two");
    CHECK(message().find("Saved") == std::string::npos);
}

// The tenth and eleventh walkthroughs: after an undo the status bar said nothing of what it did.
TEST_CASE("Status bar: an undo or redo says what it did", "[gui][history]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    REQUIRE(scripts.add_module("ambush"));
    frame->canvas().SetFocus();
    pump_for(50);
    const auto message = [&] { return frame->GetStatusBar()->GetStatusText(1).ToStdString(); };
    frame->undo();
    CHECK(message() == "Undone: New Module ambush");
    pump_for(100);  // the Issues check that follows does not take the message away
    CHECK(message() == "Undone: New Module ambush");
    frame->redo();
    CHECK(message() == "Redone: New Module ambush");
}
