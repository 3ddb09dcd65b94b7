// Many bot games of one scenario, on consecutive seeds, spread over threads:
// what `sandtable batch` runs and the balance lab will. A run can be cut into
// shards (disjoint ranges of its games) to spread it over machines; the
// results of the shards together are the results of the whole run, game for
// game, whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sandtable::bots {

struct BatchSpec {
    std::string scenario;                  // the scenario file
    std::vector<std::string> house_rules;  // added to the scenario's own, in order
    bool scenario_house_rules = true;      // false: the scenario's own house_rules: are left out
    std::vector<std::string> bots;         // one per side, or one for all
    std::uint64_t games = 0;               // in the whole run
    std::uint64_t first_seed = 1;          // game i plays seed first_seed + i
    unsigned jobs = 1;                     // threads
    unsigned shard = 0;                    // this shard, of `shards`
    unsigned shards = 1;
};

struct BatchGameResult {
    std::uint64_t game = 0;  // index in the whole run, from 0
    std::uint64_t seed = 0;
    int winner = -1;  // side index; -1: no winner
    std::string level;
    std::string reason;
    int turns = 0;
    std::uint64_t actions = 0;
    std::uint64_t dice = 0;
    std::vector<int> victory_points;                 // by side
    std::vector<std::map<std::string, int>> losses;  // by side: unit type id -> units eliminated
};

// The games [begin, end) of the run that shard `shard` of `shards` plays:
// consecutive ranges, the first ones one game longer when they do not divide.
std::pair<std::uint64_t, std::uint64_t> shard_range(std::uint64_t games, unsigned shard, unsigned shards);

// What every result line of a run repeats, so results of different runs are not mixed.
struct BatchHeader {
    std::string scenario;
    std::vector<std::string> house_rules;  // added to the scenario's own
    std::vector<std::string> bots;
    std::vector<std::string> sides;  // side ids in scenario order
    std::string first_side;
    std::string content_hash;
    // The scenario's own house rules that were played, as it names them.
    std::vector<std::string> scenario_house_rules;
};

// Plays the shard's games; `progress(done, total)` is called from the
// calling thread about ten times a second as games finish, and returning
// false stops the run: the games already finished come back; those under way
// are abandoned at their next action (a search bot's decision can take
// seconds: the run does not wait for whole games) and the others are not
// played. Results come back in game order. Throws load::LoadError /
// std::runtime_error when the scenario or a bot name is bad.
std::vector<BatchGameResult> run_batch(const BatchSpec& spec, BatchHeader& header,
                                       const std::function<bool(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace sandtable::bots
