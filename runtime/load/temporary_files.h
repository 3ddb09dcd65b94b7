// The temporary files a save writes beside each file (atomic_write.cpp,
// file_transaction.cpp): their names, permissions and durability.
#pragma once

#include "load/scenario_writer.h"

#include <string>

namespace sandtable::load {

// `path.tmp-<16 hex digits>`: a name no other writer uses (64 random bits).
std::string temporary_name(const std::string& path);
// Whether a file name is one temporary_name() makes.
bool is_temporary_name(const std::string& name);
// The file a temporary file's name was made for (its name without the mark).
std::string target_of_temporary(const std::string& temporary);
// The old file's permissions on the new one (a new file keeps the umask's).
bool keep_permissions(const std::string& temporary, const std::string& path);
// Writes `text` to a fresh temporary file for `path` (exclusively, synced,
// with `path`'s permissions) and returns its name; throws naming `path`.
std::string write_temporary(const std::string& path, const std::string& text, const FileOps& ops);
// A rename is durable only once the folder holding the name is synced.
void sync_folder_of(const std::string& path);

}  // namespace sandtable::load
