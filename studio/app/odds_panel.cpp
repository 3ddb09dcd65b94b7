#include "app/odds_panel.h"

#include "core/odds_calculator.h"
#include "core/play_view.h"

#include <wx/button.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include <algorithm>
#include <cmath>

namespace sandtable::studio {

namespace {
// "DR  33.33%  ██████████  Defender Retreats"
std::string outcome_lines(const OddsAnswer& a) {
    std::string out = std::to_string(a.attack) + " against " + std::to_string(a.defend);
    if (a.shift) out += ", shifted " + std::string(a.shift > 0 ? "+" : "") + std::to_string(a.shift);
    out += ": column " + a.column + " on the " + a.table + "\n";
    if (!a.automatic.empty()) out += "(an automatic result, no die)\n";
    for (const auto& o : a.outcomes) {
        char percent[32];
        std::snprintf(percent, sizeof percent, "%6.2f%%", o.probability * 100.0);
        std::string bar;
        for (int i = 0; i < static_cast<int>(std::lround(o.probability * 24)); ++i) bar += "\u2588";
        out += "  " + o.code + std::string(o.code.size() < 4 ? 4 - o.code.size() : 0, ' ') + percent + "  " + bar +
               std::string(static_cast<std::size_t>(25 - std::lround(o.probability * 24)), ' ') + o.name + "\n";
    }
    return out;
}
}  // namespace

OddsPanel::OddsPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    table_ = new wxChoice(this, wxID_ANY);
    attack_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxSP_ARROW_KEYS, 0, 9999, 13);
    defend_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxSP_ARROW_KEYS, 0, 9999, 4);
    shift_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(130, -1), wxSP_ARROW_KEYS, -20, 20, 0);
    pick_ = new wxToggleButton(this, wxID_ANY, "Pick on the map");
    pick_->SetToolTip(
        "Click a friendly hex to add attackers, then an enemy hex for the defenders; click again to remove");
    auto* clear = new wxButton(this, wxID_ANY, "Clear picks");
    phase_ = new wxChoice(this, wxID_ANY);
    result_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxDefaultSize,
                             wxTE_MULTILINE | wxTE_READONLY | wxTE_DONTWRAP);
    result_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));

    auto* typed = new wxFlexGridSizer(2, 4, 6);
    typed->Add(new wxStaticText(this, wxID_ANY, "Table"), 0, wxALIGN_CENTER_VERTICAL);
    typed->Add(table_, 1, wxEXPAND);
    typed->Add(new wxStaticText(this, wxID_ANY, "Attack"), 0, wxALIGN_CENTER_VERTICAL);
    typed->Add(attack_);
    typed->Add(new wxStaticText(this, wxID_ANY, "Defence"), 0, wxALIGN_CENTER_VERTICAL);
    typed->Add(defend_);
    typed->Add(new wxStaticText(this, wxID_ANY, "Column shift"), 0, wxALIGN_CENTER_VERTICAL);
    typed->Add(shift_);
    auto* picks = new wxBoxSizer(wxHORIZONTAL);
    picks->Add(pick_, 0, wxRIGHT, 4);
    picks->Add(clear, 0, wxRIGHT, 8);
    picks->Add(new wxStaticText(this, wxID_ANY, "as in"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    picks->Add(phase_, 1);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(new wxStaticText(this, wxID_ANY, "Type strengths:"), 0, wxALL, 4);
    sizer->Add(typed, 0, wxLEFT | wxRIGHT | wxEXPAND, 6);
    sizer->Add(new wxStaticText(this, wxID_ANY, "Or pick units on the Playtest map:"), 0, wxALL, 4);
    sizer->Add(picks, 0, wxLEFT | wxRIGHT | wxEXPAND, 6);
    sizer->Add(result_, 1, wxEXPAND | wxALL, 6);
    SetSizer(sizer);

    for (wxWindow* w :
         {static_cast<wxWindow*>(attack_), static_cast<wxWindow*>(defend_), static_cast<wxWindow*>(shift_)})
        w->Bind(wxEVT_SPINCTRL, [this](wxCommandEvent&) { show_typed(); });
    table_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { show_typed(); });
    phase_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { show_picked(); });
    clear->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { clear_picks(); });
    pick_->Bind(wxEVT_TOGGLEBUTTON, [this](wxCommandEvent&) {
        if (pick_->GetValue() && attackers_.empty())
            result_->SetValue(
                "Picking: click the attackers' hexes on the map, then the defenders' (a unit of the other side).\n"
                "Click a picked hex again to drop it. Leaving this tab ends picking.");
    });
}

void OddsPanel::set_ruleset(const rules::Ruleset* ruleset) {
    ruleset_ = ruleset;
    table_->Clear();
    if (ruleset_) {  // odds tables, then each line of each differential table
        for (const auto& t : ruleset_->odds_tables) table_->Append(wxString::FromUTF8(t.name));
        for (const auto& t : ruleset_->differential_tables)
            for (const auto& line : t.lines) table_->Append(wxString::FromUTF8(t.name + ": " + line.name));
    }
    if (!table_->IsEmpty()) table_->SetSelection(0);
    show_typed();
}

void OddsPanel::set_game(const kernel::Game* game, std::vector<std::string> combat_modules) {
    const bool same = game == game_;
    game_ = game;
    combat_modules_ = std::move(combat_modules);
    if (!same) {
        attackers_.clear();
        defenders_.clear();
        phase_->Clear();
        if (game_)
            for (const auto& id : game_->combat().odds_combat_phases()) phase_->Append(wxString::FromUTF8(id));
        if (!phase_->IsEmpty()) phase_->SetSelection(0);
    }
    if (!attackers_.empty() || !defenders_.empty()) show_picked();
}

void OddsPanel::clear_picks() {
    attackers_.clear();
    defenders_.clear();
    show_typed();
    if (on_picks_changed) on_picks_changed();
}

void OddsPanel::pick_hex(geometry::Hex hex) {
    if (!game_) return;
    auto units = game_->hex_board().units_at(hex);
    if (units.empty()) return;
    // Leaders stacked with fighting units add to them; they do not fight themselves.
    auto leader = [&](int u) { return game_->unit(u).capability(kernel::Capability::StacksFreely) != 0; };
    if (std::any_of(units.begin(), units.end(), [&](int u) { return !leader(u); })) std::erase_if(units, leader);
    const int side = game_->state().unit(units.front()).side;
    // The first units picked attack; units of another side defend.
    const bool attacking = attackers_.empty() || game_->state().unit(attackers_.front()).side == side;
    auto& list = attacking ? attackers_ : defenders_;
    const bool present = std::find(list.begin(), list.end(), units.front()) != list.end();
    for (int u : units) {
        if (game_->state().unit(u).side != side) continue;
        if (present)
            std::erase(list, u);
        else if (std::find(list.begin(), list.end(), u) == list.end())
            list.push_back(u);
    }
    show_picked();
    if (on_picks_changed) on_picks_changed();
}

void OddsPanel::show_typed() {
    if (!ruleset_ || table_->GetSelection() < 0) {
        result_->SetValue("No combat table in this ruleset.");
        return;
    }
    if (attack_->GetValue() == 0) {
        result_->SetValue("An attack needs an attack strength above 0.");
        return;
    }
    int choice = table_->GetSelection();
    if (choice < static_cast<int>(ruleset_->odds_tables.size())) {
        const auto& table = ruleset_->odds_tables[static_cast<std::size_t>(choice)];
        result_->SetValue(wxString::FromUTF8(outcome_lines(
            odds_of_strengths(*ruleset_, table, attack_->GetValue(), defend_->GetValue(), shift_->GetValue()))));
        return;
    }
    choice -= static_cast<int>(ruleset_->odds_tables.size());
    for (const auto& t : ruleset_->differential_tables) {  // the line chosen, counted across the tables
        if (choice < static_cast<int>(t.lines.size())) {
            result_->SetValue(wxString::FromUTF8(outcome_lines(odds_of_strengths(
                *ruleset_, t, choice, attack_->GetValue(), defend_->GetValue(), shift_->GetValue()))));
            return;
        }
        choice -= static_cast<int>(t.lines.size());
    }
}

void OddsPanel::show_picked() {
    if (!game_ || phase_->GetSelection() < 0) return;
    if (attackers_.empty() || defenders_.empty()) {
        result_->SetValue(attackers_.empty() ? "Pick the attackers' hexes, then the defenders'."
                                             : "Now pick the defenders' hex.");
        return;
    }
    try {
        const auto picked =
            odds_of_units(*game_, phase_->GetStringSelection().ToStdString(wxConvUTF8), attackers_, defenders_);
        std::string text = outcome_lines(picked.answer) + "\n";
        kernel::CombatExplanation why = picked.why;
        why.column = picked.answer.column;
        why.table = picked.answer.table;
        why.result.clear();
        std::string detail = combat_text(*game_, why);
        detail = detail.substr(detail.find('\n') + 1);      // no turn line: nothing has been fought
        detail = detail.substr(0, detail.rfind("No die"));  // nor a die or result
        text += detail;
        if (!combat_modules_.empty()) {
            text += "\nWhen fought, these rule modules may still change it:\n";
            for (const auto& m : combat_modules_) text += "  " + m + "\n";
        }
        result_->SetValue(wxString::FromUTF8(text));
    } catch (const std::exception& e) {
        result_->SetValue(wxString::FromUTF8(std::string("Cannot work out these odds: ") + e.what()));
    }
}

}  // namespace sandtable::studio
