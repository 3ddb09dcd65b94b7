// Orders (the regimental rules, 1.5): in an `orders` phase each side in turn
// gives every formation it has on the map one of the ruleset's orders, face
// down; once both have, all are revealed together and hold for the game
// turn. What an order may follow is the ruleset's `orders:` (a dug-in
// regiment may only go to hold; only a holding one may dig in); at night and
// on a day's first game turn any order may follow any (8.0). A formation
// whose every unit carries one of the phase's `barred_mark` marks (an HQ
// lost, 6.0) is given none: it keeps the order scripts set.
#include "kernel/game.h"

#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

int Game::order_of(int formation) const {
    if (formation < 0 || formation >= static_cast<int>(state_.orders.size())) return -1;
    return state_.orders[static_cast<std::size_t>(formation)];
}

std::optional<int> Game::pending_order(int formation, int viewer) const {
    if (formation < 0 || formation >= static_cast<int>(beside_.pending_orders.size())) return std::nullopt;
    const int order = beside_.pending_orders[static_cast<std::size_t>(formation)];
    if (order < 0 || (formations_.side(formation) != viewer && !state_.result.over)) return std::nullopt;
    return order;
}

bool Game::may_order(int formation, int order) const {
    const auto& orders = ruleset_->orders;
    const int turn = state_.at.turn;
    const bool any = turn == 1 || (orders.any_at_night && (is_night() || ruleset_->day.starts_day(turn)));
    return any || orders.may_follow(order_of(formation), order);
}

void Game::set_order(int formation, int order) {
    if (formation < 0 || formation >= static_cast<int>(state_.orders.size())) return;
    state_.orders[static_cast<std::size_t>(formation)] = order;
    if (logging_)
        note("  " + formations_.name(formation) + " is now on " +
             ruleset_->orders.list[static_cast<std::size_t>(order)].name + " orders");
}

// Stages: 0 not begun, 1 the first side gives orders, 2 the other side, 3 revealed.
int Game::ordering_side() const {
    return state_.at.stage == 1 ? scenario_->first_side : opponent_of(scenario_->first_side);
}

// The ordering side's next formation on the map without an order (in
// formation order), -1 when it has given them all.
int Game::next_formation_to_order() const {
    if (state_.at.stage < 1 || state_.at.stage > 2) return -1;
    const int side = ordering_side();
    const auto& barred = options<rules::OrdersOptions>().barred_mark;
    for (int f = 0; f < formations_.count(); ++f) {
        if (formations_.side(f) != side || beside_.pending_orders[static_cast<std::size_t>(f)] >= 0 ||
            !formation_present(f))
            continue;
        bool all_barred = !barred.empty();
        for (int u : formations_.units(f))
            if (state_.units[static_cast<std::size_t>(u)].on_map)
                all_barred = all_barred && std::any_of(barred.begin(), barred.end(),
                                                       [&](const std::string& m) { return state_.mark(u, m) != 0; });
        if (!all_barred) return f;
    }
    return -1;
}

bool Game::orders_step() {
    if (ruleset_->orders.list.empty()) return false;
    if (state_.at.stage == 0) {
        std::fill(beside_.pending_orders.begin(), beside_.pending_orders.end(), -1);
        state_.at.stage = 1;
    }
    while (state_.at.stage <= 2) {
        if (next_formation_to_order() >= 0) {
            decide(DecisionKind::Orders, ordering_side());
            return true;
        }
        if (logging_)
            note("  " + scenario_->sides[static_cast<std::size_t>(ordering_side())].name + " has given its orders");
        ++state_.at.stage;
    }
    if (state_.at.stage == 3) {
        reveal_orders();
        state_.at.stage = 4;
    }
    return false;
}

void Game::order_actions(std::vector<Action>& out) const {
    const int f = next_formation_to_order();
    if (f < 0) return;
    for (int o = 0; o < static_cast<int>(ruleset_->orders.list.size()); ++o)
        if (may_order(f, o)) out.push_back({ActionKind::GiveOrder, -1, f, {}, o});
}

void Game::order_apply(const Action& a) {
    if (a.kind != ActionKind::GiveOrder || a.target < 0) return;  // legal: the formation next to order
    beside_.pending_orders[static_cast<std::size_t>(a.target)] = a.index;
}

// Every marker is turned over at once (1.5: "revealed before the round starts").
void Game::reveal_orders() {
    for (int f = 0; f < formations_.count(); ++f) {
        const int order = beside_.pending_orders[static_cast<std::size_t>(f)];
        if (order >= 0) state_.orders[static_cast<std::size_t>(f)] = order;
    }
    std::fill(beside_.pending_orders.begin(), beside_.pending_orders.end(), -1);
    if (!logging_) return;
    for (int side = 0; side < static_cast<int>(scenario_->sides.size()); ++side) {
        std::string line;
        for (int f = 0; f < formations_.count(); ++f)
            if (formations_.side(f) == side && formation_present(f))
                line += (line.empty() ? "" : ", ") + formations_.name(f) + " " +
                        ruleset_->orders.list[static_cast<std::size_t>(order_of(f))].id;
        if (!line.empty())
            note("  orders revealed, " + scenario_->sides[static_cast<std::size_t>(side)].name + ": " + line);
    }
}

}  // namespace sandtable::kernel
