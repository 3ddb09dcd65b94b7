// The whole mutable state of one game: plain values, cheap to copy (the
// kernel snapshots it to roll back a failed script) and fully covered by the
// checksum that replays verify.
#pragma once

#include "geometry/hex.h"
#include "kernel/action.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::kernel {

// A post-melee morale reaction a tabletop unit carries out next turn instead
// of its order (Cady), or a charge's target turning to flee (charge.begin).
enum class Reaction : std::int8_t { None = 0, Back = 1, BackAndTurn = 2, FleeCharge = 3 };

// How the unit picked to move may leave the enemy zone of control it stands
// in (move.exit_zoc): not at all, freely, not straight into another zone (a
// solid dot), or into no zone at all this move (an open dot).
enum class ZocExit : std::int8_t { Barred = -1, Free = 0, NotIntoAnotherZone = 1, IntoNoZone = 2 };

// The other side of a two-sided game.
inline int opponent_of(int side) { return side == 0 ? 1 : 0; }

struct UnitState {
    int type = 0;
    int side = 0;
    geometry::Hex hex{};
    bool back = false;   // showing its back face (Disordered in BMW)
    bool on_map = true;  // false: eliminated (in the dead pile) or not yet arrived
    bool eliminated = false;
    bool exited = false;  // left the map from an exit hex (PRESTAGS 11.4): never back
    // Per-phase bookkeeping, cleared when a phase begins.
    bool moved = false;
    bool fired = false;
    bool attacked = false;      // took part in a combat as attacker this phase
    bool was_attacked = false;  // was a defender this phase
    bool must_attack = false;   // in an EZOC when the combat phase began
    bool must_be_attacked = false;
    bool flipped = false;  // changed face at the start of this movement phase
    bool ready = false;    // plotted combat: able to carry out its order when the phase began (PRESTAGS 20.21)
    int facing = -1;       // the direction its front faces (PRESTAGS 16.0); -1: none
    int hits = 0;          // strength points lost (a dice pool's losses, regimental 1.3)
    // On a tabletop (Cady): where the centre of its front rank stands, in
    // micrometres (whole numbers keep replays exact), its facing in `facing`
    // (a compass bearing, whole degrees), its stands side by side and figures.
    int x_um = 0;
    int y_um = 0;
    int files = 0;                       // 0: not on a tabletop
    int figures = 0;                     // figures left
    int figures_at_turn_start = 0;       // for the post-melee morale test: losses this turn
    int moved_thirds = 0;                // thirds of its move it has used this game turn (0-3)
    int volleys = 0;                     // volleys fired this game turn
    Reaction reaction = Reaction::None;  // to carry out next turn instead of an order
    bool hidden = false;                 // a hidden marker: the enemy does not know what (or whether anything) is there
    bool phantom = false;                // a phantom marker: nothing is
    // Plain values only: the state is copied on every action, and a vector
    // of trivially copyable units copies in one go. Marks live in GameState.
};

// A script-owned mark on a unit ("charging", "disengaged", …).
struct Mark {
    int unit = -1;
    std::string key;
    int value = 0;
    friend bool operator==(const Mark&, const Mark&) = default;
};

struct SideState {
    int eliminated_strength = 0;
    int lost_points = 0;    // victory points the enemy has scored for its eliminated units
    int exited_points = 0;  // victory points it scored for its units that left the map by an exit
    bool demoralized = false;
    bool disintegrated = false;
};

// Where the sequence of play stands.
struct Position {
    int turn = 1;
    int step = 0;    // index into the ruleset's game_turn steps
    int player = 0;  // which side's player turn (0-based order from the first side)
    int phase = 0;   // index into the step's phases
    int stage = 0;   // the procedure's own progress within the phase
    int active_side = 0;
};

struct Fire {
    int firer = -1;
    int target = -1;
    int factor = 0;
};

// A combat being declared or resolved.
struct Combat {
    // Support comes last: stage numbers are hashed, and replays recorded before it keep theirs.
    enum Stage { Building, Declared, Rolled, Losses, Advance, Done, Support };
    int stage = Building;
    std::vector<int> attackers;
    std::vector<int> defenders;
    std::vector<geometry::Hex> defender_hexes;
    std::vector<geometry::Hex> attacker_hexes;
    int attack = 0;
    int defend = 0;
    int column = -1;
    int line = -1;          // a differential table's terrain line, -1 on an odds table
    int roll = 0;           // the die as rolled, 0 when none was
    int roll_modifier = 0;  // added to the roll by combat.roll handlers; the row read is clamped to the table
    std::string result;
    bool cancelled = false;
    bool advance_required = false;
    std::string advance_mark;  // set: only participants with this mark may advance
    std::string forced_result;
    int losses_attacker = 0;  // units still to be chosen as lost
    int losses_defender = 0;
    bool losses_reduce = false;     // the losses are step reductions (a flip where a unit has a back face)
    int retreat_hexes = 0;          // a result's retreat length; 0: each unit's retreat_hexes capability
    bool retreat_decided = false;   // the retreating side chose to retreat or to offer stiff resistance
    bool stiff_resistance = false;  // it chose stiff resistance: a step lost instead of the retreat
    std::vector<int> to_retreat;    // units still to retreat, in order
    int retreating_side = -1;
    bool advance_done = false;
    bool advance_one_hex = false;  // no combat took place (retreat before combat, 8.3)
    int advancing_side = -1;
    int side = -1;  // the attacking side when the phase does not say it (plotted combats); -1: the phase's
    // Support fire (F&M 8.2.1 b): the commitment steps taken, the markers each
    // side has placed face down (their number is on the table for all to see;
    // their values are not, until revealed), and the revealed totals.
    // The path of retreat (F&M 8.5): the hexes a retreating defender left
    // behind, its hex first; with `advance: path_of_retreat`, the only hexes
    // the victors may advance into, one unit to a hex.
    std::vector<geometry::Hex> retreat_path;
    std::vector<int> advanced;  // units that advanced along it
    // Displacement (F&M 8.3.1): retreats waiting for a friend to make room,
    // the first the retreating unit's own; each later one a displaced unit's.
    struct Waiting {
        int unit = -1;
        geometry::Hex to{};
        friend bool operator==(const Waiting&, const Waiting&) = default;
    };
    std::vector<Waiting> displacing;
    int support_step = 0;
    int support_attacker_markers = 0;
    int support_defender_markers = 0;
    bool support_revealed = false;
    int support_attack = 0;
    int support_defence = 0;
    // A dice pool combat (regimental 3.2-4.2): at close quarters or distant
    // fire; the hits each side's dice scored; the hex of each strength point lost.
    bool dice_pool = false;
    bool close_combat = false;
    int attacker_hits = 0;
    int defender_hits = 0;
    std::vector<geometry::Hex> loss_hexes;
};

struct GameResult {
    bool over = false;
    int winner = -1;    // -1: draw
    std::string level;  // victory level id
    std::vector<int> victory_points;
    std::string reason;
};

// The activation loop in progress (a sequence step of kind activations).
struct Activation {
    int formation = -1;              // the formation running the step's phases; -1: none (a roll-off or a pick is due)
    int picking = -1;                // the side that won the roll-off and picks; -1: not rolled yet
    int last_side = -1;              // the side that activated last in this step
    int in_a_row = 0;                // how many times running it has
    std::vector<std::uint8_t> done;  // by formation: activated in this step ("moved" markers)
};

// A target a missile unit saw in range while it or the target moved
// (en-passant fire, Cady): it may fire at it after the move even if the
// target has left its range, at the range it was seen at.
struct Sighting {
    int firer = -1;
    int target = -1;
    int distance_um = 0;
    friend bool operator==(const Sighting&, const Sighting&) = default;
};

struct GameState {
    Position at;
    // A tabletop's written orders, by unit, as revealed (standing orders:
    // kept until a new one is written); empty on hexes.
    std::vector<TableOrder> table_orders;
    std::vector<Sighting> sightings;  // this game turn's (tabletop)
    Activation activation;
    // The side that goes first in the player turns in progress, when the step
    // rolled off for it (`first: roll_off`); -1: the scenario's first side.
    int first_of_step = -1;
    // By formation: the order each operates under, as revealed (the scenario's
    // formations, in order of first appearance); empty without orders.
    std::vector<int> orders;
    std::vector<UnitState> units;
    std::vector<SideState> sides;
    int selected = -1;                  // movement: the unit picked to move
    ZocExit exit_mode = ZocExit::Free;  // how the selected unit may leave the enemy zone it stands in
    std::vector<Fire> fires;            // ranged fire declared this phase
    Combat combat;
    bool combat_open = false;
    std::vector<int> objective_holders;
    GameResult result;
    std::uint64_t dice_rolled = 0;
    std::vector<Mark> marks;  // sorted by unit, then key; no zero values

    // The unit at this index of `units` (the scenario's order).
    const UnitState& unit(int index) const { return units[static_cast<std::size_t>(index)]; }
    UnitState& unit(int index) { return units[static_cast<std::size_t>(index)]; }
    int mark(int unit, const std::string& key) const;
    void set_mark(int unit, const std::string& key, int value);
};

std::uint64_t checksum(const GameState& state);

}  // namespace sandtable::kernel
