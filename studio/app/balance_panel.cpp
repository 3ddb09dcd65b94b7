#include "app/balance_panel.h"

#include "app/save_before_play.h"
#include "load/house_rule.h"
#include "load/loader.h"

#include <wx/dirdlg.h>
#include <wx/sizer.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <thread>

namespace sandtable::studio {

namespace {
// The bots a side may be played by, as the Balance Lab names them and as `--bots` does.
const char* kBotChoices[] = {"greedy bot", "random bot", "search bot (fast)", "search bot"};
const char* kBotNames[] = {"greedy", "random", "mcts:fast", "mcts"};
const char* kCompareChoices[] = {"B: none", "B: with a house rule folder\u2026",
                                 "B: without the scenario's own house rules"};

std::map<std::string, std::string> type_names(const rules::Ruleset& rs) {
    std::map<std::string, std::string> names;
    for (const auto& t : rs.unit_types) names[t.id] = t.name;
    return names;
}

// The first problems in full, then how many more (the Issues pane lists all of a saved project's).
std::string load_error_text(const load::LoadError& e) {
    constexpr std::size_t kShown = 6;
    const auto& all = e.diagnostics();
    std::string text;
    for (std::size_t i = 0; i < all.size() && i < kShown; ++i) text += (text.empty() ? "" : "\n") + all[i].to_string();
    if (all.size() > kShown) text += "\n… and " + std::to_string(all.size() - kShown) + " more";
    return text;
}
}  // namespace

BalancePanel::BalancePanel(wxWindow* parent) : wxPanel(parent, wxID_ANY), timer_(this) {
    report_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(430, -1),
                             wxTE_MULTILINE | wxTE_READONLY | wxTE_BESTWRAP);
    report_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
    chart_ = new BalanceChart(this);
    trace_chart_ = new SkillTraceChart(this);
    trace_chart_->Hide();
    error_ = new wxStaticText(this, wxID_ANY, "");
    error_->SetForegroundColour(wxColour(170, 30, 30));
    error_->Hide();
    auto* results = new wxBoxSizer(wxHORIZONTAL);
    results->Add(report_, 0, wxEXPAND | wxRIGHT, 6);
    results->Add(chart_, 1, wxEXPAND);
    results->Add(trace_chart_, 1, wxEXPAND);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(make_controls(), 0, wxEXPAND);
    sizer->Add(error_, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    sizer->Add(results, 1, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    SetSizer(sizer);
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) { on_timer(); });
    // A long error wraps to the page's width, whatever the window's size.
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        if (error_->IsShown()) show_error(error_->GetLabel().ToStdString(wxConvUTF8));
        e.Skip();
    });
}

wxSizer* BalancePanel::make_controls() {
    games_ =
        new wxSpinCtrl(this, wxID_ANY, "1000", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 1, 1000000, 1000);
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    jobs_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxSP_ARROW_KEYS, 1, cores, cores);
    for (std::size_t side = 0; side < side_bots_.size(); ++side) {
        side_labels_[side] = new wxStaticText(this, wxID_ANY, side == 0 ? "First side" : "Second side");
        side_bots_[side] = new wxChoice(this, wxID_ANY);
        for (const char* c : kBotChoices) side_bots_[side]->Append(c);
        side_bots_[side]->SetSelection(0);
        side_bots_[side]->SetToolTip(
            "Who plays this side in every game: the search bot looks ahead (docs/bots.md) and takes far longer");
    }
    compare_ = new wxChoice(this, wxID_ANY);
    for (const char* c : kCompareChoices) compare_->Append(wxString::FromUTF8(c));
    compare_->SetSelection(0);
    house_label_ = new wxStaticText(this, wxID_ANY, "");
    run_button_ = new wxButton(this, wxID_ANY, "Run");
    stop_button_ = new wxButton(this, wxID_ANY, "Stop");
    trace_button_ = new wxButton(this, wxID_ANY, "Skill Trace");
    trace_button_->SetToolTip(
        "The search bot at 12, 25, 50, 100 and 200 look-aheads a decision against greedy, from each side, "
        "Games games each: does a side's result depend on skill or on luck?");
    stop_button_->Disable();
    gauge_ = new wxGauge(this, wxID_ANY, 1000, wxDefaultPosition, wxSize(160, -1));
    status_ = new wxStaticText(this, wxID_ANY, "Plays the scenario (saved first when edited) on seeds 1..N.");
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(new wxStaticText(this, wxID_ANY, "Games"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    row->Add(games_, 0, wxRIGHT, 10);
    row->Add(new wxStaticText(this, wxID_ANY, "Jobs"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    row->Add(jobs_, 0, wxRIGHT, 10);
    for (std::size_t side = 0; side < side_bots_.size(); ++side) {
        row->Add(side_labels_[side], 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
        row->Add(side_bots_[side], 0, wxRIGHT, 10);
    }
    auto* compare = new wxBoxSizer(wxHORIZONTAL);
    compare->Add(compare_, 0, wxRIGHT, 6);
    compare->Add(house_label_, 1, wxALIGN_CENTER_VERTICAL);
    auto* controls = new wxBoxSizer(wxHORIZONTAL);
    controls->Add(run_button_, 0, wxRIGHT, 4);
    controls->Add(stop_button_, 0, wxRIGHT, 4);
    controls->Add(trace_button_, 0, wxRIGHT, 10);
    controls->Add(gauge_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 10);
    controls->Add(status_, 1, wxALIGN_CENTER_VERTICAL);
    auto* column = new wxBoxSizer(wxVERTICAL);
    column->Add(row, 0, wxALL, 6);
    column->Add(compare, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    column->Add(controls, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    compare_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { on_compare_choice(); });
    run_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { run(); });
    stop_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { stop(); });
    trace_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { run_skill_trace(); });
    return column;
}

BalancePanel::~BalancePanel() { timer_.Stop(); }

void BalancePanel::set_document(const ScenarioDocument* doc) {
    running_.reset();  // stops the run and waits for its games
    trace_.reset();
    timer_.Stop();
    show_chart(false);
    doc_ = doc;
    changes_ =
        watch_document(doc, this, {DocumentPart::Scenario, DocumentPart::HouseRules}, [this] { refresh_labels(); });
    a_.reset();
    b_.reset();
    compare_with_ = Compare::None;
    house_rule_.clear();
    fill_compare_choices();
    show_b_label();
    run_button_->Enable(doc_ != nullptr);
    trace_button_->Enable(doc_ != nullptr);
    stop_button_->Disable();
    gauge_->SetValue(0);
    status_->SetLabel("Plays the scenario (saved first when edited) on seeds 1..N.");
    report_->Clear();
    show_error("");
    chart_->show(std::nullopt, {});
    for (std::size_t side = 0; side < side_labels_.size(); ++side)
        if (doc_ && side < doc_->scenario().sides.size())
            side_labels_[side]->SetLabel(wxString::FromUTF8(doc_->scenario().sides[side].name));
    Layout();
}

// "Without the scenario's own house rules" only where it has some: after a house rule is started and
// saved, the scenario has one, and the choice appears.
void BalancePanel::fill_compare_choices() {
    const bool own = doc_ && !doc_->scenario().house_rules.empty();
    const unsigned wanted = own ? 3 : 2;
    if (compare_->GetCount() == wanted) return;
    compare_->Clear();
    for (unsigned i = 0; i < wanted; ++i) compare_->Append(wxString::FromUTF8(kCompareChoices[i]));
    if (!own && compare_with_ == Compare::WithoutOwn) compare_with_ = Compare::None;
}

unsigned BalancePanel::compare_choices() const { return compare_->GetCount(); }

void BalancePanel::refresh_labels() {
    fill_compare_choices();
    show_b_label();
}

// A house rule as the designer knows it: its name, and its folder in full.
std::string BalancePanel::house_rule_name(const std::string& folder) const {
    load::DiagnosticSink ignored;  // a folder that does not read is shown by its path
    namespace fs = std::filesystem;
    const fs::path here = doc_ ? fs::path(doc_->file()).parent_path() : fs::path();
    const fs::path full = (fs::path(folder).is_absolute() ? fs::path(folder) : here / folder).lexically_normal();
    try {
        const auto rule = load::read_house_rule(full.string(), ignored);
        if (!rule.name.empty()) return rule.name + " (" + full.string() + ")";
    } catch (const std::exception&) {
    }
    return full.string();
}

void BalancePanel::set_games(int games) { games_->SetValue(games); }

void BalancePanel::on_compare_choice() {
    const int pick = compare_->GetSelection();
    if (pick == 1) return choose_house_rule();
    if (pick == 2) {
        compare_without_own_house_rules();
        return;
    }
    compare_with_ = Compare::None;
    show_b_label();
}

void BalancePanel::choose_house_rule() {
    if (!doc_) return;
    const std::string start = (std::filesystem::path(doc_->scenario().ruleset_dir) / "house-rules").string();
    wxDirDialog dialog(this, "A house rule folder (holding house.yaml) to compare with", wxString::FromUTF8(start),
                       wxDD_DIR_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK || !compare_with_house_rule(dialog.GetPath().ToStdString(wxConvUTF8)))
        show_b_label();
}

bool BalancePanel::compare_with_house_rule(const std::string& folder) {
    // One of the scenario's own house rules is in A already: what it changes is A against B without it.
    if (doc_) {
        const auto here = std::filesystem::path(doc_->file()).parent_path();
        for (const auto& own : doc_->scenario().house_rules) {
            std::error_code ec;
            if (!std::filesystem::equivalent(here / own, folder, ec)) continue;
            show_error(
                "The scenario plays this house rule already (its house_rules: lists it), so A has it. To see what it "
                "changes, "
                "choose \"B: without the scenario's own house rules\".");
            show_b_label();
            return false;
        }
    }
    return set_b(Compare::HouseRule, folder);
}

bool BalancePanel::compare_without_own_house_rules() { return set_b(Compare::WithoutOwn, {}); }

// B is taken only when the scenario loads as B would play it.
bool BalancePanel::set_b(Compare how, const std::string& folder) {
    const auto before = compare_with_;
    const std::string before_folder = house_rule_;
    compare_with_ = how;
    house_rule_ = folder;
    if (const std::string problem = load_problem(true); !problem.empty()) {
        compare_with_ = before, house_rule_ = before_folder;
        show_b_label();
        const std::string what =
            how == Compare::HouseRule ? "with the house rule " + folder : "without its own house rules";
        show_error("B was not set: the scenario does not load " + what + ":\n" + problem);
        return false;
    }
    show_error("");
    show_b_label();
    return true;
}

// The choice and the label say truly what B plays.
void BalancePanel::show_b_label() {
    compare_->SetSelection(static_cast<int>(compare_with_));
    std::string label;
    if (compare_with_ == Compare::HouseRule) label = "B adds " + house_rule_name(house_rule_);
    const auto own = doc_ ? doc_->scenario().house_rules : std::vector<std::string>{};
    std::string listed;
    for (const auto& h : own) listed += (listed.empty() ? "" : ", ") + house_rule_name(h);
    if (compare_with_ == Compare::WithoutOwn)
        label = own.empty() ? "the scenario has no house rules of its own: B plays as A" : "B leaves out " + listed;
    if (!own.empty())
        label += (label.empty() ? "" : "; ") + std::string("A plays the scenario's own house rules: ") + listed;
    house_label_->SetLabel(wxString::FromUTF8(label));
    house_label_->Wrap(
        std::max(200, GetClientSize().x - compare_->GetSize().x - 30));  // the whole of it, however long the paths
    Layout();
}

bots::BatchSpec BalancePanel::spec(bool b) const {
    bots::BatchSpec s;
    s.scenario = doc_->file();
    s.games = static_cast<std::uint64_t>(games_->GetValue());
    s.jobs = static_cast<unsigned>(jobs_->GetValue());
    for (const wxChoice* c : side_bots_) s.bots.push_back(kBotNames[std::max(0, c->GetSelection())]);
    if (doc_->scenario().sides.size() != side_bots_.size()) s.bots.resize(1);  // the first side's bot plays them all
    if (b && compare_with_ == Compare::HouseRule) s.house_rules = {house_rule_};
    if (b && compare_with_ == Compare::WithoutOwn) s.scenario_house_rules = false;
    return s;
}

std::string BalancePanel::load_problem(bool b) const {
    const auto s = spec(b);
    try {
        load::load_scenario(s.scenario, s.house_rules, {s.scenario_house_rules});
    } catch (const load::LoadError& e) {
        return load_error_text(e);
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

void BalancePanel::show_error(const std::string& text) {
    error_->SetLabel(wxString::FromUTF8(text));
    error_->Wrap(std::max(200, GetClientSize().x - 12));
    error_->Show(!text.empty());
    Layout();
}

bool BalancePanel::ready_to_run() {
    if (!doc_ || running()) return false;
    if (ask && !save_before_play(*doc_, ask, save_document, "Balance Lab")) return false;
    // Both runs are checked before A starts: a bad B fails now, not after A's games.
    for (bool b : {false, true}) {
        if (b && compare_with_ == Compare::None) continue;
        if (const std::string problem = load_problem(b); !problem.empty()) {
            show_error(std::string("Not run: the scenario does not load ") + (b ? "as B plays it" : "") + ":\n" +
                       problem);
            return false;
        }
    }
    show_error("");
    return true;
}

void BalancePanel::run() {
    if (!ready_to_run()) return;
    show_chart(false);
    a_.reset();
    b_.reset();
    show_results();
    running_b_ = false;
    running_ = std::make_unique<BalanceRun>(spec(false));
    run_button_->Disable();
    trace_button_->Disable();
    stop_button_->Enable();
    status_->SetLabel(doc_->modified() ? "Running A… (the files as last saved: the edits since are not played)"
                                       : "Running A…");
    timer_.Start(150);
}

void BalancePanel::stop() {
    if (running_) running_->stop();
    if (trace_) trace_->stop();
}

void BalancePanel::on_timer() {
    if (trace_) return on_trace_timer();
    if (!running_) return;
    const auto p = running_->progress();
    gauge_->SetRange(static_cast<int>(std::max<std::uint64_t>(1, p.total)));
    gauge_->SetValue(static_cast<int>(std::min(p.done, p.total)));
    if (!p.finished) {
        status_->SetLabel(wxString::Format("Running %s… %llu of %llu games", running_b_ ? "B" : "A",
                                           static_cast<unsigned long long>(p.done),
                                           static_cast<unsigned long long>(p.total)));
        return;
    }
    finish_run(p);
}

void BalancePanel::finish_run(const BalanceRun::Progress& p) {
    if (!p.error.empty()) {
        show_error("The batch failed: " + p.error);
        status_->SetLabel("Failed");
        running_.reset();
    } else if (!running_b_) {
        a_ = running_->results();
        running_.reset();
        // B plays the games A finished (the same seeds), the other way.
        if (compare_with_ != Compare::None && !a_->games.empty() &&
            a_->games.size() == static_cast<std::size_t>(games_->GetValue())) {
            running_b_ = true;
            running_ = std::make_unique<BalanceRun>(spec(true));
            show_results();
            return;
        }
    } else {
        b_ = running_->results();
        running_.reset();
    }
    timer_.Stop();
    run_button_->Enable();
    trace_button_->Enable();
    stop_button_->Disable();
    show_results();
    if (p.error.empty())
        status_->SetLabel(wxString::Format("Done: %zu games%s", a_ ? a_->games.size() : 0, b_ ? " each way" : ""));
}

// The report in the scenario's and ruleset's names, not their ids.
bots::ReportNames BalancePanel::names() const {
    bots::ReportNames names;
    if (!doc_) return names;
    for (const auto& side : doc_->scenario().sides) names.sides[side.id] = side.name;
    for (const auto& type : doc_->ruleset().unit_types) names.unit_types[type.id] = type.name;
    for (const auto& own : doc_->scenario().house_rules) names.house_rules[own] = house_rule_name(own);
    if (!house_rule_.empty()) names.house_rules[house_rule_] = house_rule_name(house_rule_);
    return names;
}

void BalancePanel::show_results() {
    const auto named = names();
    std::string text = a_ ? "A\n" + bots::report(*a_, named) : std::string();
    if (a_ && b_ && b_->games.size() == a_->games.size()) {
        try {
            text += "\nB\n" + bots::report(*b_, named) + "\n" + bots::compare(*a_, *b_, named);
        } catch (const std::exception& e) {
            text += std::string("\n") + e.what() + "\n";
        }
    }
    report_->SetValue(wxString::FromUTF8(text));
    if (!a_ || !doc_) return chart_->show(std::nullopt, {});
    chart_->show(summarise(*a_, b_ ? &*b_ : nullptr), side_looks(doc_->scenario()), type_names(doc_->ruleset()));
}

}  // namespace sandtable::studio
