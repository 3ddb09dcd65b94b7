// The odds combat procedure (PRESTAGS 7.0-8.0, BMW 7.x, F&M 8.x, regimental
// 3.0-4.2): the attacking side declares combats one at a time against units
// or hexes its units reach, builds each (attackers, further defenders), and
// CombatResolution resolves it; mandatory combats (units in an enemy zone)
// must be fought before the phase may end. A bombardment (F&M 8.1) is an
// attack by support markers alone.
#pragma once

#include "kernel/phase_procedure.h"

#include <vector>

namespace sandtable::kernel {

class Game;

class OddsCombatProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override { combat_actions(game, out); }
    void apply(Game& game, const Action& action) const override { combat_apply(game, action); }
    // The same for a plotted combat phase, whose combats are open from the start.
    static void combat_actions(const Game& game, std::vector<Action>& out);
    static void combat_apply(Game& game, const Action& a);
    // Building the open combat: attackers that may join, defenders that may be added, resolving it.
    static void building_actions(const Game& game, std::vector<Action>& out);
    // Does the attacker reach every defender, and is the defender reached by every attacker (Game::reaches)?
    static bool reaches_all(const Game& game, int attacker, const std::vector<int>& defenders);
    static bool reached_by_all(const Game& game, int defender, const std::vector<int>& attackers);

private:
    friend class CombatResolution;
    static bool may_be_declared_against(const Game& game, int unit);
    static void mark_mandatory_combats(Game& game);
    static bool may_end_combat_phase(const Game& game);
    static bool strands_mandatory_unit(const Game& game);
    static void declare_actions(const Game& game, std::vector<Action>& out);
    static bool may_join_pool(const Game& game, int unit);
    static bool may_open_pool(const Game& game, int unit);
    static void bombardment_actions(const Game& game, std::vector<Action>& out);
};

}  // namespace sandtable::kernel
