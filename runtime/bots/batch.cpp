#include "bots/batch.h"

#include "bots/session.h"
#include "script/compiled_modules.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

namespace sandtable::bots {

std::pair<std::uint64_t, std::uint64_t> shard_range(std::uint64_t games, unsigned shard, unsigned shards) {
    const std::uint64_t n = shards == 0 ? 1 : shards;
    const std::uint64_t base = games / n, extra = games % n;
    const std::uint64_t begin = shard * base + std::min<std::uint64_t>(shard, extra);
    return {begin, begin + base + (shard < extra ? 1 : 0)};
}

namespace {

// `host` is the worker's rule host, handed from game to game: the modules
// load once per worker, not once per game. A game that fails drops it.
// Nothing when the run was stopped before the game ended.
std::optional<BatchGameResult> play_one(const load::LoadedGame& loaded, const BatchSpec& spec,
                                        const std::vector<std::string>& bot_names,
                                        const std::shared_ptr<const script::CompiledModules>& compiled,
                                        std::uint64_t game, std::unique_ptr<script::RuleHost>& host,
                                        std::stop_token stop) {
    BatchGameResult r;
    r.game = game;
    r.seed = spec.first_seed + game;
    Session session(loaded, spec.scenario, r.seed, {}, false, compiled, std::move(host));
    const auto bots = bots_for_game(bot_names, bot_names.size(), r.seed);
    std::vector<Bot*> players;
    for (const auto& b : bots) players.push_back(b.get());
    r.actions = session.play(players, 1'000'000, stop);
    const auto& g = session.game();
    if (!g.over() && stop.stop_requested()) return std::nullopt;
    const auto& res = g.state().result;
    r.winner = res.winner;
    r.level = res.level;
    r.reason = res.reason;
    r.turns = g.state().at.turn;
    r.dice = static_cast<std::uint64_t>(g.state().dice_rolled);
    r.victory_points = res.victory_points;
    r.losses.resize(g.scenario().sides.size());
    for (const auto& u : g.state().units)
        if (u.eliminated)
            ++r.losses[static_cast<std::size_t>(u.side)][g.ruleset().unit_types[static_cast<std::size_t>(u.type)].id];
    host = session.release_host();
    return r;
}

BatchHeader header_of(const BatchSpec& spec, const load::LoadedGame& loaded, const std::vector<std::string>& bots) {
    const auto& sc = *loaded.scenario;
    const std::string& first = sc.sides[static_cast<std::size_t>(sc.first_side)].id;
    BatchHeader header{spec.scenario, spec.house_rules, bots, {}, first, loaded.content_hash, sc.house_rules};
    for (const auto& s : sc.sides) header.sides.push_back(s.id);
    return header;
}

// A stopped run keeps the games it finished, in order.
std::vector<BatchGameResult> finished_in_order(std::vector<BatchGameResult> results, const std::vector<char>& played) {
    std::vector<BatchGameResult> finished;
    finished.reserve(results.size());
    for (std::size_t i = 0; i < results.size(); ++i)
        if (played[i]) finished.push_back(std::move(results[i]));
    return finished;
}

// The games of one run, shared by its workers: each takes the next game until
// none is left, the run is stopped, or a game fails (then the others stop too,
// and the run's results are thrown away).
class Workers {
public:
    Workers(const load::LoadedGame& loaded, const BatchSpec& spec, const std::vector<std::string>& bot_names,
            std::uint64_t begin, std::uint64_t end)
        : loaded_(loaded),
          spec_(spec),
          bot_names_(bot_names),
          // Compiled once, shared by every game of every thread.
          compiled_(std::make_shared<const script::CompiledModules>(*loaded.ruleset, *loaded.scenario)),
          begin_(begin),
          end_(end),
          results_(end - begin),
          played_(end - begin, 0),
          next_(begin) {}

    void work() {
        std::unique_ptr<script::RuleHost> host;
        for (std::uint64_t game = next_++; game < end_; game = next_++) {
            try {
                if (auto r = play_one(loaded_, spec_, bot_names_, compiled_, game, host, stop_)) {
                    results_[game - begin_] = std::move(*r);
                    played_[game - begin_] = 1;
                }
            } catch (...) {
                std::lock_guard<std::mutex> hold(failure_lock_);
                if (!failure_) failure_ = std::current_exception();
                failed_ = true;
                stop_all();
            }
            ++done_;
        }
    }

    // The calling thread reports while a helper plays its share; progress returning false stops the run
    // (no game starts any more; those under way end at their next action).
    void work_reporting(const std::function<bool(std::uint64_t, std::uint64_t)>& progress) {
        std::thread own([this] { work(); });
        while (done_ < end_ - begin_ && !failed_) {
            if (!progress(done_, end_ - begin_)) {
                stop_all();
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        own.join();
    }

    // After every worker has returned: the first failure again, or the games finished, in order.
    std::vector<BatchGameResult> finished() {
        if (failure_) std::rethrow_exception(failure_);
        return finished_in_order(std::move(results_), played_);
    }

private:
    void stop_all() {
        next_ = end_;
        stopped_.request_stop();
    }

    const load::LoadedGame& loaded_;
    const BatchSpec& spec_;
    const std::vector<std::string>& bot_names_;
    const std::shared_ptr<const script::CompiledModules> compiled_;
    const std::uint64_t begin_, end_;
    std::vector<BatchGameResult> results_;
    std::vector<char> played_;  // each slot written by one thread only
    std::atomic<std::uint64_t> next_, done_{0};
    std::mutex failure_lock_;
    std::exception_ptr failure_;  // the first game that failed, under the lock
    std::atomic<bool> failed_{false};
    std::stop_source stopped_;
    const std::stop_token stop_ = stopped_.get_token();  // taken before any thread: get_token() may race request_stop()
};

}  // namespace

std::vector<BatchGameResult> run_batch(const BatchSpec& spec, BatchHeader& header,
                                       const std::function<bool(std::uint64_t, std::uint64_t)>& progress) {
    if (spec.shards == 0 || spec.shard >= spec.shards) throw std::runtime_error("--shard i/n needs 0 <= i < n");
    const load::LoadedGame loaded = load::load_scenario(spec.scenario, spec.house_rules, {spec.scenario_house_rules});
    const std::size_t sides = loaded.scenario->sides.size();
    std::vector<std::string> bot_names = spec.bots.empty() ? std::vector<std::string>{"greedy"} : spec.bots;
    if (bot_names.size() == 1) bot_names.resize(sides, bot_names.front());
    bots_for_game(bot_names, sides, spec.first_seed);  // a bad name or count fails here, not in a thread
    header = header_of(spec, loaded, bot_names);

    const auto range = shard_range(spec.games, spec.shard, spec.shards);
    Workers workers(loaded, spec, bot_names, range.first, range.second);
    std::vector<std::thread> threads;
    for (unsigned j = 1; j < std::max(1u, spec.jobs); ++j) threads.emplace_back([&workers] { workers.work(); });
    if (progress)
        workers.work_reporting(progress);
    else
        workers.work();
    for (auto& t : threads) t.join();
    auto finished = workers.finished();
    if (progress) progress(finished.size(), range.second - range.first);
    return finished;
}

}  // namespace sandtable::bots
