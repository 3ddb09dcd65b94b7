// Game::snapshot and Game::restore: a search bot takes a position, plays on,
// and comes back. After a restore the game must be the position it was, in
// everything that decides what follows: the state, the orders and markers
// kept beside it, the dice, the decision, the scripts' pending questions.
// And a rule module that would keep state where a restore cannot reach it
// (a module local, a global's table) is refused when it loads.
#include "bots/bot.h"
#include "bots/session.h"
#include "kernel/game.h"
#include "load/loader.h"
#include "script/compiled_modules.h"
#include "script/lua_sandbox.h"
#include "script/module_state_writes.h"
#include "script/rule_host.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

using namespace sandtable;
using kernel::Action;

namespace {

std::string shipped(const std::string& relative) { return std::string(SANDTABLE_SOURCE_DIR) + "/" + relative; }

struct Step {
    Action action;
    std::uint64_t checksum = 0;
    std::vector<Action> legal;
};

// Plays up to `count` actions with the bots and records what each led to.
std::vector<Step> play_on(kernel::Game& game, const std::vector<bots::Bot*>& bots, std::size_t count) {
    std::vector<Step> steps;
    while (!game.over() && steps.size() < count) {
        const auto& legal = game.legal_actions();
        const int side = game.deciding_side() < 0 ? 0 : game.deciding_side();
        const Action chosen = bots[static_cast<std::size_t>(side)]->choose(game, legal);
        game.apply(chosen);
        steps.push_back({chosen, game.checksum(), game.legal_actions()});
    }
    return steps;
}

// Applies recorded actions again and checks each leads where it led before.
void replays_the_same(kernel::Game& game, const std::vector<Step>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
        INFO("action " << i + 1 << " after the restore");
        REQUIRE(game.is_legal(steps[i].action));
        game.apply(steps[i].action);
        REQUIRE(game.checksum() == steps[i].checksum);
        REQUIRE(game.legal_actions() == steps[i].legal);
    }
}

void restores_exactly(const std::string& scenario, std::uint64_t seed) {
    bots::Session session(load::load_scenario(scenario), scenario, seed, {}, false);
    kernel::Game& game = session.game();
    auto bots = bots::bots_for_game({"random"}, game.scenario().sides.size(), seed);
    std::vector<bots::Bot*> players{bots[0].get(), bots[1].get()};
    play_on(game, players, 60);
    REQUIRE(!game.over());

    const kernel::GameSnapshot position = game.snapshot();
    const std::uint64_t checksum = game.checksum();
    const std::vector<Action> legal = game.legal_actions();
    const auto decision = game.decision();
    const auto dice = game.dice().raw_state();
    const std::size_t log = game.records().log.size();

    const std::vector<Step> first = play_on(game, players, 400);
    REQUIRE(first.size() > 20);
    game.restore(position);
    // The board's per-hex tables follow the restore unit by unit: they must equal a rebuild.
    CHECK(game.hex_board().tables_consistent());
    CHECK(game.checksum() == checksum);
    CHECK(game.legal_actions() == legal);
    CHECK(game.decision() == decision);
    CHECK(game.dice().raw_state() == dice);
    CHECK(game.records().log.size() == log);
    replays_the_same(game, first);

    // Another line of play from the same position, then back and the first again.
    game.restore(position);
    auto other = bots::bots_for_game({"random"}, 2, seed + 1000);
    play_on(game, {other[0].get(), other[1].get()}, 200);
    game.restore(position);
    CHECK(game.hex_board().tables_consistent());
    replays_the_same(game, first);
    // Back by a few actions at a time, the tables never rebuilt in between (a look-ahead's pattern).
    for (std::size_t length : {1u, 3u, 10u, 40u}) {
        game.restore(position);
        play_on(game, {other[0].get(), other[1].get()}, length);
        game.restore(position);
        INFO("a line of " << length << " actions");
        CHECK(game.hex_board().tables_consistent());
    }
}

}  // namespace

TEST_CASE("A restored game plays on exactly as it did, on every kind of sequence of play", "[snapshot]") {
    // BMW: the charges module asks questions; PRESTAGS crossing: plotted
    // orders; F&M: support markers face down; regimental: hidden orders and an
    // activation loop; Cady: written orders and hidden markers on the tabletop.
    const std::vector<std::string> scenarios{"scenarios/bmw/wendle-fords.yaml", "scenarios/prestags/crossing.yaml",
                                             "scenarios/fm/greenline.yaml", "scenarios/regimental/hill_line.yaml",
                                             "scenarios/cady/hollins_farm.yaml"};
    for (const auto& s : scenarios)
        for (std::uint64_t seed : {1u, 2u}) {
            INFO(s << " seed " << seed);
            restores_exactly(shipped(s), seed);
        }
}

TEST_CASE("A question pending in a snapshot can be answered after every restore", "[snapshot]") {
    const std::string scenario = shipped("scenarios/bmw/wendle-fords.yaml");
    bots::Session session(load::load_scenario(scenario), scenario, 3, {}, false);
    kernel::Game& game = session.game();
    auto bots = bots::bots_for_game({"random"}, 2, 3);
    std::size_t guard = 0;
    while (game.decision() != kernel::DecisionKind::Question && !game.over() && ++guard < 2000) {
        const int side = game.deciding_side();
        game.apply(bots[static_cast<std::size_t>(side)]->choose(game, game.legal_actions()));
    }
    REQUIRE(game.decision() == kernel::DecisionKind::Question);  // the charges module asks each movement phase
    const kernel::GameSnapshot asked = game.snapshot();
    const std::string prompt = game.question()->prompt();
    const std::size_t options = game.question()->options().size();
    // First without a restore: the continuation as the module left it.
    std::vector<std::uint64_t> answered{};
    game.apply(kernel::act::Choose{0});
    answered.push_back(game.checksum());
    for (std::size_t option = 1; option < options; ++option) {
        game.restore(asked);
        game.apply(kernel::act::Choose{static_cast<int>(option)});
        answered.push_back(game.checksum());
    }
    CHECK(answered[0] != answered[1]);  // "charge" flips the unit and marks it; "do not charge" does not
    for (int round = 0; round < 3; ++round)
        for (std::size_t option = 0; option < options; ++option) {
            INFO("round " << round << ", option " << option);
            game.restore(asked);
            REQUIRE(game.question());
            CHECK(game.question()->prompt() == prompt);
            game.apply(kernel::act::Choose{static_cast<int>(option)});
            CHECK(game.checksum() == answered[option]);
        }
}

namespace {
std::string module_error(const std::string& source) {
    script::LuaSandbox sandbox;
    try {
        script::compile_module(sandbox, source, "keeper.lua");
    } catch (const script::ScriptError& e) {
        return e.script() + ":" + std::to_string(e.line()) + ": " + e.message();
    }
    return "";
}
}  // namespace

TEST_CASE("A module that keeps state where a restore cannot reach it is refused where it does", "[snapshot]") {
    // Counting in a module local: after a restore the count would be wrong.
    CHECK(module_error("local count = 0\n"
                       "game.on('move.end', function(ctx)\n"
                       "  count = count + 1\n"
                       "end)\n")
              .rfind("keeper.lua:3: a function assigns the module local 'count'", 0) == 0);
    // Remembering units in a table a module local holds, directly or through a copy.
    CHECK(module_error("local seen = {}\n"
                       "game.on('move.end', function(ctx) seen[ctx.unit] = true end)\n")
              .rfind("keeper.lua:2: a function changes the table in the module local 'seen'", 0) == 0);
    CHECK(module_error("local state = {moves = {}}\n"
                       "game.on('move.end', function(ctx)\n"
                       "  local m = state.moves\n"
                       "  m[#m + 1] = ctx.unit\n"
                       "end)\n")
              .rfind("keeper.lua:4: a function changes the table in the module local 'state'", 0) == 0);
    // A nested function reaching the module's local through its enclosing one.
    CHECK(module_error("local last\n"
                       "game.on('move.end', function(ctx)\n"
                       "  local function remember() last = ctx.unit end\n"
                       "  remember()\n"
                       "end)\n")
              .rfind("keeper.lua:3: a function assigns the module local 'last'", 0) == 0);
    // A field of a table a global holds (the globals themselves are closed at run time).
    CHECK(module_error("game.on('move.end', function(ctx) game.memory = ctx.unit end)\n")
              .rfind("keeper.lua:1: a function changes the table in the global 'game'", 0) == 0);
    CHECK(module_error("game.on('move.end', function(ctx) string.last = ctx.unit end)\n") != "");
}

TEST_CASE("Module locals filled while loading and a handler's own locals are allowed", "[snapshot]") {
    CHECK(module_error("local costs = {}\n"
                       "for i = 1, 3 do costs[i] = i * 2 end\n"
                       "local function cost(i) return costs[i] end\n"
                       "game.on('move.end', function(ctx)\n"
                       "  local path = {}\n"
                       "  path[1] = cost(1)\n"
                       "  local function add(x) path[#path + 1] = x end\n"
                       "  add(ctx.unit)\n"
                       "  ctx.allowed = 1\n"
                       "end)\n") == "");
}

TEST_CASE("Every shipped rule module keeps its state in the game", "[snapshot]") {
    for (const auto& scenario : {"scenarios/bmw/wendle-fords.yaml", "scenarios/prestags/large.yaml",
                                 "scenarios/fm/greenline.yaml", "scenarios/regimental/hill_line.yaml",
                                 "scenarios/cady/river_of_legions.yaml", "scenarios/cady/hollins_farm.yaml"}) {
        INFO(scenario);
        const auto loaded = load::load_scenario(shipped(scenario));
        CHECK_NOTHROW(script::CompiledModules(*loaded.ruleset));
    }
}
