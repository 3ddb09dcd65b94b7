// An action is a record of its kind (ADR 0025): each kind has the fields it
// needs, what several kinds share has one accessor with one meaning, and a
// replay's action takes exactly its kind's keys.
#include "bots/session.h"
#include "kernel/action.h"
#include "kernel/replay.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sandtable;
using kernel::Action;
using kernel::ActionKind;
namespace act = kernel::act;

namespace {

constexpr int kKinds = static_cast<int>(ActionKind::WriteOrder) + 1;

std::string shipped(const std::string& relative) { return std::string(SANDTABLE_SOURCE_DIR) + "/" + relative; }

// The error parse_replay gives for a replay of Wendle Fords whose one action is `action`; empty when it reads.
std::string replay_error(const std::string& action) {
    auto game = load::load_scenario(shipped("scenarios/bmw/wendle-fords.yaml"));
    kernel::Game g(game.ruleset, game.scenario, 1);
    const std::string text =
        "format: sandtable-replay/2\nscenario: \"wendle-fords.yaml\"\nseed: 1\nactions:\n  - " + action + "\n";
    try {
        kernel::parse_replay(text, "r.yaml", g);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("every kind has its record, and a blank record is of the kind it was made for", "[action]") {
    for (int k = 0; k < kKinds; ++k) {
        const auto kind = static_cast<ActionKind>(k);
        INFO(kernel::action_kind_name(kind));
        CHECK(kernel::blank_action(kind).kind() == kind);
        ActionKind parsed{};
        REQUIRE(kernel::parse_action_kind(kernel::action_kind_name(kind), parsed));
        CHECK(parsed == kind);
    }
    CHECK(Action().kind() == ActionKind::EndPhase);
    CHECK(Action(act::MoveTo{3, {2, 1}, 4}).kind() == ActionKind::MoveTo);
}

TEST_CASE("what kinds share reads the same way for each, and nothing for a kind without it", "[action]") {
    const geometry::Hex h{2, 5};
    // The unit that acts, is chosen or moves.
    CHECK(Action(act::MoveTo{3, h, 1}).unit() == 3);
    CHECK(Action(act::Fire{4, 9, 30}).unit() == 4);
    CHECK(Action(act::ChooseUnit{7}).unit() == 7);
    CHECK(Action(act::Decline{5}).unit() == 5);  // a tabletop gun holding fire
    CHECK(Action(act::Decline{}).unit() == -1);  // the side declining an advance
    CHECK(Action(act::Declare{8}).unit() == -1);
    CHECK(Action(act::Choose{2}).unit() == -1);
    // The enemy acted on: a formation given an order is not a target.
    CHECK(Action(act::Fire{4, 9, 30}).target() == 9);
    CHECK(Action(act::Declare{8}).target() == 8);
    CHECK(Action(act::AddDefender{6}).target() == 6);
    CHECK(Action(act::GiveOrder{2, 1}).target() == -1);
    CHECK(Action(act::Activate{2}).target() == -1);
    // The hex: a kind without one never matches a hex, not even the map's first.
    CHECK(Action(act::RetreatTo{3, h}).hex() == h);
    CHECK(Action(act::Plot{3, kernel::PlotTask::Melee, h}).hex() == h);
    CHECK_FALSE(Action(act::SelectUnit{3}).hex().has_value());
    CHECK(Action(act::Resolve{}).hex() != geometry::Hex{});
}

TEST_CASE("a kind's own fields tell actions apart: the same hex faced otherwise is another move", "[action]") {
    const geometry::Hex h{2, 5};
    CHECK(Action(act::MoveTo{3, h, 1}) != Action(act::MoveTo{3, h, 2}));
    CHECK(Action(act::MoveTo{3, h, 1}) == Action(act::MoveTo{3, h, 1}));
    CHECK(Action(act::Fire{4, 9, 30}) != Action(act::Fire{4, 9, 40}));
    CHECK(Action(act::Choose{0}) != Action(act::Activate{0}));  // the same number, another kind
    const Action fire = act::Fire{4, 9, 0};
    REQUIRE(fire.as<act::Fire>());
    CHECK(fire.as<act::Fire>()->called_cm == 0);  // canister
    CHECK(fire.as<act::MoveTo>() == nullptr);
}

TEST_CASE("a replay's action takes exactly its kind's keys, with the line of the one that is wrong",
          "[action][replay]") {
    CHECK(replay_error("{do: select, unit: \"h_xb1\"}").empty());
    CHECK(replay_error("{do: move, unit: \"h_xb1\", hex: \"0708\"}").empty());
    // Another kind's key is not silently dropped.
    const std::string stray = replay_error("{do: end_phase, unit: \"h_xb1\"}");
    CHECK(stray.find("r.yaml:5:") != std::string::npos);
    CHECK(stray.find("unknown key 'unit' in an action 'end_phase'") != std::string::npos);
    CHECK(replay_error("{do: select, unit: \"h_xb1\", hex: \"0708\"}").find("hex") != std::string::npos);
    CHECK(replay_error("{do: choose, option: 1, facing: 2}").find("facing") != std::string::npos);
    // A key the kind needs is missing.
    const std::string missing = replay_error("{do: move, unit: \"h_xb1\"}");
    CHECK(missing.find("r.yaml:5:") != std::string::npos);
    CHECK(missing.find("hex") != std::string::npos);
    CHECK(replay_error("{do: declare}").find("target") != std::string::npos);
    // And what a key names must exist.
    CHECK(replay_error("{do: select, unit: \"nobody\"}").find("no unit 'nobody'") != std::string::npos);
    CHECK(replay_error("{do: fly, unit: \"h_xb1\"}").find("unknown action 'fly'") != std::string::npos);
}
