// A game played or replayed in the studio. Each side is a person at the
// screen or a bot. Every action is kept, so the game can be stepped back and
// forth through (a replay), jumped to a turn, and taken back while no die has
// fallen since; playing on from an earlier point starts a new line of play.
// It saves and opens the CLI's replay files. Window-free: tests drive it.
#pragma once

#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::studio {

// Who plays a side: a person at the screen, or a bot by name ("greedy").
struct Seat {
    bool human = true;
    std::string bot = "greedy";
};

class PlaySession {
public:
    // A new game of a loaded scenario on `seed`, one seat per side, with dice
    // forced first (a replay's).
    PlaySession(load::LoadedGame loaded, std::string scenario_path, std::uint64_t seed, std::vector<Seat> seats,
                std::vector<int> forced_dice = {});
    // A replay file (the CLI's or the studio's), at its last action, every
    // side watched. Throws with the file's name on a bad file or an action
    // that no longer applies.
    static PlaySession open_replay(const std::string& replay_file);

    const kernel::Game& game() const { return session_->game(); }
    const std::vector<Seat>& seats() const { return seats_; }
    void set_seats(std::vector<Seat> seats);
    const std::string& scenario_path() const { return scenario_path_; }
    std::uint64_t seed() const { return seed_; }

    // The line of play: actions kept, and how many of them the game has taken.
    std::size_t length() const { return actions_.size(); }
    std::size_t position() const { return position_; }
    // Re-executes the first `position` actions (step back or forth).
    void go_to(std::size_t position);
    // The position at which turn `turn` begins (after its last action taken
    // in the turn before); the end when the game never reached it.
    std::size_t position_of_turn(int turn) const;
    int turn_at(std::size_t position) const { return turns_[position]; }

    // The action taken next in the line of play (a replay watched), if any.
    std::optional<kernel::Action> next_action() const;
    // Problems found opening a replay that did not stop it: its sources
    // changed, or a checksum differs from the one recorded.
    const std::string& warning() const { return warning_; }
    // A person has acted since the game started or was last saved.
    bool unsaved() const { return unsaved_; }

    // Whose decision the game waits for: a person's (the screen acts) or a bot's.
    bool waiting_for_human() const;
    // Applies an action at the current position; later actions are dropped
    // (a new line of play). Throws kernel::IllegalAction for an illegal one.
    void apply(const kernel::Action& action);
    // Lets the bots decide until a person must or the game ends, at most
    // `max_actions` actions. Returns how many were taken.
    std::size_t run_bots(std::size_t max_actions = 100'000);

    // Take-back: the action just taken, when it rolled no die (what the
    // dice said is not undone). Bot actions taken after a person's are taken
    // back with it, back to that person's decision.
    // In hot seat with hidden orders, a player may not take back across the
    // other player's decisions (that would show their orders).
    bool can_take_back() const;
    void take_back();
    // May the game be stepped back through? Not in hot seat with hidden
    // orders until the game is over: the earlier positions show each side's
    // orders to whoever is at the screen.
    bool may_look_back() const;

    // The side whose view the screen shows: the person deciding (hot seat),
    // the one person against bots, or -1 (everything: bots alone, or a replay
    // watched) . Hidden information is shown only to that side.
    int viewer() const;
    // Hot seat with hidden information: the screen must be handed over before
    // `viewer()` sees it, when the last side to see it was another.
    bool hand_over_needed() const { return hand_over_to_ >= 0; }
    int hand_over_to() const { return hand_over_to_; }
    void handed_over() { hand_over_to_ = -1; }

    // The rule modules with handlers for an event ("combat.strengths"): what
    // may still change a combat the odds calculator previews.
    std::vector<std::string> modules_listening(const std::string& event) const;

    // The replay of the actions up to the position, as the CLI writes it;
    // the scenario path relative to the replay's folder so it opens anywhere.
    // Not in hot seat with hidden orders until the game ends (the file
    // would show each side's orders).
    std::string replay_yaml(const std::string& replay_file) const;
    bool may_save_replay() const { return may_look_back(); }
    void save_replay(const std::string& replay_file);

private:
    void rebuild(std::size_t position);
    void after_change();
    void note_viewer();

    load::LoadedGame loaded_;
    std::string scenario_path_;
    std::uint64_t seed_;
    std::vector<int> forced_dice_;
    std::vector<Seat> seats_;
    std::vector<std::unique_ptr<bots::Bot>> bots_;
    std::unique_ptr<bots::Session> session_;
    std::vector<kernel::Action> actions_;
    std::vector<std::uint64_t> dice_after_;  // dice rolled after each position (index 0: at the start)
    std::vector<int> turns_;                 // the game turn at each position
    std::vector<bool> by_human_;             // was action i a person's decision
    std::vector<int> by_side_;               // the side that decided action i
    bool hidden_hot_seat() const;
    std::size_t position_ = 0;
    int last_viewer_ = -1;
    std::string warning_;
    bool unsaved_ = false;
    int hand_over_to_ = -1;
};

}  // namespace sandtable::studio
