#include "core/play_session.h"

#include "kernel/replay.h"
#include "load/scenario_writer.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace sandtable::studio {

namespace fs = std::filesystem;

namespace {
std::vector<std::unique_ptr<bots::Bot>> seat_bots(const std::vector<Seat>& seats, std::uint64_t seed) {
    std::vector<std::string> names;
    for (const Seat& s : seats) names.push_back(s.bot);
    return bots::bots_for_game(names, seats.size(), seed);
}
}  // namespace

PlaySession::PlaySession(load::LoadedGame loaded, std::string scenario_path, std::uint64_t seed,
                         std::vector<Seat> seats, std::vector<int> forced_dice)
    : loaded_(std::move(loaded)),
      scenario_path_(std::move(scenario_path)),
      seed_(seed),
      forced_dice_(std::move(forced_dice)) {
    seats.resize(loaded_.scenario->sides.size());
    set_seats(std::move(seats));
    rebuild(0);
    dice_after_ = {game().state().dice_rolled};
    turns_ = {game().state().at.turn};
    note_viewer();
}

namespace {
// A file that is not a replay gets told what it looks like instead.
void require_replay(const std::string& file) {
    const std::string text = load::read_file(file);
    if (text.find("format: sandtable-replay/") != std::string::npos) return;
    if (text.find("ruleset:") != std::string::npos)
        throw std::runtime_error(file + ": this is a scenario, not a replay; open it with File > Open Scenario");
    throw std::runtime_error(file +
                             ": not a replay (a replay starts with `format: sandtable-replay/2`; `sandtable play "
                             "--replay-out` and Save Replay write them)");
}
}  // namespace

PlaySession PlaySession::open_replay(const std::string& replay_file) {
    require_replay(replay_file);
    bots::OpenedReplay opened = bots::open_replay(replay_file);
    const std::size_t sides = opened.loaded.scenario->sides.size();
    PlaySession play(std::move(opened.loaded), opened.scenario_file, opened.replay.seed,
                     std::vector<Seat>(sides, Seat{false, "greedy"}), opened.replay.forced_dice);
    if (!opened.replay.content_hash.empty() &&
        opened.replay.content_hash != play.loaded_.content_hash)  // opened.loaded was moved into play
        play.warning_ = "The scenario, ruleset or scripts changed since this replay was made.";
    for (std::size_t i = 0; i < opened.replay.steps.size(); ++i) {
        const auto& step = opened.replay.steps[i];
        try {
            play.apply(step.action);
        } catch (const std::exception& e) {
            throw std::runtime_error(replay_file + ": action " + std::to_string(i + 1) +
                                     " cannot be applied: " + e.what());
        }
        const auto now = play.game().checksum();
        if (step.has_checksum && now != step.checksum && play.warning_.find("diverged") == std::string::npos)
            play.warning_ += std::string(play.warning_.empty() ? "" : " ") + "Action " + std::to_string(i + 1) + " (" +
                             play.game().describe(step.action) + ") diverged: checksum " + kernel::hex_checksum(now) +
                             ", the replay says " + kernel::hex_checksum(step.checksum) +
                             ". This is the game as it re-executes now, not as it was recorded.";
    }
    play.unsaved_ = false;
    return play;
}

void PlaySession::set_seats(std::vector<Seat> seats) {
    seats.resize(loaded_.scenario->sides.size());
    bots_ = seat_bots(seats, seed_);  // throws on an unknown bot before anything changes
    seats_ = std::move(seats);
    last_viewer_ = -1;
    hand_over_to_ = -1;
    if (session_) note_viewer();
}

void PlaySession::rebuild(std::size_t position) {
    auto fresh = std::make_unique<bots::Session>(loaded_, scenario_path_, seed_, forced_dice_, true);
    fresh->game().recording().explain = true;
    for (std::size_t i = 0; i < position; ++i) fresh->apply(actions_[i]);
    session_ = std::move(fresh);
    position_ = position;
}

void PlaySession::go_to(std::size_t position) {
    position = std::min(position, actions_.size());
    if (position < position_) {
        rebuild(position);
    } else {
        while (position_ < position) session_->apply(actions_[position_++]);
    }
    note_viewer();
}

std::optional<kernel::Action> PlaySession::next_action() const {
    if (position_ >= actions_.size()) return std::nullopt;
    return actions_[position_];
}

std::size_t PlaySession::position_of_turn(int turn) const {
    for (std::size_t p = 0; p < turns_.size(); ++p)
        if (turns_[p] >= turn) return p;
    return actions_.size();
}

bool PlaySession::waiting_for_human() const {
    if (game().over()) return false;
    const int side = game().deciding_side();
    return side >= 0 && static_cast<std::size_t>(side) < seats_.size() && seats_[static_cast<std::size_t>(side)].human;
}

void PlaySession::apply(const kernel::Action& action) {
    const bool human = waiting_for_human();
    const int side = game().deciding_side();
    session_->apply(action);  // throws, changing nothing, when illegal
    actions_.resize(position_);
    dice_after_.resize(position_ + 1);
    turns_.resize(position_ + 1);
    by_human_.resize(position_);
    by_side_.resize(position_);
    actions_.push_back(action);
    by_human_.push_back(human);
    by_side_.push_back(side);
    unsaved_ = unsaved_ || human;
    dice_after_.push_back(game().state().dice_rolled);
    turns_.push_back(game().state().at.turn);
    ++position_;
    note_viewer();
}

std::size_t PlaySession::run_bots(std::size_t max_actions) {
    std::size_t taken = 0;
    while (taken < max_actions && !game().over() && !waiting_for_human()) {
        const auto& legal = game().legal_actions();
        if (legal.empty())
            throw std::logic_error(std::string("no legal action at decision ") +
                                   kernel::decision_kind_name(game().decision()));
        bots::Bot& bot = *bots_.at(static_cast<std::size_t>(game().deciding_side()));
        const kernel::Action chosen = bot.decide(session_->game(), legal);  // a copy: apply() replaces the list
        apply(chosen);
        ++taken;
    }
    return taken;
}

namespace {
// The last person's action before `position`; the action before it when
// no person has acted (a game watched).
std::size_t take_back_target(const std::vector<bool>& by_human, std::size_t position) {
    for (std::size_t i = position; i-- > 0;)
        if (by_human[i]) return i;
    return position - 1;
}
}  // namespace

bool PlaySession::hidden_hot_seat() const {
    const auto humans = std::count_if(seats_.begin(), seats_.end(), [](const Seat& s) { return s.human; });
    return humans > 1 && game().hides_information() && !game().over();
}

bool PlaySession::may_look_back() const { return !hidden_hot_seat(); }

bool PlaySession::can_take_back() const {
    if (position_ == 0) return false;
    const std::size_t to = take_back_target(by_human_, position_);
    // People at the table take back their own decisions, never a bot's alone.
    const bool people = std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.human; });
    if (people && !by_human_[to]) return false;
    if (dice_after_[position_] != dice_after_[to]) return false;
    if (hidden_hot_seat())
        for (std::size_t i = to; i < position_; ++i)
            if (by_human_[i] && by_side_[i] != viewer()) return false;
    return true;
}

void PlaySession::take_back() {
    if (!can_take_back()) throw std::logic_error("a die has been rolled since: the action cannot be taken back");
    rebuild(take_back_target(by_human_, position_));
    note_viewer();
}

int PlaySession::viewer() const {
    const auto humans = std::count_if(seats_.begin(), seats_.end(), [](const Seat& s) { return s.human; });
    if (humans == 0) return -1;
    if (humans == 1)
        return static_cast<int>(std::find_if(seats_.begin(), seats_.end(), [](const Seat& s) { return s.human; }) -
                                seats_.begin());
    return waiting_for_human() ? game().deciding_side() : last_viewer_;
}

void PlaySession::note_viewer() {
    const int now = viewer();
    const auto humans = std::count_if(seats_.begin(), seats_.end(), [](const Seat& s) { return s.human; });
    if (humans > 1 && game().hides_information() && now >= 0 && last_viewer_ >= 0 && now != last_viewer_)
        hand_over_to_ = now;
    if (now >= 0) last_viewer_ = now;
}

std::vector<std::string> PlaySession::modules_listening(const std::string& event) const {
    std::vector<std::string> out;
    for (const auto& h : session_->rule_host().handlers(event.c_str()))
        if (std::find(out.begin(), out.end(), h.module) == out.end()) out.push_back(h.module);
    return out;
}

std::string PlaySession::replay_yaml(const std::string& replay_file) const {
    return session_->replay_yaml(replay_file);
}

void PlaySession::save_replay(const std::string& replay_file) {
    if (!may_save_replay())
        throw std::logic_error(
            "a replay of a game in progress would show each side's hidden orders: save it when the game is over");
    load::write_file_atomically(replay_file, replay_yaml(replay_file));
    unsaved_ = false;
}

}  // namespace sandtable::studio
