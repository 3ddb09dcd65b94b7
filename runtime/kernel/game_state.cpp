#include "kernel/game_state.h"
#include "kernel/state_hasher.h"

#include <algorithm>

namespace sandtable::kernel {

namespace {

// marks is sorted by unit, then key (set_mark is its only writer): the first mark not before (unit, key).
template <class Marks>
auto first_not_before(Marks& marks, int unit, const std::string& key) {
    return std::lower_bound(marks.begin(), marks.end(), std::pair<int, const std::string&>(unit, key),
                            [](const Mark& m, const std::pair<int, const std::string&>& k) {
                                return m.unit != k.first ? m.unit < k.first : m.key < k.second;
                            });
}

}  // namespace

int GameState::mark(int unit, const std::string& key) const {
    const auto it = first_not_before(marks, unit, key);
    return it != marks.end() && it->unit == unit && it->key == key ? it->value : 0;
}

void GameState::set_mark(int unit, const std::string& key, int value) {
    auto it = first_not_before(marks, unit, key);
    if (it != marks.end() && it->unit == unit && it->key == key) {
        if (value == 0)
            marks.erase(it);
        else
            it->value = value;
    } else if (value != 0) {
        marks.insert(it, Mark{unit, key, value});
    }
}

namespace {

void hash_unit(Hasher& h, const UnitState& u) {
    h.i(u.type), h.i(u.side), h.i(u.hex.q), h.i(u.hex.r);
    h.i(u.back), h.i(u.on_map), h.i(u.eliminated), h.i(u.exited), h.i(u.moved), h.i(u.fired), h.i(u.attacked);
    h.i(u.was_attacked), h.i(u.must_attack), h.i(u.must_be_attacked), h.i(u.flipped), h.i(u.ready);
    h.i(u.facing), h.i(u.hits), h.i(u.x_um), h.i(u.y_um), h.i(u.files), h.i(u.figures), h.i(u.figures_at_turn_start);
    h.i(u.moved_thirds), h.i(u.volleys), h.i(static_cast<int>(u.reaction)), h.i(u.hidden), h.i(u.phantom);
}

void hash_hexes(Hasher& h, const std::vector<geometry::Hex>& hexes) {
    h.i(static_cast<long long>(hexes.size()));
    for (const auto& x : hexes) h.i(x.q), h.i(x.r);
}

void hash_ints(Hasher& h, const std::vector<int>& values) {
    h.i(static_cast<long long>(values.size()));
    for (int v : values) h.i(v);
}

void hash_combat(Hasher& h, const Combat& c) {
    h.i(c.stage), hash_ints(h, c.attackers), hash_ints(h, c.defenders);
    hash_hexes(h, c.defender_hexes), hash_hexes(h, c.attacker_hexes);
    h.i(c.attack), h.i(c.defend), h.i(c.column), h.i(c.line), h.i(c.roll), h.i(c.roll_modifier);
    h.s(c.result), h.i(c.cancelled), h.i(c.advance_required), h.s(c.advance_mark), h.s(c.forced_result);
    h.i(c.losses_attacker), h.i(c.losses_defender), h.i(c.losses_reduce), h.i(c.retreat_hexes);
    h.i(c.retreat_decided), h.i(c.stiff_resistance), hash_ints(h, c.to_retreat), h.i(c.retreating_side);
    h.i(c.advance_done), h.i(c.advance_one_hex), h.i(c.advancing_side), h.i(c.side);
    hash_hexes(h, c.retreat_path), hash_ints(h, c.advanced);
    h.i(static_cast<long long>(c.displacing.size()));
    for (const auto& w : c.displacing) h.i(w.unit), h.i(w.to.q), h.i(w.to.r);
    h.i(c.support_step), h.i(c.support_attacker_markers), h.i(c.support_defender_markers);
    h.i(c.support_revealed), h.i(c.support_attack), h.i(c.support_defence);
    h.i(c.dice_pool), h.i(c.close_combat), h.i(c.attacker_hits), h.i(c.defender_hits), hash_hexes(h, c.loss_hexes);
}

void hash_orders_and_sightings(Hasher& h, const GameState& st) {
    h.i(static_cast<long long>(st.table_orders.size()));
    for (const auto& o : st.table_orders)
        h.i(o.mode), h.i(o.bearing), h.i(o.distance), h.i(o.files), h.i(o.facing), h.i(o.target);
    h.i(static_cast<long long>(st.sightings.size()));
    for (const auto& s : st.sightings) h.i(s.firer), h.i(s.target), h.i(s.distance_um);
    const Activation& a = st.activation;
    h.i(a.formation), h.i(a.picking), h.i(a.last_side), h.i(a.in_a_row);
    h.i(static_cast<long long>(a.done.size()));
    for (auto d : a.done) h.i(d);
    h.i(st.first_of_step), hash_ints(h, st.orders);
}

}  // namespace

// Format 2 (sandtable-replay/2): every value of the state, in a fixed order,
// each list with its length first. What replays of format 1 were checked
// against is kept only for converting them (checksum_v1.cpp).
std::uint64_t checksum(const GameState& st) {
    Hasher h;
    h.i(st.at.turn), h.i(st.at.step), h.i(st.at.player), h.i(st.at.phase), h.i(st.at.stage), h.i(st.at.active_side);
    h.i(static_cast<long long>(st.units.size()));
    for (const auto& u : st.units) hash_unit(h, u);
    hash_orders_and_sightings(h, st);
    h.i(static_cast<long long>(st.marks.size()));
    for (const auto& m : st.marks) h.i(m.unit), h.s(m.key), h.i(m.value);
    h.i(static_cast<long long>(st.sides.size()));
    for (const auto& s : st.sides)
        h.i(s.eliminated_strength), h.i(s.lost_points), h.i(s.exited_points), h.i(s.demoralized), h.i(s.disintegrated);
    h.i(st.selected), h.i(static_cast<int>(st.exit_mode));
    h.i(static_cast<long long>(st.fires.size()));
    for (const auto& f : st.fires) h.i(f.firer), h.i(f.target), h.i(f.factor);
    h.i(st.combat_open);
    hash_combat(h, st.combat);
    hash_ints(h, st.objective_holders);
    h.i(st.result.over), h.i(st.result.winner), h.s(st.result.level), h.s(st.result.reason);
    hash_ints(h, st.result.victory_points);
    h.i(static_cast<long long>(st.dice_rolled));
    return h.h;
}

}  // namespace sandtable::kernel
