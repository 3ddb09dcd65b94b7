#include "app/balance_chart.h"

#include <wx/dcbuffer.h>

#include <algorithm>

namespace sandtable::studio {

std::vector<BalanceChart::SideLook> side_looks(const rules::Scenario& sc) {
    std::vector<BalanceChart::SideLook> looks;
    for (const auto& side : sc.sides)
        looks.push_back({wxString::FromUTF8(side.name), wxColour(wxString::FromUTF8(side.color))});
    return looks;
}

BalanceChart::BalanceChart(wxWindow* parent) : wxPanel(parent, wxID_ANY, wxDefaultPosition, wxSize(520, -1)) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paint(); });
}

void BalanceChart::show(std::optional<BalanceSummary> summary, std::vector<SideLook> sides,
                        std::map<std::string, std::string> type_names) {
    summary_ = std::move(summary);
    sides_ = std::move(sides);
    type_names_ = std::move(type_names);
    Refresh();
}

wxColour BalanceChart::colour(std::size_t side) const {
    if (side < sides_.size() && sides_[side].colour.IsOk()) return sides_[side].colour;
    return side == 0 ? wxColour(170, 50, 40) : wxColour(40, 80, 170);
}

wxString BalanceChart::name(std::size_t side) const {
    if (side < sides_.size() && !sides_[side].name.empty()) return sides_[side].name;
    return wxString::FromUTF8(summary_->sides[side]);
}

void BalanceChart::paint() {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    if (!summary_) {
        dc.DrawText("Run a batch to see its charts.", 16, 16);
        return;
    }
    const int w = GetClientSize().x;
    int y = win_rates(dc, w, 10);
    y = margins(dc, w, y + 14);
    losses(dc, w, y + 14);
}

int BalanceChart::title(wxDC& dc, const wxString& text, int y) {
    dc.SetFont(wxFont(wxFontInfo(10).Bold()));
    dc.SetTextForeground(wxColour(40, 40, 40));
    dc.DrawText(text, 12, y);
    dc.SetFont(wxFont(wxFontInfo(9)));
    return y + 20;
}

// One bar per side and run, 0-100%, with the Wilson interval as a whisker.
int BalanceChart::win_rates(wxDC& dc, int w, int y) {
    const auto& s = *summary_;
    y = title(dc, s.compared ? "Wins (A filled, B outlined), 95% interval" : "Wins, 95% interval", y);
    int left = 0;  // past the longest label
    for (std::size_t side = 0; side < s.wins.size(); ++side)
        left = std::max(left, dc.GetTextExtent("B " + name(side)).x);
    left += 20;
    const int right = w - 70, bar = 14;  // room on the right for the figure
    auto at = [&](double share) { return left + static_cast<int>((right - left) * share); };
    for (std::size_t side = 0; side < s.wins.size(); ++side) {
        for (std::size_t run = 0; run < 2; ++run) {
            const auto& win = s.wins[side][run];
            if (!win) continue;
            dc.SetPen(wxPen(colour(side), 2));
            dc.SetBrush(run == 0 ? wxBrush(colour(side)) : *wxTRANSPARENT_BRUSH);
            dc.DrawRectangle(left, y, std::max(1, at(win->share) - left), bar);
            dc.SetPen(wxPen(wxColour(20, 20, 20), 1));
            const int lx = at(win->low), hx = at(win->high);
            dc.DrawLine(lx, y + bar / 2, hx, y + bar / 2);
            dc.DrawLine(lx, y + 2, lx, y + bar - 2);
            dc.DrawLine(hx, y + 2, hx, y + bar - 2);
            dc.SetTextForeground(wxColour(40, 40, 40));
            dc.DrawText((run == 0 ? "A " : "B ") + name(side), 12, y);
            // Past the interval's whisker, so the line never crosses the figure.
            dc.DrawText(wxString::Format("%.1f%%", 100.0 * win->share), std::max(at(win->share), hx) + 6, y);
            y += bar + 4;
        }
    }
    return y;
}

// The VP margin (first side minus last) per game, in bins.
int BalanceChart::margins(wxDC& dc, int w, int y) {
    const auto& s = *summary_;
    y = title(dc, "VP margin per game (" + name(0) + " - " + name(s.sides.size() - 1) + ")", y);
    const int height = 90, left = 40, right = w - 20;
    const double step = static_cast<double>(right - left) / BalanceSummary::kMarginBins;
    for (std::size_t run = 0; run < 2; ++run) {
        dc.SetPen(wxPen(run == 0 ? wxColour(90, 120, 90) : wxColour(200, 120, 20), run == 0 ? 1 : 2));
        dc.SetBrush(run == 0 ? wxBrush(wxColour(150, 190, 150)) : *wxTRANSPARENT_BRUSH);
        const auto& bins = s.margin_bins[run];
        for (std::size_t i = 0; i < bins.size(); ++i) {
            const int h = static_cast<int>(height * static_cast<double>(bins[i]) / static_cast<double>(s.tallest_bin));
            const int x = left + static_cast<int>(static_cast<double>(i) * step);
            if (h > 0) dc.DrawRectangle(x, y + height - h, std::max(1, static_cast<int>(step) - 1), h);
        }
    }
    dc.SetPen(wxPen(wxColour(60, 60, 60)));
    dc.DrawLine(left, y + height, right, y + height);
    if (s.margin_low <= 0 && s.margin_high >= 0) {
        const double range = static_cast<double>(s.margin_high - s.margin_low + 1);
        const int zero = left + static_cast<int>((right - left) * static_cast<double>(-s.margin_low) / range);
        dc.DrawLine(zero, y, zero, y + height + 4);
    }
    dc.DrawText(wxString::Format("%d", s.margin_low), left - 4, y + height + 4);
    dc.DrawText(wxString::Format("%d", s.margin_high), right - 20, y + height + 4);
    return y + height + 22;
}

// Mean units lost per game, by unit type and side (run A).
void BalanceChart::losses(wxDC& dc, int w, int y) {
    const auto& s = *summary_;
    y = title(dc, "Losses by unit type, mean per game (A)", y);
    const int left = 150, right = w - 100, bar = 6;  // the figures to the right of the longest bar
    for (const auto& type : s.losses) {
        dc.SetTextForeground(wxColour(40, 40, 40));
        const auto named = type_names_.find(type.type);
        dc.DrawText(wxString::FromUTF8(named == type_names_.end() ? type.type : named->second), 12, y);
        const auto& v = type.mean_by_side;
        for (std::size_t side = 0; side < v.size(); ++side) {
            dc.SetPen(*wxTRANSPARENT_PEN);
            dc.SetBrush(wxBrush(colour(side)));
            const int length = std::max(1, static_cast<int>((right - left) * v[side] / s.most_lost));
            dc.DrawRectangle(left, y + 2 + static_cast<int>(side) * (bar + 1), length, bar);
        }
        dc.DrawText(wxString::Format("%.2f / %.2f", v.front(), v.back()), right + 8, y);
        y += static_cast<int>(v.size()) * (bar + 1) + 6;
    }
}

}  // namespace sandtable::studio
