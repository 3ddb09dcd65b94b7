// The post-melee morale test (morale.h).
#include "kernel/tabletop/morale.h"

#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

bool TabletopMoraleProcedure::step(Game& game) const {
    const rules::MoraleBands* chart = game.ruleset_->morale_table(game.phase().table);
    const int n = static_cast<int>(game.state_.units.size());
    std::vector<rules::MoraleReaction> result(static_cast<std::size_t>(n), rules::MoraleReaction::None);
    for (int unit = 0; unit < n && chart; ++unit) {
        const auto& u = game.state_.unit(unit);
        const int lost = u.figures_at_turn_start - u.figures;
        if (!u.on_map || lost <= 0) continue;
        const int morale = game.tabletop_.value(unit, TabletopRole::Morale);
        EventContext ctx(Event::MoraleShift);
        ctx.set("unit", unit);
        ctx.set("value", morale * u.figures_at_turn_start);
        ctx.set("losses", morale * lost);
        ctx.set("columns", 0);
        game.raise(ctx);
        const int column = chart->column_for(morale * u.figures_at_turn_start, static_cast<int>(ctx.get("columns", 0)));
        result[static_cast<std::size_t>(unit)] = chart->result(column, morale * lost);
        if (game.recording_.log)
            game.note("  " + game.unit(unit).id() + " tests morale: " + std::to_string(morale * lost) + " lost of " +
                      std::to_string(morale * u.figures_at_turn_start) + ": " +
                      rules::reaction_name(result[static_cast<std::size_t>(unit)]));
    }
    if (game.options<rules::TabletopMoraleOptions>().worst_only)
        for (int a = 0; a < n; ++a)
            for (int b : game.tabletop_.units_in_contact(a)) {
                if (b < a) continue;
                auto& ra = result[static_cast<std::size_t>(a)];
                auto& rb = result[static_cast<std::size_t>(b)];
                if (ra == rules::MoraleReaction::None || rb == rules::MoraleReaction::None) continue;
                const int tmv_a = game.tabletop_.value(a, TabletopRole::Morale) * game.unit(a).figures();
                const int tmv_b = game.tabletop_.value(b, TabletopRole::Morale) * game.unit(b).figures();
                const bool a_takes = ra != rb ? ra > rb : tmv_a <= tmv_b;
                (a_takes ? rb : ra) = rules::MoraleReaction::None;
                if (game.recording_.log) game.note("  only " + game.unit(a_takes ? a : b).id() + "'s reaction counts");
            }
    for (int unit = 0; unit < n; ++unit) {
        auto& u = game.state_.unit(unit);
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
                if (game.recording_.log) game.note("  " + game.unit(unit).id() + " routs off the table");
                game.lose_figures(unit, u.figures, "rout");
                if (game.state_.result.over) return false;
                break;
        }
    }
    for (auto& u : game.state_.units) u.figures_at_turn_start = u.figures;
    return false;
}

}  // namespace sandtable::kernel
