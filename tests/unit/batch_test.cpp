// Batch runs: shards, threads and the report.
#include "bots/batch.h"
#include "bots/batch_report.h"
#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"

#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace sandtable;

namespace {

const std::string kScenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw/wendle-fords.yaml";

std::string write_results(const fs::path& file, const bots::BatchHeader& h,
                          const std::vector<bots::BatchGameResult>& games) {
    std::ofstream out(file);
    for (const auto& g : games) out << bots::result_line(h, g) << "\n";
    return file.string();
}

bots::BatchSpec spec(std::uint64_t games, unsigned jobs, unsigned shard = 0, unsigned shards = 1) {
    bots::BatchSpec s;
    s.scenario = kScenario;
    s.bots = {"random", "greedy"};
    s.games = games;
    s.jobs = jobs;
    s.shard = shard;
    s.shards = shards;
    return s;
}

}  // namespace

TEST_CASE("shards cover the games once, in consecutive ranges", "[batch]") {
    for (std::uint64_t games : {1ULL, 7ULL, 10ULL, 10000ULL})
        for (unsigned shards : {1u, 3u, 4u}) {
            std::uint64_t next = 0;
            for (unsigned i = 0; i < shards; ++i) {
                const auto [begin, end] = bots::shard_range(games, i, shards);
                CHECK(begin == next);
                CHECK(end - begin <= games / shards + 1);
                next = end;
            }
            CHECK(next == games);
        }
}

TEST_CASE("a batch gives the same games whatever the threads, and its shards the same report", "[batch]") {
    bots::BatchHeader h1, h2;
    const auto one = bots::run_batch(spec(12, 1), h1);
    const auto two = bots::run_batch(spec(12, 2), h2);
    REQUIRE(one.size() == 12);
    const fs::path dir = test::fresh_directory();
    for (std::size_t i = 0; i < one.size(); ++i) {
        CHECK(one[i].game == i);
        CHECK(one[i].seed == i + 1);
        CHECK(bots::result_line(h1, one[i]) == bots::result_line(h2, two[i]));
    }
    const std::string whole = bots::report(bots::read_results({write_results(dir / "all.jsonl", h1, one)}));
    std::vector<std::string> parts;
    for (unsigned s = 0; s < 4; ++s) {
        bots::BatchHeader h;
        const auto games = bots::run_batch(spec(12, 2, s, 4), h);
        parts.push_back(write_results(dir / ("part" + std::to_string(s) + ".jsonl"), h, games));
    }
    std::reverse(parts.begin(), parts.end());  // any order
    CHECK(bots::report(bots::read_results(parts)) == whole);
    CHECK(whole.find("Batch report: 12 games of ") == 0);
    CHECK(whole.find("games 0-11 (seeds 1-12)") != std::string::npos);
}

TEST_CASE("a batch game is the game `sandtable play` plays on that seed", "[batch]") {
    bots::BatchHeader h;
    const auto games = bots::run_batch(spec(3, 1), h);
    for (const auto& g : games) {
        auto loaded = load::load_scenario(kScenario);
        bots::Session session(loaded, kScenario, g.seed);
        auto a = bots::make_bot("random", g.seed * 7919 + 1), b = bots::make_bot("greedy", g.seed * 7919 + 2);
        const auto actions = session.play({a.get(), b.get()});
        CHECK(actions == g.actions);
        CHECK(session.game().state().result.winner == g.winner);
        CHECK(session.game().state().result.victory_points == g.victory_points);
    }
}

namespace {
// Plays `seed` with random bots, on a fresh rule host or on `host` (taken, and
// handed back for the next game); the game's checksum at its end.
std::uint64_t final_checksum(const load::LoadedGame& loaded, const std::string& file, std::uint64_t seed,
                             std::unique_ptr<script::RuleHost>* host) {
    bots::Session session(loaded, file, seed, {}, false, nullptr, host ? std::move(*host) : nullptr);
    auto a = bots::make_bot("random", seed * 2 + 1), b = bots::make_bot("random", seed * 2 + 2);
    session.play({a.get(), b.get()});
    const std::uint64_t sum = session.game().checksum();
    if (host) *host = session.release_host();
    return sum;
}
}  // namespace

TEST_CASE("a rule host handed from game to game plays each game as a fresh one does", "[batch]") {
    // Every kind of sequence of play: BMW's alternating turns with questions,
    // PRESTAGS's panic, F&M's support markers, the regimental activation loop
    // and Cady's written orders on the tabletop.
    for (const char* name : {"bmw/wendle-fords.yaml", "prestags/learning.yaml", "fm/greenline.yaml",
                             "regimental/hill_line.yaml", "cady/hollins_farm.yaml"}) {
        const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + name;
        const auto loaded = load::load_scenario(file);
        std::unique_ptr<script::RuleHost> host;
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            INFO(name << " seed " << seed);
            const std::uint64_t reused = final_checksum(loaded, file, seed, &host);
            CHECK(reused == final_checksum(loaded, file, seed, nullptr));
        }
        REQUIRE(host);
        // Played on a host that has seen the others, in another order, the first game is still itself.
        CHECK(final_checksum(loaded, file, 1, &host) == final_checksum(loaded, file, 1, nullptr));
    }
}

TEST_CASE("a rule host is reused only for games of the scenario whose modules it loaded", "[batch]") {
    const auto wendle = load::load_scenario(kScenario);
    bots::Session first(wendle, kScenario, 1, {}, false);
    auto host = first.release_host();
    const auto again = load::load_scenario(kScenario);  // the same file, loaded anew: another ruleset object
    CHECK_THROWS_WITH(bots::Session(again, kScenario, 2, {}, false, nullptr, std::move(host)),
                      Catch::Contains("reused only for games of the ruleset"));
    bots::Session second(wendle, kScenario, 2, {}, false);
    host = second.release_host();
    auto other_scenario = wendle;
    other_scenario.scenario = std::make_shared<rules::Scenario>(*wendle.scenario);
    CHECK_THROWS_WITH(bots::Session(other_scenario, kScenario, 3, {}, false, nullptr, std::move(host)),
                      Catch::Contains("reused only for games of the scenario"));
}

TEST_CASE("result files that do not belong together are refused, naming the line", "[batch]") {
    const fs::path dir = test::fresh_directory();
    bots::BatchHeader h;
    const auto games = bots::run_batch(spec(2, 1), h);
    const auto a = write_results(dir / "a.jsonl", h, games);
    SECTION("a game twice") {
        CHECK_THROWS_WITH(bots::read_results({a, a}), Catch::Contains("a.jsonl:1: game 0 is given twice"));
    }
    SECTION("another run") {
        auto other = h;
        other.bots = {"greedy", "greedy"};
        const auto b = write_results(dir / "b.jsonl", other, {games[0]});
        CHECK_THROWS_WITH(bots::read_results({a, b}), Catch::Contains("b.jsonl:1: a result of another run"));
    }
    SECTION("a line that is not a result") {
        std::ofstream(dir / "c.jsonl") << bots::result_line(h, games[0]) << "\n{\"game\": 1, oops\n";
        CHECK_THROWS_WITH(bots::read_results({(dir / "c.jsonl").string()}),
                          Catch::StartsWith((dir / "c.jsonl").string() + ":2: not a result line"));
    }
    SECTION("a bad shard or bot") {
        CHECK_THROWS_WITH(bots::run_batch(spec(2, 1, 4, 4), h), Catch::Contains("--shard"));
        auto s = spec(2, 1);
        s.bots = {"clever"};
        CHECK_THROWS(bots::run_batch(s, h));
    }
}

TEST_CASE("the Wilson interval", "[batch]") {
    const auto [lo, hi] = bots::wilson_interval(831, 1000);
    CHECK(lo == Approx(0.8065).margin(0.0005));
    CHECK(hi == Approx(0.8529).margin(0.0005));
    const auto [zlo, zhi] = bots::wilson_interval(0, 10);
    CHECK(zlo == 0.0);
    CHECK(zhi == Approx(0.2775).margin(0.0005));
}

TEST_CASE("an A/B comparison of the same games with and without a house rule", "[batch]") {
    const fs::path dir = test::fresh_directory();
    auto s = spec(6, 2);
    s.bots = {"greedy"};
    bots::BatchHeader ha, hb;
    const auto a = bots::run_batch(s, ha);
    s.house_rules = {std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw/house-rules/bloodier-crt"};
    const auto b = bots::run_batch(s, hb);
    const auto ra = bots::read_results({write_results(dir / "a.jsonl", ha, a)});
    const auto rb = bots::read_results({write_results(dir / "b.jsonl", hb, b)});
    const std::string text = bots::compare(ra, rb);
    CHECK(text.find("A/B comparison: 6 games of ") == 0);
    CHECK(text.find("B: house rules " + s.house_rules[0] + "; bots greedy,greedy") != std::string::npos);
    int changed = 0;
    for (std::size_t i = 0; i < a.size(); ++i) changed += a[i].winner != b[i].winner;
    CHECK(text.find("winner changed in " + std::to_string(changed) + " of 6 games") != std::string::npos);
    CHECK(text.find("VP margin (hesk - wendlemark): ") != std::string::npos);
    // Not the same seeds: refused.
    auto shifted = s;
    shifted.first_seed = 100;
    bots::BatchHeader hc;
    const auto c = bots::run_batch(shifted, hc);
    CHECK_THROWS_WITH(bots::compare(ra, bots::read_results({write_results(dir / "c.jsonl", hc, c)})),
                      Catch::Contains("compare runs of the same games and seeds"));
}

TEST_CASE("a batch stopped from its progress keeps the games it finished", "[batch]") {
    bots::BatchHeader h;
    auto s = spec(400, 2);
    std::uint64_t calls = 0;
    const auto games = bots::run_batch(s, h, [&](std::uint64_t done, std::uint64_t total) {
        CHECK(total == 400);
        CHECK(done <= total);
        return ++calls < 2;  // stop at the second report
    });
    CHECK(games.size() < 400);
    for (std::size_t i = 1; i < games.size(); ++i) CHECK(games[i - 1].game < games[i].game);
    // Each finished game is the game of a full run.
    bots::BatchHeader full;
    const auto all = bots::run_batch(spec(400, 1), full);
    for (const auto& g : games) CHECK(bots::result_line(h, g) == bots::result_line(full, all[g.game]));
}

TEST_CASE("a batch report names the scenario's own house rules, and a run may leave them out", "[batch][house]") {
    const fs::path scenario = test::copy_bmw_project();
    std::string text = test::text_of(scenario);
    text.replace(text.find("\nruleset:"), 1, "\nhouse_rules: [../../rulesets/bmw/house-rules/bloodier-crt]\n");
    test::write_text(scenario, text);
    bots::BatchSpec with_own;
    with_own.scenario = scenario.string();
    with_own.bots = {"random"};
    with_own.games = 2;
    bots::BatchHeader header;
    auto games = bots::run_batch(with_own, header);
    CHECK(header.scenario_house_rules == std::vector<std::string>{"../../rulesets/bmw/house-rules/bloodier-crt"});
    CHECK(bots::report({header, games})
              .find("house rules: ../../rulesets/bmw/house-rules/bloodier-crt (the scenario's own)") !=
          std::string::npos);

    bots::BatchSpec without_own = with_own;
    without_own.scenario_house_rules = false;
    bots::BatchHeader plain;
    games = bots::run_batch(without_own, plain);
    CHECK(plain.scenario_house_rules.empty());
    CHECK(plain.content_hash != header.content_hash);
    CHECK(bots::report({plain, games}).find("house rules: none;") != std::string::npos);
    // Lines of the two runs are not one run.
    const fs::path dir = test::fresh_directory();
    const auto a = write_results(dir / "a.jsonl", header, games), b = write_results(dir / "b.jsonl", plain, games);
    CHECK_THROWS(bots::read_results({a, b}));
}

TEST_CASE("a batch report names sides and unit types by the names it is given, ids otherwise", "[batch]") {
    bots::BatchHeader header;
    auto games = bots::run_batch(spec(4, 1), header);
    bots::ReportNames names;
    names.sides = {{"hesk", "Host of Hesk"}};
    names.unit_types = {{"knights", "Knights of the Realm"}};
    const std::string text = bots::report({header, games}, names);
    CHECK(text.find("  Host of Hesk: ") != std::string::npos);
    CHECK(text.find("  wendlemark: ") != std::string::npos);  // no name given: its id
    CHECK(text.find("hesk:") == std::string::npos);
    CHECK(bots::report({header, games}).find("  hesk: ") != std::string::npos);  // the CLI's: ids
}

TEST_CASE("a stopped batch abandons the games under way at their next action", "[batch]") {
    // Two games of search bots at a budget that would take minutes each, stopped at the fourth report
    // (reports come about 100 ms apart, so both games are under way): neither is played to its end, and
    // neither comes back. Were they played out, the test would take minutes and then fail.
    bots::BatchHeader h;
    auto s = spec(2, 2);
    s.bots = {"mcts:iterations=1000"};
    int reports = 0;
    const auto games = bots::run_batch(s, h, [&](std::uint64_t done, std::uint64_t) {
        CHECK(done == 0);  // none finished yet
        return ++reports < 4;
    });
    CHECK(reports == 5);  // the fourth stopped it; the last reports what came back
    CHECK(games.empty());
}

TEST_CASE("a session plays until its stop is requested, between actions", "[batch]") {
    const auto loaded = load::load_scenario(kScenario);
    bots::Session session(loaded, kScenario, 7);
    std::stop_source stop;
    struct StopAfter : bots::Bot {
        std::stop_source& stop;
        int left;
        StopAfter(std::stop_source& s, int n) : stop(s), left(n) {}
        std::string name() const override { return "stop-after"; }
        kernel::Action choose(const kernel::Game&, const std::vector<kernel::Action>& legal) override {
            if (--left == 0) stop.request_stop();
            return legal.front();
        }
    } bot(stop, 5);
    const std::size_t taken = session.play({&bot, &bot}, 1'000'000, stop.get_token());
    CHECK(taken == 5);
    CHECK_FALSE(session.game().over());
    CHECK(session.play({&bot, &bot}, 1'000'000, stop.get_token()) == 0);  // still stopped
}
