#include "app/balance_panel.h"

#include <wx/dcbuffer.h>
#include <wx/dirdlg.h>
#include <wx/graphics.h>
#include <wx/sizer.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <thread>

namespace sandtable::studio {

namespace {
const char* kBotChoices[] = {"greedy against greedy", "random against random", "greedy against random", "random against greedy"};
const std::vector<std::string> kBots[] = {{"greedy", "greedy"}, {"random", "random"}, {"greedy", "random"}, {"random", "greedy"}};

wxColour side_colour(const rules::Scenario* sc, std::size_t side) {
    if (sc && side < sc->sides.size()) {
        wxColour c(wxString::FromUTF8(sc->sides[side].color));
        if (c.IsOk()) return c;
    }
    return side == 0 ? wxColour(170, 50, 40) : wxColour(40, 80, 170);
}
}  // namespace

// Win rates with intervals, the VP margin's distribution and losses by type;
// A filled, B (the house rule) outlined beside it.
class BalanceChart : public wxPanel {
public:
    explicit BalanceChart(wxWindow* parent) : wxPanel(parent, wxID_ANY, wxDefaultPosition, wxSize(520, -1)) {
        SetBackgroundStyle(wxBG_STYLE_PAINT);
        Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paint(); });
    }
    void show(const rules::Scenario* sc, const bots::BatchResults* a, const bots::BatchResults* b) {
        sc_ = sc, a_ = a, b_ = b;
        Refresh();
    }

private:
    void paint() {
        wxAutoBufferedPaintDC dc(this);
        dc.SetBackground(*wxWHITE_BRUSH);
        dc.Clear();
        if (!a_ || a_->games.empty()) {
            dc.DrawText("Run a batch to see its charts.", 16, 16);
            return;
        }
        const int w = GetClientSize().x;
        int y = 10;
        y = win_rates(dc, w, y);
        y = margins(dc, w, y + 14);
        losses(dc, w, y + 14);
    }

    int title(wxDC& dc, const wxString& text, int y) {
        dc.SetFont(wxFont(wxFontInfo(10).Bold()));
        dc.SetTextForeground(wxColour(40, 40, 40));
        dc.DrawText(text, 12, y);
        dc.SetFont(wxFont(wxFontInfo(9)));
        return y + 20;
    }

    // One bar per side and run, 0-100%, with the Wilson interval as a whisker.
    int win_rates(wxDC& dc, int w, int y) {
        y = title(dc, b_ ? "Wins (A filled, B outlined), 95% interval" : "Wins, 95% interval", y);
        const int left = 110, right = w - 70, bar = 14;  // room on the right for the figure
        for (std::size_t s = 0; s < a_->header.sides.size(); ++s) {
            for (const bots::BatchResults* r : {a_, b_}) {
                if (!r) continue;
                std::uint64_t k = 0;
                for (const auto& g : r->games) k += g.winner == static_cast<int>(s);
                const double n = static_cast<double>(r->games.size());
                const auto [lo, hi] = bots::wilson_interval(k, r->games.size());
                const int x_end = left + static_cast<int>((right - left) * (static_cast<double>(k) / n));
                dc.SetPen(wxPen(side_colour(sc_, s), 2));
                dc.SetBrush(r == a_ ? wxBrush(side_colour(sc_, s)) : *wxTRANSPARENT_BRUSH);
                dc.DrawRectangle(left, y, std::max(1, x_end - left), bar);
                dc.SetPen(wxPen(wxColour(20, 20, 20), 1));
                const int lx = left + static_cast<int>((right - left) * lo), hx = left + static_cast<int>((right - left) * hi);
                dc.DrawLine(lx, y + bar / 2, hx, y + bar / 2);
                dc.DrawLine(lx, y + 2, lx, y + bar - 2);
                dc.DrawLine(hx, y + 2, hx, y + bar - 2);
                dc.SetTextForeground(wxColour(40, 40, 40));
                dc.DrawText(wxString::FromUTF8((r == a_ ? "A " : "B ") + a_->header.sides[s]), 12, y);
                // Past the interval's whisker, so the line never crosses the figure.
                dc.DrawText(wxString::Format("%.1f%%", 100.0 * static_cast<double>(k) / n), std::max(x_end, hx) + 6, y);
                y += bar + 4;
            }
        }
        return y;
    }

    // The VP margin (first side minus second) per game, in bins.
    int margins(wxDC& dc, int w, int y) {
        y = title(dc, "VP margin per game (" + wxString::FromUTF8(a_->header.sides.front() + " - " + a_->header.sides.back()) + ")", y);
        auto margin = [](const bots::BatchGameResult& g) { return g.victory_points.front() - g.victory_points.back(); };
        int lo = 0, hi = 0;
        for (const bots::BatchResults* r : {a_, b_})
            if (r)
                for (const auto& g : r->games) lo = std::min(lo, margin(g)), hi = std::max(hi, margin(g));
        const int bins = 24, height = 90, left = 40, right = w - 20;
        const double width = std::max(1.0, static_cast<double>(hi - lo + 1) / bins);
        std::size_t top = 1;
        std::vector<std::vector<std::size_t>> counts;
        for (const bots::BatchResults* r : {a_, b_}) {
            std::vector<std::size_t> c(bins, 0);
            if (r)
                for (const auto& g : r->games) ++c[std::min<std::size_t>(bins - 1, static_cast<std::size_t>((margin(g) - lo) / width))];
            top = std::max(top, *std::max_element(c.begin(), c.end()));
            counts.push_back(c);
        }
        const double step = static_cast<double>(right - left) / bins;
        for (int run = 0; run < 2; ++run) {
            if (run == 1 && !b_) break;
            dc.SetPen(wxPen(run == 0 ? wxColour(90, 120, 90) : wxColour(200, 120, 20), run == 0 ? 1 : 2));
            dc.SetBrush(run == 0 ? wxBrush(wxColour(150, 190, 150)) : *wxTRANSPARENT_BRUSH);
            for (int i = 0; i < bins; ++i) {
                const int h = static_cast<int>(height * static_cast<double>(counts[static_cast<std::size_t>(run)][static_cast<std::size_t>(i)]) / static_cast<double>(top));
                if (h > 0) dc.DrawRectangle(left + static_cast<int>(i * step), y + height - h, std::max(1, static_cast<int>(step) - 1), h);
            }
        }
        dc.SetPen(wxPen(wxColour(60, 60, 60)));
        dc.DrawLine(left, y + height, right, y + height);
        if (lo <= 0 && hi >= 0) {
            const int zero = left + static_cast<int>((0 - lo) / width * step);
            dc.DrawLine(zero, y, zero, y + height + 4);
        }
        dc.DrawText(wxString::Format("%d", lo), left - 4, y + height + 4);
        dc.DrawText(wxString::Format("%d", hi), right - 20, y + height + 4);
        return y + height + 22;
    }

    // Mean units lost per game, by unit type and side (run A).
    void losses(wxDC& dc, int w, int y) {
        y = title(dc, "Losses by unit type, mean per game (A)", y);
        std::map<std::string, std::vector<double>> by_type;
        const std::size_t sides = a_->header.sides.size();
        for (const auto& g : a_->games)
            for (std::size_t s = 0; s < sides; ++s)
                for (const auto& [type, k] : g.losses[s]) {
                    auto& v = by_type[type];
                    v.resize(sides, 0.0);
                    v[s] += k;
                }
        double top = 0.1;
        for (auto& [type, v] : by_type)
            for (auto& x : v) top = std::max(top, x /= static_cast<double>(a_->games.size()));
        const int left = 150, right = w - 50, bar = 6;
        for (const auto& [type, v] : by_type) {
            dc.SetTextForeground(wxColour(40, 40, 40));
            dc.DrawText(wxString::FromUTF8(type), 12, y);
            for (std::size_t s = 0; s < sides; ++s) {
                dc.SetPen(*wxTRANSPARENT_PEN);
                dc.SetBrush(wxBrush(side_colour(sc_, s)));
                dc.DrawRectangle(left, y + 2 + static_cast<int>(s) * (bar + 1), std::max(1, static_cast<int>((right - left) * v[s] / top)), bar);
            }
            dc.DrawText(wxString::Format("%.2f / %.2f", v.front(), v.back()), right + 4 - 40, y);
            y += static_cast<int>(sides) * (bar + 1) + 6;
        }
    }

    const rules::Scenario* sc_ = nullptr;
    const bots::BatchResults* a_ = nullptr;
    const bots::BatchResults* b_ = nullptr;
};

BalancePanel::BalancePanel(wxWindow* parent) : wxPanel(parent, wxID_ANY), timer_(this) {
    games_ = new wxSpinCtrl(this, wxID_ANY, "1000", wxDefaultPosition, wxSize(150, -1), wxSP_ARROW_KEYS, 1, 1000000, 1000);
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    jobs_ = new wxSpinCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(110, -1), wxSP_ARROW_KEYS, 1, std::max(cores, 1), std::max(1, cores));
    bots_ = new wxChoice(this, wxID_ANY);
    for (const char* c : kBotChoices) bots_->Append(c);
    bots_->SetSelection(0);
    auto* house = new wxButton(this, wxID_ANY, wxString::FromUTF8("Compare with a house rule…"));
    house_label_ = new wxStaticText(this, wxID_ANY, "B: none");
    run_button_ = new wxButton(this, wxID_ANY, "Run");
    stop_button_ = new wxButton(this, wxID_ANY, "Stop");
    stop_button_->Disable();
    gauge_ = new wxGauge(this, wxID_ANY, 1000, wxDefaultPosition, wxSize(160, -1));
    status_ = new wxStaticText(this, wxID_ANY, "Plays the saved scenario on seeds 1..N.");
    report_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(430, -1), wxTE_MULTILINE | wxTE_READONLY | wxTE_DONTWRAP);
    report_->SetFont(wxFont(wxFontInfo(9).Family(wxFONTFAMILY_TELETYPE)));
    chart_ = new BalanceChart(this);
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(new wxStaticText(this, wxID_ANY, "Games"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    row->Add(games_, 0, wxRIGHT, 10);
    row->Add(new wxStaticText(this, wxID_ANY, "Jobs"), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    row->Add(jobs_, 0, wxRIGHT, 10);
    row->Add(bots_, 0, wxRIGHT, 10);
    auto* compare = new wxBoxSizer(wxHORIZONTAL);
    compare->Add(house, 0, wxRIGHT, 6);
    compare->Add(house_label_, 0, wxALIGN_CENTER_VERTICAL);
    auto* controls = new wxBoxSizer(wxHORIZONTAL);
    controls->Add(run_button_, 0, wxRIGHT, 4);
    controls->Add(stop_button_, 0, wxRIGHT, 10);
    controls->Add(gauge_, 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 10);
    controls->Add(status_, 1, wxALIGN_CENTER_VERTICAL);
    auto* results = new wxBoxSizer(wxHORIZONTAL);
    results->Add(report_, 0, wxEXPAND | wxRIGHT, 6);
    results->Add(chart_, 1, wxEXPAND);
    auto* sizer = new wxBoxSizer(wxVERTICAL);
    sizer->Add(row, 0, wxALL, 6);
    sizer->Add(compare, 0, wxLEFT | wxRIGHT | wxBOTTOM, 6);
    sizer->Add(controls, 0, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    sizer->Add(results, 1, wxEXPAND | wxLEFT | wxRIGHT | wxBOTTOM, 6);
    SetSizer(sizer);
    house->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { choose_house_rule(); });
    run_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { run(); });
    stop_button_->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { stop(); });
    Bind(wxEVT_TIMER, [this](wxTimerEvent&) { on_timer(); });
}

BalancePanel::~BalancePanel() { timer_.Stop(); }

void BalancePanel::set_document(const ScenarioDocument* doc) {
    stop();
    running_.reset();
    doc_ = doc;
    a_.reset();
    b_.reset();
    report_->Clear();
    chart_->show(nullptr, nullptr, nullptr);
}

void BalancePanel::choose_house_rule() {
    if (!doc_) return;
    const std::string start = (std::filesystem::path(doc_->scenario().ruleset_dir) / "house-rules").string();
    wxDirDialog dialog(this, "A house rule folder (holding house.yaml) to compare with", wxString::FromUTF8(start), wxDD_DIR_MUST_EXIST);
    if (dialog.ShowModal() != wxID_OK) return;
    house_rule_ = dialog.GetPath().ToStdString(wxConvUTF8);
    house_label_->SetLabel(wxString::FromUTF8("B: " + std::filesystem::path(house_rule_).filename().string()));
    Layout();
}

bots::BatchSpec BalancePanel::spec(bool with_house_rule) const {
    bots::BatchSpec s;
    s.scenario = doc_->file();
    s.games = static_cast<std::uint64_t>(games_->GetValue());
    s.jobs = static_cast<unsigned>(jobs_->GetValue());
    s.bots = kBots[std::max(0, bots_->GetSelection())];
    if (with_house_rule) s.house_rules = {house_rule_};
    return s;
}

void BalancePanel::run() {
    if (!doc_ || running_) return;
    a_.reset();
    b_.reset();
    running_b_ = false;
    running_ = std::make_unique<BalanceRun>(spec(false));
    run_button_->Disable();
    stop_button_->Enable();
    status_->SetLabel(doc_->modified() ? "Running A… (the scenario has unsaved edits: the saved file is played)" : "Running A…");
    timer_.Start(150);
}

void BalancePanel::stop() {
    if (running_) running_->stop();
}

void BalancePanel::on_timer() {
    if (!running_) return;
    const auto p = running_->progress();
    gauge_->SetRange(static_cast<int>(std::max<std::uint64_t>(1, p.total)));
    gauge_->SetValue(static_cast<int>(std::min(p.done, p.total)));
    if (!p.finished) {
        status_->SetLabel(wxString::Format("Running %s… %llu of %llu games", running_b_ ? "B" : "A", static_cast<unsigned long long>(p.done),
                                           static_cast<unsigned long long>(p.total)));
        return;
    }
    if (!p.error.empty()) {
        status_->SetLabel(wxString::FromUTF8("The batch failed: " + p.error));
        running_.reset();
    } else if (!running_b_) {
        a_ = running_->results();
        running_.reset();
        // B plays the games A finished (the same seeds), with the house rule.
        if (!house_rule_.empty() && !a_->games.empty() && a_->games.size() == static_cast<std::size_t>(games_->GetValue())) {
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
    stop_button_->Disable();
    show_results();
    if (p.error.empty()) status_->SetLabel(wxString::Format("Done: %zu games%s", a_ ? a_->games.size() : 0, b_ ? " each way" : ""));
}

void BalancePanel::show_results() {
    std::string text = a_ ? "A\n" + bots::report(*a_) : std::string();
    if (a_ && b_ && b_->games.size() == a_->games.size()) {
        try {
            text += "\nB\n" + bots::report(*b_) + "\n" + bots::compare(*a_, *b_);
        } catch (const std::exception& e) {
            text += std::string("\n") + e.what() + "\n";
        }
    }
    report_->SetValue(wxString::FromUTF8(text));
    chart_->show(doc_ ? &doc_->scenario() : nullptr, a_ ? &*a_ : nullptr, b_ && a_ && b_->games.size() == a_->games.size() ? &*b_ : nullptr);
}

}  // namespace sandtable::studio
