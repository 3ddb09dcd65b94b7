// What a side may not know, drawn afresh for a bot's look ahead (issue 23,
// information-set search): the phase's orders given in secret, the support
// markers face down and the draws to come, and which unit (or phantom) is
// under which hidden marker. Each is drawn from what the rules allow and what the viewer sees,
// so a bot that looks ahead from here learns nothing it could not know.
#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

std::size_t pick_order(const OrderModel& model, const Game& game, const std::vector<Action>& options, Dice& draw) {
    const std::size_t picked = model ? model(game, options, draw) : draw.next() % options.size();
    return picked < options.size() ? picked : 0;
}

bool Game::redraw_hidden(int viewer, Dice& draw, const OrderModel& model) {
    const auto before = draw.raw_state();
    redraw_markers(viewer, draw);  // first: the orders the rules allow depend on who is where
    procedure().run->redraw_hidden(*this, viewer, draw, model);
    const bool drawn = draw.raw_state() != before;
    const bool shuffled = redraw_support_markers(draw);
    drop_legal();
    return drawn || shuffled;
}

Game::LuckMark Game::luck_mark() const { return {dice_.raw_state(), beside_.support.dice.raw_state()}; }

// Markers face down are hidden from both sides alike (F&M 8.2.1): those placed
// in the combat in progress, before the reveal, are any of the pool's.
bool Game::redraw_support_markers(Dice& draw) {
    auto& support = beside_.support;
    support.dice = Dice(draw.next());
    if (state_.combat.support_revealed) return false;
    bool shuffled = false;
    for (std::size_t side = 0; side < support.committed.size(); ++side) {
        auto& placed = support.committed[side];
        if (placed.empty()) continue;
        shuffled = true;
        auto& left = support.available[side];
        std::vector<int> pool = placed;
        pool.insert(pool.end(), left.begin(), left.end());
        shuffle(pool, draw);
        placed.assign(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(placed.size()));
        left.assign(pool.begin() + static_cast<std::ptrdiff_t>(placed.size()), pool.end());
    }
    return shuffled;
}

// Which of another side's units (or phantoms) stands under which of its hidden
// markers: the markers stay where they are, what is under each is drawn afresh.
void Game::redraw_markers(int viewer, Dice& draw) {
    if (!ruleset_->table.enabled) return;
    for (int side = 0; side < static_cast<int>(scenario_->sides.size()); ++side) {
        if (side == viewer) continue;
        std::vector<int> units;
        std::vector<std::pair<geometry::tabletop::Point, int>> places;
        for (std::size_t i = 0; i < state_.units.size(); ++i) {
            const auto& u = state_.units[i];
            if (u.side != side || !u.on_map || !u.hidden) continue;
            units.push_back(static_cast<int>(i));
            places.emplace_back(tabletop_.position(static_cast<int>(i)), u.facing);
        }
        shuffle(places, draw);
        for (std::size_t k = 0; k < units.size(); ++k) place_on_table(units[k], places[k].first, places[k].second);
    }
}

}  // namespace sandtable::kernel
