#include "load/file_transaction.h"

#include "load/loader.h"
#include "load/temporary_files.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

namespace sandtable::load {

namespace fs = std::filesystem;

namespace {

constexpr const char* kJournalFormat = "sandtable-save/1";
constexpr std::uintmax_t kMaxJournalBytes = 1 << 20;

bool exists_as_regular_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(fs::symlink_status(p, ec));
}

bool owned_by_me(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && st.st_uid == ::geteuid();
}

// `inner`, its links resolved, lies in `root` (already resolved).
bool lies_in(const fs::path& root, const fs::path& inner) {
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(inner, ec);
    if (ec) return false;
    const auto [r, i] = std::mismatch(root.begin(), root.end(), resolved.begin(), resolved.end());
    return r == root.end();
}

// The temporary files a journal in `root` names, each checked: a relative
// name made by temporary_name(), inside `root`, a regular file of this user.
// A journal in a stranger's project can thus only finish renames inside it.
std::vector<fs::path> journal_entries(const fs::path& root, const fs::path& journal) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!exists_as_regular_file(journal) || !owned_by_me(journal) || fs::file_size(journal, ec) > kMaxJournalBytes)
        return out;
    std::ifstream in(journal, std::ios::binary);
    std::string line;
    if (!std::getline(in, line) || line != kJournalFormat) return out;
    const fs::path resolved_root = fs::weakly_canonical(root, ec);
    while (std::getline(in, line)) {
        const fs::path relative = fs::path(line).lexically_normal();
        if (line.empty() || relative.is_absolute() || *relative.begin() == "..") continue;
        const fs::path temp = root / relative;
        if (!is_temporary_name(temp.filename().string()) || !lies_in(resolved_root, temp.parent_path())) continue;
        if (exists_as_regular_file(temp) && owned_by_me(temp)) out.push_back(temp);
    }
    return out;
}

}  // namespace

FileTransaction::FileTransaction(fs::path root, FileOps ops)
    : root_(fs::absolute(std::move(root))), ops_(std::move(ops)) {}

FileTransaction::~FileTransaction() {
    for (const auto& [temp, path] : written_) ops_.remove(temp);  // not committed: nothing changes
}

void FileTransaction::stage(const std::string& path, std::string text) {
    if (path.find('\n') != std::string::npos)
        throw std::runtime_error(path + ": a file name with a line break cannot be saved");
    const fs::path absolute = fs::absolute(path).lexically_normal();
    if (!lies_in(fs::weakly_canonical(root_), absolute.parent_path()))
        throw std::runtime_error(path + ": not inside " + root_.string() + ", the folder this save writes in");
    const auto same = [&](const auto& s) { return s.first == absolute.string(); };
    if (auto it = std::find_if(staged_.begin(), staged_.end(), same); it != staged_.end())
        it->second = std::move(text);
    else
        staged_.emplace_back(absolute.string(), std::move(text));
}

std::map<std::string, std::optional<std::string>> FileTransaction::previous_texts() const {
    std::map<std::string, std::optional<std::string>> out;
    for (const auto& [path, text] : staged_) {
        std::optional<std::string> old;
        if (exists_as_regular_file(path)) old = read_file(path);
        out[path] = std::move(old);
    }
    return out;
}

void FileTransaction::write_temporaries() {
    for (const auto& [path, text] : staged_) written_.emplace_back(write_temporary(path, text, ops_), path);
}

void FileTransaction::write_journal() {
    std::string text = std::string(kJournalFormat) + "\n";
    for (const auto& [temp, path] : written_) text += fs::path(temp).lexically_relative(root_).generic_string() + "\n";
    write_file_atomically((root_ / kSaveJournal).string(), text, ops_);
    journal_written_ = true;
}

// Only this save's own journal: another instance may be saving this project too.
void FileTransaction::remove_journal() {
    if (!journal_written_) return;
    ops_.remove((root_ / kSaveJournal).string());
    sync_folder_of((root_ / kSaveJournal).string());
    journal_written_ = false;
}

// A rename refused before any other was done changes nothing: the journal and
// the temporary files go. One refused later leaves the journal to finish it.
void FileTransaction::rename_all() {
    for (std::size_t i = 0; i < written_.size(); ++i) {
        auto& [temp, path] = written_[i];
        if (ops_.rename(temp, path)) {
            temp.clear();
            sync_folder_of(path);
            continue;
        }
        if (i == 0) {
            remove_journal();
            throw std::runtime_error(path + ": cannot replace the file (the original is unchanged)");
        }
        const std::string message =
            path + ": cannot replace the file; the save is finished the next time the project is opened";
        written_.clear();  // the journal finishes them: keep the temporary files (`path` is gone with them)
        throw std::runtime_error(message);
    }
}

void FileTransaction::commit() {
    if (staged_.empty()) return;
    write_temporaries();
    if (written_.size() > 1) {
        write_journal();
        // Another instance's start-up may have cleared a temporary file before the journal named it.
        const bool all_there = std::all_of(written_.begin(), written_.end(),
                                           [](const auto& w) { return exists_as_regular_file(w.first); });
        if (!all_there) {
            remove_journal();
            throw std::runtime_error(
                "the save was interrupted by another Sandtable opening this project; nothing was changed: save again");
        }
    }
    rename_all();
    written_.clear();
    staged_.clear();
    remove_journal();
}

std::vector<std::string> finish_interrupted_saves(const fs::path& file) {
    std::vector<std::string> finished;
    fs::path folder = fs::absolute(file).lexically_normal().parent_path();
    for (;;) {
        const fs::path journal = folder / kSaveJournal;
        if (exists_as_regular_file(journal)) {
            for (const fs::path& temp : journal_entries(folder, journal)) {
                const std::string target = target_of_temporary(temp.string());
                std::error_code ec;
                fs::rename(temp, target, ec);
                if (ec) continue;
                finished.push_back(target);
                sync_folder_of(target);
            }
            std::error_code ec;
            if (owned_by_me(journal)) fs::remove(journal, ec);
        }
        if (folder == folder.root_path() || folder.empty()) break;
        folder = folder.parent_path();
    }
    return finished;
}

int clear_abandoned_temporaries(const fs::path& root) {
    if (fs::exists(root / kSaveJournal)) return 0;  // a save still to finish needs them
    std::vector<fs::path> abandoned;
    int seen = 0;
    std::error_code ec;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end && ++seen <= 20000; it.increment(ec)) {
        if (it.depth() >= 6) it.disable_recursion_pending();
        const fs::path p = it->path();
        if (is_temporary_name(p.filename().string()) && exists_as_regular_file(p) && owned_by_me(p))
            abandoned.push_back(p);
    }
    int removed = 0;
    for (const fs::path& p : abandoned) removed += fs::remove(p, ec) ? 1 : 0;
    return removed;
}

}  // namespace sandtable::load
