// A small PRESTAGS battlefield built in a test: terrain rows, units by hex,
// dice forced, played with the real ruleset (rulesets/prestags), its
// provisional CRT and its Lua modules. Section numbers are the rulebook's.
#pragma once

#include "bmw_fixture.h"

#include "bots/session.h"
#include "load/loader.h"

#include <algorithm>

namespace prestags_test {

using namespace bmw_test;

struct Unit {
    std::string id, type, side, hex;
    bool disrupted = false;  // set up on its back face
    int facing = -1;         // with the optional facing rule: the direction its front faces
};

// A PRESTAGS battlefield: rows of terrain (`.` clear, `s` slope, `h`
// hilltop, `w` woods, `v` village), units by hex, dice forced.
struct Field {
    std::vector<std::string> rows{8, std::string(10, '.')};
    std::vector<Unit> units;
    int turns = 2;
    std::string rules;           // the scenario's `rules:` switches, as YAML flow, e.g. "{ panic: { enabled: true } }"
    std::string sequence;        // the ruleset's sequence variant to play, e.g. "simultaneous"
    std::string side_a, side_b;  // more keys for each side, e.g. ", stacking: 2"
    std::string extra_module;    // Lua source of one more rule module run after the ruleset's (a test's house rule)

    std::string write() const {
        static int counter = 0;
        fs::path dir = fs::temp_directory_path() /
                       ("sandtable-prestags-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(dir);  // left by an earlier process that had the same pid
        fs::create_directories(dir);
        std::ofstream out(dir / "scenario.yaml");
        out << "id: test\nruleset: " << SANDTABLE_SOURCE_DIR << "/rulesets/prestags\nturns: " << turns
            << "\nfirst_side: a\n";
        out << "sides:\n  - { id: a, name: A" << side_a << " }\n  - { id: b, name: B" << side_b << " }\n";
        out << "map:\n  columns: " << rows[0].size() << "\n  rows: " << rows.size() << "\n";
        out << "  legend: { \".\": clear, s: slope, h: hilltop, w: woods, v: village, m: marsh, r: rough }\n  terrain: "
               "|\n";
        for (const auto& r : rows) out << "    " << r << "\n";
        out << "units:\n";
        for (const auto& u : units)
            out << "  - { id: " << u.id << ", type: " << u.type << ", side: " << u.side << ", at: \"" << u.hex << "\""
                << (u.disrupted ? ", face: back" : "")
                << (u.facing >= 0 ? ", facing: " + std::to_string(u.facing) : std::string()) << " }\n";
        if (!rules.empty()) out << "rules: " << rules << "\n";
        if (!sequence.empty()) out << "sequence: " << sequence << "\n";
        if (!extra_module.empty()) std::ofstream(dir / "extra.lua") << extra_module;
        return (dir / "scenario.yaml").string();
    }

    sandtable::bots::Session start(std::vector<int> dice = {}) const {
        std::string file = write();
        auto loaded = sandtable::load::load_scenario(file);
        if (!extra_module.empty()) {
            auto ruleset = std::make_shared<sandtable::rules::Ruleset>(*loaded.ruleset);
            sandtable::rules::RuleModule m;
            m.module = "extra";
            m.file = (fs::path(file).parent_path() / "extra.lua").string();
            m.where = {m.file, 1, 1};
            ruleset->modules.push_back(std::move(m));
            loaded.ruleset = ruleset;
        }
        return sandtable::bots::Session(std::move(loaded), file, 1, std::move(dice), true);
    }
};

// Puts terrain `t` at a hex label on the field (columns and rows from 01).
inline void paint(Field& f, const std::string& hex, char t) {
    f.rows[static_cast<std::size_t>(std::stoi(hex.substr(2, 2)) - 1)]
          [static_cast<std::size_t>(std::stoi(hex.substr(0, 2)) - 1)] = t;
}

inline std::string column_label(const Game& g) {
    const auto& c = g.state().combat;
    REQUIRE(c.column >= 0);
    return g.ruleset().odds_table("crt")->columns[static_cast<std::size_t>(c.column)].label;
}

inline std::string log_text(const Game& g) {
    std::string out;
    for (const auto& e : g.records().log) out += e.text + "\n";
    return out;
}

inline bool logged(const Game& g, const std::string& text) {
    return std::any_of(g.records().log.begin(), g.records().log.end(),
                       [&](const auto& e) { return e.text.find(text) != std::string::npos; });
}

// Around 0504 (flat tops, odd columns shifted): N 0503, NE 0603, SE 0604,
// S 0505, SW 0404, NW 0403.
inline void require_ring(const Game& g) {
    auto h = [&](const char* l) { return *g.grid().parse_label(l); };
    for (const char* n : {"0503", "0603", "0604", "0505", "0404", "0403"})
        REQUIRE(sandtable::geometry::distance(h("0504"), h(n)) == 1);
    REQUIRE(sandtable::geometry::distance(h("0503"), h("0505")) == 2);
}

// Ends phases (first options for questions) until the phase `id` of `side`
// waits for a decision.
inline void run_to_phase(sandtable::bots::Session& s, const std::string& id, int side, int guard = 200) {
    auto there = [&] {
        return s.game().phase_id() == id && s.game().state().at.active_side == side &&
               s.game().decision() != DecisionKind::GameOver;
    };
    while (!there() && guard-- > 0) pass(s);
    REQUIRE(there());
}

inline sandtable::geometry::Hex hex(const Game& g, const std::string& label) {
    auto h = g.grid().parse_label(label);
    REQUIRE(h);
    return *h;
}

}  // namespace prestags_test
