// The issues pane: every error and warning of the project (loader, Lua,
// lint), one per row with its place; double-click (or Enter) opens the place
// (a hex on the map, a unit type, a table cell, a script line).
#pragma once

#include "core/project_issues.h"

#include <wx/listctrl.h>
#include <wx/panel.h>

#include <functional>
#include <vector>

namespace sandtable::studio {

class IssuesPanel : public wxPanel {
public:
    explicit IssuesPanel(wxWindow* parent);
    void show(std::vector<ProjectIssue> issues);
    // A short line when there is nothing wrong ("No problems found in …").
    void show_clean(const std::string& text);
    std::function<void(const IssueTarget&, const ProjectIssue&)> on_open;
    std::function<void()> on_check;  // the Check button
    std::size_t count() const { return issues_.size(); }
    int checks_shown() const { return checks_shown_; }  // how many times a check's outcome was shown (tests)

private:
    void open(long row);

    wxListCtrl* list_ = nullptr;
    std::vector<ProjectIssue> issues_;
    int checks_shown_ = 0;
};

}  // namespace sandtable::studio
