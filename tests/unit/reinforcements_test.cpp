// Reinforcements (a unit's `arrives: N`) and deployment zones (a scenario's
// `deployment:`): how they are read, written back and reported when wrong,
// and how the kernel brings reinforcements on, holds them back and leaves
// them out of everything while they are still to come.
#include "bmw_fixture.h"

#include "bots/session.h"
#include "load/diagnostics.h"
#include "load/loader.h"
#include "load/scenario_writer.h"

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace bmw_test;
using sandtable::load::Diagnostic;
using sandtable::load::LoadError;

namespace {

const std::string kSource = SANDTABLE_SOURCE_DIR;

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void spit(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    REQUIRE(out.good());
}

// A fresh folder under the system's temporary directory, removed afterwards.
struct TempDir {
    fs::path path;
    TempDir() {
        static int counter = 0;
        path = fs::temp_directory_path() /
               ("sandtable-reinforcements-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

// The shipped default scenario with a few units of each side turned into
// reinforcements and a deployment zone per side, saved with the writer next
// to nothing (the ruleset named by its absolute path) and loaded back.
struct ReinforcedWendleFords {
    std::string file;
    sandtable::load::LoadedGame loaded;

    explicit ReinforcedWendleFords(const TempDir& dir) {
        auto original = sandtable::load::load_scenario(kSource + "/scenarios/bmw/wendle-fords.yaml");
        sandtable::rules::Scenario sc = *original.scenario;
        sc.ruleset_ref = kSource + "/rulesets/bmw";
        for (const char* id : {"w_lv1", "w_sk2", "h_kn1"}) {
            auto it = std::find_if(sc.units.begin(), sc.units.end(), [&](const auto& u) { return u.id == id; });
            REQUIRE(it != sc.units.end());
            it->arrives = 3;
        }
        sc.deployment_zones.assign(sc.sides.size(), {});
        for (const char* label :
             {"0101", "0102", "0103", "0201", "0202", "0203", "0301", "0302", "0303", "0401", "0402", "0403", "0501"})
            sc.deployment_zones[0].push_back(*sc.map.grid.parse_label(label));
        file = (dir.path / "reinforced.yaml").string();
        spit(file, sandtable::load::scenario_to_yaml(sc, *original.ruleset));
        loaded = sandtable::load::load_scenario(file);
    }
};

std::vector<Diagnostic> load_errors(const std::string& file) {
    try {
        sandtable::load::load_scenario(file);
    } catch (const LoadError& e) {
        return e.diagnostics();
    }
    FAIL("expected a LoadError");
    return {};
}

// Line and column (1-based) of `needle` in `text`, `offset` characters in.
std::pair<int, int> place_of(const std::string& text, const std::string& needle, std::size_t offset = 0) {
    const auto found = text.find(needle);
    INFO("looking for: " << needle);
    REQUIRE(found != std::string::npos);
    const std::size_t pos = found + offset;
    const int line =
        1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
    const auto line_start = text.rfind('\n', pos - 1);
    return {line, static_cast<int>(pos - line_start)};
}

// The battlefield's file with one piece of text replaced; loading it must
// give exactly one error, at `needle` (+ offset), saying `message`.
void check_single_error(const Battlefield& b, const std::string& from, const std::string& to, const std::string& needle,
                        std::size_t offset, const std::string& message) {
    const std::string file = b.write();
    std::string text = slurp(file);
    REQUIRE(text.find(from) != std::string::npos);
    text.replace(text.find(from), from.size(), to);
    spit(file, text);
    const auto errors = load_errors(file);
    std::string listing;
    for (const auto& d : errors) listing += "\n  " + d.to_string();
    INFO("diagnostics:" << listing);
    REQUIRE(errors.size() == 1);
    const auto [line, column] = place_of(text, needle, offset);
    CHECK(errors.front().to_string() ==
          file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message);
}

// Two foot units far apart and side a's knights due on turn `arrives` at 0105.
Battlefield with_relief(int arrives) {
    Battlefield b;
    b.turns = 3;
    b.units = {{"a_sp", "spearmen", "a", "0101"},
               {"b_sp", "spearmen", "b", "1008"},
               {"a_kn", "knights", "a", "0105", false, arrives}};
    return b;
}

// Hears unit.arrived: marks the unit with the turn it was due and whether it
// stood on the map when the handler ran.
const char* kArrivalListener = R"lua(
game.on("unit.arrived", function(ctx)
  game.set_mark(ctx.unit, "arrived_due", ctx.due)
  game.set_mark(ctx.unit, "was_on_map", game.unit(ctx.unit).on_map)
  game.log("heard " .. game.id(ctx.unit) .. " arrive at " .. game.hex(ctx.unit))
end)
)lua";

// Ends phases, declines and answers with the first option until `done`.
template <class Done>
void play_until(sandtable::bots::Session& s, Done&& done, int guard = 400) {
    while (!done(s.game()) && !s.game().over() && guard-- > 0) pass(s);
    REQUIRE(done(s.game()));
}

void play_until_turn(sandtable::bots::Session& s, int turn) {
    play_until(s, [turn](const Game& g) { return g.state().at.turn >= turn; });
}

bool log_has(const Game& g, const std::string& text) {
    return std::any_of(g.records().log.begin(), g.records().log.end(),
                       [&](const auto& e) { return e.text.find(text) != std::string::npos; });
}

// The first log entry containing `text` is in game turn `turn`.
int log_turn(const Game& g, const std::string& text) {
    for (const auto& e : g.records().log)
        if (e.text.find(text) != std::string::npos) return e.turn;
    return -1;
}

bool can_select(const Game& g, const std::string& id) {
    return static_cast<bool>(find(g.legal_actions(), ActionKind::SelectUnit, unit(g, id)));
}

const sandtable::kernel::UnitState& state_of(const Game& g, const std::string& id) {
    return g.state().unit(unit(g, id));
}

}  // namespace

// ---- the format ---------------------------------------------------------------

TEST_CASE("arrives and deployment load, are written back and load to the same model", "[reinforcements][load]") {
    TempDir dir;
    ReinforcedWendleFords reinforced(dir);
    const auto& sc = *reinforced.loaded.scenario;
    const std::string written = slurp(reinforced.file);
    CHECK(written.find("at: \"1015\", arrives: 3 }") != std::string::npos);
    CHECK(written.find("\ndeployment:\n  \"hesk\": [\"0101\", ") != std::string::npos);
    CHECK(written.find("\"0403\",\n    \"0501\"]") != std::string::npos);  // a dozen labels to a line

    int reinforcements = 0;
    for (const auto& u : sc.units) reinforcements += u.arrives == 3;
    CHECK(reinforcements == 3);
    REQUIRE(sc.deployment_zones.size() == 2);
    CHECK(sc.deployment_zones[0].size() == 13);
    CHECK(sc.deployment_zones[0].front() == *sc.map.grid.parse_label("0101"));
    CHECK(sc.deployment_zones[1].empty());

    // Writing the loaded model again gives the same bytes: nothing lost or reordered.
    CHECK(sandtable::load::scenario_to_yaml(sc, *reinforced.loaded.ruleset) == written);
}

TEST_CASE("a scenario without reinforcements or zones writes neither key", "[reinforcements][load]") {
    const auto loaded = sandtable::load::load_scenario(kSource + "/scenarios/bmw/wendle-fords.yaml");
    CHECK(loaded.scenario->deployment_zones.empty());
    for (const auto& u : loaded.scenario->units) CHECK(u.arrives == 1);
    const std::string yaml = sandtable::load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    CHECK(yaml.find("arrives") == std::string::npos);
    CHECK(yaml.find("deployment") == std::string::npos);
}

TEST_CASE("empty deployment zones are the same as none", "[reinforcements][load]") {
    Battlefield b = with_relief(2);
    b.deployment = "{ a: [], b: [] }";
    const auto loaded = sandtable::load::load_scenario(b.write());
    CHECK(loaded.scenario->deployment_zones.empty());
}

TEST_CASE("a unit outside its side's deployment zone still loads", "[reinforcements][load]") {
    Battlefield b = with_relief(1);
    b.deployment = "{ a: [\"0901\", \"0902\"] }";  // a_sp stands at 0101: the studio's lint, not a load error
    const auto loaded = sandtable::load::load_scenario(b.write());
    REQUIRE(loaded.scenario->deployment_zones.size() == 2);
    CHECK(loaded.scenario->deployment_zones[0].size() == 2);
    CHECK(loaded.scenario->deployment_zones[1].empty());
}

TEST_CASE("a bad arrives is reported at its value", "[reinforcements][load][errors]") {
    const Battlefield b = with_relief(1);
    const std::string entry = "at: \"0105\" }";
    check_single_error(b, entry, "at: \"0105\", arrives: 0 }", "arrives: 0", 9,
                       "'arrives' must be a game turn of this scenario, 1 to 3, got 0");
    check_single_error(b, entry, "at: \"0105\", arrives: 4 }", "arrives: 4", 9,
                       "'arrives' must be a game turn of this scenario, 1 to 3, got 4");
    check_single_error(b, entry, "at: \"0105\", arrives: soon }", "arrives: soon", 9,
                       "'arrives' must be a whole number, got 'soon'");
    check_single_error(b, entry, "at: \"0105\", arrive: 2 }", "arrive:", 0,
                       "unknown key 'arrive' in a unit (did you mean 'arrives'?)");
}

TEST_CASE("a bad deployment is reported where it is written", "[reinforcements][load][errors]") {
    Battlefield b = with_relief(1);
    b.deployment = "{ a: [\"0101\", \"0102\"] }";
    const std::string zone = "deployment: { a: [\"0101\", \"0102\"] }";
    check_single_error(b, zone, "deployment: { a: [\"0101\"], aa: [\"0102\"] }", "aa:", 0,
                       "unknown side 'aa' (did you mean 'a'?)");
    check_single_error(b, zone, "deployment: { a: [\"0101\", \"1199\"] }", "\"1199\"", 0,
                       "deployment hex '1199' is not a hex on this 10x8 map");
    check_single_error(b, zone, "deployment: { a: [\"0101\", \"01x2\"] }", "\"01x2\"", 0,
                       "deployment hex '01x2' is not a hex on this 10x8 map");
    check_single_error(b, zone, "deployment: { a: [\"0101\", \"0102\", \"0101\"] }", "\"0101\"] }", 0,
                       "hex 0101 is listed twice in the deployment zone of 'a'");
    check_single_error(b, zone, "deployment: { a: \"0101\" }", "a: \"0101\" }", 3,
                       "the deployment zone of 'a' must be a list of hex labels, like [\"0101\", \"0102\"]");
    check_single_error(b, zone, "deployment: [\"0101\"]", "[\"0101\"]", 0,
                       "'deployment' must map side ids to lists of hexes, like { raiders: [\"0101\", \"0102\"] }");
}

TEST_CASE("a reinforcement may enter where an enemy sets up, set-up units may not share it", "[reinforcements][load]") {
    Battlefield b = with_relief(2);
    b.units.push_back({"b_lv", "levy", "b", "0105"});
    CHECK_NOTHROW(sandtable::load::load_scenario(b.write()));
    b.units.back().hex = "0101";  // with a_sp, who sets up there
    const auto errors = load_errors(b.write());
    REQUIRE(errors.size() == 1);
    CHECK(errors.front().message == "'b_lv' starts in 0101 with the enemy 'a_sp'");
}

// ---- the kernel -----------------------------------------------------------------

TEST_CASE("a reinforcement comes on at the start of its turn, not before, and rules hear of it",
          "[reinforcements][kernel]") {
    Battlefield b = with_relief(2);
    b.extra_rule_module = kArrivalListener;
    auto s = b.start();
    const Game& g = s.game();
    CHECK_FALSE(on_map(g, "a_kn"));
    CHECK_FALSE(state_of(g, "a_kn").eliminated);
    CHECK(g.hex_board().units_at(*g.grid().parse_label("0105")).empty());
    REQUIRE(g.decision() == DecisionKind::Movement);
    CHECK(can_select(g, "a_sp"));
    CHECK_FALSE(can_select(g, "a_kn"));

    // The last decision of turn 1 still finds it off the map.
    play_until(s,
               [](const Game& game) { return game.deciding_side() == 1 && game.decision() == DecisionKind::Movement; });
    CHECK_FALSE(on_map(g, "a_kn"));
    play_until_turn(s, 2);
    CHECK(on_map(g, "a_kn"));
    CHECK(hex_of(g, "a_kn") == "0105");
    CHECK(g.state().mark(unit(g, "a_kn"), "arrived_due") == 2);
    CHECK(g.state().mark(unit(g, "a_kn"), "was_on_map") == 1);
    CHECK(log_turn(g, "a_kn arrives at 0105") == 2);
    CHECK(log_has(g, "heard a_kn arrive at 0105"));
    CHECK(g.hex_board().tables_consistent());
    // On the map now, it moves in its side's first phase of the turn.
    REQUIRE(g.decision() == DecisionKind::Movement);
    CHECK(can_select(g, "a_kn"));
}

TEST_CASE("a reinforcement still to come exerts no zone of control and cannot be attacked",
          "[reinforcements][kernel]") {
    Battlefield b = with_relief(2);
    b.units[1].hex = "0205";  // b_sp next to the knights' entry hex
    auto s = b.start();
    const Game& g = s.game();
    const auto next_to_entry = *g.grid().parse_label("0205");
    CHECK_FALSE(g.hex_board().in_enemy_zoc(1, next_to_entry));
    CHECK_FALSE(g.hex_board().adjacent_to_enemy(unit(g, "a_kn")));
    // Side b's combat phase of turn 1 offers no attack on it (nor is one forced).
    play_until(s,
               [](const Game& game) { return game.deciding_side() == 1 && game.decision() == DecisionKind::Movement; });
    CHECK(can_select(g, "b_sp"));
    for (const auto& a : g.legal_actions()) CHECK(a.target() != unit(g, "a_kn"));
    s.apply(*find(g.legal_actions(), ActionKind::EndPhase));
    while (g.state().at.turn == 1 && !g.over()) {
        for (const auto& a : g.legal_actions()) CHECK(a.target() != unit(g, "a_kn"));
        auto a = find(g.legal_actions(), ActionKind::EndPhase);
        s.apply(a ? *a : g.legal_actions().front());
    }
    REQUIRE(on_map(g, "a_kn"));
    CHECK(g.hex_board().in_enemy_zoc(1, next_to_entry));
}

TEST_CASE("an enemy in the entry hex holds a reinforcement back a turn", "[reinforcements][kernel]") {
    Battlefield b = with_relief(2);
    b.extra_rule_module = kArrivalListener;
    b.units.push_back({"b_lv", "levy", "b", "0105"});
    auto s = b.start();
    const Game& g = s.game();
    play_until_turn(s, 2);
    CHECK_FALSE(on_map(g, "a_kn"));
    CHECK_FALSE(state_of(g, "a_kn").eliminated);
    CHECK(log_turn(g, "a_kn cannot enter at 0105: the enemy holds it; it tries again next turn") == 2);
    CHECK_FALSE(log_has(g, "heard a_kn arrive"));

    // Side b's levy leaves the hex in its movement phase of turn 2.
    play_until(s,
               [](const Game& game) { return game.deciding_side() == 1 && game.decision() == DecisionKind::Movement; });
    REQUIRE(g.state().at.turn == 2);
    select(s, "b_lv");
    auto away = std::find_if(g.legal_actions().begin(), g.legal_actions().end(), [&](const Action& a) {
        return a.kind() == ActionKind::MoveTo && g.grid().label(*a.hex()) != "0105";
    });
    REQUIRE(away != g.legal_actions().end());
    s.apply(*away);
    CHECK_FALSE(on_map(g, "a_kn"));  // not in the middle of a turn

    play_until_turn(s, 3);
    CHECK(on_map(g, "a_kn"));
    CHECK(hex_of(g, "a_kn") == "0105");
    CHECK(log_turn(g, "a_kn arrives at 0105") == 3);
    CHECK(g.state().mark(unit(g, "a_kn"), "arrived_due") == 2);
}

TEST_CASE("a reinforcement that never gets on is not lost", "[reinforcements][kernel]") {
    Battlefield b = with_relief(3);
    b.units.push_back({"b_lv", "levy", "b", "0105"});
    b.demoralization_a = 1;  // any loss of side a would show
    auto s = b.start();
    const Game& g = s.game();
    // Side b keeps its levy on the entry hex to the end.
    play_until(s, [](const Game& game) { return game.over(); });
    CHECK(log_has(g, "a_kn cannot enter at 0105"));
    CHECK_FALSE(on_map(g, "a_kn"));
    CHECK_FALSE(state_of(g, "a_kn").eliminated);
    CHECK(g.state().sides[0].eliminated_strength == 0);
    CHECK_FALSE(g.state().sides[0].demoralized);
    REQUIRE(g.state().result.victory_points.size() == 2);
    CHECK(g.state().result.victory_points[1] == 0);
    CHECK(g.state().result.level == "draw");
}

TEST_CASE("game.move refuses a reinforcement that has not arrived", "[reinforcements][kernel][lua]") {
    Battlefield b = with_relief(3);
    b.extra_rule_module = R"lua(
game.on("phase.begin", function(ctx)
  local ok, err = pcall(game.move, 2, "0505")
  game.set_mark(0, "move_refused", not ok)
  if not ok then game.log(err) end
end, { phase = "movement" })
)lua";
    auto s = b.start();
    const Game& g = s.game();
    CHECK(g.state().mark(0, "move_refused") == 1);
    CHECK(log_has(g, "game.move: 'a_kn' has not arrived yet"));
    CHECK_FALSE(on_map(g, "a_kn"));
}

TEST_CASE("bots finish a scenario with reinforcements and replay it exactly", "[reinforcements][bots]") {
    TempDir dir;
    ReinforcedWendleFords reinforced(dir);
    int arrived = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
        for (const auto& [first, second] : {std::pair{"greedy", "greedy"}, {"random", "greedy"}}) {
            INFO(first << " against " << second << ", seed " << seed);
            std::uint64_t checksums[2] = {0, 0};
            std::string replay;
            for (auto& checksum : checksums) {
                sandtable::bots::Session session(reinforced.loaded, reinforced.file, seed, {}, true);
                auto a = sandtable::bots::make_bot(first, seed * 2 + 1),
                     b = sandtable::bots::make_bot(second, seed * 2 + 2);
                session.play({a.get(), b.get()}, 100'000);
                const Game& g = session.game();
                REQUIRE(g.over());
                checksum = g.checksum();
                replay = session.replay_yaml();
                for (const char* id : {"w_lv1", "w_sk2", "h_kn1"})
                    arrived += log_has(g, std::string(id) + " arrives at");
            }
            CHECK(checksums[0] == checksums[1]);
            const std::string replay_file = (dir.path / ("game-" + std::to_string(seed) + ".yaml")).string();
            spit(replay_file, replay);
            const auto check = sandtable::bots::verify_replay(replay_file);
            INFO(check.message);
            CHECK(check.ok);
            CHECK(check.final_checksum == checksums[0]);
        }
    CHECK(arrived > 0);
}
