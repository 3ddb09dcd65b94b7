#include "cli/commands.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace sandtable::cli {

Args::Args(const std::vector<std::string>& args, const std::vector<std::string>& flags,
           const std::vector<std::string>& valued) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0) {
            positional_.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
            flags_.push_back(name);
        } else if (std::find(valued.begin(), valued.end(), name) != valued.end()) {
            if (i + 1 >= args.size()) throw UsageError("--" + name + " needs a value");
            values_.emplace_back(name, args[++i]);
        } else {
            throw UsageError("unknown option " + a);
        }
    }
}

bool Args::flag(const std::string& name) const { return std::find(flags_.begin(), flags_.end(), name) != flags_.end(); }

bool Args::has(const std::string& name) const {
    return std::any_of(values_.begin(), values_.end(), [&](const auto& v) { return v.first == name; });
}

std::string Args::value(const std::string& name, const std::string& fallback) const {
    for (const auto& [k, v] : values_)
        if (k == name) return v;
    return fallback;
}

std::vector<std::string> Args::values(const std::string& name) const {
    std::vector<std::string> out;
    for (const auto& [k, v] : values_)
        if (k == name) out.push_back(v);
    return out;
}

long long Args::integer(const std::string& name, long long fallback) const {
    if (!has(name)) return fallback;
    std::string v = value(name);
    try {
        std::size_t used = 0;
        long long n = std::stoll(v, &used);
        if (used != v.size()) throw UsageError("");
        return n;
    } catch (...) {
        throw UsageError("--" + name + " must be a whole number, got '" + v + "'");
    }
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, sep)) out.push_back(item);
    return out;
}

std::string json_escape(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (c == '"')
            out += "\\\"";
        else if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);  // every other control character
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

}  // namespace sandtable::cli
