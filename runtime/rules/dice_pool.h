// A dice pool chart (the regimental rules, 3.2): each side of a combat rolls
// a pool of dice, and how many of them are hits depends on who rolls
// (attacking or defending), its status (its formation's order) and the
// status of the side it rolls against. "6 or Double 5": every 6 is a hit,
// and a double of 5s adds hits as `doubles` reads it.
#pragma once

#include "rules/source_location.h"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::rules {

struct DicePoolRule {
    std::string role;                 // attack, defend, or "" for either
    std::vector<std::string> firer;   // statuses of the side rolling; empty: any
    std::vector<std::string> target;  // statuses of the side rolled against; empty: any
    int hit_on = 6;                   // each die showing this or more is a hit
    int double_on = 0;                // 0: none; else dice showing this (below hit_on) score by `doubles`
    SourceLocation where;

    bool matches(const std::string& role_now, const std::string& firer_status, const std::string& target_status) const;
};

class DicePoolTable {
public:
    enum class Doubles { Pairs, EachDie };
    enum class Ties { NobodyFallsBack, BothFallBack, AttackerFallsBack };

    std::string id;
    std::string name;
    std::string notes;
    int die_faces = 6;
    std::vector<DicePoolRule> rules;  // the first that matches applies
    DicePoolRule otherwise;           // `otherwise`: what no line of the chart covers (H attacking H or D)
    // `doubles`: pairs (default): each pair of dice showing double_on adds one
    // hit; each_die: every die showing double_on is a hit when at least two do.
    Doubles doubles = Doubles::Pairs;
    // `close_combat_ties`: equal hits in close combat (the text is silent).
    Ties ties = Ties::NobodyFallsBack;
    std::vector<std::string> no_return_fire;  // statuses that do not fight back (R, 3.6)
    std::string unordered_status = "H";       // units in no formation (artillery acts as H, 5.0)
    std::string strength_points;              // the attribute of strength points; dice = min(strength, SP left)
    int max_loss_per_hex = 2;                 // 4.0: at most 2 SP lost per hex in one combat
    int min_close_defence = 1;                // 3.4: a stand in close combat defends with at least 1D6
    int fall_back = 1;                        // 4.1: hexes the loser of a close combat falls back
    // `long_fall_back_clear`: 0 none; N: a unit whose capability retreat_hexes is more than fall_back may
    // fall back up to that many hexes on a way that after its first hex keeps more than N hexes from
    // every enemy, and ends so (4.1: artillery "can move their full move", N = 1)
    int long_fall_back_clear = 0;
    bool fire_only = false;  // `fire_only`: never close combat, even next to the target (5.1: the artillery phase)
    int max_hits_per_attacker =
        0;  // `max_hits_per_attacker`: 0 no cap; 1: a battery's gun hits at most once a shot (5.1)                   //
            // `fire_only`: never close combat, even next to the target (5.1: the artillery phase)
    std::vector<std::string> hold_instead;  // statuses that may lose one more SP and stay (D, 4.1)
    // Who may attack together (3.4): units with `stand_attribute` (core stands)
    // count against `attacking_stands` by their status (M: 2, H: 1; a status
    // not listed may not attack); other units of their formation (attached
    // companies) join with them; `unattached` units in no formation (divisional
    // artillery) may support, at most this many (3.5.1: 2 guns).
    std::string stand_attribute;
    std::vector<std::pair<std::string, int>> attacking_stands;
    int unattached = 0;
    std::vector<std::string>
        unattached_with;  // `unattached_with`: statuses whose attacks they may support (3.5.1: M); empty: any
    // `joins_from_afar`: companies with this attribute join from anywhere in
    // reach (fire support, 3.5); other companies only from a hex where a
    // stand of the attack stands (attached companies). Empty: from anywhere.
    std::string joins_from_afar;
    int stands_allowed(const std::string& status) const {
        for (const auto& [s, n] : attacking_stands)
            if (s == status) return n;
        return attacking_stands.empty() ? 1'000'000 : 0;
    }
    SourceLocation where;

    const DicePoolRule& rule_for(const std::string& role, const std::string& firer, const std::string& target) const;
    // Hits the dice score under a rule.
    int hits(const std::vector<int>& dice, const DicePoolRule& rule) const;
    // The chance of each number of hits (index) with `dice` dice under a rule: exact.
    std::vector<double> distribution(int dice, const DicePoolRule& rule) const;
    double expected_hits(int dice, const DicePoolRule& rule) const;
};

}  // namespace sandtable::rules
