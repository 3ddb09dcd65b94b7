// Written orders on a tabletop (Cady, Orders): every unit is given a
// direction, a distance, a formation and a facing, hidden until both sides
// have written; an order stands until a new one is written. A side writes
// its units' orders one unit at a time, the scenario's first side first.
#include "kernel/game.h"
#include "rules/procedures.h"

#include "geometry/tabletop/arc.h"

#include <algorithm>
#include <cmath>

namespace sandtable::kernel {

namespace gt = geometry::tabletop;

namespace {
const char* kCompass[] = {"N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                          "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"};

// One form for every bearing, as the studio's ruler reads it: "138° (SE)", "135° (SE)", "0° (N)".
std::string compass_name(int bearing) {
    const int sixteenth = static_cast<int>(std::lround(bearing / 22.5)) % 16;
    return std::to_string(bearing % 360) + "° (" + kCompass[sixteenth] + ")";
}

std::string cm_text(int mm) {
    return mm % 10 == 0 ? std::to_string(mm / 10) + " cm"
                        : std::to_string(mm / 10) + "." + std::to_string(mm % 10) + " cm";
}

int whole_bearing(double bearing) { return static_cast<int>(std::lround(gt::normalize_bearing(bearing))) % 360; }
}  // namespace

// A unit of `side` still to be given its order this turn: on the table, not
// carrying out a morale reaction, not written yet, not barred by a mark.
bool Game::awaits_order(int unit, int side) const {
    const auto& s = state_.units[static_cast<std::size_t>(unit)];
    if (s.side != side || !s.on_map || s.reaction != Reaction::None ||
        beside_.pending_table_orders.written[static_cast<std::size_t>(unit)])
        return false;
    for (const auto& mark : options<rules::WrittenOrdersOptions>().barred_mark)
        if (state_.mark(unit, mark) > 0) return false;
    return true;
}

int Game::table_ordering_side() const {
    const int sides = static_cast<int>(scenario_->sides.size());
    for (int k = 0; k < sides; ++k) {
        const int side = (scenario_->first_side + k) % sides;
        for (int u = 0; u < static_cast<int>(state_.units.size()); ++u)
            if (awaits_order(u, side)) return side;
    }
    return -1;
}

int Game::next_unit_to_order() const {
    if (procedure().id != Procedure::TableOrders) return -1;
    const int side = table_ordering_side();
    for (int u = 0; side >= 0 && u < static_cast<int>(state_.units.size()); ++u)
        if (awaits_order(u, side)) return u;
    return -1;
}

bool Game::may_order_now(int unit) const {
    if (procedure().id != Procedure::TableOrders || unit < 0 || unit >= static_cast<int>(state_.units.size()))
        return false;
    const int side = table_ordering_side();
    return side >= 0 && awaits_order(unit, side);
}

std::vector<TableOrder> Game::order_menu(int unit) const {
    std::vector<TableOrder> menu;
    if (may_order_now(unit)) table_order_menu(unit, menu);
    return menu;
}

bool Game::table_orders_step() {
    reveal_seen_markers();  // at the start: markers already in sight of each other
    const int unit = next_unit_to_order();
    if (unit >= 0) {
        decide(DecisionKind::WriteOrders, state_.units[static_cast<std::size_t>(unit)].side);
        return true;
    }
    reveal_table_orders();
    return false;
}

bool Game::may_write(int unit, const TableOrder& o) const {
    if (unit < 0 || unit >= static_cast<int>(state_.units.size())) return false;
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map) return false;
    if (o.mode < TableOrder::Hold || o.mode > TableOrder::Withdraw) return false;
    if (o.bearing < 0 || o.bearing > 359 || o.facing < -1 || o.facing > 359) return false;
    const int reach_mm = static_cast<int>(std::lround(tabletop_.allowance(unit) * 10 * 4 / 3.0));
    if (o.distance < 0 || o.distance > reach_mm) return false;
    if (o.mode == TableOrder::Hold && o.distance != 0) return false;
    if (o.files < 0 || o.files > tabletop_.stand_count(unit)) return false;
    if (o.files > 0 && o.files != u.files && !capability(unit, Capability::ChangesFormation)) return false;
    if (const int from = must_move_away_from(unit); from >= 0 && !moves_away(unit, from, o)) return false;
    if (o.mode == TableOrder::Charge) {
        if (!tabletop_.units_in_contact(unit).empty()) return false;  // in melee already: no room to charge
        // Cady: "On the following move the charging unit may not charge again" (a script marks it).
        if (const std::string& barred = options<rules::WrittenOrdersOptions>().no_charge_mark;
            !barred.empty() && state_.mark(unit, barred) > 0)
            return false;
        if (o.target < 0 || o.target >= static_cast<int>(state_.units.size())) return false;
        const auto& t = state_.units[static_cast<std::size_t>(o.target)];
        if (!t.on_map || t.side == u.side) return false;
    } else if (o.target != -1) {
        return false;
    }
    return !refused_by_rules(unit, o);
}

// A query (read only): may the rule scripts' special troops take this order?
// (Cady's phalanx: "it may not wheel, turn corners, or move right or left".)
bool Game::refused_by_rules(int unit, const TableOrder& o) const {
    if (!listening(Event::OrderCheck)) return false;
    EventContext ctx(Event::OrderCheck);
    ctx.set("unit", unit);
    ctx.set("mode", o.mode);
    ctx.set("bearing", o.bearing);
    ctx.set("distance", o.distance);
    ctx.set("files", o.files);
    ctx.set("facing", o.facing);
    ctx.set("target", o.target);
    ctx.set("refused", 0);
    ask(ctx);
    return ctx.get("refused") != 0;
}

// `away_from_mark`: a unit carrying the mark (its value: the handle + 1 of a
// unit) must be ordered away from that unit this turn (Cady: cavalry within
// 10 cm of a war elephant "MUST move away from the elephant in the next turn").
int Game::must_move_away_from(int unit) const {
    const std::string& mark = options<rules::WrittenOrdersOptions>().away_from_mark;
    if (mark.empty()) return -1;
    const int from = state_.mark(unit, mark) - 1;
    if (from < 0 || from >= static_cast<int>(state_.units.size()) ||
        !state_.units[static_cast<std::size_t>(from)].on_map)
        return -1;
    return from;
}

// A march or withdrawal heading more than 90 degrees off the way to `from`.
bool Game::moves_away(int unit, int from, const TableOrder& o) const {
    if ((o.mode != TableOrder::Advance && o.mode != TableOrder::Withdraw) || o.distance <= 0) return false;
    const double toward = gt::bearing_of(tabletop_.position(from) - tabletop_.position(unit));
    return std::abs(gt::turn_between(toward, o.bearing)) > 90.0;
}

std::string Game::describe_order(int unit, const TableOrder& o) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    std::string text;
    switch (o.mode) {
        case TableOrder::Hold:
            text = "hold";
            break;
        case TableOrder::Advance:
            text = compass_name(o.bearing) + " " + cm_text(o.distance);
            break;
        case TableOrder::Charge:
            text =
                "charge " + unit_id(o.target) + " (" + compass_name(o.bearing) + ", up to " + cm_text(o.distance) + ")";
            break;
        case TableOrder::Withdraw:
            text = "withdraw " + compass_name(o.bearing) + " " + cm_text(o.distance);
            break;
    }
    if (o.files > 0 && o.files != u.files) text += ", " + std::to_string(o.files) + (o.files == 1 ? " file" : " files");
    if (o.facing >= 0 && (o.mode != TableOrder::Hold || o.facing != u.facing))
        text += ", facing " + compass_name(o.facing);
    return text;
}

// The orders offered for a unit: its standing order, holding (and facing an
// enemy in sight), marching toward or charging the enemies it sees nearest,
// toward objectives, along the compass at a third and a whole move, withdrawing
// from the nearest enemy, and re-forming in place. Any other order may still
// be written (may_write).
void Game::table_order_menu(int unit, std::vector<TableOrder>& out) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    const gt::Point at = tabletop_.position(unit);
    const int move_mm = static_cast<int>(std::lround(tabletop_.allowance(unit) * 10));
    auto add = [&](TableOrder o) {
        if (may_write(unit, o) && std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
    };
    TableOrder standing = table_order(unit);
    if (standing.mode == TableOrder::Charge) standing = TableOrder{};  // a charge does not stand
    // A standing hold is holding where it stands, as it faces: one order, whatever the last one's march was.
    if (standing.mode == TableOrder::Hold) standing = {TableOrder::Hold, 0, 0, 0, u.facing, -1};
    add(standing);
    add({TableOrder::Hold, 0, 0, 0, u.facing, -1});
    // The enemies it sees, nearest first (at most three).
    std::vector<std::pair<double, int>> seen;
    for (int other = 0; other < static_cast<int>(state_.units.size()); ++other) {
        const auto& o = state_.units[static_cast<std::size_t>(other)];
        if (!o.on_map || o.side == u.side || o.figures <= 0) continue;
        seen.emplace_back(gt::distance(at, tabletop_.position(other)), other);
    }
    std::sort(seen.begin(), seen.end());
    int offered = 0;
    for (const auto& [d, enemy] : seen) {
        if (offered == 3) break;
        if (!tabletop_.sees(unit, enemy)) continue;
        ++offered;
        const int toward = whole_bearing(gt::bearing_of(tabletop_.position(enemy) - at));
        add({TableOrder::Hold, 0, 0, 0, toward, -1});
        // Facing the way it marches (-1), as the compass orders below do: the same order is offered once.
        for (int thirds = 1; thirds <= 3; ++thirds) add({TableOrder::Advance, toward, move_mm * thirds / 3, 0, -1, -1});
        const double gap_mm = tabletop_.distance(unit, enemy) * 10;
        if (gap_mm <= move_mm * 4 / 3.0) add({TableOrder::Charge, toward, move_mm * 4 / 3, 0, -1, enemy});
    }
    for (std::size_t i = 0; i < scenario_->objectives.size(); ++i) {
        if (state_.objective_holders[i] == u.side) continue;
        const gt::Point target = scenario_->objectives[i].table_at;
        if (gt::distance(at, target) < 1) continue;
        const int toward = whole_bearing(gt::bearing_of(target - at));
        const int mm = std::min(move_mm, static_cast<int>(std::lround(gt::distance(at, target) * 10)));
        add({TableOrder::Advance, toward, mm, 0, -1, -1});
    }
    // Straight ahead and straight back, as it faces (a phalanx may move no other way).
    add({TableOrder::Advance, u.facing, move_mm, 0, -1, -1});
    add({TableOrder::Advance, u.facing, move_mm / 3, 0, -1, -1});
    add({TableOrder::Withdraw, (u.facing + 180) % 360, move_mm, 0, u.facing, -1});
    const int directions = std::max(4, options<rules::WrittenOrdersOptions>().directions);
    for (int k = 0; k < directions; ++k) {
        const int bearing = whole_bearing(360.0 * k / directions);
        add({TableOrder::Advance, bearing, move_mm, 0, -1, -1});
        add({TableOrder::Advance, bearing, move_mm / 3, 0, -1, -1});
    }
    for (const int enemy : {tabletop_.nearest_enemy(unit), must_move_away_from(unit)}) {
        if (enemy < 0) continue;
        const int away = whole_bearing(gt::bearing_of(at - tabletop_.position(enemy)));
        add({TableOrder::Withdraw, away, move_mm, 0, u.facing, -1});
    }
    const int stands = tabletop_.stand_count(unit);
    for (int files : {stands, (stands + 1) / 2, 4, 2})
        if (files >= 1 && files <= stands && files != u.files) add({TableOrder::Hold, 0, 0, files, u.facing, -1});
}

void Game::table_order_actions(std::vector<Action>& out) const {
    const int unit = next_unit_to_order();
    if (unit < 0) return;
    std::vector<TableOrder> menu;
    table_order_menu(unit, menu);
    for (const auto& o : menu) {
        Action a{ActionKind::WriteOrder, unit};
        a.order = o;
        out.push_back(a);
    }
}

void Game::table_order_apply(const Action& a) {
    const auto i = static_cast<std::size_t>(a.unit);
    beside_.pending_table_orders.orders[i] = a.order;
    beside_.pending_table_orders.written[i] = 1;
    drop_legal();
}

void Game::set_table_order(int unit, const TableOrder& order) {
    state_.table_orders[static_cast<std::size_t>(unit)] = order;
    drop_legal();
    if (logging_) note("    " + unit_id(unit) + ": " + describe_order(unit, order) + " (its rules order it)");
}

void Game::reveal_table_orders() {
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        if (beside_.pending_table_orders.written[i])
            state_.table_orders[i] = beside_.pending_table_orders.orders[i];
        else if (state_.table_orders[i].mode == TableOrder::Charge)
            state_.table_orders[i] = TableOrder{0, 0, 0, 0, state_.units[i].facing, -1};
        beside_.pending_table_orders.written[i] = 0;
    }
    if (!logging_) return;
    note("  Orders are revealed");
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (state_.units[i].on_map && state_.units[i].reaction == Reaction::None)
            note("    " + unit_id(static_cast<int>(i)) + ": " +
                 describe_order(static_cast<int>(i), state_.table_orders[i]));
}

}  // namespace sandtable::kernel
