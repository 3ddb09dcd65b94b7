// The merged, immutable model of a ruleset: what a game system is, free of
// any particular battle. Built by load/, read by the kernel and the studio.
#pragma once

#include "geometry/hex_grid.h"
#include "rules/artillery_chart.h"
#include "rules/dice_pool.h"
#include "rules/evaluation.h"
#include "rules/hit_matrix.h"
#include "rules/morale_bands.h"
#include "rules/step_ladder.h"
#include "rules/differential_crt.h"
#include "rules/odds_crt.h"
#include "rules/param.h"
#include "rules/sequence.h"
#include "rules/table_rules.h"
#include "rules/terrain.h"
#include "rules/threshold_table.h"
#include "rules/unit_type.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::rules {

// What a combat result code does to each side.
struct CombatResult {
    std::string code;
    std::string name;
    // What a result does to one side of the combat:
    //   Retreat: each of its units retreats (`*_retreat` hexes, else its retreat_hexes);
    //   LoseUnit: one of its units, chosen by its owner, is eliminated;
    //   Reduce: one of its units, chosen by its owner, loses a step: a unit on its
    //     front face with a back face flips, any other is eliminated (F&M Ex, (A));
    //   EliminateAll: every unit of its is eliminated, steps or not (F&M De, Ae).
    enum class Effect { None, Retreat, LoseUnit, Reduce, EliminateAll };
    Effect attacker = Effect::None;
    Effect defender = Effect::None;
    int attacker_retreat = 0;  // hexes of a Retreat; 0: each unit's retreat_hexes capability
    int defender_retreat = 0;
    SourceLocation where;
};

struct VictoryLevel {
    std::string id;
    std::string name;
    // The level applies when the winner's VP divided by the loser's, rounded
    // down as for combat odds, is at least this ratio (and the winner has
    // strictly more VP). Levels are checked from the first listed.
    int ratio_at_least = 1;
    // Set (above 0): the level applies when the winner's VP are more than this many times the loser's, the exact
    // ratio compared (BMW 3.4: "More than 2:1" — 20 to 10 is not, 21 to 10 is); ratio_at_least is then unused.
    int ratio_more_than = 0;
    bool on_disintegration = false;
    SourceLocation where;
};

// One parameter a rule module declares (its `--[[ params: ]]` block).
struct ParamSpec {
    std::string name;
    // int, bool, text, int_list, text_list, unit_type, unit_types,
    // attribute, phase, phases, terrain, terrains
    std::string type;
    std::optional<long long> min;
    std::optional<long long> max;
    std::string doc;
    SourceLocation where;
};

struct RuleModule {
    std::string module;  // e.g. "light_troops"; resolved to a Lua file
    std::string file;    // path of the Lua file, project-relative
    Param params;
    // What the module declares it reads; absent when its file declares nothing.
    std::optional<std::vector<ParamSpec>> declared;
    // A module switched off stays listed with its params (a designer can
    // switch it back on) but is neither compiled nor run.
    bool enabled = true;
    SourceLocation where;
};

// Which units may share a hex, by the value of an enum attribute (PRESTAGS
// 5.32-5.38: classes A, B and C never mix; foot fire units mix with A or B,
// mounted fire units with C; D and E with anyone).
struct StackingMixes {
    int attribute = -1;                      // the enum attribute; -1: any units may share a hex
    std::vector<std::vector<char>> allowed;  // [value][value]: 1 when the two may share
    SourceLocation where;

    bool compatible(int a, int b) const {
        return attribute < 0 || allowed[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
    }
};

// One layer of a ruleset as played: the base ruleset, then each house rule
// in the order applied. What the content hash covers and the studio shows.
struct RulesetLayer {
    enum class Kind { Ruleset, HouseRule };
    Kind kind = Kind::Ruleset;
    std::string id;
    std::string name;
    std::string version;
    std::string directory;
    std::vector<std::string> files;  // the YAML files it was read from
};

// Orders a formation operates under for a game turn (the regimental rules'
// M, H, D, R, 1.5), written hidden in an `orders` phase and revealed together.
struct OrderSpec {
    // What the order is for, for bots choosing orders without knowing the
    // ruleset's ids (`posture:`; none when not given).
    enum class Posture { None, Advance, Hold, DigIn, Withdraw };
    std::string id;
    std::string name;
    Posture posture = Posture::None;
    std::vector<int> next;  // the orders it may change to next game turn (itself always)
    SourceLocation where;
};

struct OrdersSpec {
    std::vector<OrderSpec> list;  // empty: the ruleset has no orders
    int initial = 0;              // what every formation has before its first orders
    // Any order may follow any at night, and on the first game turn of a day (8.0).
    bool any_at_night = true;
    int find(const std::string& id) const {
        for (std::size_t i = 0; i < list.size(); ++i)
            if (list[i].id == id) return static_cast<int>(i);
        return -1;
    }
    bool may_follow(int from, int to) const {
        if (from == to) return true;
        const auto& n = list[static_cast<std::size_t>(from)].next;
        return std::find(n.begin(), n.end(), to) != n.end();
    }
};

// Days of so many game turns, the last ones nights (the regimental rules' 4
// rounds and a night, 1.4 and 7.0). rounds 0: no days.
struct DayCycle {
    int rounds = 0;
    int nights = 1;
    int length() const { return rounds + nights; }
    bool is_night(int turn) const { return rounds > 0 && (turn - 1) % length() >= rounds; }
    bool starts_day(int turn) const { return rounds > 0 && (turn - 1) % length() == 0; }
    int day_of(int turn) const { return rounds > 0 ? (turn - 1) / length() + 1 : 1; }
};

struct Ruleset {
    std::string id;
    std::string name;
    std::string version;
    std::string notes;
    std::string directory;  // where ruleset.yaml lives
    geometry::HexLayout layout;
    TableRules table;  // `geometry: { kind: table }`: a tabletop in cm instead of hexes

    std::vector<AttributeSpec> attributes;
    std::vector<std::string> movement_classes;
    // Movement points are counted in this many parts (`movement_point_parts`,
    // default 1): 2 lets a road cost half a point (F&M 5.4.1). Printed
    // allowances and the costs in this file are whole points, except path
    // costs, which are kept in parts (PathFeature::cost).
    int movement_point_parts = 1;
    // Zones of control reach into terrain and across hexsides the exerting
    // unit may not enter or cross (F&M 6.0, `zoc_reaches_prohibited: true`);
    // by default they stop there (BMW 5.1).
    bool zoc_reaches_prohibited = false;
    std::vector<UnitType> unit_types;
    std::vector<TerrainType> terrain;
    std::vector<HexsideFeature> hexside_features;
    std::vector<PathFeature> path_features;
    std::vector<OddsCrt> odds_tables;
    std::vector<DifferentialCrt> differential_tables;
    std::vector<ThresholdTable> threshold_tables;
    std::vector<DicePoolTable> dice_pool_tables;
    // The tabletop's charts (Cady): fire step ladders, shock hit matrices,
    // post-melee morale bands, artillery charts.
    std::vector<StepLadder> step_ladders;
    std::vector<HitMatrix> hit_matrices;
    std::vector<MoraleBands> morale_tables;
    std::vector<ArtilleryChart> artillery_charts;
    std::vector<CombatResult> combat_results;
    std::vector<PhaseSpec> phases;
    SequenceSpec sequence;
    OrdersSpec orders;
    DayCycle day;
    StackingMixes stacking_mixes;
    std::vector<VictoryLevel> victory_levels;
    // Who holds an objective: its occupant at the end of each game-turn
    // (false), or the side whose unit entered it last, at once (true, PRESTAGS 11.3).
    bool control_on_entry = false;
    // A victory level a player may concede to the opponent at the start of
    // any of its movement phases (PRESTAGS 15.0: substantive); empty: none.
    std::string concession_level;
    // How bots weigh a position (`evaluation:`); a scenario may override each weight.
    EvaluationWeights evaluation;
    std::vector<RuleModule> modules;
    // [0] is the ruleset itself; house rules follow in load order.
    std::vector<RulesetLayer> layers;
    SourceLocation where;

    int attribute_index(const std::string& id) const;  // -1 when absent
    int unit_type_index(const std::string& id) const;
    int terrain_index(const std::string& id) const;
    int hexside_feature_index(const std::string& id) const;
    int path_feature_index(const std::string& id) const;
    int movement_class_index(const std::string& id) const;
    const OddsCrt* odds_table(const std::string& id) const;
    const DifferentialCrt* differential_table(const std::string& id) const;
    const ThresholdTable* threshold_table(const std::string& id) const;
    const DicePoolTable* dice_pool_table(const std::string& id) const;
    const StepLadder* step_ladder(const std::string& id) const;
    const HitMatrix* hit_matrix(const std::string& id) const;
    const MoraleBands* morale_table(const std::string& id) const;
    const ArtilleryChart* artillery_chart(const std::string& id) const;
    // Is a table of any kind called this?
    bool has_table(const std::string& id) const;
    const CombatResult* combat_result(const std::string& code) const;
};

}  // namespace sandtable::rules
