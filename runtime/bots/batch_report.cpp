#include "bots/batch_report.h"

#include "load/yaml_reader.h"
#include "load/yaml_text.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sandtable::bots {

namespace {

std::string json(const std::string& s) { return load::json_quoted(s); }

std::string json_list(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + json(i);
    return "[" + out + "]";
}

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::vector<std::string> strings(const YAML::Node& n) {
    std::vector<std::string> out;
    if (n.IsSequence())
        for (const auto& i : n) out.push_back(i.Scalar());
    return out;
}

BatchHeader header_of(const YAML::Node& n) {
    return {n["scenario"].as<std::string>(),
            strings(n["house_rules"]),
            strings(n["bots"]),
            strings(n["sides"]),
            n["first_side"].as<std::string>(),
            n["content_hash"].as<std::string>(),
            strings(n["scenario_house_rules"])};
}

bool same_run(const BatchHeader& a, const BatchHeader& b) {
    return a.scenario == b.scenario && a.house_rules == b.house_rules &&
           a.scenario_house_rules == b.scenario_house_rules && a.bots == b.bots && a.sides == b.sides &&
           a.content_hash == b.content_hash;
}

BatchGameResult game_of(const YAML::Node& n, const std::vector<std::string>& sides) {
    BatchGameResult g;
    g.game = n["game"].as<std::uint64_t>();
    g.seed = n["seed"].as<std::uint64_t>();
    const YAML::Node w = n["winner"];
    g.winner = -1;
    if (w.IsScalar() && w.Scalar() != "null") {
        const auto it = std::find(sides.begin(), sides.end(), w.Scalar());
        if (it == sides.end()) throw std::runtime_error("winner '" + w.Scalar() + "' is not one of the sides");
        g.winner = static_cast<int>(it - sides.begin());
    }
    g.level = n["level"].as<std::string>();
    g.reason = n["reason"].as<std::string>();
    g.turns = n["turns"].as<int>();
    g.actions = n["actions"].as<std::uint64_t>();
    g.dice = n["dice"].as<std::uint64_t>();
    for (const auto& s : sides) {
        g.victory_points.push_back(n["victory_points"][s].as<int>());
        std::map<std::string, int> lost;
        const YAML::Node l = n["losses"][s];
        if (l.IsMap())
            for (const auto& kv : l) lost[kv.first.Scalar()] = kv.second.as<int>();
        g.losses.push_back(std::move(lost));
    }
    return g;
}

std::string share(std::uint64_t k, std::uint64_t n) {
    if (n == 0) return "-";
    const auto [lo, hi] = wilson_interval(k, n);
    return fixed(100.0 * static_cast<double>(k) / static_cast<double>(n), 1) + "%  (95% CI " + fixed(100 * lo, 1) +
           "–" + fixed(100 * hi, 1) + "%)";
}

}  // namespace

std::pair<double, double> wilson_interval(std::uint64_t k, std::uint64_t n) {
    if (n == 0) return {0, 0};
    const double z = 1.959963984540054, nn = static_cast<double>(n), p = static_cast<double>(k) / nn;
    const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

// Mean and the half-width of its 95% interval (normal approximation).
std::pair<double, double> mean_and_margin(const std::vector<double>& xs) {
    const double n = static_cast<double>(xs.size());
    if (xs.empty()) return {0, 0};
    double sum = 0;
    for (double x : xs) sum += x;
    const double mean = sum / n;
    double squares = 0;
    for (double x : xs) squares += (x - mean) * (x - mean);
    const double sd = xs.size() > 1 ? std::sqrt(squares / (n - 1)) : 0.0;
    return {mean, 1.959963984540054 * sd / std::sqrt(n)};
}

std::string signed_fixed(double v, int decimals) { return (v >= 0 ? "+" : "") + fixed(v, decimals); }

std::string change_line(const std::string& what, const std::vector<double>& diffs, double scale, int decimals,
                        const std::string& unit) {
    const auto [mean, margin] = mean_and_margin(diffs);
    return "  " + what + ": " + signed_fixed(mean * scale, decimals) + unit + " (95% CI " +
           signed_fixed((mean - margin) * scale, decimals) + unit + " to " +
           signed_fixed((mean + margin) * scale, decimals) + unit + ")\n";
}

std::string label(const BatchHeader& h, const ReportNames& names) {
    std::string bots;
    for (const auto& b : h.bots) bots += (bots.empty() ? "" : ",") + b;
    return "house rules " + house_rules_played(h, names) + "; bots " + bots;
}

}  // namespace

std::string compare(const BatchResults& a, const BatchResults& b, const ReportNames& names) {
    if (a.header.scenario != b.header.scenario || a.header.sides != b.header.sides)
        throw std::runtime_error("A and B are games of different scenarios (" + a.header.scenario + ", " +
                                 b.header.scenario + ")");
    if (a.games.size() != b.games.size())
        throw std::runtime_error("A has " + std::to_string(a.games.size()) + " games and B " +
                                 std::to_string(b.games.size()) + ": compare the same games");
    const auto& sides = a.header.sides;
    std::vector<std::vector<double>> wins(sides.size());
    std::vector<double> margin, turns;
    std::uint64_t changed = 0;
    for (std::size_t i = 0; i < a.games.size(); ++i) {
        const auto& x = a.games[i];
        const auto& y = b.games[i];
        if (x.game != y.game || x.seed != y.seed)
            throw std::runtime_error("game " + std::to_string(x.game) + " (seed " + std::to_string(x.seed) +
                                     ") of A is not game " + std::to_string(y.game) + " (seed " +
                                     std::to_string(y.seed) + ") of B: compare runs of the same games and seeds");
        if (x.winner != y.winner) ++changed;
        for (std::size_t s = 0; s < sides.size(); ++s)
            wins[s].push_back((y.winner == static_cast<int>(s) ? 1.0 : 0.0) -
                              (x.winner == static_cast<int>(s) ? 1.0 : 0.0));
        if (sides.size() >= 2)
            margin.push_back((y.victory_points[0] - y.victory_points[1]) - (x.victory_points[0] - x.victory_points[1]));
        turns.push_back(y.turns - x.turns);
    }
    std::ostringstream out;
    out << "A/B comparison: " << a.games.size() << " games of " << a.header.scenario << ", the same seeds both ways\n";
    out << "  A: " << label(a.header, names) << "\n  B: " << label(b.header, names)
        << "\n\nB against A, game by game\n";
    out << "  winner changed in " << changed << " of " << a.games.size() << " games\n";
    for (std::size_t s = 0; s < sides.size(); ++s)
        out << change_line(names.side(sides[s]) + " wins", wins[s], 100.0, 1, " points");
    if (!margin.empty())
        out << change_line("VP margin (" + names.side(sides[0]) + " - " + names.side(sides[1]) + ")", margin, 1.0, 2,
                           "");
    out << change_line("game length", turns, 1.0, 2, " turns");
    return out.str();
}

std::string result_line(const BatchHeader& h, const BatchGameResult& g) {
    std::ostringstream out;
    out << "{\"game\": " << g.game << ", \"seed\": " << g.seed << ", \"scenario\": " << json(h.scenario)
        << ", \"house_rules\": " << json_list(h.house_rules)
        << ", \"scenario_house_rules\": " << json_list(h.scenario_house_rules) << ", \"bots\": " << json_list(h.bots)
        << ", \"sides\": " << json_list(h.sides) << ", \"first_side\": " << json(h.first_side)
        << ", \"content_hash\": " << json(h.content_hash)
        << ", \"winner\": " << (g.winner >= 0 ? json(h.sides[static_cast<std::size_t>(g.winner)]) : "null")
        << ", \"level\": " << json(g.level) << ", \"reason\": " << json(g.reason) << ", \"turns\": " << g.turns
        << ", \"actions\": " << g.actions << ", \"dice\": " << g.dice << ", \"victory_points\": {";
    for (std::size_t s = 0; s < h.sides.size(); ++s)
        out << (s ? ", " : "") << json(h.sides[s]) << ": " << g.victory_points[s];
    out << "}, \"losses\": {";
    for (std::size_t s = 0; s < h.sides.size(); ++s) {
        out << (s ? ", " : "") << json(h.sides[s]) << ": {";
        bool first = true;
        for (const auto& [type, n] : g.losses[s]) {
            out << (first ? "" : ", ") << json(type) << ": " << n;
            first = false;
        }
        out << "}";
    }
    out << "}}";
    return out.str();
}

BatchResults read_results(const std::vector<std::string>& files) {
    BatchResults out;
    bool have_header = false;
    std::set<std::uint64_t> seen;
    for (const auto& file : files) {
        std::ifstream in(file);
        if (!in) throw std::runtime_error(file + ": cannot open file");
        std::string line;
        int number = 0;
        while (std::getline(in, line)) {
            ++number;
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            const std::string where = file + ":" + std::to_string(number) + ": ";
            try {
                const YAML::Node n = YAML::Load(line);  // JSON is YAML's flow style
                if (!n.IsMap()) throw std::runtime_error("expected one game's result as a JSON object");
                const BatchHeader h = header_of(n);
                if (!have_header)
                    out.header = h, have_header = true;
                else if (!same_run(out.header, h))
                    throw std::runtime_error(
                        "a result of another run (scenario, house rules, bots or their content differ from the first "
                        "file's)");
                BatchGameResult g = game_of(n, h.sides);
                if (!seen.insert(g.game).second)
                    throw std::runtime_error("game " + std::to_string(g.game) + " is given twice");
                out.games.push_back(std::move(g));
            } catch (const YAML::Exception& e) {
                throw std::runtime_error(where + "not a result line: " + e.msg);
            } catch (const std::runtime_error& e) {
                throw std::runtime_error(where + e.what());
            }
        }
    }
    std::sort(out.games.begin(), out.games.end(),
              [](const BatchGameResult& a, const BatchGameResult& b) { return a.game < b.game; });
    return out;
}

std::string house_rules_played(const BatchHeader& h, const ReportNames& names) {
    std::string out;
    for (const auto& x : h.scenario_house_rules)
        out += (out.empty() ? "" : ", ") + names.house_rule(x) + " (the scenario's own)";
    for (const auto& x : h.house_rules) out += (out.empty() ? "" : ", ") + names.house_rule(x);
    return out.empty() ? "none" : out;
}

namespace {
const std::string& named(const std::map<std::string, std::string>& names, const std::string& id) {
    const auto it = names.find(id);
    return it == names.end() ? id : it->second;
}
}  // namespace

const std::string& ReportNames::side(const std::string& id) const { return named(sides, id); }
const std::string& ReportNames::unit_type(const std::string& id) const { return named(unit_types, id); }
const std::string& ReportNames::house_rule(const std::string& folder) const { return named(house_rules, folder); }

namespace {

// What a batch's games add up to, by side.
struct Tally {
    std::vector<std::uint64_t> wins;
    std::uint64_t draws = 0;
    std::map<std::string, std::uint64_t> levels;
    std::vector<int> turns;  // sorted
    double actions = 0;
    std::vector<double> vp;
    std::vector<std::map<std::string, double>> lost;
};

Tally tally(const BatchResults& r) {
    const std::size_t sides = r.header.sides.size();
    Tally t{std::vector<std::uint64_t>(sides, 0),
            0,
            {},
            {},
            0,
            std::vector<double>(sides, 0),
            std::vector<std::map<std::string, double>>(sides)};
    for (const auto& g : r.games) {
        if (g.winner >= 0)
            ++t.wins[static_cast<std::size_t>(g.winner)];
        else
            ++t.draws;
        ++t.levels[g.level.empty() ? "(none)" : g.level];
        t.turns.push_back(g.turns);
        t.actions += static_cast<double>(g.actions);
        for (std::size_t s = 0; s < sides; ++s) {
            t.vp[s] += g.victory_points[s];
            for (const auto& [type, k] : g.losses[s]) t.lost[s][type] += k;
        }
    }
    std::sort(t.turns.begin(), t.turns.end());
    return t;
}

void write_header(std::ostringstream& out, const BatchResults& r, const ReportNames& names) {
    const auto& h = r.header;
    std::string bots;
    for (const auto& b : h.bots) bots += (bots.empty() ? "" : ",") + b;
    out << "Batch report: " << r.games.size() << " games of " << h.scenario << "\n";
    out << "  house rules: " << house_rules_played(h, names) << "; bots: " << bots;
    if (!r.games.empty())
        out << "; games " << r.games.front().game << "-" << r.games.back().game << " (seeds " << r.games.front().seed
            << "-" << r.games.back().seed << ")";
    out << "\n";
}

void write_wins(std::ostringstream& out, const BatchResults& r, const ReportNames& names, const Tally& t) {
    const auto& h = r.header;
    const std::uint64_t n = r.games.size();
    out << "\nWins\n";
    for (std::size_t s = 0; s < h.sides.size(); ++s)
        out << "  " << names.side(h.sides[s]) << ": " << t.wins[s] << "  " << share(t.wins[s], n) << "\n";
    out << "  no winner: " << t.draws << "  " << share(t.draws, n) << "\n";
    out << "\nVictory levels\n";
    for (const auto& [level, k] : t.levels) out << "  " << level << ": " << k << "  " << share(k, n) << "\n";
}

// Turns, actions, victory points and losses per game (only when there were games to average).
void write_means(std::ostringstream& out, const BatchResults& r, const ReportNames& names, const Tally& t) {
    const auto& h = r.header;
    const auto n = static_cast<double>(r.games.size());
    out << "\nGame length\n";
    if (r.games.empty()) return;
    double sum = 0;
    for (int turns : t.turns) sum += turns;
    out << "  turns: mean " << fixed(sum / n, 2) << ", median " << t.turns[t.turns.size() / 2] << ", shortest "
        << t.turns.front() << ", longest " << t.turns.back() << "; actions per game: mean " << fixed(t.actions / n, 1)
        << "\n";
    out << "\nVictory points (mean per game)\n";
    for (std::size_t s = 0; s < h.sides.size(); ++s)
        out << "  " << names.side(h.sides[s]) << ": " << fixed(t.vp[s] / n, 2) << "\n";
    out << "\nLosses by unit type (mean units eliminated per game)\n";
    for (std::size_t s = 0; s < h.sides.size(); ++s) {
        out << "  " << names.side(h.sides[s]) << ":";
        if (t.lost[s].empty()) out << " none";
        for (const auto& [type, k] : t.lost[s]) out << " " << names.unit_type(type) << " " << fixed(k / n, 2);
        out << "\n";
    }
}

}  // namespace

std::string report(const BatchResults& r, const ReportNames& names) {
    const auto& h = r.header;
    const Tally t = tally(r);
    std::ostringstream out;
    write_header(out, r, names);
    write_wins(out, r, names, t);
    write_means(out, r, names, t);
    const auto first = std::find(h.sides.begin(), h.sides.end(), h.first_side);
    if (first != h.sides.end()) {
        const auto s = static_cast<std::size_t>(first - h.sides.begin());
        out << "\nFirst player\n  " << names.side(h.first_side) << " moves first and wins "
            << share(t.wins[s], r.games.size())
            << " (the scenario fixes who moves first: this is that side's result, not the first move's alone)\n";
    }
    return out.str();
}

}  // namespace sandtable::bots
