// What the GUI tests share: running the event loop for a while or until
// something holds, and a copy of a shipped project to edit.
#pragma once

#include <wx/evtloop.h>
#include <wx/timer.h>
#include <wx/toplevel.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>

namespace sandtable::gui_test {

// Runs the event loop (timers, paints, CallAfter) for `ms` milliseconds.
inline void pump_for(int ms) {
    wxGUIEventLoop loop;
    wxTimer timer;
    timer.Bind(wxEVT_TIMER, [&loop](wxTimerEvent&) { loop.Exit(); });
    timer.StartOnce(ms);
    loop.Run();
}

// Runs the event loop until `done()` holds, at most `limit_ms`; whether it held.
inline bool pump_until(const std::function<bool()>& done, int limit_ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
    while (!done()) {
        if (std::chrono::steady_clock::now() > until) return false;
        pump_for(20);
    }
    return true;
}

// Destroys a top-level window and runs the event loop until it is gone (its
// destructor run): the deletion waits for an idle moment, late on a loaded machine.
inline bool destroy_and_wait(wxWindow* window) {
    window->Destroy();
    return pump_until([window] { return wxTopLevelWindows.Find(window) == nullptr; }, 10'000);
}

// A fresh folder under the temp directory with the shipped ruleset and
// scenarios of `system` copied in (rulesets/<system>, scenarios/<system>)
// and the scripts/ library beside them, removed when the value goes.
class ProjectCopy {
public:
    explicit ProjectCopy(const std::string& system) {
        namespace fs = std::filesystem;
        static int count = 0;
        root_ =
            fs::temp_directory_path() / ("sandtable-gui-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
        fs::create_directories(root_ / "rulesets");
        fs::create_directories(root_ / "scenarios");
        const fs::path source = SANDTABLE_SOURCE_DIR;
        fs::copy(source / "rulesets" / system, root_ / "rulesets" / system, fs::copy_options::recursive);
        fs::copy(source / "scenarios" / system, root_ / "scenarios" / system, fs::copy_options::recursive);
        fs::copy(source / "scripts", root_ / "scripts", fs::copy_options::recursive);
    }
    ~ProjectCopy() {
        std::error_code ec;
        std::filesystem::remove_all(root_, ec);
    }
    ProjectCopy(const ProjectCopy&) = delete;
    ProjectCopy& operator=(const ProjectCopy&) = delete;
    std::filesystem::path root() const { return root_; }
    std::string scenario(const std::string& system, const std::string& file) const {
        return (root_ / "scenarios" / system / file).string();
    }
    std::string ruleset(const std::string& system) const { return (root_ / "rulesets" / system).string(); }

private:
    std::filesystem::path root_;
};

}  // namespace sandtable::gui_test
