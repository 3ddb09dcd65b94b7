// Artillery on a tabletop (artillery.h).
#include "kernel/tabletop/artillery.h"

#include "kernel/game.h"
#include "rules/procedures.h"

#include "geometry/tabletop/template.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

namespace {

const rules::GunShot* shot_for(const rules::ArtilleryChart& chart, const std::vector<rules::GunShot>& shots,
                               int called_cm, const std::function<int(const rules::GunShot&)>& fired) {
    for (const auto& s : shots) {
        const bool wedge = chart.shots[static_cast<std::size_t>(s.shot)].shape == rules::ShotSpec::Template::Wedge;
        if ((called_cm == 0) != wedge) continue;
        if (called_cm > 0 && (s.range + 1e-9 < called_cm || called_cm + 1e-9 < s.min_range)) continue;
        if (s.ammunition > 0 && fired(s) >= s.ammunition) continue;
        return &s;
    }
    return nullptr;
}

}  // namespace

int TabletopArtilleryProcedure::next_gun(const Game& game) {
    const auto* chart = game.ruleset_->artillery_chart(game.phase().table);
    if (!chart) return -1;
    const int sides = static_cast<int>(game.scenario_->sides.size());
    for (int k = 0; k < sides; ++k) {
        const int side = (game.scenario_->first_side + k) % sides;
        for (int u = 0; u < static_cast<int>(game.state_.units.size()); ++u) {
            const auto& s = game.state_.unit(u);
            if (s.side != side || !s.on_map || s.fired || s.moved_thirds > 0 || !chart->gun(s.type)) continue;
            if (!game.tabletop_.units_in_contact(u).empty()) continue;
            return u;
        }
    }
    return -1;
}

bool TabletopArtilleryProcedure::step(Game& game) const {
    for (int gun = next_gun(game); gun >= 0; gun = next_gun(game)) {
        std::vector<Action>& options = game.listing_buffer();
        list(game, options);
        if (options.size() > 1) {
            game.decide_listed(DecisionKind::Artillery, game.state_.unit(gun).side);
            return true;
        }
        game.state_.unit(gun).fired = true;  // no target in its arc and sight
    }
    game.take_pending_losses("artillery");
    return false;
}

void TabletopArtilleryProcedure::list(const Game& game, std::vector<Action>& out) const {
    const int gun = next_gun(game);
    if (gun < 0) return;
    const auto& chart = *game.ruleset_->artillery_chart(game.phase().table);
    const auto& shots = *chart.gun(game.state_.unit(gun).type);
    const double arc = game.options<rules::TabletopArtilleryOptions>().arc;
    const gt::Formation f = game.tabletop_.formation(gun);
    auto fired = [&](const rules::GunShot& s) {
        return game.state_.mark(gun, "shots:" + chart.shots[static_cast<std::size_t>(s.shot)].id);
    };
    for (int target = 0; target < static_cast<int>(game.state_.units.size()); ++target) {
        const auto& t = game.state_.unit(target);
        if (!t.on_map || t.hidden || t.side == game.state_.unit(gun).side) continue;
        const double bearing = gt::bearing_of(game.tabletop_.position(target) - f.front_centre);
        if (std::abs(gt::turn_between(f.facing, bearing)) > arc + 1e-9 || !game.tabletop_.sees(gun, target)) continue;
        const double d = game.tabletop_.distance(gun, target);
        if (shot_for(chart, shots, 0, fired)) {
            for (const auto& s : shots)
                if (chart.shots[static_cast<std::size_t>(s.shot)].shape == rules::ShotSpec::Template::Wedge &&
                    d <= s.range) {
                    out.push_back(act::Fire{gun, target, 0});
                    break;
                }
        }
        // Called ranges in steps of 10 cm, as far as the gun reaches (the
        // player calls a range without measuring; any whole cm is legal).
        const int reach = static_cast<int>(chart.max_range(game.state_.unit(gun).type));
        for (int called = 10; called <= reach; called += 10)
            if (shot_for(chart, shots, called, fired)) out.push_back(act::Fire{gun, target, called});
    }
    out.push_back(act::Decline{gun});
}

bool TabletopArtilleryProcedure::may_call(const Game& game, int gun, int target, int called_cm) {
    if (gun != next_gun(game) || called_cm <= 0) return false;
    std::vector<Action> offered;
    TabletopArtilleryProcedure{}.list(game, offered);  // the calls offered to the gun now
    const bool aimed = std::any_of(offered.begin(), offered.end(), [&](const Action& a) {
        const auto* f = a.as<act::Fire>();
        return f && f->target == target && f->called_cm > 0;
    });
    if (!aimed) return false;
    const auto& chart = *game.ruleset_->artillery_chart(game.phase().table);
    auto fired = [&](const rules::GunShot& s) {
        return game.state_.mark(gun, "shots:" + chart.shots[static_cast<std::size_t>(s.shot)].id);
    };
    return shot_for(chart, *chart.gun(game.state_.unit(gun).type), called_cm, fired) != nullptr;
}

void TabletopArtilleryProcedure::apply(Game& game, const Action& a) const {
    game.state_.unit(a.unit()).fired = true;
    game.drop_legal();
    if (a.kind() == ActionKind::Decline) {
        if (game.recording_.log) game.note("  " + game.unit(a.unit()).id() + " does not fire");
        return;
    }
    const auto& fire = a.get<act::Fire>();
    fire_gun(game, fire.unit, fire.target, fire.called_cm);
}

// A shot as it lands: where the gun aimed, and what its template takes.
struct TabletopArtilleryProcedure::Shot {
    const rules::ArtilleryChart& chart;
    const rules::GunShot& gun_shot;
    const rules::ShotSpec& spec;
    int gun;
    gt::Point muzzle;
    double bearing;
    std::string who;  // "<gun> fires <shot>", for the log and the dice
    gt::Point aim{};
    int under = 0;  // figures under the template
    int killed = 0;
};

void TabletopArtilleryProcedure::fire_gun(Game& game, int gun, int target, int called_cm) {
    const auto& chart = *game.ruleset_->artillery_chart(game.phase().table);
    const int type = game.state_.unit(gun).type;
    auto fired = [&](const rules::GunShot& s) {
        return game.state_.mark(gun, "shots:" + chart.shots[static_cast<std::size_t>(s.shot)].id);
    };
    const rules::GunShot* gs = shot_for(chart, *chart.gun(type), called_cm, fired);
    if (!gs) return;
    const rules::ShotSpec& spec = chart.shots[static_cast<std::size_t>(gs->shot)];
    const gt::Point muzzle = game.tabletop_.formation(gun).front_centre;
    const double bearing = gt::bearing_of(game.tabletop_.position(target) - muzzle);
    game.place_on_table(gun, game.tabletop_.position(gun),
                        static_cast<int>(std::lround(gt::normalize_bearing(bearing))) % 360);
    if (gs->ammunition > 0) game.set_mark(gun, "shots:" + spec.id, fired(*gs) + 1);
    Shot shot{chart, *gs, spec, gun, muzzle, bearing, game.unit(gun).id() + " fires " + spec.name};
    aim_shot(game, shot, called_cm);
    land_shot(game, shot);
    if (game.recording_.log)
        game.note("  " + shot.who + " at " + game.unit(target).id() +
                  (called_cm > 0 ? ", range called " + std::to_string(called_cm) + " cm" : "") + ": lands " +
                  std::to_string(static_cast<int>(std::lround(gt::distance(muzzle, shot.aim)))) + " cm out; " +
                  std::to_string(shot.under) + " figures under it, " + std::to_string(shot.killed) + " hit");
}

// At the called range, off by the variation wheel beyond the chart's sure
// range, and on by the bounce for a bouncing shot.
void TabletopArtilleryProcedure::aim_shot(Game& game, Shot& shot, int called_cm) {
    const int type = game.state_.unit(shot.gun).type;
    shot.aim = shot.muzzle + gt::heading(shot.bearing) * called_cm;
    if (shot.spec.varies && called_cm > shot.chart.unvaried_within * shot.chart.max_range(type) + 1e-9) {
        const int face = game.roll(6, shot.who + ": the variation wheel");
        const auto [ahead, right] = shot.chart.wheel_offset(face);
        shot.aim = shot.aim + gt::heading(shot.bearing) * ahead + gt::right_of(shot.bearing) * right;
    }
    if (shot.spec.shape == rules::ShotSpec::Template::BounceStick && shot.spec.stick_variation.size() == 6)
        shot.aim = shot.aim +
                   gt::heading(shot.bearing) *
                       shot.spec.stick_variation[static_cast<std::size_t>(game.roll(6, shot.who + ": the bounce") - 1)];
}

// Is a figure at `at` under the shot's template, and certainly hit (a line, a
// bouncing stick, a circle's cross-hairs) rather than rolled for?
std::pair<bool, bool> TabletopArtilleryProcedure::under_template(const Shot& shot, gt::Point at) {
    using T = rules::ShotSpec::Template;
    switch (shot.spec.shape) {
        case T::Circle: {
            const gt::CircleTemplate circle{shot.aim, shot.spec.size};
            return {gt::covers(circle, at), gt::under_crosshairs(circle, at)};
        }
        case T::Line: {  // a bolt takes what the last `size` cm of its path cross
            const bool covered =
                gt::covers(gt::LineTemplate{shot.aim - gt::heading(shot.bearing) * shot.spec.size, shot.aim, 0.6}, at);
            return {covered, covered};
        }
        case T::BounceStick: {
            const bool covered =
                gt::covers(gt::BounceStick{shot.aim, shot.bearing, shot.spec.size, shot.spec.painted}, at);
            return {covered, covered};
        }
        case T::Wedge:
            return {gt::covers(gt::WedgeTemplate{shot.muzzle, shot.bearing, shot.spec.near_width, shot.spec.far_width,
                                                 shot.gun_shot.range},
                               at),
                    false};
    }
    return {false, false};
}

// Every figure under the template but the gun's own: certainly hit, or rolled
// for; a shot that must take one takes the figure nearest a circle's centre.
// The losses wait for the phase's end (pending_losses).
void TabletopArtilleryProcedure::land_shot(Game& game, Shot& shot) {
    struct Figure {
        int unit;
        gt::Point at;
    };
    std::vector<Figure> figures;
    for (int u = 0; u < static_cast<int>(game.state_.units.size()); ++u)
        if (game.state_.unit(u).on_map)
            for (gt::Point p : game.tabletop_.figure_points(u)) figures.push_back({u, p});
    auto dice_kill = [&](const Figure& fig) {
        const bool piece = shot.chart.gun(game.state_.unit(fig.unit).type) != nullptr;
        const auto& faces = piece && !shot.spec.piece_kill_on.empty() ? shot.spec.piece_kill_on : shot.spec.kill_on;
        if (faces.empty()) return true;
        const int face = game.roll(6, shot.who + ": a figure under the template");
        return std::find(faces.begin(), faces.end(), face) != faces.end();
    };
    std::vector<int> kills(game.state_.units.size(), 0);
    std::size_t nearest = figures.size();
    for (std::size_t i = 0; i < figures.size(); ++i) {
        const Figure& fig = figures[i];
        const auto [covered, certain] = under_template(shot, fig.at);
        const bool circle = shot.spec.shape == rules::ShotSpec::Template::Circle;
        if (circle && covered &&
            (nearest == figures.size() || gt::distance(fig.at, shot.aim) < gt::distance(figures[nearest].at, shot.aim)))
            nearest = i;
        if (!covered || fig.unit == shot.gun) continue;
        ++shot.under;
        // A figure under a hit circle's cross-hairs is a direct hit (Cady: a catapult's removes an elephant).
        if (certain && circle) {
            auto& direct = game.beside_.pending_direct_hits[static_cast<std::size_t>(fig.unit)];
            direct += (direct.empty() ? "" : ",") + shot.spec.id;
        }
        if (certain || dice_kill(fig)) {
            ++kills[static_cast<std::size_t>(fig.unit)];
            ++shot.killed;
        }
    }
    if (shot.spec.at_least_one && shot.under > 0 && shot.killed == 0 && nearest < figures.size()) {
        ++kills[static_cast<std::size_t>(figures[nearest].unit)];
        ++shot.killed;
    }
    for (std::size_t u = 0; u < kills.size(); ++u) game.beside_.pending_losses[u] += kills[u];
}

}  // namespace sandtable::kernel
