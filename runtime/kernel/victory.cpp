// Morale levels (demoralization, disintegration) and victory at the end.
#include "kernel/game.h"

namespace sandtable::kernel {

// Demoralization sets in, and lifts, the instant losses cross the level;
// disintegration ends the game at once (BMW 11.3, 11.4).
void Game::check_morale(int side) {
    const auto& spec = scenario_->sides[static_cast<std::size_t>(side)];
    auto& s = state_.sides[static_cast<std::size_t>(side)];
    const bool demoralized = spec.demoralization > 0 && s.eliminated_strength >= spec.demoralization;
    if (demoralized != s.demoralized)
        note("  " + spec.name + (demoralized ? " are demoralized" : " recover from demoralization"));
    s.demoralized = demoralized;
    if (spec.disintegration > 0 && s.eliminated_strength >= spec.disintegration && !s.disintegrated) {
        s.disintegrated = true;
        if (recording_.log) note("  " + spec.name + " disintegrate");
        // An exchange: the other side's loss lands at the same time (11.4);
        // the combat ends the game once both losses are taken.
        const Combat& c = state_.combat;
        if (state_.combat_open && c.stage == Combat::Losses && (c.losses_attacker > 0 || c.losses_defender > 0)) return;
        end_game_by_disintegration();
    }
}

namespace {
std::vector<int> victory_points(const GameState& st, const rules::Scenario& sc) {
    std::vector<int> vp(sc.sides.size(), 0);
    for (std::size_t s = 0; s < sc.sides.size(); ++s)
        for (std::size_t o = 0; o < sc.sides.size(); ++o)
            if (o != s) vp[s] += st.sides[o].lost_points;
    for (std::size_t s = 0; s < sc.sides.size(); ++s) vp[s] += st.sides[s].exited_points;
    for (std::size_t i = 0; i < sc.objectives.size(); ++i)
        if (int holder = st.objective_holders[i]; holder >= 0)
            vp[static_cast<std::size_t>(holder)] += sc.objectives[i].points;
    return vp;
}
}  // namespace

void Game::end_game_by_disintegration() {
    auto& r = state_.result;
    if (r.over) return;
    // Both at once (an exchange): the active player wins (11.4).
    int winner = -1;
    int disintegrated = 0;
    for (std::size_t s = 0; s < state_.sides.size(); ++s) disintegrated += state_.sides[s].disintegrated;
    if (disintegrated > 1)
        winner = state_.at.active_side;
    else
        for (std::size_t s = 0; s < state_.sides.size(); ++s)
            if (!state_.sides[s].disintegrated) winner = static_cast<int>(s);
    r.over = true;
    r.winner = winner;
    r.victory_points = victory_points(state_, *scenario_);
    r.reason = "disintegration";
    for (const auto& level : ruleset_->victory_levels)
        if (level.on_disintegration) {
            r.level = level.id;
            break;
        }
    if (recording_.log) note(scenario_->sides[static_cast<std::size_t>(winner)].name + " win: " + r.level);
}

// 15.0: the side concedes; the other wins at least the ruleset's concession
// level, or the better level its victory points give.
void Game::concede(int side) {
    auto& r = state_.result;
    end_game_at_last_turn();
    const int winner = opponent_of(side);
    const auto& levels = ruleset_->victory_levels;
    auto rank = [&](const std::string& id) {
        for (std::size_t i = 0; i < levels.size(); ++i)
            if (levels[i].id == id) return static_cast<int>(i);
        return static_cast<int>(levels.size());
    };
    const bool won_anyway = r.winner == winner && rank(r.level) < rank(ruleset_->concession_level);
    r.winner = winner;
    if (!won_anyway) r.level = ruleset_->concession_level;
    r.reason = "concession";
    if (recording_.log)
        note(scenario_->sides[static_cast<std::size_t>(side)].name +
             " concede: " + scenario_->sides[static_cast<std::size_t>(winner)].name + " win: " + r.level);
}

void Game::end_game_at_last_turn() {
    auto& r = state_.result;
    r.over = true;
    r.reason = "last turn";
    r.victory_points = victory_points(state_, *scenario_);
    const auto& vp = r.victory_points;
    int best = 0;
    for (std::size_t s = 1; s < vp.size(); ++s)
        if (vp[s] > vp[static_cast<std::size_t>(best)]) best = static_cast<int>(s);
    int runner_up = -1;
    for (std::size_t s = 0; s < vp.size(); ++s)
        if (static_cast<int>(s) != best && (runner_up < 0 || vp[s] > vp[static_cast<std::size_t>(runner_up)]))
            runner_up = static_cast<int>(s);
    if (runner_up >= 0 && vp[static_cast<std::size_t>(best)] == vp[static_cast<std::size_t>(runner_up)]) {
        r.winner = -1;
        r.level = "draw";
        if (recording_.log) note("The game ends in a draw");
        return;
    }
    r.winner = best;
    const int w = vp[static_cast<std::size_t>(best)];
    const int l = runner_up >= 0 ? vp[static_cast<std::size_t>(runner_up)] : 0;
    // Rounded down as combat odds are: w:l is at least n:1 when w >= n*l; more than n:1 when w > n*l.
    for (const auto& level : ruleset_->victory_levels) {
        if (level.on_disintegration) continue;
        const bool reached = level.ratio_more_than > 0 ? w > level.ratio_more_than * l : w >= level.ratio_at_least * l;
        if (l == 0 || reached) {
            r.level = level.id;
            break;
        }
    }
    if (recording_.log)
        note(scenario_->sides[static_cast<std::size_t>(best)].name + " win: " + r.level + " (" + std::to_string(w) +
             " to " + std::to_string(l) + " VP)");
}

// An objective belongs to the last side to hold it alone (checked each turn
// end): on hexes, with a unit in its hex; on a tabletop, with a unit's base
// within its radius.
void Game::update_objectives() {
    const auto& objectives = scenario_->objectives;
    for (std::size_t i = 0; i < objectives.size(); ++i) {
        int holder = -1;
        bool contested = false;
        for (int unit = 0; unit < static_cast<int>(state_.units.size()); ++unit) {
            const auto& u = state_.unit(unit);
            if (!u.on_map || u.phantom) continue;  // a phantom marker holds nothing
            bool there = u.hex == objectives[i].hex;
            if (ruleset_->table.enabled) {
                there = false;
                for (const auto& stand : tabletop_.stands(unit))
                    there = there || geometry::tabletop::distance_to_polygon(stand.corners(), objectives[i].table_at) <=
                                         objectives[i].radius;
            }
            if (there) {
                if (holder >= 0 && holder != u.side) contested = true;
                holder = u.side;
            }
        }
        if (holder >= 0 && !contested) state_.objective_holders[i] = holder;
    }
}

}  // namespace sandtable::kernel
