// Results of batch runs as JSON lines (one game a line, self-describing), and
// the report made from any number of such files: win rates with confidence
// intervals, victory levels, game length, losses by unit type, the first
// player's results. Games are taken in game order, so the shards of a run
// give exactly the report of the run.
#pragma once

#include "bots/batch.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::bots {

std::string result_line(const BatchHeader& header, const BatchGameResult& game);

struct BatchResults {
    BatchHeader header;
    std::vector<BatchGameResult> games;  // in game order
};

// Reads result files; throws std::runtime_error naming the file and line of
// a malformed line, a game given twice, or results of another run (another
// scenario, house rules, bots or scenario content).
BatchResults read_results(const std::vector<std::string>& files);

// The report, as text. Deterministic: the same games give the same bytes.
// How a report names sides and unit types for people (the studio's names);
// an id without a name is shown as it is.
struct ReportNames {
    std::map<std::string, std::string> sides, unit_types;
    std::map<std::string, std::string>
        house_rules;  // a house rule as a run names it (a folder) -> as a reader knows it
    const std::string& side(const std::string& id) const;
    const std::string& unit_type(const std::string& id) const;
    const std::string& house_rule(const std::string& folder) const;
};
std::string report(const BatchResults& results, const ReportNames& names = {});
// The house rules a run played: the scenario's own (said so), then those
// added; "none" without any.
std::string house_rules_played(const BatchHeader& header, const ReportNames& names = {});

// A/B: the same games (scenario and seeds) played two ways — with and without
// a house rule, with other bots — compared game by game: how many changed
// winner, and the mean change of each side's wins, of the VP margin and of
// the game length, each with a 95% interval of the paired differences.
// Throws std::runtime_error when the two are not the same scenario's games
// on the same seeds.
std::string compare(const BatchResults& a, const BatchResults& b, const ReportNames& names = {});

// The Wilson score interval for k successes in n trials, at 95%.
std::pair<double, double> wilson_interval(std::uint64_t k, std::uint64_t n);

}  // namespace sandtable::bots
