// What the kernel keeps beside GameState, as one value: what a side may not
// see yet (written orders, orders being given, support markers face down),
// what a phase holds until it ends (losses, direct hits) and what scripts set
// (questions, capabilities). Rollback and snapshots copy it whole, so nothing
// a position is can be forgotten by one of them (ADR 0012).
#pragma once

#include "kernel/action.h"
#include "kernel/dice.h"
#include "kernel/plot.h"

#include <array>
#include <cstdint>
#include <string>
#include <memory>
#include <vector>

namespace sandtable::kernel {

// A rule module's question (game.choose). Its words never change once asked, and every snapshot and
// rollback copy (one before each action, and each look a bot takes) copies the questions waiting: the
// words are shared by the copies, not copied with them.
class Question {
public:
    Question(int id, int side, std::string prompt, std::vector<std::string> options)
        : id(id), side(side), words_(std::make_shared<const Words>(Words{std::move(prompt), std::move(options)})) {}
    int id;
    int side;
    const std::string& prompt() const { return words_->prompt; }
    const std::vector<std::string>& options() const { return words_->options; }

private:
    struct Words {
        std::string prompt;
        std::vector<std::string> options;
    };
    std::shared_ptr<const Words> words_;
};

// Per unit type and face, what the kernel's procedures may do with a unit.
// Defaults are the common case; rule scripts change them at game.setup.
enum class Capability {
    ExertsZoc,                  // 1
    RetreatHexes,               // 1
    AdvanceHexes,               // 1
    DisorderedByRetreat,        // 1: a retreat flips it to its back face
    DisordersRetreatedThrough,  // 1: friends it retreats through are disordered
    BlocksEnemyEntry,           // 1: enemies may not enter its hex
    StacksFreely,               // 0: 1 for leaders, who never count against stacking
    EnterEzocNeedsFriend,       // 0: 1 = may enter an EZOC only where a friend stands
    CanBeFiredAt,               // 1
    AutoReorganize,             // 0: 1 = reorganizes without a roll
    FlipsAtMovementStart,       // 0: 1 = may change face before its side moves; 2 = the same, unless in an EZOC
    Faces,                      // 0: 1 = the unit has a facing: moves and attacks only through its front
                                //    hexsides, exerts its zone only there (PRESTAGS 16.0)
    VictoryPoints,              // -1: eliminating it scores its front strength x the scenario's
                                //     vp_per_enemy_strength; 0 or more: this many (PRESTAGS 11.2)
    EzocEntryCost,              // -1: entering an enemy zone of control ends the move; 0 or more:
                                //     it costs this many MP more and the move goes on (F&M 6.1:
                                //     mobile units pay half their allowance, commandos nothing)
    IgnoresZocBarriers,         // 0: 1 = may move from zone to zone across a no_zoc_to_zoc hexside
                                //    or into no_zoc_to_zoc terrain (F&M 6.1: commandos)
    Reorganizes,                // 1: showing this face the unit is disordered, and a recovery phase rolls
                                //    to flip it to its front (BMW 11.1); 0: a face taken by choice, not
                                //    disorder (9.5, 9.6: a knight's fast side), never rolled for or flipped
    ChangesFormation,           // 1: a tabletop's written order may change its files (ranks and files); 0: it
                                //    keeps them (Cady: "Peasants and militia do not change their ranks and files")
    VolleysWhenMoved,           // -1: after moving it shoots the phase's volleys_moved, and not at all after a full
                                //     move; 0 or more: this many volleys however far it moved (Cady: a war elephant
                                //     "may fire twice each turn ... regardless of how far the elephant has moved")
    IndirectFire,               // 0: 1 = its fire needs no clear line on the map: only sight.check decides
                                //    (regimental 5.1: a battery fires at what a spotter sees)
    Count
};
const char* capability_name(Capability c);
bool parse_capability(const std::string& name, Capability& out);
// The value a capability has until a rule script sets it (the comments above).
int capability_default(Capability c);

// By unit type, then face (front, back): each capability's value.
using CapabilityTable = std::vector<std::array<std::array<int, static_cast<int>(Capability::Count)>, 2>>;

// The capability table as the game keeps it: shared by the game and its
// snapshots (one is taken before every action) until a script changes a
// value, which copies it first.
class Capabilities {
public:
    Capabilities() = default;
    explicit Capabilities(CapabilityTable table) : table_(std::make_shared<CapabilityTable>(std::move(table))) {}
    const CapabilityTable& table() const { return *table_; }
    // The same table (no script changed a value since one was copied from the other).
    bool shares_table_with(const Capabilities& other) const { return table_ == other.table_; }
    int at(int type, bool back, Capability c) const {
        return (*table_)[static_cast<std::size_t>(type)][back ? 1 : 0][static_cast<std::size_t>(c)];
    }
    void set(int type, bool back, Capability c, int value) {
        if (table_.use_count() > 1) table_ = std::make_shared<CapabilityTable>(*table_);
        (*table_)[static_cast<std::size_t>(type)][back ? 1 : 0][static_cast<std::size_t>(c)] = value;
    }

private:
    std::shared_ptr<CapabilityTable> table_ = std::make_shared<CapabilityTable>();
};

// Written orders being written on a tabletop, by unit, and which are written.
struct PendingTableOrders {
    std::vector<TableOrder> orders;
    std::vector<std::uint8_t> written;
};

// Support fire markers by side (F&M 7.0-8.2, ADR 0009): the pool's markers not
// yet used this game turn, the draws left, and those placed face down in the
// combat in progress. The draws have their own generator, so the combat dice
// (and forced ones) stay as they were without support fire.
struct SupportMarkers {
    std::vector<std::vector<int>> available;
    std::vector<int> draws_left;
    std::vector<std::vector<int>> committed;
    Dice dice{1};
};

struct BesideState {
    std::vector<Question> questions;  // the scripts' questions waiting for an answer, the first asked now
    int next_question = 1;
    Capabilities capabilities;
    // Written orders by unit (simultaneous sequence): out of state(), which
    // every player may read, so that one side does not see the other's.
    std::vector<Plot> plots;
    std::vector<int> pending_orders;  // orders phase, by formation (-1: none given yet)
    PendingTableOrders pending_table_orders;
    std::vector<int> pending_losses;               // figures each unit loses when the phase's fire is all resolved
    std::vector<std::string> pending_direct_hits;  // per unit: shots that struck it under their cross-hairs
    SupportMarkers support;
};

}  // namespace sandtable::kernel
