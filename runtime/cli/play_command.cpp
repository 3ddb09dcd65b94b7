// `sandtable play` and `sandtable replay`.
#include "cli/commands.h"

#include "bots/public_state.h"
#include "bots/session.h"
#include "load/scenario_writer.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace sandtable::cli {

namespace {

std::vector<int> parse_dice(const std::string& text) {
    std::vector<int> out;
    for (const auto& d : split(text, ',')) {
        try {
            std::size_t used = 0;
            int v = std::stoi(d, &used);
            if (used != d.size() || v < 1) throw std::invalid_argument(d);
            out.push_back(v);
        } catch (...) {
            throw UsageError("--dice takes die faces like 3,5,1; '" + d + "' is not one");
        }
    }
    return out;
}

void write_file_atomically(const std::string& path, const std::string& text) {
    load::write_file_atomically(path, text);
}

void print_result_json(const kernel::Game& game, std::size_t actions) {
    const auto& r = game.state().result;
    std::cout << "{\"winner\": "
              << (r.winner >= 0
                      ? "\"" + json_escape(game.scenario().sides[static_cast<std::size_t>(r.winner)].id) + "\""
                      : std::string("null"))
              << ", \"level\": \"" << json_escape(r.level) << "\", \"reason\": \"" << json_escape(r.reason) << "\""
              << ", \"turns\": " << game.state().at.turn << ", \"actions\": " << actions
              << ", \"dice\": " << game.state().dice_rolled << ", \"victory_points\": {";
    for (std::size_t s = 0; s < r.victory_points.size(); ++s)
        std::cout << (s ? ", " : "") << "\"" << json_escape(game.scenario().sides[s].id)
                  << "\": " << r.victory_points[s];
    std::cout << "}, \"checksum\": \"" << kernel::hex_checksum(game.checksum()) << "\"}\n";
}

}  // namespace

int play(const std::vector<std::string>& argv) {
    Args args(argv, {"json", "quiet"}, {"seed", "bots", "dice", "actions", "replay-out", "house"});
    if (args.positional().size() != 1) throw UsageError("name one scenario file");
    const std::string scenario = args.positional()[0];
    auto loaded = load::load_scenario(scenario, args.values("house"));
    const auto seed = static_cast<std::uint64_t>(args.integer("seed", 1));
    std::vector<int> dice = args.has("dice") ? parse_dice(args.value("dice")) : std::vector<int>{};
    bots::Session session(loaded, scenario, seed, dice, true);

    std::vector<std::unique_ptr<bots::Bot>> bots;
    try {
        bots =
            bots::bots_for_game(split(args.value("bots", "greedy,greedy"), ','), loaded.scenario->sides.size(), seed);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    std::vector<bots::Bot*> players;
    for (auto& b : bots) players.push_back(b.get());

    std::size_t actions = 0;
    if (args.has("actions")) {
        // Decisions from a file first (as in a replay), then bots.
        const std::string file = args.value("actions");
        kernel::Replay given = kernel::parse_replay(load::read_file(file), file, session.game());
        for (std::size_t i = 0; i < given.steps.size(); ++i) {
            // Decisions given and never taken mean the game is not the one the file describes.
            if (session.game().over())
                throw std::runtime_error(file + ": the game ended after action " + std::to_string(i) + "; action " +
                                         std::to_string(i + 1) + " (" + session.game().describe(given.steps[i].action) +
                                         ") and " + std::to_string(given.steps.size() - i - 1) +
                                         " after it were never played");
            session.apply(given.steps[i].action);
            ++actions;
        }
    }
    actions += session.play(players);

    if (args.has("replay-out"))
        write_file_atomically(args.value("replay-out"), session.replay_yaml(args.value("replay-out")));
    if (args.flag("json")) {
        print_result_json(session.game(), actions);
        return 0;
    }
    if (!args.flag("quiet"))
        for (const auto& entry : session.game().records().log)
            std::cout << "[T" << entry.turn << "] " << entry.text << "\n";
    const auto& r = session.game().state().result;
    std::cout << "Result: " << bots::describe_result(session.game()) << " (" << r.reason << ") after "
              << session.game().state().at.turn << " turn(s), " << actions << " actions; VP";
    for (std::size_t s = 0; s < r.victory_points.size(); ++s)
        std::cout << " " << loaded.scenario->sides[s].id << " " << r.victory_points[s];
    std::cout << "; checksum " << kernel::hex_checksum(session.game().checksum()) << "\n";
    return 0;
}

int state(const std::vector<std::string>& argv) {
    Args args(argv, {"json"}, {"after"});
    if (args.positional().size() != 1) throw UsageError("name one replay file");
    bots::OpenedReplay opened = bots::open_replay(args.positional()[0]);
    const kernel::Replay& r = opened.replay;
    const long long after = args.integer("after", static_cast<long long>(r.steps.size()));
    if (after < 0 || after > static_cast<long long>(r.steps.size()))
        throw UsageError("--after is 0 to " + std::to_string(r.steps.size()) + " (the replay's actions)");
    bots::Session session(opened.loaded, opened.scenario_file, r.seed, r.forced_dice, true);
    for (long long i = 0; i < after; ++i) session.apply(r.steps[static_cast<std::size_t>(i)].action);
    std::cout << (args.flag("json") ? bots::public_state_json(session.game())
                                    : bots::public_state_text(session.game()));
    return 0;
}

int replay(const std::vector<std::string>& argv) {
    Args args(argv, {"json", "upgrade"}, {});
    if (args.positional().size() != 1) throw UsageError("name one replay file");
    const std::string file = args.positional()[0];
    if (args.flag("upgrade")) {
        const bots::ReplayCheck upgraded = bots::upgrade_replay(file);
        if (!upgraded.ok)
            std::cerr << "sandtable replay --upgrade: " << upgraded.message << "\n";
        else
            std::cout << "upgraded " << file << " to format sandtable-replay/" << kernel::kReplayFormat << ": "
                      << upgraded.actions << " actions re-executed, every old checksum matched\n";
        return upgraded.ok ? 0 : 1;
    }
    bots::ReplayCheck check = bots::verify_replay(file);
    if (args.flag("json")) {
        std::cout << "{\"ok\": " << (check.ok ? "true" : "false") << ", \"actions\": " << check.actions
                  << ", \"diverged_at\": " << check.diverged_at << ", \"message\": \"" << json_escape(check.message)
                  << "\", \"checksum\": \"" << kernel::hex_checksum(check.final_checksum) << "\"}\n";
    } else {
        if (!check.message.empty()) std::cout << check.message << "\n";
        if (check.ok)
            std::cout << "ok: " << check.actions << " actions re-executed, every checksum matches; final checksum "
                      << kernel::hex_checksum(check.final_checksum) << "\n";
    }
    return check.ok ? 0 : 1;
}

}  // namespace sandtable::cli
