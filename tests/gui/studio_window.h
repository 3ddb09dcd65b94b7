// A main window for a test: shown, on a scenario, answering No to every
// question until a test says otherwise; destroyed, and its last events run,
// when the test ends.
#pragma once

#include "app/main_frame.h"
#include "app/scripts_panel.h"
#include "gui_fixture.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

#include <string>

namespace sandtable::gui_test {

struct StudioWindow {
    studio::MainFrame* frame = new studio::MainFrame();
    explicit StudioWindow(const std::string& scenario) {
        frame->ask = [](const wxString&, const wxString&, long) { return wxNO; };
        frame->Show();
        REQUIRE(frame->open(scenario, false));
    }
    ~StudioWindow() {
        frame->Destroy();
        pump_for(50);
    }
    StudioWindow(const StudioWindow&) = delete;
    StudioWindow& operator=(const StudioWindow&) = delete;
    studio::MainFrame* operator->() const { return frame; }
};

// The Rules & Scripts page with the project's first rule module open in the editor.
struct FirstModule {
    studio::ScriptsPanel& scripts;
    std::string file;
    std::string text;  // as on disk
};

inline FirstModule open_first_module(StudioWindow& window) {
    window->select_page(studio::MainFrame::Page::Scripts);
    pump_for(20);
    auto& scripts = window->scripts();
    const std::string file = window->document()->script_files().front();
    scripts.select_module_of(file);
    return {scripts, file, load::read_file(file)};
}

}  // namespace sandtable::gui_test
