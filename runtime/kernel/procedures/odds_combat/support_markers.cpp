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
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/game.h"

#include <algorithm>
#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

// A marker drawn at random from what is left of the side's pool, with the
// draws' own dice; its value goes face down, logged nowhere until the reveal.
int CombatResolution::draw_support_marker(Game& game, int side) {
    auto& pool = game.beside_.support.available[static_cast<std::size_t>(side)];
    const int pick = game.beside_.support.dice.roll(static_cast<int>(pool.size())) - 1;
    const int value = pool[static_cast<std::size_t>(pick)];
    pool.erase(pool.begin() + pick);
    --game.beside_.support.draws_left[static_cast<std::size_t>(side)];
    return value;
}

// Who places a marker at a commitment step: attacker, defender, attacker,
// defender, … (8.2.1 b); in a bombardment the attacker alone (8.1.2 b). -1: done.
int CombatResolution::support_side_at(const Game& game, int step) {
    const int per_side = game.combat_rules().support_markers;
    const int attacker = game.attacking_side();
    if (game.combat_rules().bombardment) return step < per_side ? attacker : -1;
    if (step >= 2 * per_side) return -1;
    return step % 2 == 0 ? attacker : opponent_of(attacker);
}

// Runs the commitment steps: a side with no draws left passes by itself.
bool CombatResolution::support_commit_step(Game& game) {
    Combat& c = game.state_.combat;
    for (int side = support_side_at(game, c.support_step); side >= 0; side = support_side_at(game, c.support_step)) {
        if (game.support_draws_left(side) > 0) {
            game.decide(DecisionKind::Support, side);
            return true;
        }
        ++c.support_step;
    }
    reveal_support(game);
    c.stage = Combat::Declared;
    return false;
}

void CombatResolution::support_actions(const Game& game, std::vector<Action>& out) {
    const int side = support_side_at(game, game.state_.combat.support_step);
    if (side < 0) return;
    if (game.support_draws_left(side) > 0) out.push_back(act::CommitSupport{});
    // A bombardment is an attack by markers: it has at least one (8.1).
    if (!(game.combat_rules().bombardment && game.state_.combat.support_step == 0)) out.push_back(act::Decline{});
}

void CombatResolution::commit_support(Game& game, const Action& a) {
    Combat& c = game.state_.combat;
    const int side = support_side_at(game, c.support_step);
    ++c.support_step;
    if (a.kind() != ActionKind::CommitSupport) return;  // passes; may not come back to it (8.2.1 b)
    game.beside_.support.committed[static_cast<std::size_t>(side)].push_back(
        draw_support_marker(game, side));  // used until the next game turn (7.2)
    ++(side == game.attacking_side() ? c.support_attacker_markers : c.support_defender_markers);
    if (game.recording_.log)
        game.note("  " + game.scenario_->sides[static_cast<std::size_t>(side)].name +
                  " draws a support fire marker and places it face down");
}

bool CombatResolution::fortified(const Game& game, Hex h) {
    const std::string& key = game.combat_rules().fortification;
    return !key.empty() &&
           game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board_.terrain_at(h))].value(key) != 0;
}

// Both sides turn their markers over (8.2.1 b 5); an attacker's marker
// against a fortification counts half, rounded down (8.2.3).
void CombatResolution::reveal_support(Game& game) {
    Combat& c = game.state_.combat;
    const int attacker = game.attacking_side();
    const bool halved = !c.defenders.empty() && fortified(game, game.state_.unit(c.defenders.front()).hex);
    c.support_attack = c.support_defence = 0;
    for (int v : game.beside_.support.committed[static_cast<std::size_t>(attacker)])
        c.support_attack += halved ? v / 2 : v;
    for (int v : game.beside_.support.committed[static_cast<std::size_t>(opponent_of(attacker))])
        c.support_defence += v;
    c.support_revealed = true;
    if (!game.recording_.log || c.support_attacker_markers + c.support_defender_markers == 0) return;
    auto listed = [&](int side) {
        std::string out;
        for (int v : game.beside_.support.committed[static_cast<std::size_t>(side)])
            out += (out.empty() ? "+" : ", +") + std::to_string(v);
        return out.empty() ? std::string("none") : out;
    };
    game.note("  support fire revealed: " + game.scenario_->sides[static_cast<std::size_t>(attacker)].name + " " +
              listed(attacker) +
              (halved ? " (halved against the fortification: +" + std::to_string(c.support_attack) + ")" : "") + "; " +
              game.scenario_->sides[static_cast<std::size_t>(opponent_of(attacker))].name + " " +
              listed(opponent_of(attacker)));
}

// 8.1.3: some results do nothing in a bombardment; the friendly-fire result
// falls on the attacker's units next to the target, and on nobody when none
// is. Returns false when the result has no effect.
bool CombatResolution::filter_bombardment_result(Game& game) {
    Combat& c = game.state_.combat;
    const rules::CombatOptions& r = game.combat_rules();
    const auto& ignored = r.bombardment_no_effect;
    CombatExplanation* why = game.current_explanation();
    if (std::find(ignored.begin(), ignored.end(), c.result) != ignored.end()) {
        if (game.recording_.log) game.note("  " + c.result + " has no effect in a bombardment");
        if (why)
            why->modifiers.push_back({c.result + " has no effect in a bombardment",
                                      game.phase().id + ": bombardment_no_effect, " + game.phase().where.to_string()});
        return false;
    }
    if (r.friendly_fire.empty() || c.result != r.friendly_fire) return true;
    c.attackers.clear();
    const Hex target = c.defender_hexes.empty() ? Hex{} : c.defender_hexes.front();
    for (std::size_t i = 0; i < game.state_.units.size(); ++i) {
        const auto& u = game.state_.units[i];
        if (u.on_map && u.side == game.attacking_side() && geometry::distance(u.hex, target) == 1)
            c.attackers.push_back(static_cast<int>(i));
    }
    if (c.attackers.empty() && game.recording_.log)
        game.note("  " + c.result + ": no friendly unit next to the target, no effect");
    if (why)
        why->modifiers.push_back({c.result + (c.attackers.empty() ? ": no friendly unit next to the target, no effect"
                                                                  : ": friendly fire on a unit next to the target"),
                                  game.phase().id + ": friendly_fire, " + game.phase().where.to_string()});
    return !c.attackers.empty();
}

}  // namespace sandtable::kernel
