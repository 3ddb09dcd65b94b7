// The Balance Lab page: runs bot games of the open scenario in the
// background (progress, Stop), and shows the report with charts — each
// side's win rate with its 95% interval, the distribution of the VP margin,
// losses by unit type — and, with a B to compare (a house rule folder, or
// the scenario without its own house rules), the same games played that way
// beside them (A/B on the same seeds) and the difference.
#pragma once

#include "app/balance_chart.h"
#include "app/skill_trace_chart.h"
#include "core/balance_run.h"
#include "core/skill_trace_run.h"
#include "core/scenario_document.h"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/gauge.h>
#include <wx/panel.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/timer.h>

#include <array>
#include <functional>
#include <memory>
#include <optional>

namespace sandtable::studio {

class BalancePanel : public wxPanel {
public:
    explicit BalancePanel(wxWindow* parent);
    ~BalancePanel() override;
    void set_document(const ScenarioDocument* doc);
    void refresh_labels();             // after an edit (a house rule started): B's choices and labels
    unsigned compare_choices() const;  // how many ways B may be chosen (2, or 3 with the scenario's own house rules)
    // Starts a run as the Run button does (also for tests and scripted screenshots).
    void run();
    bool running() const { return running_ != nullptr || trace_ != nullptr; }
    // Starts a skill trace as its button does: the search bot at doubling budgets against greedy,
    // from each side, `games` games each (skill_trace.h).
    void run_skill_trace();
    bool has_results() const { return a_.has_value(); }
    void set_games(int games);
    // B: the games again with this house rule folder added; refused (false,
    // the reason shown) when the scenario does not load with it.
    bool compare_with_house_rule(const std::string& folder);
    // B: the games again without the scenario's own house rules; refused
    // likewise when the scenario does not load without them.
    bool compare_without_own_house_rules();
    wxString error_text() const { return error_->GetLabel(); }
    // Saves the open document (true when nothing is left unsaved), and asks the designer: the studio's own.
    std::function<bool()> save_document;
    std::function<int(const wxString& message, const wxString& caption, long style)> ask;

private:
    wxSizer* make_controls();
    void on_compare_choice();
    void choose_house_rule();
    void fill_compare_choices();
    std::string house_rule_name(const std::string& folder) const;
    void show_b_label();
    enum class Compare { None, HouseRule, WithoutOwn };
    bool set_b(Compare how, const std::string& folder);
    void stop();
    void on_timer();
    void finish_run(const BalanceRun::Progress& p);
    void on_trace_timer();
    wxString trace_step_label(const SkillTraceStep& step) const;
    void show_trace();
    void show_chart(bool trace);  // the trace's chart in place of the batch's, or back
    bool ready_to_run();          // saved, loads: a run or a trace may start
    void show_results();
    bots::ReportNames names() const;
    void show_error(const std::string& text);
    bots::BatchSpec spec(bool b) const;
    // Why the scenario does not load as run `b` would play it; empty when it does.
    std::string load_problem(bool b) const;

    const ScenarioDocument* doc_ = nullptr;
    wxSpinCtrl* games_ = nullptr;
    wxSpinCtrl* jobs_ = nullptr;
    // Each side's bot, by the scenario's side names (the first two sides).
    std::array<wxStaticText*, 2> side_labels_{};
    std::array<wxChoice*, 2> side_bots_{};
    wxChoice* compare_ = nullptr;
    wxStaticText* house_label_ = nullptr;
    wxButton* run_button_ = nullptr;
    wxButton* stop_button_ = nullptr;
    wxButton* trace_button_ = nullptr;
    wxGauge* gauge_ = nullptr;
    wxStaticText* status_ = nullptr;
    wxStaticText* error_ = nullptr;  // the whole message, wrapped to the page
    wxTextCtrl* report_ = nullptr;
    BalanceChart* chart_ = nullptr;
    SkillTraceChart* trace_chart_ = nullptr;
    wxTimer timer_;
    Compare compare_with_ = Compare::None;
    std::string house_rule_;  // B's house rule folder, with Compare::HouseRule
    std::unique_ptr<BalanceRun> running_;
    std::unique_ptr<SkillTraceRun> trace_;
    bool running_b_ = false;
    std::optional<bots::BatchResults> a_, b_;
    ChangeSubscription changes_;  // refreshes after edits made elsewhere, undo and redo
};

}  // namespace sandtable::studio
