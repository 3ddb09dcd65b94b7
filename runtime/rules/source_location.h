// Where a value came from: the file, line and column a designer can open.
#pragma once

#include <string>

namespace sandtable::rules {

struct SourceLocation {
    std::string file;
    int line = 0;    // 1-based; 0 when unknown
    int column = 0;  // 1-based; 0 when unknown

    std::string to_string() const {
        if (line == 0) return file;
        if (column == 0) return file + ":" + std::to_string(line);
        return file + ":" + std::to_string(line) + ":" + std::to_string(column);
    }
};

}  // namespace sandtable::rules
