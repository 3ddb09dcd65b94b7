// Every decision a player makes is an Action. The kernel lists the legal
// actions at each decision point; bots and the studio pick from that list,
// and the replay file is the list of actions taken.
//
// An Action is one of the records in namespace act, each with the fields its
// kind needs and nothing else (ADR 0025): a move's facing, a gun's called
// range, a question's option and a formation's order are named fields of
// their own records, not one number that means each in turn.
#pragma once

#include "geometry/hex.h"
#include "kernel/plot.h"

#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace sandtable::kernel {

enum class ActionKind {
    EndPhase,
    SelectUnit,
    MoveTo,
    Fire,
    Declare,
    AddAttacker,
    AddDefender,
    Resolve,
    ChooseUnit,
    RetreatTo,
    AdvanceTo,
    Decline,
    RallyTo,
    Choose,
    Flip,
    Plot,
    Exit,
    Concede,
    StiffResistance,
    CommitSupport,
    Activate,
    GiveOrder,
    WriteOrder,
};

// A written order on a tabletop (Cady: "direction, distance, formation,
// facing"): where a unit goes this turn and how it stands at the end.
struct TableOrder {
    enum Mode { Hold, Advance, Charge, Withdraw };
    int mode = Hold;
    int bearing = 0;   // compass bearing of the march, whole degrees
    int distance = 0;  // mm to go (0: stay); a charge may go a third beyond the unit's move
    int files = 0;     // the formation at the end: stands side by side; 0 keeps it
    int facing = -1;   // compass bearing it faces at the end; -1: the way it marched
    int target = -1;   // a charge's target unit (it follows it), else -1
    friend bool operator==(const TableOrder&, const TableOrder&) = default;
};

namespace act {

// Done with this phase (or with declaring, in fire phases).
struct EndPhase {
    friend bool operator==(const EndPhase&, const EndPhase&) = default;
};
// Movement: pick the unit to move next (plotting: the unit whose orders are written next).
struct SelectUnit {
    int unit = -1;
    friend bool operator==(const SelectUnit&, const SelectUnit&) = default;
};
// Movement: where the selected unit ends (its own hex: it stays), and, for a unit with a
// facing (PRESTAGS 16.0), the hex direction it faces there; -1 for a unit without one.
struct MoveTo {
    int unit = -1;
    geometry::Hex hex{};
    int facing = -1;
    friend bool operator==(const MoveTo&, const MoveTo&) = default;
};
// Ranged fire: `unit` fires at `target`. A tabletop gun calls the range it fires at
// (whole cm; 0 is canister); -1 where no range is called.
struct Fire {
    int unit = -1;
    int target = -1;
    int called_cm = -1;
    friend bool operator==(const Fire&, const Fire&) = default;
};
// Combat: open a combat against `target`.
struct Declare {
    int target = -1;
    friend bool operator==(const Declare&, const Declare&) = default;
};
// The combat being built: add `unit` to the attack.
struct AddAttacker {
    int unit = -1;
    friend bool operator==(const AddAttacker&, const AddAttacker&) = default;
};
// The combat being built: attack `target` too.
struct AddDefender {
    int target = -1;
    friend bool operator==(const AddDefender&, const AddDefender&) = default;
};
// The combat being built: roll it.
struct Resolve {
    friend bool operator==(const Resolve&, const Resolve&) = default;
};
// A loss, or a unit to rally.
struct ChooseUnit {
    int unit = -1;
    friend bool operator==(const ChooseUnit&, const ChooseUnit&) = default;
};
// `unit` retreats to `hex`.
struct RetreatTo {
    int unit = -1;
    geometry::Hex hex{};
    friend bool operator==(const RetreatTo&, const RetreatTo&) = default;
};
// `unit` advances to `hex`.
struct AdvanceTo {
    int unit = -1;
    geometry::Hex hex{};
    friend bool operator==(const AdvanceTo&, const AdvanceTo&) = default;
};
// Do not advance, do not rally, place no marker; on a tabletop, `unit` holds its fire
// (-1 where the side declines as a whole).
struct Decline {
    int unit = -1;
    friend bool operator==(const Decline&, const Decline&) = default;
};
// Rally `unit` to `hex`.
struct RallyTo {
    int unit = -1;
    geometry::Hex hex{};
    friend bool operator==(const RallyTo&, const RallyTo&) = default;
};
// Answer a rule script's question with its option `option` (from 0).
struct Choose {
    int option = 0;
    friend bool operator==(const Choose&, const Choose&) = default;
};
// Movement: `unit` changes face before its side moves.
struct Flip {
    int unit = -1;
    friend bool operator==(const Flip&, const Flip&) = default;
};
// Plotting: `unit`'s task for the turn, at or to `hex`.
struct Plot {
    int unit = -1;
    PlotTask task = PlotTask::Hold;
    geometry::Hex hex{};
    friend bool operator==(const Plot&, const Plot&) = default;
};
// Movement: the selected `unit` leaves the map from the exit hex `hex`.
struct Exit {
    int unit = -1;
    geometry::Hex hex{};
    friend bool operator==(const Exit&, const Exit&) = default;
};
// At any decision, by the side deciding: concede the game (PRESTAGS 15.0).
struct Concede {
    friend bool operator==(const Concede&, const Concede&) = default;
};
// A combat's retreat: stay and lose a step instead (F&M 8.4).
struct StiffResistance {
    friend bool operator==(const StiffResistance&, const StiffResistance&) = default;
};
// Support fire: draw a marker at random from the side's pool, face down (F&M 8.2.1 b).
struct CommitSupport {
    friend bool operator==(const CommitSupport&, const CommitSupport&) = default;
};
// The activation loop: the roll-off's winner activates `formation`.
struct Activate {
    int formation = -1;
    friend bool operator==(const Activate&, const Activate&) = default;
};
// Orders: `formation` operates under the ruleset's order `order`, hidden until all are given.
struct GiveOrder {
    int formation = -1;
    int order = -1;
    friend bool operator==(const GiveOrder&, const GiveOrder&) = default;
};
// Tabletop: `unit`'s written order for the turn, hidden until both sides have written.
struct WriteOrder {
    int unit = -1;
    TableOrder order{};
    friend bool operator==(const WriteOrder&, const WriteOrder&) = default;
};

}  // namespace act

class Action {
public:
    // In ActionKind's order: kind() is the alternative's index.
    using Record =
        std::variant<act::EndPhase, act::SelectUnit, act::MoveTo, act::Fire, act::Declare, act::AddAttacker,
                     act::AddDefender, act::Resolve, act::ChooseUnit, act::RetreatTo, act::AdvanceTo, act::Decline,
                     act::RallyTo, act::Choose, act::Flip, act::Plot, act::Exit, act::Concede, act::StiffResistance,
                     act::CommitSupport, act::Activate, act::GiveOrder, act::WriteOrder>;

    Action() = default;
    template <class R>
    requires std::is_constructible_v<Record, R> Action(R record) : record_(std::move(record)) {}

    ActionKind kind() const { return static_cast<ActionKind>(record_.index()); }
    const Record& record() const { return record_; }
    template <class R>
    const R* as() const {
        return std::get_if<R>(&record_);
    }
    template <class R>
    const R& get() const {
        return std::get<R>(record_);
    }

    // What records of several kinds share; -1 or no hex where this kind has none.
    int unit() const;                          // the unit that acts, is chosen, retreats, advances, ...
    int target() const;                        // the enemy unit fired at, attacked or added as a defender
    std::optional<geometry::Hex> hex() const;  // where it moves, retreats, advances, rallies, plots, exits

    friend bool operator==(const Action&, const Action&) = default;

private:
    Record record_;
};

// The names replays give the kinds: "move", "fire", ...
const char* action_kind_name(ActionKind kind);
bool parse_action_kind(const std::string& name, ActionKind& out);
// An action of `kind`, its fields at their defaults (a replay's reader fills them in).
Action blank_action(ActionKind kind);

}  // namespace sandtable::kernel
