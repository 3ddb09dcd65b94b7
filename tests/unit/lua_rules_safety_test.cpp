// A rule script that misbehaves inside a kernel action must fail with a
// ScriptError naming its file and line, and leave the game exactly as it was
// before the action. Also: games are reproducible from seed and actions, and
// replay verification catches a divergence at the action where it happens.
#include "bots/bot.h"
#include "bots/session.h"
#include "kernel/game.h"
#include "kernel/game_state.h"
#include "kernel/replay.h"
#include "load/loader.h"
#include "script/lua_sandbox.h"
#include "script/rule_host.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace act = sandtable::kernel::act;

namespace fs = std::filesystem;
using namespace sandtable;
using kernel::Action;
using kernel::ActionKind;
using kernel::DecisionKind;
using script::ScriptError;

namespace {

const std::string kScenario = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/bmw/skirmish.yaml";

class TempDir {
public:
    TempDir() {
        static int counter = 0;
        path_ = fs::temp_directory_path() /
                ("sandtable-lua-safety-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string write(const std::string& name, const std::string& text) const {
        const fs::path p = path_ / name;
        std::ofstream out(p, std::ios::binary | std::ios::trunc);
        out << text;
        REQUIRE(out.good());
        return p.string();
    }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

script::SandboxLimits small_limits() {
    script::SandboxLimits limits;
    limits.memory_bytes = std::size_t{16} << 20;
    limits.instructions_per_call = 5'000'000;
    return limits;
}

// The skirmish with one more rule module appended after the ruleset's own:
// the hostile script under test, loaded from `module_file`.
struct Rig {
    std::shared_ptr<const rules::Ruleset> ruleset;
    std::shared_ptr<const rules::Scenario> scenario;
    std::unique_ptr<script::RuleHost> host;
    std::unique_ptr<kernel::Game> game;

    explicit Rig(const std::string& module_file, std::uint64_t seed = 1) {
        load::LoadedGame loaded = load::load_scenario(kScenario);
        auto rs = std::make_shared<rules::Ruleset>(*loaded.ruleset);
        rules::RuleModule m;
        m.module = "hostile";
        m.file = module_file;
        m.where = {module_file, 1, 1};
        rs->modules.push_back(std::move(m));
        ruleset = rs;
        scenario = loaded.scenario;
        host = std::make_unique<script::RuleHost>(*ruleset, small_limits());
        game = std::make_unique<kernel::Game>(ruleset, scenario, seed, host.get());
    }
};

// Everything a failed action could leave behind, beyond the checksum.
struct Snapshot {
    std::uint64_t checksum = 0;
    std::vector<Action> legal;
    DecisionKind decision = DecisionKind::None;
    int deciding_side = -1;
    std::size_t log_size = 0;
    std::string last_log;
    std::array<std::uint64_t, 4> dice{};
    std::uint64_t dice_rolled = 0;
    int selected = -1;
    kernel::ZocExit exit_mode = kernel::ZocExit::Free;
    int combat_stage = 0;
    std::vector<kernel::Mark> marks;
    bool has_question = false;
    std::string question;
};

Snapshot snapshot(kernel::Game& g) {
    Snapshot s;
    s.checksum = kernel::checksum(g.state());
    s.legal = g.legal_actions();
    s.decision = g.decision();
    s.deciding_side = g.deciding_side();
    s.log_size = g.records().log.size();
    s.last_log = g.records().log.empty() ? "" : g.records().log.back().text;
    s.dice = g.dice().raw_state();
    s.dice_rolled = g.state().dice_rolled;
    s.selected = g.state().selected;
    s.exit_mode = g.state().exit_mode;
    s.combat_stage = g.state().combat.stage;
    s.marks = g.state().marks;
    s.has_question = g.question() != nullptr;
    s.question = g.question() ? g.question()->prompt() : "";
    return s;
}

void check_same(const Snapshot& before, const Snapshot& after) {
    CHECK(after.checksum == before.checksum);
    CHECK(after.legal == before.legal);
    CHECK(after.decision == before.decision);
    CHECK(after.deciding_side == before.deciding_side);
    CHECK(after.log_size == before.log_size);
    CHECK(after.last_log == before.last_log);
    CHECK(after.dice == before.dice);
    CHECK(after.dice_rolled == before.dice_rolled);
    CHECK(after.selected == before.selected);
    CHECK(after.exit_mode == before.exit_mode);
    CHECK(after.combat_stage == before.combat_stage);
    CHECK(after.marks == before.marks);
    CHECK(after.has_question == before.has_question);
    CHECK(after.question == before.question);
}

// Answers the scripts' questions (the charges module asks at the start of
// movement) with their first option.
void answer_questions(kernel::Game& g) {
    while (g.decision() == DecisionKind::Question) g.apply(act::Choose{0});
}

// Selects `unit_id` in the movement phase and returns a legal MoveTo that
// leaves its hex (which raises move.end when applied).
Action select_and_find_move(kernel::Game& g, const std::string& unit_id) {
    answer_questions(g);
    REQUIRE(g.decision() == DecisionKind::Movement);
    const int unit = g.scenario().unit_index(unit_id);
    REQUIRE(unit >= 0);
    g.apply(act::SelectUnit{unit});
    REQUIRE(g.decision() == DecisionKind::MoveDestination);
    const auto here = g.state().unit(unit).hex;
    for (const Action& a : g.legal_actions())
        if (a.kind() == ActionKind::MoveTo && a.hex() != here) return a;
    FAIL("no move away for " << unit_id);
    return {};
}

ScriptError apply_error(kernel::Game& g, const Action& a) {
    try {
        g.apply(a);
    } catch (const ScriptError& e) {
        return e;
    }
    FAIL("expected a ScriptError from " << g.describe(a));
    throw std::logic_error("unreachable");
}

// Line 5 is the offending statement; the handler fires on the first move.
std::string hostile_on_move(const std::string& statement) {
    return "-- a rule module that misbehaves when a unit has moved\n"
           "local counted = \"moves\"\n"
           "game.on(\"move.end\", function(ctx)\n"
           "  game.set_mark(ctx.unit, counted, game.mark(ctx.unit, counted) + 1)\n"
           "  " +
           statement +
           "\n"
           "end)\n";
}

struct HostileCase {
    const char* name;
    const char* statement;
    const char* message;
};

}  // namespace

TEST_CASE("a misbehaving move.end handler fails with its file and line and changes nothing", "[lua][safety]") {
    const HostileCase cases[] = {
        {"infinite loop", "while true do end", "instruction budget of 5000000 exceeded (infinite loop?)"},
        {"unbounded allocation", "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end",
         "memory limit of 16 MiB exceeded"},
        {"os.execute", "os.execute('touch /tmp/sandtable-pwned')", "attempt to index a nil value (global 'os')"},
        {"io.open", "local f = io.open('/etc/passwd')", "attempt to index a nil value (global 'io')"},
        {"require", "local os = require('os')", "attempt to call a nil value (global 'require')"},
        {"load of bytecode", "local f = assert(load('\\27LuaT\\0\\25\\147\\13\\10\\26\\10'))",
         "load: binary chunks are not allowed in the sandbox"},
        {"string.dump", "local code = string.dump(function() end)", "attempt to call a nil value (field 'dump')"},
        {"math.random", "local r = math.random(6)", "attempt to call a nil value (field 'random')"},
        {"dofile", "dofile('/etc/passwd')", "attempt to call a nil value (global 'dofile')"},
        {"debug", "debug.sethook()", "attempt to index a nil value (global 'debug')"},
        {"package.loadlib", "package.loadlib('libc.so.6', 'system')",
         "attempt to index a nil value (global 'package')"},
        {"error()", "error('the rules forbid this')", "the rules forbid this"},
    };
    // Moving the knights also runs the charges module's move.end handler
    // first; moving the spearmen does not.
    const char* movers[] = {"r_sp", "r_kn"};
    for (const HostileCase& c : cases) {
        for (const char* mover : movers) {
            DYNAMIC_SECTION(c.name << " when " << mover << " moves") {
                TempDir dir;
                const std::string file = dir.write("hostile.lua", hostile_on_move(c.statement));
                Rig rig(file);
                rig.game->start();
                const Action move = select_and_find_move(*rig.game, mover);
                const Snapshot before = snapshot(*rig.game);

                const ScriptError error = apply_error(*rig.game, move);
                CHECK(error.script() == file);
                CHECK(error.line() == 5);
                CHECK(error.message() == c.message);
                CHECK(std::string(error.what()) == file + ":5: " + c.message);

                check_same(before, snapshot(*rig.game));
                CHECK_FALSE(fs::exists("/tmp/sandtable-pwned"));

                // The game goes on: the unit may still stay where it is
                // (no move.end), and the same failing move fails again alike.
                const ScriptError again = apply_error(*rig.game, move);
                CHECK(again.line() == 5);
                CHECK(again.message() == c.message);
                check_same(before, snapshot(*rig.game));
                const int unit = rig.game->scenario().unit_index(mover);
                const Action stay{act::MoveTo{unit, rig.game->state().unit(unit).hex}};
                CHECK_NOTHROW(rig.game->apply(stay));
                CHECK(rig.game->state().unit(unit).moved);
            }
        }
    }
}

namespace {

bool next_to_enemy(const kernel::Game& g, int unit, geometry::Hex h) {
    const auto& me = g.state().unit(unit);
    for (const auto& u : g.state().units)
        if (u.on_map && u.side != me.side && geometry::distance(u.hex, h) == 1) return true;
    return false;
}

// Starts the game, turns the knights to their fast side (the flip the
// charges module allows before the side moves), selects them and returns a
// move that ends next to an enemy: the charges module offers a charge there.
Action knights_to_the_enemy(kernel::Game& g) {
    g.start();
    REQUIRE(g.decision() == DecisionKind::Movement);
    const int knights = g.scenario().unit_index("r_kn");
    g.apply(act::Flip{knights});
    answer_questions(g);
    REQUIRE(g.state().unit(knights).back);
    REQUIRE(g.decision() == DecisionKind::Movement);
    g.apply(act::SelectUnit{knights});
    const auto here = g.state().unit(knights).hex;
    for (const Action& a : g.legal_actions())
        if (a.kind() == ActionKind::MoveTo && a.hex() != here && next_to_enemy(g, knights, *a.hex())) return a;
    FAIL("the knights cannot reach the enemy");
    return {};
}

}  // namespace

TEST_CASE("a question asked by an earlier handler is withdrawn when a later handler fails", "[lua][safety]") {
    TempDir dir;
    const std::string benign =
        dir.write("benign.lua", "-- listens and does nothing\ngame.on(\"move.end\", function(ctx) end)\n");
    const std::string hostile = dir.write("hostile.lua", hostile_on_move("while true do end"));
    Rig control(benign);
    Rig rig(hostile);
    const Action control_move = knights_to_the_enemy(*control.game);
    const Action move = knights_to_the_enemy(*rig.game);
    REQUIRE(move == control_move);

    // Without the hostile module the move ends in the charge offer.
    control.game->apply(control_move);
    REQUIRE(control.game->decision() == DecisionKind::Question);
    CHECK(control.game->question()->prompt() == "r_kn ends its move next to the enemy");

    // With it, the offer the charges module made before the failure is gone.
    const Snapshot before = snapshot(*rig.game);
    const ScriptError error = apply_error(*rig.game, move);
    CHECK(error.script() == hostile);
    CHECK(error.line() == 5);
    check_same(before, snapshot(*rig.game));
    CHECK(rig.game->question() == nullptr);
    CHECK(rig.game->decision() == DecisionKind::MoveDestination);
}

TEST_CASE("an error when the next phase begins rolls back the whole end of phase", "[lua][safety]") {
    TempDir dir;
    const std::string file = dir.write("hostile.lua",
                                       "-- fails when archery begins\n"
                                       "game.on(\"phase.begin\", function(ctx)\n"
                                       "  if ctx.phase == \"archery\" then\n"
                                       "    while true do end\n"
                                       "  end\n"
                                       "end)\n");
    Rig rig(file);
    rig.game->start();
    answer_questions(*rig.game);
    REQUIRE(rig.game->decision() == DecisionKind::Movement);
    // Move one unit first so the phase has some history to keep.
    const Action move = select_and_find_move(*rig.game, "r_sp");
    rig.game->apply(move);
    answer_questions(*rig.game);
    REQUIRE(rig.game->decision() == DecisionKind::Movement);
    const Snapshot before = snapshot(*rig.game);
    const Action end_phase{act::EndPhase{}};
    const ScriptError error = apply_error(*rig.game, end_phase);
    CHECK(error.script() == file);
    CHECK(error.line() == 4);
    CHECK(error.message() == "instruction budget of 5000000 exceeded (infinite loop?)");
    check_same(before, snapshot(*rig.game));
    CHECK(rig.game->state().at.phase == 0);
}

TEST_CASE("an error at the top level of a module fails game start with its line", "[lua][safety]") {
    TempDir dir;
    const std::string file = dir.write("hostile.lua",
                                       "-- reads the environment when loaded\n"
                                       "local home = os.getenv(\"HOME\")\n"
                                       "game.on(\"move.end\", function(ctx) end)\n");
    Rig rig(file);
    try {
        rig.game->start();
        FAIL("expected a ScriptError");
    } catch (const ScriptError& e) {
        CHECK(e.script() == file);
        CHECK(e.line() == 2);
        CHECK(e.message() == "attempt to index a nil value (global 'os')");
    }
}

TEST_CASE("a syntax error in a module fails game start with its line", "[lua][safety]") {
    TempDir dir;
    const std::string file = dir.write("hostile.lua",
                                       "-- a typo\n"
                                       "game.on(\"move.end\", function(ctx)\n"
                                       "  if ctx.unit = 1 then end\n"
                                       "end)\n");
    Rig rig(file);
    try {
        rig.game->start();
        FAIL("expected a ScriptError");
    } catch (const ScriptError& e) {
        CHECK(e.script() == file);
        CHECK(e.line() == 3);
        CHECK_THAT(e.message(), Catch::Contains("'then' expected"));
    }
}

TEST_CASE("a capability changed by a failing handler is rolled back", "[lua][safety]") {
    // Game::apply() snapshots capabilities too: scripts may change them in
    // any handler with game.set_capability().
    TempDir dir;
    const std::string file = dir.write("hostile.lua",
                                       "-- changes a capability, then fails\n"
                                       "game.on(\"move.end\", function(ctx)\n"
                                       "  game.set_capability(\"spearmen\", \"both\", \"stacks_freely\", 1)\n"
                                       "  error(\"too late\")\n"
                                       "end)\n");
    Rig rig(file);
    rig.game->start();
    const Action move = select_and_find_move(*rig.game, "r_sp");
    const Snapshot before = snapshot(*rig.game);
    const ScriptError error = apply_error(*rig.game, move);
    CHECK(error.line() == 4);
    check_same(before, snapshot(*rig.game));
}

TEST_CASE("Lua globals cannot be changed by a handler so a failure leaves none behind", "[lua][safety]") {
    // A handler that assigns a global is refused when the module loads, at the assignment's line.
    {
        TempDir dir;
        const std::string file = dir.write("hostile.lua",
                                           "-- counts moves in a global\n"
                                           "game.on(\"move.end\", function(ctx)\n"
                                           "  moves_seen = (moves_seen or 0) + 1\n"
                                           "end)\n");
        Rig rig(file);
        try {
            rig.game->start();
            FAIL("the module loaded");
        } catch (const ScriptError& e) {
            CHECK(e.line() == 3);
            CHECK(e.message().find("assigns the global 'moves_seen'") != std::string::npos);
        }
    }
    // Through a parameter the load-time check does not follow: the globals are
    // closed once the modules are loaded, so the handler fails at once and
    // nothing is left behind.
    TempDir dir;
    const std::string file = dir.write("hostile.lua",
                                       "local function put(t, k, v) t[k] = v end\n"
                                       "game.on(\"move.end\", function(ctx)\n"
                                       "  put(_ENV, \"moves_seen\", 1)\n"
                                       "  error(\"too late\")\n"
                                       "end)\n");
    Rig rig(file);
    rig.game->start();
    const Action move = select_and_find_move(*rig.game, "r_sp");
    CHECK_THROWS_AS(rig.game->apply(move), ScriptError);
    CHECK_NOTHROW(
        rig.host->run_chunk("assert(moves_seen == nil, 'moves_seen is ' .. tostring(moves_seen))", "probe.lua"));
}

TEST_CASE("closed globals cannot be reopened by rawset or setmetatable or by changing an existing global",
          "[lua][safety]") {
    TempDir dir;
    const std::string file = dir.write("quiet.lua", "-- registers nothing\n");
    Rig rig(file);
    rig.game->start();
    for (const char* attempt : {"game = nil", "pairs = nil", "rawset(_G, 'x', 1)", "setmetatable(_G, nil)", "x = 1"}) {
        INFO(attempt);
        try {
            rig.host->run_chunk(attempt, "probe.lua");
            FAIL("no error");
        } catch (const ScriptError& e) {
            CHECK(e.script() == "probe.lua");
            CHECK(e.line() == 1);
        }
    }
    // Reading globals still works, and so does rawset on a script's own tables.
    CHECK_NOTHROW(rig.host->run_chunk("local t = {} rawset(t, 'a', 1) assert(t.a == 1 and type(game.on) == 'function')",
                                      "probe.lua"));
}

// ---- determinism and replays --------------------------------------------------------

namespace {

struct Played {
    std::string yaml;
    std::uint64_t checksum = 0;
    std::size_t actions = 0;
    std::vector<std::string> log;
};

Played play_random(std::uint64_t seed) {
    load::LoadedGame loaded = load::load_scenario(kScenario);
    bots::Session session(loaded, kScenario, seed);
    auto a = bots::make_bot("random", seed * 7919 + 1);
    auto b = bots::make_bot("random", seed * 7919 + 2);
    Played p;
    p.actions = session.play({a.get(), b.get()}, 20'000);
    CHECK(session.game().over());
    p.yaml = session.replay_yaml();
    p.checksum = kernel::checksum(session.game().state());
    for (const auto& entry : session.game().records().log) p.log.push_back(entry.text);
    return p;
}

}  // namespace

TEST_CASE("two sessions with the same seed and random bots play the same game", "[replay][determinism]") {
    const Played first = play_random(42);
    const Played second = play_random(42);
    CHECK(first.actions > 10);
    CHECK(first.actions == second.actions);
    CHECK(first.checksum == second.checksum);
    CHECK(first.yaml == second.yaml);
    CHECK(first.log == second.log);
    // A different seed plays a different game.
    const Played other = play_random(43);
    CHECK(other.yaml != first.yaml);
}

TEST_CASE("a saved replay verifies and an edited check is caught at its action", "[replay][determinism]") {
    load::LoadedGame loaded = load::load_scenario(kScenario);
    bots::Session session(loaded, kScenario, 7);
    auto a = bots::make_bot("random", 11);
    auto b = bots::make_bot("random", 12);
    session.play({a.get(), b.get()}, 20'000);
    const std::size_t actions = session.replay().steps.size();
    REQUIRE(actions > 20);

    TempDir dir;
    const std::string yaml = session.replay_yaml();
    const std::string file = dir.write("game.replay.yaml", yaml);
    const bots::ReplayCheck ok = bots::verify_replay(file);
    INFO(ok.message);
    CHECK(ok.ok);
    CHECK(ok.actions == actions);
    CHECK(ok.diverged_at == 0);
    CHECK(ok.final_checksum == session.game().checksum());
    CHECK(ok.result.over == session.game().state().result.over);
    CHECK(ok.result.winner == session.game().state().result.winner);

    // Change the check of action 17 (one flow mapping per action, in order).
    const std::size_t target = 17;
    std::istringstream in(yaml);
    std::ostringstream out;
    std::size_t seen = 0;
    bool edited = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("  - {do: ", 0) == 0 && ++seen == target) {
            const auto at = line.find("check: \"");
            REQUIRE(at != std::string::npos);
            const std::size_t digit = at + 8;
            line[digit] = line[digit] == '0' ? '1' : '0';
            edited = true;
        }
        out << line << "\n";
    }
    REQUIRE(edited);
    const std::string bad_file = dir.write("edited.replay.yaml", out.str());
    const bots::ReplayCheck bad = bots::verify_replay(bad_file);
    INFO(bad.message);
    CHECK_FALSE(bad.ok);
    CHECK(bad.diverged_at == target);
    CHECK(bad.actions == target - 1);
    CHECK_THAT(bad.message, Catch::StartsWith("action 17 ") && Catch::Contains("diverged: checksum"));
}

TEST_CASE("the checksum covers the whole game state", "[replay][determinism]") {
    // game_state.h promises the state is fully covered by the checksum that
    // replays verify, including a combat in progress and the result.
    using kernel::GameState;
    const GameState base;
    const auto differs = [&](const char* what, auto&& change) {
        GameState changed = base;
        change(changed);
        INFO(what);
        CHECK(kernel::checksum(changed) != kernel::checksum(base));
    };
    differs("exit_mode", [](GameState& s) { s.exit_mode = kernel::ZocExit::NotIntoAnotherZone; });
    differs("combat.stage", [](GameState& s) { s.combat.stage = kernel::Combat::Rolled; });
    differs("combat.forced_result", [](GameState& s) { s.combat.forced_result = "DL"; });
    differs("combat.losses_attacker", [](GameState& s) { s.combat.losses_attacker = 1; });
    differs("combat.to_retreat", [](GameState& s) { s.combat.to_retreat = {3}; });
    differs("combat.advance_required", [](GameState& s) { s.combat.advance_required = true; });
    differs("result.victory_points", [](GameState& s) { s.result.victory_points = {3, 1}; });
}

TEST_CASE("the per-hex tables kept up move by move equal a fresh rebuild", "[kernel][determinism]") {
    load::LoadedGame loaded = load::load_scenario(kScenario);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        bots::Session session(loaded, kScenario, seed, {}, false);
        auto a = bots::make_bot("random", seed * 3 + 1), b = bots::make_bot("random", seed * 3 + 2);
        std::size_t steps = 0;
        bool consistent = true;
        while (!session.game().over() && steps++ < 5000 && consistent) {
            bots::Bot* bot = session.game().deciding_side() == 0 ? a.get() : b.get();
            const Action chosen = bot->choose(session.game(), session.game().legal_actions());
            session.apply(chosen);
            consistent = session.game().hex_board().tables_consistent();
        }
        INFO("seed " << seed << ", step " << steps);
        CHECK(consistent);
        CHECK(session.game().over());
    }
}

// sight.check is asked while the legal actions are listed: its handlers may
// read and answer, but a handler that acted would change the game behind the
// player's back, so the API's acting functions refuse inside it.
TEST_CASE("a sight.check handler answers the kernel's line of sight, and may not act", "[lua][safety][sight]") {
    // A hex two or more away that the map itself lets the first unit see.
    auto visible_hex = [](kernel::Game& g, int viewer) -> std::optional<geometry::Hex> {
        const geometry::Hex from = g.state().unit(viewer).hex;
        for (int i = 0; i < static_cast<int>(g.grid().size()); ++i) {
            const geometry::Hex h = g.grid().hex_at(i);
            if (geometry::distance(from, h) >= 2 && g.hex_board().clear_sight(viewer, h)) return h;
        }
        return std::nullopt;
    };
    TempDir dir;
    SECTION("a handler that blocks every line") {
        Rig open(dir.write("open.lua", "game.on('sight.check', function(ctx) end)\n"));
        open.game->start();
        const auto h = visible_hex(*open.game, 0);
        REQUIRE(h);
        Rig blind(dir.write(
            "blind.lua", "game.on('sight.check', function(ctx)\n  if #ctx.hexes > 0 then ctx.blocked = 1 end\nend)\n"));
        blind.game->start();
        CHECK(!blind.game->hex_board().clear_sight(0, *h));
    }
    SECTION("a handler that acts fails with its line, and the game is unchanged") {
        Rig open(dir.write("open.lua", "game.on('sight.check', function(ctx) end)\n"));
        open.game->start();
        const auto h = visible_hex(*open.game, 0);
        REQUIRE(h);
        const std::string file = dir.write(
            "acting.lua", "game.on('sight.check', function(ctx)\n  game.set_mark(ctx.viewer, 'looked', 1)\nend)\n");
        Rig rig(file);
        rig.game->start();
        const auto before = kernel::checksum(rig.game->state());
        try {
            (void)rig.game->hex_board().clear_sight(0, *h);
            FAIL("the acting handler did not fail");
        } catch (const ScriptError& e) {
            CHECK(e.script() == file);
            CHECK(e.line() == 2);
            CHECK(e.message() ==
                  "game.set_mark cannot be called while answering a query event (sight.check): handlers of queries "
                  "only read");
        }
        CHECK(kernel::checksum(rig.game->state()) == before);
    }
}
