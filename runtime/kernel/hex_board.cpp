// The hex map's per-hex tables and queries (see hex_board.h).
#include "kernel/hex_board.h"

#include "geometry/hex_los.h"
#include "kernel/board_queries.h"
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
// Facing (PRESTAGS 16.0): a unit's front is the hexside it faces and the two beside it.
bool front_direction(int facing, int direction) {
    const int turn = (direction - facing + 6) % 6;
    return turn == 0 || turn == 1 || turn == 5;
}
}  // namespace

void HexBoard::set_up(int default_stacking) {
    const auto& scenario = game_.scenario();
    stacking_limits_.clear();
    for (const auto& side : scenario.sides)
        stacking_limits_.push_back(side.stacking > 0 ? side.stacking : default_stacking);
    // Worked out by the loader; a scenario built in code gets it here.
    if (scenario.map.step_costs.empty()) own_step_costs_ = rules::step_costs(scenario.map, game_.ruleset());
    step_costs_ = scenario.map.step_costs.empty() ? &own_step_costs_ : &scenario.map.step_costs;
    find_halts_and_barriers();
    dirty_ = true;
}

void HexBoard::find_halts_and_barriers() {
    const auto& rs = game_.ruleset();
    const auto& map = game_.scenario().map;
    const auto& grid = game_.grid();
    if (std::any_of(rs.terrain.begin(), rs.terrain.end(),
                    [](const auto& t) { return t.stops_movement || t.only_as_first_step; })) {
        terrain_halts_.assign(grid.size(), 0);
        for (std::size_t i = 0; i < grid.size(); ++i) {
            const auto& t = rs.terrain[static_cast<std::size_t>(map.terrain[i])];
            terrain_halts_[i] = t.only_as_first_step ? 2 : t.stops_movement ? 1 : 0;
        }
    }
    const bool any = std::any_of(rs.terrain.begin(), rs.terrain.end(), [](const auto& t) { return t.no_zoc_to_zoc; }) ||
                     std::any_of(rs.hexside_features.begin(), rs.hexside_features.end(),
                                 [](const auto& f) { return f.no_zoc_to_zoc; });
    if (!any) return;
    zoc_barriers_.assign(grid.size() * 6, 0);
    for (int i = 0; i < static_cast<int>(grid.size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int to = grid.neighbour_index(i, d);
            if (to < 0) continue;
            const int feature = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            const bool across = feature >= 0 && rs.hexside_features[static_cast<std::size_t>(feature)].no_zoc_to_zoc;
            const bool into =
                rs.terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(to)])].no_zoc_to_zoc;
            zoc_barriers_[static_cast<std::size_t>(i) * 6 + static_cast<std::size_t>(d)] = across || into;
        }
}

// ---- who stands where ----------------------------------------------------

std::vector<int> HexBoard::units_at(Hex h) const {
    std::vector<int> out;
    const auto& units = game_.state().units;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].on_map && units[i].hex == h) out.push_back(static_cast<int>(i));
    return out;
}

int HexBoard::terrain_at(Hex h) const {
    const int i = game_.grid().index(h);
    return i < 0 ? -1 : game_.scenario().map.terrain[static_cast<std::size_t>(i)];
}

bool HexBoard::enemy_blocks(int side, Hex h) const {
    refresh();
    const int idx = game_.grid().index(h);
    if (idx < 0) return false;
    for (std::size_t s = 0; s < blockers_.size(); ++s)
        if (static_cast<int>(s) != side && blockers_[s][static_cast<std::size_t>(idx)]) return true;
    return false;
}

// From the occupancy table; a hex off the grid (a tabletop's units have none) asks the state.
bool HexBoard::enemy_present(int side, Hex h) const {
    const int idx = game_.grid().index(h);
    if (idx < 0) return kernel::enemy_present(game_.state(), side, h);
    refresh();
    for (std::size_t s = 0; s < occupants_.size(); ++s)
        if (static_cast<int>(s) != side && occupants_[s][static_cast<std::size_t>(idx)]) return true;
    return false;
}

bool HexBoard::friend_present(int side, Hex h, int except) const {
    const auto& units = game_.state().units;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const auto& u = units[i];
        if (static_cast<int>(i) != except && u.on_map && u.side == side && u.hex == h) return true;
    }
    return false;
}

bool HexBoard::adjacent_to_enemy(int unit) const { return kernel::adjacent_to_enemy(game_.state(), unit); }

bool HexBoard::in_enemy_zoc(int side, Hex h) const {
    refresh();
    const int idx = game_.grid().index(h);
    return idx >= 0 && enemy_zoc_[static_cast<std::size_t>(side)][static_cast<std::size_t>(idx)];
}

bool HexBoard::side_zoc_reaches(int side, Hex h) const {
    refresh();
    const int idx = game_.grid().index(h);
    return idx >= 0 && zoc_[static_cast<std::size_t>(side)][static_cast<std::size_t>(idx)] > 0;
}

int HexBoard::best_attribute_at(int side, Hex h, int attribute_index) const {
    int best = 0;
    const auto& units = game_.state().units;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const auto& u = units[i];
        if (u.on_map && u.side == side && u.hex == h)
            best = std::max(best, game_.unit(static_cast<int>(i)).attribute(attribute_index));
    }
    return best;
}

// ---- steps and sight -----------------------------------------------------

int HexBoard::step_cost(int unit, Hex from, int direction) const {
    const auto& grid = game_.grid();
    const int i = grid.index(from);
    if (i < 0 || direction < 0 || direction > 5 || !grid.contains(geometry::neighbour(from, direction))) return -1;
    return step_costs(
        game_.unit(unit).movement_class())[static_cast<std::size_t>(i) * 6 + static_cast<std::size_t>(direction)];
}

const int* HexBoard::step_costs(int movement_class) const {
    return (*step_costs_)[static_cast<std::size_t>(movement_class)].data();
}

bool HexBoard::map_sight(Hex from, Hex to) const {
    if (geometry::distance(from, to) <= 1) return true;
    const auto& rs = game_.ruleset();
    const auto& map = game_.scenario().map;
    geometry::LosQuery q;
    q.hex_blocks = [&](Hex h) {
        const int i = game_.grid().index(h);
        return i < 0 || rs.terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(i)])].blocks_los;
    };
    q.side_blocks = [&](geometry::HexSide s) {
        const int feature = map.side_feature(s.a, geometry::direction_to(s.a, s.b));
        return feature >= 0 && rs.hexside_features[static_cast<std::size_t>(feature)].blocks_los;
    };
    return geometry::line_of_sight(from, to, q);
}

// ---- facing ----------------------------------------------------------------

bool HexBoard::uses_facing(int unit) const {
    return game_.unit(unit).facing() >= 0 && game_.unit(unit).capability(Capability::Faces) != 0;
}

bool HexBoard::in_front(int unit, Hex other) const {
    if (!uses_facing(unit)) return true;
    const Hex from = game_.state().unit(unit).hex;
    if (other == from) return true;
    const int f = game_.unit(unit).facing();
    if (geometry::distance(from, other) == 1) return front_direction(f, geometry::direction_to(from, other));
    // Further off: the line leaves through a front hexside (either one, where
    // it leaves along a vertex between two hexes).
    const auto steps = geometry::los_steps(from, other);
    if (steps.size() < 2) return false;
    const auto& first = steps[1];
    if (front_direction(f, geometry::direction_to(from, first.hex))) return true;
    return first.has_alternative && front_direction(f, geometry::direction_to(from, first.alternative));
}

// ---- stacking --------------------------------------------------------------

bool HexBoard::may_end_in(int unit, Hex h) const {
    const int idx = game_.grid().index(h);
    return idx >= 0 && may_stack_in(unit, idx);
}

// Stacking, from the per-hex table (no scan of the units unless friends are
// there): the side's limit, then whether the unit mixes with them.
bool HexBoard::may_stack_in(int unit, int idx) const { return stacking_rule(unit).allows(idx); }

HexBoard::StackingRule HexBoard::stacking_rule(int unit) const {
    refresh();
    const auto& me = game_.state().unit(unit);
    return {this,
            unit,
            game_.unit(unit).capability(Capability::StacksFreely) != 0,
            stackers_[static_cast<std::size_t>(me.side)].data(),
            me.on_map ? game_.grid().index(me.hex) : -1,
            stacking_limit(me.side)};
}

bool HexBoard::StackingRule::mixes_at(int idx) const {
    return board->mixes_with_hex(unit, board->game_.grid().hex_at(idx));
}

bool HexBoard::mixes_with_hex(int unit, Hex h) const {
    const auto& mixes = game_.ruleset().stacking_mixes;
    if (mixes.attribute < 0) return true;
    const int mine = game_.unit(unit).attribute(mixes.attribute);
    const auto& units = game_.state().units;
    const int side = units[static_cast<std::size_t>(unit)].side;
    for (int o : units_at(h))
        if (o != unit && units[static_cast<std::size_t>(o)].side == side &&
            !mixes.compatible(mine, game_.unit(o).attribute(mixes.attribute)))
            return false;
    return true;
}

// ---- the per-hex tables ------------------------------------------------------

const std::uint8_t* HexBoard::enemy_zoc(int side) const {
    refresh();
    return enemy_zoc_[static_cast<std::size_t>(side)].data();
}

const std::uint8_t* HexBoard::blockers(int side) const {
    refresh();
    return blockers_[static_cast<std::size_t>(side)].data();
}

const std::uint8_t* HexBoard::stackers(int side) const {
    refresh();
    return stackers_[static_cast<std::size_t>(side)].data();
}

// Per side and hex: zones of control (exerted into the six neighbours except
// across hexsides or into hexes the exerting unit could not move through,
// unless the ruleset's zones reach there), units that bar enemies, and units
// that count against stacking.
void HexBoard::refresh() const {
    if (!dirty_) return;
    const std::size_t sides = game_.scenario().sides.size(), n = game_.grid().size();
    // Reuse the tables' storage: this runs after every full invalidation.
    auto clear = [&](auto& table) {
        table.resize(sides);
        for (auto& row : table) row.assign(n, 0);
    };
    clear(zoc_);
    clear(blockers_);
    clear(stackers_);
    clear(enemy_zoc_);
    clear(occupants_);
    for (std::size_t i = 0; i < game_.state().units.size(); ++i) add_to_tables(static_cast<int>(i), +1);
    for (std::size_t s = 0; s < sides; ++s)
        for (std::size_t o = 0; o < sides; ++o)
            if (o != s)
                for (std::size_t i = 0; i < n; ++i) enemy_zoc_[s][i] |= zoc_[o][i] > 0;
    dirty_ = false;
}

// One unit's part in the per-hex tables, added (+1) or taken away (-1),
// noting the hexes whose zone-of-control counts changed.
void HexBoard::add_to_tables(int unit, int sign, std::vector<int>* touched) const {
    const auto& u = game_.state().unit(unit);
    if (!u.on_map) return;
    const auto& grid = game_.grid();
    const auto side = static_cast<std::size_t>(u.side);
    const int here = grid.index(u.hex);
    if (here < 0) return;  // a tabletop's units have no hex
    const auto h = static_cast<std::size_t>(here);
    occupants_[side][h] = static_cast<std::uint8_t>(occupants_[side][h] + sign);
    if (game_.unit(unit).capability(Capability::BlocksEnemyEntry))
        blockers_[side][h] = static_cast<std::uint8_t>(blockers_[side][h] + sign);
    if (!game_.unit(unit).capability(Capability::StacksFreely))
        stackers_[side][h] = static_cast<std::uint8_t>(stackers_[side][h] + sign);
    if (!game_.unit(unit).capability(Capability::ExertsZoc)) return;
    const auto& rs = game_.ruleset();
    const auto& map = game_.scenario().map;
    const auto mc = static_cast<std::size_t>(game_.unit(unit).movement_class());
    const bool faced = u.facing >= 0 && game_.unit(unit).capability(Capability::Faces);
    for (int d = 0; d < 6; ++d) {
        const int idx = grid.neighbour_index(here, d);
        if (idx < 0 || (faced && !front_direction(u.facing, d))) continue;  // 16.32: flanks stop nobody
        const int feature = map.side_feature(u.hex, d);
        const bool reach_prohibited = rs.zoc_reaches_prohibited;
        if (feature >= 0) {
            const auto& f = rs.hexside_features[static_cast<std::size_t>(feature)];
            if (f.blocks_zoc || (!f.extra_cost[mc] && !reach_prohibited)) continue;
        }
        const auto& terrain = rs.terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(idx)])];
        if (!terrain.cost[mc] && !reach_prohibited) continue;
        auto& count = zoc_[side][static_cast<std::size_t>(idx)];
        count = static_cast<std::uint16_t>(count + sign);
        if (touched) touched->push_back(idx);
    }
}

// Everything add_to_tables reads of the unit's state (its type gives its capabilities and movement class).
bool HexBoard::counted_alike(const UnitState& a, const UnitState& b) {
    return a.on_map == b.on_map && a.hex == b.hex && a.side == b.side && a.type == b.type && a.back == b.back &&
           a.facing == b.facing;
}

// A move touches a dozen entries instead of rebuilding every table. Nothing
// to do while the tables are due for a full rebuild anyway.
void HexBoard::count(int unit, int sign) {
    if (dirty_) return;
    std::vector<int>& touched = touched_hexes_;
    touched.clear();
    add_to_tables(unit, sign, &touched);
    for (int idx : touched) {
        const auto i = static_cast<std::size_t>(idx);
        for (std::size_t s = 0; s < zoc_.size(); ++s) {
            std::uint8_t any = 0;
            for (std::size_t o = 0; o < zoc_.size(); ++o)
                if (o != s && zoc_[o][i] > 0) any = 1;
            enemy_zoc_[s][i] = any;
        }
    }
}

bool HexBoard::tables_consistent() const {
    refresh();
    const auto zoc = zoc_;
    const auto blockers = blockers_;
    const auto stackers = stackers_;
    const auto enemy = enemy_zoc_;
    const auto occupants = occupants_;
    dirty_ = true;
    refresh();
    return zoc == zoc_ && blockers == blockers_ && stackers == stackers_ && enemy == enemy_zoc_ &&
           occupants == occupants_;
}

}  // namespace sandtable::kernel
