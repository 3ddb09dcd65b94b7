// What a phase's options say, read once when a game starts (by phase index),
// for the procedures that read them in their hot loops: typed fields instead
// of looking an option up by name. rules/procedures.cpp is the catalogue of
// the options each procedure takes (the loader checks them against it).
#pragma once

#include "rules/ruleset.h"

#include <string>
#include <vector>

namespace sandtable::kernel {

// What an odds_combat phase's options say, read once (by phase index).
struct CombatPhaseRules {
    int strength = -1;              // attribute the attackers use (and the defenders, unless `defence` names another)
    int defence = -1;               // `defence`: attribute the defenders use
    int leader = -1;                // `leader_adds`: a stacked leader's attribute added
    bool inactive_attacks = false;  // `attacker: inactive`
    int reach = -1;                 // `reach`: attribute giving range in hexes; -1: adjacent only
    bool hex_target = false;        // `target: hex`: every unit in the hex defends
    std::string terrain_defence;    // `defence_from_terrain`: terrain value the defence is
    std::string target_mark;        // `targets_marked`: only units with this mark may be attacked
    std::string barred_mark;        // `barred_mark`: units with this mark may not attack
    bool plotted_fire = false;      // plotted_combat `task: fire` (else melee orders)
    bool hex_defends = false;       // `hex_defends_as_one`: whoever stays in a defending hex defends
    bool stiff_resistance = false;  // `stiff_resistance`: a side told to retreat may lose a step instead (F&M 8.4)
    bool short_retreat_reduces =
        false;  // `short_retreat: reduce`: a unit short of the full retreat is reduced where it stops
    bool advance_along_retreat = false;  // `advance: path_of_retreat` (F&M 8.5)
    bool advance_stated = false;         // `advance: vacated` written: fire takes ground too (PRESTAGS 8.4)
    bool advance_up_to_stacking =
        false;  // `advance_up_to_stacking`: every attacker may follow, while stacking allows (regimental 4.2)
    bool zoc_bars_retreat = false;  // `zoc_bars_retreat`: no retreat into an enemy zone, friends there or not (F&M 8.3)
    bool victor_advances =
        false;  // `victor_advances`: the side a result leaves unhurt advances, the defender too (BMW 7.9)
    bool attack_needs_entry =
        false;  // `attack_needs_entry`: no attack into a hex or across a hexside closed to the attacker (F&M 8.2)
    bool below_lowest_refused =
        false;  // `below_lowest_column: not_permitted`: no combat below the table's lowest odds (PRESTAGS 8.1)
    bool one_defending_hex =
        false;                 // `one_defending_hex`: defenders are added only from a hex already defending (F&M 8.0)
    int support_markers = 0;   // `support_markers`: markers each side may commit to a combat (F&M 8.2.1)
    bool bombardment = false;  // `bombardment`: support markers alone attack (F&M 8.1)
    std::vector<std::string> bombardment_no_effect;  // `bombardment_no_effect`
    std::string friendly_fire;  // `friendly_fire`: the result that hits the attacker's units next to the target
    std::string fortification;  // `fortification`: terrain value doubling defence, halving attacking support
    std::string repeat_mark;    // `attacks_while_mark`: units may attack again while this mark is above 0
    const rules::DicePoolTable* pool = nullptr;  // the phase's table, when a dice pool chart (looked up once)
};

// What a plot phase's options say, read once (by phase index).
struct PlotPhaseRules {
    int melee = -1;  // attributes: who may be ordered to melee, to fire, and how far
    int fire = -1;
    int range = -1;
    std::vector<std::string> barred;  // `barred_mark`: units that get no orders
};

// What a movement phase's options say, by ruleset phase index.
struct MovementPhaseRules {
    std::vector<std::string> barred;  // `barred_mark`: units the player may not move
    std::string halved;               // `halved_by_mark`: units at half allowance, fractions kept
    bool one_hex = false;             // `always_one_hex`
    std::string bonus;                // `bonus_from_mark`: the mark's value is added to the allowance
    bool ignore_zoc = false;  // `ignore_zoc`: enemy zones neither stop nor hold a unit (regimental 2.5: retreat orders)
    std::string keep_away_mark;  // `keep_away_mark`: units with this mark may not enter a hex within `keep_away` hexes
                                 // of an enemy
    int keep_away = 0;
    std::string
        confine_mark;  // `confine_mark`: units with this mark only step into hexes where units of their formation stand
    bool stacking_at_end =
        false;  // `stacking_checked: end_of_phase`: the limit binds when the phase ends (PRESTAGS 5.26, 5.4)
    std::vector<int>
        mark_halts_before;         // `mark_halts_before`: terrain a keep_away_mark unit may not enter (regimental 2.3)
    std::vector<int> mark_passes;  // `mark_passes`: stopping terrain such a unit moves through (2.3: town)
};

CombatPhaseRules read_combat_rules(const rules::PhaseSpec& phase, const rules::Ruleset& ruleset);
PlotPhaseRules read_plot_rules(const rules::PhaseSpec& phase, const rules::Ruleset& ruleset);
MovementPhaseRules read_movement_rules(const rules::PhaseSpec& phase, const rules::Ruleset& ruleset);

}  // namespace sandtable::kernel
