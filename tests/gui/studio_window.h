// A main window for a test: shown, on a scenario, answering No to every
// question until a test says otherwise; destroyed, and its last events run,
// when the test ends.
#pragma once

#include "app/main_frame.h"
#include "gui_fixture.h"

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

}  // namespace sandtable::gui_test
