// Facing (PRESTAGS optional rule 16.0) for units with the capability
// `faces`: a unit's front is the hexside it faces and the two beside it. It
// moves only into a front hex, turning to face each hex it enters; turning in
// place, up to 180 degrees, costs one movement point (16.11). It attacks
// only what lies in its front (16.0, 16.31) and exerts its zone of control
// only there (16.32). Defending from the flank is the rule scripts' part
// (PRESTAGS: the melee_strength module halves the defender).
#include "kernel/game.h"

#include "geometry/hex_los.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
bool front_direction(int facing, int direction) {
    const int turn = (direction - facing + 6) % 6;
    return turn == 0 || turn == 1 || turn == 5;
}
}  // namespace

bool Game::uses_facing(int unit) const { return facing(unit) >= 0 && capability(unit, Capability::Faces) != 0; }

bool Game::in_front(int unit, Hex other) const {
    if (!uses_facing(unit)) return true;
    const Hex from = state_.units[static_cast<std::size_t>(unit)].hex;
    if (other == from) return true;
    const int f = facing(unit);
    if (geometry::distance(from, other) == 1) return front_direction(f, geometry::direction_to(from, other));
    // Further off: the line leaves through a front hexside (either one, where
    // it leaves along a vertex between two hexes).
    const auto steps = geometry::los_steps(from, other);
    if (steps.size() < 2) return false;
    const auto& first = steps[1];
    if (front_direction(f, geometry::direction_to(from, first.hex))) return true;
    return first.has_alternative && front_direction(f, geometry::direction_to(from, first.alternative));
}

void Game::facing_moves(int unit, std::vector<Action>& out) const {
    const FacingRange r = facing_range(unit);
    for (std::size_t state = 0; state < r.states.size(); ++state) {
        if (r.states[state].cost < 0) continue;
        const int idx = static_cast<int>(state / 6);
        if (may_move_into(unit, idx))
            out.push_back({ActionKind::MoveTo, unit, -1, grid().hex_at(idx), static_cast<int>(state % 6)});
    }
}

// The hexes entered on the cheapest way to (to, facing), the start first;
// empty when it is not reached.
std::vector<Hex> Game::facing_path(int unit, Hex to, int facing) const {
    const FacingRange r = facing_range(unit);
    const int goal = grid().index(to) * 6 + facing;
    if (goal < 0 || r.states[static_cast<std::size_t>(goal)].cost < 0) return {};
    std::vector<Hex> path;
    for (int s = goal; s >= 0; s = r.states[static_cast<std::size_t>(s)].parent) {
        const Hex h = grid().hex_at(s / 6);
        if (path.empty() || path.front() != h) path.insert(path.begin(), h);
    }
    return path;
}

}  // namespace sandtable::kernel
