// Writing YAML and JSON by hand (scenarios, tables, replays, results): one way to quote a value.
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

// A JSON string: quote and backslash escaped, newlines as \n, other control
// characters as spaces (result lines and dumps are read by tools, not people).
inline std::string json_quoted(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\')
            out += '\\', out += static_cast<char>(c);
        else if (c == '\n')
            out += "\\n";
        else if (c < 0x20)
            out += ' ';
        else
            out += static_cast<char>(c);
    }
    return out + "\"";
}

}  // namespace sandtable::load
