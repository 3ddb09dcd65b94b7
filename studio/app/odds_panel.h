// The odds calculator panel: type the strengths (and a column shift) on any
// odds table of the ruleset, or pick attackers and defenders on the playtest
// map; see the column and the exact chance of each result, and, for picked
// units, each unit's part, every modifier with where it is written and the
// rule modules that may still change the combat when it is fought.
#pragma once

#include "geometry/hex.h"
#include "kernel/game.h"
#include "rules/ruleset.h"

#include <wx/choice.h>
#include <wx/panel.h>
#include <wx/spinctrl.h>
#include <wx/textctrl.h>
#include <wx/tglbtn.h>

#include <functional>
#include <string>
#include <vector>

namespace sandtable::studio {

class OddsPanel : public wxPanel {
public:
    explicit OddsPanel(wxWindow* parent);
    // The tables to type strengths on; null: none.
    void set_ruleset(const rules::Ruleset* ruleset);
    // The game units are picked in, and the modules listening to the combat
    // events; null when no game is open. Picks are kept while the game is.
    void set_game(const kernel::Game* game, std::vector<std::string> combat_modules);
    // While picking, a click on the map adds (or removes) the units in the hex.
    bool picking() const { return pick_->GetValue(); }
    void stop_picking() { pick_->SetValue(false); }
    void pick_hex(geometry::Hex hex);
    const std::vector<int>& picked_attackers() const { return attackers_; }
    const std::vector<int>& picked_defenders() const { return defenders_; }
    // Told when the picks change (the map marks them).
    std::function<void()> on_picks_changed;

private:
    void show_typed();
    void show_picked();
    void clear_picks();

    const rules::Ruleset* ruleset_ = nullptr;
    const kernel::Game* game_ = nullptr;
    std::vector<std::string> combat_modules_;
    std::vector<int> attackers_, defenders_;
    wxChoice* table_ = nullptr;
    wxSpinCtrl* attack_ = nullptr;
    wxSpinCtrl* defend_ = nullptr;
    wxSpinCtrl* shift_ = nullptr;
    wxToggleButton* pick_ = nullptr;
    wxChoice* phase_ = nullptr;
    wxTextCtrl* result_ = nullptr;
};

}  // namespace sandtable::studio
