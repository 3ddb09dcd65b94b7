// Missile and musket fire on a tabletop (fire.h).
#include "kernel/tabletop/fire.h"

#include "kernel/game.h"
#include "rules/procedures.h"

#include "geometry/tabletop/arc.h"

#include <algorithm>
#include <cmath>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

int TabletopFireProcedure::volleys_allowed(const Game& game, int unit) {
    const auto& u = game.state_.unit(unit);
    if (!u.on_map || game.tabletop_.value(unit, TabletopRole::Range) <= 0) return 0;
    if (!game.tabletop_.units_in_contact(unit).empty())
        return attacked_in_melee(game, unit) ? 1 : 0;  // else it melees instead
    const int on_the_move = game.unit(unit).capability(Capability::VolleysWhenMoved);
    int volleys = u.moved_thirds == 0  ? game.options<rules::TabletopFireOptions>().volleys_still
                  : on_the_move >= 0   ? on_the_move
                  : u.moved_thirds < 3 ? game.options<rules::TabletopFireOptions>().volleys_moved
                                       : 0;
    if (const int carried = game.tabletop_.value(unit, TabletopRole::Ammunition);
        carried > 0)  // 0: it does not run out
        volleys = std::min(volleys, carried - game.state_.mark(unit, "volleys_fired"));
    return std::max(0, volleys);
}

namespace {
gt::Arc arc_of(int left, int right) {
    return {left > 0 ? static_cast<double>(left) : 45.0, right > 0 ? static_cast<double>(right) : 45.0};
}
}  // namespace

// `attacked_fire_first` (Cady: "Missile troops being attacked in melee may
// usually fire before melee begins"): a missile unit in contact with an enemy
// that came to it this turn fires one volley at it before the melee.
bool TabletopFireProcedure::attacked_in_melee(const Game& game, int unit) {
    if (!game.options<rules::TabletopFireOptions>().attacked_fire_first) return false;
    const auto enemies = game.tabletop_.units_in_contact(unit);
    return std::any_of(enemies.begin(), enemies.end(), [&](int e) { return game.state_.unit(e).moved_thirds > 0; });
}

// How far the firer's missiles reach this target: its range, as the rule
// scripts change it for the ground (a query: Cady's hills and forests).
double TabletopFireProcedure::fire_reach(const Game& game, int firer, int target) {
    const int range = game.tabletop_.value(firer, TabletopRole::Range);
    if (range <= 0 || !game.listening(Event::FireReach)) return range;
    EventContext ctx(Event::FireReach);
    ctx.set("firer", firer);
    ctx.set("target", target);
    ctx.set("range", range);
    game.ask(ctx);
    return static_cast<double>(std::clamp<long long>(ctx.get("range", range), 0, 100000));
}

// The cheap tests first, the scripts' reach (a Lua query) only for a target
// in the firer's arc and within what it could see at all.
bool TabletopFireProcedure::may_fire_at(const Game& game, int firer, int target, double* range_cm) {
    const auto& t = game.state_.unit(target);
    if (game.tabletop_.value(firer, TabletopRole::Range) <= 0 || !t.on_map || t.side == game.state_.unit(firer).side ||
        t.hidden)
        return false;
    if (game.tabletop_.distance_at_least(firer, target) >
        std::max(game.ruleset_->table.sight, game.tabletop_.sight_beyond(firer)) + 1e-9)
        return false;
    const gt::Arc arc =
        arc_of(game.tabletop_.value(firer, TabletopRole::ArcLeft), game.tabletop_.value(firer, TabletopRole::ArcRight));
    const gt::Formation f = game.tabletop_.formation(firer);
    bool in_arc = false;
    for (const auto& stand : game.tabletop_.stands(target))
        in_arc = in_arc || gt::arc_reaches(arc, f.front_centre, f.facing, stand);
    if (!in_arc) return false;
    const double range = fire_reach(game, firer, target);
    if (game.tabletop_.distance_at_least(firer, target) > range + 1e-9) return false;
    const double d = game.tabletop_.distance(firer, target);
    if (d > range + 1e-9) return false;
    // No shooting into a melee, but at its own attacker (attacked_fire_first); one in contact shoots at nobody else.
    const auto theirs = game.tabletop_.units_in_contact(target);
    const bool at_attacker = !theirs.empty() && game.state_.unit(target).moved_thirds > 0 &&
                             std::find(theirs.begin(), theirs.end(), firer) != theirs.end() &&
                             attacked_in_melee(game, firer);
    if (!theirs.empty() && !at_attacker) return false;
    if (!at_attacker && game.options<rules::TabletopFireOptions>().attacked_fire_first &&
        !game.tabletop_.units_in_contact(firer).empty())
        return false;
    if (!game.tabletop_.sees(firer, target)) return false;
    if (range_cm) *range_cm = d;
    return true;
}

int TabletopFireProcedure::firing_side(const Game& game) {
    const int sides = static_cast<int>(game.scenario_->sides.size());
    for (int k = 0; k < sides; ++k) {
        const int side = (game.scenario_->first_side + k) % sides;
        for (int u = 0; u < static_cast<int>(game.state_.units.size()); ++u)
            if (game.state_.unit(u).side == side && !game.state_.unit(u).fired && volleys_allowed(game, u) > 0)
                return side;
    }
    return -1;
}

int TabletopFireProcedure::next_firer(const Game& game) {
    const int side = firing_side(game);
    if (side < 0) return -1;
    for (int u = 0; u < static_cast<int>(game.state_.units.size()); ++u) {
        const auto& s = game.state_.unit(u);
        if (s.side == side && !s.fired && volleys_allowed(game, u) > 0) return u;
    }
    return -1;
}

bool TabletopFireProcedure::step(Game& game) const {
    for (int firer = next_firer(game); firer >= 0; firer = next_firer(game)) {
        std::vector<Action> targets;
        list(game, targets);
        if (targets.size() > 1) {  // a target to choose, besides holding fire
            game.decide(DecisionKind::Fire, game.state_.unit(firer).side);
            return true;
        }
        game.state_.unit(firer).fired = true;  // nothing in reach
    }
    resolve(game);
    return false;
}

void TabletopFireProcedure::list(const Game& game, std::vector<Action>& out) const {
    const int firer = next_firer(game);
    if (firer < 0) return;
    for (int target = 0; target < static_cast<int>(game.state_.units.size()); ++target) {
        bool may = may_fire_at(game, firer, target, nullptr);
        if (!may)  // en passant: seen in range during the move
            may = game.state_.unit(target).on_map &&
                  std::any_of(game.state_.sightings.begin(), game.state_.sightings.end(),
                              [&](const Sighting& s) { return s.firer == firer && s.target == target; });
        if (may) out.push_back(act::Fire{firer, target});
    }
    out.push_back(act::Decline{firer});
}

void TabletopFireProcedure::apply(Game& game, const Action& a) const {
    auto& u = game.state_.unit(a.unit());
    u.fired = true;
    if (a.kind() != ActionKind::Fire) {
        if (game.recording_.log) game.note("  " + game.unit(a.unit()).id() + " holds its fire");
        return;
    }
    double range = 0;
    if (!may_fire_at(game, a.unit(), a.target(), &range)) {
        for (const auto& s : game.state_.sightings)
            if (s.firer == a.unit() && s.target == a.target()) range = s.distance_um / 10000.0;
        if (game.recording_.log)
            game.note("  " + game.unit(a.unit()).id() + " fires en passant at " + game.unit(a.target()).id() +
                      ", seen at " + std::to_string(static_cast<int>(std::lround(range))) + " cm");
    }
    game.state_.fires.push_back({a.unit(), a.target(), static_cast<int>(std::lround(range * 10))});
    game.drop_legal();
}

// The firer's stands in `rank` (0 the front) within range of the target and
// with it in their arc; each stand's figures fire.
int TabletopFireProcedure::figures_in_reach(const Game& game, int firer, int target, int rank, double range_cm) {
    const auto stands = game.tabletop_.stands(firer);
    const auto counts = game.tabletop_.figures_on_stands(firer);
    const int files = game.tabletop_.formation(firer).files;
    const gt::Arc arc =
        arc_of(game.tabletop_.value(firer, TabletopRole::ArcLeft), game.tabletop_.value(firer, TabletopRole::ArcRight));
    const auto targets = game.tabletop_.stands(target);
    int figures = 0;
    for (int i = rank * files; i < std::min(static_cast<int>(stands.size()), (rank + 1) * files); ++i) {
        const auto& s = stands[static_cast<std::size_t>(i)];
        bool reaches = false;
        for (const auto& t : targets)
            reaches = reaches || (gt::base_distance(s, t) <= range_cm + 1e-9 &&
                                  gt::arc_reaches(arc, s.front_centre(), s.facing, t));
        if (reaches) figures += counts[static_cast<std::size_t>(i)];
    }
    return figures;
}

void TabletopFireProcedure::resolve(Game& game) {
    const rules::StepLadder* ladder = game.ruleset_->step_ladder(game.phase().table);
    if (!ladder) return;
    const int fire_ranks = game.options<rules::TabletopFireOptions>().fire_ranks;
    const int start_attribute = ladder->start_by.empty() ? -1 : game.ruleset_->attribute_index(ladder->start_by);
    for (const Fire& f : game.state_.fires) {
        const int volleys = volleys_allowed(game, f.firer);
        const double range = f.factor / 10.0;
        const double max_range = game.tabletop_.value(f.firer, TabletopRole::Range);
        const double reach = fire_reach(game, f.firer, f.target);
        const std::string start_value =
            start_attribute >= 0 ? game.ruleset_->attributes[static_cast<std::size_t>(start_attribute)].format(
                                       game.unit(f.target).attribute(start_attribute))
                                 : "";
        // En passant the target was nearer during the move than it is now:
        // the rank fired when it was in reach, whatever its reach now.
        const bool en_passant = range + 1e-6 < game.tabletop_.distance(f.firer, f.target);
        const auto theirs = game.tabletop_.units_in_contact(f.target);  // once a fire, not once a rank and volley
        const bool at_attacker = std::find(theirs.begin(), theirs.end(), f.firer) != theirs.end();
        int hits = 0;
        for (int volley = 1; volley <= volleys; ++volley)
            for (int rank = 0; rank < fire_ranks; ++rank) {
                const int firing = en_passant ? game.tabletop_.figures_in_rank(f.firer, rank)
                                              : figures_in_reach(game, f.firer, f.target, rank, reach + 1e-6);
                if (firing == 0) continue;
                EventContext ctx(Event::FireSteps);
                ctx.set("firer", f.firer);
                ctx.set("target", f.target);
                ctx.set("range", static_cast<long long>(std::lround(range)));
                ctx.set("max_range", static_cast<long long>(max_range));
                ctx.set("rank", rank + 1);
                ctx.set("volley", volley);
                ctx.set("step", ladder->start_for(start_value) + ladder->range_bonus(range, max_range));
                ctx.set("figures", firing);
                ctx.set("at_attacker", at_attacker ? 1 : 0);
                game.raise(ctx);
                const int step = ladder->clamp(static_cast<int>(ctx.get("step", 0)));
                // A script may hold a rank back (Cady: crossbows do not fire from the second rank).
                const int shooting = std::clamp(static_cast<int>(ctx.get("figures", firing)), 0, firing);
                if (shooting == 0) continue;
                int scored = 0;
                for (int k = 0; k < shooting; ++k)
                    scored += ladder->hits(step, game.roll(ladder->die_faces, game.unit(f.firer).id() + " fires at " +
                                                                                  game.unit(f.target).id()));
                hits += scored;
                if (game.recording_.log)
                    game.note("  " + game.unit(f.firer).id() + " fires at " + game.unit(f.target).id() + " (volley " +
                              std::to_string(volley) + ", rank " + std::to_string(rank + 1) + ", " +
                              std::to_string(shooting) + " figures at step " + std::to_string(step) +
                              "): " + std::to_string(scored) + (scored == 1 ? " hit" : " hits"));
            }
        if (game.tabletop_.value(f.firer, TabletopRole::Ammunition) > 0)
            game.set_mark(f.firer, "volleys_fired", game.state_.mark(f.firer, "volleys_fired") + volleys);
        game.beside_.pending_losses[static_cast<std::size_t>(f.target)] += hits;
    }
    game.state_.fires.clear();
    game.take_pending_losses("fire");
}

}  // namespace sandtable::kernel
