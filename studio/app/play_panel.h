// The Playtest page: play the open scenario under its real rules, each side
// a person at the screen (hot seat) or a bot; or watch a replay. The map
// marks what the decision allows (reachable hexes with their cost, targets
// with their odds); a click on the map acts, and the Decision list offers
// every legal action in words. Each combat is explained on the Combat tab,
// every die is in the Dice tab, and the Odds tab is the odds calculator.
// Moves are taken back while no die has fallen since; the game can be
// stepped back and forth and jumped to a turn, and saved as a replay the CLI
// re-executes. In hot seat with hidden orders, the screen is handed over
// between the players.
#pragma once

#include "app/hex_tools.h"
#include "app/map_canvas.h"
#include "app/odds_panel.h"
#include "core/order_drag.h"
#include "core/play_session.h"
#include "core/play_view.h"
#include "core/scenario_document.h"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/listbox.h>
#include <wx/listctrl.h>
#include <wx/notebook.h>
#include <wx/sizer.h>
#include <wx/panel.h>
#include <wx/simplebook.h>
#include <wx/slider.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include <functional>
#include <memory>
#include <vector>

namespace sandtable::studio {

class PlayPanel : public wxPanel, public CanvasTool {
public:
    explicit PlayPanel(wxWindow* parent);
    // The scenario New Game plays (its saved file).
    void set_document(const ScenarioDocument* doc);
    void new_game();
    bool has_game() const { return play_ != nullptr; }
    std::string game_scenario() const { return play_ ? play_->scenario_path() : std::string(); }
    // Opens a replay file (the CLI's or the studio's) to watch and step through.
    bool open_replay(const std::string& file);
    void save_replay();
    // A game a person has played and not saved: asks before it is dropped.
    bool confirm_discard_game();
    // The scenario's files were read again after a change on disk: a game in progress says it plays them as they were.
    void sources_changed();
    // The game on the page, and an action taken in it as a click on the board or the list would.
    const kernel::Game* game() const { return play_ ? &play_->game() : nullptr; }
    unsigned combats_listed() const;  // the Combat tab's list
    void act(const kernel::Action& action);
    // Told what to show in the status bar.
    std::function<void(const wxString&)> on_status;
    // Saves the open document (true when nothing is left unsaved), and asks
    // the designer a question (wxYES, wxNO, wxCANCEL): the studio's own.
    std::function<bool()> save_document;
    std::function<int(const wxString& message, const wxString& caption, long style)> ask;

private:
    bool play_what_is_shown(const std::string& file);
    void show_decision(const wxString& text);
    wxString decision_text_;  // the decision line as written, before wrapping
    void build_controls(wxBoxSizer* sizer);
    wxSizer* build_navigation();
    void build_map(wxWindow* parent);
    void build_tabs(wxWindow* parent);
    wxWindow* build_hand_over();
    void build_seats();
    void put_away_game();
    std::vector<Seat> chosen_seats() const;
    void play_on();
    void bots_move();
    void take_back();
    void go_to(std::size_t position);
    void on_hex_clicked(geometry::Hex hex);
    void on_table_clicked(tabletop::gt::Point cm, double tolerance);
    // The canvas's tool on a tabletop: orders dragged, a click on a unit offers its actions.
    bool mouse(const CanvasMouse& m, const MapView& view) override;
    bool drag_order(const CanvasMouse& m);
    void show_order_drag();
    void refresh();
    void fill_actions();
    void fill_combats();
    void fill_dice();
    void fill_log();
    void status(const wxString& text);
    void report_news(std::size_t combats_before, std::size_t log_before);
    void seats_changed();

    const ScenarioDocument* doc_ = nullptr;
    std::unique_ptr<PlaySession> play_;
    bool released_ = false;         // the designer answered "don't save" about this game
    bool sources_changed_ = false;  // the scenario's files changed on disk since the game began
    ValueSources sources_;          // where the game's values are written, for the Combat tab
    bool watching_ = false;         // a replay watched: bots do not move until Play On
    rules::Scenario board_;
    std::vector<HexMark> marks_;
    std::vector<tabletop::UnitShape> table_units_;  // a tabletop's units, where the kernel has them
    std::vector<tabletop::UnitMark> table_marks_;
    std::optional<tabletop::OrderDrag> order_drag_;  // an order being dragged from a unit
    bool order_dragged_ = false;                       // the pointer has left the unit's spot
    std::vector<kernel::Action> listed_;               // the Decision list's actions, in order

    wxPanel* seats_panel_ = nullptr;
    std::vector<wxChoice*> seat_choices_;
    wxSpinCtrl* seed_ = nullptr;
    wxButton* take_back_ = nullptr;
    wxButton* play_on_ = nullptr;
    wxButton* save_ = nullptr;
    wxButton* first_ = nullptr;
    wxButton* back_ = nullptr;
    wxButton* forward_ = nullptr;
    wxButton* last_ = nullptr;
    wxSlider* slider_ = nullptr;
    wxSpinCtrl* turn_ = nullptr;
    wxButton* go_ = nullptr;
    wxStaticText* where_ = nullptr;
    wxStaticText* decision_ = nullptr;
    wxSimplebook* book_ = nullptr;
    wxStaticText* hand_over_text_ = nullptr;
    wxButton* hand_over_button_ = nullptr;
    HexClickTool hex_click_;  // the canvas's tool on a hex map
    MapCanvas* canvas_ = nullptr;
    wxNotebook* tabs_ = nullptr;
    wxListBox* actions_ = nullptr;
    wxListBox* combats_ = nullptr;
    wxTextCtrl* combat_text_ = nullptr;
    wxListCtrl* dice_ = nullptr;
    wxTextCtrl* log_ = nullptr;
    OddsPanel* odds_ = nullptr;
};

}  // namespace sandtable::studio
