// Copies of the bundled BMW files in fresh temporary folders, so tests that
// save touch nothing shipped, and whole-file reading and writing for them.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace sandtable::test {

// An empty folder of its own.
inline std::filesystem::path fresh_directory() {
    namespace fs = std::filesystem;
    static int counter = 0;  // test-local: one process runs the tests in turn
    const fs::path root =
        fs::temp_directory_path() / ("sandtable-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(root);
    fs::create_directories(root);
    return root;
}

// rulesets/bmw and the scripts/ library beside it (the charges module lives
// there); returns the copied ruleset folder.
inline std::filesystem::path copy_bmw_ruleset() {
    namespace fs = std::filesystem;
    const fs::path root = fresh_directory();
    fs::create_directories(root / "rulesets");
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw", root / "rulesets" / "bmw",
             fs::copy_options::recursive);
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/scripts", root / "scripts", fs::copy_options::recursive);
    return root / "rulesets" / "bmw";
}

// The ruleset, the library and the BMW scenarios; returns the path of the
// copied wendle-fords scenario.
inline std::string copy_bmw_project() {
    namespace fs = std::filesystem;
    const fs::path root = copy_bmw_ruleset().parent_path().parent_path();
    fs::create_directories(root / "scenarios");
    fs::copy(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw", root / "scenarios" / "bmw",
             fs::copy_options::recursive);
    return (root / "scenarios" / "bmw" / "wendle-fords.yaml").string();
}

inline std::string text_of(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

inline void write_text(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

}  // namespace sandtable::test
