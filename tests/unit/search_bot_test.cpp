// The search bot (issue 23) and what it stands on: the trial that looks ahead
// and puts the game back, the redraw of what a side may not know, the position
// evaluator, and greedy answering a rule's question by looking one step ahead.
#include "bmw_fixture.h"

#include "bots/evaluator.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/public_state.h"
#include "bots/search_settings.h"
#include "bots/trial.h"

#include <cmath>

using namespace bmw_test;
using sandtable::bots::MctsBot;
using sandtable::bots::Session;
using sandtable::bots::SearchSettings;

namespace {

std::string scenario(const std::string& path) { return std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + path; }

Session shipped(const std::string& path, std::uint64_t seed) {
    return Session(sandtable::load::load_scenario(scenario(path)), scenario(path), seed, {}, false);
}

SearchSettings small_budget() {
    SearchSettings s;
    s.iterations = 24;
    return s;
}

// The search bot's choice, from a bot of a fixed seed.
Action searched(Game& game) {
    MctsBot bot(small_budget(), 77);
    return bot.decide(game, game.legal_actions());
}

// A rule module that asks side a once, at the first phase, about each of its units `which` picks (Lua, of `u`):
// `answers` (a Lua list), doing `on_first` (Lua) when the first is chosen.
std::string asks_once(const std::string& which, const std::string& prompt, const std::string& answers,
                      const std::string& on_first) {
    return "game.on(\"phase.begin\", function(ctx)\n"
           "  for _, u in ipairs(game.units_of(0)) do\n"
           "    if game.mark(u, \"asked\") == 0 and " + which + " then\n"
           "      game.set_mark(u, \"asked\", 1)\n"
           "      game.choose(0, \"" + prompt + "\", " + answers + ", function(answer)\n"
           "        if answer == 1 then " + on_first + " end\n"
           "      end)\n"
           "    end\n"
           "  end\n"
           "end)\n";
}

// The first unit picked to move: the bot then searches where it goes (which unit goes next it leaves to greedy).
void pick_first_mover(Game& game) {
    game.apply(game.legal_actions().front());
    REQUIRE(game.decision() == sandtable::kernel::DecisionKind::MoveDestination);
    REQUIRE(game.legal_actions().size() > 2);
}

}  // namespace

TEST_CASE("a trial plays on from the position and leaves the game exactly as it found it", "[bots][search]") {
    Session s = shipped("bmw/wendle-fords.yaml", 3);
    Game& g = s.game();
    const std::uint64_t checksum = g.checksum();
    const auto dice = g.dice().raw_state();
    const std::vector<Action> legal = g.legal_actions();
    {
        sandtable::bots::Trial trial(g, g.deciding_side());
        for (int look = 0; look < 3; ++look) {
            Game& ahead = trial.begin(5 + static_cast<std::uint64_t>(look));
            for (int k = 0; k < 40 && !ahead.over(); ++k) ahead.apply(ahead.legal_actions().back());
            CHECK(ahead.checksum() != checksum);
        }
    }
    CHECK(g.checksum() == checksum);
    CHECK(g.dice().raw_state() == dice);
    CHECK(g.legal_actions() == legal);
    CHECK(g.recording().log == false);  // as the session set it
}

TEST_CASE("the search bot never reads the game's dice to come: games on other seeds, the same position, "
          "the same choice",
          "[bots][search]") {
    // Before any die is rolled the two games differ only in their seeds.
    Session one = shipped("bmw/wendle-fords.yaml", 1), other = shipped("bmw/wendle-fords.yaml", 99);
    pick_first_mover(one.game());
    pick_first_mover(other.game());
    REQUIRE(one.game().checksum() == other.game().checksum());
    const std::uint64_t before = one.game().checksum();
    CHECK(searched(one.game()) == searched(other.game()));
    CHECK(one.game().checksum() == before);  // looking ahead changed nothing
    // And after the decision, a die the game rolls differs: the seeds matter to the game.
    CHECK(one.game().dice().raw_state() != other.game().dice().raw_state());
}

TEST_CASE("the search bot never reads orders written in secret: the other side's plots drawn two ways, "
          "the same choice (PRESTAGS 19.0)",
          "[bots][search][hidden]") {
    // Both games: the first side writes its orders, differently, then the second side writes.
    auto after_first_side = [](bool aggressive) {
        Session s = shipped("prestags/crossing.yaml", 4);
        Game& g = s.game();
        while (g.decision() == DecisionKind::Plot && g.deciding_side() == g.scenario().first_side) {
            const auto legal = g.legal_actions();
            const auto select = find(legal, ActionKind::SelectUnit);
            if (select && !g.state().unit(select->unit()).moved) {
                s.apply(*select);
                std::vector<Action> tasks;
                for (const auto& a : g.legal_actions())
                    if (a.kind() == ActionKind::Plot) tasks.push_back(a);
                s.apply(aggressive ? tasks.back() : tasks.front());  // a melee, fire or move; hold
            } else {
                s.apply(*find(legal, ActionKind::EndPhase));
            }
        }
        return s;
    };
    Session calm = after_first_side(false), bold = after_first_side(true);
    REQUIRE(calm.game().decision() == DecisionKind::Plot);
    const int viewer = calm.game().deciding_side();
    REQUIRE(viewer != calm.game().scenario().first_side);
    // The hidden orders differ; what the viewer sees does not.
    bool differ = false;
    for (std::size_t u = 0; u < calm.game().state().units.size(); ++u)
        differ = differ || calm.game().plots().of(static_cast<int>(u), 1 - viewer) !=
                               bold.game().plots().of(static_cast<int>(u), 1 - viewer);
    REQUIRE(differ);
    REQUIRE(sandtable::bots::public_state_text(calm.game()) == sandtable::bots::public_state_text(bold.game()));
    // Select a unit, then choose its task: both decisions alike.
    for (int decision = 0; decision < 2; ++decision) {
        const Action a = searched(calm.game()), b = searched(bold.game());
        CHECK(a == b);
        calm.apply(a);
        bold.apply(b);
    }
}

TEST_CASE("the search bot never reads orders given face down: the other side's orders drawn two ways, "
          "the same choice (regimental 1.5)",
          "[bots][search][hidden]") {
    auto after_first_side = [](bool last) {
        Session s = shipped("regimental/hill_line.yaml", 6);
        Game& g = s.game();
        while (g.decision() == DecisionKind::Orders && g.deciding_side() == g.scenario().first_side) {
            const auto legal = g.legal_actions();
            s.apply(last ? legal.back() : legal.front());
        }
        return s;
    };
    Session first = after_first_side(false), last = after_first_side(true);
    REQUIRE(first.game().decision() == DecisionKind::Orders);
    REQUIRE(first.game().checksum() == last.game().checksum());  // the orders are kept beside the state
    const int giver = first.game().scenario().first_side;
    bool differ = false;
    for (int f = 0; f < first.game().formations().count(); ++f)
        differ = differ || first.game().formation_orders().pending(f, giver) !=
                               last.game().formation_orders().pending(f, giver);
    REQUIRE(differ);
    const Action a = searched(first.game()), b = searched(last.game());
    CHECK(a == b);
}

TEST_CASE("with an iteration budget the search bot plays the same game for the same seed", "[bots][search]") {
    std::vector<sandtable::kernel::ReplayStep> steps[2];
    for (auto& replay : steps) {
        Session s = shipped("bmw/skirmish.yaml", 8);
        auto bots = sandtable::bots::bots_for_game({"mcts:iterations=12", "greedy"}, 2, 8);
        s.play({bots[0].get(), bots[1].get()}, 60);
        replay = s.replay().steps;
    }
    REQUIRE(steps[0].size() == 60);
    for (std::size_t i = 0; i < steps[0].size(); ++i) CHECK(steps[0][i].action == steps[1][i].action);
}

TEST_CASE("a trial tells whether a look drew anything from its seed: a die rolled, or nothing", "[bots][search]") {
    // A rule asks side a whether to roll a die; either answer then runs on to the next decision.
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0302"}, {"lv", "levy", "b", "0707"}};
    b.extra_rule_module = asks_once("true", "roll?", R"({ "roll", "do not" })",
                                    R"(game.set_mark(u, "rolled", game.roll(6, "a test")))");
    Session s = b.start();
    Game& g = s.game();
    REQUIRE(g.decision() == DecisionKind::Question);
    sandtable::bots::Trial trial(g, g.deciding_side());
    trial.begin(1).apply(Action(act::Choose{0}));
    CHECK(trial.luck_used());
    trial.begin(1).apply(Action(act::Choose{1}));
    CHECK_FALSE(trial.luck_used());
    // Greedy tries an answer that draws nothing once: it ends the same on every seed.
    std::vector<std::uint64_t> ends;
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        trial.begin(seed).apply(Action(act::Choose{1}));
        ends.push_back(g.checksum());
    }
    CHECK(ends[0] == ends[1]);
    CHECK(ends[1] == ends[2]);
}

TEST_CASE("greedy answers a rule's question by trying each answer one step ahead, not by taking the first",
          "[bots][search]") {
    // A rule asks side a, once, whether to give up its knights; the first answer is the bad one.
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0302"}, {"sp", "spearmen", "a", "0303"}, {"lv", "levy", "b", "0707"}};
    b.extra_rule_module = asks_once(R"(game.unit(u).id == "kn")", "give up the knights?",
                                    R"({ "give them up", "keep them" })", "game.eliminate(u)");
    Session s = b.start();
    Game& g = s.game();
    REQUIRE(g.decision() == DecisionKind::Question);
    sandtable::bots::GreedyBot greedy(3);
    const Action answer = greedy.decide(g, g.legal_actions());
    CHECK(answer == Action(act::Choose{1}));
    CHECK(greedy.choose(g, g.legal_actions()) == Action(act::Choose{0}));  // without the game to try it on: the first
}

TEST_CASE("the position evaluator: losses, the ruleset's weights a scenario overrides, and a module's "
          "position.evaluate",
          "[bots][evaluation]") {
    Battlefield b;
    b.units = {{"sp1", "spearmen", "a", "0302"}, {"sp2", "spearmen", "a", "0303"}, {"lv", "levy", "b", "0707"}};
    b.extra_rule_module = R"(
game.on("position.evaluate", function(ctx)
  if ctx.side == 1 then ctx.score = ctx.score + 50 end
end)
)";
    Session s = b.start();
    Game& g = s.game();
    const sandtable::bots::PositionEvaluator evaluator(g);
    const double even = evaluator.value(g, 0);
    CHECK(evaluator.value(g, 0) + evaluator.value(g, 1) == Approx(1.0));
    sandtable::bots::Trial trial(g, 0);
    Game& ahead = trial.begin(1);
    ahead.eliminate(unit(ahead, "sp2"));
    CHECK(evaluator.value(ahead, 0) < even);
    CHECK(evaluator.score(ahead, 1) - evaluator.score(g, 1) == Approx(0.0));   // side b lost nothing
    CHECK(evaluator.score(g, 1) > evaluator.score(g, 0) - 1.0);               // the module's 0.5 is counted
}

namespace {
// Side a's score with its spearmen at 0404 and side b's knights at `knights`, weighing only what threatens them.
struct Threatened {
    double score;
    double knights, spears;  // combat strengths
};
Threatened threatened(const std::string& knights, bool river_between, bool on_hill) {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0404"}, {"kn", "knights", "b", knights}};
    if (river_between) b.rivers = {"0404/0504"};
    if (on_hill) b.rows[3][3] = 'h';
    b.evaluation = "{ threats: 1 }";
    Session s = b.start();
    const Game& g = s.game();
    const sandtable::bots::PositionEvaluator evaluator(g);
    return {evaluator.score(g, 0), static_cast<double>(g.unit(unit(g, "kn")).combat_strength()),
            static_cast<double>(g.unit(unit(g, "sp")).combat_strength())};
}
}  // namespace

TEST_CASE("the evaluator's threats: enemy strength next to a unit against its own, less what the ground spares it",
          "[bots][evaluation]") {
    const Threatened far = threatened("0604", false, false);  // two hexes off: no threat
    const Threatened open = threatened("0504", false, false);
    const double k = open.knights, sp = open.spears;
    REQUIRE(k > 0);
    // A lone unit is all its side's worth: its exposure is the measure.
    CHECK(far.score - open.score == Approx(k / (k + sp)));
    // Across a river the knights attack at half.
    CHECK(far.score - threatened("0504", true, false).score == Approx(0.5 * k / (0.5 * k + sp)));
    // On a hill (one column towards the defender) at two thirds.
    CHECK(far.score - threatened("0504", false, true).score == Approx(k / 1.5 / (k / 1.5 + sp)));
}

TEST_CASE("search settings as --bots names them, and their errors", "[bots][search]") {
    using sandtable::bots::parse_search_settings;
    CHECK(parse_search_settings("mcts").iterations == SearchSettings{}.iterations);
    CHECK(parse_search_settings("mcts:fast").iterations < SearchSettings{}.iterations);
    const SearchSettings s = parse_search_settings("mcts:iterations=400:horizon=4:ms=250");
    CHECK(s.iterations == 400);
    CHECK(s.horizon == 4);
    CHECK(s.ms == 250);
    CHECK_THROWS_WITH(parse_search_settings("mcts:iteration=4"), Catch::Contains("unknown mcts setting 'iteration=4'"));
    CHECK_THROWS_WITH(parse_search_settings("mcts:iterations=0"), Catch::Contains("from 1"));
    CHECK_THROWS_WITH(parse_search_settings("mcts:iterations=ten"), Catch::Contains("got 'ten'"));
    CHECK_THROWS_WITH(parse_search_settings("mcts-fast"), Catch::Contains("follow ':'"));
    CHECK(parse_search_settings("mcts:futility=1.5").futility == 1.5);
    CHECK(std::isinf(parse_search_settings("mcts:futility=off").futility));
    CHECK_THROWS_WITH(parse_search_settings("mcts:futility=never"), Catch::Contains("got 'never'"));
    CHECK_THROWS_WITH(sandtable::bots::make_bot("clever", 1), Catch::Contains("mcts"));
}

TEST_CASE("the search ends early, on greedy's choice, when no other could beat it, and looks to the end with "
          "futility=off",
          "[bots][search]") {
    Session session = shipped("bmw/wendle-fords.yaml", 5);
    Game& g = session.game();
    sandtable::bots::GreedyBot greedy;
    bool stopped_early = false;
    for (int decision = 0; decision < 60 && !stopped_early && !g.over(); ++decision) {
        const auto legal = g.legal_actions();
        MctsBot eager(sandtable::bots::parse_search_settings("mcts:iterations=48:futility=0"), 3);
        MctsBot thorough(sandtable::bots::parse_search_settings("mcts:iterations=48:futility=off"), 3);
        const Action quick = eager.decide(g, legal);
        thorough.decide(g, legal);
        if (thorough.looks() > 0) {
            CHECK(thorough.looks() >= 48);  // every round played, each contender looked at in each
            if (eager.looks() < thorough.looks()) {
                stopped_early = true;
                CHECK(quick == greedy.choose(g, legal));
            }
        }
        g.apply(greedy.choose(g, legal));
    }
    CHECK(stopped_early);
}

TEST_CASE("with a time budget the search bot looks at every contender and decides a legal action", "[bots][search]") {
    // 1 ms is far less than one look-ahead per contender: each round still looks at every one of them.
    Session session = shipped("bmw/wendle-fords.yaml", 5);
    Game& g = session.game();
    pick_first_mover(g);
    const std::uint64_t before = g.checksum();
    MctsBot bot(sandtable::bots::parse_search_settings("mcts:ms=1"), 3);
    const Action chosen = bot.decide(g, g.legal_actions());
    CHECK(g.is_legal(chosen));
    CHECK(g.checksum() == before);
}

