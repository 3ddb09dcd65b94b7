// The sequence-of-play engine: walks turns, steps, player turns and phases,
// hands each phase to its procedure, and applies actions transactionally.
#include "kernel/game.h"
#include "kernel/procedures/movement.h"
#include "kernel/tabletop/artillery.h"
#include "kernel/state_hasher.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

const char* decision_kind_name(DecisionKind kind) {
    static constexpr std::array<const char*, 18> names{
        "none",        "movement", "move_destination", "fire",   "combat_declare", "combat_build",
        "choose_loss", "retreat",  "advance",          "rally",  "question",       "game_over",
        "plot",        "support",  "activate",         "orders", "write_orders",   "artillery"};
    return names[static_cast<std::size_t>(kind)];
}

void Game::start() {
    if (hooks_) hooks_->setup(*this);
    // Handlers are registered when modules load; look the names up once.
    for (int e = 0; e < static_cast<int>(Event::Count); ++e)
        listening_[static_cast<std::size_t>(e)] = hooks_ && hooks_->listens(event_name(static_cast<Event>(e)));
    begin_turn();
    settle_on_step();
    if (!state_.result.over) enter_position();
    run();
    if (hooks_) hooks_->commit();
}

const rules::PhaseSpec& Game::phase() const {
    const auto& step = game_turn()[static_cast<std::size_t>(state_.at.step)];
    return ruleset_->phases[static_cast<std::size_t>(step.phases[static_cast<std::size_t>(state_.at.phase)])];
}

const Game::ProcedureEntry& Game::procedure() const {
    const auto& step = game_turn()[static_cast<std::size_t>(state_.at.step)];
    return *procedures_[static_cast<std::size_t>(step.phases[static_cast<std::size_t>(state_.at.phase)])];
}

void Game::decide(DecisionKind kind, int side) {
    state_decision_ = kind;
    deciding_side_ = side;
}

std::vector<Action>& Game::listing_buffer() {
    listed_valid_ = false;
    listed_at_decision_.clear();
    return listed_at_decision_;
}

void Game::decide_listed(DecisionKind kind, int side) {
    decide(kind, side);
    listed_valid_ = beside_.questions.empty() && !choosing_activation();
}

// Runs automatic steps until someone has to decide or the game is over.
void Game::run() {
    while (!state_.result.over) {
        if (!beside_.questions.empty()) {
            decide(DecisionKind::Question, beside_.questions.front().side);
            return;
        }
        if (choosing_activation()) {
            if (activation_choice_step()) return;
            next_step();  // every formation has had its turn
            if (!state_.result.over) enter_position();
            continue;
        }
        if (step_procedure()) {
            if (!beside_.questions.empty()) continue;  // a script asked during the step
            return;
        }
        if (state_.result.over) break;  // ended mid-phase: no phase.end for a finished game
        end_phase();
        if (state_.result.over) break;
        advance_sequence();
        if (state_.result.over) break;
        enter_position();
    }
    decide(DecisionKind::GameOver, -1);
}

bool Game::step_procedure() { return procedure().run->step(*this); }

void Game::begin_turn() {
    if (recording_.log) note("Turn " + std::to_string(state_.at.turn) + " begins");
    if (!reinforcements_in_movement_) bring_on_reinforcements(-1);
}

// Reinforcements due this turn, or held up before, enter in scenario order
// before the turn's first phase, or, where a movement phase says
// `reinforcements: arrive`, as that phase begins for their side (`side`; -1:
// every side). An enemy standing in the entry hex holds a unit back a whole
// turn; so the order decides who gets a hex both sides enter.
void Game::bring_on_reinforcements(int side) {
    const auto& placements = scenario_->units;
    for (std::size_t i = 0; i < placements.size(); ++i) {
        const int unit = static_cast<int>(i);
        if (!this->unit(unit).awaiting_arrival() || placements[i].arrives > state_.at.turn) continue;
        if (side >= 0 && state_.units[i].side != side) continue;
        const auto& u = state_.units[i];
        if (hex_board_.enemy_present(u.side, u.hex)) {
            if (recording_.log)
                note("  " + this->unit(unit).id() + " cannot enter at " + grid().label(u.hex) +
                     ": the enemy holds it; it tries again next turn");
            continue;
        }
        move_unit(unit, u.hex);
        if (recording_.log) note("  " + this->unit(unit).id() + " arrives at " + grid().label(u.hex));
        EventContext ctx(Event::UnitArrived);
        ctx.set("unit", unit);
        ctx.set("due", placements[i].arrives);
        raise(ctx);
        if (state_.result.over) return;  // a handler's elimination may end the game
    }
}

void Game::begin_phase() {
    state_.at.stage = 0;
    for (auto& u : state_.units)
        u.moved = u.fired = u.attacked = u.was_attacked = u.must_attack = u.must_be_attacked = u.flipped = u.ready =
            false;
    state_.selected = -1;
    state_.fires.clear();
    state_.combat_open = false;
    const auto& p = phase();
    if (recording_.log)
        note(scenario_->sides[static_cast<std::size_t>(state_.at.active_side)].name + ": " + p.name + " phase");
    if (reinforcements_in_movement_ &&
        options<rules::MovementOptions>().reinforcements == rules::MovementOptions::Reinforcements::InThisPhase)
        bring_on_reinforcements(state_.at.active_side);
    if (!listening(Event::PhaseBegin)) return;
    EventContext ctx(Event::PhaseBegin);
    ctx.set_text("phase", p.id);
    ctx.set("side", state_.at.active_side);
    raise(ctx);
}

void Game::end_phase() {
    if (!listening(Event::PhaseEnd)) return;
    EventContext ctx(Event::PhaseEnd);
    ctx.set_text("phase", phase().id);
    ctx.set("side", state_.at.active_side);
    raise(ctx);
}

// Next phase, next player turn, next activation, next step, next game turn, or the end.
void Game::advance_sequence() {
    auto& at = state_.at;
    const auto& step = game_turn()[static_cast<std::size_t>(at.step)];
    const int sides = static_cast<int>(scenario_->sides.size());
    if (++at.phase < static_cast<int>(step.phases.size())) return;
    at.phase = 0;
    if (step.kind == rules::SequenceStep::Kind::PlayerTurns && ++at.player < sides) {
        at.active_side = (step_first_side() + at.player) % sides;
        return;
    }
    if (step.kind == rules::SequenceStep::Kind::Activations && finish_activation()) return;  // the next roll-off
    next_step();
}

// The next step this game turn runs, or the next game turn's first.
void Game::next_step() {
    auto& at = state_.at;
    at.phase = 0;
    at.player = 0;
    at.active_side = scenario_->first_side;
    state_.first_of_step = -1;
    if (++at.step >= static_cast<int>(game_turn().size())) {
        at.step = 0;
        EventContext ctx(Event::TurnEnd);
        ctx.set("turn", at.turn);
        raise(ctx);
        update_objectives();
        if (at.turn >= scenario_->turns) return end_game_at_last_turn();
        ++at.turn;
        begin_turn();
        if (state_.result.over) return;
    }
    settle_on_step();
}

const std::vector<Action>& Game::legal_actions() const {
    if (!legal_valid_) {
        legal_cache_.clear();
        if (listed_valid_)
            legal_cache_.swap(listed_at_decision_);
        else
            add_legal(legal_cache_);
        // PRESTAGS 15.0: "At any time ... a Player may" withdraw and concede:
        // at every decision, by the side deciding it. Bots never take it.
        if (!legal_cache_.empty() && !ruleset_->concession_level.empty()) legal_cache_.push_back(act::Concede{});
        listed_valid_ = false;
        legal_valid_ = true;
    }
    return legal_cache_;
}

void Game::add_legal(std::vector<Action>& out) const {
    if (state_.result.over) return;
    if (!beside_.questions.empty()) {
        for (int i = 0; i < static_cast<int>(beside_.questions.front().options().size()); ++i)
            out.push_back(act::Choose{i});
        return;
    }
    if (choosing_activation()) return activation_actions(out);
    procedure().run->list(*this, out);
}

// The reason a refused action is given: the rule it breaks, where one is known.
std::string Game::why_refused(const Action& action) const {
    if (action.kind() == ActionKind::EndPhase && procedure().id == Procedure::Movement &&
        MovementProcedure::over_stacked_hex(*this) >= 0)
        return "not yet: " + grid().label(grid().hex_at(MovementProcedure::over_stacked_hex(*this))) +
               " holds more units than the stacking limit of " +
               std::to_string(hex_board_.stacking_limit(state_.at.active_side)) +
               ", which applies when the movement phase ends: move one out";
    if (action.kind() == ActionKind::Resolve && procedure().id == Procedure::OddsCombat && state_.combat_open &&
        state_.combat.stage == Combat::Building && !state_.combat.attackers.empty() &&
        !odds_permitted(state_.combat.attackers, state_.combat.defenders))
        return "not permitted: " + why_odds_refused();
    return "not a legal action now: " + describe(action);
}

bool Game::is_legal(const Action& action) const {
    // A written order may say any direction and distance (the studio's order
    // form), not only those the menu of legal actions offers, for any unit
    // its side has still to order, in any order.
    const bool deciding = !state_.result.over && beside_.questions.empty();
    if (const auto* w = action.as<act::WriteOrder>(); w && deciding && procedure().id == Procedure::TableOrders)
        return written_orders().may_order_now(w->unit) && written_orders().may_write(w->unit, w->order);
    // A gun's range is called in whole cm, any the gun can reach, not only the menu's tens.
    if (const auto* f = action.as<act::Fire>();
        f && f->called_cm > 0 && deciding && procedure().id == Procedure::TableArtillery)
        return TabletopArtilleryProcedure::may_call(*this, f->unit, f->target, f->called_cm);
    legal_actions();
    return std::find(legal_cache_.begin(), legal_cache_.end(), action) != legal_cache_.end();
}

void Game::apply(Action action) {
    if (!is_legal(action)) throw IllegalAction(why_refused(action));
    // A script error must leave the game as it was. The kept buffers'
    // storage is reused action after action.
    save_position(rollback_);
    try {
        drop_legal();
        dispatch_action(action);
        run();
        legal_valid_ = false;  // what run() listed before the decision may be stale; a step's listing at it is not
        if (hooks_) hooks_->commit();
    } catch (...) {
        if (hooks_) hooks_->rollback();
        return_to(rollback_);
        invalidate();  // the tables may have been left halfway through a change
        throw;
    }
}

void Game::save_position(GameSnapshot& into) const {
    into.state = state_;
    into.beside = beside_;
    into.dice = dice_;
    into.decision = state_decision_;
    into.deciding_side = deciding_side_;
    into.log_size = records_.log.size();
    into.explanations = records_.combats.size();
    into.dice_log = records_.dice.size();
}

// A look-ahead returns to its position hundreds of times a decision: the board's tables follow the units that
// moved, rose or fell since (count() each way) instead of a rebuild, unless a script changed a capability or
// the roster differs.
void Game::return_to(const GameSnapshot& position) {
    const bool unit_by_unit = beside_.capabilities.shares_table_with(position.beside.capabilities) &&
                              state_.units.size() == position.state.units.size();
    restored_units_.clear();
    for (std::size_t i = 0; unit_by_unit && i < state_.units.size(); ++i)
        if (!HexBoard::counted_alike(state_.units[i], position.state.units[i])) {
            hex_board_.count(static_cast<int>(i), -1);
            restored_units_.push_back(static_cast<int>(i));
        }
    state_ = position.state;
    beside_ = position.beside;
    dice_ = position.dice;
    state_decision_ = position.decision;
    deciding_side_ = position.deciding_side;
    if (records_.log.size() > position.log_size) records_.log.resize(position.log_size);
    if (records_.combats.size() > position.explanations) records_.combats.resize(position.explanations);
    if (records_.dice.size() > position.dice_log) records_.dice.resize(position.dice_log);
    if (!unit_by_unit) return invalidate();
    for (int unit : restored_units_) hex_board_.count(unit, +1);
    board_changed();
}

void Game::snapshot(GameSnapshot& into) const {
    save_position(into);
    into.hooks = hooks_ ? hooks_->snapshot() : nullptr;
}

GameSnapshot Game::snapshot() const {
    GameSnapshot s;
    snapshot(s);
    return s;
}

void Game::restore(const GameSnapshot& from) {
    return_to(from);
    if (hooks_) hooks_->restore(from.hooks.get());
}

void Game::dispatch_action(const Action& action) {
    if (action.kind() == ActionKind::Concede) return concede(deciding_side_);
    if (const auto* answer = action.as<act::Choose>()) {
        Question q = beside_.questions.front();
        beside_.questions.erase(beside_.questions.begin());
        if (recording_.log)
            note(scenario_->sides[static_cast<std::size_t>(q.side)].name + " answers \"" + q.prompt() +
                 "\": " + q.options()[static_cast<std::size_t>(answer->option)]);
        if (hooks_) hooks_->answer(*this, q.id, answer->option);
        return;
    }
    if (choosing_activation()) return activate(action);
    procedure().run->apply(*this, action);
}

// The state's checksum and what lives beside it: pending questions and
// the capabilities scripts may change.
std::uint64_t Game::checksum() const {
    Hasher h;
    h.h = kernel::checksum(state_);
    h.i(static_cast<long long>(beside_.questions.size()));
    for (const auto& q : beside_.questions) {
        h.i(q.id), h.i(q.side), h.s(q.prompt());
        h.i(static_cast<long long>(q.options().size()));
        for (const auto& option : q.options()) h.s(option);
    }
    h.i(static_cast<long long>(beside_.capabilities.table().size()));
    for (const auto& type : beside_.capabilities.table())
        for (const auto& face : type)
            for (int value : face) h.i(value);
    // Written orders stay out: the checksum is public, and hashing them would
    // let the side that plots second test guesses at the other's orders. They
    // follow from the recorded plot actions, and their effects are hashed.
    return h.h;
}

std::string Game::describe(const Action& a) const {
    auto name = [&](int u) {
        return u >= 0 && u < static_cast<int>(state_.units.size()) ? unit(u).id() : std::string("?");
    };
    if (const auto* w = a.as<act::WriteOrder>(); w && w->unit >= 0 && w->unit < static_cast<int>(state_.units.size()))
        return unit(w->unit).id() + ": " + written_orders().describe(w->unit, w->order);
    std::string out = action_kind_name(a.kind());
    if (a.unit() >= 0) out += " " + name(a.unit());
    if (a.target() >= 0) out += " -> " + name(a.target());
    if (const auto* p = a.as<act::Plot>()) out += std::string(" ") + plot_task_name(p->task);
    if (a.kind() == ActionKind::CommitSupport) out += " (drawn at random, face down)";
    if (const auto* f = a.as<act::Activate>(); f && f->formation >= 0 && f->formation < formations_.count())
        out += " " + formations_.name(f->formation);
    if (const auto* g = a.as<act::GiveOrder>();
        g && g->order >= 0 && g->order < static_cast<int>(ruleset_->orders.list.size()))
        out += (g->formation >= 0 && g->formation < formations_.count() ? " " + formations_.name(g->formation) + ":"
                                                                        : std::string()) +
               " " + ruleset_->orders.list[static_cast<std::size_t>(g->order)].name;
    if (const auto* m = a.as<act::MoveTo>(); m && m->facing >= 0) out += " facing " + std::to_string(m->facing);
    if (const auto hex = a.hex()) out += " " + grid().label(*hex);
    if (const auto* f = a.as<act::Fire>(); f && ruleset_->table.enabled && f->called_cm >= 0)
        out += f->called_cm == 0 ? " (canister)" : " at a called " + std::to_string(f->called_cm) + " cm";
    if (const auto* c = a.as<act::Choose>(); c && !beside_.questions.empty() && c->option >= 0 &&
                                             c->option < static_cast<int>(beside_.questions.front().options().size()))
        out += " \"" + beside_.questions.front().options()[static_cast<std::size_t>(c->option)] + "\"";
    return out;
}

int Game::roll(int faces, const std::string& why) {
    int r = dice_.roll(faces);
    ++state_.dice_rolled;
    if (recording_.explain)
        records_.dice.push_back(
            {state_.at.turn, choosing_activation() ? std::string("Activations") : phase().name, faces, r, why});
    if (recording_.log) note("  roll d" + std::to_string(faces) + " = " + std::to_string(r) + " (" + why + ")");
    return r;
}

void Game::note(std::string text) {
    if (recording_.log) records_.log.push_back({state_.at.turn, std::move(text)});
}

bool Game::hides_information() const {
    // Written orders, and orders given face down. Face-down support markers are hidden from both players alike.
    return std::any_of(procedures_.begin(), procedures_.end(),
                       [](const ProcedureEntry* p) { return p->run->hides_orders(); });
}

bool Game::raise(EventContext& context) {
    if (!listening(context.event())) return false;
    hooks_->dispatch(*this, context);
    return true;
}

}  // namespace sandtable::kernel
