// The tabletop's units as they stand: stands, figures, distances, contact,
// sight, hidden markers. Positions are kept in whole micrometres in the state
// (replays are exact); geometry works in centimetres.
#include "kernel/tabletop/board.h"

#include "kernel/game.h"
#include "rules/phase_options.h"

#include "geometry/tabletop/arc.h"
#include "geometry/tabletop/los.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

namespace {
constexpr double kMicronsPerCm = 10000.0;
}  // namespace

TabletopBoard::TabletopBoard(const Game& game) : game_(game) { roles_.fill(-1); }

void TabletopBoard::read_roles(const std::vector<rules::PhaseOptions>& phase_options) {
    const auto& rs = game_.ruleset();
    auto set = [this](TabletopRole role, int attribute) { roles_[static_cast<std::size_t>(role)] = attribute; };
    set(TabletopRole::StandWidth, rs.attribute_index(rs.table.stand_width));
    set(TabletopRole::StandDepth, rs.attribute_index(rs.table.stand_depth));
    set(TabletopRole::FiguresPerStand, rs.attribute_index(rs.table.figures_per_stand));
    set(TabletopRole::Mounted, rs.attribute_index(rs.table.mounted));
    set(TabletopRole::Sight, rs.attribute_index(rs.table.sight_attribute));
    for (const rules::PhaseOptions& options : phase_options) {
        if (const auto* movement = std::get_if<rules::TabletopMovementOptions>(&options))
            set(TabletopRole::Allowance, movement->allowance.index);
        if (const auto* fire = std::get_if<rules::TabletopFireOptions>(&options)) {
            set(TabletopRole::Range, fire->range.index);
            set(TabletopRole::ArcLeft, fire->arc_left.index);
            set(TabletopRole::ArcRight, fire->arc_right.index);
            set(TabletopRole::Ammunition, fire->ammunition.index);
        }
        if (const auto* melee = std::get_if<rules::TabletopMeleeOptions>(&options)) {
            set(TabletopRole::Melee, melee->melee.index);
            set(TabletopRole::Shock, melee->shock.index);
        }
        if (const auto* morale = std::get_if<rules::TabletopMoraleOptions>(&options))
            set(TabletopRole::Morale, morale->morale.index);
    }
}

const gt::TableMap& TabletopBoard::map() const { return game_.scenario().table.map; }

int TabletopBoard::value(int unit, TabletopRole role) const {
    const int attribute = roles_[static_cast<std::size_t>(role)];
    return attribute < 0 ? 0 : game_.unit(unit).attribute(attribute);
}

gt::Point TabletopBoard::position(int unit) const {
    const auto& u = game_.state().unit(unit);
    return {u.x_um / kMicronsPerCm, u.y_um / kMicronsPerCm};
}

int TabletopBoard::stand_count(int unit) const {
    const int per_stand = std::max(1, value(unit, TabletopRole::FiguresPerStand));
    return (game_.unit(unit).figures() + per_stand - 1) / per_stand;
}

gt::Formation TabletopBoard::formation(int unit) const {
    const auto& u = game_.state().unit(unit);
    const int stands = std::max(1, stand_count(unit));
    gt::Formation f;
    f.front_centre = position(unit);
    f.facing = u.facing;
    f.files = std::clamp(u.files, 1, stands);
    f.ranks = (stands + f.files - 1) / f.files;
    f.stand_width = std::max(1, value(unit, TabletopRole::StandWidth)) / 10.0;  // attributes are in mm
    f.stand_depth = std::max(1, value(unit, TabletopRole::StandDepth)) / 10.0;
    return f;
}

std::vector<gt::Stand> TabletopBoard::stands_at(int unit, gt::Point front_centre, int facing, int files) const {
    gt::Formation f = formation(unit);
    const int stands = std::max(1, stand_count(unit));
    f.front_centre = front_centre;
    f.facing = facing;
    f.files = std::clamp(files, 1, stands);
    f.ranks = (stands + f.files - 1) / f.files;
    return gt::stands_of(f, stands);
}

std::vector<gt::Stand> TabletopBoard::stands(int unit) const {
    const auto& u = game_.state().unit(unit);
    if (!u.on_map || u.figures <= 0) return {};
    return stands_at(unit, position(unit), u.facing, u.files);
}

std::vector<int> TabletopBoard::figures_on_stands(int unit) const {
    const int per_stand = std::max(1, value(unit, TabletopRole::FiguresPerStand));
    std::vector<int> out;
    for (int left = game_.unit(unit).figures(); left > 0; left -= per_stand) out.push_back(std::min(left, per_stand));
    return out;
}

std::vector<gt::Point> TabletopBoard::figure_points(int unit) const {
    const auto bases = stands(unit);
    const auto counts = figures_on_stands(unit);
    std::vector<gt::Point> out;
    for (std::size_t i = 0; i < bases.size() && i < counts.size(); ++i)
        for (gt::Point p : gt::figure_points(bases[i], counts[i])) out.push_back(p);
    return out;
}

double TabletopBoard::distance(int a, int b) const {
    const auto sa = stands(a);
    const auto sb = stands(b);
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

double TabletopBoard::distance_at_least(int a, int b) const {
    const auto fa = formation(a);
    const auto fb = formation(b);
    const gt::Point ca = fa.front_centre - gt::heading(fa.facing) * (gt::formation_depth(fa) / 2);
    const gt::Point cb = fb.front_centre - gt::heading(fb.facing) * (gt::formation_depth(fb) / 2);
    const double ra = std::hypot(gt::frontage(fa), gt::formation_depth(fa)) / 2;
    const double rb = std::hypot(gt::frontage(fb), gt::formation_depth(fb)) / 2;
    return std::max(0.0, gt::distance(ca, cb) - ra - rb);
}

bool TabletopBoard::contact(int a, int b) const {
    // Bases further apart than a whole formation's reach cannot touch.
    const auto fa = formation(a);
    const auto fb = formation(b);
    const double reach = std::hypot(gt::frontage(fa), gt::formation_depth(fa)) +
                         std::hypot(gt::frontage(fb), gt::formation_depth(fb)) + game_.ruleset().table.contact;
    if (gt::distance(fa.front_centre, fb.front_centre) > reach) return false;
    for (const auto& x : stands(a))
        for (const auto& y : stands(b))
            if (gt::in_contact(x, y, game_.ruleset().table.contact)) return true;
    return false;
}

std::vector<int> TabletopBoard::units_in_contact(int unit) const {
    std::vector<int> out;
    const int side = game_.state().unit(unit).side;
    for (int other = 0; other < static_cast<int>(game_.state().units.size()); ++other) {
        const auto& o = game_.state().unit(other);
        if (other == unit || !o.on_map || o.side == side || o.figures <= 0 || o.phantom) continue;
        if (game_.state().unit(unit).phantom) continue;
        if (contact(unit, other)) out.push_back(other);
    }
    return out;
}

// A unit sees at least as far as it shoots: its own sight attribute (Cady,
// musket guns: "can see up to 120 cm or at their maximum firing range,
// whichever is greater"), its small arms' range, its gun's longest range.
double TabletopBoard::sight_beyond(int viewer) const {
    double sight = 0;
    if (has(TabletopRole::Sight)) sight = value(viewer, TabletopRole::Sight);
    if (has(TabletopRole::Range)) sight = std::max(sight, value(viewer, TabletopRole::Range) * 1.0);
    for (const auto& chart : game_.ruleset().artillery_charts)
        sight = std::max(sight, chart.max_range(game_.state().unit(viewer).type));
    return sight;
}

bool TabletopBoard::sees(int viewer, int target) const {
    const auto& rules = game_.ruleset().table;
    const gt::Point eye = position(viewer);
    const double eye_height = value(viewer, TabletopRole::Mounted) ? rules.mounted_eye : rules.foot_eye;
    const double target_eye = value(target, TabletopRole::Mounted) ? rules.mounted_eye : rules.foot_eye;
    double sight = std::max(rules.sight, sight_beyond(viewer));
    for (const auto& stand : stands(target)) {
        if (gt::distance(eye, stand.centre) > sight + stand.width) continue;
        if (gt::line_of_sight(map(), {eye, eye_height}, {stand.centre, target_eye}, {rules.crest}).clear) return true;
    }
    return false;
}

bool TabletopBoard::hidden_from(int unit, int side) const {
    const auto& u = game_.state().unit(unit);
    return u.hidden && u.side != side;
}

int TabletopBoard::nearest_enemy(int unit) const {
    const auto& me = game_.state().unit(unit);
    int best = -1;
    double best_d = 0;
    for (int other = 0; other < static_cast<int>(game_.state().units.size()); ++other) {
        const auto& o = game_.state().unit(other);
        if (!o.on_map || o.side == me.side || o.figures <= 0) continue;
        const double d = gt::distance(position(unit), position(other));
        if (best < 0 || d < best_d) best = other, best_d = d;
    }
    return best;
}

int TabletopBoard::figures_in_rank(int unit, int rank) const {
    const auto counts = figures_on_stands(unit);
    const long long files = std::max(1, formation(unit).files);
    if (rank < 0 || rank * files >= static_cast<long long>(counts.size())) return 0;  // no such rank
    int figures = 0;
    const auto end = std::min(static_cast<long long>(counts.size()), (rank + 1) * files);
    for (long long i = rank * files; i < end; ++i) figures += counts[static_cast<std::size_t>(i)];
    return figures;
}

// Where the enemy strikes the unit from: 0 its front, 1 a flank, 2 its rear.
// Decided by which edge of the unit's block faces the enemy's nearest stand:
// the enemy's offset from the block's middle, in the block's own axes and
// scaled by its half depth and half frontage, is mostly ahead, aside or behind.
int TabletopBoard::aspect_of(int unit, int enemy) const {
    const gt::Formation f = formation(unit);
    const gt::Point forward = gt::heading(f.facing);
    const gt::Point right = gt::right_of(f.facing);
    const double half_depth = gt::formation_depth(f) / 2, half_front = gt::frontage(f) / 2;
    const gt::Point middle = f.front_centre - forward * half_depth;
    gt::Point nearest = position(enemy);
    double best = std::numeric_limits<double>::infinity();
    for (const auto& stand : stands(enemy))
        if (const double d = gt::distance(stand.centre, middle); d < best) best = d, nearest = stand.centre;
    const gt::Point offset = nearest - middle;
    const double ahead = gt::dot(offset, forward) / half_depth;
    const double aside = std::abs(gt::dot(offset, right)) / half_front;
    if (ahead >= aside) return 0;
    if (-ahead >= aside) return 2;
    return 1;
}

}  // namespace sandtable::kernel
