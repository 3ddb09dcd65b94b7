// A save writes the scenario, ruleset.yaml, a table and a rule script
// together. Killed at any point, the project opens to the old files or the
// new ones, never a mix, and the next start leaves no temporary file
// (docs/security.md, "Saves").
#include "core/scenario_document.h"
#include "load/file_transaction.h"
#include "load/temporary_files.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <random>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using sandtable::studio::ScenarioDocument;
using namespace sandtable;

namespace {

// Every file of the save carries the number of the save that wrote it.
void mark_version(ScenarioDocument& doc, int version) {
    const std::string v = std::to_string(version);
    doc.edit().name = "Save " + v;
    doc.edit_ruleset().unit_types.front().name = "Type " + v;
    doc.edit_ruleset().odds_tables.front().name = "CRT " + v;
    const std::string script = doc.script_files().front();
    std::string text = doc.scripts().text(script);
    if (text.rfind("-- save ", 0) == 0) text.erase(0, text.find('\n') + 1);
    doc.scripts().set_text(script, "-- save " + v + "\n" + text);
}

int number_after(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0 ? std::stoi(text.substr(prefix.size())) : 0;
}

// What the next start finds: each file's save number (0: as shipped).
std::vector<int> versions_on_next_start(const std::string& scenario) {
    load::finish_interrupted_saves(scenario);
    ScenarioDocument doc = ScenarioDocument::open(scenario);
    load::clear_abandoned_temporaries(doc.project_root());
    const std::string script = doc.script_files().front();
    return {number_after(doc.scenario().name, "Save "), number_after(doc.ruleset().unit_types.front().name, "Type "),
            number_after(doc.ruleset().odds_tables.front().name, "CRT "),
            number_after(doc.scripts().text(script), "-- save ")};
}

// Temporary files and journals left anywhere in the project.
int leftovers(const fs::path& root) {
    int found = 0;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        const std::string name = e.path().filename().string();
        found += load::is_temporary_name(name) || name == load::kSaveJournal ? 1 : 0;
    }
    return found;
}

bool all_equal(const std::vector<int>& v) {
    return std::all_of(v.begin(), v.end(), [&](int x) { return x == v.front(); });
}

// File operations that stop doing anything from the `dies_at`th on: the writer killed there.
load::FileOps dying_at(int dies_at, int& done) {
    load::FileOps real = load::real_file_ops(), ops;
    auto alive = [dies_at, &done] { return done++ < dies_at; };
    ops.write = [real, alive](const std::string& p, const std::string& t) { return alive() && real.write(p, t); };
    ops.rename = [real, alive](const std::string& a, const std::string& b) { return alive() && real.rename(a, b); };
    ops.remove = [real, alive](const std::string& p) {
        if (alive()) real.remove(p);
    };
    return ops;
}

}  // namespace

TEST_CASE("save class: a save killed between any two of its file operations opens all old or all new",
          "[security][saves][studio]") {
    const std::string scenario = test::copy_bmw_project();
    const fs::path root = ScenarioDocument::open(scenario).project_root();
    bool finished = false;
    int version = 0;
    for (int dies_at = 0; !finished && dies_at < 100; ++dies_at) {
        ScenarioDocument doc = ScenarioDocument::open(scenario);
        const int before = versions_on_next_start(scenario).front();
        mark_version(doc, ++version);
        int done = 0;
        try {
            doc.save(dying_at(dies_at, done));
            finished = done <= dies_at;  // it ran to the end before dying
        } catch (const std::exception&) {
        }
        const auto found = versions_on_next_start(scenario);
        INFO("killed at operation " << dies_at << ": versions " << found[0] << " " << found[1] << " " << found[2] << " "
                                    << found[3]);
        CHECK(all_equal(found));
        CHECK((found.front() == before || found.front() == version));
        CHECK(leftovers(root) == 0);
    }
    CHECK(finished);
}

TEST_CASE("save class: 100 saves killed (SIGKILL) at random moments open all old or all new, no temporary file left",
          "[security][saves][studio]") {
    const std::string scenario = test::copy_bmw_project();
    const fs::path root = ScenarioDocument::open(scenario).project_root();
    // How long one save takes here, so the kills fall inside saves.
    auto start = std::chrono::steady_clock::now();
    {
        ScenarioDocument doc = ScenarioDocument::open(scenario);
        mark_version(doc, 1);
        doc.save();
    }
    const auto save_time =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
    std::mt19937 random(20261127);
    int mixed = 0, left = 0, changed = 0, previous = versions_on_next_start(scenario).front();
    for (int round = 0; round < 100; ++round) {
        int ready[2];
        REQUIRE(::pipe(ready) == 0);
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {  // the writer: saves and saves until killed
            ::close(ready[0]);
            try {
                ScenarioDocument doc = ScenarioDocument::open(scenario);
                for (int v = 1000 * (round + 2);; ++v) {
                    mark_version(doc, v);
                    if (v == 1000 * (round + 2)) (void)!::write(ready[1], "r", 1);
                    doc.save();
                }
            } catch (...) {
            }
            ::_exit(1);
        }
        ::close(ready[1]);
        char byte;
        (void)!::read(ready[0], &byte, 1);
        ::close(ready[0]);
        std::this_thread::sleep_for(std::chrono::microseconds(random() % (3 * save_time.count() + 1)));
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        const auto found = versions_on_next_start(scenario);
        mixed += all_equal(found) ? 0 : 1;
        left += leftovers(root);
        changed += found.front() != previous ? 1 : 0;
        previous = found.front();
    }
    CHECK(mixed == 0);
    CHECK(left == 0);
    CHECK(changed > 10);  // the kills did fall after saves and inside them, not only before the first
}

TEST_CASE("save class: the studio's save never writes through a link planted in the project",
          "[security][saves][studio]") {
    const std::string scenario = test::copy_bmw_project();
    const fs::path outside = test::fresh_directory() / "victim.txt";
    test::write_text(outside, "untouched");
    ScenarioDocument doc = ScenarioDocument::open(scenario);
    const fs::path root = doc.project_root();
    // Links at the scenario's own name and at the journal's name.
    const std::string kept = test::text_of(scenario);
    fs::remove(scenario);
    fs::create_symlink(outside, scenario);
    fs::create_symlink(outside, root / load::kSaveJournal);
    mark_version(doc, 7);
    doc.save();
    CHECK(test::text_of(outside) == "untouched");
    CHECK(fs::is_regular_file(fs::symlink_status(scenario)));
    CHECK(test::text_of(scenario) != kept);
    CHECK(!fs::exists(fs::symlink_status(root / load::kSaveJournal)));
    CHECK(all_equal(versions_on_next_start(scenario)));
    // A journal planted to rename a file over one outside the project is ignored.
    const fs::path planted = outside.parent_path() / "victim.txt.tmp-0123456789abcdef";
    test::write_text(planted, "overwritten");
    test::write_text(root / load::kSaveJournal, "sandtable-save/1\n" + fs::relative(planted, root).generic_string() +
                                                    "\n" + planted.generic_string() + "\n");
    load::finish_interrupted_saves(scenario);
    CHECK(test::text_of(outside) == "untouched");
    CHECK(fs::exists(planted));
}
