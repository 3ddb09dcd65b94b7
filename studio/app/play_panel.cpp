#include "app/play_panel.h"

#include "app/save_before_play.h"

#include "render/mark_painter.h"
#include "load/table_map_writer.h"
#include "render/table_painter.h"

#include <wx/filedlg.h>
#include <wx/menu.h>
#include <wx/msgdlg.h>
#include <wx/sizer.h>
#include <wx/splitter.h>

#include <algorithm>
#include <filesystem>
#include <cmath>

namespace sandtable::studio {

namespace {
wxString utf8(const std::string& text) { return wxString::FromUTF8(text); }
}  // namespace

// The decision line in full, wrapped to the page's width (a long one is never cut short).
void PlayPanel::show_decision(const wxString& text) {
    decision_text_ = text;
    decision_->SetLabelText(text);  // no mnemonics: "Reorganization & Rally" keeps its "&"
    decision_->Wrap(std::max(200, GetClientSize().x - 16));
    Layout();
}

bool PlayPanel::mouse(const CanvasMouse& m, const MapView&) {
    if (drag_order(m)) return true;
    if (m.kind == CanvasMouse::Click) on_table_clicked(m.cm, m.tolerance);
    return false;
}

// Orders by hand: a press on a unit still to be ordered and a drag set its
// march (the arrow shows it as it goes, held to the unit's move), the wheel
// turns the facing it ends in; a press released on the spot offers the menu.
bool PlayPanel::drag_order(const CanvasMouse& m) {
    using Mouse = CanvasMouse;
    if (m.kind == Mouse::Down) {
        if (!play_ || watching_ || !play_->waiting_for_human()) return false;
        const auto hit = tabletop::hit_at(board_, table_units_, m.cm, m.tolerance);
        if (hit.kind != tabletop::Hit::Unit) return false;
        order_drag_ = tabletop::OrderDrag::start(play_->game(), hit.index);
        order_dragged_ = false;
        return order_drag_.has_value();
    }
    if (!order_drag_) return false;
    if (m.kind == Mouse::Move || m.kind == Mouse::Wheel) {
        if (m.kind == Mouse::Wheel)
            order_drag_->turn(m.steps);
        else
            order_drag_->pointer_at(m.cm);
        order_dragged_ =
            order_dragged_ || tabletop::gt::distance(order_drag_->from(), m.cm) >= 1.0 || m.kind == Mouse::Wheel;
        show_order_drag();
        return true;
    }
    if (m.kind == Mouse::Up) {
        const auto drag = *order_drag_;
        order_drag_.reset();
        if (!order_dragged_) {
            on_table_clicked(m.cm, m.tolerance);  // the menu of canned orders and formations
            return true;
        }
        act(kernel::act::WriteOrder{drag.unit(), drag.order(play_->game())});
        return true;
    }
    return false;
}

void PlayPanel::show_order_drag() {
    const auto& game = play_->game();
    table_marks_ = tabletop::decision_marks(game, play_->viewer());
    tabletop::UnitMark arrow;
    arrow.kind = tabletop::UnitMark::Order;
    arrow.unit = order_drag_->unit();
    arrow.from = order_drag_->from();
    arrow.to = order_drag_->to(game);
    arrow.label = with_unit_names(game, order_drag_->label(game));
    table_marks_.push_back(arrow);
    const auto& placed = game.scenario().units[static_cast<std::size_t>(order_drag_->unit())];
    status(utf8((placed.name.empty() ? placed.id : placed.name) + ": " +
                with_unit_names(game, order_drag_->label(game)) +
                " — release to write it; the wheel turns the facing"));
    canvas_->Refresh();
}

// On a tabletop the unit clicked is found by its stands; what the decision
// allows for it (its order, a shot by it or at it) is offered as on a hex.
void PlayPanel::on_table_clicked(tabletop::gt::Point cm, double tolerance) {
    if (!play_) return;
    const auto& game = play_->game();
    const auto hit = tabletop::hit_at(board_, table_units_, cm, tolerance);
    if (hit.kind != tabletop::Hit::Unit) {
        status(utf8("x " + load::format_cm(std::round(cm.x)) + ", y " + load::format_cm(std::round(cm.y)) +
                    " cm: no unit there"));
        return;
    }
    const auto& placed = game.scenario().units[static_cast<std::size_t>(hit.index)];
    const std::string name = placed.name.empty() ? placed.id : placed.name;
    if (watching_ || !play_->waiting_for_human()) {
        status(utf8(name + ": " + std::to_string(game.unit(hit.index).figures()) + " figures, facing " +
                    std::to_string(game.state().unit(hit.index).facing) + "°"));
        return;
    }
    const auto here = tabletop::actions_for_unit(game, hit.index);
    if (here.empty()) {
        status(utf8("Nothing to do with " + name + " now"));
        return;
    }
    if (here.size() == 1) return act(here.front());
    constexpr std::size_t kMost = 40;  // a long menu: the rest are in the Decision list
    wxMenu menu;
    const auto labels = action_labels(game, here);
    for (std::size_t i = 0; i < here.size() && i < kMost; ++i) menu.Append(static_cast<int>(i) + 1, utf8(labels[i]));
    if (here.size() > kMost)
        menu.Append(wxID_ANY, wxString::Format("(%zu more in the Decision list)", here.size() - kMost))->Enable(false);
    const int chosen = GetPopupMenuSelectionFromUser(menu);
    if (chosen >= 1 && static_cast<std::size_t>(chosen) <= here.size()) act(here[static_cast<std::size_t>(chosen - 1)]);
}

// Another scenario opened: the game of the one before is put away (the studio
// asked first), so New Game plays the scenario now open.
void PlayPanel::set_document(const ScenarioDocument* doc) {
    doc_ = doc;
    std::error_code ec;
    // Put away when another scenario opens, or this one again after the designer let the game go.
    if (play_ && (released_ || !doc_ || !std::filesystem::equivalent(play_->scenario_path(), doc_->file(), ec)))
        put_away_game();
    build_seats();
    odds_->set_ruleset(play_ ? &play_->game().ruleset() : doc_ ? &doc_->ruleset() : nullptr);
}

unsigned PlayPanel::combats_listed() const { return combats_->GetCount(); }

// The page without a game: nothing on the board, no position in a game, the decision line says how to start one.
void PlayPanel::put_away_game() {
    released_ = sources_changed_ = false;
    play_.reset();
    order_drag_.reset();
    marks_.clear();
    table_marks_.clear();
    canvas_->set_scenario(nullptr, nullptr);
    actions_->Clear();
    listed_.clear();
    show_decision("Choose who plays each side and press New Game.");
    where_->SetLabelText("");
    turn_->SetValue(1);
    slider_->SetRange(0, 1);
    slider_->SetValue(0);
    // The tabs tell of no game either: not the combats, dice and log of the one put away.
    combats_->Clear();
    combat_text_->SetValue(
        "No combat yet. Each combat fought is explained here: every unit's part, every modifier and the rule or script "
        "it came from, the column, the die and the result.");
    dice_->DeleteAllItems();
    log_->ChangeValue("");
    refresh();
    status("");
}

// A seat changed during a game takes effect at once: a bot given a side
// moves now; while a replay is watched it waits for Play On.
void PlayPanel::seats_changed() {
    if (!play_ || watching_) return;
    play_on();
}

bool PlayPanel::confirm_discard_game() {
    if (!play_ || !play_->unsaved() || released_) return true;
    const int answer = ask("The game on the Playtest page has not been saved as a replay. Save it first?",
                           "Game in progress", wxYES_NO | wxCANCEL | wxICON_QUESTION);
    if (answer == wxCANCEL) return false;
    if (answer == wxYES) {
        save_replay();
        return !play_->unsaved();
    }
    released_ = true;  // let go: not asked about again, and put away when the scenario is opened again
    return true;
}

void PlayPanel::new_game() {
    // A new game of the scenario on this page: the replay's when one is open, else the document's.
    const std::string file = play_ ? play_->scenario_path() : doc_ ? doc_->file() : std::string();
    if (file.empty() || !confirm_discard_game() || !play_what_is_shown(file)) return;
    try {
        play_ = std::make_unique<PlaySession>(load::load_scenario(file), file,
                                              static_cast<std::uint64_t>(seed_->GetValue()), chosen_seats());
    } catch (const std::exception& e) {
        ask(utf8(std::string("The scenario cannot be played: ") + e.what()), "New Game", wxOK | wxICON_ERROR);
        // The game before: let go, it goes; kept, it says its files have changed (they were just saved).
        if (play_ && released_)
            put_away_game();
        else if (play_)
            sources_changed();
        return;
    }
    watching_ = false;
    released_ = false;
    sources_changed_ = false;
    board_ = play_->game().scenario();
    sources_ = ValueSources::of(play_->game().ruleset());
    canvas_->set_scenario(&play_->game().ruleset(), &board_);
    canvas_->set_tool(play_->game().ruleset().table.enabled ? static_cast<CanvasTool*>(this) : &hex_click_);
    canvas_->map_changed();
    odds_->set_ruleset(&play_->game().ruleset());
    const bool edited = doc_ && doc_->file() == file && doc_->modified();
    status(edited ? "New game of the scenario as saved: the edits made since are not in it"
                  : "New game of " + utf8(file));
    bots_move();
}

bool PlayPanel::play_what_is_shown(const std::string& file) {
    if (!doc_ || doc_->file() != file) return true;
    return save_before_play(*doc_, ask, save_document, "New Game");
}

bool PlayPanel::open_replay(const std::string& file) {
    try {
        play_ = std::make_unique<PlaySession>(PlaySession::open_replay(file));
    } catch (const std::exception& e) {
        ask(utf8(e.what()), "Open Replay", wxOK | wxICON_ERROR);
        return false;
    }
    watching_ = true;
    released_ = sources_changed_ = false;
    seed_->SetValue(static_cast<int>(std::min<std::uint64_t>(play_->seed(), 1'000'000'000)));
    board_ = play_->game().scenario();
    sources_ = ValueSources::of(play_->game().ruleset());
    canvas_->set_scenario(&play_->game().ruleset(), &board_);
    canvas_->set_tool(play_->game().ruleset().table.enabled ? static_cast<CanvasTool*>(this) : &hex_click_);
    canvas_->map_changed();
    odds_->set_ruleset(&play_->game().ruleset());
    build_seats();
    status(utf8("Replay opened: step through it, or Play On from any point"));
    refresh();
    if (!play_->warning().empty()) ask(utf8(play_->warning()), "Open Replay", wxOK | wxICON_WARNING);
    return true;
}

void PlayPanel::save_replay() {
    if (!play_) return;
    if (!play_->may_save_replay()) {
        ask("A replay shows every order written. In a hot-seat game with hidden orders it can be saved once the game "
            "is over.",
            "Save Replay", wxOK | wxICON_INFORMATION);
        return;
    }
    const wxString folder =
        doc_ ? wxString::FromUTF8(std::filesystem::path(doc_->file()).parent_path().string()) : wxString();
    wxFileDialog dialog(this, "Save the replay", folder, "replay.yaml", "Replays (*.yaml)|*.yaml",
                        wxFD_SAVE | wxFD_OVERWRITE_PROMPT);
    if (dialog.ShowModal() != wxID_OK) return;
    const std::string file = dialog.GetPath().ToStdString(wxConvUTF8);
    try {
        play_->save_replay(file);
        status(utf8("Replay saved: " + std::to_string(play_->position()) + " actions"));
    } catch (const std::exception& e) {
        ask(utf8(e.what()), "Save Replay", wxOK | wxICON_ERROR);
    }
}

void PlayPanel::act(const kernel::Action& chosen) {
    if (!play_ || watching_ || !play_->waiting_for_human()) return;
    const kernel::Action action = chosen;  // `chosen` may lie in a list of legal actions the moves below rebuild
    const std::size_t combats = play_->game().records().combats.size(), log = play_->game().records().log.size();
    try {
        play_->apply(action);
    } catch (const std::exception& e) {
        ask(utf8(e.what()), "This cannot be done", wxOK | wxICON_WARNING);
    }
    bots_move();
    report_news(combats, log);
    if (action.kind() == kernel::ActionKind::WriteOrder)  // by drag or from the menu alike
        status(utf8("Order written: " + with_unit_names(play_->game(), play_->game().describe(action))));
}

// What just happened, in the status bar: the last combat fought, else the
// log's last line (a unit disordered by fire, a rally).
void PlayPanel::report_news(std::size_t combats_before, std::size_t log_before) {
    if (!play_) return;
    const auto& game = play_->game();
    if (game.records().combats.size() > combats_before) {
        status(utf8(combat_summary(game, game.records().combats.back())));
        return;
    }
    for (std::size_t i = game.records().log.size(); i-- > log_before;) {
        std::string line = game.records().log[i].text;
        line.erase(0, line.find_first_not_of(' '));
        if (line.rfind("roll ", 0) == 0) continue;  // the Dice tab has the dice
        status(utf8(with_unit_names(game, line)));
        return;
    }
    status("");  // nothing to tell: what was said of an earlier action is old news
}

// The scenario's files changed on disk under a game in progress: it goes on as it began, and says so.
void PlayPanel::sources_changed() {
    if (!play_ || play_->game().over()) return;
    sources_changed_ = true;
    refresh();
}

void PlayPanel::bots_move() {
    if (play_ && !watching_) {
        try {
            play_->run_bots();
        } catch (const std::exception& e) {
            ask(utf8(std::string("A bot could not move: ") + e.what()), "Playtest", wxOK | wxICON_ERROR);
        }
    }
    refresh();
}

void PlayPanel::play_on() {
    if (!play_) return;
    try {
        play_->set_seats(chosen_seats());
    } catch (const std::exception& e) {
        ask(utf8(e.what()), "Playtest", wxOK | wxICON_ERROR);
        return;
    }
    watching_ = false;
    bots_move();
}

void PlayPanel::take_back() {
    if (!play_ || !play_->can_take_back()) return;
    play_->take_back();
    status("Taken back");
    refresh();
}

void PlayPanel::go_to(std::size_t position) {
    if (!play_) return;
    if (!play_->may_look_back()) {
        status("Hot seat with hidden orders: the game can be stepped through once it is over");
        return;
    }
    play_->go_to(position);
    refresh();
}

void PlayPanel::on_hex_clicked(geometry::Hex hex) {
    if (!play_) return;
    if (odds_->picking()) {
        odds_->pick_hex(hex);
        tabs_->SetSelection(tabs_->FindPage(odds_));
        return;
    }
    if (watching_ || !play_->waiting_for_human()) return;
    const auto here = actions_at(play_->game(), hex);
    if (here.empty()) {
        status(utf8("Nothing to do in " + play_->game().grid().label(hex) + " now"));
        return;
    }
    if (here.size() == 1) return act(here.front());
    // Several (a stack, a unit that may flip or move): the player picks one.
    wxMenu menu;
    const auto labels = action_labels(play_->game(), here);
    for (std::size_t i = 0; i < here.size(); ++i) menu.Append(static_cast<int>(i) + 1, utf8(labels[i]));
    const int chosen = GetPopupMenuSelectionFromUser(menu);
    if (chosen >= 1) act(here[static_cast<std::size_t>(chosen - 1)]);
}

void PlayPanel::status(const wxString& text) {
    if (on_status) on_status(text);
}

void PlayPanel::refresh() {
    const bool have = static_cast<bool>(play_);
    // Stepping back would show hidden orders to whoever sits at the screen.
    const bool look_back = have && play_->may_look_back();
    for (wxWindow* w : {static_cast<wxWindow*>(first_), static_cast<wxWindow*>(back_), static_cast<wxWindow*>(forward_),
                        static_cast<wxWindow*>(last_), static_cast<wxWindow*>(slider_), static_cast<wxWindow*>(turn_),
                        static_cast<wxWindow*>(go_), static_cast<wxWindow*>(play_on_)})
        w->Enable(look_back);
    take_back_->Enable(have && !watching_ && play_->can_take_back());
    save_->Enable(have && play_->may_save_replay());
    if (!have) return;
    const kernel::Game& game = play_->game();
    const bool hand_over = play_->hand_over_needed();
    book_->SetSelection(hand_over ? 1 : 0);
    if (hand_over) {
        const auto& side = game.scenario().sides[static_cast<std::size_t>(play_->hand_over_to())].name;
        hand_over_text_->SetLabelText(utf8("Hand the screen to " + side + ".\nWhat follows is for their eyes only."));
        hand_over_button_->SetLabel(utf8("I am " + side + ": show my view"));
        book_->GetPage(1)->Layout();
    }
    update_board(game, game.scenario(), board_);
    if (game.ruleset().table.enabled) {  // stands where the kernel has them, marks on units
        table_units_ = tabletop::game_shapes(game, play_->viewer());
        table_marks_ = hand_over ? std::vector<tabletop::UnitMark>{} : tabletop::decision_marks(game, play_->viewer());
    }
    marks_ = hand_over || game.ruleset().table.enabled ? std::vector<HexMark>{} : decision_marks(game, play_->viewer());
    // Units picked for the odds calculator.
    auto mark_picked = [&](const std::vector<int>& units, MarkKind kind) {
        for (int u : units)
            if (const auto& s = game.state().unit(u); s.on_map) marks_.push_back({s.hex, kind, {}});
    };
    if (!game.ruleset().table.enabled) {
        mark_picked(odds_->picked_attackers(), MarkKind::Attacker);
        mark_picked(odds_->picked_defenders(), MarkKind::Defender);
    }
    std::string decision = decision_text(game);
    if (!game.over() && !play_->waiting_for_human()) decision += watching_ ? "  (watching)" : "  (a bot decides)";
    if (sources_changed_)
        decision +=
            "\nThe scenario's files changed on disk since this game began: it plays them as they were; New Game plays "
            "them as they are now.";
    show_decision(utf8(decision));
    slider_->SetRange(0, std::max<int>(1, static_cast<int>(play_->length())));
    slider_->SetValue(static_cast<int>(play_->position()));
    turn_->SetValue(game.state().at.turn);
    where_->SetLabelText(utf8("action " + std::to_string(play_->position()) + " of " + std::to_string(play_->length()) +
                              " · turn " + std::to_string(game.state().at.turn) + " of " +
                              std::to_string(game.scenario().turns)));
    fill_actions();
    fill_combats();
    fill_dice();
    fill_log();
    std::vector<std::string> modules;
    for (const char* event : {"combat.strengths", "combat.odds", "combat.roll", "combat.result"})
        for (const auto& m : play_->modules_listening(event))
            if (std::find(modules.begin(), modules.end(), m) == modules.end()) modules.push_back(m);
    odds_->set_game(&game, modules);
    canvas_->Refresh();
    Layout();
}

void PlayPanel::fill_actions() {
    actions_->Clear();
    listed_.clear();
    if (play_->hand_over_needed() || play_->game().over()) return;
    listed_ = play_->game().legal_actions();
    for (const auto& label : action_labels(play_->game(), listed_)) actions_->Append(utf8(label));
    // In a replay, the choice made next is selected.
    if (const auto next = play_->next_action())
        if (const auto it = std::find(listed_.begin(), listed_.end(), *next); it != listed_.end()) {
            actions_->SetSelection(static_cast<int>(it - listed_.begin()));
            actions_->EnsureVisible(static_cast<int>(it - listed_.begin()));
        }
    actions_->Enable(!watching_ && play_->waiting_for_human());
}

void PlayPanel::fill_combats() {
    const auto& all = play_->game().records().combats;
    combats_->Clear();
    for (const auto& why : all) combats_->Append(utf8(combat_summary(play_->game(), why)));
    if (all.empty()) {
        combat_text_->SetValue(
            "No combat yet. Each combat fought is explained here: every unit's part, every modifier and the rule or "
            "script it came from, the column, the die and the result.");
        return;
    }
    combats_->SetSelection(static_cast<int>(all.size()) - 1);
    combats_->EnsureVisible(static_cast<int>(all.size()) - 1);
    combat_text_->SetValue(utf8(combat_text(play_->game(), all.back(), &sources_)));
}

void PlayPanel::fill_dice() {
    dice_->DeleteAllItems();
    const UnitNamer named(play_->game());
    const auto& log = play_->game().records().dice;
    for (std::size_t i = log.size(); i-- > 0;) {  // the newest first
        const auto& d = log[i];
        const long row = dice_->InsertItem(dice_->GetItemCount(), wxString::Format("%d", d.turn));
        dice_->SetItem(row, 1, utf8(d.phase));
        dice_->SetItem(row, 2, wxString::Format("d%d", d.faces));
        dice_->SetItem(row, 3, wxString::Format("%d", d.value));
        dice_->SetItem(row, 4, utf8(named(d.why)));
    }
    for (int c = 0; c < 5; ++c) dice_->SetColumnWidth(c, c == 4 ? wxLIST_AUTOSIZE : wxLIST_AUTOSIZE_USEHEADER);
}

void PlayPanel::fill_log() {
    std::string text;
    const auto& log = play_->game().records().log;
    const std::size_t from = log.size() > 400 ? log.size() - 400 : 0;  // the recent part: the whole game can be long
    for (std::size_t i = from; i < log.size(); ++i)
        text += "T" + std::to_string(log[i].turn) + " " + log[i].text + "\n";
    log_->ChangeValue(utf8(with_unit_names(play_->game(), text)));
    log_->ShowPosition(log_->GetLastPosition());
}

}  // namespace sandtable::studio
