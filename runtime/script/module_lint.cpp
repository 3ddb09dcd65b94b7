#include "script/module_lint.h"

#include "kernel/events.h"
#include "load/loader.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <regex>

namespace sandtable::script {

namespace {

// The source with comments blanked out (newlines kept, so lines and columns
// stay true) and strings kept: what follows `--` inside a string is code.
std::string without_comments(const std::string& src) {
    std::string out = src;
    std::size_t i = 0;
    auto blank = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to && k < out.size(); ++k)
            if (out[k] != '\n') out[k] = ' ';
    };
    // [[ ]], [=[ ]=], ...: the closing bracket for an opening at `at`, or npos.
    auto long_bracket_end = [&](std::size_t at) -> std::size_t {
        std::size_t level = 0, k = at + 1;
        while (k < src.size() && src[k] == '=') ++level, ++k;
        if (k >= src.size() || src[k] != '[') return std::string::npos;
        const std::string close = "]" + std::string(level, '=') + "]";
        const std::size_t end = src.find(close, k + 1);
        return end == std::string::npos ? src.size() : end + close.size();
    };
    while (i < src.size()) {
        const char c = src[i];
        if (c == '-' && i + 1 < src.size() && src[i + 1] == '-') {
            const bool long_comment = i + 2 < src.size() && src[i + 2] == '[';
            const std::size_t end = long_comment ? long_bracket_end(i + 2) : std::string::npos;
            const std::size_t stop = end != std::string::npos ? end : std::min(src.find('\n', i), src.size());
            blank(i, stop);
            i = stop;
        } else if (c == '"' || c == '\'') {
            std::size_t k = i + 1;
            while (k < src.size() && src[k] != c && src[k] != '\n') k += src[k] == '\\' ? 2 : 1;
            i = k + 1;
        } else if (c == '[' && long_bracket_end(i) != std::string::npos) {
            i = long_bracket_end(i);  // a long string: kept as it is
        } else {
            ++i;
        }
    }
    return out;
}

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
        const std::string text = without_comments(load::read_file(m.file));
        const Source src{text, m.file};
        handlers(src);
        wraps(src, index);
        filters(src);
    }

private:
    void handlers(const Source& src) {
        static const std::regex on(R"(\bgame\s*\.\s*on\s*\(\s*(["'])([^"']*)\1)");
        for (auto it = std::sregex_iterator(src.text.begin(), src.text.end(), on); it != std::sregex_iterator(); ++it)
            event((*it)[2].str(), src, static_cast<std::size_t>(it->position(2)), "game.on");
    }

    void wraps(const Source& src, std::size_t index) {
        static const std::regex wrap(R"(\bgame\s*\.\s*wrap\s*\(\s*(["'])([^"']*)\1\s*,\s*(["'])([^"']*)\3)");
        for (auto it = std::sregex_iterator(src.text.begin(), src.text.end(), wrap); it != std::sregex_iterator(); ++it) {
            const auto at = static_cast<std::size_t>(it->position(2));
            const std::string target = (*it)[2].str();
            std::vector<std::string> earlier;
            for (std::size_t i = 0; i < index; ++i) earlier.push_back(rs_.modules[i].module);
            const auto found = std::find(earlier.begin(), earlier.end(), target);
            if (found == earlier.end())
                out_.push_back({src.at(at), "game.wrap: " + load::unknown("rule module loaded before this one", target, earlier)});
            else if (!rs_.modules[static_cast<std::size_t>(found - earlier.begin())].enabled && rs_.modules[index].enabled)
                out_.push_back({src.at(at), "game.wrap: rule module '" + target + "' is switched off, so it has no handlers to wrap"});
            event((*it)[4].str(), src, static_cast<std::size_t>(it->position(4)), "game.wrap");
        }
    }

    void filters(const Source& src) {
        // `phase = "..."` as a table field (a handler's filter), not `next_phase = ...` nor `ctx.phase == ...`.
        static const std::regex filter(R"([{,]\s*(phase|unit_has)\s*=\s*(["'])([^"']*)\2)");
        for (auto it = std::sregex_iterator(src.text.begin(), src.text.end(), filter); it != std::sregex_iterator(); ++it) {
            const auto at = static_cast<std::size_t>(it->position(3));
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

std::vector<WrapCall> wrap_calls(const rules::Ruleset& rs) {
    static const std::regex wrap(R"(\bgame\s*\.\s*wrap\s*\(\s*(["'])([^"']*)\1\s*,\s*(["'])([^"']*)\3)");
    std::vector<WrapCall> out;
    for (const auto& m : rs.modules) {
        if (m.file.empty() || !m.enabled) continue;
        const std::string text = without_comments(load::read_file(m.file));
        const Source src{text, m.file};
        for (auto it = std::sregex_iterator(text.begin(), text.end(), wrap); it != std::sregex_iterator(); ++it)
            out.push_back({m.module, (*it)[2].str(), (*it)[4].str(), src.at(static_cast<std::size_t>(it->position(0)))});
    }
    return out;
}

std::vector<load::Diagnostic> lint_module_sources(const rules::Ruleset& rs) {
    std::vector<load::Diagnostic> out;
    Linter linter(rs, out);
    for (std::size_t i = 0; i < rs.modules.size(); ++i) linter.module(i);
    return out;
}

}  // namespace sandtable::script
