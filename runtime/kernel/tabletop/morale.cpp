// The post-melee morale test on a tabletop (Cady, Post-Melee Morale): every
// unit that lost figures this turn, for any cause, compares its losses (its
// morale value x figures lost) with its value before them (morale x figures);
// the ruleset's chart gives no effect, back, back and turn or rout. Scripts
// shift the column (cavalry two, a brigade one). Of units in melee with each
// other only the worse reaction counts, on the smaller unit when they tie.
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

bool Game::table_morale_step() {
    const rules::MoraleBands* chart = ruleset_->morale_table(phase().table);
    const int n = static_cast<int>(state_.units.size());
    std::vector<rules::MoraleReaction> result(static_cast<std::size_t>(n), rules::MoraleReaction::None);
    for (int unit = 0; unit < n && chart; ++unit) {
        const auto& u = state_.units[static_cast<std::size_t>(unit)];
        const int lost = u.figures_at_turn_start - u.figures;
        if (!u.on_map || lost <= 0) continue;
        const int morale = tabletop_.value(unit, TabletopRole::Morale);
        EventContext ctx(Event::MoraleShift);
        ctx.set("unit", unit);
        ctx.set("value", morale * u.figures_at_turn_start);
        ctx.set("losses", morale * lost);
        ctx.set("columns", 0);
        raise(ctx);
        const int column = chart->column_for(morale * u.figures_at_turn_start, static_cast<int>(ctx.get("columns", 0)));
        result[static_cast<std::size_t>(unit)] = chart->result(column, morale * lost);
        if (logging_)
            note("  " + unit_id(unit) + " tests morale: " + std::to_string(morale * lost) + " lost of " +
                 std::to_string(morale * u.figures_at_turn_start) + ": " +
                 rules::reaction_name(result[static_cast<std::size_t>(unit)]));
    }
    if (options<rules::TabletopMoraleOptions>().worst_only)
        for (int a = 0; a < n; ++a)
            for (int b : tabletop_.units_in_contact(a)) {
                if (b < a) continue;
                auto& ra = result[static_cast<std::size_t>(a)];
                auto& rb = result[static_cast<std::size_t>(b)];
                if (ra == rules::MoraleReaction::None || rb == rules::MoraleReaction::None) continue;
                const int tmv_a = tabletop_.value(a, TabletopRole::Morale) * figures(a);
                const int tmv_b = tabletop_.value(b, TabletopRole::Morale) * figures(b);
                const bool a_takes = ra != rb ? ra > rb : tmv_a <= tmv_b;
                (a_takes ? rb : ra) = rules::MoraleReaction::None;
                if (logging_) note("  only " + unit_id(a_takes ? a : b) + "'s reaction counts");
            }
    for (int unit = 0; unit < n; ++unit) {
        auto& u = state_.units[static_cast<std::size_t>(unit)];
        switch (result[static_cast<std::size_t>(unit)]) {
            case rules::MoraleReaction::None:
                break;
            case rules::MoraleReaction::Back:
                u.reaction = Reaction::Back;
                break;
            case rules::MoraleReaction::BackAndTurn:
                u.reaction = Reaction::BackAndTurn;
                break;
            case rules::MoraleReaction::Rout:
                if (logging_) note("  " + unit_id(unit) + " routs off the table");
                lose_figures(unit, u.figures, "rout");
                if (state_.result.over) return false;
                break;
        }
    }
    for (auto& u : state_.units) u.figures_at_turn_start = u.figures;
    return false;
}

}  // namespace sandtable::kernel
