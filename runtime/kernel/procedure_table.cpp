// The kernel's built-in phase procedures by name: what runs a phase, lists
// its decisions' legal actions and applies them. A procedure is a
// PhaseProcedure object (phase_procedure.h) with its options' struct in
// rules/phase_options.h; the ones not yet moved out of Game run through
// MemberProcedure, which calls Game's methods. rules/procedures.cpp lists the
// same names for the loader (a test keeps the two lists together).
#include "kernel/game.h"
#include "kernel/procedures/formation_orders.h"
#include "kernel/procedures/movement.h"
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

// A procedure still written as three of Game's methods.
class MemberProcedure final : public PhaseProcedure {
public:
    using Step = bool (Game::*)();
    using List = void (Game::*)(std::vector<Action>&) const;
    using Apply = void (Game::*)(const Action&);
    constexpr MemberProcedure(Step step, List list, Apply apply, bool hides = false)
        : step_(step), list_(list), apply_(apply), hides_(hides) {}
    bool step(Game& game) const override { return step_ && (game.*step_)(); }
    void list(const Game& game, std::vector<Action>& out) const override {
        if (list_) (game.*list_)(out);
    }
    void apply(Game& game, const Action& action) const override {
        if (apply_) (game.*apply_)(action);
    }
    bool hides_orders() const override { return hides_; }

private:
    Step step_;
    List list_;
    Apply apply_;
    bool hides_;
};

const Game::ProcedureEntry& Game::procedure_named(std::string_view name) {
    using P = Procedure;
    using M = MemberProcedure;
    static const M script{nullptr, nullptr, nullptr};
    static const MovementProcedure movement;
    static const RangedFireProcedure ranged_fire;
    static const M odds_combat{&Game::combat_step, &Game::combat_actions, &Game::combat_apply};
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
