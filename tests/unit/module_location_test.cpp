// Where a rule module's file is found, and how it is named: as the designer
// named the ruleset's folder (relative on the command line, whole in the studio).
#include "load/loader.h"
#include "load/module_location.h"

#include <catch2/catch.hpp>

#include <filesystem>

namespace fs = std::filesystem;
using namespace sandtable;

namespace {
const fs::path kSource = SANDTABLE_SOURCE_DIR;

struct InSourceTree {
    fs::path before = fs::current_path();
    InSourceTree() { fs::current_path(kSource); }
    ~InSourceTree() { fs::current_path(before); }
};
}  // namespace

TEST_CASE("a module of a ruleset named by a relative folder is named relative to the current folder",
          "[load][modules]") {
    InSourceTree here;
    const auto found = load::locate_module("", "rulesets/bmw", "leaders");
    CHECK(found.exists);
    CHECK(fs::path(found.file).is_relative());
    CHECK(fs::equivalent(found.file, kSource / "rulesets/bmw/rules/leaders.lua"));
}

TEST_CASE("a module of a ruleset named by a whole path is named by a whole path", "[load][modules]") {
    const auto dir = (kSource / "rulesets/bmw").string();
    const auto found = load::locate_module("", dir, "leaders");
    CHECK(found.exists);
    CHECK(found.file == (kSource / "rulesets/bmw/rules/leaders.lua").lexically_normal().string());
    const auto ruleset = load::load_ruleset(dir);
    for (const auto& m : ruleset.modules) CHECK(fs::path(m.file).is_absolute());
}

TEST_CASE("a module not yet written belongs in the house rule's rules folder, else the ruleset's", "[load][modules]") {
    const auto dir = (kSource / "rulesets/bmw").string();
    const auto in_ruleset = load::locate_module("", dir, "no_such_module");
    CHECK_FALSE(in_ruleset.exists);
    CHECK(in_ruleset.file == (kSource / "rulesets/bmw/rules/no_such_module.lua").lexically_normal().string());
    const auto house = (kSource / "rulesets/bmw/house-rules/war-elephants").string();
    const auto in_house = load::locate_module(house, dir, "no_such_module");
    CHECK(in_house.file ==
          (kSource / "rulesets/bmw/house-rules/war-elephants/rules/no_such_module.lua").lexically_normal().string());
}

TEST_CASE("a library module is found in scripts/ beside the rulesets folder", "[load][modules]") {
    InSourceTree here;
    REQUIRE_FALSE(fs::exists(kSource / "rulesets/bmw/rules/charges.lua"));
    const auto found = load::locate_module("", "rulesets/bmw", "charges");
    CHECK(found.exists);
    CHECK(fs::equivalent(found.file, kSource / "scripts/charges.lua"));
}
