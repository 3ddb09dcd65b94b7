// The movement procedure: the active player picks units one at a time and
// moves each along a least-cost path within its movement allowance. Terrain,
// hexside and road costs come from the hex board; zones of control stop a
// unit on entry and hold it, unless a rule script lets it disengage. A unit
// with a facing (PRESTAGS 16.0) moves over (hex, facing) states instead.
#pragma once

#include "geometry/hex_path.h"
#include "kernel/game_state.h"
#include "kernel/phase_procedure.h"

#include <cstdint>
#include <vector>

namespace sandtable::kernel {

class Game;

class MovementProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;

    // Where the unit may move now, by least cost (for highlighting and bots); cached in the game.
    static const geometry::MovementRange& movement_range(const Game& game, int unit);
    // A hex of the moving side holding more units than its stacking limit (-1: none), which keeps the phase going.
    static int over_stacked_hex(const Game& game);

private:
    using Hex = geometry::Hex;
    struct MovementStep;  // the cost of one step for one unit now (movement.cpp)
    struct PlainStep;     // the same, when only enemies, zones and the map's costs apply
    struct Movers;        // may a unit be moved now (movement.cpp)
    // Movement of a unit with a facing, over (hex, facing) states.
    struct FacingRange {
        struct State {
            int cost = -1;    // -1: not reached
            int parent = -1;  // previous state (index * 6 + facing), -1 at the start
            bool stopped = false;
        };
        std::vector<State> states;  // [hex index * 6 + facing]
    };
    static bool may_be_moved(const Game& game, int unit);
    static void flip_actions(const Game& game, std::vector<Action>& out);
    static ZocExit exit_mode(Game& game, int unit);
    static bool may_move_into(const Game& game, int unit, int hex_index);
    static bool may_still_leave(const Game& game, int unit);
    static int stay_facing(const Game& game, int unit);
    static void one_hex_moves(const Game& game, int unit, std::vector<Action>& out);
    static void exit_moves(const Game& game, int unit, std::vector<Action>& out);
    static void leave_map(Game& game, int unit, Hex at);
    static void exit_map(Game& game, const act::Exit& exit);
    static void move(Game& game, const act::MoveTo& move);
    static int movement_cost_scale(const Game& game, int unit);
    static bool moves_marked(const Game& game, int unit);
    static const std::uint8_t* halts_for(const Game& game, int unit);
    static bool keeps_away(const Game& game, int unit);
    static void mark_within(const Game& game, Hex centre, int radius);  // keeps_away's hexes around one enemy
    static MovementStep step_rule(const Game& game, int unit, ZocExit mode);
    static FacingRange facing_range(const Game& game, int unit);
    static void facing_moves(const Game& game, int unit, std::vector<Action>& out);
    static std::vector<Hex> facing_path(const Game& game, int unit, Hex to, int facing);
};

}  // namespace sandtable::kernel
