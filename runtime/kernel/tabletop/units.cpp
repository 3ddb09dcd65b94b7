// The tabletop's units (Cady) as the game changes them: set up from the
// scenario, moved and turned, losing figures, hidden markers revealed. Where
// they stand and what they touch and see is kernel/tabletop/board.cpp.
#include "kernel/game.h"
#include "rules/procedures.h"

#include "geometry/tabletop/arc.h"
#include "geometry/tabletop/los.h"

#include <algorithm>
#include <cmath>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

namespace {
constexpr double kMicronsPerCm = 10000.0;
int to_microns(double cm) { return static_cast<int>(std::lround(cm * kMicronsPerCm)); }
}  // namespace

void Game::set_up_table() {
    tabletop_.read_roles(phase_options_);
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

// A marker is revealed when an enemy unit sees it (90 cm, a gun further, in
// line of sight; Cady: "if two markers ... both must be placed"), or when it
// touches an enemy. A phantom seen is taken off: nothing was there.
void Game::reveal_seen_markers() {
    const int n = static_cast<int>(state_.units.size());
    std::vector<int> seen;
    for (int u = 0; u < n; ++u) {
        const auto& s = state_.unit(u);
        if (!s.on_map || !s.hidden) continue;
        for (int other = 0; other < n; ++other) {
            const auto& o = state_.unit(other);
            if (!o.on_map || o.side == s.side || o.phantom) continue;
            if (tabletop_.sees(other, u) || tabletop_.contact(u, other)) {
                seen.push_back(u);
                break;
            }
        }
    }
    for (int u : seen) {
        auto& s = state_.unit(u);
        s.hidden = false;
        if (s.phantom) {
            if (recording_.log) note("  a marker is seen: nothing is there (" + unit(u).id() + " was a phantom)");
            s.on_map = false;
            s.eliminated = true;  // gone; it counts for nobody
        } else if (recording_.log) {
            note("  " + unit(u).id() + " is seen and revealed");
        }
    }
    if (!seen.empty()) board_changed();
}

void Game::lose_figures(int unit, int count, const std::string& why, const std::string& direct) {
    auto& u = state_.unit(unit);
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
    if (recording_.log)
        note("  " + this->unit(unit).id() + " loses " + std::to_string(lost) + (lost == 1 ? " figure" : " figures") +
             (why.empty() ? "" : " (" + why + ")") + ", " + std::to_string(u.figures) + " left");
    board_changed();
    if (u.figures == 0) eliminate(unit);
}

void Game::place_on_table(int unit, gt::Point front_centre, int facing) {
    auto& u = state_.unit(unit);
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

}  // namespace sandtable::kernel
