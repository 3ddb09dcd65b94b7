// What is where: unit queries, and the per-hex tables (zones of control,
// blockers, stacking) kept up to date one unit's change at a time.
#include "kernel/board_queries.h"
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

// ---- queries -------------------------------------------------------------

const rules::UnitType& Game::unit_type(int unit) const {
    return ruleset_->unit_types[static_cast<std::size_t>(state_.units[static_cast<std::size_t>(unit)].type)];
}

int Game::attribute(int unit, int index) const {
    if (index < 0) return 0;
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return unit_type(unit).face(u.back).values[static_cast<std::size_t>(index)];
}

int Game::attribute(int unit, const std::string& id) const { return attribute(unit, ruleset_->attribute_index(id)); }

// In a combat phase, the strength that phase fights with (fire or melee);
// elsewhere the strength losses are counted in.
int Game::combat_strength(int unit) const {
    const auto phase = static_cast<std::size_t>(phase_index());
    const Procedure here = procedures_[phase]->id;
    const int strength = here == Procedure::OddsCombat || here == Procedure::PlottedCombat
                             ? options_of<rules::CombatOptions>(phase).strength.index
                             : roles_.strength;
    return attribute(unit, strength);
}

// In a movement phase whose `bonus_from_mark` names a mark, the unit's mark
// adds to its allowance (a declared charge, set by a script).
int Game::movement_allowance(int unit) const {
    const int base = attribute(unit, roles_.allowance);
    const auto phase = static_cast<std::size_t>(phase_index());
    if (procedures_[phase]->id != Procedure::Movement ||
        options_of<rules::MovementOptions>(phase).bonus_from_mark.empty())
        return base;
    return base + state_.mark(unit, options_of<rules::MovementOptions>(phase).bonus_from_mark);
}

int Game::movement_class(int unit) const {
    return unit_type(unit).face(state_.units[static_cast<std::size_t>(unit)].back).movement_class;
}

int Game::capability(int unit, Capability c) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return beside_.capabilities[static_cast<std::size_t>(u.type)][u.back ? 1 : 0][static_cast<std::size_t>(c)];
}

// Safe for any index: a refused action from a file may name no unit (a charge
// with no target), and its refusal still describes it.
const std::string& Game::unit_id(int unit) const {
    static const std::string none = "(no unit)";
    if (unit < 0 || static_cast<std::size_t>(unit) >= scenario_->units.size()) return none;
    return scenario_->units[static_cast<std::size_t>(unit)].id;
}

int Game::unit_index(const std::string& id) const {
    for (std::size_t i = 0; i < scenario_->units.size(); ++i)
        if (scenario_->units[i].id == id) return static_cast<int>(i);
    return -1;
}

std::vector<int> Game::units_at(Hex h) const {
    std::vector<int> out;
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (state_.units[i].on_map && state_.units[i].hex == h) out.push_back(static_cast<int>(i));
    return out;
}

int Game::terrain_at(Hex h) const {
    int i = grid().index(h);
    return i < 0 ? -1 : scenario_->map.terrain[static_cast<std::size_t>(i)];
}

bool Game::enemy_blocks(int side, Hex h) const {
    refresh_zoc();
    const int idx = grid().index(h);
    if (idx < 0) return false;
    for (std::size_t s = 0; s < blockers_.size(); ++s)
        if (static_cast<int>(s) != side && blockers_[s][static_cast<std::size_t>(idx)]) return true;
    return false;
}

bool Game::enemy_present(int side, Hex h) const { return kernel::enemy_present(state_, side, h); }

bool Game::friend_present(int side, Hex h, int except) const {
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (static_cast<int>(i) != except && u.on_map && u.side == side && u.hex == h) return true;
    }
    return false;
}

bool Game::adjacent_to_enemy(int unit) const { return kernel::adjacent_to_enemy(state_, unit); }

int Game::leader_value_at(int side, Hex h) const {
    return roles_.leader < 0 ? 0 : best_attribute_at(side, h, roles_.leader);
}

int Game::best_attribute_at(int side, Hex h, int attribute_index) const {
    int best = 0;
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (u.on_map && u.side == side && u.hex == h)
            best = std::max(best, attribute(static_cast<int>(i), attribute_index));
    }
    return best;
}

// Per side and hex: zones of control (exerted into the six neighbours except
// across hexsides or into hexes the exerting unit could not move through,
// unless the ruleset's zones reach there),
// units that bar enemies, and units that count against stacking.
void Game::refresh_zoc() const {
    if (!zoc_dirty_) return;
    const std::size_t sides = scenario_->sides.size(), n = grid().size();
    // Reuse the tables' storage: this runs after every full invalidation.
    auto clear = [&](auto& table) {
        table.resize(sides);
        for (auto& row : table) row.assign(n, 0);
    };
    clear(zoc_);
    clear(blockers_);
    clear(stackers_);
    clear(enemy_zoc_);
    for (std::size_t i = 0; i < state_.units.size(); ++i) add_to_tables(static_cast<int>(i), +1);
    for (std::size_t s = 0; s < sides; ++s)
        for (std::size_t o = 0; o < sides; ++o)
            if (o != s)
                for (std::size_t i = 0; i < n; ++i) enemy_zoc_[s][i] |= zoc_[o][i] > 0;
    zoc_dirty_ = false;
}

// One unit's part in the per-hex tables, added (+1) or taken away (-1).
// Returns the hexes whose zone-of-control counts changed.
void Game::add_to_tables(int unit, int sign, std::vector<int>* touched) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map) return;
    const auto side = static_cast<std::size_t>(u.side);
    const int here = grid().index(u.hex);
    if (here < 0) return;  // a tabletop's units have no hex
    const auto h = static_cast<std::size_t>(here);
    if (capability(unit, Capability::BlocksEnemyEntry))
        blockers_[side][h] = static_cast<std::uint8_t>(blockers_[side][h] + sign);
    if (!capability(unit, Capability::StacksFreely))
        stackers_[side][h] = static_cast<std::uint8_t>(stackers_[side][h] + sign);
    if (!capability(unit, Capability::ExertsZoc)) return;
    const auto& map = scenario_->map;
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    const bool faced = u.facing >= 0 && capability(unit, Capability::Faces);
    for (int d = 0; d < 6; ++d) {
        const int idx = grid().neighbour_index(here, d);
        if (idx < 0) continue;
        if (faced && (d - u.facing + 6) % 6 != 0 && (d - u.facing + 6) % 6 != 1 && (d - u.facing + 6) % 6 != 5)
            continue;  // 16.32: flanks stop nobody
        const int feature = map.side_feature(u.hex, d);
        const bool reach_prohibited = ruleset_->zoc_reaches_prohibited;
        if (feature >= 0) {
            const auto& f = ruleset_->hexside_features[static_cast<std::size_t>(feature)];
            if (f.blocks_zoc || (!f.extra_cost[mc] && !reach_prohibited)) continue;
        }
        const auto& terrain = ruleset_->terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(idx)])];
        if (!terrain.cost[mc] && !reach_prohibited) continue;
        zoc_[side][static_cast<std::size_t>(idx)] =
            static_cast<std::uint16_t>(zoc_[side][static_cast<std::size_t>(idx)] + sign);
        if (touched) touched->push_back(idx);
    }
}

void Game::invalidate() const {
    zoc_dirty_ = true;
    range_unit_ = -1;
    drop_legal();
}

bool Game::in_enemy_zoc(int side, Hex h) const {
    refresh_zoc();
    const int idx = grid().index(h);
    return idx >= 0 && enemy_zoc_[static_cast<std::size_t>(side)][static_cast<std::size_t>(idx)];
}

// Updates the tables for one unit's change, so a move touches a dozen
// entries instead of rebuilding every table. Nothing to do while the tables
// are due for a full rebuild anyway.
void Game::count_on_board(int unit, int sign) {
    if (zoc_dirty_) return;
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

void Game::board_changed() {
    range_unit_ = -1;
    drop_legal();
}

bool Game::board_tables_consistent() const {
    refresh_zoc();
    const auto zoc = zoc_;
    const auto blockers = blockers_;
    const auto stackers = stackers_;
    const auto enemy = enemy_zoc_;
    zoc_dirty_ = true;
    refresh_zoc();
    return zoc == zoc_ && blockers == blockers_ && stackers == stackers_ && enemy == enemy_zoc_;
}

}  // namespace sandtable::kernel
