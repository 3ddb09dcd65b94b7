// A copy of the bundled BMW project in a fresh temporary folder, so tests
// that save touch nothing shipped.
#pragma once

#include <filesystem>
#include <string>
#include <unistd.h>

namespace sandtable::test {

// Returns the path of the copied wendle-fords scenario.
inline std::string copy_bmw_project() {
    namespace fs = std::filesystem;
    static int counter = 0;  // test-local: one process runs the tests in turn
    const fs::path root = fs::temp_directory_path() / ("sandtable-studio-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(root);
    fs::create_directories(root / "rulesets");
    fs::create_directories(root / "scenarios");
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw", root / "rulesets" / "bmw", fs::copy_options::recursive);
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw", root / "scenarios" / "bmw", fs::copy_options::recursive);
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/scripts", root / "scripts", fs::copy_options::recursive);
    return (root / "scenarios" / "bmw" / "wendle-fords.yaml").string();
}

}  // namespace sandtable::test
