// The sequence of play as data: a game turn is a list of steps; a step is a
// mutual phase or a round of player turns (each side in order runs the same
// list of phases as the active player). Each phase names a procedure the
// kernel provides (movement, ranged_fire, odds_combat, recovery, rally, …)
// or a Lua phase, with its options.
#pragma once

#include "rules/param.h"
#include "rules/source_location.h"

#include <string>
#include <vector>

namespace sandtable::rules {

enum class Acting { Active, Both };

struct PhaseSpec {
    std::string id;         // "movement", "archery", …
    std::string name;       // shown to players
    std::string procedure;  // the kernel procedure, or "lua"
    Acting acting = Acting::Active;
    std::string table;  // the table the procedure resolves with, if any
    Param options;
    SourceLocation where;
};

// An activation loop (the regimental rules, 1.6): the sides roll off, the
// winner picks one of its formations not yet activated this step, and that
// formation alone runs the step's phases; until every formation has.
struct ActivationRules {
    int roll_dice = 2;  // `roll_off: 2d6`: each side rolls this many dice
    int roll_faces = 6;
    int max_in_a_row = 2;  // `max_in_a_row`: after this many, the other side goes (0: no limit)
    enum class Ties {
        Reroll,
        OtherSide
    } ties = Ties::Reroll;  // `ties`: roll again, or the side that did not go last goes
};

struct SequenceStep {
    enum class Kind { PlayerTurns, MutualPhase, Activations };
    Kind kind = Kind::PlayerTurns;
    std::vector<int> phases;     // indices into Ruleset::phases
    ActivationRules activation;  // Kind::Activations, and the roll-off of `first: roll_off`
    // PlayerTurns: `first: roll_off`: the sides roll off (the activation
    // rules' dice) for who goes first in this step (regimental 5.1: the
    // artillery phase); else the scenario's first side goes first.
    bool first_by_roll_off = false;
    // `when: day` or `when: night`: the step runs only in those game turns
    // (the ruleset's `day:` says which turns are nights); empty: every turn.
    std::string when;
    SourceLocation where;
};

// Another sequence of play a scenario may choose (`sequence: id`), such as
// PRESTAGS's Simultaneous Movement Sequence (19.0).
struct SequenceVariant {
    std::string id;
    std::string name;
    std::vector<SequenceStep> game_turn;
    SourceLocation where;
};

struct SequenceSpec {
    std::vector<SequenceStep> game_turn;
    std::vector<SequenceVariant> variants;

    const SequenceVariant* variant(const std::string& id) const {
        for (const auto& v : variants)
            if (v.id == id) return &v;
        return nullptr;
    }
};

}  // namespace sandtable::rules
