// The game's mutations, logged: moves, eliminations, faces, marks,
// capabilities and questions; the procedures and the rule scripts call them.
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

// ---- mutations -----------------------------------------------------------

// PRESTAGS 11.3: an objective is controlled by the side whose unit occupies
// it, or occupied it last; entering it takes it, unless the enemy is there too.
void Game::take_control(int side, Hex h) {
    const auto& objectives = scenario_->objectives;
    for (std::size_t i = 0; i < objectives.size(); ++i)
        if (objectives[i].hex == h && !hex_board_.enemy_present(side, h)) state_.objective_holders[i] = side;
}

void Game::move_unit(int unit, Hex to) { place(unit, to, facing_after_step(unit, state_.unit(unit).hex, to)); }

// A unit with a facing turns to face each hex it enters (16.0).
int Game::facing_after_step(int unit, Hex from, Hex to) const {
    const int now = state_.unit(unit).facing;
    if (!hex_board_.uses_facing(unit)) return now;
    const int d = geometry::direction_to(from, to);
    return d >= 0 ? d : now;
}

void Game::set_facing(int unit, int direction) {
    auto& u = state_.unit(unit);
    if (u.facing == direction) return;
    count_on_board(unit, -1);
    u.facing = direction;
    count_on_board(unit, +1);
    board_changed();
}

void Game::place(int unit, Hex to, int facing) {
    auto& u = state_.unit(unit);
    count_on_board(unit, -1);
    u.hex = to;
    u.facing = facing;
    u.on_map = true;
    count_on_board(unit, +1);
    board_changed();
    if (ruleset_->control_on_entry) take_control(u.side, to);
    // Only units that do not bar enemies (BMW's lone leaders) can be met here.
    if (!listening(Event::MoveSharedHex) || !hex_board_.enemy_present(u.side, to)) return;
    std::vector<int> others;
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (state_.units[i].on_map && state_.units[i].hex == to && state_.units[i].side != u.side)
            others.push_back(static_cast<int>(i));
    if (others.empty()) return;
    EventContext ctx(Event::MoveSharedHex);
    ctx.set("unit", unit);
    ctx.set_list("others", std::move(others));
    raise(ctx);
}

// Stops on each hex of the path only where another side's units stand (a
// lone leader passed on the way must be met, BMW 10.4); otherwise one jump.
void Game::move_along(int unit, const std::vector<Hex>& path, Hex to) {
    const int side = state_.unit(unit).side;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        if (path[i] != state_.unit(unit).hex && hex_board_.enemy_present(side, path[i])) move_unit(unit, path[i]);
    // Objectives passed on the way are entered too (11.3).
    if (ruleset_->control_on_entry)
        for (std::size_t i = 1; i + 1 < path.size(); ++i) take_control(side, path[i]);
    const Hex before = path.size() >= 2 ? path[path.size() - 2] : state_.unit(unit).hex;
    place(unit, to, facing_after_step(unit, before, to));
}

// What eliminating the unit scores for the enemy.
void Game::eliminate(int unit) {
    auto& u = state_.unit(unit);
    if (!u.on_map) return;
    count_on_board(unit, -1);
    u.on_map = false;
    u.eliminated = true;
    board_changed();
    // Losses count the printed (front) strength, whatever face the unit showed.
    if (roles_.strength >= 0)
        state_.sides[static_cast<std::size_t>(u.side)].eliminated_strength +=
            this->unit(unit).type().front.values[static_cast<std::size_t>(roles_.strength)];
    state_.sides[static_cast<std::size_t>(u.side)].lost_points += this->unit(unit).victory_points();
    if (recording_.log) note("  " + this->unit(unit).id() + " is eliminated");
    EventContext ctx(Event::UnitEliminated);
    ctx.set("unit", unit);
    raise(ctx);
    check_morale(u.side);
}

void Game::set_back(int unit, bool back) {
    auto& u = state_.unit(unit);
    bool allowed = !back || this->unit(unit).type().back.has_value();
    if (!allowed || u.back == back) return;
    count_on_board(unit, -1);  // the other face may exert no zone, or move differently
    u.back = back;
    count_on_board(unit, +1);
    board_changed();
}

void Game::set_hits(int unit, int hits) {
    auto& u = state_.unit(unit);
    if (hits < 0) throw std::invalid_argument("a unit's hits are 0 or more, not " + std::to_string(hits));
    u.hits = hits;
    if (u.on_map && !ruleset_->dice_pool_tables.empty() && strength_points_left(unit) <= 0) eliminate(unit);
}

void Game::restore_unit(int unit, Hex at, int hits) {
    auto& u = state_.unit(unit);
    if (!u.eliminated || u.on_map)
        throw std::invalid_argument(this->unit(unit).id() +
                                    " is not eliminated: only an eliminated unit can be restored");
    if (!grid().contains(at)) throw std::invalid_argument("restore: not a hex on this map");
    u.eliminated = false;
    u.hits = 0;
    u.back = false;
    move_unit(unit, at);  // puts it on the board's tables
    u.hits = std::max(0, hits);
    if (recording_.log) note("  " + this->unit(unit).id() + " returns at " + grid().label(at));
}

void Game::disorder(int unit) {
    if (!state_.unit(unit).back && this->unit(unit).type().back) {
        set_back(unit, true);
        if (recording_.log) note("  " + this->unit(unit).id() + " is disordered");
    }
}

void Game::set_mark(int unit, const std::string& key, int value) {
    state_.set_mark(unit, key, value);
    drop_legal();
}

void Game::set_capability(int type, bool back, Capability c, int value) {
    beside_.capabilities.set(type, back, c, value);
    invalidate();
}

int Game::ask(int side, std::string prompt, std::vector<std::string> options) {
    drop_legal();
    Question q{beside_.next_question++, side, std::move(prompt), std::move(options)};
    beside_.questions.push_back(q);
    return q.id;
}

void Game::ask(EventContext& query) const {
    query.ask_only();
    const_cast<Game*>(this)->raise(query);  // read only: see the declaration
}

}  // namespace sandtable::kernel
