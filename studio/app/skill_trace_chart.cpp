#include "app/skill_trace_chart.h"

#include <wx/dcbuffer.h>

#include <cmath>
#include <iterator>

namespace sandtable::studio {

namespace {
constexpr int kBudgets = static_cast<int>(std::size(kTraceBudgets));
}

SkillTraceChart::SkillTraceChart(wxWindow* parent) : wxPanel(parent, wxID_ANY, wxDefaultPosition, wxSize(520, -1)) {
    SetBackgroundStyle(wxBG_STYLE_PAINT);
    Bind(wxEVT_PAINT, [this](wxPaintEvent&) { paint(); });
}

void SkillTraceChart::show(std::vector<SkillTracePoint> points, std::vector<BalanceChart::SideLook> sides,
                           int first_side) {
    points_ = std::move(points);
    sides_ = std::move(sides);
    first_side_ = first_side;
    Refresh();
}

// Budgets double from point to point: evenly spaced, as on a log scale.
int SkillTraceChart::x_of(const wxRect& plot, int budget) const {
    int index = 0;
    for (int i = 0; i < kBudgets; ++i)
        if (kTraceBudgets[i] == budget) index = i;
    return plot.x + plot.width * (2 * index + 1) / (2 * kBudgets);
}

int SkillTraceChart::y_of(const wxRect& plot, double share) {
    return plot.y + plot.height - static_cast<int>(std::lround(plot.height * share));
}

void SkillTraceChart::paint() {
    wxAutoBufferedPaintDC dc(this);
    dc.SetBackground(*wxWHITE_BRUSH);
    dc.Clear();
    dc.SetFont(wxFont(wxFontInfo(10).Bold()));
    dc.SetTextForeground(wxColour(40, 40, 40));
    dc.DrawText("Skill trace: wins with the search bot, by look-aheads a decision", 12, 10);
    dc.SetFont(wxFont(wxFontInfo(9)));
    if (points_.empty()) {
        dc.DrawText("Run a skill trace to see it.", 16, 40);
        return;
    }
    const wxSize size = GetClientSize();
    const wxRect plot(60, 44, std::max(200, size.x - 90), std::max(150, std::min(360, size.y - 170)));
    axes(dc, plot);
    for (int side = 0; side < static_cast<int>(sides_.size()); ++side) side_line(dc, plot, side);
    first_player_line(dc, plot);
}

// The first side's wins with every side played alike at each budget: grey squares joined by a line.
void SkillTraceChart::first_player_line(wxDC& dc, const wxRect& plot) {
    const wxColour grey(90, 90, 90);
    wxPoint last(-1, -1);
    for (const auto& p : points_) {
        if (p.side != first_side_ || p.budget == 0 || !p.equal_strength() || p.games == 0) continue;
        const double share = static_cast<double>(p.wins) / static_cast<double>(p.games);
        const wxPoint at(x_of(plot, p.budget) - 14, y_of(plot, share));
        dc.SetPen(wxPen(grey, 1));
        dc.DrawLine(at.x, y_of(plot, p.low), at.x, y_of(plot, p.high));
        if (last.x >= 0) dc.DrawLine(last, at);
        dc.SetBrush(wxBrush(grey));
        dc.DrawRectangle(at.x - 4, at.y - 4, 9, 9);
        last = at;
    }
}

void SkillTraceChart::axes(wxDC& dc, const wxRect& plot) {
    dc.SetPen(wxPen(wxColour(200, 200, 200), 1));
    for (int pct = 0; pct <= 100; pct += 25) {
        const int y = y_of(plot, pct / 100.0);
        dc.DrawLine(plot.x, y, plot.GetRight(), y);
        dc.DrawText(wxString::Format("%d%%", pct), plot.x - 40, y - 7);
    }
    for (int budget : kTraceBudgets)
        dc.DrawText(wxString::Format("%d", budget), x_of(plot, budget) - 8, plot.GetBottom() + 6);
    dc.DrawText("look-aheads per decision (dashed: the side's wins with greedy)", plot.x, plot.GetBottom() + 24);
    dc.DrawText("filled: against greedy; hollow, dotted: against the search bot at half the look-aheads", plot.x,
                plot.GetBottom() + 40);
    dc.DrawText("grey squares: the first player's wins with both sides at that budget", plot.x,
                plot.GetBottom() + 56);
}

// The side's baseline, then its points against greedy (filled) and against
// itself one budget weaker (hollow), each with whiskers joined by a line, and its name.
void SkillTraceChart::side_line(wxDC& dc, const wxRect& plot, int side) {
    const wxColour colour = sides_[static_cast<std::size_t>(side)].colour.IsOk()
                                ? sides_[static_cast<std::size_t>(side)].colour
                                : (side == 0 ? wxColour(170, 50, 40) : wxColour(40, 80, 170));
    bool drawn = false;
    for (const bool against_greedy : {true, false}) {
        wxPoint last(-1, -1);
        for (const auto& p : points_) {
            if (p.side != side || p.games == 0 || p.opponent.is_greedy() != against_greedy) continue;
            if (p.budget > 0 && p.equal_strength()) continue;  // first_player_line()
            const double share = static_cast<double>(p.wins) / static_cast<double>(p.games);
            if (p.budget == 0) {
                dc.SetPen(wxPen(colour, 1, wxPENSTYLE_SHORT_DASH));
                dc.DrawLine(plot.x, y_of(plot, share), plot.GetRight(), y_of(plot, share));
                continue;
            }
            const int offset = (side == 0 ? -4 : 4) + (against_greedy ? 0 : 12);
            const wxPoint at(x_of(plot, p.budget) + offset, y_of(plot, share));
            dc.SetPen(wxPen(colour, 1));
            dc.DrawLine(at.x, y_of(plot, p.low), at.x, y_of(plot, p.high));
            dc.SetPen(wxPen(colour, 2, against_greedy ? wxPENSTYLE_SOLID : wxPENSTYLE_DOT));
            if (last.x >= 0) dc.DrawLine(last, at);
            dc.SetBrush(against_greedy ? wxBrush(colour) : *wxWHITE_BRUSH);
            dc.SetPen(wxPen(colour, 2));
            dc.DrawCircle(at, 4);
            last = at;
            drawn = true;
        }
    }
    if (drawn) {
        dc.SetTextForeground(colour);
        dc.DrawText(sides_[static_cast<std::size_t>(side)].name, plot.x + 8, plot.GetBottom() + 78 + 16 * side);
    }
}

}  // namespace sandtable::studio
