// An open combat resolved stage by stage (PRESTAGS 7.0-8.0, BMW 7.x, F&M
// 8.x, regimental 3.0-4.2): support markers placed and revealed, the
// participants still there, the odds or dice pools, the result read or
// rolled and heard by the scripts, then the losses, retreats (with
// displacement, F&M 8.3.1) and advances it owes. The odds_combat and
// plotted_combat procedures open combats; this resolves them.
#pragma once

#include "geometry/hex.h"
#include "kernel/action.h"
#include "kernel/combat_explanation.h"
#include "kernel/game.h"
#include "rules/dice_pool.h"
#include "rules/ruleset.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::kernel {

class Game;

class CombatResolution {
public:
    using Hex = geometry::Hex;
    // On to the combat's next decision (true), or its end (false: the phase goes on).
    static bool step(Game& game);
    // The legal actions of the open combat's stage (building, losses, retreats, advance, support).
    static void actions(const Game& game, std::vector<Action>& out);
    static void offer_stiff_resistance(Game& game);
    static void advance_after_combat(Game& game, int unit, Hex to);
    static bool loss_is_reduction(const Game& game, bool attacker);
    static void lose_step(Game& game, int unit, bool reduction);
    static void retreat_to(Game& game, int unit, Hex to);
    static bool needs_room(const Game& game, int unit, Hex h);
    static void start_displacement(Game& game, int unit, Hex to);
    static void displace(Game& game, const Action& a);
    static void commit_support(Game& game, const Action& a);
    // How many hexes the unit retreats in the combat being resolved.
    static int retreat_length(const Game& game, int unit);

private:
    friend class OddsCombatProcedure;
    static void finish_combat(Game& game);
    // The stages (nullopt: on to the next stage; true: a side decides; false: the game is over).
    static std::optional<bool> combat_declared(Game& game);
    static void keep_participants_still_there(Game& game);
    static std::optional<bool> combat_rolled(Game& game);
    static std::optional<bool> combat_losses(Game& game);
    static std::optional<bool> take_owed_loss(Game& game);
    static std::optional<bool> next_retreat(Game& game);
    static bool combat_advance(Game& game);
    static bool offers_stiff_resistance(const Game& game);
    // The units that may take the next loss a side owes: the procedure's, less those the rule scripts refuse.
    static std::vector<int> loss_candidates(const Game& game, bool attacker);
    static void compute_odds(Game& game);
    static void apply_result(Game& game);
    static std::string combat_column_label(const Game& game);
    static void roll_for_result(Game& game, const std::string& column_label);
    static void hear_result(Game& game, const std::string& column_label);
    static void owe_result(Game& game, const rules::CombatResult& r);
    static int advancing_side_after(const Game& game, const rules::CombatResult& r);
    static std::vector<Hex> retreat_options(const Game& game, int unit);
    // Retreats and advances.
    static std::vector<Hex> long_fall_back(const Game& game, int unit, int hexes, int clear);  // `long_fall_back_clear`
    static int distance_to_friendly_edge(const Game& game, int side, Hex h);
    // F&M 8.3 and 8.1.5: of the hexes a retreat may end in, those nearer a
    // friendly edge, or (a bombardment) farther from the closest enemy, when any are.
    static std::vector<Hex> preferred_retreats(const Game& game, int unit, std::vector<Hex> hexes);
    static void disorder_by_retreat(Game& game, int unit, const std::vector<Hex>& path);
    static void retreat(Game& game, int unit, Hex to);
    static void advance_along_retreat_actions(const Game& game, std::vector<Action>& out);
    static std::vector<Hex> vacated_defender_hexes(const Game& game);
    static void advance_actions(const Game& game, std::vector<Action>& out);
    // Displacement (F&M 8.3.1).
    static bool holds_friend(const Game& game, int unit, Hex h);
    static bool may_be_pushed_into(const Game& game, int unit, Hex from, int direction, const std::vector<Hex>& avoid);
    static std::vector<Hex> displacement_hexes(const Game& game, int unit, const std::vector<int>& chain,
                                               const std::vector<Hex>& avoid);
    static bool displaceable(const Game& game, int unit, const std::vector<int>& chain, const std::vector<Hex>& avoid);
    static std::vector<Hex> displacing_destinations(const Game& game, int unit, const Game::RetreatSearch& search,
                                                    int hexes);
    static int displaced_unit(const Game& game);
    static void displacement_actions(const Game& game, std::vector<Action>& out);
    // Dice pools (regimental 3.0-4.2).
    static void compute_dice_pools(Game& game);
    static int roll_pool(Game& game, int dice, const rules::DicePoolRule& rule, const std::string& who,
                         std::vector<int>* rolled);
    static void resolve_dice_pools(Game& game);
    static std::vector<int> pool_loss_candidates(const Game& game, bool attacker);
    static void lose_strength_point(Game& game, int unit);
    static bool may_hold_instead(const Game& game);
    static void explain_pools(const Game& game, CombatExplanation& why, const rules::DicePoolRule& attack_rule,
                              const rules::DicePoolRule& defend_rule, const std::string& attacker_status,
                              const std::string& defender_status);
    static void owe_pool_losses(Game& game, const rules::DicePoolTable& pool);
    // Support fire markers drawn, committed face down, revealed (F&M 7.0-8.2).
    static int draw_support_marker(Game& game, int side);
    static int support_side_at(const Game& game, int step);
    static bool support_commit_step(Game& game);
    static void support_actions(const Game& game, std::vector<Action>& out);
    static bool fortified(const Game& game, Hex h);
    static void reveal_support(Game& game);
    // Whether a bombardment's result has an effect, and on whom (8.1.3).
    static bool filter_bombardment_result(Game& game);
};

}  // namespace sandtable::kernel
