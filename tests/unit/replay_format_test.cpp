// Replays carry their format, and the checksum is defined per format. A
// replay of format 1 is refused with how to convert it; the conversion checks
// every checksum format 1 recorded before it rewrites the file, and a replay
// it cannot reproduce is left as it was.
#include "bots/session.h"
#include "kernel/replay.h"
#include "load/loader.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace sandtable;
namespace fs = std::filesystem;

namespace {

// A format-1 fixture copied into a fresh folder, its scenario named by an absolute path.
fs::path format_1_copy(const std::string& name) {
    const fs::path source = fs::path(SANDTABLE_SOURCE_DIR) / "tests/data/replay-format-1" / name;
    std::string text = load::read_file(source.string());
    const std::string relative = "\"../../../scenarios/";
    const auto at = text.find(relative);
    REQUIRE(at != std::string::npos);
    text.replace(at, relative.size(), "\"" + (fs::path(SANDTABLE_SOURCE_DIR) / "scenarios").string() + "/");
    const fs::path copy = test::fresh_directory() / name;
    test::write_text(copy, text);
    return copy;
}

std::string refusal(const fs::path& file) {
    try {
        bots::verify_replay(file.string());
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("A replay of format 1 is refused at its format line with the command that converts it", "[replay]") {
    const fs::path file = format_1_copy("skirmish_greedy.yaml");
    const std::string message = refusal(file);
    CHECK(message.find(":2:9: this replay is in format sandtable-replay/1") != std::string::npos);
    CHECK(message.find("sandtable replay --upgrade " + file.string()) != std::string::npos);
}

TEST_CASE("Upgrading checks every old checksum, then the replay verifies in the current format", "[replay]") {
    for (const char* name : {"skirmish_greedy.yaml", "skirmish_random.yaml"}) {
        INFO(name);
        const fs::path file = format_1_copy(name);
        const auto upgraded = bots::upgrade_replay(file.string());
        REQUIRE(upgraded.ok);
        CHECK(upgraded.actions > 50);
        CHECK(load::read_file(file.string()).find("format: sandtable-replay/2\n") != std::string::npos);
        const auto check = bots::verify_replay(file.string());
        CHECK(check.ok);
        CHECK(check.actions == upgraded.actions);
        CHECK(check.final_checksum == upgraded.final_checksum);
        // Once is enough: a second upgrade says so and changes nothing.
        const std::string now = load::read_file(file.string());
        const auto again = bots::upgrade_replay(file.string());
        CHECK_FALSE(again.ok);
        CHECK(again.message.find("already") != std::string::npos);
        CHECK(load::read_file(file.string()) == now);
    }
}

TEST_CASE("A format-1 replay that does not reproduce is not converted, and is left as it was", "[replay]") {
    const fs::path file = format_1_copy("skirmish_random.yaml");
    std::string text = load::read_file(file.string());
    // The 20th action's recorded checksum, changed by one digit.
    std::size_t at = 0;
    for (int n = 0; n < 20; ++n) at = text.find("check: \"", at + 1);
    REQUIRE(at != std::string::npos);
    const std::size_t digit = at + std::string("check: \"").size();
    text[digit] = text[digit] == '0' ? '1' : '0';
    test::write_text(file, text);
    const auto upgraded = bots::upgrade_replay(file.string());
    CHECK_FALSE(upgraded.ok);
    CHECK(upgraded.diverged_at == 20);
    CHECK(load::read_file(file.string()) == text);
}
