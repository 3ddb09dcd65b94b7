#include "bots/batch.h"

#include "bots/session.h"
#include "script/compiled_modules.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
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
    // Compiled once, shared by every game of every thread.
    const auto compiled = std::make_shared<const script::CompiledModules>(*loaded.ruleset, *loaded.scenario);

    const auto range = shard_range(spec.games, spec.shard, spec.shards);
    const auto begin = range.first, end = range.second;  // not a structured binding: clang 14 cannot capture one
    std::vector<BatchGameResult> results(end - begin);
    std::vector<char> played(end - begin, 0);  // each slot written by one thread only
    std::atomic<std::uint64_t> next{begin}, done{0};
    std::mutex failure_lock;
    std::exception_ptr failure;  // the first game that failed, under the lock
    std::atomic<bool> failed{false};
    std::stop_source stopped;
    const std::stop_token stop = stopped.get_token();  // taken before any thread: get_token() may race request_stop()
    auto work = [&] {
        std::unique_ptr<script::RuleHost> host;
        for (std::uint64_t game = next++; game < end; game = next++) {
            try {
                if (auto r = play_one(loaded, spec, bot_names, compiled, game, host, stop)) {
                    results[game - begin] = std::move(*r);
                    played[game - begin] = 1;
                }
            } catch (...) {
                std::lock_guard<std::mutex> hold(failure_lock);
                if (!failure) failure = std::current_exception();
                failed = true;
                next = end;  // the others stop: the run's results are thrown away
                stopped.request_stop();
            }
            ++done;
        }
    };
    const unsigned jobs = std::max(1u, spec.jobs);
    std::vector<std::thread> threads;
    for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(work);
    if (progress) {
        // The calling thread reports while a helper plays its share.
        std::thread own(work);
        while (done < end - begin && !failed) {
            if (!progress(done, end - begin)) {
                next = end;  // stopped: no game starts any more; those under way end at their next action
                stopped.request_stop();
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        own.join();
    } else {
        work();
    }
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    auto finished = finished_in_order(std::move(results), played);
    if (progress) progress(finished.size(), end - begin);
    return finished;
}

}  // namespace sandtable::bots
