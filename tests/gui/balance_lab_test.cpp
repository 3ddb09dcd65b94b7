// Balance Lab under Xvfb: a run's charts survive the next run and page
// switches (issue 19, defect 1), B is checked before A runs and labelled
// truly (defect 9).
#include "studio_window.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::gui_test;
using Page = studio::MainFrame::Page;

namespace {
// A main window on the scenario, showing the Balance Lab.
struct Studio : StudioWindow {
    explicit Studio(const std::string& scenario) : StudioWindow(scenario) { frame->select_page(Page::BalanceLab); }
};
}  // namespace

TEST_CASE("Balance Lab: 120 page switches while a new run replaces an A/B run's charts, no crash", "[gui][balance]") {
    ProjectCopy project("bmw");
    Studio studio(project.scenario("bmw", "wendle-fords.yaml"));
    auto& lab = studio.frame->balance();
    lab.set_games(60);
    REQUIRE(lab.compare_with_house_rule(project.ruleset("bmw") + "/house-rules/viking-berserkers"));
    lab.run();
    REQUIRE(pump_until([&] { return !lab.running(); }, 240'000));
    REQUIRE(lab.has_results());
    lab.set_games(20'000);
    lab.run();
    REQUIRE(lab.running());
    const Page cycle[] = {Page::Map, Page::Scenario, Page::Playtest, Page::BalanceLab};
    for (int i = 0; i < 120; ++i) {
        studio.frame->select_page(cycle[i % 4]);
        pump_for(15);
    }
    CHECK(lab.running());  // still going: nothing died under it
}

TEST_CASE("Balance Lab: a B folder that does not load is refused before any game, with the whole message",
          "[gui][balance]") {
    ProjectCopy project("bmw");
    Studio studio(project.scenario("bmw", "wendle-fords.yaml"));
    auto& lab = studio.frame->balance();
    CHECK_FALSE(lab.compare_with_house_rule((project.root() / "no-such-house-rule").string()));
    CHECK_FALSE(lab.running());
    const std::string error = lab.error_text().ToStdString(wxConvUTF8);
    CHECK(error.find("B was not set") != std::string::npos);
    CHECK(error.find("no-such-house-rule") != std::string::npos);
}

TEST_CASE("Balance Lab: B without the scenario's own house rules is checked when chosen, the problems shown",
          "[gui][balance]") {
    ProjectCopy project("cady");
    Studio studio(project.scenario("cady", "hollins_farm.yaml"));
    auto& lab = studio.frame->balance();
    // Hollins Farm's units are the musket era pack's: without it the scenario does not load.
    CHECK_FALSE(lab.compare_without_own_house_rules());
    const std::string error = lab.error_text().ToStdString(wxConvUTF8);
    CHECK(error.find("without its own house rules") != std::string::npos);
    CHECK(error.find("unknown unit type") != std::string::npos);
    CHECK(error.find("more") != std::string::npos);  // the first problems, then how many more
}
