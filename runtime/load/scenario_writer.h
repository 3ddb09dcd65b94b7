// Model → YAML for scenarios: what the studio saves. The output is the same
// format the loader reads (docs/formats.md) and loads back to an equal model.
// Files are written atomically: a temporary file beside the target, then a
// rename, so a failed save never damages the file it replaces.
#pragma once

#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <functional>
#include <string>

namespace sandtable::load {

std::string scenario_to_yaml(const rules::Scenario& scenario, const rules::Ruleset& ruleset);

// The file operations a save needs; tests replace them to make one fail.
struct FileOps {
    std::function<bool(const std::string& path, const std::string& text)> write = nullptr;
    std::function<bool(const std::string& from, const std::string& to)> rename = nullptr;
    std::function<void(const std::string& path)> remove = nullptr;
};
FileOps real_file_ops();

// Writes `text` to `path` through a fresh temporary file beside it
// (`path.tmp-<random>`, created exclusively, never through a link) and a
// rename, syncing the file and its folder (atomic_write.cpp). Throws
// std::runtime_error naming the file when a step fails; the temporary file is
// removed and `path` left as it was.
void write_file_atomically(const std::string& path, const std::string& text, const FileOps& ops = real_file_ops());

}  // namespace sandtable::load
