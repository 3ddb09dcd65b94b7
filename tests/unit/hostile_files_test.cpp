// Files from strangers, part 2: YAML that expands without end, references to
// files outside a ruleset's folder or to things that are no files, tables of
// absurd size, and saves through planted links (issue 21). Each case tries
// several members of a class; each must end in an error naming file and line,
// or in a save that touches nothing but its own file.
#include "project_copies.h"

#include "bots/session.h"
#include "load/loader.h"
#include "load/scenario_writer.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include <sys/stat.h>

namespace fs = std::filesystem;
using sandtable::load::LoadError;
using namespace sandtable::test;

namespace {
// The message of the LoadError loading `scenario` raises (empty: none).
std::string load_error(const std::string& scenario) {
    try {
        sandtable::load::load_scenario(scenario);
    } catch (const LoadError& e) {
        std::string all;
        for (const auto& d : e.diagnostics()) all += d.to_string() + "\n";
        return all;
    }
    return {};
}

// A copy of the BMW project whose ruleset.yaml has `extra` appended; returns the scenario.
std::string project_with_ruleset_text(const std::string& extra, const std::string& scenario_extra = "") {
    const std::string scenario = copy_bmw_project();
    const fs::path ruleset =
        fs::path(scenario).parent_path().parent_path().parent_path() / "rulesets" / "bmw" / "ruleset.yaml";
    write_text(ruleset, text_of(ruleset) + extra);
    if (!scenario_extra.empty()) write_text(scenario, text_of(scenario) + scenario_extra);
    return scenario;
}

std::string billion_laughs() {
    std::string text = "laughs:\n  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int i = 1; i < 9; ++i) {
        text += "  a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
        for (int k = 0; k < 10; ++k) text += std::string(k ? ", " : "") + "*a" + std::to_string(i - 1);
        text += "]\n";
    }
    return text;
}
}  // namespace

TEST_CASE("expansion class: YAML aliases that refer to themselves or multiply are refused with file and line",
          "[security][yaml]") {
    SECTION("an alias inside the node it names, in a scenario's rule params") {
        const std::string scenario = copy_bmw_project();
        write_text(scenario, text_of(scenario) + "rules:\n  - { module: charges, params: &a { x: *a } }\n");
        const std::string error = load_error(scenario);
        CHECK(error.find("wendle-fords.yaml:") != std::string::npos);
        CHECK(error.find("nests more than 200 levels") != std::string::npos);
    }
    SECTION("a billion laughs in a ruleset: refused at once") {
        const auto start = std::chrono::steady_clock::now();
        const std::string error = load_error(project_with_ruleset_text(billion_laughs()));
        CHECK(error.find("ruleset.yaml:") != std::string::npos);
        CHECK(error.find("expands to more than 1000000 values") != std::string::npos);
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    }
    SECTION("a billion laughs in a scenario") {
        const std::string scenario = copy_bmw_project();
        write_text(scenario, text_of(scenario) + billion_laughs());
        CHECK(load_error(scenario).find("expands to more than") != std::string::npos);
    }
    SECTION("a NUL byte in any value") {
        const std::string scenario = copy_bmw_project();
        write_text(scenario, text_of(scenario) + "notes: \"evil\\0.yaml\"\n");
        CHECK(load_error(scenario).find("NUL byte") != std::string::npos);
    }
}

TEST_CASE("reference class: a file names only regular files inside its own folder, and a module by name",
          "[security][files]") {
    SECTION("a table file outside the ruleset's folder, absolute, or not a regular file") {
        for (const std::string table : {"../../../../../../etc/hostname", "/etc/hostname", "/dev/zero", "tables"}) {
            const std::string scenario = copy_bmw_project();
            const fs::path ruleset =
                fs::path(scenario).parent_path().parent_path().parent_path() / "rulesets" / "bmw" / "ruleset.yaml";
            std::string text = text_of(ruleset);
            text.replace(text.find("  - tables/crt.yaml"), std::string("  - tables/crt.yaml").size(), "  - " + table);
            write_text(ruleset, text);
            const std::string error = load_error(scenario);
            INFO(table << " -> " << error);
            CHECK(error.find("ruleset.yaml:") != std::string::npos);
            CHECK(error.find("cannot read table file") != std::string::npos);
        }
    }
    SECTION("a rule module named by a path, or with a NUL byte") {
        for (const std::string name : {"../../../etc/passwd", "/etc/passwd", "x/y"}) {
            const std::string error = load_error(project_with_ruleset_text("  - { module: \"" + name + "\" }\n"));
            INFO(name << " -> " << error);
            CHECK(error.find("not by a path") != std::string::npos);
        }
    }
    SECTION("a link inside the ruleset's folder to a file outside it") {
        const std::string scenario = copy_bmw_project();
        const fs::path tables =
            fs::path(scenario).parent_path().parent_path().parent_path() / "rulesets" / "bmw" / "tables";
        fs::remove(tables / "crt.yaml");
        fs::create_symlink("/etc/hostname", tables / "crt.yaml");
        CHECK(load_error(scenario).find("outside") != std::string::npos);
    }
    SECTION(
        "a replay's scenario and house rules: from the replay's folder, never the working folder; errors at its line") {
        const std::string scenario = copy_bmw_project();
        const fs::path folder = fresh_directory();
        {
            sandtable::bots::Session session(sandtable::load::load_scenario(scenario), scenario, 3, {}, false);
            write_text(folder / "game.yaml", session.replay_yaml((folder / "game.yaml").string()));
        }
        const std::string written = text_of(folder / "game.yaml");
        CHECK(written.find("scenario: \"../") != std::string::npos);  // relative to the replay's folder
        const fs::path before = fs::current_path();
        fs::current_path(fs::temp_directory_path());  // another working folder: the same game
        CHECK(sandtable::bots::verify_replay((folder / "game.yaml").string()).ok);
        fs::current_path(before);
        for (const std::string named : {"/etc/passwd", "/dev/zero", "/tmp", "../../../../../../etc/hostname"}) {
            std::string text = written;
            const auto at = text.find("scenario: ");
            text.replace(at, text.find('\n', at) - at, "scenario: \"" + named + "\"");
            write_text(folder / "evil.yaml", text);
            std::string error;
            try {
                sandtable::bots::open_replay((folder / "evil.yaml").string());
            } catch (const LoadError& e) {
                for (const auto& d : e.diagnostics()) error += d.to_string() + "\n";
            }
            INFO(named << " -> " << error);
            CHECK(error.substr(0, error.find('\n')).find("evil.yaml:3:11: the replay's scenario") !=
                  std::string::npos);                         // first
            CHECK(error.find("root:") == std::string::npos);  // nothing of what it names is shown
        }
    }
}

TEST_CASE("size class: a file of millions of small values is refused by a count, before it is read into memory",
          "[security][yaml]") {
    const std::string scenario = copy_bmw_project();
    std::string list = "[1";
    list.reserve(2'400'000);
    for (int i = 0; i < 1'100'000; ++i) list += ",1";
    write_text(scenario, text_of(scenario) + "notes_list: " + list + "]\n");
    const std::string error = load_error(scenario);
    CHECK(error.find("wendle-fords.yaml:") != std::string::npos);
    CHECK(error.find("holds more than 1000000 values") != std::string::npos);
    // A short list is read in full (and refused for its unknown key only).
    const std::string small = copy_bmw_project();
    write_text(small, text_of(small) + "notes_list: [1, 1]\n");
    CHECK(load_error(small).find("holds more than") == std::string::npos);
}

TEST_CASE("place class: an empty or non-mapping file is reported at its first line", "[security][files]") {
    const std::string scenario = copy_bmw_project();
    write_text(scenario, "");
    CHECK(load_error(scenario).find(
              "wendle-fords.yaml:1:1: expected a scenario (a mapping of keys to values), but the file is empty") !=
          std::string::npos);
    write_text(scenario, "- a list\n");
    CHECK(load_error(scenario).find("wendle-fords.yaml:1:1: expected a scenario") != std::string::npos);
    const std::string too_long = (fs::path(scenario).parent_path() / (std::string(300, 'a') + ".yaml")).string();
    CHECK(load_error(too_long).find(".yaml:1:1: cannot read the file: File name too long") != std::string::npos);
}

TEST_CASE("size class: a table feature of absurd size is refused before play", "[security][files]") {
    std::string points;
    for (int i = 0; i < 100000; ++i)
        points += (i ? ", " : "") + std::string("[") + std::to_string(10 + (i % 100)) + ", " +
                  std::to_string(10 + (i / 1000)) + "]";
    const fs::path dir = fresh_directory();
    const std::string root = SANDTABLE_SOURCE_DIR;
    write_text(dir / "s.yaml",
               "id: t\nruleset: " + root + "/rulesets/cady\nhouse_rules: [" + root +
                   "/rulesets/cady/eras/musket]\nturns: 1\nfirst_side: red\nsides:\n  - { id: red, name: Red }\n"
                   "  - { id: blue, name: Blue }\ntable:\n  width: 200\n  depth: 120\n  areas:\n    - { terrain: "
                   "forest, outline: [" +
                   points + "] }\nunits: []\n");
    const std::string error = load_error((dir / "s.yaml").string());
    CHECK(error.find("has 100000 points; at most 1000") != std::string::npos);
}

TEST_CASE(
    "save class: a save never writes through a planted link, keeps the file's permissions and leaves no temporary file",
    "[security][save]") {
    const fs::path dir = fresh_directory();
    const fs::path file = dir / "scenario.yaml", victim = dir / "victim.txt";
    write_text(file, "old\n");
    write_text(victim, "precious\n");
    ::chmod(file.c_str(), 0640);
    SECTION("a link planted under the old temporary name is left alone") {
        fs::create_symlink(victim, dir / "scenario.yaml.tmp");
        sandtable::load::write_file_atomically(file.string(), "new\n");
        CHECK(text_of(file) == "new\n");
        CHECK(text_of(victim) == "precious\n");
        CHECK((fs::status(file).permissions() & fs::perms::all) ==
              (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    }
    SECTION("a link planted at the file's own name is replaced, its target untouched") {
        fs::remove(file);
        fs::create_symlink(victim, file);
        sandtable::load::write_file_atomically(file.string(), "new\n");
        CHECK(fs::is_regular_file(fs::symlink_status(file)));
        CHECK(text_of(victim) == "precious\n");
    }
    SECTION("temporary files a killed writer left are cleared on the next save; a fresh one is not") {
        write_text(dir / "scenario.yaml.tmp-deadbeefdeadbeef", "half");
        fs::last_write_time(dir / "scenario.yaml.tmp-deadbeefdeadbeef",
                            fs::file_time_type::clock::now() - std::chrono::hours(1));
        write_text(dir / "scenario.yaml.tmp-0000000000000001", "another writer's, now");
        sandtable::load::write_file_atomically(file.string(), "new\n");
        CHECK_FALSE(fs::exists(dir / "scenario.yaml.tmp-deadbeefdeadbeef"));
        CHECK(fs::exists(dir / "scenario.yaml.tmp-0000000000000001"));
        int left = 0;
        for (const auto& e : fs::directory_iterator(dir))
            left += e.path().filename().string().find(".tmp-") != std::string::npos;
        CHECK(left == 1);
    }
}
