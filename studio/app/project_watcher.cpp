#include "app/project_watcher.h"

#include <wx/evtloop.h>
#include <wx/filename.h>

#include <filesystem>

namespace sandtable::studio {

namespace {
constexpr int kSettleMs = 400;  // quiet this long after the last write before the files are read
}

ProjectWatcher::ProjectWatcher(wxEvtHandler* owner, std::function<void(const wxString& path)> changed)
    : owner_(owner), changed_(std::move(changed)) {
    settle_.Bind(wxEVT_TIMER, [this](wxTimerEvent&) { changed_(last_path_); });
}

std::set<std::string> ProjectWatcher::folders_of(const ScenarioDocument& doc) {
    namespace fs = std::filesystem;
    std::set<std::string> folders{fs::path(doc.file()).parent_path().lexically_normal().string()};
    auto add = [&](const std::string& dir) {
        std::error_code ec;
        if (fs::is_directory(dir, ec)) folders.insert(fs::path(dir).lexically_normal().string());
    };
    add(doc.ruleset().directory);
    for (const auto& layer : doc.ruleset().layers) add(layer.directory);
    for (const auto& file : doc.script_files()) add(fs::path(file).parent_path().string());
    return folders;
}

void ProjectWatcher::watch(std::set<std::string> folders) {
    if (!wxEventLoopBase::GetActive()) {  // a watcher needs a running event loop
        owner_->CallAfter([this, folders] { watch(folders); });
        return;
    }
    if (watcher_ && folders == folders_) return;
    if (!watcher_) {
        watcher_ = std::make_unique<wxFileSystemWatcher>();
        watcher_->SetOwner(owner_);
        owner_->Bind(wxEVT_FSWATCHER, &ProjectWatcher::on_event, this);
    }
    watcher_->RemoveAll();
    const int events = wxFSW_EVENT_MODIFY | wxFSW_EVENT_CREATE | wxFSW_EVENT_RENAME;
    for (const auto& folder : folders) watcher_->AddTree(wxFileName::DirName(wxString::FromUTF8(folder)), events);
    folders_ = folders;
}

void ProjectWatcher::on_event(wxFileSystemWatcherEvent& e) {
    const wxString path = e.GetNewPath().GetFullPath();
    if (!path.EndsWith(".yaml") && !path.EndsWith(".lua")) return;  // temporary files of saves, autosaves
    last_path_ = path;
    settle_.StartOnce(kSettleMs);
}

}  // namespace sandtable::studio
