// What every player, bot, the rule scripts' API and the studio may ask about
// combat: who attacks in the phase in progress, who may attack and who
// reaches whom, the odds of a possible combat (as the phase in progress or a
// named one counts them), where a unit may retreat, the tables the phase
// fights on, support markers as they may be known, and the combat in view.
// A view of the game (game.combat()), as WrittenOrders is for written orders;
// it changes nothing.
#pragma once

#include "geometry/hex.h"
#include "kernel/combat_explanation.h"
#include "kernel/game_state.h"
#include "rules/ruleset.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::kernel {

class Game;

// The odds of a possible combat as the rules will count them, the rule
// scripts' combat.strengths and combat.odds asked as an estimate: for bots,
// the studio's odds preview and calculator, and the CLI.
struct OddsEstimate {
    int attack = 0;
    int defend = 0;
    int shift = 0;
    int column = -1;
    std::string label;
    int line = -1;              // a differential table's terrain line (index), -1 for an odds table
    std::string forced_result;  // a result a rule script fixes for this combat (then `label` says so)
};

// What halves a melee attack from one hex into the next (BMW 7.5, PRESTAGS 7.5): the attacker's ground, the
// defender's, or the hexside between; the terrain or feature as the ruleset names it.
struct AttackHalving {
    enum class By { AttackersGround, DefendersGround, Hexside };
    By by;
    const std::string* name;
    const rules::SourceLocation* where;
};

class CombatQueries {
public:
    explicit CombatQueries(const Game& game) : game_(game) {}

    // Hexes a unit may end a retreat of `hexes` in; empty if it must die.
    std::vector<geometry::Hex> retreat_destinations(int unit, int hexes) const;
    // The path of least disruption to a retreat destination (through friends).
    std::vector<geometry::Hex> retreat_path(int unit, geometry::Hex to) const;
    // With `why`, also fills in each unit's part and the ruleset's modifiers.
    OddsEstimate odds_for(const std::vector<int>& attackers, const std::vector<int>& defenders,
                          CombatExplanation* why = nullptr) const;
    // The same odds as a given phase would count them (the odds calculator,
    // between combat phases), and the phases where units fight on a table (odds or differential).
    OddsEstimate odds_for_phase(const std::string& phase_id, const std::vector<int>& attackers,
                                const std::vector<int>& defenders, CombatExplanation* why = nullptr) const;
    std::vector<std::string> odds_combat_phases() const;
    // What halves an attack from `from` into the adjacent `into`, whoever stands there; nullopt when nothing does.
    std::optional<AttackHalving> attack_halving(geometry::Hex from, geometry::Hex into) const;
    // The attacker's own ground alone (halve_attacker_out_of), before any defender is named.
    std::optional<AttackHalving> attack_halving_out_of(geometry::Hex from) const;
    // Who would defend if `target` were attacked now (its hex's units that fight).
    std::vector<int> defenders_of(int target) const;
    // May this unit still attack in the current combat phase?
    bool can_attack(int unit) const;
    // The side that attacks in the current combat phase: the active side, or
    // the other one in a phase with `attacker: inactive` (defensive fire).
    int attacking_side() const;
    // Can `attacker` take part in a combat against `defender` in this phase:
    // adjacent, or within the phase's `reach` with a clear line of sight.
    bool reaches(int attacker, int defender) const;
    // Support fire markers (F&M 7.0-7.2, the scenario's support_fire): how
    // many markers a side may still draw this game turn (public: the turn
    // track's allotment less those drawn). Each is drawn at random from the
    // side's pool when it is placed, face down; nobody, its owner included,
    // knows a value until the combat's markers are revealed (8.2.1 b).
    int support_draws_left(int side) const;
    // The markers a side has placed in the combat in progress, once revealed
    // (or the game is over); nullopt while they lie face down.
    std::optional<std::vector<int>> committed_support(int side) const;
    // Does the phase in progress take support markers (support_markers > 0)?
    int support_markers_per_combat() const;
    bool bombardment() const;
    bool in_a_defending_hex(int unit) const;
    // The odds table the phase in progress resolves combats on, if any.
    const rules::OddsCrt* combat_table() const;
    // The differential table it resolves them on, if that is what it names.
    const rules::DifferentialCrt* differential_table() const;
    // The dice pool chart it resolves them with (regimental 3.2), if that is what it names.
    const rules::DicePoolTable* dice_pool() const;
    // Does the phase in progress resolve combats on a table (odds, differential or dice pool)?
    bool fights_on_a_table() const;
    // A unit's status in a dice pool combat: its formation's order, or the
    // chart's `unordered_status` for a unit in no formation.
    std::string status_of(int unit) const;
    // Strength points a unit has left (the dice pool chart's strength_points less its hits).
    int strength_points_left(int unit) const;
    // The result at a column of the phase's table for a roll, read as the kernel
    // reads it (beyond the table: its first or last row); throws when there is none.
    std::string table_result(int column, int roll) const;
    int table_columns() const;
    // The combat the scripts see through game.combat(): the one being
    // resolved, or the possible one the kernel is estimating.
    const Combat& in_view() const;
    bool estimating() const;

private:
    const Game& game_;
};

}  // namespace sandtable::kernel
