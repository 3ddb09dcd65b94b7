// Saving several files so that a crash at any moment leaves all of them old
// or all of them new (docs/security.md, "Saves"). Each new text goes to a
// temporary file beside its file; then a journal naming every pair is
// written (atomically) in the folder the files share: the moment the save is
// decided. Then each temporary file is renamed over its file, and the journal
// removed. A writer killed before the journal leaves only temporary files
// (the next start removes them: old content); one killed after it leaves a
// journal, which the next start finishes (new content).
#pragma once

#include "load/scenario_writer.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::load {

// The journal's name in the folder the saved files share.
inline constexpr const char* kSaveJournal = ".sandtable-save";

class FileTransaction {
public:
    // `root`: a folder every staged file lies in (the journal is kept there).
    explicit FileTransaction(std::filesystem::path root, FileOps ops = real_file_ops());
    FileTransaction(const FileTransaction&) = delete;
    FileTransaction& operator=(const FileTransaction&) = delete;
    ~FileTransaction();

    // Queues `text` for `path` (no file is touched yet); a later text for the same path replaces it.
    void stage(const std::string& path, std::string text);
    bool empty() const { return staged_.empty(); }
    // What each staged file holds now (nothing: it does not exist), to put back later.
    std::map<std::string, std::optional<std::string>> previous_texts() const;

    // Writes every staged file, all or nothing. Throws std::runtime_error naming
    // the file when a step fails before the journal (every file unchanged), or
    // after it (the save is finished by finish_interrupted_saves).
    void commit();

private:
    void write_temporaries();
    void write_journal();
    void remove_journal();
    void rename_all();

    std::filesystem::path root_;
    FileOps ops_;
    std::vector<std::pair<std::string, std::string>> staged_;   // path, text
    std::vector<std::pair<std::string, std::string>> written_;  // temporary file, path
    bool journal_written_ = false;
};

// Finishes a save a writer was killed in: for `file` (a scenario, say) and
// each folder above it, a journal found there has its remaining renames done
// (only of temporary files inside that folder, owned by this user, over files
// inside it) and is removed. Returns the files finished.
std::vector<std::string> finish_interrupted_saves(const std::filesystem::path& file);

// Removes the temporary files (`NAME.tmp-<16 hex digits>`) killed writers
// left in `root` and its folders (at most 6 levels, 20,000 entries), unless a
// journal there still needs them. Returns how many were removed.
int clear_abandoned_temporaries(const std::filesystem::path& root);

}  // namespace sandtable::load
