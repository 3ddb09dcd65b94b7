// The studio's playtest and replay core: playing against a bot, taking back
// moves while no die has fallen, stepping through a game, jumping to a turn,
// replays shared with the CLI both ways, and the hot-seat hand-over when a
// sequence hides orders.
#include "core/play_session.h"
#include "core/play_view.h"
#include "project_copies.h"

#include "bots/bot.h"
#include "bots/session.h"
#include "kernel/replay.h"
#include "load/loader.h"
#include "kernel/procedures/movement.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

using sandtable::kernel::Action;
using sandtable::kernel::ActionKind;
using sandtable::kernel::DecisionKind;
using sandtable::studio::PlaySession;
using sandtable::studio::Seat;

namespace {
std::string bundled(const std::string& scenario) {
    return std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/" + scenario;
}

PlaySession new_game(const std::string& scenario, std::vector<Seat> seats, std::uint64_t seed = 3) {
    return PlaySession(sandtable::load::load_scenario(scenario), scenario, seed, std::move(seats));
}

// The first legal action of a kind.
std::optional<Action> legal(const PlaySession& play, ActionKind kind) {
    for (const auto& a : play.game().legal_actions())
        if (a.kind() == kind) return a;
    return std::nullopt;
}

// A person's first move of the movement phase: select a unit, move it to the
// farthest hex offered.
void move_someone(PlaySession& play) {
    REQUIRE(play.game().decision() == DecisionKind::Movement);
    auto select = legal(play, ActionKind::SelectUnit);
    REQUIRE(select);
    play.apply(*select);
    REQUIRE(play.game().decision() == DecisionKind::MoveDestination);
    const auto& actions = play.game().legal_actions();
    auto far = std::find_if(actions.rbegin(), actions.rend(), [&](const Action& a) {
        return a.kind() == ActionKind::MoveTo && a.hex() != play.game().state().unit(select->unit()).hex;
    });
    REQUIRE(far != actions.rend());
    play.apply(*far);
}
}  // namespace

TEST_CASE("playtest: a move is taken back while no die has fallen, and not after", "[studio][play]") {
    auto play = new_game(bundled("bmw/wendle-fords.yaml"), {Seat{true}, Seat{false, "greedy"}});
    play.run_bots();
    REQUIRE(play.waiting_for_human());
    const auto before = play.game().checksum();
    const auto position = play.position();
    move_someone(play);
    CHECK(play.position() == position + 2);
    CHECK(play.game().checksum() != before);
    REQUIRE(play.can_take_back());
    play.take_back();
    // Back to the person's last decision: the selection is taken back too, one action at a time.
    CHECK(play.position() == position + 1);
    REQUIRE(play.can_take_back());
    play.take_back();
    CHECK(play.position() == position);
    CHECK(play.game().checksum() == before);

    // Played on until a die falls: that cannot be taken back.
    auto first = play.game().state().dice_rolled;
    int guard = 2000;
    while (play.game().state().dice_rolled == first && !play.game().over() && guard-- > 0) {
        if (play.waiting_for_human()) {
            auto end = legal(play, ActionKind::EndPhase);
            play.apply(end ? *end : play.game().legal_actions().front());
        } else {
            play.run_bots(1);
        }
    }
    REQUIRE(play.game().state().dice_rolled > first);
    CHECK(!play.can_take_back());
    CHECK_THROWS(play.take_back());
}

TEST_CASE("playtest against the greedy bot: the bot answers at once and every combat is explained", "[studio][play]") {
    auto play = new_game(bundled("bmw/wendle-fords.yaml"), {Seat{true}, Seat{false, "greedy"}});
    int guard = 5000;
    while (play.game().state().at.turn <= 3 && !play.game().over() && guard-- > 0) {
        play.run_bots();
        if (!play.waiting_for_human()) continue;
        // The person plays as the greedy bot would, through the same apply().
        auto bot = sandtable::bots::make_bot("greedy", 11);
        play.apply(bot->choose(play.game(), play.game().legal_actions()));
    }
    CHECK((play.game().state().at.turn > 3 || play.game().over()));
    const auto& explained = play.game().records().combats;
    REQUIRE(!explained.empty());
    for (const auto& why : explained) {
        CHECK(!why.attackers.empty());
        CHECK((why.cancelled || !why.result.empty()));
        CHECK((why.cancelled || !why.column.empty()));
    }
    CHECK(!play.game().records().dice.empty());
}

TEST_CASE("replay: saved by the studio, checked by the CLI's verifier, reopened, stepped and jumped through",
          "[studio][play][replay]") {
    const std::string scenario = sandtable::test::copy_bmw_project();
    auto play = new_game(scenario, {Seat{false, "greedy"}, Seat{false, "random"}}, 5);
    play.run_bots();
    REQUIRE(play.game().over());
    const auto end = play.game().checksum();
    const auto folder = sandtable::test::fresh_directory();
    const std::string file = (folder / "game.yaml").string();
    play.save_replay(file);
    CHECK(sandtable::test::text_of(file).find("scenario: \"../") != std::string::npos);  // relative to the replay

    const auto check = sandtable::bots::verify_replay(file);
    CHECK(check.ok);
    CHECK(check.final_checksum == end);

    auto opened = PlaySession::open_replay(file);
    CHECK(opened.length() == play.length());
    CHECK(opened.position() == opened.length());
    CHECK(opened.game().checksum() == end);
    CHECK(opened.viewer() == -1);
    CHECK(!opened.waiting_for_human());

    // Step back and forth: each position has one state, however it is reached.
    opened.go_to(10);
    const auto at10 = opened.game().checksum();
    opened.go_to(11);
    opened.go_to(10);
    CHECK(opened.game().checksum() == at10);
    opened.go_to(0);
    opened.go_to(10);
    CHECK(opened.game().checksum() == at10);

    const std::size_t turn3 = opened.position_of_turn(3);
    REQUIRE(turn3 > 0);
    opened.go_to(turn3);
    CHECK(opened.game().state().at.turn == 3);
    opened.go_to(turn3 - 1);
    CHECK(opened.game().state().at.turn == 2);
    opened.go_to(opened.length());
    CHECK(opened.game().checksum() == end);
}

TEST_CASE("replay: one made by the CLI's session opens in the studio at the same state", "[studio][play][replay]") {
    const std::string scenario = sandtable::test::copy_bmw_project();
    sandtable::bots::Session session(sandtable::load::load_scenario(scenario), scenario, 9);
    auto bots = sandtable::bots::bots_for_game({"greedy"}, 2, 9);
    std::vector<sandtable::bots::Bot*> raw{bots[0].get(), bots[1].get()};
    session.play(raw);
    const auto file = sandtable::test::fresh_directory() / "cli.yaml";
    sandtable::test::write_text(file, session.replay_yaml());
    auto opened = PlaySession::open_replay(file.string());
    CHECK(opened.game().checksum() == session.game().checksum());
    CHECK(opened.length() == session.replay().steps.size());
}

TEST_CASE("replay: a file that is not a replay is refused with its name", "[studio][play][replay]") {
    const auto file = sandtable::test::fresh_directory() / "broken.yaml";
    sandtable::test::write_text(file, "scenario: [unclosed\n");
    try {
        PlaySession::open_replay(file.string());
        FAIL("opened a broken replay");
    } catch (const std::exception& e) {
        CHECK(std::string(e.what()).find("broken.yaml") != std::string::npos);
    }
}

TEST_CASE("hot seat with hidden orders: the screen is handed over between the players", "[studio][play][hidden]") {
    auto play = new_game(bundled("prestags/crossing.yaml"), {Seat{true}, Seat{true}});
    REQUIRE(play.game().hides_information());
    int guard = 200;
    while (play.game().decision() != DecisionKind::Plot && guard-- > 0) {
        auto end = legal(play, ActionKind::EndPhase);
        play.apply(end ? *end : play.game().legal_actions().front());
    }
    REQUIRE(play.game().decision() == DecisionKind::Plot);
    const int first = play.game().deciding_side();
    CHECK(play.viewer() == first);
    CHECK(!play.hand_over_needed());
    play.apply(*legal(play, ActionKind::EndPhase));  // the first player's orders are written
    REQUIRE(play.game().decision() == DecisionKind::Plot);
    REQUIRE(play.game().deciding_side() != first);
    CHECK(play.hand_over_needed());
    CHECK(play.hand_over_to() == play.game().deciding_side());
    play.handed_over();
    CHECK(!play.hand_over_needed());
    CHECK(play.viewer() == play.game().deciding_side());

    // BMW hides nothing: no hand-over between hot-seat players.
    auto open = new_game(bundled("bmw/skirmish.yaml"), {Seat{true}, Seat{true}});
    CHECK(!open.game().hides_information());
    guard = 200;
    while (!open.hand_over_needed() && open.game().deciding_side() == 0 && guard-- > 0)
        open.apply(open.game().legal_actions().back());
    CHECK(!open.hand_over_needed());
}

TEST_CASE(
    "play view: reachable hexes with their cost, targets with odds, clicks mapped to actions, counters where the game "
    "has them",
    "[studio][play]") {
    auto play = new_game(bundled("bmw/wendle-fords.yaml"), {Seat{true}, Seat{true}});
    const auto& g = play.game();
    REQUIRE(g.decision() == DecisionKind::Movement);
    auto marks = sandtable::studio::decision_marks(g, play.viewer());
    CHECK(std::any_of(marks.begin(), marks.end(),
                      [](const auto& m) { return m.kind == sandtable::studio::MarkKind::Movable; }));
    auto select = legal(play, ActionKind::SelectUnit);
    REQUIRE(select);
    const auto from = g.state().unit(select->unit()).hex;
    // A click on the unit's hex picks it (or one of the units there).
    const auto here = sandtable::studio::actions_at(g, from);
    CHECK(std::find(here.begin(), here.end(), *select) != here.end());
    play.apply(*select);
    marks = sandtable::studio::decision_marks(play.game(), play.viewer());
    int reach = 0;
    for (const auto& m : marks) {
        if (m.kind != sandtable::studio::MarkKind::Reach || m.hex == from) continue;
        ++reach;
        REQUIRE(!m.label.empty());
        CHECK(std::stoi(m.label) ==
              sandtable::kernel::MovementProcedure::movement_range(play.game(), select->unit()).cost(m.hex));
        // Each reachable hex is a click that moves there.
        const auto there = sandtable::studio::actions_at(play.game(), m.hex);
        REQUIRE(there.size() == 1);
        CHECK(there[0].kind() == ActionKind::MoveTo);
        CHECK(sandtable::studio::action_text(play.game(), there[0]).find(" MP)") != std::string::npos);
    }
    CHECK(reach > 0);
    // After the move the board shows the counter in its new hex.
    const auto to = std::find_if(marks.begin(), marks.end(), [&](const auto& m) {
                        return m.kind == sandtable::studio::MarkKind::Reach && m.hex != from;
                    })->hex;
    play.apply(sandtable::studio::actions_at(play.game(), to).front());
    const auto board = sandtable::studio::board_of(play.game(), play.game().scenario());
    const auto& id = play.game().unit(select->unit()).id();
    auto placed = std::find_if(board.units.begin(), board.units.end(), [&](const auto& u) { return u.id == id; });
    REQUIRE(placed != board.units.end());
    CHECK(placed->hex == to);
    const std::string first_side = play.game().scenario().sides[0].name;
    CHECK(sandtable::studio::decision_text(play.game()) ==
          "Turn 1 · " + first_side + ": Movement · pick a unit to move, or end the phase");
}

TEST_CASE("play view: in the combat phase every target shows the odds of all who may attack it", "[studio][play]") {
    // Both sides played as the greedy bot plays until the first combat phase.
    auto play = new_game(bundled("bmw/wendle-fords.yaml"), {Seat{true}, Seat{true}});
    int guard = 3000;
    while (play.game().decision() != DecisionKind::CombatDeclare && guard-- > 0) {
        auto bot = sandtable::bots::make_bot("greedy", 2);
        play.apply(bot->choose(play.game(), play.game().legal_actions()));
    }
    REQUIRE(play.game().decision() == DecisionKind::CombatDeclare);
    const auto marks = sandtable::studio::decision_marks(play.game(), play.viewer());
    int targets = 0;
    for (const auto& m : marks)
        if (m.kind == sandtable::studio::MarkKind::Target) {
            ++targets;
            CHECK(!m.label.empty());
        }
    CHECK(targets > 0);
}

TEST_CASE("hot seat with hidden orders: no taking back or stepping back across the other player's orders",
          "[studio][play][hidden]") {
    auto play = new_game(bundled("prestags/crossing.yaml"), {Seat{true}, Seat{true}});
    int guard = 200;
    while (play.game().decision() != DecisionKind::Plot && guard-- > 0) {
        auto end = legal(play, ActionKind::EndPhase);
        play.apply(end ? *end : play.game().legal_actions().front());
    }
    REQUIRE(play.game().decision() == DecisionKind::Plot);
    CHECK(!play.may_look_back());
    // The first player writes an order; they may take it back themselves.
    auto select = legal(play, ActionKind::SelectUnit);
    REQUIRE(select);
    play.apply(*select);
    auto order =
        std::find_if(play.game().legal_actions().begin(), play.game().legal_actions().end(), [](const Action& a) {
            return a.kind() == ActionKind::Plot &&
                   a.get<sandtable::kernel::act::Plot>().task == sandtable::kernel::PlotTask::Move;
        });
    REQUIRE(order != play.game().legal_actions().end());
    play.apply(*order);
    CHECK(play.can_take_back());
    play.apply(*legal(play, ActionKind::EndPhase));
    REQUIRE(play.hand_over_needed());
    play.handed_over();
    // The second player may not take back the first one's orders.
    CHECK(!play.can_take_back());
    CHECK(!play.may_look_back());
}

TEST_CASE(
    "replay: a tampered checksum opens with a warning naming the action, a scenario opened as a replay is told so",
    "[studio][play][replay]") {
    const std::string scenario = sandtable::test::copy_bmw_project();
    auto play = new_game(scenario, {Seat{false, "greedy"}, Seat{false, "random"}}, 5);
    play.run_bots(40);
    const auto folder = sandtable::test::fresh_directory();
    const std::string file = (folder / "game.yaml").string();
    play.save_replay(file);
    CHECK(PlaySession::open_replay(file).warning() == "");
    std::string text = sandtable::test::text_of(file);
    const auto at = text.find("check: \"") + 8;
    text.replace(at, 16, "0000000000000000");
    sandtable::test::write_text(file, text);
    const auto opened = PlaySession::open_replay(file);
    CHECK(opened.warning().find("Action 1 (") != std::string::npos);
    CHECK(opened.warning().find("the replay says 0000000000000000") != std::string::npos);
    try {
        PlaySession::open_replay(scenario);
        FAIL("a scenario opened as a replay");
    } catch (const std::exception& e) {
        CHECK(std::string(e.what()).find("this is a scenario, not a replay") != std::string::npos);
    }
}

TEST_CASE("playtest: a person cannot take back the bot's moves alone, the game is unsaved once a person acts",
          "[studio][play]") {
    // The bot moves first here: at the person's first decision nothing is theirs to take back.
    auto play = new_game(bundled("bmw/wendle-fords.yaml"), {Seat{false, "greedy"}, Seat{true}});
    play.run_bots();
    REQUIRE(play.waiting_for_human());
    REQUIRE(play.position() > 0);
    CHECK(!play.can_take_back());
    CHECK(!play.unsaved());
    play.apply(play.game().legal_actions().front());
    CHECK(play.unsaved());
    CHECK(play.can_take_back());
    const auto file = sandtable::test::fresh_directory() / "r.yaml";
    play.save_replay(file.string());
    CHECK(!play.unsaved());
}

TEST_CASE("hot seat with hidden orders: no replay is saved before the game ends", "[studio][play][hidden]") {
    auto play = new_game(bundled("prestags/crossing.yaml"), {Seat{true}, Seat{true}});
    CHECK(!play.may_save_replay());
    CHECK_THROWS(play.save_replay((sandtable::test::fresh_directory() / "cheat.yaml").string()));
}

TEST_CASE("play view: unit ids in the log and in scripts' questions read as names", "[studio][play]") {
    auto play = new_game(bundled("bmw/wendle-fords.yaml"), {Seat{true}, Seat{true}});
    const auto& g = play.game();
    const int banner = g.scenario().unit_index("h_kn1");
    REQUIRE(banner >= 0);
    const std::string name = g.scenario().units[static_cast<std::size_t>(banner)].name;
    CHECK(sandtable::studio::with_unit_names(g, "h_kn1 moves 0906 to 0911 (h_kn1x stays)") ==
          name + " moves 0906 to 0911 (h_kn1x stays)");
    CHECK(sandtable::studio::with_unit_names(g, "") == "");
}

// Every label a player reads in a menu or the Decision list says what differs
// (issue 19, defect 7: a gun's six shots read "X fires at Y" alike).
TEST_CASE("playtest: at every decision of bot games of every shipped scenario, the actions' labels are distinct",
          "[studio][play]") {
    for (const auto& system : std::filesystem::directory_iterator(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios"))
        for (const auto& file : std::filesystem::directory_iterator(system.path())) {
            if (file.path().extension() != ".yaml") continue;
            sandtable::bots::Session session(sandtable::load::load_scenario(file.path().string()), file.path().string(),
                                             5);
            auto random = sandtable::bots::make_bot("random", 5);
            std::vector<sandtable::bots::Bot*> bots(session.game().scenario().sides.size(), random.get());
            for (int step = 0; step < 400 && !session.game().over(); ++step) {
                const auto& legal = session.game().legal_actions();
                const auto labels = sandtable::studio::action_labels(session.game(), legal);
                std::set<std::string> seen(labels.begin(), labels.end());
                INFO(file.path().string() << " at action " << step);
                REQUIRE(seen.size() == labels.size());
                session.play(bots, 1);
            }
        }
}

TEST_CASE("playtest: a gun's shots name the range called, or canister", "[studio][play][cady]") {
    const std::string file = bundled("cady/hollins_farm.yaml");
    sandtable::bots::Session session(sandtable::load::load_scenario(file), file, 2);
    auto random = sandtable::bots::make_bot("random", 2);
    std::vector<sandtable::bots::Bot*> bots(2, random.get());
    bool seen_gun = false;
    for (int step = 0; step < 3000 && !session.game().over() && !seen_gun; ++step) {
        for (const auto& a : session.game().legal_actions())
            if (const auto* shot = a.as<sandtable::kernel::act::Fire>(); shot && shot->called_cm > 0) {
                seen_gun = true;
                CHECK(sandtable::studio::action_text(session.game(), a)
                          .find("range called " + std::to_string(shot->called_cm) + " cm") != std::string::npos);
            }
        session.play(bots, 1);
    }
    CHECK(seen_gun);
}
