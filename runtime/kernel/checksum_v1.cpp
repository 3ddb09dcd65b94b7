// The checksums of replay format 1 (sandtable-replay/1), kept only so that
// `sandtable replay --upgrade` can check an old replay while it converts it
// to format 2. Format 1 hashed some values only when a game used them, so
// that replays recorded before they existed kept verifying; format 2
// (GameState's checksum, Game::checksum) hashes everything.
#include "kernel/checksum_v1.h"
#include "kernel/game.h"
#include "kernel/state_hasher.h"

namespace sandtable::kernel {

namespace {
void combat_v1(Hasher& h, const Combat& c) {
    h.i(static_cast<long long>(c.attackers.size()));
    for (int a : c.attackers) h.i(a);
    for (int d : c.defenders) h.i(d + 100000);
    h.i(c.stage), h.i(c.attack), h.i(c.defend), h.i(c.column), h.i(c.roll), h.s(c.result), h.i(c.cancelled);
    // Hashed only when used, so that older replays keep their checksums.
    if (c.line >= 0) h.i(c.line);
    if (c.losses_reduce) h.i(1);
    if (c.retreat_hexes > 0) h.i(c.retreat_hexes);
    if (c.retreat_decided) h.i(2);
    if (c.stiff_resistance) h.i(3);
    h.i(c.advance_required), h.s(c.advance_mark), h.s(c.forced_result), h.i(c.losses_attacker), h.i(c.losses_defender);
    // Hashed only when a rule modified the roll, so games without modifiers
    // keep the checksums of replays recorded before the modifier existed.
    if (c.roll_modifier != 0) h.i(c.roll_modifier + 400000);
    for (int u : c.to_retreat) h.i(u + 200000);
    h.i(c.retreating_side), h.i(c.advance_done), h.i(c.advance_one_hex), h.i(c.advancing_side);
    if (!c.retreat_path.empty() || !c.advanced.empty()) {  // only games that advance along it
        h.i(static_cast<long long>(c.retreat_path.size()) + 900000);
        for (const auto& x : c.retreat_path) h.i(x.q), h.i(x.r);
        for (int u : c.advanced) h.i(u);
    }
    for (const auto& w : c.displacing) h.i(w.unit + 1000000), h.i(w.to.q), h.i(w.to.r);  // only while one is pending
    if (c.support_step > 0 || c.support_revealed) {  // support fire: only games that use it
        h.i(c.support_step + 800000), h.i(c.support_attacker_markers), h.i(c.support_defender_markers);
        h.i(c.support_revealed), h.i(c.support_attack), h.i(c.support_defence);
    }
    if (c.dice_pool) {
        h.i(c.close_combat + 1400000), h.i(c.attacker_hits), h.i(c.defender_hits);
        for (const auto& x : c.loss_hexes) h.i(x.q), h.i(x.r);
    }
    if (c.side >= 0) h.i(c.side + 500000);  // only plotted combats set it: older replays keep their checksums
    for (const auto& x : c.attacker_hexes) h.i(x.q), h.i(x.r);
    for (const auto& x : c.defender_hexes) h.i(x.q + 300000), h.i(x.r);
}

std::uint64_t state_checksum_v1(const GameState& st) {
    Hasher h;
    h.i(st.at.turn), h.i(st.at.step), h.i(st.at.player), h.i(st.at.phase), h.i(st.at.stage), h.i(st.at.active_side);
    for (const auto& u : st.units) {
        h.i(u.type), h.i(u.side), h.i(u.hex.q), h.i(u.hex.r);
        h.i((u.back << 0) | (u.on_map << 1) | (u.eliminated << 2) | (u.moved << 3) | (u.fired << 4) |
            (u.attacked << 5) | (u.was_attacked << 6) | (u.must_attack << 7) | (u.must_be_attacked << 8) |
            (u.flipped << 9) | (u.ready << 10) | (u.exited << 11));
        if (u.facing >= 0) h.i(u.facing + 600000);  // only games with facing: older checksums stay
        if (u.hits) h.i(u.hits + 1300000);
        if (u.files > 0) {  // a tabletop: only its games hash these
            h.i(u.x_um), h.i(u.y_um), h.i(u.files + 1600000), h.i(u.figures), h.i(u.figures_at_turn_start);
            h.i(u.moved_thirds), h.i(u.volleys), h.i(static_cast<int>(u.reaction)), h.i(u.hidden + 2 * u.phantom);
        }
    }
    for (const auto& o : st.table_orders)
        h.i(o.mode + 1700000), h.i(o.bearing), h.i(o.distance), h.i(o.files), h.i(o.facing), h.i(o.target);
    for (const auto& s : st.sightings) h.i(s.firer + 1800000), h.i(s.target), h.i(s.distance_um);
    h.i(static_cast<long long>(st.units.size()));
    h.i(static_cast<long long>(st.marks.size()));
    for (const auto& m : st.marks) h.i(m.unit), h.s(m.key), h.i(m.value);
    for (const auto& s : st.sides) {
        h.i(s.eliminated_strength), h.i(s.demoralized), h.i(s.disintegrated);
        if (s.exited_points) h.i(s.exited_points + 700000);
    }
    h.i(st.selected), h.i(static_cast<int>(st.exit_mode));
    h.i(static_cast<long long>(st.fires.size()));
    for (const auto& f : st.fires) h.i(f.firer), h.i(f.target), h.i(f.factor);
    h.i(st.combat_open);
    combat_v1(h, st.combat);
    for (int o : st.objective_holders) h.i(o);
    // Activations and orders: only games that use them, so older replays keep their checksums.
    const Activation& a = st.activation;
    if (!a.done.empty()) {
        h.i(a.formation + 1100000), h.i(a.picking), h.i(a.last_side), h.i(a.in_a_row);
        for (auto d : a.done) h.i(d);
    }
    for (int o : st.orders) h.i(o + 1200000);
    if (st.first_of_step >= 0) h.i(st.first_of_step + 1500000);
    h.i(st.result.over), h.i(st.result.winner), h.s(st.result.level), h.s(st.result.reason);
    for (int vp : st.result.victory_points) h.i(vp);
    h.i(static_cast<long long>(st.dice_rolled));
    return h.h;
}
}  // namespace

std::uint64_t checksum_v1(const Game& game) {
    Hasher h;
    h.h = state_checksum_v1(game.state_);
    h.i(static_cast<long long>(game.beside_.questions.size()));
    for (const auto& q : game.beside_.questions) {
        h.i(q.id), h.i(q.side);
        for (unsigned char c : q.prompt()) h.i(c);
        h.i(static_cast<long long>(q.options().size()));
    }
    // Capabilities added after the first eleven counted only where a script changed them.
    constexpr std::size_t kFirstCapabilities = static_cast<std::size_t>(Capability::Faces);
    for (const auto& type : game.beside_.capabilities.table())
        for (const auto& face : type)
            for (std::size_t c = 0; c < face.size(); ++c) {
                if (c >= kFirstCapabilities && face[c] == capability_default(static_cast<Capability>(c))) continue;
                if (c >= kFirstCapabilities) h.i(static_cast<long long>(0xcab0 + c));
                h.i(face[c]);
            }
    return h.h;
}

}  // namespace sandtable::kernel
