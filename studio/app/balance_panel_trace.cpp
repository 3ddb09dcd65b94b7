// The Balance Lab's skill trace (skill_trace.h): started from its button, moved
// on step by step from the timer, shown as a chart and the report's text.
#include "app/balance_panel.h"

namespace sandtable::studio {

void BalancePanel::run_skill_trace() {
    if (!ready_to_run()) return;
    a_.reset();
    b_.reset();
    trace_ = std::make_unique<SkillTraceRun>(spec(false), doc_->scenario().sides.size());
    show_chart(true);
    show_trace();
    run_button_->Disable();
    trace_button_->Disable();
    stop_button_->Enable();
    status_->SetLabel("Skill trace…");
    timer_.Start(250);
}

// "the search bot (100) as Hesk against itself at 50", for the status line.
wxString BalancePanel::trace_step_label(const SkillTraceStep& step) const {
    if (step.budget == 0) return "greedy against greedy";
    if (step.side < 0) return wxString::Format("the search bot (%d) against itself", step.budget);
    const auto& side = doc_->scenario().sides[static_cast<std::size_t>(step.side)];
    const wxString against = step.opponent.is_greedy() ? wxString("greedy")
                                                       : wxString::Format("itself at %d", step.opponent.budget);
    return wxString::Format("the search bot (%d) as %s against %s", step.budget, wxString::FromUTF8(side.name),
                            against);
}

void BalancePanel::on_trace_timer() {
    const auto p = trace_->poll();
    gauge_->SetRange(static_cast<int>(std::max<std::uint64_t>(1, p.total)));
    gauge_->SetValue(static_cast<int>(std::min(p.done, p.total)));
    if (!p.finished) {
        const auto& step = trace_->step(p.step);
        const wxString who = trace_step_label(step);
        status_->SetLabel(wxString::Format("Skill trace, step %zu of %zu: %s, %llu of %llu games", p.step + 1, p.steps,
                                           who, static_cast<unsigned long long>(p.done),
                                           static_cast<unsigned long long>(p.total)));
        show_trace();
        return;
    }
    timer_.Stop();
    show_trace();
    if (!p.error.empty()) show_error("The skill trace failed: " + p.error);
    status_->SetLabel(p.error.empty() ? wxString::Format("Skill trace done: %zu of %zu steps", p.step, p.steps)
                                      : wxString("Failed"));
    trace_.reset();
    run_button_->Enable();
    trace_button_->Enable();
    stop_button_->Disable();
}

// The points so far; kept on show after the run ends, until the next run.
void BalancePanel::show_trace() {
    if (!trace_ || !doc_) return;
    std::vector<std::string> names;
    for (const auto& side : doc_->scenario().sides) names.push_back(side.name);
    const int first = doc_->scenario().first_side;
    report_->SetValue(wxString::FromUTF8(skill_trace_text(trace_->points(), names, first)));
    trace_chart_->show(trace_->points(), side_looks(doc_->scenario()), first);
}

void BalancePanel::show_chart(bool trace) {
    chart_->Show(!trace);
    trace_chart_->Show(trace);
    Layout();
}

}  // namespace sandtable::studio
