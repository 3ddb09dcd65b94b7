// Shock and melee on a tabletop (melee.h).
#include "kernel/tabletop/melee.h"

#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

int TabletopMeleeProcedure::figures_in_contact(const Game& game, int unit, int enemy) {
    const auto mine = game.tabletop_.stands(unit);
    const auto counts = game.tabletop_.figures_on_stands(unit);
    const auto theirs = game.tabletop_.stands(enemy);
    int figures = 0;
    for (std::size_t i = 0; i < mine.size() && i < counts.size(); ++i)
        for (const auto& t : theirs)
            if (gt::in_contact(mine[i], t, game.ruleset_->table.contact)) {
                figures += counts[i];
                break;
            }
    return figures;
}

// `full_move_waits` (Cady: "you can't take a full move and still have time to
// fire missiles and/or melee. If you wish to melee/fire at the end of the
// turn you need to only move 2/3rds"): a unit that went into the last third
// of its move this turn on any order but a charge (a charge's extra third is
// its time to strike) has no time left to fight; its contact is fought from
// the next turn.
bool TabletopMeleeProcedure::out_of_time_to_fight(const Game& game, int unit) {
    if (!game.options<rules::TabletopMeleeOptions>().full_move_waits) return false;
    return game.state_.unit(unit).moved_thirds >= 3 && game.written_orders().standing(unit).mode != TableOrder::Charge;
}

bool TabletopMeleeProcedure::step(Game& game) const {
    const int n = static_cast<int>(game.state_.units.size());
    std::vector<std::pair<int, int>> pairs;
    for (int a = 0; a < n; ++a)
        for (int b : game.tabletop_.units_in_contact(a)) {
            if (b < a) continue;
            if (out_of_time_to_fight(game, a) || out_of_time_to_fight(game, b)) {
                if (game.recording_.log)
                    game.note("  " + game.unit(a).id() + " and " + game.unit(b).id() +
                              " meet in the last third of a move: they fight next turn");
                continue;
            }
            pairs.emplace_back(a, b);
        }
    if (pairs.empty()) return false;
    // Shock, by charging units against what they charged into: only a charge
    // that went in this turn (a unit already in melee cannot charge again),
    // both sides' shock losses taken together.
    if (const rules::HitMatrix* shock = game.ruleset_->hit_matrix(game.phase().table)) {
        std::vector<int> shock_losses(static_cast<std::size_t>(n), 0);
        for (auto [a, b] : pairs)
            for (auto [striker, receiver] : {std::pair{a, b}, std::pair{b, a}})
                shock_losses[static_cast<std::size_t>(receiver)] += shock_hits(game, *shock, striker, receiver);
        for (int u = 0; u < n; ++u)
            game.beside_.pending_losses[static_cast<std::size_t>(u)] += shock_losses[static_cast<std::size_t>(u)];
    }
    game.take_pending_losses("shock");
    if (game.state_.result.over) return false;
    // Melee: every figure still in contact rolls to survive.
    std::vector<int> losses(static_cast<std::size_t>(n), 0);
    for (auto [a, b] : pairs)
        for (auto [unit, enemy] : {std::pair{a, b}, std::pair{b, a}})
            losses[static_cast<std::size_t>(unit)] += melee_losses(game, unit, enemy);
    for (int u = 0; u < n; ++u)
        game.beside_.pending_losses[static_cast<std::size_t>(u)] += losses[static_cast<std::size_t>(u)];
    game.take_pending_losses("melee");
    return false;
}

// The hits a unit that charged home this turn scores on what it charged into
// (the hit matrix by both units' classes, shock.dice deciding the dice).
int TabletopMeleeProcedure::shock_hits(Game& game, const rules::HitMatrix& shock, int striker, int receiver) {
    const TableOrder& o = game.written_orders().standing(striker);
    if (o.mode != TableOrder::Charge || game.state_.unit(striker).moved_thirds == 0) return 0;
    auto class_of = [&](int unit, const std::string& by) {
        const int attribute = game.ruleset_->attribute_index(by);
        return attribute < 0 ? std::string()
                             : game.ruleset_->attributes[static_cast<std::size_t>(attribute)].format(
                                   game.unit(unit).attribute(attribute));
    };
    const int figures = figures_in_contact(game, striker, receiver);
    EventContext ctx(Event::ShockDice);
    ctx.set("attacker", striker);
    ctx.set("defender", receiver);
    ctx.set("figures", figures);
    ctx.set("dice", game.tabletop_.value(striker, TabletopRole::Shock) * figures);
    game.raise(ctx);
    const int dice = std::max(0, static_cast<int>(ctx.get("dice", 0)));
    const auto& faces = shock.hits(class_of(striker, shock.attacker_by), class_of(receiver, shock.defender_by));
    if (dice == 0 || faces.empty()) return 0;
    int hits = 0;
    for (int k = 0; k < dice; ++k) {
        const int face = game.roll(shock.die_faces, game.unit(striker).id() + " shock");
        hits += std::find(faces.begin(), faces.end(), face) != faces.end();
    }
    if (game.recording_.log)
        game.note("  " + game.unit(striker).id() + " charges home on " + game.unit(receiver).id() + ": " +
                  std::to_string(dice) + " shock dice, " + std::to_string(hits) + " hits");
    return hits;
}

// The figures a unit loses in melee with one enemy: each of its figures in
// contact (melee.point may change how many) rolls the phase's die against its point.
int TabletopMeleeProcedure::melee_losses(Game& game, int unit, int enemy) {
    if (!game.state_.unit(unit).on_map || !game.state_.unit(enemy).on_map) return 0;
    const int figures = figures_in_contact(game, unit, enemy);
    if (figures == 0) return 0;
    EventContext ctx(Event::MeleePoint);
    ctx.set("unit", unit);
    ctx.set("enemy", enemy);
    ctx.set("aspect", game.tabletop_.aspect_of(unit, enemy));
    ctx.set("charged", game.written_orders().standing(enemy).mode == TableOrder::Charge);
    ctx.set("point", game.tabletop_.value(unit, TabletopRole::Melee));
    ctx.set("figures", figures);
    game.raise(ctx);
    const int point = static_cast<int>(ctx.get("point", 0));
    const int rolling = std::max(0, static_cast<int>(ctx.get("figures", figures)));
    const int die = game.options<rules::TabletopMeleeOptions>().melee_die;
    int lost = 0;
    for (int k = 0; k < rolling; ++k)
        lost += game.roll(die, game.unit(unit).id() + " melee against " + game.unit(enemy).id()) > point;
    if (game.recording_.log)
        game.note("  " + game.unit(unit).id() + " melees " + game.unit(enemy).id() + ": " + std::to_string(rolling) +
                  " figures at " + std::to_string(point) + ", " + std::to_string(lost) + " fall");
    return lost;
}

}  // namespace sandtable::kernel
