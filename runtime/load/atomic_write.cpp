// Writing a file so that a crash, a full disk or a planted symlink never
// leaves it half-written or writes somewhere else: the text goes to a fresh
// temporary file beside it, created exclusively (O_EXCL, O_NOFOLLOW: a link
// planted under the temporary name is refused, not followed), written in
// full, synced and closed with every return checked, given the old file's
// permissions, then renamed over the file (rename replaces a link planted at
// the file's own name; it never writes through it) and the folder synced.
// Temporary files a killed writer left behind are cleared on the next write.
#include "load/scenario_writer.h"
#include "load/temporary_files.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandtable::load {

namespace fs = std::filesystem;

namespace {
constexpr std::string_view kTempMark = ".tmp-";
constexpr std::size_t kSuffixDigits = 16;
}  // namespace

std::string temporary_name(const std::string& path) {
    std::random_device device;
    const unsigned long long bits = (static_cast<unsigned long long>(device()) << 32) ^ device();
    char suffix[24];
    std::snprintf(suffix, sizeof suffix, "%016llx", bits);
    return path + std::string(kTempMark) + suffix;
}

bool is_temporary_name(const std::string& name) {
    const std::size_t mark = name.rfind(kTempMark);
    if (mark == std::string::npos || mark == 0 || name.size() != mark + kTempMark.size() + kSuffixDigits) return false;
    return name.find_first_not_of("0123456789abcdef", mark + kTempMark.size()) == std::string::npos;
}

std::string target_of_temporary(const std::string& temporary) {
    return temporary.substr(0, temporary.size() - kTempMark.size() - kSuffixDigits);
}

namespace {

bool write_exclusively(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ::close(fd);
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    return ::close(fd) == 0 && synced;
}

}  // namespace

void sync_folder_of(const std::string& path) {
    const fs::path folder = fs::absolute(path).parent_path();
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

namespace {

// Temporary files of this file older than ten minutes: a writer killed
// mid-write left them (a live writer's is seconds old).
void clear_stale_temporaries(const std::string& path) {
    std::error_code ec;
    const fs::path file = fs::absolute(path);
    const std::string prefix = file.filename().string() + std::string(kTempMark);
    const auto now = fs::file_time_type::clock::now();
    for (fs::directory_iterator it(file.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.compare(0, prefix.size(), prefix) != 0 || !fs::is_regular_file(fs::symlink_status(it->path(), ec)))
            continue;
        const auto written = fs::last_write_time(it->path(), ec);
        if (!ec && now - written > std::chrono::minutes(10)) fs::remove(it->path(), ec);
    }
}

}  // namespace

bool keep_permissions(const std::string& temp, const std::string& path) {
    std::error_code ec;
    const fs::file_status old = fs::status(path, ec);
    if (ec || !fs::is_regular_file(old)) return true;
    fs::permissions(temp, old.permissions(), fs::perm_options::replace | fs::perm_options::nofollow, ec);
    return !ec;
}

FileOps real_file_ops() {
    FileOps ops;
    ops.write = write_exclusively;
    ops.rename = [](const std::string& from, const std::string& to) {
        return std::rename(from.c_str(), to.c_str()) == 0;
    };
    ops.remove = [](const std::string& path) {
        std::error_code ec;
        fs::remove(path, ec);
    };
    return ops;
}

std::string write_temporary(const std::string& path, const std::string& text, const FileOps& ops) {
    std::string temp = temporary_name(path);
    bool written = ops.write(temp, text);
    for (int attempt = 0; !written && attempt < 3 && errno == EEXIST; ++attempt) {  // a name taken: draw again
        temp = temporary_name(path);
        written = ops.write(temp, text);
    }
    if (!written || !keep_permissions(temp, path)) {
        ops.remove(temp);
        throw std::runtime_error(path + ": cannot write the temporary file " + temp + " (the original is unchanged)");
    }
    return temp;
}

void write_file_atomically(const std::string& path, const std::string& text, const FileOps& ops) {
    clear_stale_temporaries(path);
    const std::string temp = write_temporary(path, text, ops);
    if (!ops.rename(temp, path)) {
        ops.remove(temp);
        throw std::runtime_error(path + ": cannot replace the file (the original is unchanged)");
    }
    sync_folder_of(path);
}

}  // namespace sandtable::load
