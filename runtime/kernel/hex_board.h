// The hex map (a ruleset with a hex grid) as the procedures, the rule
// scripts, the bots and the studio see it: who stands where, the zones of
// control, blockers and stacking counted per hex, what a step costs, and
// what the map's terrain does to a move or to sight. The tabletop's
// counterpart is TabletopBoard (kernel/tabletop/board.h).
//
// The per-hex tables are derived from the state: kept up to date one unit's
// change at a time (the game calls count() around each change) and rebuilt
// whole, lazily, after anything else (invalidate()).
#pragma once

#include "geometry/hex.h"

#include <cstdint>
#include <vector>

namespace sandtable::kernel {

class Game;
struct UnitState;

class HexBoard {
public:
    explicit HexBoard(const Game& game) : game_(game) {}
    // Reads what the map alone decides (step costs, halting terrain, barriers
    // between zones) once; `default_stacking` is the movement phase's limit,
    // for sides whose scenario sets none.
    void set_up(int default_stacking);

    std::vector<int> units_at(geometry::Hex h) const;
    // The terrain's index in the ruleset, -1 off the map.
    int terrain_at(geometry::Hex h) const;
    // Does a unit of another side bar entry to the hex (capability blocks_enemy_entry)?
    bool enemy_blocks(int side, geometry::Hex h) const;
    // Any unit of another side in the hex, barring entry or not.
    bool enemy_present(int side, geometry::Hex h) const;
    // A unit of the side other than `except` in the hex.
    bool friend_present(int side, geometry::Hex h, int except) const;
    bool adjacent_to_enemy(int unit) const;
    bool in_enemy_zoc(int side, geometry::Hex h) const;
    // Does a unit of `side` exert its zone of control into the hex?
    bool side_zoc_reaches(int side, geometry::Hex h) const;
    // The highest value of an attribute among a side's units in a hex.
    int best_attribute_at(int side, geometry::Hex h, int attribute_index) const;

    // The cost of the step from `from` in `direction` for the unit's movement
    // class (terrain, hexside, road), in movement point parts; -1 when
    // prohibited or off the map.
    int step_cost(int unit, geometry::Hex from, int direction) const;
    // Every step's cost for a movement class, by hex index * 6 + direction.
    const int* step_costs(int movement_class) const;
    // Per hex index: 1 when its terrain stops a move that enters it, 2 when it
    // may also be entered only as a move's first step; null when no terrain does.
    const std::uint8_t* terrain_halts() const { return terrain_halts_.empty() ? nullptr : terrain_halts_.data(); }
    // Per hex index * 6 + direction: 1 when the step is barred to a unit moving
    // from an enemy zone straight into another; null when the ruleset has no such barrier.
    const std::uint8_t* zoc_barriers() const { return zoc_barriers_.empty() ? nullptr : zoc_barriers_.data(); }
    // Terrain and hexside features that block sight, between two hexes.
    bool map_sight(geometry::Hex from, geometry::Hex to) const;
    // Is the line of sight from the unit to the hex clear: map_sight (unless the
    // unit fires indirectly), then the scripts' sight.check (elevation, occupied hexes).
    bool clear_sight(int viewer, geometry::Hex to) const;

    // Facing (PRESTAGS 16.0): does the unit have one (capability `faces` and a
    // direction)? Is `other` (a hex) in its front: for a unit without facing
    // always; next to it, through a front hexside; further off, when the line
    // of sight leaves through one (16.31). A faced unit exerts its zone of
    // control only into its front (16.32).
    bool uses_facing(int unit) const;
    bool in_front(int unit, geometry::Hex other) const;

    // Stacking: may the unit end a move in the hex (the side's limit, the
    // ruleset's stacking_mixes)? And the side's limit.
    bool may_end_in(int unit, geometry::Hex h) const;
    bool may_stack_in(int unit, int hex_index) const;
    int stacking_limit(int side) const { return stacking_limits_[static_cast<std::size_t>(side)]; }
    // May the unit share the hex with the friends there (the ruleset's stacking_mixes)?
    bool mixes_with_hex(int unit, geometry::Hex h) const;
    // The stacking limit as it applies to one unit, read once for a whole range of hexes.
    struct StackingRule {
        const HexBoard* board;
        int unit;
        bool stacks_freely;
        const std::uint8_t* stackers;  // by hex: the unit's side's units counting against stacking
        int own_hex;                   // the unit's hex index (it does not count against itself); -1 off the map
        int limit;
        // Inline: asked for every hex of a movement range.
        bool allows(int hex_index) const {
            if (stacks_freely) return true;
            const int friends = stackers[static_cast<std::size_t>(hex_index)] - (hex_index == own_hex ? 1 : 0);
            if (friends >= limit) return false;
            return friends == 0 || mixes_at(hex_index);
        }
        bool mixes_at(int hex_index) const;
    };
    StackingRule stacking_rule(int unit) const;

    // The per-hex tables by side, for a search that reads them hex by hex:
    // the hexes some other side's zone of control reaches, the side's units
    // that bar enemies, and those that count against stacking.
    const std::uint8_t* enemy_zoc(int side) const;
    const std::uint8_t* blockers(int side) const;
    const std::uint8_t* stackers(int side) const;

    // Updates the tables for one unit; pair -1 before and +1 after a change.
    void count(int unit, int sign);
    // Whether the tables count two states of a unit alike (what a unit's part in them depends on), so a unit
    // going from one to the other needs no count().
    static bool counted_alike(const UnitState& a, const UnitState& b);
    // Drops the tables (a full rebuild follows when next needed).
    void invalidate() const { dirty_ = true; }
    // For tests: the incrementally kept tables equal a fresh rebuild.
    bool tables_consistent() const;

private:
    void refresh() const;
    void add_to_tables(int unit, int sign, std::vector<int>* touched = nullptr) const;
    void find_halts_and_barriers();

    const Game& game_;
    std::vector<int> stacking_limits_;  // by side: the scenario's, else the movement phase's
    // Cost of each step for each movement class (see rules::step_costs).
    // Shared with the scenario (no copy per game) unless it came without them.
    const std::vector<std::vector<int>>* step_costs_ = nullptr;
    std::vector<std::vector<int>> own_step_costs_;
    std::vector<std::uint8_t> zoc_barriers_;
    std::vector<std::uint8_t> terrain_halts_;
    mutable std::vector<std::vector<std::uint16_t>> zoc_;  // [side][hex] units of that side exerting ZOC into the hex
    mutable std::vector<std::vector<std::uint8_t>> blockers_;   // [side][hex] units that bar enemies from the hex
    mutable std::vector<std::vector<std::uint8_t>> stackers_;   // [side][hex] units that count against stacking
    mutable std::vector<std::vector<std::uint8_t>> enemy_zoc_;  // [side][hex] 1 when some other side's ZOC reaches it
    mutable std::vector<std::vector<std::uint8_t>> occupants_;  // [side][hex] the side's units on the map there
    mutable bool dirty_ = true;
    std::vector<int> touched_hexes_;
};

}  // namespace sandtable::kernel
