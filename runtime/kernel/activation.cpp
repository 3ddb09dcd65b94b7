// Which steps a game turn runs (`when: day | night`), and the activation
// loop (a step `activations:`): the sides roll off, the winner picks one of
// its formations not yet activated, and that formation alone runs the step's
// phases; then the next roll-off, until every formation on the map has had
// its turn (the regimental rules, 1.6). A side that has gone `max_in_a_row`
// times running does not roll: the other side goes, while it has a
// formation left to go.
#include "kernel/game.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using Kind = rules::SequenceStep::Kind;

int Game::step_first_side() const { return state_.first_of_step >= 0 ? state_.first_of_step : scenario_->first_side; }

bool Game::step_runs(int step) const {
    const std::string& when = game_turn()[static_cast<std::size_t>(step)].when;
    if (when.empty()) return true;
    return (when == "night") == ruleset_->day.is_night(state_.at.turn);
}

// From the current step on, the first one this game turn runs (turning to
// the next game turn when none is left); an activation loop starts afresh.
void Game::settle_on_step() {
    auto& at = state_.at;
    while (!step_runs(at.step)) {
        if (at.step + 1 < static_cast<int>(game_turn().size())) {
            ++at.step;
            continue;
        }
        next_step();  // none left this turn: the next turn settles on its own first step
        return;
    }
    const auto& step = game_turn()[static_cast<std::size_t>(at.step)];
    if (step.kind == Kind::PlayerTurns && step.first_by_roll_off) {
        state_.first_of_step = roll_off(step.activation);
        at.active_side = state_.first_of_step;
        if (recording_.log)
            note("  " + scenario_->sides[static_cast<std::size_t>(at.active_side)].name + " goes first");
        return;
    }
    if (!activation().running()) return;
    Activation& a = state_.activation;
    a = Activation{};
    a.done.assign(static_cast<std::size_t>(formations_.count()), 0);
}

// A phase begins, unless an activation loop must first find who goes.
void Game::enter_position() {
    if (!choosing_activation()) begin_phase();
}

bool Game::choosing_activation() const { return activation().running() && state_.activation.formation < 0; }

// The side to pick next: the only side with formations left, the other side
// after `max_in_a_row`, else the roll-off's winner. False when all have gone.
bool Game::activation_choice_step() {
    Activation& a = state_.activation;
    if (a.picking >= 0) {
        decide(DecisionKind::Activate, a.picking);
        return true;
    }
    std::vector<int> left(scenario_->sides.size(), 0);
    for (int f = 0; f < formations_.count(); ++f)
        if (!a.done[static_cast<std::size_t>(f)] && activation().formation_present(f))
            ++left[static_cast<std::size_t>(formations_.side(f))];
    const int sides_left = static_cast<int>(std::count_if(left.begin(), left.end(), [](int n) { return n > 0; }));
    if (sides_left == 0) return false;
    const auto& rules = game_turn()[static_cast<std::size_t>(state_.at.step)].activation;
    const auto& names = scenario_->sides;
    if (sides_left == 1) {
        a.picking =
            static_cast<int>(std::find_if(left.begin(), left.end(), [](int n) { return n > 0; }) - left.begin());
    } else if (rules.max_in_a_row > 0 && a.last_side >= 0 && a.in_a_row >= rules.max_in_a_row) {
        a.picking = opponent_of(a.last_side);
        if (recording_.log)
            note("  " + names[static_cast<std::size_t>(a.last_side)].name + " has gone " + std::to_string(a.in_a_row) +
                 " times running: " + names[static_cast<std::size_t>(a.picking)].name + " goes next");
    } else {
        a.picking = roll_off(rules);
    }
    decide(DecisionKind::Activate, a.picking);
    return true;
}

// Each side rolls its dice; the higher total picks. A tie rolls again, or
// (`ties: other_side`) goes to the side that did not go last.
int Game::roll_off(const rules::ActivationRules& rules) {
    const Activation& a = state_.activation;
    for (;;) {
        std::array<int, 2> total{0, 0};
        for (int side = 0; side < 2; ++side)
            for (int d = 0; d < rules.roll_dice; ++d)
                total[static_cast<std::size_t>(side)] +=
                    roll(rules.roll_faces, scenario_->sides[static_cast<std::size_t>(side)].name + "'s roll-off");
        if (recording_.log)
            note("  roll-off: " + scenario_->sides[0].name + " " + std::to_string(total[0]) + ", " +
                 scenario_->sides[1].name + " " + std::to_string(total[1]));
        if (total[0] != total[1]) return total[0] > total[1] ? 0 : 1;
        if (rules.ties == rules::ActivationRules::Ties::OtherSide) {
            const int side = a.last_side >= 0 ? opponent_of(a.last_side) : scenario_->first_side;
            if (recording_.log)
                note("  a tie: " + scenario_->sides[static_cast<std::size_t>(side)].name +
                     ", which did not go last, picks");
            return side;
        }
        if (recording_.log) note("  a tie: both roll again");
    }
}

void Game::activation_actions(std::vector<Action>& out) const {
    const Activation& a = state_.activation;
    if (a.picking < 0) return;
    for (int f = 0; f < formations_.count(); ++f)
        if (formations_.side(f) == a.picking && !a.done[static_cast<std::size_t>(f)] &&
            activation().formation_present(f))
            out.push_back(act::Activate{f});
}

void Game::activate(const Action& action) {
    Activation& a = state_.activation;
    const int side = a.picking;
    const int formation = action.get<act::Activate>().formation;
    a.formation = formation;
    a.picking = -1;
    a.in_a_row = a.last_side == side ? a.in_a_row + 1 : 1;
    a.last_side = side;
    state_.at.active_side = side;
    state_.at.phase = 0;
    if (recording_.log)
        note(scenario_->sides[static_cast<std::size_t>(side)].name + " activates " + formations_.name(formation));
    if (listening(Event::ActivationBegin)) {
        EventContext ctx(Event::ActivationBegin);
        ctx.set_text("formation", formations_.name(formation));
        ctx.set("side", side);
        raise(ctx);
    }
    if (!state_.result.over) begin_phase();
}

// The activated formation has run the step's phases: it is marked as moved.
// True while another formation is still to go.
bool Game::finish_activation() {
    Activation& a = state_.activation;
    if (a.formation >= 0) a.done[static_cast<std::size_t>(a.formation)] = 1;
    a.formation = -1;
    for (int f = 0; f < formations_.count(); ++f)
        if (!a.done[static_cast<std::size_t>(f)] && activation().formation_present(f)) return true;
    return false;
}

}  // namespace sandtable::kernel
