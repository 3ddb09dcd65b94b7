// Watches every folder the open project is made of — the scenario's, the
// ruleset's (with its tables, rules/ and house-rules/), each house rule's
// and the folders of its Lua modules — and reports a change once the
// writing has settled: a burst of writes (a git checkout, an editor's save
// through a temporary file) is one report, after the last of them.
#pragma once

#include "core/scenario_document.h"

#include <wx/fswatcher.h>
#include <wx/timer.h>

#include <functional>
#include <memory>
#include <set>
#include <string>

namespace sandtable::studio {

class ProjectWatcher {
public:
    // `changed(path)` is told the last .yaml or .lua file that changed.
    ProjectWatcher(wxEvtHandler* owner, std::function<void(const wxString& path)> changed);
    // Watches these folders (folders_of a document); the same folders are left watched as
    // they are, so no change is lost while the watches would be set up again.
    void watch(std::set<std::string> folders);
    static std::set<std::string> folders_of(const ScenarioDocument& doc);

private:
    void on_event(wxFileSystemWatcherEvent& e);

    wxEvtHandler* owner_;
    std::function<void(const wxString&)> changed_;
    std::unique_ptr<wxFileSystemWatcher> watcher_;
    std::set<std::string> folders_;
    wxTimer settle_;
    wxString last_path_;
};

}  // namespace sandtable::studio
