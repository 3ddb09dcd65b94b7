// Written orders on a tabletop (Cady, Orders): the written_orders phase and
// what a side may know and do about the orders (written_orders.h).
#include "kernel/tabletop/written_orders.h"

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

const TableOrder& WrittenOrders::standing(int unit) const {
    return game_.state_.table_orders[static_cast<std::size_t>(unit)];
}

std::optional<TableOrder> WrittenOrders::pending(int unit, int viewer) const {
    const auto i = static_cast<std::size_t>(unit);
    if (i >= game_.beside_.pending_table_orders.written.size() || !game_.beside_.pending_table_orders.written[i])
        return std::nullopt;
    if (viewer != game_.state_.units[i].side && !game_.state_.result.over) return std::nullopt;
    return game_.beside_.pending_table_orders.orders[i];
}

// A unit of `side` still to be given its order this turn: on the table, not
// carrying out a morale reaction, not written yet, not barred by a mark.
bool WrittenOrders::awaits_order(int unit, int side) const {
    const auto& s = game_.state_.unit(unit);
    if (s.side != side || !s.on_map || s.reaction != Reaction::None ||
        game_.beside_.pending_table_orders.written[static_cast<std::size_t>(unit)])
        return false;
    for (const auto& mark : game_.options<rules::WrittenOrdersOptions>().barred_mark)
        if (game_.state_.mark(unit, mark) > 0) return false;
    return true;
}

int WrittenOrders::ordering_side() const {
    const int sides = static_cast<int>(game_.scenario_->sides.size());
    for (int k = 0; k < sides; ++k) {
        const int side = (game_.scenario_->first_side + k) % sides;
        for (int u = 0; u < static_cast<int>(game_.state_.units.size()); ++u)
            if (awaits_order(u, side)) return side;
    }
    return -1;
}

int WrittenOrders::next_unit() const {
    if (game_.procedure().id != Game::Procedure::TableOrders) return -1;
    const int side = ordering_side();
    for (int u = 0; side >= 0 && u < static_cast<int>(game_.state_.units.size()); ++u)
        if (awaits_order(u, side)) return u;
    return -1;
}

bool WrittenOrders::may_order_now(int unit) const {
    if (game_.procedure().id != Game::Procedure::TableOrders || unit < 0 ||
        unit >= static_cast<int>(game_.state_.units.size()))
        return false;
    const int side = ordering_side();
    return side >= 0 && awaits_order(unit, side);
}

std::vector<TableOrder> WrittenOrders::menu(int unit) const {
    std::vector<TableOrder> menu;
    if (may_order_now(unit)) menu_into(unit, menu);
    return menu;
}

bool WrittenOrdersProcedure::step(Game& game) const {
    game.reveal_seen_markers();  // at the start: markers already in sight of each other
    const int unit = WrittenOrders(game).next_unit();
    if (unit >= 0) {
        game.decide(DecisionKind::WriteOrders, game.state_.unit(unit).side);
        return true;
    }
    reveal(game);
    return false;
}

bool WrittenOrders::may_write(int unit, const TableOrder& o) const {
    if (unit < 0 || unit >= static_cast<int>(game_.state_.units.size())) return false;
    const auto& u = game_.state_.unit(unit);
    if (!u.on_map) return false;
    if (o.mode < TableOrder::Hold || o.mode > TableOrder::Withdraw) return false;
    if (o.bearing < 0 || o.bearing > 359 || o.facing < -1 || o.facing > 359) return false;
    const int reach_mm = static_cast<int>(std::lround(game_.tabletop_.allowance(unit) * 10 * 4 / 3.0));
    if (o.distance < 0 || o.distance > reach_mm) return false;
    if (o.mode == TableOrder::Hold && o.distance != 0) return false;
    if (o.files < 0 || o.files > game_.tabletop_.stand_count(unit)) return false;
    if (o.files > 0 && o.files != u.files && !game_.unit(unit).capability(Capability::ChangesFormation)) return false;
    if (const int from = must_move_away_from(unit); from >= 0 && !moves_away(unit, from, o)) return false;
    if (o.mode == TableOrder::Charge) {
        if (!game_.tabletop_.units_in_contact(unit).empty()) return false;  // in melee already: no room to charge
        // Cady: "On the following move the charging unit may not charge again" (a script marks it).
        if (const std::string& barred = game_.options<rules::WrittenOrdersOptions>().no_charge_mark;
            !barred.empty() && game_.state_.mark(unit, barred) > 0)
            return false;
        if (o.target < 0 || o.target >= static_cast<int>(game_.state_.units.size())) return false;
        const auto& t = game_.state_.unit(o.target);
        if (!t.on_map || t.side == u.side) return false;
    } else if (o.target != -1) {
        return false;
    }
    return !refused_by_rules(unit, o);
}

// A query (read only): may the rule scripts' special troops take this order?
// (Cady's phalanx: "it may not wheel, turn corners, or move right or left".)
bool WrittenOrders::refused_by_rules(int unit, const TableOrder& o) const {
    if (!game_.listening(Event::OrderCheck)) return false;
    EventContext ctx(Event::OrderCheck);
    ctx.set("unit", unit);
    ctx.set("mode", o.mode);
    ctx.set("bearing", o.bearing);
    ctx.set("distance", o.distance);
    ctx.set("files", o.files);
    ctx.set("facing", o.facing);
    ctx.set("target", o.target);
    ctx.set("refused", 0);
    game_.ask(ctx);
    return ctx.get("refused") != 0;
}

// `away_from_mark`: a unit carrying the mark (its value: the handle + 1 of a
// unit) must be ordered away from that unit this turn (Cady: cavalry within
// 10 cm of a war elephant "MUST move away from the elephant in the next turn").
int WrittenOrders::must_move_away_from(int unit) const {
    const std::string& mark = game_.options<rules::WrittenOrdersOptions>().away_from_mark;
    if (mark.empty()) return -1;
    const int from = game_.state_.mark(unit, mark) - 1;
    if (from < 0 || from >= static_cast<int>(game_.state_.units.size()) || !game_.state_.unit(from).on_map) return -1;
    return from;
}

// A march or withdrawal heading more than 90 degrees off the way to `from`.
bool WrittenOrders::moves_away(int unit, int from, const TableOrder& o) const {
    if ((o.mode != TableOrder::Advance && o.mode != TableOrder::Withdraw) || o.distance <= 0) return false;
    const double toward = gt::bearing_of(game_.tabletop_.position(from) - game_.tabletop_.position(unit));
    return std::abs(gt::turn_between(toward, o.bearing)) > 90.0;
}

std::string WrittenOrders::describe(int unit, const TableOrder& o) const {
    const auto& u = game_.state_.unit(unit);
    std::string text;
    switch (o.mode) {
        case TableOrder::Hold:
            text = "hold";
            break;
        case TableOrder::Advance:
            text = compass_name(o.bearing) + " " + cm_text(o.distance);
            break;
        case TableOrder::Charge:
            text = "charge " + game_.unit(o.target).id() + " (" + compass_name(o.bearing) + ", up to " +
                   cm_text(o.distance) + ")";
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
void WrittenOrders::menu_into(int unit, std::vector<TableOrder>& out) const {
    const auto& u = game_.state_.unit(unit);
    const gt::Point at = game_.tabletop_.position(unit);
    const int move_mm = static_cast<int>(std::lround(game_.tabletop_.allowance(unit) * 10));
    auto add = [&](TableOrder o) {
        if (may_write(unit, o) && std::find(out.begin(), out.end(), o) == out.end()) out.push_back(o);
    };
    TableOrder standing = this->standing(unit);
    if (standing.mode == TableOrder::Charge) standing = TableOrder{};  // a charge does not stand
    // A standing hold is holding where it stands, as it faces: one order, whatever the last one's march was.
    if (standing.mode == TableOrder::Hold) standing = {TableOrder::Hold, 0, 0, 0, u.facing, -1};
    add(standing);
    add({TableOrder::Hold, 0, 0, 0, u.facing, -1});
    // The enemies it sees, nearest first (at most three).
    std::vector<std::pair<double, int>> seen;
    for (int other = 0; other < static_cast<int>(game_.state_.units.size()); ++other) {
        const auto& o = game_.state_.unit(other);
        if (!o.on_map || o.side == u.side || o.figures <= 0) continue;
        seen.emplace_back(gt::distance(at, game_.tabletop_.position(other)), other);
    }
    std::sort(seen.begin(), seen.end());
    int offered = 0;
    for (const auto& [d, enemy] : seen) {
        if (offered == 3) break;
        if (!game_.tabletop_.sees(unit, enemy)) continue;
        ++offered;
        const int toward = whole_bearing(gt::bearing_of(game_.tabletop_.position(enemy) - at));
        add({TableOrder::Hold, 0, 0, 0, toward, -1});
        // Facing the way it marches (-1), as the compass orders below do: the same order is offered once.
        for (int thirds = 1; thirds <= 3; ++thirds) add({TableOrder::Advance, toward, move_mm * thirds / 3, 0, -1, -1});
        const double gap_mm = game_.tabletop_.distance(unit, enemy) * 10;
        if (gap_mm <= move_mm * 4 / 3.0) add({TableOrder::Charge, toward, move_mm * 4 / 3, 0, -1, enemy});
    }
    for (std::size_t i = 0; i < game_.scenario_->objectives.size(); ++i) {
        if (game_.state_.objective_holders[i] == u.side) continue;
        const gt::Point target = game_.scenario_->objectives[i].table_at;
        if (gt::distance(at, target) < 1) continue;
        const int toward = whole_bearing(gt::bearing_of(target - at));
        const int mm = std::min(move_mm, static_cast<int>(std::lround(gt::distance(at, target) * 10)));
        add({TableOrder::Advance, toward, mm, 0, -1, -1});
    }
    // Straight ahead and straight back, as it faces (a phalanx may move no other way).
    add({TableOrder::Advance, u.facing, move_mm, 0, -1, -1});
    add({TableOrder::Advance, u.facing, move_mm / 3, 0, -1, -1});
    add({TableOrder::Withdraw, (u.facing + 180) % 360, move_mm, 0, u.facing, -1});
    const int directions = std::max(4, game_.options<rules::WrittenOrdersOptions>().directions);
    for (int k = 0; k < directions; ++k) {
        const int bearing = whole_bearing(360.0 * k / directions);
        add({TableOrder::Advance, bearing, move_mm, 0, -1, -1});
        add({TableOrder::Advance, bearing, move_mm / 3, 0, -1, -1});
    }
    for (const int enemy : {game_.tabletop_.nearest_enemy(unit), must_move_away_from(unit)}) {
        if (enemy < 0) continue;
        const int away = whole_bearing(gt::bearing_of(at - game_.tabletop_.position(enemy)));
        add({TableOrder::Withdraw, away, move_mm, 0, u.facing, -1});
    }
    const int stands = game_.tabletop_.stand_count(unit);
    for (int files : {stands, (stands + 1) / 2, 4, 2})
        if (files >= 1 && files <= stands && files != u.files) add({TableOrder::Hold, 0, 0, files, u.facing, -1});
}

void WrittenOrdersProcedure::list(const Game& game, std::vector<Action>& out) const {
    const WrittenOrders orders(game);
    const int unit = orders.next_unit();
    if (unit < 0) return;
    std::vector<TableOrder> menu;
    orders.menu_into(unit, menu);
    for (const auto& o : menu) {
        Action a{act::WriteOrder{unit, o}};
        out.push_back(a);
    }
}

void WrittenOrdersProcedure::apply(Game& game, const Action& a) const {
    const auto& written = a.get<act::WriteOrder>();
    const auto i = static_cast<std::size_t>(written.unit);
    game.beside_.pending_table_orders.orders[i] = written.order;
    game.beside_.pending_table_orders.written[i] = 1;
    game.drop_legal();
}

void Game::set_table_order(int unit, const TableOrder& order) {
    state_.table_orders[static_cast<std::size_t>(unit)] = order;
    drop_legal();
    if (recording_.log)
        note("    " + this->unit(unit).id() + ": " + written_orders().describe(unit, order) + " (its rules order it)");
}

// Orders the other side has written: each drawn from its unit's menu.
void WrittenOrdersProcedure::redraw_hidden(Game& game, int viewer, Dice& draw, const OrderModel& model) const {
    const WrittenOrders orders(game);
    auto& pending = game.beside_.pending_table_orders;
    std::vector<TableOrder> menu;
    std::vector<Action> options;
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        if (!pending.written[i] || game.state_.units[i].side == viewer) continue;
        menu.clear();
        orders.menu_into(static_cast<int>(i), menu);
        if (menu.empty()) continue;
        options.clear();
        for (const auto& o : menu) options.push_back(act::WriteOrder{static_cast<int>(i), o});
        pending.orders[i] = options[pick_order(model, game, options, draw)].get<act::WriteOrder>().order;
    }
    game.drop_legal();
}

void WrittenOrdersProcedure::reveal(Game& game) {
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        if (game.beside_.pending_table_orders.written[i])
            game.state_.table_orders[i] = game.beside_.pending_table_orders.orders[i];
        else if (game.state_.table_orders[i].mode == TableOrder::Charge)
            game.state_.table_orders[i] = TableOrder{0, 0, 0, 0, game.state_.units[i].facing, -1};
        game.beside_.pending_table_orders.written[i] = 0;
    }
    if (!game.recording_.log) return;
    game.note("  Orders are revealed");
    for (std::size_t i = 0; i < game.state_.units.size(); ++i)
        if (game.state_.units[i].on_map && game.state_.units[i].reaction == Reaction::None)
            game.note("    " + game.unit(static_cast<int>(i)).id() + ": " +
                      WrittenOrders(game).describe(static_cast<int>(i), game.state_.table_orders[i]));
}

}  // namespace sandtable::kernel
