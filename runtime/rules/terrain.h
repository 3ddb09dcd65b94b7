// Terrain in hexes, features on hexsides (rivers, walls) and paths through
// hexsides (roads, trails), with their movement costs and combat effects.
#pragma once

#include "rules/source_location.h"
#include "rules/table_rules.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::rules {

// Combat effects shared by hex terrain and hexside features.
struct CombatEffects {
    // Column shift applied when the defender is in this terrain (negative:
    // towards the defender). Hills in BMW: -1.
    int defender_column_shift = 0;
    // The shift does not apply when every attacker is in the same terrain.
    bool shift_unless_attackers_same = false;
    bool halve_attacker_out_of = false;  // attacker standing in this terrain
    bool halve_attacker_into = false;    // defender standing in this terrain
    bool halve_attacker_across = false;  // hexside between attacker and defender
};

struct TerrainType {
    std::string id;
    std::string name;
    std::string color;                     // "#rrggbb" for maps and palettes
    std::vector<std::optional<int>> cost;  // by movement class; nullopt = prohibited
    // Entering from a hex of another terrain costs this instead, for every class
    // that may enter at all (PRESTAGS 5.62: from a slope onto a hilltop, 2 MP).
    std::vector<std::pair<int, int>> cost_from;  // (terrain index entered from, MP)
    bool blocks_los = false;
    bool charge_allowed = true;  // read by rule modules (charges)
    // A unit in an enemy zone of control may not enter this terrain straight
    // from another hex in one (F&M 6.1: a fortification), unless its
    // capability ignores_zoc_barriers says so (commandos).
    bool no_zoc_to_zoc = false;
    // Entering the hex ends the move (the regimental rules' woods, rough ground,
    // streams, towns, 2.3); `only_as_first_step`: a unit must also halt before
    // it, entering it only as the first step of a move (the large river).
    bool stops_movement = false;
    bool only_as_first_step = false;
    CombatEffects combat;
    TableTerrain table;  // on a tabletop: its shape and what it does to sight
    // Numbers the rules read by name, such as a fire protection strength
    // (PRESTAGS 6.22): a phase's `defence_from_terrain`, or scripts.
    std::map<std::string, int> values;
    std::string notes;
    SourceLocation where;

    // The named value, 0 when the terrain has none.
    int value(const std::string& key) const {
        auto it = values.find(key);
        return it == values.end() ? 0 : it->second;
    }
};

struct HexsideFeature {
    std::string id;
    std::string name;
    std::string color;
    std::vector<std::optional<int>> extra_cost;  // added to entering the hex; nullopt = prohibited
    bool blocks_los = false;
    bool blocks_zoc = false;
    bool no_zoc_to_zoc = false;  // no move across it from an enemy zone straight into another (F&M 6.1: minefields)
    CombatEffects combat;
    std::string notes;
    SourceLocation where;
};

// A road or trail: moving from a path hex to an adjacent path hex across the
// hexside the path runs through costs `cost` whatever the terrain.
struct PathFeature {
    std::string id;
    std::string name;
    std::string color;
    int cost = 1;  // in the ruleset's movement point parts (a road at 1/2 MP with 2 parts: 1)
    SourceLocation where;
};

}  // namespace sandtable::rules
