// Events the kernel raises around each step, and the interface through which
// rule scripts see them. The kernel does not know Lua: script/ implements
// RuleHooks and the kernel calls it only for events someone listens to.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::kernel {

class Game;

// Every event the kernel raises. known_events() lists their names in this order.
enum class Event : int {
    GameSetup,
    PhaseBegin,
    PhaseEnd,
    MoveExitZoc,
    MoveEnd,
    FireResult,
    CombatDeclared,
    CombatStrengths,
    CombatOdds,
    CombatResult,
    UnitRetreated,
    UnitEliminated,
    TurnEnd,
    MoveSharedHex,
    UnitArrived,
    CombatRoll,
    SightCheck,
    CombatResolved,
    ActivationBegin,
    TableAllowance,
    FireSteps,
    ShockDice,
    MeleePoint,
    MoraleShift,
    ChargeBegin,
    FiguresLost,
    UnitAdvanced,
    LossCandidate,
    FireReach,
    OrderCheck,
    PositionEvaluate,
    Count
};
const char* event_name(Event e);

// A value a rule script changed while handling an event, and the module whose
// handler changed it: what a combat's explanation lists as a script's modifier.
struct ContextChange {
    std::string module;
    std::string key;
    std::string before;
    std::string after;
};

// The values passed with an event. Handlers may read and change them; the
// kernel reads back the ones it documents as writable.
class EventContext {
public:
    explicit EventContext(Event event) : event_(event) {}
    Event event() const { return event_; }
    std::string name() const { return event_name(event_); }

    long long get(const std::string& key, long long fallback = 0) const;
    void set(const std::string& key, long long value);
    const std::vector<int>* list(const std::string& key) const;
    void set_list(const std::string& key, std::vector<int> values);
    std::string text(const std::string& key) const;
    void set_text(const std::string& key, std::string value);

    const std::vector<std::pair<std::string, long long>>& ints() const { return ints_; }
    const std::vector<std::pair<std::string, std::vector<int>>>& lists() const { return lists_; }
    const std::vector<std::pair<std::string, std::string>>& texts() const { return texts_; }

    // A traced event (the kernel explaining a combat) asks the script host to
    // record which handler changed which writable value.
    void trace() { traced_ = true; }
    bool traced() const { return traced_; }
    // A query (docs/adr/0007): the kernel asks, handlers only read and answer.
    void ask_only() { query_ = true; }
    bool query() const { return query_; }
    void record(ContextChange change) { changes_.push_back(std::move(change)); }
    const std::vector<ContextChange>& changes() const { return changes_; }

private:
    Event event_;
    bool traced_ = false;
    bool query_ = false;
    std::vector<ContextChange> changes_;
    std::vector<std::pair<std::string, long long>> ints_;
    std::vector<std::pair<std::string, std::vector<int>>> lists_;
    std::vector<std::pair<std::string, std::string>> texts_;
};

// Every event the kernel raises, with the values it passes. Lint checks
// handlers against this list.
const std::vector<std::string>& known_events();
// The event of that name; nullopt when the kernel raises none by it.
std::optional<Event> event_named(std::string_view name);

// The rule scripts' part of a game snapshot (what a host keeps for it).
class HooksSnapshot {
public:
    virtual ~HooksSnapshot() = default;
};

class RuleHooks {
public:
    virtual ~RuleHooks() = default;
    // Called once when the game is created, before the first phase.
    virtual void setup(Game& game) = 0;
    virtual bool listens(const std::string& event) const = 0;
    virtual void dispatch(Game& game, EventContext& context) = 0;
    // A script's pending question was answered with option `answer`.
    virtual void answer(Game& game, int question, int answer) = 0;
    // Game::apply ends: keep what scripts did (commit) or undo what the host
    // can undo (rollback), because the kernel restored its own state.
    virtual void commit() {}
    virtual void rollback() {}
    // Game::snapshot and Game::restore, between actions: what the host must
    // keep to come back to a position (nullptr: nothing).
    virtual std::shared_ptr<const HooksSnapshot> snapshot() const { return nullptr; }
    virtual void restore(const HooksSnapshot* snapshot) { (void)snapshot; }
};

}  // namespace sandtable::kernel
