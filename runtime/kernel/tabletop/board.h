// The tabletop (a ruleset with geometry kind table, Cady) as the procedures,
// the rule scripts, the bots and the studio see it: where each unit's stands
// stand, its figures, the distances between units, who touches and who sees
// whom, and which units are hidden markers to a side. It reads the game's
// state and changes nothing; the hex map's counterpart is HexBoard
// (kernel/hex_board.h).
#pragma once

#include "geometry/tabletop/formation.h"
#include "geometry/tabletop/point.h"
#include "geometry/tabletop/stand.h"
#include "geometry/tabletop/terrain.h"
#include "rules/phase_options.h"

#include <array>
#include <cstddef>
#include <vector>

namespace sandtable::kernel {

class Game;

// The attributes the tabletop's procedures read, named by the ruleset's
// `table:` section and the phases' options.
enum class TabletopRole {
    StandWidth,  // mm
    StandDepth,  // mm
    FiguresPerStand,
    Mounted,
    Sight,      // cm
    Allowance,  // cm
    Range,      // cm
    ArcLeft,    // degrees
    ArcRight,
    Ammunition,  // volleys for the game, 0: unlimited
    Melee,
    Shock,
    Morale,
    Count
};

class TabletopBoard {
public:
    explicit TabletopBoard(const Game& game);
    // Which attributes play each role: the ruleset's `table:` section and the phases' options (by phase index).
    void read_roles(const std::vector<rules::PhaseOptions>& phase_options);

    const geometry::tabletop::TableMap& map() const;
    // A unit's value of the attribute playing `role`; 0 when the ruleset has none.
    int value(int unit, TabletopRole role) const;
    bool has(TabletopRole role) const { return roles_[static_cast<std::size_t>(role)] >= 0; }

    geometry::tabletop::Point position(int unit) const;  // the centre of its front rank, cm
    geometry::tabletop::Formation formation(int unit) const;
    std::vector<geometry::tabletop::Stand> stands(int unit) const;
    // Where its stands would stand with its front rank's centre, facing and files these.
    std::vector<geometry::tabletop::Stand> stands_at(int unit, geometry::tabletop::Point front_centre, int facing,
                                                     int files) const;
    int stand_count(int unit) const;
    // Figures per stand, filled from the front: the last stand holds what is left.
    std::vector<int> figures_on_stands(int unit) const;
    std::vector<geometry::tabletop::Point> figure_points(int unit) const;
    // The figures on a unit's stands in a rank (0 the front).
    int figures_in_rank(int unit, int rank) const;
    double allowance(int unit) const { return value(unit, TabletopRole::Allowance); }  // its move in cm, as printed

    // The shortest distance between the two units' bases, cm.
    double distance(int a, int b) const;
    // A cheap lower bound of distance() (the two blocks' circles apart).
    double distance_at_least(int a, int b) const;
    bool contact(int a, int b) const;
    // The enemies the unit's bases touch (within the ruleset's contact distance).
    std::vector<int> units_in_contact(int unit) const;
    // Where `other` stands against the unit: 0 its front (within 45 degrees of
    // its facing, from the middle of its formation), 1 a flank, 2 its rear.
    int aspect_of(int unit, int other) const;
    // The enemy on the table whose front centre is nearest the unit's; -1: none.
    int nearest_enemy(int unit) const;

    // Can the viewer see the target: within sight and a clear line to one of its stands.
    bool sees(int viewer, int target) const;
    double sight_beyond(int viewer) const;  // cm: the unit's own sight, range or gun range (0: none)
    // Hidden troop movement: is the unit a marker to `side` (an enemy that has not seen it)?
    bool hidden_from(int unit, int side) const;

private:
    const Game& game_;
    std::array<int, static_cast<std::size_t>(TabletopRole::Count)> roles_;
};

}  // namespace sandtable::kernel
