#include "script/module_lint.h"

#include "kernel/events.h"
#include "load/loader.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <cctype>
#include <optional>

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
    std::vector<std::size_t> line_starts = starts_of_lines(text);

    static std::vector<std::size_t> starts_of_lines(const std::string& t) {
        std::vector<std::size_t> starts{0};
        for (std::size_t i = 0; i < t.size(); ++i)
            if (t[i] == '\n') starts.push_back(i + 1);
        return starts;
    }

    rules::SourceLocation at(std::size_t offset) const {
        const auto next = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
        const auto line = static_cast<int>(next - line_starts.begin());
        return {file, line, static_cast<int>(offset - *(next - 1)) + 1};
    }
};

// A hand-written scanner, linear in the text: a module's source may come from a
// stranger, and a backtracking regex over 50 KB of spaces overflows the stack.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_word(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t skip_space(const std::string& t, std::size_t i) {
    while (i < t.size() && is_space(t[i])) ++i;
    return i;
}

// `word` at i, whole (no word character just before or after).
bool word_at(const std::string& t, std::size_t i, std::string_view word) {
    if (t.compare(i, word.size(), word) != 0) return false;
    if (i > 0 && is_word(t[i - 1])) return false;
    return i + word.size() >= t.size() || !is_word(t[i + word.size()]);
}

// A quoted string at i (after spaces) holding no quote of either kind: its
// text and where that starts. `i` moves past it.
struct Literal {
    std::string text;
    std::size_t offset = 0;
};
std::optional<Literal> literal_at(const std::string& t, std::size_t& i) {
    i = skip_space(t, i);
    if (i >= t.size() || (t[i] != '"' && t[i] != '\'')) return std::nullopt;
    const char quote = t[i];
    const std::size_t start = i + 1;
    std::size_t k = start;
    while (k < t.size() && t[k] != '"' && t[k] != '\'') ++k;
    if (k >= t.size() || t[k] != quote) return std::nullopt;
    i = k + 1;
    return Literal{t.substr(start, k - start), start};
}

// `c` at i (after spaces); `i` moves past it.
bool punct_at(const std::string& t, std::size_t& i, char c) {
    i = skip_space(t, i);
    if (i >= t.size() || t[i] != c) return false;
    ++i;
    return true;
}

// Every `game.NAME("a"[, "b"])` with `strings` leading string arguments: where the call
// starts and the strings.
struct Call {
    std::size_t offset;
    std::vector<Literal> strings;
};
std::vector<Call> game_calls(const std::string& t, std::string_view name, int strings) {
    std::vector<Call> out;
    for (std::size_t at = t.find("game"); at != std::string::npos; at = t.find("game", at + 1)) {
        if (!word_at(t, at, "game")) continue;
        std::size_t i = at + 4;
        if (!punct_at(t, i, '.')) continue;
        i = skip_space(t, i);
        if (!word_at(t, i, name)) continue;
        i += name.size();
        if (!punct_at(t, i, '(')) continue;
        Call call{at, {}};
        for (int k = 0; k < strings; ++k) {
            if (k > 0 && !punct_at(t, i, ',')) break;
            auto lit = literal_at(t, i);
            if (!lit) break;
            call.strings.push_back(std::move(*lit));
        }
        if (static_cast<int>(call.strings.size()) == strings) out.push_back(std::move(call));
    }
    return out;
}

// Every `{ key = "x"` or `, key = "x"` (a table field, not `key == ...`) for the given keys.
struct Field {
    std::string key;
    Literal value;
};
std::vector<Field> string_fields(const std::string& t, const std::vector<std::string_view>& keys) {
    std::vector<Field> out;
    for (std::size_t at = 0; at < t.size(); ++at) {
        if (t[at] != '{' && t[at] != ',') continue;
        std::size_t i = skip_space(t, at + 1);
        for (std::string_view key : keys) {
            if (t.compare(i, key.size(), key) != 0 || (i + key.size() < t.size() && is_word(t[i + key.size()])))
                continue;
            std::size_t k = i + key.size();
            if (!punct_at(t, k, '=') || (k < t.size() && t[k] == '=')) continue;
            if (auto lit = literal_at(t, k)) out.push_back({std::string(key), std::move(*lit)});
        }
    }
    return out;
}

std::vector<std::string> names_of_events() {
    const auto& known = kernel::known_events();
    return {known.begin(), known.end()};
}

class Linter {
public:
    Linter(const rules::Ruleset& rs, std::vector<load::Diagnostic>& out)
        : rs_(rs), out_(out), events_(names_of_events()) {}

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
        for (const auto& call : game_calls(src.text, "on", 1))
            event(call.strings[0].text, src, call.strings[0].offset, "game.on");
    }

    void wraps(const Source& src, std::size_t index) {
        for (const auto& call : game_calls(src.text, "wrap", 2)) {
            const auto at = call.strings[0].offset;
            const std::string& target = call.strings[0].text;
            std::vector<std::string> earlier;
            for (std::size_t i = 0; i < index; ++i) earlier.push_back(rs_.modules[i].module);
            const auto found = std::find(earlier.begin(), earlier.end(), target);
            if (found == earlier.end())
                out_.push_back(
                    {src.at(at), "game.wrap: " + load::unknown("rule module loaded before this one", target, earlier)});
            else if (!rs_.modules[static_cast<std::size_t>(found - earlier.begin())].enabled &&
                     rs_.modules[index].enabled)
                out_.push_back({src.at(at), "game.wrap: rule module '" + target +
                                                "' is switched off, so it has no handlers to wrap"});
            event(call.strings[1].text, src, call.strings[1].offset, "game.wrap");
        }
    }

    void filters(const Source& src) {
        // `phase = "..."` as a table field (a handler's filter), not `next_phase = ...` nor `ctx.phase == ...`.
        for (const auto& field : string_fields(src.text, {"phase", "unit_has"})) {
            const auto at = field.value.offset;
            const std::string& name = field.value.text;
            if (field.key == "phase") {
                const auto phases = load::ids_of(rs_.phases);
                if (std::find(phases.begin(), phases.end(), name) == phases.end())
                    out_.push_back({src.at(at), "handler filter: " + load::unknown("phase", name, phases)});
            } else if (rs_.attribute_index(name) < 0) {
                out_.push_back(
                    {src.at(at), "handler filter: " + load::unknown("attribute", name, load::ids_of(rs_.attributes))});
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
    std::vector<WrapCall> out;
    for (const auto& m : rs.modules) {
        if (m.file.empty() || !m.enabled) continue;
        const std::string text = without_comments(load::read_file(m.file));
        const Source src{text, m.file};
        for (const auto& call : game_calls(text, "wrap", 2))
            out.push_back({m.module, call.strings[0].text, call.strings[1].text, src.at(call.offset)});
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
