// A combat and the log in words for players: the studio's Combat and Dice
// tabs and its log show units by name and explain each combat.
#pragma once

#include "core/value_sources.h"
#include "kernel/game.h"

#include <string>
#include <unordered_map>

namespace sandtable::studio {

// A unit as players know it: its name, or its id when it has none; "?" for no unit.
std::string unit_name(const kernel::Game& game, int unit);

// Text from the kernel's log or a rule script with each unit's id ("h_lc")
// replaced by its name ("Harrow Wood Javelins"), for players. Made once for
// many texts (a dice log), it looks each word up in one table.
class UnitNamer {
public:
    explicit UnitNamer(const kernel::Game& game);
    std::string operator()(const std::string& text) const;

private:
    std::unordered_map<std::string, std::string> names_;
};
std::string with_unit_names(const kernel::Game& game, const std::string& text);

// A combat in one line for a list ("T2 Combat: Spearmen 2 against Levy 1 — 2-1, die 4: DR"),
// and in full: each unit's part, every modifier and where it is written, the
// column, the die and the result.
std::string combat_summary(const kernel::Game& game, const kernel::CombatExplanation& why);
// With `sources`, each unit's value names the layer and file:line it is written at.
std::string combat_text(const kernel::Game& game, const kernel::CombatExplanation& why,
                        const ValueSources* sources = nullptr);

}  // namespace sandtable::studio
