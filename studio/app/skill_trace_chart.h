// The Balance Lab's skill trace chart: for each side, its wins when the search
// bot plays it against greedy, at each budget (a point with its 95% interval,
// joined by a line), and against itself at half the budget (hollow points,
// dotted), over the side's wins in greedy against greedy (dashed); and the
// first player's wins with both sides at the same budget (grey squares).
#pragma once

#include "app/balance_chart.h"
#include "core/skill_trace.h"

#include <wx/panel.h>

#include <vector>

namespace sandtable::studio {

class SkillTraceChart : public wxPanel {
public:
    explicit SkillTraceChart(wxWindow* parent);
    void show(std::vector<SkillTracePoint> points, std::vector<BalanceChart::SideLook> sides, int first_side);

private:
    void paint();
    void axes(wxDC& dc, const wxRect& plot);
    void side_line(wxDC& dc, const wxRect& plot, int side);
    void first_player_line(wxDC& dc, const wxRect& plot);
    int x_of(const wxRect& plot, int budget) const;
    static int y_of(const wxRect& plot, double share);

    std::vector<SkillTracePoint> points_;
    std::vector<BalanceChart::SideLook> sides_;
    int first_side_ = 0;
};

}  // namespace sandtable::studio
