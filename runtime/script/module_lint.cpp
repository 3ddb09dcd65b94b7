#include "script/module_lint.h"

#include "kernel/events.h"
#include "load/loader.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <regex>

namespace sandtable::script {

namespace {

struct Source {
    const std::string& text;
    const std::string& file;

    rules::SourceLocation at(std::size_t offset) const {
        const auto begin = text.begin();
        const int line = 1 + static_cast<int>(std::count(begin, begin + static_cast<long>(offset), '\n'));
        const std::size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
        const int column = static_cast<int>(offset - (line_start == std::string::npos || offset == 0 ? 0 : line_start + 1)) + 1;
        return {file, line, column};
    }

    // A match inside a `--` comment is not code.
    bool commented(std::size_t offset) const {
        const std::size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
        const std::size_t from = line_start == std::string::npos ? 0 : line_start + 1;
        return text.substr(from, offset - from).find("--") != std::string::npos;
    }
};

std::vector<std::string> names_of_events() {
    const auto& known = kernel::known_events();
    return {known.begin(), known.end()};
}

class Linter {
public:
    Linter(const rules::Ruleset& rs, std::vector<load::Diagnostic>& out) : rs_(rs), out_(out), events_(names_of_events()) {}

    void module(std::size_t index) {
        const auto& m = rs_.modules[index];
        if (m.file.empty()) return;
        const std::string text = load::read_file(m.file);
        const Source src{text, m.file};
        handlers(src);
        wraps(src, index);
        filters(src);
    }

private:
    void handlers(const Source& src) {
        static const std::regex on(R"(game\.on\(\s*(["'])([^"']*)\1)");
        for (auto it = std::sregex_iterator(src.text.begin(), src.text.end(), on); it != std::sregex_iterator(); ++it) {
            const auto offset = static_cast<std::size_t>(it->position(2));
            if (!src.commented(offset)) event((*it)[2].str(), src, offset, "game.on");
        }
    }

    void wraps(const Source& src, std::size_t index) {
        static const std::regex wrap(R"(game\.wrap\(\s*(["'])([^"']*)\1\s*,\s*(["'])([^"']*)\3)");
        for (auto it = std::sregex_iterator(src.text.begin(), src.text.end(), wrap); it != std::sregex_iterator(); ++it) {
            const auto at = static_cast<std::size_t>(it->position(2));
            if (src.commented(at)) continue;
            const std::string target = (*it)[2].str();
            std::vector<std::string> earlier;
            for (std::size_t i = 0; i < index; ++i) earlier.push_back(rs_.modules[i].module);
            if (std::find(earlier.begin(), earlier.end(), target) == earlier.end())
                out_.push_back({src.at(at), "game.wrap: " + load::unknown("rule module loaded before this one", target, earlier)});
            event((*it)[4].str(), src, static_cast<std::size_t>(it->position(4)), "game.wrap");
        }
    }

    void filters(const Source& src) {
        static const std::regex filter(R"((phase|unit_has)\s*=\s*(["'])([^"']*)\2)");
        for (auto it = std::sregex_iterator(src.text.begin(), src.text.end(), filter); it != std::sregex_iterator(); ++it) {
            const auto at = static_cast<std::size_t>(it->position(3));
            if (src.commented(at)) continue;
            const std::string name = (*it)[3].str();
            if ((*it)[1].str() == "phase") {
                const auto phases = load::ids_of(rs_.phases);
                if (std::find(phases.begin(), phases.end(), name) == phases.end())
                    out_.push_back({src.at(at), "handler filter: " + load::unknown("phase", name, phases)});
            } else if (rs_.attribute_index(name) < 0) {
                out_.push_back({src.at(at), "handler filter: " + load::unknown("attribute", name, load::ids_of(rs_.attributes))});
            }
        }
    }

    void event(const std::string& name, const Source& src, std::size_t offset, const char* call) {
        if (std::find(events_.begin(), events_.end(), name) == events_.end())
            out_.push_back({src.at(offset), std::string(call) + ": " + load::unknown("event", name, events_)});
    }

    const rules::Ruleset& rs_;
    std::vector<load::Diagnostic>& out_;
    std::vector<std::string> events_;
};

}  // namespace

std::vector<load::Diagnostic> lint_module_sources(const rules::Ruleset& rs) {
    std::vector<load::Diagnostic> out;
    Linter linter(rs, out);
    for (std::size_t i = 0; i < rs.modules.size(); ++i) linter.module(i);
    return out;
}

}  // namespace sandtable::script
