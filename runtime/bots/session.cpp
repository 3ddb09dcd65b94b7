#include "bots/session.h"
#include "kernel/checksum_v1.h"
#include "load/scenario_writer.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace sandtable::bots {

namespace fs = std::filesystem;

Session::Session(load::LoadedGame loaded, std::string scenario_path, std::uint64_t seed, std::vector<int> forced_dice,
                 bool logging, std::shared_ptr<const script::CompiledModules> compiled,
                 std::unique_ptr<script::RuleHost> host)
    : loaded_(std::move(loaded)), host_(std::move(host)) {
    if (host_ && &host_->ruleset() != loaded_.ruleset.get())
        throw std::logic_error("a rule host is reused only for games of the ruleset it was made for");
    if (!host_)
        host_ = std::make_unique<script::RuleHost>(*loaded_.ruleset, script::SandboxLimits{}, std::move(compiled));
    game_ = std::make_unique<kernel::Game>(loaded_.ruleset, loaded_.scenario, seed, host_.get());
    game_->recording().log = logging;
    checksums_ = logging;
    for (int d : forced_dice) game_->dice().force(d);
    replay_.scenario = std::move(scenario_path);
    replay_.house_rules = loaded_.added_house_rules;
    replay_.content_hash = loaded_.content_hash;
    replay_.seed = seed;
    replay_.forced_dice = std::move(forced_dice);
    game_->start();
}

std::unique_ptr<script::RuleHost> Session::release_host() {
    game_.reset();  // the game's hooks point at the host
    return std::move(host_);
}

void Session::apply(kernel::Action action) {
    game_->apply(action);
    if (checksums_)
        replay_.steps.push_back({action, game_->checksum(), true});
    else
        replay_.steps.push_back({action, 0, false});
}

std::size_t Session::play(const std::vector<Bot*>& bots, std::size_t max_actions, std::stop_token stop) {
    std::size_t taken = 0;
    while (!game_->over() && taken < max_actions && !stop.stop_requested()) {
        const auto& legal = game_->legal_actions();
        if (legal.empty())
            throw std::logic_error("no legal action at decision " +
                                   std::string(kernel::decision_kind_name(game_->decision())));
        Bot* bot = bots.at(static_cast<std::size_t>(game_->deciding_side()));
        const kernel::Action chosen = bot->decide(*game_, legal);  // a copy: apply() replaces the list
        apply(chosen);
        ++taken;
    }
    return taken;
}

std::string describe_result(const kernel::Game& game) {
    const auto& r = game.state().result;
    if (!r.over) return "unfinished";
    if (r.winner < 0) return "draw";
    return game.scenario().sides[static_cast<std::size_t>(r.winner)].id + " win: " + r.level;
}

namespace {
// A path as a replay written at `replay_file` names it: relative to the
// replay's folder when it can be, else absolute; never tied to the working folder.
std::string as_named_from(const std::string& replay_file, const std::string& path) {
    const fs::path absolute = fs::absolute(path).lexically_normal();
    if (replay_file.empty()) return absolute.generic_string();
    const fs::path relative = absolute.lexically_relative(fs::absolute(fs::path(replay_file)).parent_path());
    return relative.empty() ? absolute.generic_string() : relative.generic_string();
}
}  // namespace

std::string Session::replay_yaml(const std::string& replay_file) const {
    kernel::Replay r = replay_;
    r.scenario = as_named_from(replay_file, r.scenario);
    for (auto& h : r.house_rules) h = as_named_from(replay_file, h);
    r.result = describe_result(*game_);
    return kernel::to_yaml(r, *game_);
}

std::string locate_from_replay(const std::string& replay_file, const std::string& written) {
    const fs::path path = written;
    return path.is_absolute() ? path.string() : (fs::path(replay_file).parent_path() / path).string();
}

namespace {
// The scenario and house rules a replay names, loaded; a problem with them is
// reported at the line of the replay that names them, then in their own files.
load::LoadedGame load_replay_game(const std::string& replay_file, const kernel::ReplayHeader& header,
                                  std::string& scenario_file) {
    std::vector<std::string> house_rules;
    for (const auto& h : header.house_rules) house_rules.push_back(locate_from_replay(replay_file, h));
    scenario_file = locate_from_replay(replay_file, header.scenario);
    try {
        load::LoadedGame loaded = load::load_scenario(scenario_file, house_rules);
        loaded.added_house_rules = std::move(house_rules);  // as found from here, for the replay written next
        return loaded;
    } catch (const load::LoadError& e) {
        std::vector<load::Diagnostic> all{{header.scenario_where, "the replay's scenario '" + header.scenario +
                                                                      "' (with " + std::to_string(house_rules.size()) +
                                                                      " house rules) cannot be loaded:"}};
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw load::LoadError(std::move(all));
    }
}
}  // namespace

OpenedReplay open_replay(const std::string& replay_file, kernel::OlderFormats older) {
    std::string text = load::read_file(replay_file);
    const kernel::ReplayHeader header = kernel::replay_header(text, replay_file);
    std::string scenario_file;
    OpenedReplay opened{load_replay_game(replay_file, header, scenario_file), {}, scenario_file};
    // A first game to resolve unit ids and hexes.
    Session probe(opened.loaded, scenario_file, 1, {}, false);
    opened.replay = kernel::parse_replay(text, replay_file, probe.game(), older);
    return opened;
}

namespace {
// Applies the replay's actions in `session`, comparing each checksum the file
// records with the one of the file's format.
ReplayCheck re_execute(const kernel::Replay& r, Session& session) {
    ReplayCheck check;
    if (!r.content_hash.empty() && r.content_hash != session.replay().content_hash)
        check.message = "note: the scenario, ruleset or scripts changed since this replay was made";
    auto checksum = [&] { return r.format == 1 ? kernel::checksum_v1(session.game()) : session.game().checksum(); };
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
        const auto& step = r.steps[i];
        try {
            session.apply(step.action);
        } catch (const std::exception& e) {
            check.ok = false;
            check.diverged_at = i + 1;
            check.message = "action " + std::to_string(i + 1) + " (" + session.game().describe(step.action) +
                            ") cannot be applied: " + e.what();
            break;
        }
        const std::uint64_t now = checksum();
        if (step.has_checksum && now != step.checksum) {
            check.ok = false;
            check.diverged_at = i + 1;
            check.message = "action " + std::to_string(i + 1) + " (" + session.game().describe(step.action) +
                            ") diverged: checksum " + kernel::hex_checksum(now) + ", the replay says " +
                            kernel::hex_checksum(step.checksum);
            break;
        }
        ++check.actions;
    }
    check.final_checksum = session.game().checksum();
    check.result = session.game().state().result;
    return check;
}
}  // namespace

ReplayCheck verify_replay(const std::string& replay_file) {
    OpenedReplay opened = open_replay(replay_file);
    Session session(opened.loaded, opened.scenario_file, opened.replay.seed, opened.replay.forced_dice, false);
    return re_execute(opened.replay, session);
}

ReplayCheck upgrade_replay(const std::string& replay_file) {
    OpenedReplay opened = open_replay(replay_file, kernel::OlderFormats::Accepted);
    const kernel::Replay& r = opened.replay;
    if (r.format == kernel::kReplayFormat) {
        ReplayCheck already;
        already.ok = false;
        already.message =
            replay_file + " is in format sandtable-replay/" + std::to_string(kernel::kReplayFormat) + " already";
        return already;
    }
    // Logging on: the session records the new format's checksum after every action.
    Session session(opened.loaded, opened.scenario_file, r.seed, r.forced_dice, true);
    ReplayCheck check = re_execute(r, session);
    if (check.ok) load::write_file_atomically(replay_file, session.replay_yaml(replay_file));
    return check;
}

}  // namespace sandtable::bots
