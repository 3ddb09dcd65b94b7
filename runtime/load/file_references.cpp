#include "load/file_references.h"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace sandtable::load {

namespace fs = std::filesystem;

std::string unreadable(const fs::path& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);  // follows a symlink to what it names
    // The system's own words for anything but a missing file: "File name too long", "Permission denied", ...
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) return ec.message();
    if (ec || !fs::exists(status)) return "no such file";
    if (!fs::is_regular_file(status)) return fs::is_directory(status) ? "a folder, not a file" : "not a regular file";
    const auto size = fs::file_size(path, ec);
    if (ec) return "cannot read its size";
    if (size > kMaxFileBytes)
        return "it holds " + std::to_string(size >> 20) + " MiB; a file may hold at most " +
               std::to_string(kMaxFileBytes >> 20) + " MiB";
    return {};
}

std::optional<fs::path> file_inside(const fs::path& home, const std::string& reference, std::string& why) {
    if (reference.empty()) {
        why = "an empty file name";
        return std::nullopt;
    }
    if (reference.find('\0') != std::string::npos) {
        why = "a file name with a NUL byte in it";
        return std::nullopt;
    }
    const fs::path relative(reference);
    if (relative.is_absolute() || relative.has_root_name()) {
        why = "an absolute path: name a file inside " + home.string();
        return std::nullopt;
    }
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(fs::absolute(home), ec);
    const fs::path target = fs::weakly_canonical(fs::absolute(home / relative), ec);
    if (ec) {
        why = ec.message();
        return std::nullopt;
    }
    const auto [end, at] = std::mismatch(base.begin(), base.end(), target.begin(), target.end());
    if (end != base.end()) {
        why = "outside " + home.string() + " (a file may name only files inside its own folder)";
        return std::nullopt;
    }
    why = unreadable(target);
    if (!why.empty()) return std::nullopt;
    return home / relative;
}

bool valid_module_name(const std::string& name) {
    if (name.empty() || name.size() > 100 || name.front() == '.') return false;
    for (const char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') return false;
    return true;
}

}  // namespace sandtable::load
