#include "core/plain_text.h"

#include <sstream>

namespace sandtable::studio {

namespace {
std::string without(std::string line, const std::string& mark) {
    for (auto at = line.find(mark); at != std::string::npos; at = line.find(mark, at)) line.erase(at, mark.size());
    return line;
}
}  // namespace

std::string plain_text_of_markdown(const std::string& markdown) {
    std::istringstream in(markdown);
    std::string out, line;
    while (std::getline(in, line)) {
        if (line.rfind("```", 0) == 0) continue;  // a code fence and its language: the code shows as it is
        line = without(without(line, "**"), "`");
        const auto hashes = line.find_first_not_of('#');
        if (hashes > 0 && hashes != std::string::npos && line[hashes] == ' ') {
            const std::string heading = line.substr(hashes + 1);
            out += heading + "\n" + std::string(heading.size(), hashes == 1 ? '=' : '-') + "\n";
            continue;
        }
        out += line + "\n";
    }
    return out;
}

}  // namespace sandtable::studio
