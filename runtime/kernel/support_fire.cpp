// Support fire markers (F&M 7.0, 8.1, 8.2.1 b): each game turn a side may
// draw its allotment of markers from its pool; in a combat the attacker and
// the defender each in turn draw one at random and place it face down
// (attacker, defender, attacker, defender), then all are revealed and added
// to the sides' strengths (8.2.1 b: "neither player may examine drawn
// markers until all markers both sides wish to allocate have been drawn").
// A bombardment is an attack by markers alone. Used markers are out of the
// pool until the next game turn.
//
// The values face down are kept beside the state (see SupportMarkers in
// game.h, ADR 0009): state(), the log, the checksum and the legal actions show
// how many markers lie on the table, never which, to either player.
#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

using geometry::Hex;

int Game::support_draws_left(int side) const {
    if (side < 0 || side >= static_cast<int>(beside_.support.draws_left.size())) return 0;
    const auto s = static_cast<std::size_t>(side);
    return std::min(beside_.support.draws_left[s], static_cast<int>(beside_.support.available[s].size()));
}

std::optional<std::vector<int>> Game::committed_support(int side) const {
    if (side < 0 || side >= static_cast<int>(beside_.support.committed.size())) return std::nullopt;
    if (!state_.combat.support_revealed && !state_.result.over) return std::nullopt;
    return beside_.support.committed[static_cast<std::size_t>(side)];
}

// A marker drawn at random from what is left of the side's pool, with the
// draws' own dice; its value goes face down, logged nowhere until the reveal.
int Game::draw_support_marker(int side) {
    auto& pool = beside_.support.available[static_cast<std::size_t>(side)];
    const int pick = beside_.support.dice.roll(static_cast<int>(pool.size())) - 1;
    const int value = pool[static_cast<std::size_t>(pick)];
    pool.erase(pool.begin() + pick);
    --beside_.support.draws_left[static_cast<std::size_t>(side)];
    return value;
}

// Who places a marker at a commitment step: attacker, defender, attacker,
// defender, … (8.2.1 b); in a bombardment the attacker alone (8.1.2 b). -1: done.
int Game::support_side_at(int step) const {
    const int per_side = combat_rules().support_markers;
    const int attacker = attacking_side();
    if (combat_rules().bombardment) return step < per_side ? attacker : -1;
    if (step >= 2 * per_side) return -1;
    return step % 2 == 0 ? attacker : opponent_of(attacker);
}

// Runs the commitment steps: a side with no draws left passes by itself.
bool Game::support_commit_step() {
    Combat& c = state_.combat;
    for (int side = support_side_at(c.support_step); side >= 0; side = support_side_at(c.support_step)) {
        if (support_draws_left(side) > 0) {
            decide(DecisionKind::Support, side);
            return true;
        }
        ++c.support_step;
    }
    reveal_support();
    c.stage = Combat::Declared;
    return false;
}

void Game::support_actions(std::vector<Action>& out) const {
    const int side = support_side_at(state_.combat.support_step);
    if (side < 0) return;
    if (support_draws_left(side) > 0) out.push_back({ActionKind::CommitSupport, -1, -1, {}, -1});
    // A bombardment is an attack by markers: it has at least one (8.1).
    if (!(combat_rules().bombardment && state_.combat.support_step == 0))
        out.push_back({ActionKind::Decline, -1, -1, {}, -1});
}

void Game::commit_support(const Action& a) {
    Combat& c = state_.combat;
    const int side = support_side_at(c.support_step);
    ++c.support_step;
    if (a.kind != ActionKind::CommitSupport) return;  // passes; may not come back to it (8.2.1 b)
    beside_.support.committed[static_cast<std::size_t>(side)].push_back(
        draw_support_marker(side));  // used until the next game turn (7.2)
    ++(side == attacking_side() ? c.support_attacker_markers : c.support_defender_markers);
    if (logging_)
        note("  " + scenario_->sides[static_cast<std::size_t>(side)].name +
             " draws a support fire marker and places it face down");
}

bool Game::fortified(Hex h) const {
    const std::string& key = combat_rules().fortification;
    return !key.empty() && ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(h))].value(key) != 0;
}

// Both sides turn their markers over (8.2.1 b 5); an attacker's marker
// against a fortification counts half, rounded down (8.2.3).
void Game::reveal_support() {
    Combat& c = state_.combat;
    const int attacker = attacking_side();
    const bool halved =
        !c.defenders.empty() && fortified(state_.units[static_cast<std::size_t>(c.defenders.front())].hex);
    c.support_attack = c.support_defence = 0;
    for (int v : beside_.support.committed[static_cast<std::size_t>(attacker)]) c.support_attack += halved ? v / 2 : v;
    for (int v : beside_.support.committed[static_cast<std::size_t>(opponent_of(attacker))]) c.support_defence += v;
    c.support_revealed = true;
    if (!logging_ || c.support_attacker_markers + c.support_defender_markers == 0) return;
    auto listed = [&](int side) {
        std::string out;
        for (int v : beside_.support.committed[static_cast<std::size_t>(side)])
            out += (out.empty() ? "+" : ", +") + std::to_string(v);
        return out.empty() ? std::string("none") : out;
    };
    note("  support fire revealed: " + scenario_->sides[static_cast<std::size_t>(attacker)].name + " " +
         listed(attacker) +
         (halved ? " (halved against the fortification: +" + std::to_string(c.support_attack) + ")" : "") + "; " +
         scenario_->sides[static_cast<std::size_t>(opponent_of(attacker))].name + " " + listed(opponent_of(attacker)));
}

// A bombardment may be opened against any enemy unit not yet attacked in
// the phase, anywhere on the map (8.1, 8.1.1), while the attacker holds a marker.
void Game::bombardment_actions(std::vector<Action>& out) const {
    if (state_.at.stage >= 2) return;  // the attacker said it is done
    if (support_draws_left(attacking_side()) > 0)
        for (std::size_t i = 0; i < state_.units.size(); ++i)
            if (may_be_declared_against(static_cast<int>(i)))
                out.push_back({ActionKind::Declare, -1, static_cast<int>(i), {}, -1});
    out.push_back({ActionKind::EndPhase, -1, -1, {}, -1});
}

// 8.1.3: some results do nothing in a bombardment; the friendly-fire result
// falls on the attacker's units next to the target, and on nobody when none
// is. Returns false when the result has no effect.
bool Game::filter_bombardment_result() {
    Combat& c = state_.combat;
    const rules::CombatOptions& r = combat_rules();
    const auto& ignored = r.bombardment_no_effect;
    CombatExplanation* why = current_explanation();
    if (std::find(ignored.begin(), ignored.end(), c.result) != ignored.end()) {
        if (logging_) note("  " + c.result + " has no effect in a bombardment");
        if (why)
            why->modifiers.push_back({c.result + " has no effect in a bombardment",
                                      phase().id + ": bombardment_no_effect, " + phase().where.to_string()});
        return false;
    }
    if (r.friendly_fire.empty() || c.result != r.friendly_fire) return true;
    c.attackers.clear();
    const Hex target = c.defender_hexes.empty() ? Hex{} : c.defender_hexes.front();
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (u.on_map && u.side == attacking_side() && geometry::distance(u.hex, target) == 1)
            c.attackers.push_back(static_cast<int>(i));
    }
    if (c.attackers.empty() && logging_) note("  " + c.result + ": no friendly unit next to the target, no effect");
    if (why)
        why->modifiers.push_back({c.result + (c.attackers.empty() ? ": no friendly unit next to the target, no effect"
                                                                  : ": friendly fire on a unit next to the target"),
                                  phase().id + ": friendly_fire, " + phase().where.to_string()});
    return !c.attackers.empty();
}

}  // namespace sandtable::kernel
