#include "bots/rule_test_expect.h"

#include "kernel/game.h"
#include "kernel/replay.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <sstream>

namespace sandtable::bots {

namespace {

using load::MapReader;

template <class T>
std::string shown(const T& value) {
    if constexpr (std::is_same_v<T, bool>)
        return value ? "true" : "false";
    else if constexpr (std::is_same_v<T, std::string>)
        return "'" + value + "'";
    else
        return std::to_string(value);
}

// One value compared: "unit c1: hex is '0405', expected '0506'".
template <class T>
void expect(MapReader& m, const std::string& key, const std::string& subject, const T& got, const T& want) {
    if (got != want)
        m.sink().error(m.where(key), subject + ": " + key + " is " + shown(got) + ", expected " + shown(want));
}

void check_unit(MapReader& m, const kernel::Game& g) {
    const std::string id = m.text("unit", {.required = true});
    const int u = g.scenario().unit_index(id);
    if (u < 0) return m.sink().error(m.where("unit"), "no unit '" + id + "' in this scenario");
    const auto& s = g.state().unit(u);
    const std::string subject = "unit " + id;
    if (m.has("hex"))
        expect(m, "hex", subject, s.on_map ? g.grid().label(s.hex) : std::string("off the map"), m.text("hex", {}));
    if (m.has("face")) {
        const std::string want = m.text("face", {});
        if (want != "front" && want != "back")
            m.sink().error(m.where("face"), "'face' is front or back, not '" + want + "'");
        else
            expect(m, "face", subject, std::string(s.back ? "back" : "front"), want);
    }
    if (m.has("eliminated"))
        expect(m, "eliminated", subject, s.eliminated, m.boolean("eliminated", {.fallback = false}));
    if (m.has("on_map")) expect(m, "on_map", subject, s.on_map, m.boolean("on_map", {.fallback = false}));
    if (m.has("figures")) expect(m, "figures", subject, s.figures, m.integer("figures", {}));
    if (m.has("hits")) expect(m, "hits", subject, s.hits, m.integer("hits", {}));
    if (m.has("facing")) expect(m, "facing", subject, s.facing, m.integer("facing", {}));
    if (m.has("moved")) expect(m, "moved", subject, s.moved, m.boolean("moved", {.fallback = false}));
    const YAML::Node marks = m.child("marks");
    if (marks.IsDefined() && !marks.IsMap())
        m.sink().error(m.where("marks"), "'marks' is a mapping of mark to value, e.g. {charging: 1}");
    else if (marks.IsDefined())
        for (const auto& kv : marks) {
            const auto want = load::read_int(kv.second, m.file(), m.sink(), "a mark's value");
            const std::string key = kv.first.as<std::string>("");
            const int got = g.state().mark(u, key);
            if (want && got != *want)
                m.sink().error(
                    load::location_of(kv.second, m.file()),
                    subject + ": mark '" + key + "' is " + std::to_string(got) + ", expected " + std::to_string(*want));
        }
}

void check_side(MapReader& m, const kernel::Game& g) {
    const int side = side_named(m, g, "side", true);
    if (side < 0) return;
    const auto& s = g.state().sides[static_cast<std::size_t>(side)];
    const std::string subject = "side " + g.scenario().sides[static_cast<std::size_t>(side)].id;
    if (m.has("eliminated_strength"))
        expect(m, "eliminated_strength", subject, s.eliminated_strength, m.integer("eliminated_strength", {}));
    if (m.has("lost_points")) expect(m, "lost_points", subject, s.lost_points, m.integer("lost_points", {}));
    if (m.has("demoralized"))
        expect(m, "demoralized", subject, s.demoralized, m.boolean("demoralized", {.fallback = false}));
    if (m.has("disintegrated"))
        expect(m, "disintegrated", subject, s.disintegrated, m.boolean("disintegrated", {.fallback = false}));
    if (m.has("vp")) {
        const auto& vp = g.state().result.victory_points;
        if (!g.over() || vp.size() <= static_cast<std::size_t>(side))
            m.sink().error(m.where("vp"),
                           subject + ": victory points are counted at the end, and the game is not over");
        else
            expect(m, "vp", subject, vp[static_cast<std::size_t>(side)], m.integer("vp", {}));
    }
}

void check_decision(MapReader& m, const kernel::Game& g) {
    expect(m, "decision", std::string("the game"), std::string(kernel::decision_kind_name(g.decision())),
           m.text("decision", {.required = true}));
    if (m.has("deciding")) {
        const int side = side_named(m, g, "deciding", true);
        const auto id = [&](int s) {
            return s < 0 ? std::string("nobody") : g.scenario().sides[static_cast<std::size_t>(s)].id;
        };
        if (side >= 0) expect(m, "deciding", std::string("the game"), id(g.deciding_side()), id(side));
    }
}

std::string quoted_line(const std::string& text) {
    return "'" + text.substr(0, std::min<std::size_t>(text.size(), 200)) + "'";
}

// `legal:` / `illegal:` — whether the action is among those the game offers now.
void check_offered(MapReader& m, const kernel::Game& g, const std::string& key, bool want) {
    MapReader a(m.child(key, {.required = true}), m.file(), m.sink(), "an action");
    if (!a.valid()) return;
    const kernel::Action action = kernel::parse_action(a, g, m.sink());
    a.finish();
    if (!m.sink().empty()) return;
    if (g.is_legal(action) != want)
        m.sink().error(m.where(key), g.describe(action) + (want ? " is not legal now" : " is legal now") +
                                         " (decision " + kernel::decision_kind_name(g.decision()) + ")");
}

// `refused:` — the game refuses the action, with `message:` in its words when given. False: it was taken.
bool check_refused(MapReader& m, kernel::Game& g) {
    MapReader a(m.child("refused", {.required = true}), m.file(), m.sink(), "an action");
    const std::string message = m.text("message", {});
    if (!a.valid()) return true;
    const kernel::Action action = kernel::parse_action(a, g, m.sink());
    a.finish();
    if (!m.sink().empty()) return true;
    const std::string described = g.describe(action);
    try {
        g.apply(action);
    } catch (const kernel::IllegalAction& e) {
        if (message.empty() || std::string(e.what()).find(message) != std::string::npos) return true;
        m.sink().error(m.where("message"), described + " was refused with " + quoted_line(e.what()) +
                                               ", expected words " + quoted_line(message));
        return true;
    }
    m.sink().error(m.where("refused"), described + " was taken, expected it refused");
    return false;
}

void check_result(MapReader& m, const kernel::Game& g) {
    MapReader r(m.child("result", {.required = true}), m.file(), m.sink(), "a result");
    if (!r.valid()) return;
    if (!g.over()) return m.sink().error(m.where("result"), "the game is not over");
    const auto& result = g.state().result;
    if (r.has("winner")) {
        const std::string want = r.text("winner", {});
        const std::string got =
            result.winner < 0 ? "draw" : g.scenario().sides[static_cast<std::size_t>(result.winner)].id;
        expect(r, "winner", std::string("the result"), got, want);
    }
    if (r.has("level")) expect(r, "level", std::string("the result"), result.level, r.text("level", {}));
    if (r.has("reason")) {
        const std::string want = r.text("reason", {});
        if (result.reason.find(want) == std::string::npos)
            r.sink().error(r.where("reason"), "the result's reason is " + quoted_line(result.reason) +
                                                  ", expected words " + quoted_line(want));
    }
    r.finish();
}

// `log:` — a line of the game's log holds these words; `not_log:` — none does.
void check_log(MapReader& m, const kernel::Game& g, const std::string& key, bool want) {
    const std::string words = m.text(key, {.required = true});
    const auto& log = g.records().log;
    const auto hit =
        std::find_if(log.begin(), log.end(), [&](const auto& e) { return e.text.find(words) != std::string::npos; });
    if ((hit != log.end()) == want) return;
    // Quote the line that broke `not_log`, or the last line when `log` found none.
    std::string shown = hit != log.end() ? hit->text : log.empty() ? "(empty)" : log.back().text;
    shown.erase(0, shown.find_first_not_of(' '));
    m.sink().error(m.where(key), (want ? "no line of the log holds " + quoted_line(words) + "; its last line is "
                                       : "a line of the log holds " + quoted_line(words) + ": ") +
                                     quoted_line(shown));
}

}  // namespace

int side_named(MapReader& m, const kernel::Game& g, const std::string& key, bool required) {
    if (!required && !m.has(key)) return -1;
    const std::string id = m.text(key, {.required = required});
    const auto& sides = g.scenario().sides;
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i].id == id) return static_cast<int>(i);
    m.sink().error(m.where(key), "no side '" + id + "' in this scenario");
    return -1;
}

bool check_expectation(const YAML::Node& expectation, const std::string& file, kernel::Game& game,
                       load::DiagnosticSink& failed) {
    MapReader m(expectation, file, failed, "an expectation");
    if (!m.valid()) return true;
    bool went_on = true;
    if (m.has("unit"))
        check_unit(m, game);
    else if (m.has("side"))
        check_side(m, game);
    else if (m.has("decision"))
        check_decision(m, game);
    else if (m.has("legal"))
        check_offered(m, game, "legal", true);
    else if (m.has("illegal"))
        check_offered(m, game, "illegal", false);
    else if (m.has("refused"))
        went_on = check_refused(m, game);
    else if (m.has("result"))
        check_result(m, game);
    else if (m.has("over"))
        expect(m, "over", std::string("the game"), game.over(), m.boolean("over", {.fallback = false}));
    else if (m.has("turn"))
        expect(m, "turn", std::string("the game"), game.state().at.turn, m.integer("turn", {}));
    else if (m.has("log"))
        check_log(m, game, "log", true);
    else if (m.has("not_log"))
        check_log(m, game, "not_log", false);
    else
        failed.error(
            m.where(),
            "an expectation names unit, side, decision, legal, illegal, refused, result, over, turn, log or not_log");
    m.finish();
    return went_on;
}

}  // namespace sandtable::bots
