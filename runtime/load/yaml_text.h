// Writing YAML by hand (scenarios, tables, replays): one way to quote a value.
#pragma once

#include <string>

namespace sandtable::load {

// A double-quoted YAML scalar: backslash and quote escaped, newlines as \n.
inline std::string yaml_quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace sandtable::load
