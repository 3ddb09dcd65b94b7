// Movement on a tabletop (Cady, "Dividing a move into thirds"): every unit
// carries out its written order at once, a slice of its move at a time, so
// that "who got there first" is settled by speed. A unit stops where its
// bases would run into another unit's; meeting an enemy within the contact
// distance stops both, and they will melee. Post-melee morale reactions
// (back, back and turn) are carried out instead of orders.
#include "kernel/tabletop/simultaneous_movement.h"

#include "kernel/game.h"
#include "kernel/tabletop/fire.h"
#include "rules/procedures.h"

#include "geometry/tabletop/arc.h"
#include "geometry/tabletop/terrain.h"

#include <algorithm>
#include <cmath>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

namespace {
// Bases that overlap by more than this are in each other's way; touching is
// not. A unit moving up to another halts within it of base contact.
constexpr double kGapCm = 0.05;
// A move is checked for collisions at least this often along its way.
constexpr double kSampleCm = 1.0;

}  // namespace

struct TabletopMovementProcedure::TableMove {
    bool moving = false;
    double bearing = 0;
    int target = -1;       // a charge follows its target
    double remaining = 0;  // cm still to go
    double per_slice = 0;
    int end_facing = -1;
    bool may_leave = false;   // a unit falling back may leave the table by its edge
    bool backing = false;     // it backs away, facing kept (a withdrawal, a morale reaction)
    bool about_face = false;  // at the end it turns its back to the enemy where it stands
    double moved = 0;
    double allowance = 0;
};

namespace {
// Where the path from→to meets the line's centre, in cm from `from` (its length when it does not).
double meeting_point(const gt::Polyline& line, gt::Point from, gt::Point to) {
    const double length = gt::distance(from, to);
    double meet = length;
    for (std::size_t k = 1; k < line.points.size(); ++k) {
        const gt::Point a = line.points[k - 1], b = line.points[k];
        const gt::Point r = to - from, s = b - a;
        const double denom = gt::cross(r, s);
        if (std::abs(denom) < 1e-12) continue;
        const double t = gt::cross(a - from, s) / denom;
        const double u = gt::cross(a - from, r) / denom;
        if (t >= 0 && t <= 1 && u >= 0 && u <= 1) meet = std::min(meet, t * length);
    }
    return meet;
}

// Thirds lost crossing the table's lines (roads left out: road_share). A line
// crossed at a ford or bridge costs the crossing's thirds, counted with the
// areas, unless the line sets its own `crossing_thirds` (then that crossing
// area is marked `paid`). A line the unit may not cross sets `stop_at`; one
// that takes three thirds takes a whole move: the unit halts at it, and one
// that starts at it (within `reach_cm` of its front) crosses it as its whole
// move, its `depth_cm` past it (Cady: "To move artillery over a stone wall
// requires one move").
int line_thirds(const rules::Ruleset& rs, const rules::TableData& table, std::size_t mc, gt::Point from, gt::Point to,
                double& stop_at, std::vector<char>& paid, double reach_cm, double depth_cm) {
    const double length = gt::distance(from, to);
    int lost = 0;
    for (std::size_t i = 0; i < table.map.lines.size(); ++i) {
        const auto& line = table.map.lines[i].line;
        const auto& kind = rs.terrain[static_cast<std::size_t>(table.lines[i].terrain)];
        const auto& cost = kind.cost[mc];
        if (cost && *cost < 0) continue;
        const bool along = gt::distance_to_polyline(line, from) <= line.width / 2 &&
                           gt::distance_to_polyline(line, to) <= line.width / 2;
        if (along || !gt::crosses(line, from, to)) continue;
        const double meet = meeting_point(line, from, to);
        const gt::Point at = from + (to - from) * (length > 0 ? meet / length : 0);
        int crossing = -1;
        for (std::size_t a = 0; a < table.map.areas.size() && crossing < 0; ++a)
            if (rs.terrain[static_cast<std::size_t>(table.areas[a].terrain)].table.crossing &&
                gt::contains(table.map.areas[a].outline, at))
                crossing = static_cast<int>(a);
        if (crossing >= 0) {
            // A crossing its class may not use (a ford, for wagons) stops it with the areas.
            const bool usable =
                rs.terrain[static_cast<std::size_t>(table.areas[static_cast<std::size_t>(crossing)].terrain)]
                    .cost[mc]
                    .has_value();
            if (kind.table.crossing_thirds >= 0 && usable) {
                paid[static_cast<std::size_t>(crossing)] = 1;
                lost += kind.table.crossing_thirds;
            }
            continue;
        }
        const double near_bank = meet - line.width / 2;
        if (!cost || (*cost >= 3 && near_bank > reach_cm))
            stop_at = std::min(stop_at, std::max(0.0, near_bank - kGapCm));
        else if (*cost >= 3)
            stop_at = std::min(stop_at, meet + line.width / 2 + depth_cm + kGapCm);
        else if (*cost > 0)
            lost += *cost;
    }
    return lost;
}
}  // namespace

// Thirds of a move the straight path from `from` to `to` loses to terrain
// (Cady, Effects on Movement): each line it crosses, each kind of area it runs
// through once, each hill outline it crosses (a level up or down). A road (a
// line that gains) is road_share's. What the unit may not enter or cross (a
// river away from a ford or bridge) sets `stop_at` to where the path meets it.
int TabletopMovementProcedure::terrain_thirds(const Game& game, int unit, gt::Point from, gt::Point to,
                                              double& stop_at) {
    const auto& table = game.scenario_->table;
    const auto mc = static_cast<std::size_t>(game.unit(unit).movement_class());
    const double length = gt::distance(from, to);
    std::vector<char> paid(table.map.areas.size(), 0);
    const gt::Formation formation = game.tabletop_.formation(unit);
    const double depth = formation.ranks * formation.stand_depth;
    int lost = line_thirds(*game.ruleset_, table, mc, from, to, stop_at, paid, game.ruleset_->table.contact, depth);
    std::vector<int> kinds_counted;
    for (std::size_t i = 0; i < table.map.areas.size(); ++i) {
        const auto& area = table.map.areas[i];
        const int kind = table.areas[i].terrain;
        const auto& cost = game.ruleset_->terrain[static_cast<std::size_t>(kind)].cost[mc];
        const auto inside = gt::inside_intervals(area.outline, from, to);
        const bool starts_in = gt::contains(area.outline, from);
        if ((inside.empty() && !starts_in) || paid[i]) continue;
        if (!cost) {
            const double entry = inside.empty() ? 0 : inside.front().first * length;
            if (!starts_in) stop_at = std::min(stop_at, std::max(0.0, entry - kGapCm));
            continue;
        }
        if (area.sight == gt::AreaSight::Hill) {
            for (auto [t0, t1] : inside) lost += *cost * ((t0 > 0) + (t1 < 1));
            continue;
        }
        if (std::find(kinds_counted.begin(), kinds_counted.end(), kind) == kinds_counted.end()) {
            kinds_counted.push_back(kind);
            lost += *cost;
        }
    }
    return lost;
}

// The road a march gains on, and how many cm of its path run on it (Cady,
// Effects on Movement: "only for the portion of their turn they are on the
// road"; Roads: "Units must be in a column no greater than the width of the
// road, to count added movement"). Of several roads, the one it uses longest.
TabletopMovementProcedure::RoadShare TabletopMovementProcedure::road_share(const Game& game, int unit, gt::Point from,
                                                                           gt::Point to) {
    const auto& table = game.scenario_->table;
    const auto mc = static_cast<std::size_t>(game.unit(unit).movement_class());
    const double frontage =
        game.tabletop_.formation(unit).files * game.tabletop_.value(unit, TabletopRole::StandWidth) / 10.0;
    RoadShare best;
    for (std::size_t i = 0; i < table.map.lines.size(); ++i) {
        const auto& line = table.map.lines[i].line;
        const auto& cost = game.ruleset_->terrain[static_cast<std::size_t>(table.lines[i].terrain)].cost[mc];
        if (!cost || *cost >= 0 || frontage > line.width + 1e-9) continue;
        const double on_road = gt::length_within(line, from, to);
        if (on_road > best.cm) best = {-*cost, on_road};
    }
    return best;
}

// How far a move of `reach` cm goes when `road.cm` of it run on a road gaining
// `road.thirds`: each cm there costs 3 / (3 + thirds) of a cm. The road's
// share is spent first (a march that leaves the road, or joins it in reach).
double TabletopMovementProcedure::with_road(double reach, RoadShare road) {
    if (road.thirds <= 0 || road.cm <= 0) return reach;
    const double rate = 3.0 / (3 + road.thirds);
    if (road.cm * rate >= reach) return reach / rate;
    return road.cm + (reach - road.cm * rate);
}

TabletopMovementProcedure::TableMove TabletopMovementProcedure::plan_move(Game& game, int unit) {
    auto& u = game.state_.unit(unit);
    TableMove m;
    m.allowance = game.tabletop_.allowance(unit);
    const gt::Point at = game.tabletop_.position(unit);
    TableOrder order = game.written_orders().standing(unit);
    const bool reacting = u.reaction != Reaction::None;
    if (reacting) {
        // Back: half a move in good order, facing as it was; back and turn: a
        // whole move with its back to the enemy; fleeing a charge: a third.
        // Straight back from its front, which faces the enemy it fought.
        const double away = u.facing + 180.0;
        const double share = u.reaction == Reaction::Back ? 0.5 : u.reaction == Reaction::BackAndTurn ? 1.0 : 1.0 / 3;
        order = {TableOrder::Withdraw,
                 static_cast<int>(std::lround(gt::normalize_bearing(away))) % 360,
                 static_cast<int>(std::lround(m.allowance * share * 10)),
                 0,
                 -1,
                 -1};
        m.may_leave = u.reaction == Reaction::BackAndTurn;
        m.about_face = u.reaction != Reaction::Back;
        if (game.recording_.log)
            game.note("  " + game.unit(unit).id() +
                      (u.reaction == Reaction::Back          ? " goes back"
                       : u.reaction == Reaction::BackAndTurn ? " goes back and turns"
                                                             : " turns and flees the charge"));
        u.reaction = Reaction::None;
    }
    const bool reform = order.files > 0 && order.files != u.files;
    if (reform) u.files = std::min(order.files, std::max(1, game.tabletop_.stand_count(unit)));
    if (order.mode == TableOrder::Hold) {
        if (order.facing >= 0) u.facing = order.facing;
        return m;
    }
    m.target = order.mode == TableOrder::Charge ? order.target : -1;
    m.bearing = m.target >= 0 ? gt::bearing_of(game.tabletop_.position(m.target) - at) : order.bearing;
    // A withdrawal backs away, facing kept: it turns nothing and swings into nobody.
    m.backing = order.mode == TableOrder::Withdraw;
    double stop_at = order.distance / 10.0;
    const gt::Point goal = at + gt::heading(m.bearing) * (order.distance / 10.0);
    const int terrain = terrain_thirds(game, unit, at, goal, stop_at);
    EventContext ctx(Event::TableAllowance);
    ctx.set("unit", unit);
    ctx.set("order", order.mode);
    ctx.set("terrain", terrain);
    ctx.set("turn",
            m.backing ? 0 : static_cast<long long>(std::lround(std::abs(gt::turn_between(u.facing, m.bearing)))));
    ctx.set("reform", reform);
    ctx.set("reaction", reacting);
    ctx.set("thirds", 0);
    game.raise(ctx);
    const int thirds = static_cast<int>(ctx.get("thirds", 0)) + terrain;
    const double reach =
        with_road(std::clamp(m.allowance * (3 - thirds) / 3.0, 0.0, m.allowance * 2), road_share(game, unit, at, goal));
    m.remaining = std::min({order.distance / 10.0, reach, stop_at});
    m.end_facing = order.facing;
    m.moving = m.remaining > 1e-6;
    if (m.moving && !m.backing) u.facing = static_cast<int>(std::lround(gt::normalize_bearing(m.bearing))) % 360;
    return m;
}

// Every unit's bases, kept up to date as units move within a slice, each set
// also in a circle: most pairs of units are far apart, and one comparison of
// circles spares comparing every pair of their stands.
struct TabletopMovementProcedure::TableTraffic {
    struct Circle {
        gt::Point centre;
        double radius = -1;  // no bases
    };
    const Game& game;
    std::vector<std::vector<gt::Stand>> bases;
    std::vector<Circle> circles;

    explicit TableTraffic(const Game& g) : game(g), bases(g.state_.units.size()), circles(g.state_.units.size()) {
        for (int unit = 0; unit < static_cast<int>(bases.size()); ++unit) refresh(unit);
    }
    static Circle circle_of(const std::vector<gt::Stand>& stands) {
        Circle c;
        if (stands.empty()) return c;
        gt::Point sum{};
        for (const auto& st : stands) sum = sum + st.centre;
        c.centre = sum * (1.0 / static_cast<double>(stands.size()));
        c.radius = 0;
        for (const auto& st : stands)
            c.radius = std::max(c.radius, gt::distance(c.centre, st.centre) + std::hypot(st.width, st.depth) / 2);
        return c;
    }
    void refresh(int unit) {
        bases[static_cast<std::size_t>(unit)] = game.tabletop().stands(unit);
        circles[static_cast<std::size_t>(unit)] = circle_of(bases[static_cast<std::size_t>(unit)]);
    }
    void left_the_table(int unit) {
        bases[static_cast<std::size_t>(unit)].clear();
        circles[static_cast<std::size_t>(unit)] = Circle{};
    }
    bool clear_of_others(int unit, const std::vector<gt::Stand>& mine) const {
        const Circle me = circle_of(mine);
        for (int other = 0; other < static_cast<int>(bases.size()); ++other) {
            if (other == unit) continue;
            const Circle& them = circles[static_cast<std::size_t>(other)];
            if (them.radius < 0 || gt::distance(me.centre, them.centre) > me.radius + them.radius) continue;
            for (const auto& a : mine)
                for (const auto& b : bases[static_cast<std::size_t>(other)])
                    if (gt::bases_overlap(a, b, kGapCm)) return false;
        }
        return true;
    }
    bool on_table(const std::vector<gt::Stand>& mine) const {
        for (const auto& s : mine)
            if (!gt::on_table(game.tabletop().map(), s.centre)) return false;
        return true;
    }
};

bool TabletopMovementProcedure::step(Game& game) const {
    const int n = static_cast<int>(game.state_.units.size());
    const int slices = std::max(1, game.options<rules::TabletopMovementOptions>().slices);
    for (auto& u : game.state_.units) {
        u.moved_thirds = 0;
        u.volleys = 0;
    }
    game.state_.sightings.clear();
    begin_charges(game);
    std::vector<TableMove> moves(static_cast<std::size_t>(n));
    std::vector<std::pair<int, int>> before(static_cast<std::size_t>(n));  // facing and files before the plans
    for (int unit = 0; unit < n; ++unit) {
        const auto& u = game.state_.unit(unit);
        before[static_cast<std::size_t>(unit)] = {u.facing, u.files};
        if (u.on_map) moves[static_cast<std::size_t>(unit)] = plan_move(game, unit);
    }
    for (auto& m : moves) m.per_slice = m.remaining / slices;
    TableTraffic traffic(game);
    stand_where_no_room(game, moves, before, traffic);
    for (int slice = 1; slice <= slices; ++slice) {
        for (int unit = 0; unit < n; ++unit)
            if (move_one_slice(game, unit, moves, traffic)) return false;
        record_sightings(game);
        game.reveal_seen_markers();
    }
    for (int unit = 0; unit < n; ++unit) finish_move(game, unit, moves[static_cast<std::size_t>(unit)], traffic);
    game.board_changed();
    return false;
}

// Charges first: a script's 3-DT may stop one, or turn its target to flee.
void TabletopMovementProcedure::begin_charges(Game& game) {
    for (int unit = 0; unit < static_cast<int>(game.state_.units.size()); ++unit) {
        auto& u = game.state_.unit(unit);
        const TableOrder& o = game.written_orders().standing(unit);
        if (!u.on_map || u.reaction != Reaction::None || o.mode != TableOrder::Charge) continue;
        if (o.target < 0 || !game.state_.unit(o.target).on_map) {
            game.state_.table_orders[static_cast<std::size_t>(unit)] = {TableOrder::Hold, 0, 0, 0, u.facing, -1};
            continue;
        }
        EventContext ctx(Event::ChargeBegin);
        ctx.set("unit", unit);
        ctx.set("target", o.target);
        ctx.set("cancel", 0);
        ctx.set("target_flees", 0);
        game.raise(ctx);
        if (ctx.get("cancel", 0)) {
            if (game.recording_.log) game.note("  " + game.unit(unit).id() + "'s charge does not go in");
            game.state_.table_orders[static_cast<std::size_t>(unit)] = {TableOrder::Hold, 0, 0, 0, u.facing, -1};
        } else if (ctx.get("target_flees", 0)) {
            game.state_.unit(o.target).reaction = Reaction::FleeCharge;
        }
    }
}

// A unit that turns or re-forms where it stands needs the room: one that
// would swing into another unit's bases keeps its facing and files, and
// stays where it is this turn.
void TabletopMovementProcedure::stand_where_no_room(Game& game, std::vector<TableMove>& moves,
                                                    const std::vector<std::pair<int, int>>& before,
                                                    TableTraffic& traffic) {
    for (int unit = 0; unit < static_cast<int>(moves.size()); ++unit) {
        auto& u = game.state_.unit(unit);
        const auto [facing, files] = before[static_cast<std::size_t>(unit)];
        if (!u.on_map || (u.facing == facing && u.files == files) ||
            traffic.clear_of_others(unit, traffic.bases[static_cast<std::size_t>(unit)]))
            continue;
        u.facing = facing;
        u.files = files;
        moves[static_cast<std::size_t>(unit)].moving = false;
        traffic.refresh(unit);
        if (game.recording_.log) game.note("  " + game.unit(unit).id() + " has no room to turn or re-form, and stands");
    }
}

// How far along a step (0-1) a unit gets before its bases would run into
// another unit's or off the table. The step is walked a centimetre at a time,
// so that no base can jump over another (every base is at least 2 cm deep),
// then the first place it would overlap is closed in on.
double TabletopMovementProcedure::clear_part_of_step(const Game& game, int unit, const TableMove& m, gt::Point from,
                                                     double step, int facing, const TableTraffic& traffic) {
    const gt::Point to = from + gt::heading(m.bearing) * step;
    auto fits = [&](double f) {
        const auto mine = game.tabletop_.stands_at(unit, from + (to - from) * f, facing, game.state_.unit(unit).files);
        return traffic.clear_of_others(unit, mine) && (m.may_leave || traffic.on_table(mine));
    };
    const int samples = std::max(1, static_cast<int>(std::ceil(step / kSampleCm)));
    double lo = 0;
    for (int k = 1; k <= samples; ++k) {
        const double at = static_cast<double>(k) / samples;
        if (fits(at)) {
            lo = at;
            continue;
        }
        double hi = at;
        for (int i = 0; i < 12; ++i) {
            const double mid = (lo + hi) / 2;
            (fits(mid) ? lo : hi) = mid;
        }
        return lo;
    }
    return 1;
}

// One unit's slice of its move; true when it ended the game (it left the table with the last figures).
bool TabletopMovementProcedure::move_one_slice(Game& game, int unit, std::vector<TableMove>& moves,
                                               TableTraffic& traffic) {
    auto& m = moves[static_cast<std::size_t>(unit)];
    auto& u = game.state_.unit(unit);
    if (!m.moving || !u.on_map) return false;
    const gt::Point from = game.tabletop_.position(unit);
    if (m.target >= 0 && game.state_.unit(m.target).on_map)
        m.bearing = gt::bearing_of(game.tabletop_.position(m.target) - from);
    const double step = std::min(m.per_slice, m.remaining);
    const gt::Point to = from + gt::heading(m.bearing) * step;
    const int facing = m.backing ? u.facing : static_cast<int>(std::lround(gt::normalize_bearing(m.bearing))) % 360;
    const double f = clear_part_of_step(game, unit, m, from, step, facing, traffic);
    if (f < 1) m.moving = false;  // it has run into something: it stops here
    const gt::Point end = from + (to - from) * f;
    game.place_on_table(unit, end, facing);
    m.moved += step * f;
    m.remaining -= step;
    if (m.remaining <= 1e-6) m.moving = false;
    traffic.refresh(unit);
    if (m.may_leave && !gt::on_table(game.tabletop_.map(), end)) {
        if (game.recording_.log) game.note("  " + game.unit(unit).id() + " leaves the table");
        game.lose_figures(unit, u.figures, "left the table");
        traffic.left_the_table(unit);
        m.moving = false;
        return game.state_.result.over;
    }
    // Meeting an enemy stops both: they will melee.
    for (int enemy : game.tabletop_.units_in_contact(unit)) {
        m.moving = false;
        moves[static_cast<std::size_t>(enemy)].moving = false;
    }
    return false;
}

// The thirds of its move a unit used, and how it stands at the end: turned
// about in place, or facing the way its order says where there is room.
void TabletopMovementProcedure::finish_move(Game& game, int unit, const TableMove& m, const TableTraffic& traffic) {
    auto& u = game.state_.unit(unit);
    if (!u.on_map) return;
    if (m.allowance > 0 && m.moved > 1e-6)
        u.moved_thirds = std::min(3, static_cast<int>(std::ceil(m.moved / (m.allowance / 3) - 1e-6)));
    if (m.about_face) {
        // Turned about in place: the block keeps its ground, its front now its back.
        const gt::Formation f = game.tabletop_.formation(unit);
        game.place_on_table(unit, f.front_centre - gt::heading(f.facing) * gt::formation_depth(f), f.facing + 180);
    } else if (m.end_facing >= 0 && m.end_facing != u.facing && game.tabletop_.units_in_contact(unit).empty()) {
        const int was = u.facing;
        u.facing = m.end_facing;
        if (!traffic.clear_of_others(unit, game.tabletop_.stands(unit))) u.facing = was;  // no room to face that way
    }
    if (game.recording_.log && m.moved > 0.05)
        game.note("  " + game.unit(unit).id() + " moves " + std::to_string(static_cast<int>(std::lround(m.moved))) +
                  " cm");
}

// En-passant fire: every missile unit notes the enemies in its range and arc
// that it sees, at the closest they came, after each slice of the move.
void TabletopMovementProcedure::record_sightings(Game& game) {
    if (!game.tabletop_.has(TabletopRole::Range)) return;
    const int n = static_cast<int>(game.state_.units.size());
    for (int firer = 0; firer < n; ++firer) {
        const auto& f = game.state_.unit(firer);
        const int range = game.tabletop_.value(firer, TabletopRole::Range);
        if (!f.on_map || range <= 0) continue;
        for (int target = 0; target < n; ++target) {
            const auto& t = game.state_.unit(target);
            if (!t.on_map || t.side == f.side) continue;
            double distance = 0;
            if (!TabletopFireProcedure::may_fire_at(game, firer, target, &distance)) continue;
            const int um = static_cast<int>(std::lround(distance * 10000));
            auto it = std::find_if(game.state_.sightings.begin(), game.state_.sightings.end(),
                                   [&](const Sighting& s) { return s.firer == firer && s.target == target; });
            if (it == game.state_.sightings.end())
                game.state_.sightings.push_back({firer, target, um});
            else
                it->distance_um = std::min(it->distance_um, um);
        }
    }
}

}  // namespace sandtable::kernel
