// Every decision a player makes is an Action. The kernel lists the legal
// actions at each decision point; bots and the studio pick from that list,
// and the replay file is the list of actions taken.
#pragma once

#include "geometry/hex.h"

#include <string>
#include <vector>

namespace sandtable::kernel {

enum class ActionKind {
    EndPhase,         // done with this phase (or with declaring, in fire phases)
    SelectUnit,       // movement: pick the unit to move next
    MoveTo,           // movement: where the selected unit ends (its own hex: it stays)
    Fire,             // ranged fire: unit fires at target
    Declare,          // combat: open a combat against `target`
    AddAttacker,      // combat being built: add `unit`
    AddDefender,      // combat being built: add `target`
    Resolve,          // combat being built: roll it
    ChooseUnit,       // a loss, or a unit to rally
    RetreatTo,        // `unit` retreats to `hex`
    AdvanceTo,        // `unit` advances to `hex`
    Decline,          // do not advance / do not rally
    RallyTo,          // rally `unit` to `hex`
    Choose,           // answer a script's question with option `index`
    Flip,             // movement: `unit` changes face before its side moves
    Plot,             // plotting: `unit`'s task is `index` (a PlotTask) at or to `hex`
    Exit,             // movement: the selected `unit` leaves the map from the exit hex `hex`
    Concede,          // at any decision, by the side deciding: concede the game (PRESTAGS 15.0)
    StiffResistance,  // a combat's retreat: stay and lose a step instead (F&M 8.4)
    CommitSupport,    // support fire: draw a marker at random from the side's pool, face down (F&M 8.2.1 b)
    Activate,         // activation loop: the roll-off's winner activates formation `index`
    GiveOrder,  // orders: formation `target` (a formation index, not a unit) operates under order `index`, hidden until
                // all are given
    WriteOrder,  // tabletop: `unit`'s written order for the turn is `order`, hidden until both sides have written
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

struct Action {
    ActionKind kind = ActionKind::EndPhase;
    int unit = -1;
    int target = -1;
    geometry::Hex hex{};
    int index = -1;
    TableOrder order{};  // WriteOrder only

    friend bool operator==(const Action&, const Action&) = default;
};

const char* action_kind_name(ActionKind kind);
bool parse_action_kind(const std::string& name, ActionKind& out);

}  // namespace sandtable::kernel
