// One battle set up under a ruleset: the map, the sides, the order of battle,
// the game length and the victory conditions.
#pragma once

#include "geometry/hex_grid.h"
#include "rules/evaluation.h"
#include "rules/param.h"
#include "rules/source_location.h"
#include "rules/table_rules.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::rules {

// The painted map. Per hex (by the grid's dense index): terrain, elevation,
// the feature on each of its six hexsides and which hexsides a path crosses.
struct MapData {
    geometry::HexGrid grid;
    std::vector<int> terrain;                       // terrain index per hex
    std::vector<int> elevation;                     // per hex
    std::vector<std::array<std::int8_t, 6>> sides;  // hexside feature index by direction, -1 none
    std::vector<std::array<std::int8_t, 6>> paths;  // path feature index by direction, -1 none
    std::vector<std::string> hex_names;             // optional place names, "" when none
    // The characters the file's terrain rows use, kept so that saving writes
    // the map the way its author drew it.
    std::vector<std::pair<char, int>> legend;  // character, terrain index
    // Derived: step_costs(map, ruleset), filled by the loader (see below).
    std::vector<std::vector<int>> step_costs;

    int side_feature(geometry::Hex h, int direction) const;
    int path_feature(geometry::Hex h, int direction) const;
    void set_side_feature(geometry::Hex h, int direction, int feature);
    void set_path_feature(geometry::Hex h, int direction, int feature);
};

struct Ruleset;

// The cost of the step from hex index i in direction d for movement class c,
// at [c][i * 6 + d], in the ruleset's movement point parts; -1 when prohibited. A road through the hexside costs the
// road's cost whatever the terrain; otherwise the terrain entered plus any
// hexside feature crossed, either of which may prohibit the step. The map
// does not change during a game, so a game works this out once.
std::vector<std::vector<int>> step_costs(const MapData& map, const Ruleset& ruleset);

// A map edge, for the side whose retreats should end closer to it (F&M 8.3).
enum class MapEdge { North, South, East, West };

struct SideSpec {
    std::string id;
    std::string name;
    std::string color;
    int demoralization = 0;        // eliminated strength that demoralizes; 0 = never
    int disintegration = 0;        // eliminated strength that disintegrates; 0 = never
    int stacking = 0;              // units that count for stacking allowed in a hex (PRESTAGS 5.4); 0 = the ruleset's
    std::vector<int> rally_rolls;  // die rolls that rally one eliminated unit
    std::vector<MapEdge>
        friendly_edges;  // retreats end closer to one of these when they can (F&M 8.3); empty: no preference
    SourceLocation where;
};

struct UnitPlacement {
    std::string id;
    std::string name;
    int type = 0;       // index into Ruleset::unit_types
    int side = 0;       // index into Scenario::sides
    int facing = -1;    // the direction its front faces, 0-5 as geometry::neighbour (PRESTAGS 16.0); -1: none
    geometry::Hex hex;  // where it sets up, or where it enters as a reinforcement
    bool back = false;
    int arrives = 1;  // the game turn it comes on the map; 1 = set up at the start
    // The formation it belongs to (a regiment, "4/47" as F&M 2.3.1 prints a
    // battalion of its regiment); "" when none. Rule modules read it
    // (game.unit(u).formation); units of one formation share it exactly.
    std::string formation;
    // Strength points it has lost (dice pools, regimental 1.3): a worn stand
    // sets up so; the studio's playtest board shows a game's losses here too.
    int hits = 0;
    // On a tabletop: where it stands, instead of `hex` and `facing`.
    TablePlacement table;
    SourceLocation where;
};

struct Objective {
    geometry::Hex hex;
    // On a tabletop: a point and a radius in cm; a side holds it with a
    // unit's base within the radius and no enemy's.
    geometry::tabletop::Point table_at;
    double radius = 0;
    std::string name;
    int points = 0;
    int holder = -1;  // side holding it at the start, -1 none
    SourceLocation where;
};

// Hexes a side's units may leave the map from (PRESTAGS 11.4), and what
// each unit that leaves scores: `points`, or, when -1, its victory points.
struct ExitArea {
    int side = 0;
    std::vector<geometry::Hex> hexes;
    int points = -1;
    SourceLocation where;
};

// The scenario's switch for one of its ruleset's rule modules (an optional
// rule turned on or off, or tuned): `rules: { NAME: { enabled, params } }`.
// rules::effective_modules (rules/rule_switches.h) applies them.
struct RuleSwitch {
    std::string module;           // a module name the ruleset lists
    std::optional<bool> enabled;  // unset: as the ruleset says
    Param params;                 // a map merged over the ruleset's params key by key; null: none
    SourceLocation where;
};

// Support fire markers (F&M 7.0): each side's pool, and how many markers it
// draws at random from it at the start of each game turn (the turn track's
// allotment). Markers are never placed on the map; their values stay hidden
// from the other side until revealed in a combat.
struct SupportFire {
    std::vector<std::vector<int>> pools;       // by side: each marker's "+" value; empty: the side has none
    std::vector<std::vector<int>> allotments;  // by side: markers drawn on turn 1, 2, …; the last repeats
    SourceLocation where;

    bool empty() const;  // no side has a marker
    // Markers `side` draws on game turn `turn` (never more than its pool holds).
    int allotment(int side, int turn) const;
};

struct Scenario {
    std::string id;
    std::string name;
    std::string notes;
    std::string file;
    std::string ruleset_dir;
    std::string ruleset_ref;               // `ruleset:` as written in the file
    std::vector<std::string> house_rules;  // `house_rules:` as written (folders relative to the file)
    int turns = 1;
    int first_side = 0;
    std::vector<SideSpec> sides;
    MapData map;
    TableData table;  // a tabletop's size and terrain (a ruleset with geometry kind table)
    std::vector<UnitPlacement> units;
    // Hexes each side may set up in (by side index); an empty zone: anywhere.
    std::vector<std::vector<geometry::Hex>> deployment_zones;
    std::vector<Objective> objectives;
    int vp_per_enemy_strength = 1;  // VP for each enemy strength point eliminated
    // Overrides of the ruleset's rule modules, in the order written; empty
    // for most scenarios (and then `rules:` is not written back).
    std::vector<RuleSwitch> rule_switches;
    std::vector<ExitArea> exits;  // `exits:`: where units may leave the map, by side
    // The ruleset's sequence variant this scenario plays (`sequence:`); empty: the standard one.
    std::string sequence;
    SupportFire support_fire;  // `support_fire:`; empty for games without support markers
    // `evaluation:`: the weights of the ruleset's `evaluation:` this scenario changes (rules/evaluation.h).
    EvaluationOverrides evaluation;
    SourceLocation where;

    int side_index(const std::string& id) const;
    // The unit placed under this id; -1 when none is.
    int unit_index(const std::string& id) const;
};

}  // namespace sandtable::rules
