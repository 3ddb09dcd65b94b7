// The ranged-fire procedure: declarations, then every shot rolled at once (ranged_fire.h).
#include "kernel/procedures/ranged_fire.h"

#include "kernel/game.h"

#include "geometry/hex_los.h"
#include "rules/procedures.h"

#include <utility>

namespace sandtable::kernel {

using geometry::Hex;

bool RangedFireProcedure::step(Game& game) const {
    const bool both = game.phase().acting == rules::Acting::Both;
    while (game.state_.at.stage < 2) {
        const int side =
            game.state_.at.stage == 0 ? game.state_.at.active_side : opponent_of(game.state_.at.active_side);
        std::vector<Action>& options = game.listing_buffer();
        list(game, options);
        if (options.size() > 1) {
            game.decide_listed(DecisionKind::Fire, side);
            return true;
        }
        game.state_.at.stage = (game.state_.at.stage == 0 && both) ? 1 : 2;
    }
    if (game.state_.at.stage == 2) {
        resolve_fires(game);
        game.state_.at.stage = 3;
    }
    return false;
}

void RangedFireProcedure::list(const Game& game, std::vector<Action>& out) const {
    if (game.state_.at.stage >= 2) return;
    const bool defensive = game.state_.at.stage == 1;
    const int side = defensive ? opponent_of(game.state_.at.active_side) : game.state_.at.active_side;
    // The phase's options, read once rather than for every pair of units.
    const bool adjacent_only = defensive && game.options<rules::RangedFireOptions>().defensive_adjacent_only;
    const bool must_target_adjacent = game.options<rules::RangedFireOptions>().must_target_adjacent;
    for (std::size_t f = 0; f < game.state_.units.size(); ++f) {
        const auto& u = game.state_.units[f];
        const int firer = static_cast<int>(f);
        if (!u.on_map || u.side != side || u.fired || game.unit(firer).attribute(game.roles_.fire_factor) <= 0)
            continue;
        const int range = adjacent_only ? 1 : std::max(1, game.unit(firer).attribute(game.roles_.fire_range));
        // A firer with an eligible (front-face) enemy next to it must fire at one (6.4).
        const bool held = must_target_adjacent && has_adjacent_eligible_target(game, firer);
        for (std::size_t t = 0; t < game.state_.units.size(); ++t)
            if (can_fire_at(game, firer, static_cast<int>(t), held ? 1 : range))
                out.push_back(act::Fire{firer, static_cast<int>(t)});
    }
    out.push_back(act::EndPhase{});
}

bool RangedFireProcedure::has_adjacent_eligible_target(const Game& game, int firer) {
    const auto& f = game.state_.unit(firer);
    for (std::size_t o = 0; o < game.state_.units.size(); ++o) {
        const auto& e = game.state_.units[o];
        if (e.on_map && e.side != f.side && !e.back && geometry::distance(e.hex, f.hex) == 1 &&
            game.unit(static_cast<int>(o)).capability(Capability::CanBeFiredAt))
            return true;
    }
    return false;
}

// Cheapest tests first: distance, then the target, then line of sight.
bool RangedFireProcedure::can_fire_at(const Game& game, int firer, int target, int range) {
    const auto& f = game.state_.unit(firer);
    const auto& t = game.state_.unit(target);
    if (!t.on_map || t.side == f.side) return false;
    const int d = geometry::distance(f.hex, t.hex);
    if (d > range || d < 1 || !game.unit(target).capability(Capability::CanBeFiredAt)) return false;
    return d == 1 || game.hex_board().clear_sight(firer, t.hex);
}

void RangedFireProcedure::apply(Game& game, const Action& a) const {
    if (a.kind() == ActionKind::EndPhase) {
        const bool both = game.phase().acting == rules::Acting::Both;
        game.state_.at.stage = (game.state_.at.stage == 0 && both) ? 1 : 2;
        return;
    }
    game.state_.unit(a.unit()).fired = true;
    game.state_.fires.push_back({a.unit(), a.target(), game.unit(a.unit()).attribute(game.roles_.fire_factor)});
    if (game.recording_.log) game.note("  " + game.unit(a.unit()).id() + " will fire at " + game.unit(a.target()).id());
}

void RangedFireProcedure::resolve_fires(Game& game) {
    const rules::ThresholdTable* table = game.ruleset_->threshold_table(game.phase().table);
    std::vector<int> hit;
    for (const Fire& f : game.state_.fires) {
        int r =
            game.roll(table ? table->die_faces : 6, game.unit(f.firer).id() + " fires at " + game.unit(f.target).id());
        bool success = table ? table->succeeds(r, f.factor) : r <= f.factor;
        EventContext ctx(Event::FireResult);
        ctx.set("firer", f.firer);
        ctx.set("target", f.target);
        ctx.set("roll", r);
        ctx.set("factor", f.factor);
        ctx.set("hit", success);
        game.raise(ctx);
        if (ctx.get("hit")) hit.push_back(f.target);
        if (game.recording_.log) game.note(std::string("  ") + (ctx.get("hit") ? "hit" : "miss"));
    }
    for (int t : hit) game.disorder(t);
    game.state_.fires.clear();
}

}  // namespace sandtable::kernel
