// The Balance Lab's charts: win rates with intervals, the VP margin's
// distribution and losses by type; A filled, B (the house rule) outlined
// beside it. It paints a summary it owns (a copy), never the results of a
// run, which the next run replaces while the window may still repaint.
#pragma once

#include "core/balance_summary.h"
#include "rules/scenario.h"

#include <wx/colour.h>
#include <wx/dc.h>
#include <wx/panel.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::studio {

class BalanceChart : public wxPanel {
public:
    explicit BalanceChart(wxWindow* parent);
    struct SideLook {
        wxString name;
        wxColour colour;
    };
    // Nothing shown with no summary; `sides` in the summary's order.
    // `type_names`: unit type id -> name, for the losses chart.
    void show(std::optional<BalanceSummary> summary, std::vector<SideLook> sides,
              std::map<std::string, std::string> type_names = {});

private:
    void paint();
    int title(wxDC& dc, const wxString& text, int y);
    int win_rates(wxDC& dc, int w, int y);
    int margins(wxDC& dc, int w, int y);
    void losses(wxDC& dc, int w, int y);
    wxColour colour(std::size_t side) const;
    wxString name(std::size_t side) const;

    std::optional<BalanceSummary> summary_;
    std::vector<SideLook> sides_;
    std::map<std::string, std::string> type_names_;
};

// Each side's name and colour, as the scenario gives them.
std::vector<BalanceChart::SideLook> side_looks(const rules::Scenario& sc);

}  // namespace sandtable::studio
