// One game in progress: walks the ruleset's sequence of play, stops at each
// decision point with the list of legal actions, applies actions, rolls all
// dice, raises events for rule scripts, and keeps a log.
#pragma once

#include "geometry/hex_path.h"
#include "geometry/tabletop/formation.h"
#include "kernel/action.h"
#include "kernel/beside_state.h"
#include "kernel/combat_explanation.h"
#include "kernel/activation_view.h"
#include "kernel/combat_queries.h"
#include "kernel/plots_view.h"
#include "kernel/recording.h"
#include "kernel/unit_view.h"
#include "kernel/dice.h"
#include "kernel/events.h"
#include "kernel/formation_roster.h"
#include "kernel/game_state.h"
#include "kernel/hex_board.h"
#include "kernel/phase_procedure.h"
#include "kernel/plot.h"
#include "kernel/procedures/formation_orders.h"
#include "kernel/tabletop/board.h"
#include "kernel/tabletop/written_orders.h"
#include "rules/phase_options.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::kernel {

enum class DecisionKind {
    None,
    Movement,
    MoveDestination,
    Fire,
    CombatDeclare,
    CombatBuild,
    ChooseLoss,
    Retreat,
    Advance,
    Rally,
    Question,
    GameOver,
    Plot,
    Support,      // commit a support fire marker face down, or pass
    Activate,     // the roll-off's winner picks a formation to activate
    Orders,       // give a formation its hidden order for the game turn
    WriteOrders,  // tabletop: write a unit's order for the turn, hidden until both sides have
    Artillery,    // tabletop: a gun fires at a target at a called range, or holds
};
const char* decision_kind_name(DecisionKind kind);

class IllegalAction : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A position, whole: the state, what is kept beside it, the dice, the
// decision, and the rule scripts' part (their pending questions). Opaque:
// only the game that took it can put itself back (Game::restore).
class GameSnapshot {
private:
    friend class Game;
    GameState state;
    BesideState beside;
    Dice dice;
    DecisionKind decision = DecisionKind::None;
    int deciding_side = 0;
    std::size_t log_size = 0;
    std::size_t explanations = 0;
    std::size_t dice_log = 0;
    std::shared_ptr<const HooksSnapshot> hooks;
};

class Game {
public:
    Game(std::shared_ptr<const rules::Ruleset> ruleset, std::shared_ptr<const rules::Scenario> scenario,
         std::uint64_t seed, RuleHooks* hooks = nullptr);
    // Not copyable: a copy would share the rule scripts' state, and a player
    // holding a const Game& (a bot) could play the copy on to learn what is hidden.
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    // Runs scripts' setup and the sequence up to the first decision.
    void start();

    const rules::Ruleset& ruleset() const { return *ruleset_; }
    const rules::Scenario& scenario() const { return *scenario_; }
    const GameState& state() const { return state_; }
    const geometry::HexGrid& grid() const { return scenario_->map.grid; }
    bool over() const { return state_.result.over; }

    // The current decision point: who decides what.
    DecisionKind decision() const { return state_decision_; }
    int deciding_side() const { return deciding_side_; }
    const Question* question() const { return beside_.questions.empty() ? nullptr : &beside_.questions.front(); }
    // Valid until the next apply() or mutation; copy it to keep it longer.
    const std::vector<Action>& legal_actions() const;
    bool is_legal(const Action& action) const;
    // Applies a legal action and runs on to the next decision. On an
    // IllegalAction or a script error the state is left as it was.
    // By value: the caller's action may live in the legal list this replaces.
    void apply(Action action);
    std::string describe(const Action& action) const;
    // What replays compare after every action: the state plus the pending
    // questions and the capabilities scripts set.
    std::uint64_t checksum() const;

    // Snapshots, for search: take the position, play on, come back. The log,
    // the combat explanations and the dice log are cut back to their length
    // at the snapshot (nothing is added back to them). A snapshot must not
    // outlive the game. The second form reuses the storage of `into`.
    GameSnapshot snapshot() const;
    void snapshot(GameSnapshot& into) const;
    void restore(const GameSnapshot& from);
    // For a bot's look ahead from a snapshot (bots/trial.h): everything `viewer` may not know
    // is drawn afresh with `draw`, from what the rules allow and the viewer sees
    // (hidden_redraw.cpp): secret orders (picked by the bot's `model` of the other side),
    // support markers face down and to come, who is under which hidden marker.
    // Whether any secret was drawn (the support markers' generator is reseeded every time: see luck_mark).
    bool redraw_hidden(int viewer, Dice& draw, const OrderModel& model = {});
    // Does the phase in progress carry out secret orders, which redraw_hidden cannot redraw
    // (what is left of them depends on what was carried out)? Then a bot does not look ahead.
    bool carrying_out_secret_orders() const { return procedure().run->carries_out_secret_orders(); }

    Dice& dice() { return dice_; }
    // Where every generator the rules draw from stands (the dice, the support markers' draw): equal marks
    // before and after a stretch of play, nothing was drawn in it.
    struct LuckMark {
        std::array<std::uint64_t, 4> dice, support;
        bool operator==(const LuckMark&) const = default;
    };
    LuckMark luck_mark() const;
    int roll(int faces, const std::string& why);
    void note(std::string text);
    // What the game keeps as it plays, beside the state (recording.h): what to keep, set before the
    // first action, and what was kept (the log, the dice rolled, the combats explained).
    Recording& recording() { return recording_; }
    const Records& records() const { return records_; }

    // Queries (used by procedures, scripts, bots and the studio).
    // What a unit is as the game now counts it (unit_view.h): game.unit(u).combat_strength().
    UnitView unit(int index) const { return UnitView(*this, index); }
    // The hex map: who stands where, zones of control, stacking, step costs (hex_board.h).
    const HexBoard& hex_board() const { return hex_board_; }
    // Combat: who attacks, who reaches whom, the odds, retreats, the tables, support markers.
    CombatQueries combat() const { return CombatQueries(*this); }
    // Does the sequence of play keep something from one side (written
    // orders)? Then a hot-seat game hands the screen over between players.
    bool hides_information() const;
    // The simultaneous sequence's written orders, as a side may know them (plots_view.h).
    PlotsView plots() const { return PlotsView(*this); }
    // Formations (the scenario's `formation:` per unit, a regiment or battle group).
    const FormationRoster& formations() const { return formations_; }
    // The activation loop: is one running, who acts now (activation_view.h).
    ActivationView activation() const { return ActivationView(*this); }
    // Formations' orders (the ruleset's `orders:`): as revealed, as a side may know the new ones.
    FormationOrders formation_orders() const { return FormationOrders(*this); }
    // Scripts: set a formation's order at once (HQ loss forces Hold).
    void set_order(int formation, int order);

    // The tabletop (Cady, a ruleset with geometry kind table): its board
    // (stands, distances, contact, sight, hidden markers), figures, orders.
    const TabletopBoard& tabletop() const { return tabletop_; }
    // Written orders: the standing and pending orders, the menu, what may be written.
    WrittenOrders written_orders() const { return WrittenOrders(*this); }
    // Reveals every hidden marker an enemy unit now sees; a phantom seen is removed.
    void reveal_seen_markers();
    // A script's order for a unit that takes no written orders (it is logged; check may_write first).
    void set_table_order(int unit, const TableOrder& order);
    // Scripts: remove figures from a unit (it is eliminated when none are left).
    // `direct`: the shots (ids, comma-separated) that struck it under their cross-hairs (figures.lost).
    void lose_figures(int unit, int count, const std::string& why, const std::string& direct = {});
    // Scripts and procedures: turn a unit or move it on the table.
    void place_on_table(int unit, geometry::tabletop::Point front_centre, int facing);

    // Scripts: set the strength points a unit has lost (night recovery, 8.0); 0 or more.
    void set_hits(int unit, int hits);
    // Scripts: puts an eliminated unit back on the map with `hits` strength
    // points lost (an HQ's return, a stand rebuilt at night: regimental 6.0, 8.0).
    // Its loss stays counted for victory.
    void restore_unit(int unit, geometry::Hex at, int hits);
    // The id of the phase in progress.
    const std::string& phase_id() const { return phase().id; }

    // Mutations, logged; scripts call these too.
    void move_unit(int unit, geometry::Hex to);
    // Moves along a path (start first) to `to`, meeting other sides' units on the way.
    void move_along(int unit, const std::vector<geometry::Hex>& path, geometry::Hex to);
    void eliminate(int unit);
    void set_back(int unit, bool back);
    void disorder(int unit);
    void set_mark(int unit, const std::string& key, int value);
    void set_facing(int unit, int direction);
    // The unit counts as not attacked this phase: it may be attacked (again), it need not be.
    void clear_attacked(int unit) { state_.unit(unit).was_attacked = false; }
    void set_capability(int type, bool back, Capability c, int value);
    int ask(int side, std::string prompt, std::vector<std::string> options);
    // The combat being resolved: a script may call it off or fix its result.
    void cancel_combat() { state_.combat.cancelled = true; }
    void force_combat_result(std::string code);
    // Raises an event to the scripts; returns false when nobody listens.
    bool raise(EventContext& context);
    // Raises a query: the scripts read the game and answer in the context's
    // writable values, and the host refuses any change to the game while they
    // do, so a const method (the legal actions, an estimate) may ask one.
    void ask(EventContext& query) const;
    bool listening(Event e) const { return listening_[static_cast<std::size_t>(e)]; }

private:
    friend class UnitView;
    friend class ActivationView;  // the game turn's steps
    friend class PlotsView;       // the plots kept beside the state
    int leader_value_at(int side, geometry::Hex h) const;
    // What every player may ask about combat: public through combat() (combat_queries.h).
    std::vector<geometry::Hex> retreat_destinations(int unit, int hexes) const;
    std::vector<geometry::Hex> retreat_path(int unit, geometry::Hex to) const;
    OddsEstimate odds_for(const std::vector<int>& attackers, const std::vector<int>& defenders,
                          CombatExplanation* why = nullptr) const;
    std::vector<std::string> odds_combat_phases() const;
    bool can_attack(int unit) const;
    int attacking_side() const;
    bool reaches(int attacker, int defender) const;
    int support_draws_left(int side) const;
    std::optional<std::vector<int>> committed_support(int side) const;
    int support_markers_per_combat() const { return combat_rules().support_markers; }
    bool bombardment() const { return combat_rules().bombardment; }
    bool in_a_defending_hex(int unit) const;
    const rules::OddsCrt* combat_table() const { return ruleset_->odds_table(phase().table); }
    const rules::DifferentialCrt* differential_table() const { return ruleset_->differential_table(phase().table); }
    const rules::DicePoolTable* dice_pool() const;
    bool fights_on_a_table() const { return combat_table() || differential_table() || dice_pool(); }
    std::string status_of(int unit) const;
    int strength_points_left(int unit) const;
    std::string table_result(int column, int roll) const;
    int table_columns() const;
    const Combat& combat_in_view() const { return estimate_ ? estimate_->combat : state_.combat; }
    bool estimating() const { return estimate_ != nullptr; }
    friend std::uint64_t checksum_v1(const Game& game);  // converting replays of format 1 (checksum_v1.cpp)
    using Hex = geometry::Hex;
    // The kernel's built-in procedures, one entry each in procedure_table.cpp,
    // found by the name a ruleset's phase gives (`procedure:`); a phase naming
    // none of them is a script phase, whose work the scripts do in phase.begin.
    enum class Procedure {
        Script,
        Movement,
        RangedFire,
        OddsCombat,
        Recovery,
        Plot,
        PlottedCombat,
        PlottedMovement,
        SupportDraw,
        Orders,
        TableOrders,
        TableMovement,
        TableFire,
        TableArtillery,
        TableMelee,
        TableMorale
    };
    struct ProcedureEntry {
        std::string_view name;
        Procedure id;
        const PhaseProcedure* run;
    };
    static const ProcedureEntry& procedure_named(std::string_view name);
    friend class CombatQueries;
    friend class WrittenOrdersProcedure;
    friend class WrittenOrders;
    friend class FormationOrdersProcedure;
    friend class FormationOrders;
    friend class RecoveryProcedure;
    friend class RangedFireProcedure;
    friend class SupportDrawProcedure;
    friend class TabletopMeleeProcedure;
    friend class TabletopMoraleProcedure;
    friend class TabletopFireProcedure;
    friend class TabletopArtilleryProcedure;
    friend class PlottedCombatProcedure;
    friend class PlotProcedure;
    friend class MovementProcedure;
    friend class OddsCombatProcedure;
    friend class CombatResolution;
    friend class PlottedMovementProcedure;
    friend class TabletopMovementProcedure;
    void run();
    bool step_procedure();
    void begin_phase();
    void end_phase();
    void advance_sequence();
    void begin_turn();
    void bring_on_reinforcements(int side);
    bool reinforcements_in_movement_ = false;  // a movement phase says `reinforcements: arrive` (F&M 4.1)
    const rules::PhaseSpec& phase() const;
    const ProcedureEntry& procedure() const;
    void decide(DecisionKind kind, int side);
    // A step lists a decision's legal actions into the listing buffer (its storage kept from
    // decision to decision) and decides with them: legal_actions() takes them rather than list them again.
    std::vector<Action>& listing_buffer();
    void decide_listed(DecisionKind kind, int side);
    void dispatch_action(const Action& action);
    // The kernel's part of a snapshot: taken before every action, returned to when it fails.
    void save_position(GameSnapshot& into) const;
    void return_to(const GameSnapshot& position);
    void add_legal(std::vector<Action>& out) const;
    bool redraw_support_markers(Dice& draw);
    void redraw_markers(int viewer, Dice& draw);

    // A unit with a facing turns to face each hex it enters (16.0).
    int facing_after_step(int unit, geometry::Hex from, geometry::Hex to) const;
    void place(int unit, geometry::Hex to, int facing);
    void take_control(int side, geometry::Hex h);
    // combat.cpp, combat_odds.cpp, odds_permission.cpp: who may attack whom, and at what odds
    // (the combat procedures are in procedures/odds_combat/ and procedures/plotted_combat.cpp)
    std::vector<int> hex_defenders(int target) const;
    // The line of a differential table the defenders fight on: their hex's
    // terrain, or a hexside every attacker crosses; the best for them (8.2.2).
    int defender_line(const rules::DifferentialCrt& table, const std::vector<int>& attackers,
                      const std::vector<int>& defenders, CombatExplanation* why) const;
    struct OddsCounter;
    OddsEstimate odds_in(int phase_index, const std::vector<int>& attackers, const std::vector<int>& defenders,
                         CombatExplanation* why) const;
    // Explanations: the one being written (null when not explaining), and
    // the modifiers a traced event's handlers made.
    CombatExplanation* begin_explanation();
    CombatExplanation* current_explanation();
    void explain_script_changes(const EventContext& context, const char* what);
    void note_script_changes(const EventContext& context, const char* what, CombatExplanation* why) const;
    // The odds as the rules will count them: the kernel's count, then the scripts asked (scripted_odds.cpp).
    OddsEstimate scripted_odds(int phase_index, const std::vector<int>& attackers, const std::vector<int>& defenders,
                               CombatExplanation* why) const;
    void ask_strengths(OddsEstimate& e, bool pool, const std::vector<int>& attackers, const std::vector<int>& defenders,
                       CombatExplanation* why) const;
    void find_scripted_column(OddsEstimate& e, const rules::PhaseSpec& spec, bool shifts, CombatExplanation* why) const;
    std::string module_source(const std::string& module) const;
    // combat_retreat.cpp: where a unit may retreat
    struct RetreatSearch {
        struct Node {
            Hex hex;
            int parent;
            bool through_friends;  // the path to it crosses a friend-held hex
        };
        std::vector<Node> reached;
        std::vector<Hex> destinations;
    };
    RetreatSearch retreat_search(int unit, int hexes) const;
    bool zone_opened_to_retreat(int unit, Hex to, bool occupied) const;
    std::string why_refused(const Action& action) const;
    // A possible combat as the rule scripts would count it: combat.strengths
    // raised as a query (see docs/adr/0007), nothing changed.
    struct ScriptedStrengths {
        int attack = 0;
        int defend = 0;
    };
    ScriptedStrengths scripted_strengths(const std::vector<int>& attackers, const std::vector<int>& defenders) const;
    // `below_lowest_column: not_permitted` (PRESTAGS 8.1): may these attackers fight these defenders?
    bool odds_permitted(const std::vector<int>& attackers, const std::vector<int>& defenders) const;
    bool below_lowest_column(const ScriptedStrengths& s) const;
    // Every unit that could still join an attack on all of `defenders`.
    std::vector<int> possible_attackers(const std::vector<int>& defenders,
                                        const std::vector<int>* may_attack = nullptr) const;
    // Could the attackers that may still join bring an attack on `defenders` onto the table?
    bool may_still_reach_table(const std::vector<int>& defenders, const std::vector<int>* may_attack = nullptr) const;
    std::string why_odds_refused() const;
    bool may_enter_to_attack(int attacker, Hex to) const;
    // dice_pool_combat.cpp (regimental 3.0-4.2)
    int pool_dice(int unit, int strength_attribute) const;
    bool is_close_combat(const std::vector<int>& attackers, const std::vector<int>& defenders) const;
    OddsEstimate dice_pool_odds(const rules::DicePoolTable& pool, int phase_index, const std::vector<int>& attackers,
                                const std::vector<int>& defenders, CombatExplanation* why) const;
    // activation.cpp: the activation loop and the steps a game turn runs
    bool step_runs(int step) const;
    int step_first_side() const;
    void settle_on_step();
    void next_step();
    void enter_position();
    bool choosing_activation() const;
    bool activation_choice_step();
    int roll_off(const rules::ActivationRules& rules);
    void activation_actions(std::vector<Action>& out) const;
    void activate(const Action& a);
    bool finish_activation();
    // tabletop/units.cpp: the tabletop's units and what they stand on
    void set_up_table();
    void take_pending_losses(const std::string& why);

    // victory.cpp
    void check_morale(int side);
    void end_game_by_disintegration();
    void end_game_at_last_turn();
    void concede(int side);
    void update_objectives();

    // Drops every derived cache (a full rebuild follows when next needed).
    void invalidate() const;
    // Updates the hex board's tables for one unit; pair -1 before and +1 after a change.
    void count_on_board(int unit, int sign) { hex_board_.count(unit, sign); }
    // After count_on_board: drops the caches that depend on the board.
    void board_changed();

    std::shared_ptr<const rules::Ruleset> ruleset_;
    std::shared_ptr<const rules::Scenario> scenario_;
    RuleHooks* hooks_;
    Dice dice_;
    GameState state_;
    DecisionKind state_decision_ = DecisionKind::None;
    int deciding_side_ = 0;
    BesideState beside_;
    Recording recording_;
    Records records_;
    // The attributes the procedures read, named by the phases' options (with
    // defaults "combat", "movement", "range"; the fire factor is the fire
    // table's target_attribute; leaders are whatever `leader_adds` names).
    struct AttributeRoles {
        int strength = -1;
        int allowance = -1;
        int fire_factor = -1;
        int fire_range = -1;
        int leader = -1;
        int rally_leader = -1;  // the recovery phase's leader_adds: who rallies troops
    } roles_;
    int stacking_limit_ = 1;  // the movement phase's `stacking`
    void resolve_attribute_roles();
    // Each phase's options as its procedure reads them (by ruleset phase index),
    // and the dice pool chart a combat phase names, looked up once.
    std::vector<rules::PhaseOptions> phase_options_;
    std::vector<const rules::DicePoolTable*> phase_pools_;
    // By phase: the mark whose value adds to a unit's movement allowance (a movement phase's bonus_from_mark).
    std::vector<const std::string*> allowance_bonus_mark_;
    // The options of a phase, or the defaults when its procedure takes other options.
    template <class Options>
    const Options& options_of(std::size_t phase) const {
        if (const auto* options = std::get_if<Options>(&phase_options_[phase])) return *options;
        static const Options defaults{};
        return defaults;
    }
    template <class Options>
    const Options& options() const {
        return options_of<Options>(static_cast<std::size_t>(phase_index()));
    }
    mutable std::vector<std::uint8_t>
        near_enemy_;  // by hex: 1 within keep_away hexes of an enemy of the unit the range is for
    mutable std::vector<std::uint8_t> no_zoc_;  // all zeros, by hex: the enemy zones a phase with ignore_zoc sees
    const rules::CombatOptions& combat_rules() const { return options<rules::CombatOptions>(); }
    int attacking_side(const rules::CombatOptions& rules) const;  // with the phase's options already read
    // Inline: every option read asks it.
    int phase_index() const {
        return game_turn()[static_cast<std::size_t>(state_.at.step)].phases[static_cast<std::size_t>(state_.at.phase)];
    }
    mutable std::vector<std::uint8_t> marked_halts_;  // terrain_halts_ for a unit with the phase's keep_away_mark
    mutable int marked_halts_phase_ = -1;             // the phase (index) marked_halts_ was made for
    mutable std::vector<Action> legal_cache_;
    mutable bool legal_valid_ = false;
    // What a step listed as it stopped at a decision (the combat's targets, each
    // counted by the rule scripts): legal_actions() takes it rather than list again.
    mutable std::vector<Action> listed_at_decision_;
    mutable bool listed_valid_ = false;
    void drop_legal() const {
        legal_valid_ = false;
        listed_valid_ = false;
    }
    std::vector<const ProcedureEntry*> procedures_;  // by ruleset phase index
    // The game turn this scenario plays: the ruleset's sequence or the variant it chose.
    const std::vector<rules::SequenceStep>* game_turn_ = nullptr;
    const std::vector<rules::SequenceStep>& game_turn() const { return *game_turn_; }
    FormationRoster formations_;
    // The tabletop's stands, distances, contact and sight (a ruleset with geometry kind table).
    TabletopBoard tabletop_{*this};
    // The hex map's per-hex tables: zones of control, blockers, stacking, step costs.
    HexBoard hex_board_{*this};
    // What apply() restores when a script fails.
    GameSnapshot rollback_;
    std::array<bool, static_cast<std::size_t>(Event::Count)> listening_{};
    // Set while scripted_strengths() asks the scripts about a possible combat.
    struct Estimate {
        Combat combat;
        std::string forced_result;
    };
    mutable Estimate* estimate_ = nullptr;
    mutable geometry::MovementRange range_;
    mutable int range_unit_ = -1;
    std::vector<int> restored_units_;  // return_to's scratch: the units whose place on the board it changed
};

}  // namespace sandtable::kernel
