// Artillery on a free table (Cady, artillery sections): a gun is turned on
// its target (up to 45 degrees without it counting as a move) and fires at a
// range its player calls without measuring. Beyond a third of its range the
// shot lands off the mark by the variation wheel; where it lands, the shot's
// template (hit area circle, bolt line, bounce stick, canister wedge) takes
// the figures under it, friend or foe. Losses are taken when every gun has fired.
#include "kernel/game.h"
#include "rules/procedures.h"

#include "geometry/table_template.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace sandtable::kernel {

namespace gt = geometry::table;

namespace {

const rules::GunShot* shot_for(const rules::ArtilleryChart& chart, const std::vector<rules::GunShot>& shots, int called_cm,
                               const std::function<int(const rules::GunShot&)>& fired) {
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

int Game::next_gun() const {
    const auto* chart = ruleset_->artillery_chart(phase().table);
    if (!chart) return -1;
    const int sides = static_cast<int>(scenario_->sides.size());
    for (int k = 0; k < sides; ++k) {
        const int side = (scenario_->first_side + k) % sides;
        for (int u = 0; u < static_cast<int>(state_.units.size()); ++u) {
            const auto& s = state_.units[static_cast<std::size_t>(u)];
            if (s.side != side || !s.on_map || s.fired || s.moved_thirds > 0 || !chart->gun(s.type)) continue;
            if (!units_in_contact(u).empty()) continue;
            return u;
        }
    }
    return -1;
}

bool Game::table_artillery_step() {
    for (int gun = next_gun(); gun >= 0; gun = next_gun()) {
        std::vector<Action> options;
        table_artillery_actions(options);
        if (options.size() > 1) {
            decide_listed(DecisionKind::Artillery, state_.units[static_cast<std::size_t>(gun)].side, std::move(options));
            return true;
        }
        state_.units[static_cast<std::size_t>(gun)].fired = true;  // no target in its arc and sight
    }
    take_pending_losses("artillery");
    return false;
}

void Game::table_artillery_actions(std::vector<Action>& out) const {
    const int gun = next_gun();
    if (gun < 0) return;
    const auto& chart = *ruleset_->artillery_chart(phase().table);
    const auto& shots = *chart.gun(state_.units[static_cast<std::size_t>(gun)].type);
    const double arc = rules::option_int(phase(), "arc", 45);
    const gt::Formation f = table_formation(gun);
    auto fired = [&](const rules::GunShot& s) { return state_.mark(gun, "shots:" + chart.shots[static_cast<std::size_t>(s.shot)].id); };
    for (int target = 0; target < static_cast<int>(state_.units.size()); ++target) {
        const auto& t = state_.units[static_cast<std::size_t>(target)];
        if (!t.on_map || t.hidden || t.side == state_.units[static_cast<std::size_t>(gun)].side) continue;
        const double bearing = gt::bearing_of(table_position(target) - f.front_centre);
        if (std::abs(gt::turn_between(f.facing, bearing)) > arc + 1e-9 || !table_sees(gun, target)) continue;
        const double d = table_distance(gun, target);
        if (shot_for(chart, shots, 0, fired)) {
            for (const auto& s : shots)
                if (chart.shots[static_cast<std::size_t>(s.shot)].shape == rules::ShotSpec::Template::Wedge && d <= s.range) {
                    out.push_back({ActionKind::Fire, gun, target, {}, 0});
                    break;
                }
        }
        // Called ranges in steps of 10 cm, as far as the gun reaches (the
        // player calls a range without measuring; any whole cm is legal).
        const int reach = static_cast<int>(chart.max_range(state_.units[static_cast<std::size_t>(gun)].type));
        for (int called = 10; called <= reach; called += 10)
            if (shot_for(chart, shots, called, fired)) out.push_back({ActionKind::Fire, gun, target, {}, called});
    }
    out.push_back({ActionKind::Decline, gun});
}

bool Game::may_call(int gun, int target, int called_cm) const {
    if (gun != next_gun() || called_cm <= 0) return false;
    std::vector<Action> offered;
    table_artillery_actions(offered);
    const bool aimed = std::any_of(offered.begin(), offered.end(), [&](const Action& a) { return a.kind == ActionKind::Fire && a.target == target && a.index > 0; });
    if (!aimed) return false;
    const auto& chart = *ruleset_->artillery_chart(phase().table);
    auto fired = [&](const rules::GunShot& s) { return state_.mark(gun, "shots:" + chart.shots[static_cast<std::size_t>(s.shot)].id); };
    return shot_for(chart, *chart.gun(state_.units[static_cast<std::size_t>(gun)].type), called_cm, fired) != nullptr;
}

void Game::table_artillery_apply(const Action& a) {
    state_.units[static_cast<std::size_t>(a.unit)].fired = true;
    drop_legal();
    if (a.kind == ActionKind::Decline) {
        if (logging_) note("  " + unit_id(a.unit) + " does not fire");
        return;
    }
    fire_gun(a.unit, a.target, a.index);
}

void Game::fire_gun(int gun, int target, int called_cm) {
    const auto& chart = *ruleset_->artillery_chart(phase().table);
    const int type = state_.units[static_cast<std::size_t>(gun)].type;
    auto fired = [&](const rules::GunShot& s) { return state_.mark(gun, "shots:" + chart.shots[static_cast<std::size_t>(s.shot)].id); };
    const rules::GunShot* gs = shot_for(chart, *chart.gun(type), called_cm, fired);
    if (!gs) return;
    const rules::ShotSpec& shot = chart.shots[static_cast<std::size_t>(gs->shot)];
    const gt::Point muzzle = table_formation(gun).front_centre;
    const double bearing = gt::bearing_of(table_position(target) - muzzle);
    place_on_table(gun, table_position(gun), static_cast<int>(std::lround(gt::normalize_bearing(bearing))) % 360);
    if (gs->ammunition > 0) set_mark(gun, "shots:" + shot.id, fired(*gs) + 1);
    const std::string who = unit_id(gun) + " fires " + shot.name;
    gt::Point aim = muzzle + gt::heading(bearing) * called_cm;
    if (shot.varies && called_cm > chart.unvaried_within * chart.max_range(type) + 1e-9) {
        const int face = roll(6, who + ": the variation wheel");
        const auto [ahead, right] = chart.wheel_offset(face);
        aim = aim + gt::heading(bearing) * ahead + gt::right_of(bearing) * right;
    }
    if (shot.shape == rules::ShotSpec::Template::BounceStick && shot.stick_variation.size() == 6)
        aim = aim + gt::heading(bearing) * shot.stick_variation[static_cast<std::size_t>(roll(6, who + ": the bounce") - 1)];
    // Every figure on the table, with its unit.
    struct Figure {
        int unit;
        gt::Point at;
    };
    std::vector<Figure> figures;
    for (int u = 0; u < static_cast<int>(state_.units.size()); ++u)
        if (state_.units[static_cast<std::size_t>(u)].on_map)
            for (gt::Point p : table_figures(u)) figures.push_back({u, p});
    auto is_piece = [&](int u) { return chart.gun(state_.units[static_cast<std::size_t>(u)].type) != nullptr; };
    auto dice_kill = [&](const Figure& fig) {
        const auto& faces = is_piece(fig.unit) && !shot.piece_kill_on.empty() ? shot.piece_kill_on : shot.kill_on;
        if (faces.empty()) return true;
        const int face = roll(6, who + ": a figure under the template");
        return std::find(faces.begin(), faces.end(), face) != faces.end();
    };
    std::vector<int> kills(state_.units.size(), 0);
    int under = 0, killed = 0;
    std::size_t nearest = figures.size();
    for (std::size_t i = 0; i < figures.size(); ++i) {
        const Figure& fig = figures[i];
        bool covered = false, certain = false;
        switch (shot.shape) {
        case rules::ShotSpec::Template::Circle: {
            const gt::CircleTemplate circle{aim, shot.size};
            covered = gt::covers(circle, fig.at);
            certain = gt::under_crosshairs(circle, fig.at);
            if (covered && (nearest == figures.size() || gt::distance(fig.at, aim) < gt::distance(figures[nearest].at, aim))) nearest = i;
            break;
        }
        case rules::ShotSpec::Template::Line:
            // A bolt takes what the last `size` cm of its path cross.
            covered = certain = gt::covers(gt::LineTemplate{aim - gt::heading(bearing) * shot.size, aim, 0.6}, fig.at);
            break;
        case rules::ShotSpec::Template::BounceStick:
            covered = certain = gt::covers(gt::BounceStick{aim, bearing, shot.size, shot.painted}, fig.at);
            break;
        case rules::ShotSpec::Template::Wedge:
            covered = gt::covers(gt::WedgeTemplate{muzzle, bearing, shot.near_width, shot.far_width, gs->range}, fig.at);
            break;
        }
        if (!covered || fig.unit == gun) continue;
        ++under;
        // A figure under a hit circle's cross-hairs is a direct hit (Cady: a catapult's removes an elephant).
        if (certain && shot.shape == rules::ShotSpec::Template::Circle) {
            auto& direct = beside_.pending_direct_hits[static_cast<std::size_t>(fig.unit)];
            direct += (direct.empty() ? "" : ",") + shot.id;
        }
        if (certain || dice_kill(fig)) {
            ++kills[static_cast<std::size_t>(fig.unit)];
            ++killed;
        }
    }
    if (shot.at_least_one && under > 0 && killed == 0 && nearest < figures.size()) {
        ++kills[static_cast<std::size_t>(figures[nearest].unit)];
        ++killed;
    }
    for (std::size_t u = 0; u < kills.size(); ++u) beside_.pending_losses[u] += kills[u];
    if (logging_)
        note("  " + who + " at " + unit_id(target) + (called_cm > 0 ? ", range called " + std::to_string(called_cm) + " cm" : "") + ": lands " +
             std::to_string(static_cast<int>(std::lround(gt::distance(muzzle, aim)))) + " cm out; " + std::to_string(under) + " figures under it, " +
             std::to_string(killed) + " hit");
}

}  // namespace sandtable::kernel
