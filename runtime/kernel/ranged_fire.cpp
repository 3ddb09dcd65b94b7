// The ranged-fire procedure (BMW archery, and any "roll against a fire
// factor" system): the active side declares every fire first, then the other
// side its defensive fire at adjacent enemies, then all shots are rolled and
// their effects applied together, because fire is simultaneous.
#include "kernel/game.h"

#include "geometry/hex_los.h"
#include "rules/procedures.h"

#include <utility>

namespace sandtable::kernel {

using geometry::Hex;

bool Game::fire_step() {
    const bool both = phase().acting == rules::Acting::Both;
    while (state_.at.stage < 2) {
        const int side = state_.at.stage == 0 ? state_.at.active_side : opponent_of(state_.at.active_side);
        std::vector<Action> options;
        fire_actions(options);
        if (options.size() > 1) {
            decide_listed(DecisionKind::Fire, side, std::move(options));
            return true;
        }
        state_.at.stage = (state_.at.stage == 0 && both) ? 1 : 2;
    }
    if (state_.at.stage == 2) {
        resolve_fires();
        state_.at.stage = 3;
    }
    return false;
}

void Game::fire_actions(std::vector<Action>& out) const {
    if (state_.at.stage >= 2) return;
    const bool defensive = state_.at.stage == 1;
    const int side = defensive ? opponent_of(state_.at.active_side) : state_.at.active_side;
    // The phase's options, read once rather than for every pair of units.
    const bool adjacent_only = defensive && options<rules::RangedFireOptions>().defensive_adjacent_only;
    const bool must_target_adjacent = options<rules::RangedFireOptions>().must_target_adjacent;
    for (std::size_t f = 0; f < state_.units.size(); ++f) {
        const auto& u = state_.units[f];
        const int firer = static_cast<int>(f);
        if (!u.on_map || u.side != side || u.fired || attribute(firer, roles_.fire_factor) <= 0) continue;
        const int range = adjacent_only ? 1 : std::max(1, attribute(firer, roles_.fire_range));
        // A firer with an eligible (front-face) enemy next to it must fire at one (6.4).
        const bool held = must_target_adjacent && has_adjacent_eligible_target(firer);
        for (std::size_t t = 0; t < state_.units.size(); ++t)
            if (can_fire_at(firer, static_cast<int>(t), held ? 1 : range))
                out.push_back({ActionKind::Fire, firer, static_cast<int>(t), {}, -1});
    }
    out.push_back({ActionKind::EndPhase, -1, -1, {}, -1});
}

bool Game::has_adjacent_eligible_target(int firer) const {
    const auto& f = state_.units[static_cast<std::size_t>(firer)];
    for (std::size_t o = 0; o < state_.units.size(); ++o) {
        const auto& e = state_.units[o];
        if (e.on_map && e.side != f.side && !e.back && geometry::distance(e.hex, f.hex) == 1 &&
            capability(static_cast<int>(o), Capability::CanBeFiredAt))
            return true;
    }
    return false;
}

// Cheapest tests first: distance, then the target, then line of sight.
bool Game::can_fire_at(int firer, int target, int range) const {
    const auto& f = state_.units[static_cast<std::size_t>(firer)];
    const auto& t = state_.units[static_cast<std::size_t>(target)];
    if (!t.on_map || t.side == f.side) return false;
    const int d = geometry::distance(f.hex, t.hex);
    if (d > range || d < 1 || !capability(target, Capability::CanBeFiredAt)) return false;
    return d == 1 || clear_sight(firer, t.hex);
}

// Terrain and hexside features that block sight, between two hexes.
bool Game::map_sight(Hex from, Hex to) const {
    if (geometry::distance(from, to) <= 1) return true;
    const auto& map = scenario_->map;
    geometry::LosQuery q;
    q.hex_blocks = [&](Hex h) {
        int i = grid().index(h);
        return i < 0 ||
               ruleset_->terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(i)])].blocks_los;
    };
    q.side_blocks = [&](geometry::HexSide s) {
        int feature = map.side_feature(s.a, geometry::direction_to(s.a, s.b));
        return feature >= 0 && ruleset_->hexside_features[static_cast<std::size_t>(feature)].blocks_los;
    };
    return geometry::line_of_sight(from, to, q);
}

// The map's part first (map_sight), then the scripts', which may know more:
// elevation, occupied hexes (PRESTAGS 6.35-6.38). sight.check is a query:
// handlers read and answer, never act, so asking it from a const method (the
// legal actions) changes nothing.
bool Game::clear_sight(int viewer, Hex to) const {
    const Hex from = state_.units[static_cast<std::size_t>(viewer)].hex;
    if (geometry::distance(from, to) <= 1) return true;
    if (!capability(viewer, Capability::IndirectFire) && !map_sight(from, to)) return false;
    if (!listening(Event::SightCheck)) return true;
    EventContext ctx(Event::SightCheck);
    ctx.set("viewer", viewer);
    ctx.set("from", grid().index(from));
    ctx.set("to", grid().index(to));
    std::vector<int> hexes, alternatives;
    for (const auto& step : geometry::los_steps(from, to)) {
        if (step.hex == from || step.hex == to) continue;
        // Off the map is blocked ground (the map's own test above says so):
        // a stretch along the map's edge is the hex on the map alone.
        int hex = grid().index(step.hex);
        int alternative = step.has_alternative ? grid().index(step.alternative) : -1;
        if (hex < 0) std::swap(hex, alternative);
        if (hex < 0) continue;  // cannot happen: the map's test has blocked such a line
        hexes.push_back(hex);
        alternatives.push_back(alternative);
    }
    ctx.set_list("hexes", std::move(hexes));
    ctx.set_list("alternatives", std::move(alternatives));
    ctx.set("blocked", 0);
    ask(ctx);
    return ctx.get("blocked") == 0;
}

void Game::fire_apply(const Action& a) {
    if (a.kind == ActionKind::EndPhase) {
        const bool both = phase().acting == rules::Acting::Both;
        state_.at.stage = (state_.at.stage == 0 && both) ? 1 : 2;
        return;
    }
    state_.units[static_cast<std::size_t>(a.unit)].fired = true;
    state_.fires.push_back({a.unit, a.target, attribute(a.unit, roles_.fire_factor)});
    if (logging_) note("  " + unit_id(a.unit) + " will fire at " + unit_id(a.target));
}

void Game::resolve_fires() {
    const rules::ThresholdTable* table = ruleset_->threshold_table(phase().table);
    std::vector<int> hit;
    for (const Fire& f : state_.fires) {
        int r = roll(table ? table->die_faces : 6, unit_id(f.firer) + " fires at " + unit_id(f.target));
        bool success = table ? table->succeeds(r, f.factor) : r <= f.factor;
        EventContext ctx(Event::FireResult);
        ctx.set("firer", f.firer);
        ctx.set("target", f.target);
        ctx.set("roll", r);
        ctx.set("factor", f.factor);
        ctx.set("hit", success);
        raise(ctx);
        if (ctx.get("hit")) hit.push_back(f.target);
        if (logging_) note(std::string("  ") + (ctx.get("hit") ? "hit" : "miss"));
    }
    for (int t : hit) disorder(t);
    state_.fires.clear();
}

}  // namespace sandtable::kernel
