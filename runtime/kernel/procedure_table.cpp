// The kernel's built-in phase procedures by name: what runs a phase, lists
// its decisions' legal actions and applies them. A new procedure is a row
// here and its methods; docs/formats.md and rules/procedures.cpp (the options
// it reads, which the loader checks) describe it to designers.
#include "kernel/game.h"

#include <array>

namespace sandtable::kernel {

const Game::PhaseProcedure& Game::procedure_named(std::string_view name) {
    using P = Procedure;
    static const std::array<PhaseProcedure, 16> table{{
        {"", P::Script, nullptr, nullptr, nullptr, false},
        {"movement", P::Movement, &Game::movement_step, &Game::movement_actions, &Game::movement_apply, false},
        {"ranged_fire", P::RangedFire, &Game::fire_step, &Game::fire_actions, &Game::fire_apply, false},
        {"odds_combat", P::OddsCombat, &Game::combat_step, &Game::combat_actions, &Game::combat_apply, false},
        {"recovery", P::Recovery, &Game::recovery_step, &Game::recovery_actions, &Game::recovery_apply, false},
        {"plot", P::Plot, &Game::plot_step, &Game::plot_actions, &Game::plot_apply, true},
        {"plotted_combat", P::PlottedCombat, &Game::plotted_combat_step, &Game::combat_actions, &Game::combat_apply,
         false},
        {"plotted_movement", P::PlottedMovement, &Game::plotted_movement_step, nullptr, nullptr, false},
        {"support_draw", P::SupportDraw, &Game::support_draw_step, nullptr, nullptr, false},
        {"orders", P::Orders, &Game::orders_step, &Game::order_actions, &Game::order_apply, true},
        {"written_orders", P::TableOrders, &Game::table_orders_step, &Game::table_order_actions,
         &Game::table_order_apply, true},
        {"table_movement", P::TableMovement, &Game::table_movement_step, nullptr, nullptr, false},
        {"table_fire", P::TableFire, &Game::table_fire_step, &Game::table_fire_actions, &Game::table_fire_apply, false},
        {"table_artillery", P::TableArtillery, &Game::table_artillery_step, &Game::table_artillery_actions,
         &Game::table_artillery_apply, false},
        {"table_melee", P::TableMelee, &Game::table_melee_step, nullptr, nullptr, false},
        {"table_morale", P::TableMorale, &Game::table_morale_step, nullptr, nullptr, false},
    }};
    for (const auto& p : table)
        if (!p.name.empty() && p.name == name) return p;
    return table.front();
}

}  // namespace sandtable::kernel
