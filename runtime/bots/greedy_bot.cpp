#include "bots/greedy_bot.h"
#include "bots/evaluator.h"
#include "bots/table_tactics.h"
#include "bots/trial.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace sandtable::bots {

using geometry::Hex;
using kernel::Action;
using kernel::ActionKind;
using kernel::DecisionKind;
using kernel::Game;

namespace {
const Action* find_kind(const std::vector<Action>& legal, ActionKind kind) {
    for (const auto& a : legal)
        if (a.kind() == kind) return &a;
    return nullptr;
}

// What `count` markers drawn from the side's pool add on average (the pool is
// printed on the scenario; the draw is blind), rounded down.
int expected_support(const Game& game, int side, int count) {
    const auto& pools = game.scenario().support_fire.pools;
    if (side < 0 || static_cast<std::size_t>(side) >= pools.size() || pools[static_cast<std::size_t>(side)].empty())
        return 0;
    const auto& pool = pools[static_cast<std::size_t>(side)];
    int sum = 0;
    for (int v : pool) sum += v;
    return std::min(count, game.combat().support_draws_left(side)) * sum / static_cast<int>(pool.size());
}

// Columns at or above this index (1-1 in a BMW-like table) are worth taking.
// A result a rule fixes for the combat (the scripts' estimate): worth attacking when it hurts only the defender.
int fixed_result_margin(const Game& game, const std::string& code) {
    const auto* result = game.ruleset().combat_result(code);
    if (!result) return std::numeric_limits<int>::min() / 2;
    using E = rules::CombatResult::Effect;
    const bool attacker_hurt = result->attacker != E::None, defender_hurt = result->defender != E::None;
    return defender_hurt && !attacker_hurt ? 3 : attacker_hurt && !defender_hurt ? -3 : 0;
}

int even_odds_column(const Game& game) {
    for (const auto& t : game.ruleset().odds_tables)
        for (std::size_t c = 0; c < t.columns.size(); ++c)
            if (t.columns[c].attack >= t.columns[c].defend) return static_cast<int>(c);
    return 0;
}
}  // namespace

Action GreedyBot::choose(const Game& game, const std::vector<Action>& legal) {
    // A concession (listed last, at every decision where the ruleset has one) is never a greedy choice.
    if (legal.size() > 1 && legal.back().kind() == ActionKind::Concede)
        return choose_playing_on(game, std::vector<Action>(legal.begin(), legal.end() - 1));
    return choose_playing_on(game, legal);
}

// One step ahead: each answer applied (the kernel runs on to the next
// decision, rolling what the answer leads to) in a few trials, and scored.
Action GreedyBot::decide(Game& game, const std::vector<Action>& legal) {
    if (game.decision() != DecisionKind::Question || legal.size() < 2) return choose(game, legal);
    try {
        return answer_by_trying(game, legal);
    } catch (const std::exception&) {
        return choose(game, legal);  // a rule script failed while scoring (the trial put the game back)
    }
}

Action GreedyBot::answer_by_trying(Game& game, const std::vector<Action>& legal) {
    constexpr int kTries = 4;
    const std::vector<Action> answers = legal;  // a trial replaces the game's list
    const int side = game.deciding_side();
    const PositionEvaluator evaluator(game);
    Trial trial(game, side, [this](const Game& g, const std::vector<Action>& options, kernel::Dice&) {
        return choose_hidden_order(g, options);
    });
    const std::uint64_t dice = draw_.next();  // try k of every answer on the same dice
    const Action* best = &answers.front();
    double best_value = -1;
    for (const auto& answer : answers) {
        if (answer.kind() == ActionKind::Concede) continue;
        double sum = 0;
        int tries = 0;
        for (bool luck = true; luck && tries < kTries; ++tries) {
            Game& g = trial.begin(dice + static_cast<std::uint64_t>(tries));
            try {
                g.apply(answer);
            } catch (const std::exception&) {
                luck = true;  // the failed action's rollback put the dice back: what it drew cannot be told
                continue;     // refused in this drawing of what the side cannot see: scored as a loss
            }
            luck = trial.luck_used();
            sum += evaluator.value(g, side);
        }
        if (sum / tries > best_value) {
            best_value = sum / tries;
            best = &answer;
        }
    }
    return *best;
}

Action GreedyBot::choose_playing_on(const Game& game, const std::vector<Action>& legal) {
    switch (game.decision()) {
        case DecisionKind::Movement: {
            // Move every unit, in order; end the phase when none is left.
            const Action* select = find_kind(legal, ActionKind::SelectUnit);
            return select ? *select : legal.back();
        }
        case DecisionKind::MoveDestination:
            return choose_destination(game, legal);
        case DecisionKind::Fire:
            return game.ruleset().table.enabled ? choose_table_target(game, legal)
                                                : legal.front();  // fire at every target offered first
        case DecisionKind::WriteOrders:
            return choose_table_order(game, legal);
        case DecisionKind::Artillery:
            return choose_gun_shot(game, legal);
        case DecisionKind::CombatDeclare:
            return choose_declaration(game, legal);
        case DecisionKind::CombatBuild: {
            // Every attacker it can bring; a defender only when the rules
            // demand one (7.3: resolving is not offered until it joins).
            for (ActionKind kind : {ActionKind::AddAttacker, ActionKind::Resolve, ActionKind::AddDefender})
                if (const Action* a = find_kind(legal, kind)) return *a;
            return legal.front();
        }
        case DecisionKind::ChooseLoss: {
            // Lose the weakest.
            return *std::min_element(legal.begin(), legal.end(), [&](const Action& a, const Action& b) {
                return game.unit(a.unit()).combat_strength() < game.unit(b.unit()).combat_strength();
            });
        }
        case DecisionKind::Retreat:
            return choose_retreat(game, legal);
        case DecisionKind::Support:
            return choose_support(game, legal);
        case DecisionKind::Plot:
            return choose_plot(game, legal);
        case DecisionKind::Orders:
            return choose_order(game, legal);
        case DecisionKind::Advance:
        case DecisionKind::Rally:
        case DecisionKind::Question:
        default:
            return legal.front();
    }
}

// What the scoring of candidate hexes needs, gathered once per decision
// rather than once per hex: the enemies (where, how strong) and the
// objectives not yet held.
struct GreedyBot::Picture {
    struct Enemy {
        Hex hex;
        int strength;
    };
    std::vector<Enemy> enemies;
    std::vector<Hex> objectives;
};

GreedyBot::Picture GreedyBot::picture(const Game& game, int side) const {
    Picture p;
    const auto& st = game.state();
    for (std::size_t i = 0; i < st.units.size(); ++i)
        if (st.units[i].on_map && st.units[i].side != side)
            p.enemies.push_back({st.units[i].hex, game.unit(static_cast<int>(i)).combat_strength()});
    const auto& objectives = game.scenario().objectives;
    for (std::size_t i = 0; i < objectives.size(); ++i)
        if (st.objective_holders[i] != side) p.objectives.push_back(objectives[i].hex);
    return p;
}

// Prefer hexes near the enemy's weak units and objectives; avoid ending next
// to enemies much stronger than us.
double GreedyBot::hex_score(const Picture& p, int strength, Hex h) const {
    const int mine = std::max(1, strength);
    double nearest = 1e9, danger = 0, opportunity = 0;
    for (const auto& e : p.enemies) {
        const int d = geometry::distance(e.hex, h);
        nearest = std::min<double>(nearest, d);
        if (d == 1) {
            if (e.strength > 2 * mine)
                danger += e.strength;
            else
                opportunity += 1;
        }
    }
    double objective = 1e9;
    for (Hex o : p.objectives) objective = std::min<double>(objective, geometry::distance(o, h));
    if (strength == 0) return -danger * 10 - std::min(objective, 30.0) * 0.1;  // leaders keep safe
    return -nearest - 0.5 * std::min(objective, 30.0) + 2 * opportunity - danger;
}

Action GreedyBot::choose_destination(const Game& game, const std::vector<Action>& legal) const {
    const int unit = legal.front().unit();
    const Picture p = picture(game, game.state().unit(unit).side);
    const int strength = game.unit(unit).combat_strength();
    const Action* best = &legal.front();
    double best_score = -std::numeric_limits<double>::infinity();
    for (const auto& a : legal) {
        const double s = hex_score(p, strength, *a.hex());
        if (s > best_score) {
            best_score = s;
            best = &a;
        }
    }
    return *best;
}

// Orders for every unit in turn: melee an adjacent enemy, else fire at one
// in range, else move as the movement phase would, else hold.
Action GreedyBot::choose_plot(const Game& game, const std::vector<Action>& legal) const {
    if (legal.front().kind() != ActionKind::Plot) {
        // Each unit once (orders may be rewritten; this bot does not), then done.
        for (const auto& a : legal)
            if (a.kind() == ActionKind::SelectUnit && !game.state().unit(a.unit()).moved) return a;
        return legal.back();
    }
    auto task_of = [](const Action& a) -> std::optional<kernel::PlotTask> {
        const auto* plot = a.as<kernel::act::Plot>();
        return plot ? std::optional(plot->task) : std::nullopt;
    };
    for (kernel::PlotTask wanted : {kernel::PlotTask::Fire, kernel::PlotTask::Melee})
        for (const auto& a : legal)
            if (task_of(a) == wanted) return a;
    // A fire unit with nothing in range waits for the enemy to come on (DF)
    // when one is within three hexes.
    for (const auto& a : legal)
        if (task_of(a) == kernel::PlotTask::DefensiveFire) {
            const auto& st = game.state();
            const auto& me = st.unit(a.unit());
            for (const auto& e : st.units)
                if (e.on_map && e.side != me.side && geometry::distance(e.hex, me.hex) <= 3) return a;
        }
    std::vector<Action> moves;
    for (const auto& a : legal)
        if (task_of(a) == kernel::PlotTask::Move) moves.push_back(a);
    if (moves.empty()) return legal.front();  // hold
    return choose_destination(game, moves);
}

// On an odds table: the best odds, if at least even. On a differential
// table: the best margin over the column of a differential of 0 (or +2 for
// a bombardment, which risks nothing but markers), counting the best
// support markers the bot holds.
Action GreedyBot::choose_declaration(const Game& game, const std::vector<Action>& legal) const {
    const auto& st = game.state();
    const auto* differential = game.combat().differential_table();
    const int side = game.combat().attacking_side();
    const int support = expected_support(game, side, game.combat().support_markers_per_combat());
    const Action* best = nullptr;
    int best_margin = std::numeric_limits<int>::min();
    std::vector<int> able;  // who may attack does not depend on the target: asked once
    for (std::size_t i = 0; i < st.units.size(); ++i)
        if (game.combat().can_attack(static_cast<int>(i))) able.push_back(static_cast<int>(i));
    const bool bombardment = game.combat().bombardment();
    for (const auto& a : legal) {
        if (a.kind() != ActionKind::Declare) continue;
        std::vector<int> attackers;
        const Hex target = st.unit(a.target()).hex;
        for (int i : able)
            if (!bombardment && geometry::distance(st.unit(i).hex, target) == 1) attackers.push_back(i);
        if (const auto* pool = game.combat().dice_pool()) {
            // Dice pools: the hits it expects to score less those it expects to take, in hundredths.
            attackers.clear();
            for (int i : able)
                if (game.combat().reaches(i, a.target()) && attackers.size() < 2) attackers.push_back(i);
            if (attackers.empty()) continue;
            const kernel::OddsEstimate e = game.combat().odds_for(attackers, {a.target()});
            const std::string mine = game.combat().status_of(attackers.front()),
                              theirs = game.combat().status_of(a.target());
            const double gain = pool->expected_hits(e.attack, pool->rule_for("attack", mine, theirs)) -
                                pool->expected_hits(e.defend, pool->rule_for("defend", theirs, mine));
            const int margin = static_cast<int>(gain * 100);
            if (margin > best_margin) {
                best_margin = margin;
                best = &a;
            }
            continue;
        }
        const kernel::OddsEstimate e = game.combat().odds_for(attackers, {a.target()});
        int margin = e.column - even_odds_column(game);
        if (differential && e.line >= 0) {
            const auto& line = differential->lines[static_cast<std::size_t>(e.line)];
            margin =
                differential->shifted(differential->column_for(e.attack + support - e.defend, line), e.shift, line) -
                differential->column_for(game.combat().bombardment() ? 2 : 0, line);
        }
        if (!e.forced_result.empty()) margin = fixed_result_margin(game, e.forced_result);
        if (margin > best_margin) {
            best_margin = margin;
            best = &a;
        }
    }
    const Action* end = find_kind(legal, ActionKind::EndPhase);
    if (best && (best_margin >= 0 || !end)) return *best;
    return end ? *end : legal.front();
}

// The secret orders another side might have written, as greedy would have written them.
std::size_t GreedyBot::choose_hidden_order(const Game& game, const std::vector<Action>& options) const {
    if (options.empty()) return 0;
    Action chosen = options.front();
    switch (options.front().kind()) {
        case ActionKind::Plot:
            chosen = choose_plot(game, options);
            break;
        case ActionKind::GiveOrder:
            chosen = choose_order(game, options);
            break;
        case ActionKind::WriteOrder:
            chosen = choose_table_order(game, options);
            break;
        default:
            break;
    }
    return static_cast<std::size_t>(std::find(options.begin(), options.end(), chosen) - options.begin());
}

// By the orders' postures (the ruleset's `posture:`): advance while the enemy
// is not within two hexes of the formation; then hold, and dig in where it
// already holds or is dug in. Orders without a posture: the first it may give.
Action GreedyBot::choose_order(const Game& game, const std::vector<Action>& legal) const {
    const auto* first = legal.front().as<kernel::act::GiveOrder>();
    const int f = first ? first->formation : game.formation_orders().next_formation();
    const auto& st = game.state();
    bool enemy_near = false;
    for (int u : game.formations().units(f))
        for (const auto& e : st.units)
            if (st.unit(u).on_map && e.on_map && e.side != game.formations().side(f) &&
                geometry::distance(e.hex, st.unit(u).hex) <= 2)
                enemy_near = true;
    const auto& orders = game.ruleset().orders;
    const int now = game.formation_orders().of(f);
    using P = rules::OrderSpec::Posture;
    const P current = now >= 0 ? orders.list[static_cast<std::size_t>(now)].posture : P::None;
    std::vector<P> wanted;
    if (!enemy_near)
        wanted = {P::Advance, P::Hold};
    else if (current == P::Hold || current == P::DigIn)
        wanted = {P::DigIn, P::Hold};
    else
        wanted = {P::Hold, P::Advance};
    for (const P posture : wanted)
        for (const auto& a : legal)
            if (const auto* given = a.as<kernel::act::GiveOrder>();
                given && orders.list[static_cast<std::size_t>(given->order)].posture == posture)
                return a;
    return legal.front();
}

// A marker at every step it may place one.
Action GreedyBot::choose_support(const Game&, const std::vector<Action>& legal) const {
    for (const auto& a : legal)
        if (a.kind() == ActionKind::CommitSupport) return a;
    return legal.front();
}

// Stiff resistance (F&M 8.4) only when there is nowhere to go.
Action GreedyBot::choose_retreat(const Game& game, const std::vector<Action>& legal) const {
    std::vector<Action> retreats;
    for (const auto& a : legal)
        if (a.kind() == ActionKind::RetreatTo) retreats.push_back(a);
    if (retreats.empty()) return legal.front();
    return choose_retreat_hex(game, retreats);
}

Action GreedyBot::choose_retreat_hex(const Game& game, const std::vector<Action>& legal) const {
    const int unit = legal.front().unit();
    const Picture p = picture(game, game.state().unit(unit).side);
    const int strength = game.unit(unit).combat_strength();
    const Action* best = &legal.front();  // the first of the lowest scored, each hex scored once
    double lowest = std::numeric_limits<double>::infinity();
    for (const auto& a : legal)
        if (const double score = hex_score(p, strength, *a.hex()); score < lowest) {
            lowest = score;
            best = &a;
        }
    return *best;
}

}  // namespace sandtable::bots
