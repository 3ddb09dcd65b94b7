// The playtest page put together: its controls, navigation, map, tabs, hand-over screen and seats.
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
#include <iterator>

namespace sandtable::studio {

namespace {
const char* const kSeatNames[] = {"Person", "greedy bot", "random bot", "search bot (fast)", "search bot"};
const char* const kSeatBots[] = {"greedy", "greedy", "random", "mcts:fast", "mcts"};

wxString utf8(const std::string& text) { return wxString::FromUTF8(text); }

wxButton* small_button(wxWindow* parent, const char* label, const char* tip) {
    auto* b = new wxButton(parent, wxID_ANY, utf8(label), wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    b->SetToolTip(utf8(tip));
    return b;
}
}  // namespace

PlayPanel::PlayPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    ask = [this](const wxString& message, const wxString& caption, long style) {
        return wxMessageBox(message, caption, style, this);
    };
    book_ = new wxSimplebook(this);
    auto* split = new wxSplitterWindow(book_, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxSP_LIVE_UPDATE | wxSP_3D);
    build_map(split);
    build_tabs(split);
    split->SplitVertically(canvas_, tabs_, -430);
    split->SetSashGravity(1.0);
    split->SetMinimumPaneSize(200);
    book_->AddPage(split, "play");
    book_->AddPage(build_hand_over(), "hand over");
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    build_controls(sizer);
    sizer->Add(book_, 1, wxEXPAND);
    SetSizer(sizer);
    refresh();
}

// Who plays, the seed, the game's buttons; stepping through the game; what it waits for.
void PlayPanel::build_controls(wxBoxSizer* sizer) {
    seats_panel_ = new wxPanel(this);
    seed_ =
        new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(170, -1), wxSP_ARROW_KEYS, 1, 1'000'000'000, 1);
    auto* seats = new wxBoxSizer(wxHORIZONTAL);
    seats->Add(seats_panel_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 8);
    seats->Add(new wxStaticText(this, wxID_ANY, "Seed"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    seats->Add(seed_, 0);

    auto* new_game_button = new wxButton(this, wxID_ANY, "New Game");
    auto* open = new wxButton(this, wxID_ANY, utf8("Open Replay…"));
    save_ = new wxButton(this, wxID_ANY, utf8("Save Replay…"));
    take_back_ = new wxButton(this, wxID_ANY, "Take Back");
    take_back_->SetToolTip("Undo your last decision (and the bots' answers to it) while no die has been rolled since");
    play_on_ = new wxButton(this, wxID_ANY, "Play On from Here");
    play_on_->SetToolTip(
        "Play from the position shown, with the seats chosen (a new line of play when earlier than the end)");
    auto* game_buttons = new wxBoxSizer(wxHORIZONTAL);
    for (wxWindow* w :
         {static_cast<wxWindow*>(new_game_button), static_cast<wxWindow*>(open), static_cast<wxWindow*>(save_),
          static_cast<wxWindow*>(take_back_), static_cast<wxWindow*>(play_on_)})
        game_buttons->Add(w, 0, wxRIGHT, 4);
    new_game_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { new_game(); });
    open->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        wxFileDialog dialog(this, "Open a replay", "", "", "Replays (*.yaml)|*.yaml|All files|*",
                            wxFD_OPEN | wxFD_FILE_MUST_EXIST);
        if (confirm_discard_game() && dialog.ShowModal() == wxID_OK)
            open_replay(dialog.GetPath().ToStdString(wxConvUTF8));
    });
    save_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { save_replay(); });
    take_back_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { take_back(); });
    play_on_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { play_on(); });

    decision_ = new wxStaticText(this, wxID_ANY, "Choose who plays each side and press New Game.");
    decision_->SetFont(decision_->GetFont().Bold());
    sizer->Add(seats, 0, wxALL, 4);
    sizer->Add(game_buttons, 0, wxLEFT | wxRIGHT | wxBOTTOM, 4);
    sizer->Add(build_navigation(), 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 4);
    sizer->Add(decision_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        show_decision(decision_text_);  // wrapped again from the whole line
        e.Skip();
    });
}

wxSizer* PlayPanel::build_navigation() {
    first_ = small_button(this, "|<", "The start of the game");
    back_ = small_button(this, "<", "One action back");
    forward_ = small_button(this, ">", "One action forward");
    last_ = small_button(this, ">|", "The last action");
    slider_ = new wxSlider(this, wxID_ANY, 0, 0, 1, wxDefaultPosition, wxSize(260, -1));
    turn_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxSP_ARROW_KEYS, 1, 999, 1);
    go_ = new wxButton(this, wxID_ANY, "Go to Turn", wxDefaultPosition, wxDefaultSize, wxBU_EXACTFIT);
    where_ = new wxStaticText(this, wxID_ANY, "");
    auto* nav = new wxBoxSizer(wxHORIZONTAL);
    for (wxWindow* w : {static_cast<wxWindow*>(first_), static_cast<wxWindow*>(back_)}) nav->Add(w, 0, wxRIGHT, 2);
    nav->Add(slider_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 2);
    for (wxWindow* w : {static_cast<wxWindow*>(forward_), static_cast<wxWindow*>(last_)}) nav->Add(w, 0, wxRIGHT, 2);
    nav->Add(turn_, 0, wxLEFT | wxRIGHT, 6);
    nav->Add(go_, 0, wxRIGHT, 8);
    nav->Add(where_, 1, wxALIGN_CENTER_VERTICAL);
    first_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { go_to(0); });
    back_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (play_ && play_->position() > 0) go_to(play_->position() - 1);
    });
    forward_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (play_) go_to(play_->position() + 1);
    });
    last_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (play_) go_to(play_->length());
    });
    slider_->Bind(wxEVT_SLIDER, [this](wxCommandEvent&) { go_to(static_cast<std::size_t>(slider_->GetValue())); });
    go_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (!play_) return;
        const int turn = turn_->GetValue();
        go_to(play_->position_of_turn(turn));
        if (play_->game().state().at.turn < turn)
            status(wxString::Format("The game never reached turn %d: shown at its last action", turn));
    });
    return nav;
}

void PlayPanel::build_map(wxWindow* parent) {
    canvas_ = new MapCanvas(parent);
    canvas_->show_zones = false;
    canvas_->draw_overlay = [this](wxGraphicsContext& gc, const MapView& view) {
        draw_marks(gc, view, marks_);
        draw_table_marks(gc, view, table_units_, table_marks_);
    };
    // A hex map: a click (not a drag, which pans) on a hex. A tabletop: the
    // game's stands; this panel is the tool (see mouse()).
    hex_click_.on_click = [this](geometry::Hex hex) { on_hex_clicked(hex); };
    canvas_->table_units = &table_units_;
}

// Decision, Combat, Dice, Log and Odds.
void PlayPanel::build_tabs(wxWindow* parent) {
    tabs_ = new wxNotebook(parent, wxID_ANY);
    actions_ = new wxListBox(tabs_, wxID_ANY);
    tabs_->AddPage(actions_, "Decision");
    // One click takes an action, as on the map; Enter takes the one the arrow keys selected.
    actions_->SetToolTip("Click an action to take it (or select it with the arrow keys and press Enter)");
    auto take = [this](int i) {
        if (i < 0 || static_cast<std::size_t>(i) >= listed_.size()) return;
        const kernel::Action a = listed_[static_cast<std::size_t>(i)];
        CallAfter([this, a] { act(a); });  // after the list's own handling of the click: acting refills it
    };
    actions_->Bind(wxEVT_LEFT_UP, [this, take](wxMouseEvent& e) {
        e.Skip();
        take(actions_->HitTest(e.GetPosition()));
    });
    actions_->Bind(wxEVT_KEY_DOWN, [this, take](wxKeyEvent& e) {
        if (e.GetKeyCode() == WXK_RETURN || e.GetKeyCode() == WXK_NUMPAD_ENTER)
            take(actions_->GetSelection());
        else
            e.Skip();
    });
    auto* combat_page = new wxPanel(tabs_);
    combats_ = new wxListBox(combat_page, wxID_ANY);
    combat_text_ =
        new wxTextCtrl(combat_page, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxTE_MULTILINE | wxTE_READONLY);
    combat_text_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
    auto* combat_sizer = new wxBoxSizer(wxVERTICAL);
    combat_sizer->Add(combats_, 1, wxEXPAND | wxBOTTOM, 4);
    combat_sizer->Add(combat_text_, 2, wxEXPAND);
    combat_page->SetSizer(combat_sizer);
    tabs_->AddPage(combat_page, "Combat");
    combats_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent&) {
        if (!play_) return;
        const int i = combats_->GetSelection();
        const auto& all = play_->game().records().combats;
        if (i >= 0 && static_cast<std::size_t>(i) < all.size())
            combat_text_->SetValue(utf8(combat_text(play_->game(), all[static_cast<std::size_t>(i)], &sources_)));
    });
    dice_ = new wxListCtrl(tabs_, wxID_ANY, wxDefaultPosition, wxDefaultSize, wxLC_REPORT);
    for (const char* column : {"Turn", "Phase", "Die", "Roll", "For"}) dice_->AppendColumn(column);
    tabs_->AddPage(dice_, "Dice");
    log_ = new wxTextCtrl(tabs_, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxTE_MULTILINE | wxTE_READONLY);
    log_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
    tabs_->AddPage(log_, "Log");
    odds_ = new OddsPanel(tabs_);
    odds_->on_picks_changed = [this] { refresh(); };
    tabs_->AddPage(odds_, "Odds");
    // Picking for the odds ends when the player turns to another tab: map clicks play again.
    tabs_->Bind(wxEVT_NOTEBOOK_PAGE_CHANGED, [this](wxBookCtrlEvent& e) {
        if (tabs_->GetPage(static_cast<std::size_t>(e.GetSelection())) != odds_) odds_->stop_picking();
        e.Skip();
    });
}

// What hot-seat players see between them when the sequence hides orders.
wxWindow* PlayPanel::build_hand_over() {
    auto* hand_over = new wxPanel(book_);
    hand_over->SetBackgroundColour(wxColour(60, 60, 70));
    hand_over_text_ =
        new wxStaticText(hand_over, wxID_ANY, "", wxDefaultPosition, wxDefaultSize, wxALIGN_CENTRE_HORIZONTAL);
    hand_over_text_->SetForegroundColour(*wxWHITE);
    hand_over_text_->SetFont(wxFontInfo(18).Bold());
    hand_over_button_ = new wxButton(hand_over, wxID_ANY, "Show my view");
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->AddStretchSpacer();
    sizer->Add(hand_over_text_, 0, wxALIGN_CENTER | wxALL, 20);
    sizer->Add(hand_over_button_, 0, wxALIGN_CENTER);
    sizer->AddStretchSpacer();
    hand_over->SetSizer(sizer);
    hand_over_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        if (play_) play_->handed_over();
        refresh();
    });
    return hand_over;
}

void PlayPanel::build_seats() {
    seats_panel_->DestroyChildren();
    seat_choices_.clear();
    auto* sizer = new wxBoxSizer(wxHORIZONTAL);
    const rules::Scenario* sc = play_ ? &play_->game().scenario() : doc_ ? &doc_->scenario() : nullptr;
    if (sc)
        for (std::size_t s = 0; s < sc->sides.size(); ++s) {
            sizer->Add(new wxStaticText(seats_panel_, wxID_ANY, utf8(sc->sides[s].name)), 0,
                       wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
            auto* choice = new wxChoice(seats_panel_, wxID_ANY);
            for (const char* name : kSeatNames) choice->Append(name);
            const bool human = play_ ? play_->seats()[s].human && !watching_ : s == 0;
            const std::string bot = play_ ? play_->seats()[s].bot : std::string("greedy");
            int shown = 1;
            for (int i = 1; i < static_cast<int>(std::size(kSeatBots)); ++i)
                if (bot == kSeatBots[i]) shown = i;
            choice->SetSelection(human ? 0 : shown);
            choice->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { seats_changed(); });
            sizer->Add(choice, 0, wxRIGHT, 8);
            seat_choices_.push_back(choice);
        }
    seats_panel_->SetSizer(sizer);
    Layout();
}

std::vector<Seat> PlayPanel::chosen_seats() const {
    std::vector<Seat> seats;
    for (const wxChoice* c : seat_choices_) {
        const int i = std::max(0, c->GetSelection());
        seats.push_back({i == 0, kSeatBots[i]});
    }
    return seats;
}

}  // namespace sandtable::studio
