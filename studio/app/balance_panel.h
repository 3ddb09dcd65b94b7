// The Balance Lab page: runs bot games of the open scenario in the
// background (progress, Stop), and shows the report with charts — each
// side's win rate with its 95% interval, the distribution of the VP margin,
// losses by unit type — and, with a house rule to compare, the same games
// played with it beside them (A/B on the same seeds) and the difference.
#pragma once

#include "core/balance_run.h"
#include "core/scenario_document.h"

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/gauge.h>
#include <wx/panel.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>
#include <wx/timer.h>

#include <memory>
#include <optional>

namespace sandtable::studio {

class BalanceChart;

class BalancePanel : public wxPanel {
public:
    explicit BalancePanel(wxWindow* parent);
    ~BalancePanel() override;
    void set_document(const ScenarioDocument* doc);
    // Starts a run as the Run button does (also for tests and scripted screenshots).
    void run();

private:
    void choose_house_rule();
    void stop();
    void on_timer();
    void show_results();
    bots::BatchSpec spec(bool with_house_rule) const;

    const ScenarioDocument* doc_ = nullptr;
    wxSpinCtrl* games_ = nullptr;
    wxSpinCtrl* jobs_ = nullptr;
    wxChoice* bots_ = nullptr;
    wxStaticText* house_label_ = nullptr;
    wxButton* run_button_ = nullptr;
    wxButton* stop_button_ = nullptr;
    wxGauge* gauge_ = nullptr;
    wxStaticText* status_ = nullptr;
    wxTextCtrl* report_ = nullptr;
    BalanceChart* chart_ = nullptr;
    wxTimer timer_;
    std::string house_rule_;  // B: the house rule compared, or empty
    std::unique_ptr<BalanceRun> running_;
    bool running_b_ = false;
    std::optional<bots::BatchResults> a_, b_;
};

}  // namespace sandtable::studio
