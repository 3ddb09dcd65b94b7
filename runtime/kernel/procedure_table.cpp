// The kernel's built-in phase procedures by name: what runs a phase, lists
// its decisions' legal actions and applies them. A procedure is a
// PhaseProcedure object (phase_procedure.h) with its options' struct in
// rules/phase_options.h. rules/procedures.cpp lists the
// same names for the loader (a test keeps the two lists together).
#include "kernel/game.h"
#include "kernel/procedures/formation_orders.h"
#include "kernel/procedures/movement.h"
#include "kernel/procedures/odds_combat/odds_combat.h"
#include "kernel/procedures/plot.h"
#include "kernel/procedures/plotted_combat.h"
#include "kernel/procedures/plotted_movement.h"
#include "kernel/procedures/ranged_fire.h"
#include "kernel/procedures/recovery.h"
#include "kernel/procedures/support_draw.h"
#include "kernel/tabletop/artillery.h"
#include "kernel/tabletop/fire.h"
#include "kernel/tabletop/melee.h"
#include "kernel/tabletop/morale.h"
#include "kernel/tabletop/simultaneous_movement.h"
#include "kernel/tabletop/written_orders.h"

#include <array>

namespace sandtable::kernel {

// A phase whose work the rule scripts do in phase.begin: nothing to decide.
class ScriptPhase final : public PhaseProcedure {
public:
    bool step(Game&) const override { return false; }
};

const Game::ProcedureEntry& Game::procedure_named(std::string_view name) {
    using P = Procedure;
    static const ScriptPhase script;
    static const MovementProcedure movement;
    static const RangedFireProcedure ranged_fire;
    static const OddsCombatProcedure odds_combat;
    static const RecoveryProcedure recovery;
    static const PlotProcedure plot;
    static const PlottedCombatProcedure plotted_combat;
    static const PlottedMovementProcedure plotted_movement;
    static const SupportDrawProcedure support_draw;
    static const FormationOrdersProcedure orders;
    static const WrittenOrdersProcedure written_orders;
    static const TabletopMovementProcedure table_movement;
    static const TabletopFireProcedure table_fire;
    static const TabletopArtilleryProcedure table_artillery;
    static const TabletopMeleeProcedure table_melee;
    static const TabletopMoraleProcedure table_morale;
    static const std::array<ProcedureEntry, 16> table{{
        {"", P::Script, &script},
        {"movement", P::Movement, &movement},
        {"ranged_fire", P::RangedFire, &ranged_fire},
        {"odds_combat", P::OddsCombat, &odds_combat},
        {"recovery", P::Recovery, &recovery},
        {"plot", P::Plot, &plot},
        {"plotted_combat", P::PlottedCombat, &plotted_combat},
        {"plotted_movement", P::PlottedMovement, &plotted_movement},
        {"support_draw", P::SupportDraw, &support_draw},
        {"orders", P::Orders, &orders},
        {"written_orders", P::TableOrders, &written_orders},
        {"table_movement", P::TableMovement, &table_movement},
        {"table_fire", P::TableFire, &table_fire},
        {"table_artillery", P::TableArtillery, &table_artillery},
        {"table_melee", P::TableMelee, &table_melee},
        {"table_morale", P::TableMorale, &table_morale},
    }};
    for (const auto& p : table)
        if (!p.name.empty() && p.name == name) return p;
    return table.front();
}

}  // namespace sandtable::kernel
