// The sequence-of-play engine: walks turns, steps, player turns and phases,
// hands each phase to its procedure, and applies actions transactionally.
#include "kernel/game.h"
#include "rules/procedures.h"

#include <algorithm>
#include <array>

namespace sandtable::kernel {

using geometry::Hex;

namespace {
constexpr std::array<const char*, static_cast<int>(Capability::Count)> kCapabilityNames{
    "exerts_zoc", "retreat_hexes", "advance_hexes", "disordered_by_retreat", "disorders_retreated_through",
    "blocks_enemy_entry", "stacks_freely", "enter_ezoc_needs_friend", "can_be_fired_at", "auto_reorganize",
    "flips_at_movement_start", "faces", "victory_points", "ezoc_entry_cost", "ignores_zoc_barriers", "reorganizes", "changes_formation",
    "volleys_when_moved", "indirect_fire"};
constexpr std::array<int, static_cast<int>(Capability::Count)> kCapabilityDefaults{1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, -1, -1, 0, 1, 1, -1, 0};
}  // namespace

const char* capability_name(Capability c) { return kCapabilityNames[static_cast<std::size_t>(c)]; }

bool parse_capability(const std::string& name, Capability& out) {
    for (std::size_t i = 0; i < kCapabilityNames.size(); ++i)
        if (name == kCapabilityNames[i]) {
            out = static_cast<Capability>(i);
            return true;
        }
    return false;
}

const char* decision_kind_name(DecisionKind kind) {
    static constexpr std::array<const char*, 18> names{"none", "movement", "move_destination", "fire", "combat_declare",
        "combat_build", "choose_loss", "retreat", "advance", "rally", "question", "game_over", "plot", "support", "activate", "orders",
        "write_orders", "artillery"};
    return names[static_cast<std::size_t>(kind)];
}

Game::Game(std::shared_ptr<const rules::Ruleset> ruleset, std::shared_ptr<const rules::Scenario> scenario,
           std::uint64_t seed, RuleHooks* hooks)
    : ruleset_(std::move(ruleset)), scenario_(std::move(scenario)), seed_(seed), hooks_(hooks), dice_(seed) {
    const auto& sc = *scenario_;
    for (const auto& p : sc.units) {
        UnitState u;
        u.type = p.type;
        u.side = p.side;
        u.hex = p.hex;
        u.back = p.back && ruleset_->unit_types[static_cast<std::size_t>(p.type)].back.has_value();
        u.on_map = p.arrives <= 1;  // a reinforcement waits off the map, not eliminated
        u.facing = p.facing;
        u.hits = p.hits;
        state_.units.push_back(u);
    }
    state_.sides.resize(sc.sides.size());
    for (const auto& o : sc.objectives) state_.objective_holders.push_back(o.holder);
    std::array<int, static_cast<int>(Capability::Count)> defaults = kCapabilityDefaults;
    beside_.capabilities.assign(ruleset_->unit_types.size(), {defaults, defaults});
    const rules::SequenceVariant* variant = sc.sequence.empty() ? nullptr : ruleset_->sequence.variant(sc.sequence);
    game_turn_ = variant ? &variant->game_turn : &ruleset_->sequence.game_turn;
    // Written orders only where the sequence has them: every action copies what is kept beside the state.
    const bool plotted = std::any_of(ruleset_->phases.begin(), ruleset_->phases.end(), [](const auto& p) {
        return p.procedure == "plot" || p.procedure == "plotted_combat" || p.procedure == "plotted_movement";
    });
    if (plotted) beside_.plots.assign(state_.units.size(), Plot{});
    for (const auto& p : sc.units) {
        int f = p.formation.empty() ? -1 : formation_index(p.formation);
        if (!p.formation.empty() && f < 0) {
            f = static_cast<int>(formations_.size());
            formations_.push_back({p.formation, p.side, {}});
        }
        if (f >= 0) formations_[static_cast<std::size_t>(f)].units.push_back(static_cast<int>(unit_formation_.size()));
        unit_formation_.push_back(f);
    }
    if (!ruleset_->orders.list.empty()) state_.orders.assign(formations_.size(), ruleset_->orders.initial);
    beside_.pending_orders.assign(formations_.size(), -1);
    beside_.support.available.assign(sc.sides.size(), {});
    beside_.support.draws_left.assign(sc.sides.size(), 0);
    beside_.support.committed.assign(sc.sides.size(), {});
    beside_.support.dice = Dice(seed ^ 0x5c99047f1e3a7b1dULL);
    resolve_attribute_roles();
    if (ruleset_->table.enabled) set_up_table();
    for (const auto& side : sc.sides) stacking_limits_.push_back(side.stacking > 0 ? side.stacking : stacking_limit_);
    state_.at.active_side = sc.first_side;
    for (const auto& p : ruleset_->phases) procedures_.push_back(procedure_of(p.procedure));
    // Worked out by the loader; a scenario built in code gets it here.
    if (scenario_->map.step_costs.empty()) own_step_costs_ = rules::step_costs(scenario_->map, *ruleset_);
    step_costs_ = scenario_->map.step_costs.empty() ? &own_step_costs_ : &scenario_->map.step_costs;
    find_zoc_barriers();
}

void Game::find_zoc_barriers() {
    const auto& map = scenario_->map;
    if (std::any_of(ruleset_->terrain.begin(), ruleset_->terrain.end(), [](const auto& t) { return t.stops_movement || t.only_as_first_step; })) {
        terrain_halts_.assign(grid().size(), 0);
        for (std::size_t i = 0; i < grid().size(); ++i) {
            const auto& t = ruleset_->terrain[static_cast<std::size_t>(map.terrain[i])];
            terrain_halts_[i] = t.only_as_first_step ? 2 : t.stops_movement ? 1 : 0;
        }
    }
    const bool any = std::any_of(ruleset_->terrain.begin(), ruleset_->terrain.end(), [](const auto& t) { return t.no_zoc_to_zoc; }) ||
                     std::any_of(ruleset_->hexside_features.begin(), ruleset_->hexside_features.end(), [](const auto& f) { return f.no_zoc_to_zoc; });
    if (!any) return;
    zoc_barriers_.assign(grid().size() * 6, 0);
    for (int i = 0; i < static_cast<int>(grid().size()); ++i)
        for (int d = 0; d < 6; ++d) {
            const int to = grid().neighbour_index(i, d);
            if (to < 0) continue;
            const int feature = map.sides[static_cast<std::size_t>(i)][static_cast<std::size_t>(d)];
            const bool across = feature >= 0 && ruleset_->hexside_features[static_cast<std::size_t>(feature)].no_zoc_to_zoc;
            const bool into = ruleset_->terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(to)])].no_zoc_to_zoc;
            zoc_barriers_[static_cast<std::size_t>(i) * 6 + static_cast<std::size_t>(d)] = across || into;
        }
}

void Game::resolve_attribute_roles() {
    const auto& rs = *ruleset_;
    roles_.strength = rs.attribute_index("combat");
    roles_.allowance = rs.attribute_index("movement");
    roles_.fire_range = rs.attribute_index("range");
    combat_rules_.assign(rs.phases.size(), {});
    movement_rules_.assign(rs.phases.size(), {});
    plot_rules_.assign(rs.phases.size(), {});
    bool strength_from_melee = false;  // losses count the strength of a phase fought at close quarters
    for (std::size_t i = 0; i < rs.phases.size(); ++i) {
        const auto& p = rs.phases[i];
        if (p.procedure == "odds_combat" || p.procedure == "plotted_combat") {
            CombatPhaseRules& r = combat_rules_[i];
            r.strength = rs.attribute_index(rules::option_text(p, "strength", "combat"));
            const std::string defence = rules::option_text(p, "defence", "");
            r.defence = defence.empty() ? r.strength : rs.attribute_index(defence);
            if (const auto leader = rules::option_text(p, "leader_adds", ""); !leader.empty()) r.leader = roles_.leader = rs.attribute_index(leader);
            r.inactive_attacks = rules::option_text(p, "attacker", "active") == "inactive";
            if (const auto reach = rules::option_text(p, "reach", ""); !reach.empty()) r.reach = rs.attribute_index(reach);
            r.hex_target = rules::option_text(p, "target", "unit") == "hex";
            r.terrain_defence = rules::option_text(p, "defence_from_terrain", "");
            r.target_mark = rules::option_text(p, "targets_marked", "");
            r.barred_mark = rules::option_text(p, "barred_mark", "");
            r.hex_defends = rules::option_flag(p, "hex_defends_as_one", false);
            r.short_retreat_reduces = rules::option_text(p, "short_retreat", "eliminate") == "reduce";
            r.stiff_resistance = rules::option_flag(p, "stiff_resistance", false);
            r.plotted_fire = rules::option_text(p, "task", "melee") == "fire";
            r.advance_along_retreat = rules::option_text(p, "advance", "vacated") == "path_of_retreat";
            r.advance_stated = rules::option_text(p, "advance", "") == "vacated";
            r.advance_up_to_stacking = rules::option_flag(p, "advance_up_to_stacking", false);
            r.zoc_bars_retreat = rules::option_flag(p, "zoc_bars_retreat", false);
            r.victor_advances = rules::option_flag(p, "victor_advances", false);
            r.attack_needs_entry = rules::option_flag(p, "attack_needs_entry", false);
            r.below_lowest_refused = rules::option_text(p, "below_lowest_column", "lowest") == "not_permitted";
            r.one_defending_hex = rules::option_flag(p, "one_defending_hex", false);
            r.support_markers = rules::option_int(p, "support_markers", 0);
            r.bombardment = rules::option_flag(p, "bombardment", false);
            r.bombardment_no_effect = rules::option_names(p, "bombardment_no_effect");
            r.friendly_fire = rules::option_text(p, "friendly_fire", "");
            r.fortification = rules::option_text(p, "fortification", "");
            r.repeat_mark = rules::option_text(p, "attacks_while_mark", "");
            r.pool = rs.dice_pool_table(p.table);
            if (!strength_from_melee) roles_.strength = r.strength;
            strength_from_melee = strength_from_melee || (r.reach < 0 && r.terrain_defence.empty());
        } else if (p.procedure == "plot") {
            plot_rules_[i] = {rs.attribute_index(rules::option_text(p, "melee", "combat")), rs.attribute_index(rules::option_text(p, "fire", "fire")),
                              rs.attribute_index(rules::option_text(p, "range", "range")), rules::option_names(p, "barred_mark")};
        } else if (p.procedure == "movement") {
            roles_.allowance = rs.attribute_index(rules::option_text(p, "allowance", "movement"));
            reinforcements_in_movement_ = reinforcements_in_movement_ || rules::option_text(p, "reinforcements", "") == "arrive";
            movement_rules_[i] = {rules::option_names(p, "barred_mark"), rules::option_text(p, "halved_by_mark", ""),
                                  rules::option_flag(p, "always_one_hex", false), rules::option_text(p, "bonus_from_mark", ""),
                                  rules::option_flag(p, "ignore_zoc", false), rules::option_text(p, "keep_away_mark", ""),
                                  rules::option_int(p, "keep_away", 0), rules::option_text(p, "confine_mark", ""),
                                  rules::option_text(p, "stacking_checked", "each_move") == "end_of_phase"};
            for (const auto& id : rules::option_names(p, "mark_halts_before")) movement_rules_[i].mark_halts_before.push_back(rs.terrain_index(id));
            for (const auto& id : rules::option_names(p, "mark_passes")) movement_rules_[i].mark_passes.push_back(rs.terrain_index(id));
            stacking_limit_ = rules::option_int(p, "stacking", 1);
        } else if (p.procedure == "recovery") {
            if (const auto leader = rules::option_text(p, "leader_adds", ""); !leader.empty()) roles_.rally_leader = rs.attribute_index(leader);
        } else if (p.procedure == "ranged_fire") {
            roles_.fire_range = rs.attribute_index(rules::option_text(p, "range", "range"));
            if (const auto* t = rs.threshold_table(p.table); t && !t->target_attribute.empty()) roles_.fire_factor = rs.attribute_index(t->target_attribute);
        }
    }
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

int Game::opponent_of(int side) const {
    return side == 0 ? 1 : 0;
}

const rules::PhaseSpec& Game::phase() const {
    const auto& step = game_turn()[static_cast<std::size_t>(state_.at.step)];
    return ruleset_->phases[static_cast<std::size_t>(step.phases[static_cast<std::size_t>(state_.at.phase)])];
}

Game::Procedure Game::procedure_of(const std::string& p) {
    if (p == "movement") return Procedure::Movement;
    if (p == "ranged_fire") return Procedure::RangedFire;
    if (p == "odds_combat") return Procedure::OddsCombat;
    if (p == "recovery") return Procedure::Recovery;
    if (p == "plot") return Procedure::Plot;
    if (p == "plotted_combat") return Procedure::PlottedCombat;
    if (p == "plotted_movement") return Procedure::PlottedMovement;
    if (p == "support_draw") return Procedure::SupportDraw;
    if (p == "orders") return Procedure::Orders;
    if (p == "written_orders") return Procedure::TableOrders;
    if (p == "table_movement") return Procedure::TableMovement;
    if (p == "table_fire") return Procedure::TableFire;
    if (p == "table_artillery") return Procedure::TableArtillery;
    if (p == "table_melee") return Procedure::TableMelee;
    if (p == "table_morale") return Procedure::TableMorale;
    return Procedure::Lua;
}

Game::Procedure Game::procedure() const {
    const auto& step = game_turn()[static_cast<std::size_t>(state_.at.step)];
    return procedures_[static_cast<std::size_t>(step.phases[static_cast<std::size_t>(state_.at.phase)])];
}

void Game::decide(DecisionKind kind, int side) {
    state_decision_ = kind;
    deciding_side_ = side;
}

void Game::decide_listed(DecisionKind kind, int side, std::vector<Action>&& listed) {
    decide(kind, side);
    listed_at_decision_ = std::move(listed);
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

bool Game::step_procedure() {
    switch (procedure()) {
        case Procedure::Movement: return movement_step();
        case Procedure::RangedFire: return fire_step();
        case Procedure::OddsCombat: return combat_step();
        case Procedure::Recovery: return recovery_step();
        case Procedure::Lua: return false;  // a Lua phase does its work in phase.begin
        case Procedure::Plot: return plot_step();
        case Procedure::PlottedCombat: return plotted_combat_step();
        case Procedure::PlottedMovement: return plotted_movement_step();
        case Procedure::SupportDraw: return support_draw_step();
        case Procedure::Orders: return orders_step();
        case Procedure::TableOrders: return table_orders_step();
        case Procedure::TableMovement: return table_movement_step();
        case Procedure::TableFire: return table_fire_step();
        case Procedure::TableArtillery: return table_artillery_step();
        case Procedure::TableMelee: return table_melee_step();
        case Procedure::TableMorale: return table_morale_step();
    }
    return false;
}

void Game::begin_turn() {
    if (logging_) note("Turn " + std::to_string(state_.at.turn) + " begins");
    if (!reinforcements_in_movement_) bring_on_reinforcements(-1);
}

bool Game::awaiting_arrival(int unit) const {
    const auto& u = state_.units[static_cast<std::size_t>(unit)];
    return !u.on_map && !u.eliminated && !u.exited;
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
        if (!awaiting_arrival(unit) || placements[i].arrives > state_.at.turn) continue;
        if (side >= 0 && state_.units[i].side != side) continue;
        const auto& u = state_.units[i];
        if (enemy_present(u.side, u.hex)) {
            if (logging_) note("  " + unit_id(unit) + " cannot enter at " + grid().label(u.hex) + ": the enemy holds it; it tries again next turn");
            continue;
        }
        move_unit(unit, u.hex);
        if (logging_) note("  " + unit_id(unit) + " arrives at " + grid().label(u.hex));
        EventContext ctx(Event::UnitArrived);
        ctx.set("unit", unit);
        ctx.set("due", placements[i].arrives);
        raise(ctx);
        if (state_.result.over) return;  // a handler's elimination may end the game
    }
}

void Game::begin_phase() {
    state_.at.stage = 0;
    for (auto& u : state_.units) u.moved = u.fired = u.attacked = u.was_attacked = u.must_attack = u.must_be_attacked = u.flipped = u.ready = false;
    state_.selected = -1;
    state_.fires.clear();
    state_.combat_open = false;
    const auto& p = phase();
    if (logging_) note(scenario_->sides[static_cast<std::size_t>(state_.at.active_side)].name + ": " + p.name + " phase");
    if (reinforcements_in_movement_ && p.procedure == "movement" && rules::option_text(p, "reinforcements", "") == "arrive")
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
        if (listed_valid_) legal_cache_.swap(listed_at_decision_);
        else add_legal(legal_cache_);
        // PRESTAGS 15.0: "At any time ... a Player may" withdraw and concede:
        // at every decision, by the side deciding it. Bots never take it.
        if (!legal_cache_.empty() && !ruleset_->concession_level.empty()) legal_cache_.push_back({ActionKind::Concede, -1, -1, {}, -1});
        listed_valid_ = false;
        legal_valid_ = true;
    }
    return legal_cache_;
}

void Game::add_legal(std::vector<Action>& out) const {
    if (state_.result.over) return;
    if (!beside_.questions.empty()) {
        for (int i = 0; i < static_cast<int>(beside_.questions.front().options.size()); ++i)
            out.push_back({ActionKind::Choose, -1, -1, {}, i});
        return;
    }
    if (choosing_activation()) return activation_actions(out);
    switch (procedure()) {
        case Procedure::Movement: return movement_actions(out);
        case Procedure::RangedFire: return fire_actions(out);
        case Procedure::OddsCombat: return combat_actions(out);
        case Procedure::Recovery: return recovery_actions(out);
        case Procedure::Lua: return;
        case Procedure::Plot: return plot_actions(out);
        case Procedure::PlottedCombat: return combat_actions(out);
        case Procedure::PlottedMovement:
        case Procedure::SupportDraw: return;
        case Procedure::Orders: return order_actions(out);
        case Procedure::TableOrders: return table_order_actions(out);
        case Procedure::TableFire: return table_fire_actions(out);
        case Procedure::TableArtillery: return table_artillery_actions(out);
        case Procedure::TableMovement:
        case Procedure::TableMelee:
        case Procedure::TableMorale: return;
    }
}

// The reason a refused action is given: the rule it breaks, where one is known.
std::string Game::why_refused(const Action& action) const {
    if (action.kind == ActionKind::EndPhase && procedure() == Procedure::Movement && over_stacked_hex() >= 0)
        return "not yet: " + grid().label(grid().hex_at(over_stacked_hex())) + " holds more units than the stacking limit of " +
               std::to_string(stacking_limit(state_.at.active_side)) + ", which applies when the movement phase ends: move one out";
    if (action.kind == ActionKind::Resolve && procedure() == Procedure::OddsCombat && state_.combat_open &&
        state_.combat.stage == Combat::Building && !state_.combat.attackers.empty() && !odds_permitted(state_.combat.attackers, state_.combat.defenders))
        return "not permitted: " + why_odds_refused();
    return "not a legal action now: " + describe(action);
}

bool Game::is_legal(const Action& action) const {
    // A written order may say any direction and distance (the studio's order
    // form), not only those the menu of legal actions offers, for any unit
    // its side has still to order, in any order.
    if (action.kind == ActionKind::WriteOrder && !state_.result.over && beside_.questions.empty() && procedure() == Procedure::TableOrders)
        return may_order_now(action.unit) && may_write(action.unit, action.order);
    // A gun's range is called in whole cm, any the gun can reach, not only the menu's tens.
    if (action.kind == ActionKind::Fire && action.index > 0 && !state_.result.over && beside_.questions.empty() && procedure() == Procedure::TableArtillery)
        return may_call(action.unit, action.target, action.index);
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
        throw;
    }
}

void Game::save_position(GameSnapshot& into) const {
    into.state = state_;
    into.beside = beside_;
    into.dice = dice_;
    into.decision = state_decision_;
    into.deciding_side = deciding_side_;
    into.log_size = log_.size();
    into.explanations = explanations_.size();
    into.dice_log = dice_log_.size();
}

void Game::return_to(const GameSnapshot& position) {
    state_ = position.state;
    beside_ = position.beside;
    dice_ = position.dice;
    state_decision_ = position.decision;
    deciding_side_ = position.deciding_side;
    if (log_.size() > position.log_size) log_.resize(position.log_size);
    if (explanations_.size() > position.explanations) explanations_.resize(position.explanations);
    if (dice_log_.size() > position.dice_log) dice_log_.resize(position.dice_log);
    invalidate();
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
    if (action.kind == ActionKind::Concede) return concede(deciding_side_);
    if (action.kind == ActionKind::Choose) {
        Question q = beside_.questions.front();
        beside_.questions.erase(beside_.questions.begin());
        if (logging_) note(scenario_->sides[static_cast<std::size_t>(q.side)].name + " answers \"" + q.prompt + "\": " + q.options[static_cast<std::size_t>(action.index)]);
        if (hooks_) hooks_->answer(*this, q.id, action.index);
        return;
    }
    if (choosing_activation()) return activate(action);
    switch (procedure()) {
        case Procedure::Movement: return movement_apply(action);
        case Procedure::RangedFire: return fire_apply(action);
        case Procedure::OddsCombat: return combat_apply(action);
        case Procedure::Recovery: return recovery_apply(action);
        case Procedure::Lua: return;
        case Procedure::Plot: return plot_apply(action);
        case Procedure::PlottedCombat: return combat_apply(action);
        case Procedure::PlottedMovement:
        case Procedure::SupportDraw: return;
        case Procedure::Orders: return order_apply(action);
        case Procedure::TableOrders: return table_order_apply(action);
        case Procedure::TableFire: return table_fire_apply(action);
        case Procedure::TableArtillery: return table_artillery_apply(action);
        case Procedure::TableMovement:
        case Procedure::TableMelee:
        case Procedure::TableMorale: return;
    }
}

// The state's checksum and what lives beside it: pending questions and
// the capabilities scripts may change.
std::uint64_t Game::checksum() const {
    std::uint64_t h = kernel::checksum(state_);
    auto mix = [&h](std::uint64_t v) {
        h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
    };
    mix(beside_.questions.size());
    for (const auto& q : beside_.questions) {
        mix(static_cast<std::uint64_t>(q.id)), mix(static_cast<std::uint64_t>(q.side));
        for (unsigned char c : q.prompt) mix(c);
        mix(q.options.size());
    }
    // Capabilities added after the first eleven count only where a script
    // changed them: replays recorded before they existed still verify.
    constexpr std::size_t kFirstCapabilities = static_cast<std::size_t>(Capability::Faces);
    for (const auto& type : beside_.capabilities)
        for (const auto& face : type)
            for (std::size_t c = 0; c < face.size(); ++c) {
                if (c >= kFirstCapabilities && face[c] == kCapabilityDefaults[c]) continue;
                if (c >= kFirstCapabilities) mix(0xcab0 + c);
                mix(static_cast<std::uint64_t>(static_cast<std::int64_t>(face[c])));
            }
    // Written orders stay out: the checksum is public, and hashing them would
    // let the side that plots second test guesses at the other's orders. They
    // follow from the recorded plot actions, and their effects are hashed.
    return h;
}

std::string Game::describe(const Action& a) const {
    auto name = [&](int u) { return u >= 0 && u < static_cast<int>(state_.units.size()) ? unit_id(u) : std::string("?"); };
    std::string out = action_kind_name(a.kind);
    if (a.unit >= 0) out += " " + name(a.unit);
    if (a.target >= 0 && a.kind != ActionKind::GiveOrder) out += " -> " + name(a.target);
    if (a.kind == ActionKind::Plot) out += std::string(" ") + plot_task_name(static_cast<PlotTask>(a.index));
    if (a.kind == ActionKind::CommitSupport) out += " (drawn at random, face down)";
    if (a.kind == ActionKind::Activate && a.index >= 0 && a.index < formation_count()) out += " " + formation_name(a.index);
    if (a.kind == ActionKind::GiveOrder && a.index >= 0 && a.index < static_cast<int>(ruleset_->orders.list.size()))
        out += (a.target >= 0 && a.target < formation_count() ? " " + formation_name(a.target) + ":" : std::string()) + " " +
               ruleset_->orders.list[static_cast<std::size_t>(a.index)].name;
    if (a.kind == ActionKind::MoveTo && a.index >= 0) out += " facing " + std::to_string(a.index);
    if (a.kind == ActionKind::MoveTo || a.kind == ActionKind::RetreatTo || a.kind == ActionKind::AdvanceTo || a.kind == ActionKind::RallyTo || a.kind == ActionKind::Plot || a.kind == ActionKind::Exit)
        out += " " + grid().label(a.hex);
    if (a.kind == ActionKind::WriteOrder && a.unit >= 0 && a.unit < static_cast<int>(state_.units.size())) out = unit_id(a.unit) + ": " + describe_order(a.unit, a.order);
    if (a.kind == ActionKind::Fire && on_table() && a.index >= 0) out += a.index == 0 ? " (canister)" : " at a called " + std::to_string(a.index) + " cm";
    if (a.kind == ActionKind::Choose && !beside_.questions.empty() && a.index >= 0 && a.index < static_cast<int>(beside_.questions.front().options.size()))
        out += " \"" + beside_.questions.front().options[static_cast<std::size_t>(a.index)] + "\"";
    return out;
}

int Game::roll(int faces, const std::string& why) {
    int r = dice_.roll(faces);
    ++state_.dice_rolled;
    if (explaining_) dice_log_.push_back({state_.at.turn, choosing_activation() ? std::string("Activations") : phase().name, faces, r, why});
    if (logging_) note("  roll d" + std::to_string(faces) + " = " + std::to_string(r) + " (" + why + ")");
    return r;
}

void Game::note(std::string text) {
    if (logging_) log_.push_back({state_.at.turn, std::move(text)});
}

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
int Game::phase_index() const {
    const auto& step = game_turn()[static_cast<std::size_t>(state_.at.step)];
    return step.phases[static_cast<std::size_t>(state_.at.phase)];
}

const Game::CombatPhaseRules& Game::combat_rules() const { return combat_rules_[static_cast<std::size_t>(phase_index())]; }

// In a combat phase, the strength that phase fights with (fire or melee);
// elsewhere the strength losses are counted in.
int Game::combat_strength(int unit) const {
    const auto phase = static_cast<std::size_t>(phase_index());
    const Procedure here = procedures_[phase];
    const int strength = here == Procedure::OddsCombat || here == Procedure::PlottedCombat ? combat_rules_[phase].strength : roles_.strength;
    return attribute(unit, strength);
}
// In a movement phase whose `bonus_from_mark` names a mark, the unit's mark
// adds to its allowance (a declared charge, set by a script).
int Game::movement_allowance(int unit) const {
    const int base = attribute(unit, roles_.allowance);
    const auto phase = static_cast<std::size_t>(phase_index());
    if (procedures_[phase] != Procedure::Movement || movement_rules_[phase].bonus.empty()) return base;
    return base + state_.mark(unit, movement_rules_[phase].bonus);
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

bool Game::enemy_present(int side, Hex h) const {
    for (const auto& u : state_.units)
        if (u.on_map && u.side != side && u.hex == h) return true;
    return false;
}

bool Game::friend_present(int side, Hex h, int except) const {
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (static_cast<int>(i) != except && u.on_map && u.side == side && u.hex == h) return true;
    }
    return false;
}

bool Game::adjacent_to_enemy(int unit) const {
    const auto& me = state_.units[static_cast<std::size_t>(unit)];
    if (!me.on_map) return false;
    for (const auto& u : state_.units)
        if (u.on_map && u.side != me.side && geometry::distance(u.hex, me.hex) == 1) return true;
    return false;
}

int Game::leader_value_at(int side, Hex h) const { return roles_.leader < 0 ? 0 : best_attribute_at(side, h, roles_.leader); }

int Game::best_attribute_at(int side, Hex h, int attribute_index) const {
    int best = 0;
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        if (u.on_map && u.side == side && u.hex == h) best = std::max(best, attribute(static_cast<int>(i), attribute_index));
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
    if (here < 0) return;  // a free table's units have no hex
    const auto h = static_cast<std::size_t>(here);
    if (capability(unit, Capability::BlocksEnemyEntry)) blockers_[side][h] = static_cast<std::uint8_t>(blockers_[side][h] + sign);
    if (!capability(unit, Capability::StacksFreely)) stackers_[side][h] = static_cast<std::uint8_t>(stackers_[side][h] + sign);
    if (!capability(unit, Capability::ExertsZoc)) return;
    const auto& map = scenario_->map;
    const auto mc = static_cast<std::size_t>(movement_class(unit));
    const bool faced = u.facing >= 0 && capability(unit, Capability::Faces);
    for (int d = 0; d < 6; ++d) {
        const int idx = grid().neighbour_index(here, d);
        if (idx < 0) continue;
        if (faced && (d - u.facing + 6) % 6 != 0 && (d - u.facing + 6) % 6 != 1 && (d - u.facing + 6) % 6 != 5) continue;  // 16.32: flanks stop nobody
        const int feature = map.side_feature(u.hex, d);
        const bool reach_prohibited = ruleset_->zoc_reaches_prohibited;
        if (feature >= 0) {
            const auto& f = ruleset_->hexside_features[static_cast<std::size_t>(feature)];
            if (f.blocks_zoc || (!f.extra_cost[mc] && !reach_prohibited)) continue;
        }
        const auto& terrain = ruleset_->terrain[static_cast<std::size_t>(map.terrain[static_cast<std::size_t>(idx)])];
        if (!terrain.cost[mc] && !reach_prohibited) continue;
        zoc_[side][static_cast<std::size_t>(idx)] = static_cast<std::uint16_t>(zoc_[side][static_cast<std::size_t>(idx)] + sign);
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

// ---- mutations -----------------------------------------------------------

// PRESTAGS 11.3: an objective is controlled by the side whose unit occupies
// it, or occupied it last; entering it takes it, unless the enemy is there too.
void Game::take_control(int side, Hex h) {
    const auto& objectives = scenario_->objectives;
    for (std::size_t i = 0; i < objectives.size(); ++i)
        if (objectives[i].hex == h && !enemy_present(side, h)) state_.objective_holders[i] = side;
}

void Game::move_unit(int unit, Hex to) { place(unit, to, facing_after_step(unit, state_.units[static_cast<std::size_t>(unit)].hex, to)); }

// A unit with a facing turns to face each hex it enters (16.0).
int Game::facing_after_step(int unit, Hex from, Hex to) const {
    const int now = facing(unit);
    if (!uses_facing(unit)) return now;
    const int d = geometry::direction_to(from, to);
    return d >= 0 ? d : now;
}

void Game::set_facing(int unit, int direction) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (u.facing == direction) return;
    count_on_board(unit, -1);
    u.facing = direction;
    count_on_board(unit, +1);
    board_changed();
}

void Game::place(int unit, Hex to, int facing) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    count_on_board(unit, -1);
    u.hex = to;
    u.facing = facing;
    u.on_map = true;
    count_on_board(unit, +1);
    board_changed();
    if (ruleset_->control_on_entry) take_control(u.side, to);
    // Only units that do not bar enemies (BMW's lone leaders) can be met here.
    if (!listening(Event::MoveSharedHex) || !enemy_present(u.side, to)) return;
    std::vector<int> others;
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (state_.units[i].on_map && state_.units[i].hex == to && state_.units[i].side != u.side) others.push_back(static_cast<int>(i));
    if (others.empty()) return;
    EventContext ctx(Event::MoveSharedHex);
    ctx.set("unit", unit);
    ctx.set_list("others", std::move(others));
    raise(ctx);
}

// Stops on each hex of the path only where another side's units stand (a
// lone leader passed on the way must be met, BMW 10.4); otherwise one jump.
void Game::move_along(int unit, const std::vector<Hex>& path, Hex to) {
    const int side = state_.units[static_cast<std::size_t>(unit)].side;
    for (std::size_t i = 0; i + 1 < path.size(); ++i)
        if (path[i] != state_.units[static_cast<std::size_t>(unit)].hex && enemy_present(side, path[i])) move_unit(unit, path[i]);
    // Objectives passed on the way are entered too (11.3).
    if (ruleset_->control_on_entry)
        for (std::size_t i = 1; i + 1 < path.size(); ++i) take_control(side, path[i]);
    const Hex before = path.size() >= 2 ? path[path.size() - 2] : state_.units[static_cast<std::size_t>(unit)].hex;
    place(unit, to, facing_after_step(unit, before, to));
}

// What eliminating the unit scores for the enemy.
int Game::victory_points_of(int unit) const {
    const int points = capability(unit, Capability::VictoryPoints);
    if (points >= 0) return points;
    const int strength = roles_.strength >= 0 ? unit_type(unit).front.values[static_cast<std::size_t>(roles_.strength)] : 0;
    return strength * scenario_->vp_per_enemy_strength;
}

void Game::eliminate(int unit) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.on_map) return;
    count_on_board(unit, -1);
    u.on_map = false;
    u.eliminated = true;
    board_changed();
    // Losses count the printed (front) strength, whatever face the unit showed.
    if (roles_.strength >= 0) state_.sides[static_cast<std::size_t>(u.side)].eliminated_strength += unit_type(unit).front.values[static_cast<std::size_t>(roles_.strength)];
    state_.sides[static_cast<std::size_t>(u.side)].lost_points += victory_points_of(unit);
    if (logging_) note("  " + unit_id(unit) + " is eliminated");
    EventContext ctx(Event::UnitEliminated);
    ctx.set("unit", unit);
    raise(ctx);
    check_morale(u.side);
}

void Game::set_back(int unit, bool back) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    bool allowed = !back || unit_type(unit).back.has_value();
    if (!allowed || u.back == back) return;
    count_on_board(unit, -1);  // the other face may exert no zone, or move differently
    u.back = back;
    count_on_board(unit, +1);
    board_changed();
}

void Game::set_hits(int unit, int hits) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (hits < 0) throw std::invalid_argument("a unit's hits are 0 or more, not " + std::to_string(hits));
    u.hits = hits;
    if (u.on_map && !ruleset_->dice_pool_tables.empty() && strength_points_left(unit) <= 0) eliminate(unit);
}

void Game::restore_unit(int unit, Hex at, int hits) {
    auto& u = state_.units[static_cast<std::size_t>(unit)];
    if (!u.eliminated || u.on_map) throw std::invalid_argument(unit_id(unit) + " is not eliminated: only an eliminated unit can be restored");
    if (!grid().contains(at)) throw std::invalid_argument("restore: not a hex on this map");
    u.eliminated = false;
    u.hits = 0;
    u.back = false;
    move_unit(unit, at);  // puts it on the board's tables
    u.hits = std::max(0, hits);
    if (logging_) note("  " + unit_id(unit) + " returns at " + grid().label(at));
}

void Game::disorder(int unit) {
    if (!state_.units[static_cast<std::size_t>(unit)].back && unit_type(unit).back) {
        set_back(unit, true);
        if (logging_) note("  " + unit_id(unit) + " is disordered");
    }
}

void Game::set_mark(int unit, const std::string& key, int value) {
    state_.set_mark(unit, key, value);
    drop_legal();
}

void Game::set_capability(int type, bool back, Capability c, int value) {
    beside_.capabilities[static_cast<std::size_t>(type)][back ? 1 : 0][static_cast<std::size_t>(c)] = value;
    invalidate();
}

int Game::ask(int side, std::string prompt, std::vector<std::string> options) {
    drop_legal();
    Question q{beside_.next_question++, side, std::move(prompt), std::move(options)};
    beside_.questions.push_back(q);
    return q.id;
}

bool Game::hides_information() const {
    // Written orders, and orders given face down. Face-down support markers are hidden from both players alike.
    return std::any_of(procedures_.begin(), procedures_.end(), [](Procedure p) { return p == Procedure::Plot || p == Procedure::Orders || p == Procedure::TableOrders; });
}

bool Game::raise(EventContext& context) {
    if (!listening(context.event())) return false;
    hooks_->dispatch(*this, context);
    return true;
}

void Game::ask(EventContext& query) const {
    query.ask_only();
    const_cast<Game*>(this)->raise(query);  // read only: see the declaration
}

}  // namespace sandtable::kernel
