// Rule scripts are documents like every other file the studio edits (issue
// 19, defects 2, 4, 8, 13): typing is kept per file, makes the project
// modified, is written by Save, autosaved and recovered; a save prompt names
// every file a save would write; discarded work leaves no autosave behind;
// a compile error in typed, unsaved text is one of the project's issues.
#include "core/edit_commands.h"
#include "core/project_issues.h"
#include "core/scenario_commands.h"
#include "core/scenario_document.h"
#include "project_copies.h"
#include "studio_free_hex.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace sandtable;
using studio::ScenarioDocument;
namespace fs = std::filesystem;

namespace {
std::string first_script(const ScenarioDocument& doc) { return doc.script_files().front(); }

bool lists(const std::vector<std::string>& files, const std::string& file) {
    return std::find(files.begin(), files.end(), file) != files.end();
}
}  // namespace

TEST_CASE("typing in a script makes the project modified until it is saved, and only then writes the file",
          "[studio][scripts]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    const std::string script = first_script(doc);
    const std::string on_disk = test::text_of(script);
    CHECK_FALSE(doc.modified());
    doc.scripts().set_text(script, on_disk + "\n-- a house note\n");
    CHECK(doc.modified());
    CHECK(doc.scripts().modified(script));
    CHECK(lists(doc.pending_files(), script));
    CHECK(test::text_of(script) == on_disk);  // nothing written yet
    doc.save();
    CHECK(test::text_of(script) == on_disk + "\n-- a house note\n");
    CHECK_FALSE(doc.modified());
    doc.scripts().set_text(script, on_disk);  // typed back to what was saved before: a change again
    CHECK(doc.modified());
}

TEST_CASE("typing kept for one script stays while another is read", "[studio][scripts]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    REQUIRE(doc.script_files().size() >= 2);
    const std::string a = doc.script_files()[0], b = doc.script_files()[1];
    doc.scripts().set_text(a, "-- typed into a\n");
    CHECK(doc.scripts().text(b) == test::text_of(b));
    CHECK(doc.scripts().text(a) == "-- typed into a\n");
    CHECK(doc.scripts().modified_of(doc.script_files()) == std::vector<std::string>{a});
}

TEST_CASE("a script's typing is autosaved and recovered after a crash", "[studio][scripts][recovery]") {
    const std::string file = test::copy_bmw_project();
    std::string script, on_disk;
    {
        auto doc = ScenarioDocument::open(file);
        script = first_script(doc);
        on_disk = test::text_of(script);
        doc.scripts().set_text(script, "-- typed before the crash\n" + on_disk);
        doc.autosave();
        CHECK(fs::exists(script + ".autosave"));
    }  // killed: nothing saved
    CHECK(test::text_of(script) == on_disk);
    REQUIRE(ScenarioDocument::has_newer_autosave(file));
    auto doc = ScenarioDocument::recover(file, ScenarioDocument::autosave_path(file));
    CHECK(doc.modified());
    CHECK(doc.scripts().text(script) == "-- typed before the crash\n" + on_disk);
    doc.save();
    CHECK(test::text_of(script) == "-- typed before the crash\n" + on_disk);
    CHECK_FALSE(fs::exists(script + ".autosave"));
}

TEST_CASE("the files a save would write are named: scenario, ruleset.yaml, scripts", "[studio][document]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    CHECK(doc.pending_files().empty());
    studio::EditHistory history;
    history.perform(doc, studio::add_unit(doc, 0, 0, test::free_clear_hex(doc)));
    CHECK(doc.pending_files() == std::vector<std::string>{file});
    doc.scripts().set_text(first_script(doc), "-- x\n");
    CHECK(doc.pending_files() == std::vector<std::string>{file, first_script(doc)});
}

TEST_CASE("discarded work leaves no autosave to be offered again", "[studio][document][recovery]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    studio::EditHistory history;
    history.perform(doc, studio::add_unit(doc, 0, 0, test::free_clear_hex(doc)));
    doc.scripts().set_text(first_script(doc), "-- x\n");
    doc.autosave();
    REQUIRE(ScenarioDocument::has_newer_autosave(file));
    doc.discard_autosaves();
    CHECK_FALSE(ScenarioDocument::has_newer_autosave(file));
    CHECK_FALSE(fs::exists(first_script(doc) + ".autosave"));
}

TEST_CASE("the recovery offer names every file whose work it would bring back", "[studio][document][recovery]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    CHECK(doc.autosaved_files().empty());
    studio::EditHistory history;
    history.perform(doc, studio::add_unit(doc, 0, 0, test::free_clear_hex(doc)));
    doc.scripts().set_text(first_script(doc), "-- x\n");
    doc.autosave();
    // Read back as the next session would, before recovering anything.
    CHECK(ScenarioDocument::open(file).autosaved_files() == std::vector<std::string>{file, first_script(doc)});
    doc.discard_autosaves();
    CHECK(ScenarioDocument::open(file).autosaved_files().empty());
}

TEST_CASE("a compile error in a script's unsaved typing is one of the project's issues, at its line",
          "[studio][scripts][issues]") {
    const std::string file = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(file);
    const std::string script = first_script(doc);
    doc.scripts().set_text(script, "local x = 1\nlocal y = = 2\n");
    const auto issues = studio::check_project(doc);
    const auto found = std::find_if(issues.begin(), issues.end(),
                                    [&](const studio::ProjectIssue& i) { return i.where.file == script; });
    REQUIRE(found != issues.end());
    CHECK(found->where.line == 2);
    CHECK(found->error());
    CHECK(found->target.kind == studio::IssueTarget::Kind::ScriptLine);
    CHECK(found->message.find("not saved") != std::string::npos);
}
