// Throughput of whole games on the default BMW scenario, on Cady's two
// tabletop scenarios, on PRESTAGS's
// large scenario (44x32, about 75 units a side, fire with its line of sight
// and panic) and on F&M's Greenline (24x18, 36 and 33 units, support fire,
// bombardment and mobile phases): complete games per second with random bots (and the share of
// time spent in Lua handlers), turns per second with greedy bots, and the
// time to load and validate.
#include "bots/batch.h"
#include "bots/session.h"
#include "load/loader.h"

#include <benchmark/benchmark.h>

#include <chrono>

namespace {

using namespace sandtable;

const std::string kScenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw/wendle-fords.yaml";
const std::string kPrestagsLarge = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/prestags/large.yaml";
const std::string kFmGreenline = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/fm/greenline.yaml";
const std::string kHillLine = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/regimental/hill_line.yaml";
const std::string kLegions = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/cady/river_of_legions.yaml";
const std::string kHollins = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/cady/hollins_farm.yaml";

// A scenario loaded once, with its rule modules compiled once.
struct Loaded {
    std::string file;
    load::LoadedGame game;
    std::shared_ptr<const script::CompiledModules> modules;
    explicit Loaded(std::string path)
        : file(std::move(path)),
          game(load::load_scenario(file)),
          modules(std::make_shared<const script::CompiledModules>(*game.ruleset)) {}
};

const Loaded& bmw() {
    static const Loaded l(kScenario);
    return l;
}

const Loaded& prestags_large() {
    static const Loaded l(kPrestagsLarge);
    return l;
}

const Loaded& fm_greenline() {
    static const Loaded l(kFmGreenline);
    return l;
}

const Loaded& legions() {
    static const Loaded l(kLegions);
    return l;
}

const Loaded& hollins() {
    static const Loaded l(kHollins);
    return l;
}

const Loaded& hill_line() {
    static const Loaded l(kHillLine);
    return l;
}

const load::LoadedGame& loaded() { return bmw().game; }
std::shared_ptr<const script::CompiledModules> compiled() { return bmw().modules; }

// Game after game as a batch worker plays them: each game hands its rule host
// (the modules loaded) to the next.
void play_games(benchmark::State& state, const char* bot, const Loaded& scenario = bmw()) {
    std::uint64_t seed = 1;
    std::int64_t lua_ns = 0, total_ns = 0, turns = 0, actions = 0;
    std::unique_ptr<script::RuleHost> host;
    for (auto _ : state) {
        auto start = std::chrono::steady_clock::now();
        bots::Session session(scenario.game, scenario.file, seed, {}, false, scenario.modules, std::move(host));
        auto a = bots::make_bot(bot, seed * 2 + 1), b = bots::make_bot(bot, seed * 2 + 2);
        actions += static_cast<std::int64_t>(session.play({a.get(), b.get()}));
        turns += session.game().state().at.turn;
        lua_ns += session.rule_host().lua_nanoseconds();
        host = session.release_host();
        total_ns +=
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
        ++seed;
    }
    state.counters["games_per_s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["turns_per_s"] = benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
    state.counters["actions_per_game"] = static_cast<double>(actions) / static_cast<double>(state.iterations());
    state.counters["lua_share"] = total_ns ? static_cast<double>(lua_ns) / static_cast<double>(total_ns) : 0.0;
}

void BM_RandomGames(benchmark::State& state) { play_games(state, "random"); }
void BM_GreedyGames(benchmark::State& state) { play_games(state, "greedy"); }
void BM_PrestagsLargeRandomGames(benchmark::State& state) { play_games(state, "random", prestags_large()); }
void BM_PrestagsLargeGreedyGames(benchmark::State& state) { play_games(state, "greedy", prestags_large()); }
void BM_FmGreenlineRandomGames(benchmark::State& state) { play_games(state, "random", fm_greenline()); }
void BM_FmGreenlineGreedyGames(benchmark::State& state) { play_games(state, "greedy", fm_greenline()); }

void BM_RegimentalHillLineRandomGames(benchmark::State& state) { play_games(state, "random", hill_line()); }
void BM_RegimentalHillLineGreedyGames(benchmark::State& state) { play_games(state, "greedy", hill_line()); }

// Cady's tabletop: 9 units a side on a 240 x 150 cm table, 10 turns.
void BM_CadyLegionsRandomGames(benchmark::State& state) { play_games(state, "random", legions()); }
void BM_CadyLegionsGreedyGames(benchmark::State& state) { play_games(state, "greedy", legions()); }
void BM_CadyHollinsRandomGames(benchmark::State& state) { play_games(state, "random", hollins()); }
void BM_CadyHollinsGreedyGames(benchmark::State& state) { play_games(state, "greedy", hollins()); }

void BM_LoadAndValidate(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(load::load_scenario(kScenario));
}

}  // namespace

BENCHMARK(BM_RandomGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GreedyGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PrestagsLargeRandomGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PrestagsLargeGreedyGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FmGreenlineRandomGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FmGreenlineGreedyGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RegimentalHillLineRandomGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RegimentalHillLineGreedyGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CadyLegionsRandomGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CadyLegionsGreedyGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CadyHollinsRandomGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CadyHollinsGreedyGames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadAndValidate)->Unit(benchmark::kMillisecond);

namespace {
// Creating a game: a fresh Lua state, the rule modules loaded, game.setup run.
void BM_StartSession(benchmark::State& state) {
    std::uint64_t seed = 1;
    for (auto _ : state) {
        sandtable::bots::Session session(loaded(), kScenario, seed++, {}, false, compiled());
        benchmark::DoNotOptimize(session.game().state());
    }
}
}  // namespace
BENCHMARK(BM_StartSession)->Unit(benchmark::kMicrosecond);

namespace {
// The same with the rule host of the game before (a batch worker's next game): game.setup only.
void BM_StartSessionReusingHost(benchmark::State& state) {
    std::uint64_t seed = 1;
    std::unique_ptr<sandtable::script::RuleHost> host;
    for (auto _ : state) {
        sandtable::bots::Session session(loaded(), kScenario, seed++, {}, false, compiled(), std::move(host));
        benchmark::DoNotOptimize(session.game().state());
        host = session.release_host();
    }
}
}  // namespace
BENCHMARK(BM_StartSessionReusingHost)->Unit(benchmark::kMicrosecond);

namespace {
// What a search bot does at every node: take the position, come back to it.
// The default scenario 60 actions in (mid first turn, units moved), and at a
// pending question (the scripts' continuation is part of the position).
void snapshot_and_restore(benchmark::State& state, bool at_question) {
    sandtable::bots::Session session(loaded(), kScenario, 7, {}, false, compiled());
    auto& game = session.game();
    auto a = sandtable::bots::make_bot("random", 15), b = sandtable::bots::make_bot("random", 16);
    std::size_t played = 0;
    while (!game.over() && (at_question ? game.decision() != sandtable::kernel::DecisionKind::Question : played < 60)) {
        game.apply((game.deciding_side() == 0 ? a : b)->choose(game, game.legal_actions()));
        ++played;
    }
    sandtable::kernel::GameSnapshot position;
    for (auto _ : state) {
        game.snapshot(position);
        game.restore(position);
    }
    benchmark::DoNotOptimize(game.checksum());
    state.counters["units"] = static_cast<double>(game.state().units.size());
}
void BM_SnapshotRestore(benchmark::State& state) { snapshot_and_restore(state, false); }
void BM_SnapshotRestoreAtQuestion(benchmark::State& state) { snapshot_and_restore(state, true); }
}  // namespace
BENCHMARK(BM_SnapshotRestore)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SnapshotRestoreAtQuestion)->Unit(benchmark::kMicrosecond);

// `games` games of `scenario` by `bot` as `sandtable batch` plays them, on
// state.range(0) threads (jobs); games_per_s on 1 and 2 gives the scaling
// ratio. Loading and compiling are inside, as in a real batch.
void play_batch(benchmark::State& state, const char* scenario, const char* bot, std::uint64_t games) {
    sandtable::bots::BatchSpec spec;
    spec.scenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + scenario;
    spec.bots = {bot};
    spec.games = games;
    spec.jobs = static_cast<unsigned>(state.range(0));
    std::uint64_t played = 0;
    for (auto _ : state) {
        sandtable::bots::BatchHeader header;
        played += sandtable::bots::run_batch(spec, header).size();
    }
    state.counters["games_per_s"] = benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
}

// `sandtable batch`: 200 greedy games of the default scenario.
void BM_Batch(benchmark::State& state) { play_batch(state, "bmw/wendle-fords.yaml", "greedy", 200); }
BENCHMARK(BM_Batch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The search bot against itself, whole games of the default scenario on one
// core (issue 23: at most 30 s at the default budget, 5 s for mcts:fast). A
// game's length varies with its seed (about 400 to 750 actions), so each run
// plays the games of seeds 1, 2 and 3 and reports the time a game on average.
void BM_SearchGames(benchmark::State& state) { play_games(state, "mcts"); }
void BM_FastSearchGames(benchmark::State& state) { play_games(state, "mcts:fast"); }
BENCHMARK(BM_SearchGames)->Iterations(3)->Unit(benchmark::kSecond);
BENCHMARK(BM_FastSearchGames)->Iterations(3)->Unit(benchmark::kSecond);

// A batch of search-bot games (the skirmish, mcts:fast) on 1 and 2 threads: enough games that the
// last one to finish is a small share of the run (issue 23: --jobs 2 at least 1.8 times as fast).
void BM_SearchBatch(benchmark::State& state) { play_batch(state, "bmw/skirmish.yaml", "mcts:fast", 40); }
BENCHMARK(BM_SearchBatch)->Arg(1)->Arg(2)->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
