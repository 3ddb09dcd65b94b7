// The free table's units (Cady): where their stands stand, their figures,
// what they touch and see. Positions are kept in micrometres so that replays
// are exact; geometry works in centimetres.
#include "kernel/game.h"
#include "rules/procedures.h"

#include "geometry/table_arc.h"
#include "geometry/table_los.h"

#include <algorithm>
#include <cmath>

namespace sandtable::kernel {

namespace gt = geometry::table;

namespace {
constexpr double kMicronsPerCm = 10000.0;
int to_microns(double cm) { return static_cast<int>(std::lround(cm * kMicronsPerCm)); }
}  // namespace

void Game::set_up_table() {
    const auto& rs = *ruleset_;
    table_roles_.width = rs.attribute_index(rs.table.stand_width);
    table_roles_.depth = rs.attribute_index(rs.table.stand_depth);
    table_roles_.per_stand = rs.attribute_index(rs.table.figures_per_stand);
    table_roles_.mounted = rs.attribute_index(rs.table.mounted);
    table_roles_.sight = rs.attribute_index(rs.table.sight_attribute);
    for (const auto& options : phase_options_) {
        if (const auto* movement = std::get_if<rules::TabletopMovementOptions>(&options))
            table_roles_.allowance = movement->allowance.index;
        if (const auto* fire = std::get_if<rules::TabletopFireOptions>(&options)) {
            table_roles_.range = fire->range.index;
            table_roles_.arc_left = fire->arc_left.index;
            table_roles_.arc_right = fire->arc_right.index;
            table_roles_.ammunition = fire->ammunition.index;
        }
        if (const auto* melee = std::get_if<rules::TabletopMeleeOptions>(&options)) {
            table_roles_.melee = melee->melee.index;
            table_roles_.shock = melee->shock.index;
        }
        if (const auto* morale = std::get_if<rules::TabletopMoraleOptions>(&options))
            table_roles_.morale = morale->morale.index;
    }
    const auto& placements = scenario_->units;
    for (std::size_t i = 0; i < placements.size(); ++i) {
        auto& u = state_.units[i];
        const auto& t = placements[i].table;
        u.x_um = to_microns(t.front_centre.x);
        u.y_um = to_microns(t.front_centre.y);
        u.facing = t.facing;
        u.files = std::max(1, t.files);
        u.figures = u.figures_at_turn_start = std::max(1, t.figures);
        u.hidden = t.hidden;
        u.phantom = t.phantom;
    }
    state_.table_orders.assign(state_.units.size(), TableOrder{});
    for (std::size_t i = 0; i < state_.units.size(); ++i) state_.table_orders[i].facing = state_.units[i].facing;
    beside_.pending_table_orders.orders.assign(state_.units.size(), TableOrder{});
    beside_.pending_table_orders.written.assign(state_.units.size(), 0);
    beside_.pending_losses.assign(state_.units.size(), 0);
    beside_.pending_direct_hits.assign(state_.units.size(), {});
}

int Game::table_attribute(int unit, int attribute) const {
    return attribute < 0 ? 0 : this->attribute(unit, attribute);
}

gt::Point Game::table_position(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return {u.x_um / kMicronsPerCm, u.y_um / kMicronsPerCm};
}

int Game::stand_count(int unit) const {
    const int per_stand = std::max(1, table_attribute(unit, table_roles_.per_stand));
    return (figures(unit) + per_stand - 1) / per_stand;
}

gt::Formation Game::table_formation(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const int stands = std::max(1, stand_count(unit));
    gt::Formation f;
    f.front_centre = table_position(unit);
    f.facing = u.facing;
    f.files = std::clamp(u.files, 1, stands);
    f.ranks = (stands + f.files - 1) / f.files;
    f.stand_width = std::max(1, table_attribute(unit, table_roles_.width)) / 10.0;  // attributes are in mm
    f.stand_depth = std::max(1, table_attribute(unit, table_roles_.depth)) / 10.0;
    return f;
}

std::vector<gt::Stand> Game::stands_at(int unit, gt::Point front_centre, int facing, int files) const {
    gt::Formation f = table_formation(unit);
    const int stands = std::max(1, stand_count(unit));
    f.front_centre = front_centre;
    f.facing = facing;
    f.files = std::clamp(files, 1, stands);
    f.ranks = (stands + f.files - 1) / f.files;
    return gt::stands_of(f, stands);
}

std::vector<gt::Stand> Game::table_stands(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map || u.figures <= 0) return {};
    return stands_at(unit, table_position(unit), u.facing, u.files);
}

std::vector<int> Game::figures_on_stands(int unit) const {
    const int per_stand = std::max(1, table_attribute(unit, table_roles_.per_stand));
    std::vector<int> out;
    for (int left = figures(unit); left > 0; left -= per_stand) out.push_back(std::min(left, per_stand));
    return out;
}

std::vector<gt::Point> Game::table_figures(int unit) const {
    const auto stands = table_stands(unit);
    const auto counts = figures_on_stands(unit);
    std::vector<gt::Point> out;
    for (std::size_t i = 0; i < stands.size() && i < counts.size(); ++i)
        for (gt::Point p : gt::figure_points(stands[i], counts[i])) out.push_back(p);
    return out;
}

double Game::table_distance(int a, int b) const {
    const auto sa = table_stands(a);
    const auto sb = table_stands(b);
    double best = std::numeric_limits<double>::infinity();
    for (const auto& x : sa)
        for (const auto& y : sb) {
            // Two bases are at least their centres' distance less their half
            // diagonals apart: most pairs are ruled out without a polygon.
            const double bound =
                gt::distance(x.centre, y.centre) - (std::hypot(x.width, x.depth) + std::hypot(y.width, y.depth)) / 2;
            if (bound >= best) continue;
            best = std::min(best, gt::base_distance(x, y));
        }
    return best;
}

double Game::table_distance_at_least(int a, int b) const {
    const auto fa = table_formation(a);
    const auto fb = table_formation(b);
    const gt::Point ca = fa.front_centre - gt::heading(fa.facing) * (gt::formation_depth(fa) / 2);
    const gt::Point cb = fb.front_centre - gt::heading(fb.facing) * (gt::formation_depth(fb) / 2);
    const double ra = std::hypot(gt::frontage(fa), gt::formation_depth(fa)) / 2;
    const double rb = std::hypot(gt::frontage(fb), gt::formation_depth(fb)) / 2;
    return std::max(0.0, gt::distance(ca, cb) - ra - rb);
}

bool Game::table_contact(int a, int b) const {
    // Bases further apart than a whole formation's reach cannot touch.
    const auto fa = table_formation(a);
    const auto fb = table_formation(b);
    const double reach = std::hypot(gt::frontage(fa), gt::formation_depth(fa)) +
                         std::hypot(gt::frontage(fb), gt::formation_depth(fb)) + ruleset_->table.contact;
    if (gt::distance(fa.front_centre, fb.front_centre) > reach) return false;
    for (const auto& x : table_stands(a))
        for (const auto& y : table_stands(b))
            if (gt::in_contact(x, y, ruleset_->table.contact)) return true;
    return false;
}

std::vector<int> Game::units_in_contact(int unit) const {
    std::vector<int> out;
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    for (int other = 0; other < static_cast<int>(state_.units.size()); ++other) {
        const auto& o = state_.units[static_cast<std::size_t>(other)];
        if (other == unit || !o.on_map || o.side == side || o.figures <= 0 || o.phantom) continue;
        if (state_.units[static_cast<std::size_t>(unit)].phantom) continue;
        if (table_contact(unit, other)) out.push_back(other);
    }
    return out;
}

// A unit sees at least as far as it shoots: its own sight attribute (Cady,
// musket guns: "can see up to 120 cm or at their maximum firing range,
// whichever is greater"), its small arms' range, its gun's longest range.
double Game::table_sight_beyond(int viewer) const {
    double sight = 0;
    if (table_roles_.sight >= 0) sight = table_attribute(viewer, table_roles_.sight);
    if (table_roles_.range >= 0) sight = std::max(sight, table_attribute(viewer, table_roles_.range) * 1.0);
    for (const auto& chart : ruleset_->artillery_charts)
        sight = std::max(sight, chart.max_range(state_.units[static_cast<std::size_t>(viewer)].type));
    return sight;
}

bool Game::table_sees(int viewer, int target) const {
    const auto& rules = ruleset_->table;
    const gt::Point eye = table_position(viewer);
    const double eye_height = table_attribute(viewer, table_roles_.mounted) ? rules.mounted_eye : rules.foot_eye;
    const double target_eye = table_attribute(target, table_roles_.mounted) ? rules.mounted_eye : rules.foot_eye;
    double sight = std::max(rules.sight, table_sight_beyond(viewer));
    for (const auto& stand : table_stands(target)) {
        if (gt::distance(eye, stand.centre) > sight + stand.width) continue;
        if (gt::line_of_sight(table_map(), {eye, eye_height}, {stand.centre, target_eye}, {rules.crest}).clear)
            return true;
    }
    return false;
}

bool Game::hidden_from(int unit, int side) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return u.hidden && u.side != side;
}

// A marker is revealed when an enemy unit sees it (90 cm, a gun further, in
// line of sight; Cady: "if two markers ... both must be placed"), or when it
// touches an enemy. A phantom seen is taken off: nothing was there.
void Game::reveal_seen_markers() {
    const int n = static_cast<int>(state_.units.size());
    std::vector<int> seen;
    for (int u = 0; u < n; ++u) {
        const auto& s = state_.units[static_cast<std::size_t>(u)];
        if (!s.on_map || !s.hidden) continue;
        for (int other = 0; other < n; ++other) {
            const auto& o = state_.units[static_cast<std::size_t>(other)];
            if (!o.on_map || o.side == s.side || o.phantom) continue;
            if (table_sees(other, u) || table_contact(u, other)) {
                seen.push_back(u);
                break;
            }
        }
    }
    for (int u : seen) {
        auto& s = state_.units[static_cast<std::size_t>(u)];
        s.hidden = false;
        if (s.phantom) {
            if (logging_) note("  a marker is seen: nothing is there (" + unit_id(u) + " was a phantom)");
            s.on_map = false;
            s.eliminated = true;  // gone; it counts for nobody
        } else if (logging_) {
            note("  " + unit_id(u) + " is seen and revealed");
        }
    }
    if (!seen.empty()) board_changed();
}

double Game::table_allowance(int unit) const { return table_attribute(unit, table_roles_.allowance); }

const TableOrder& Game::table_order(int unit) const { return state_.table_orders[static_cast<std::size_t>(unit)]; }

std::optional<TableOrder> Game::pending_table_order(int unit, int viewer) const {
    const auto i = static_cast<std::size_t>(unit);
    if (i >= beside_.pending_table_orders.written.size() || !beside_.pending_table_orders.written[i])
        return std::nullopt;
    if (viewer != state_.units[i].side && !state_.result.over) return std::nullopt;
    return beside_.pending_table_orders.orders[i];
}

void Game::lose_figures(int unit, int count, const std::string& why, const std::string& direct) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map || count <= 0) return;
    if (listening(Event::FiguresLost)) {
        EventContext ctx(Event::FiguresLost);
        ctx.set("unit", unit);
        ctx.set_text("cause", why);
        ctx.set_text("direct", direct);
        ctx.set("count", count);
        raise(ctx);
        count = static_cast<int>(ctx.get("count", count));
        if (!u.on_map || count <= 0) return;
    }
    const int lost = std::min(count, u.figures);
    u.figures -= lost;
    state_.sides[static_cast<std::size_t>(u.side)].lost_points += lost * scenario_->vp_per_enemy_strength;
    if (logging_)
        note("  " + unit_id(unit) + " loses " + std::to_string(lost) + (lost == 1 ? " figure" : " figures") +
             (why.empty() ? "" : " (" + why + ")") + ", " + std::to_string(u.figures) + " left");
    board_changed();
    if (u.figures == 0) eliminate(unit);
}

void Game::place_on_table(int unit, gt::Point front_centre, int facing) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    u.x_um = to_microns(front_centre.x);
    u.y_um = to_microns(front_centre.y);
    u.facing = static_cast<int>(std::lround(gt::normalize_bearing(facing)));
    if (u.facing >= 360) u.facing -= 360;
    board_changed();
}

void Game::take_pending_losses(const std::string& why) {
    for (std::size_t i = 0; i < beside_.pending_losses.size(); ++i) {
        const int n = beside_.pending_losses[i];
        beside_.pending_losses[i] = 0;
        std::string direct;
        if (i < beside_.pending_direct_hits.size()) std::swap(direct, beside_.pending_direct_hits[i]);
        if (n > 0) lose_figures(static_cast<int>(i), n, why, direct);
        if (state_.result.over) return;
    }
}

int Game::nearest_enemy(int unit) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    int best = -1;
    double best_d = 0;
    for (int other = 0; other < static_cast<int>(state_.units.size()); ++other) {
        const auto& o = state_.units[static_cast<std::size_t>(other)];
        if (!o.on_map || o.side == me.side || o.figures <= 0) continue;
        const double d = gt::distance(table_position(unit), table_position(other));
        if (best < 0 || d < best_d) best = other, best_d = d;
    }
    return best;
}

}  // namespace sandtable::kernel
