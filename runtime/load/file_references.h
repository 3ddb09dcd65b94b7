// Which files a file may name (docs/security.md). Every file a user opens may
// come from a stranger: a ruleset's `tables:` and a house rule's `patches:`
// lie inside the folder of the file that lists them, a rule module is named by
// its file name alone (found in rules/ or the scripts/ library), and whatever
// is read is a regular file of bounded size (never /dev/zero, a folder or a
// pipe).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::load {

// The most any file the runtime reads may hold.
inline constexpr std::size_t kMaxFileBytes = std::size_t{16} << 20;

// `reference`, as written in a file in folder `home`, when it is a relative
// path with no NUL that stays inside `home` (its `..` and symlinks resolved)
// and names a regular file; else nothing, and `why` says what is wrong.
std::optional<std::filesystem::path> file_inside(const std::filesystem::path& home, const std::string& reference,
                                                 std::string& why);

// Why `path` may not be read (not there, not a regular file, too large), or empty.
std::string unreadable(const std::filesystem::path& path);

// A rule module's name: letters, digits, '_', '-' and '.', not starting with '.', 1 to 100 characters.
bool valid_module_name(const std::string& name);

}  // namespace sandtable::load
