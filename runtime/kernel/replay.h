// The replay file: everything needed to re-execute a game exactly — the
// scenario (with content hashes of it and its ruleset), the seed, dice forced
// at the start, and each action with the state checksum after it.
#pragma once

#include "kernel/action.h"
#include "rules/source_location.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sandtable::load {
class MapReader;
class DiagnosticSink;
}  // namespace sandtable::load

namespace sandtable::kernel {

class Game;

struct ReplayStep {
    Action action;
    std::uint64_t checksum = 0;
    bool has_checksum = false;
};

// The replay format this version writes. Format 1 (sandtable-replay/1) had
// checksums bent to keep still older replays valid; it is read only to be
// converted (`sandtable replay --upgrade`, bots::upgrade_replay).
constexpr int kReplayFormat = 2;
enum class OlderFormats { Refused, Accepted };

struct Replay {
    int format = kReplayFormat;            // the file's: kReplayFormat, or 1 when read to be converted
    std::string scenario;                  // path as given when the game was made
    std::vector<std::string> house_rules;  // house rules added to the scenario's own (--house), in order
    std::string content_hash;              // hash of the scenario, ruleset and rule scripts
    std::uint64_t seed = 1;
    std::vector<int> forced_dice;
    std::vector<ReplayStep> steps;
    std::string result;  // for readers: "normans win: marginal"
};

// Writes YAML (one flow mapping per action, so diffs stay readable).
std::string to_yaml(const Replay& replay, const Game& game);
// Reads a replay file; throws load::LoadError style std::runtime_error with
// file:line:col on malformed input. Unit ids are resolved against `game`.
// A file in format 1 is refused, at its `format:` line, with how to convert
// it, unless `older` accepts it (the converter).
Replay parse_replay(const std::string& text, const std::string& file, const Game& game,
                    OlderFormats older = OlderFormats::Refused);
// Only the header (scenario path and added house rules), to know what to
// load before resolving units.
struct ReplayHeader {
    std::string scenario;
    std::vector<std::string> house_rules;
    rules::SourceLocation scenario_where;                  // where the replay names them,
    std::vector<rules::SourceLocation> house_rules_where;  // for errors about what they name
};
ReplayHeader replay_header(const std::string& text, const std::string& file);

// One action as a replay writes it ({do: move, unit: u1, hex: "0405"}), its
// units, hexes, formations and orders resolved against `game`; problems go to `sink`.
Action parse_action(load::MapReader& reader, const Game& game, load::DiagnosticSink& sink);

std::string hex_checksum(std::uint64_t value);

}  // namespace sandtable::kernel
