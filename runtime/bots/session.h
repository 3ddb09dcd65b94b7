// A game with its rule scripts attached and every action recorded: what the
// CLI, the benchmarks, the balance lab and the studio's playtest mode drive.
#pragma once

#include "bots/bot.h"
#include "kernel/game.h"
#include "kernel/replay.h"
#include "load/loader.h"
#include "script/rule_host.h"

#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace sandtable::bots {

class Session {
public:
    // Batch runs pass one CompiledModules to all their sessions. With
    // `logging` off (batch mode) neither the log nor a checksum per action is
    // kept: the replay still lists every action and re-executes exactly.
    // `host`, when given, is the rule host of an earlier game of the same
    // scenario (release_host()): its modules are loaded already, and the
    // game starts by running only game.setup (a batch worker's next game).
    Session(load::LoadedGame loaded, std::string scenario_path, std::uint64_t seed, std::vector<int> forced_dice = {},
            bool logging = true, std::shared_ptr<const script::CompiledModules> compiled = nullptr,
            std::unique_ptr<script::RuleHost> host = nullptr);

    kernel::Game& game() { return *game_; }
    const kernel::Game& game() const { return *game_; }
    // Applies a legal action and records it with the checksum after it.
    void apply(kernel::Action action);
    // Lets bots (one per side, in scenario order) decide until the game ends,
    // `max_actions` more actions were taken, or `stop` is requested (checked
    // between actions: the game is left unfinished). Returns the actions taken.
    std::size_t play(const std::vector<Bot*>& bots, std::size_t max_actions = 1'000'000, std::stop_token stop = {});
    kernel::Replay& replay() { return replay_; }
    const script::RuleHost& rule_host() const { return *host_; }
    // Hands the rule host on to the next game of this scenario; the session
    // plays no more after it.
    std::unique_ptr<script::RuleHost> release_host();
    // With `replay_file`, the scenario's path is written relative to the
    // folder the replay goes to, so that `sandtable replay` finds it from anywhere.
    std::string replay_yaml(const std::string& replay_file = {}) const;

private:
    load::LoadedGame loaded_;
    std::unique_ptr<script::RuleHost> host_;
    std::unique_ptr<kernel::Game> game_;
    kernel::Replay replay_;
    bool checksums_ = true;
};

struct ReplayCheck {
    bool ok = true;
    std::size_t actions = 0;
    std::size_t diverged_at = 0;  // 1-based action number of the first divergence
    std::string message;
    std::uint64_t final_checksum = 0;
    kernel::GameResult result;
};

// A replay file read with what it needs: its scenario and house rules loaded
// (paths relative to the replay's folder, or absolute) and its actions
// resolved against that scenario's units.
struct OpenedReplay {
    load::LoadedGame loaded;
    kernel::Replay replay;
    std::string scenario_file;  // where the scenario was found
};
OpenedReplay open_replay(const std::string& replay_file, kernel::OlderFormats older = kernel::OlderFormats::Refused);
// A path a replay names (its scenario, a house rule): relative to the
// replay's own folder, never to the working folder (a replay means the same
// game wherever it is opened from).
std::string locate_from_replay(const std::string& replay_file, const std::string& written);

// Re-executes a replay file and compares every checksum.
ReplayCheck verify_replay(const std::string& replay_file);
// Converts a replay of format 1 to the current format in place: re-executes
// it, checking every checksum format 1 recorded, and only when all match
// rewrites the file (atomically) with the current format's checksums.
ReplayCheck upgrade_replay(const std::string& replay_file);

std::string describe_result(const kernel::Game& game);

}  // namespace sandtable::bots
