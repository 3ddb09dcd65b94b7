// Orders (the regimental rules, 1.5): in an `orders` phase each side in turn
// gives every formation it has on the map one of the ruleset's orders, face
// down; once both have, all are revealed together and hold for the game
// turn. What an order may follow is the ruleset's `orders:` (a dug-in
// regiment may only go to hold; only a holding one may dig in); at night and
// on a day's first game turn any order may follow any (8.0). A formation
// whose every unit carries one of the phase's `barred_mark` marks (an HQ
// lost, 6.0) is given none: it keeps the order scripts set.
#include "kernel/procedures/formation_orders.h"

#include "kernel/game.h"

#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

int FormationOrders::of(int formation) const {
    if (formation < 0 || formation >= static_cast<int>(game_.state_.orders.size())) return -1;
    return game_.state_.orders[static_cast<std::size_t>(formation)];
}

std::optional<int> FormationOrders::pending(int formation, int viewer) const {
    if (formation < 0 || formation >= static_cast<int>(game_.beside_.pending_orders.size())) return std::nullopt;
    const int order = game_.beside_.pending_orders[static_cast<std::size_t>(formation)];
    if (order < 0 || (game_.formations_.side(formation) != viewer && !game_.state_.result.over)) return std::nullopt;
    return order;
}

bool FormationOrders::may_give(int formation, int order) const {
    const auto& orders = game_.ruleset_->orders;
    const int turn = game_.state_.at.turn;
    const bool any = turn == 1 || (orders.any_at_night &&
                                   (game_.ruleset_->day.is_night(turn) || game_.ruleset_->day.starts_day(turn)));
    return any || orders.may_follow(of(formation), order);
}

// Stages: 0 not begun, 1 the first side gives orders, 2 the other side, 3 revealed.
int FormationOrders::ordering_side() const {
    return game_.state_.at.stage == 1 ? game_.scenario_->first_side : opponent_of(game_.scenario_->first_side);
}

// The ordering side's next formation on the map without an order (in
// formation order), -1 when it has given them all.
int FormationOrders::next_formation() const {
    if (game_.state_.at.stage < 1 || game_.state_.at.stage > 2) return -1;
    const int side = ordering_side();
    const auto& barred = game_.options<rules::OrdersOptions>().barred_mark;
    for (int f = 0; f < game_.formations_.count(); ++f) {
        if (game_.formations_.side(f) != side || game_.beside_.pending_orders[static_cast<std::size_t>(f)] >= 0 ||
            !game_.activation().formation_present(f))
            continue;
        bool all_barred = !barred.empty();
        for (int u : game_.formations_.units(f))
            if (game_.state_.unit(u).on_map)
                all_barred = all_barred && std::any_of(barred.begin(), barred.end(), [&](const std::string& m) {
                                 return game_.state_.mark(u, m) != 0;
                             });
        if (!all_barred) return f;
    }
    return -1;
}

bool FormationOrdersProcedure::step(Game& game) const {
    if (game.ruleset_->orders.list.empty()) return false;
    const FormationOrders orders(game);
    if (game.state_.at.stage == 0) {
        std::fill(game.beside_.pending_orders.begin(), game.beside_.pending_orders.end(), -1);
        game.state_.at.stage = 1;
    }
    while (game.state_.at.stage <= 2) {
        if (orders.next_formation() >= 0) {
            game.decide(DecisionKind::Orders, orders.ordering_side());
            return true;
        }
        if (game.recording_.log)
            game.note("  " + game.scenario_->sides[static_cast<std::size_t>(orders.ordering_side())].name +
                      " has given its orders");
        ++game.state_.at.stage;
    }
    if (game.state_.at.stage == 3) {
        reveal(game);
        game.state_.at.stage = 4;
    }
    return false;
}

void FormationOrdersProcedure::list(const Game& game, std::vector<Action>& out) const {
    const FormationOrders orders(game);
    const int f = orders.next_formation();
    if (f < 0) return;
    for (int o = 0; o < static_cast<int>(game.ruleset_->orders.list.size()); ++o)
        if (orders.may_give(f, o)) out.push_back(act::GiveOrder{f, o});
}

void FormationOrdersProcedure::apply(Game& game, const Action& a) const {
    const auto* given = a.as<act::GiveOrder>();
    if (!given || given->formation < 0) return;  // legal: the formation next to order
    game.beside_.pending_orders[static_cast<std::size_t>(given->formation)] = given->order;
}

// Orders the other side has given face down: each drawn from those its formation might have been given.
void FormationOrdersProcedure::redraw_hidden(Game& game, int viewer, Dice& draw, const OrderModel& model) const {
    const FormationOrders orders(game);
    std::vector<Action> allowed;
    for (int f = 0; f < game.formations_.count(); ++f) {
        int& pending = game.beside_.pending_orders[static_cast<std::size_t>(f)];
        if (pending < 0 || game.formations_.side(f) == viewer) continue;
        allowed.clear();
        for (int o = 0; o < static_cast<int>(game.ruleset_->orders.list.size()); ++o)
            if (orders.may_give(f, o)) allowed.push_back(act::GiveOrder{f, o});
        if (!allowed.empty()) pending = allowed[pick_order(model, game, allowed, draw)].get<act::GiveOrder>().order;
    }
}

// Every marker is turned over at once (1.5: "revealed before the round starts").
void FormationOrdersProcedure::reveal(Game& game) {
    for (int f = 0; f < game.formations_.count(); ++f) {
        const int order = game.beside_.pending_orders[static_cast<std::size_t>(f)];
        if (order >= 0) game.state_.orders[static_cast<std::size_t>(f)] = order;
    }
    std::fill(game.beside_.pending_orders.begin(), game.beside_.pending_orders.end(), -1);
    if (!game.recording_.log) return;
    for (int side = 0; side < static_cast<int>(game.scenario_->sides.size()); ++side) {
        std::string line;
        for (int f = 0; f < game.formations_.count(); ++f)
            if (game.formations_.side(f) == side && game.activation().formation_present(f))
                line += (line.empty() ? "" : ", ") + game.formations_.name(f) + " " +
                        game.ruleset_->orders.list[static_cast<std::size_t>(FormationOrders(game).of(f))].id;
        if (!line.empty())
            game.note("  orders revealed, " + game.scenario_->sides[static_cast<std::size_t>(side)].name + ": " + line);
    }
}

void Game::set_order(int formation, int order) {
    if (formation < 0 || formation >= static_cast<int>(state_.orders.size())) return;
    state_.orders[static_cast<std::size_t>(formation)] = order;
    if (recording_.log)
        note("  " + formations_.name(formation) + " is now on " +
             ruleset_->orders.list[static_cast<std::size_t>(order)].name + " orders");
}

}  // namespace sandtable::kernel
