// A module added on disk by another program (a text editor, git) shows in
// Rules & Scripts once the files are read again (issue 19, defect 6).
#include "studio_window.h"

#include <catch2/catch.hpp>

#include <wx/checklst.h>

#include <filesystem>
#include <fstream>

using namespace sandtable;
using namespace sandtable::gui_test;

namespace {
wxCheckListBox* module_list(wxWindow& page) {
    for (auto* child : page.GetChildren())
        if (auto* list = dynamic_cast<wxCheckListBox*>(child)) return list;
    return nullptr;
}

void append(const std::string& file, const std::string& text) {
    std::ofstream out(file, std::ios::app);
    out << text;
}
}  // namespace

TEST_CASE("Reload: a module registered and written on disk appears in the module list", "[gui][scripts][reload]") {
    ProjectCopy project("bmw");
    StudioWindow window(project.scenario("bmw", "wendle-fords.yaml"));
    studio::MainFrame* frame = window.frame;
    frame->select_page(studio::MainFrame::Page::Scripts);
    pump_for(3500);  // past the studio's own save window; the watcher is set up
    auto* list = module_list(frame->scripts());
    REQUIRE(list);
    const unsigned before = list->GetCount();
    {
        std::ofstream lua(project.ruleset("bmw") + "/rules/fog.lua");
        lua << "-- fog of war\n";
    }
    pump_for(1500);  // the new file alone is read first (a designer saves the script, then registers it)
    std::string text;
    {
        std::ifstream in(project.ruleset("bmw") + "/ruleset.yaml");
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    text.replace(text.find("  - { module: leaders }"), 0, "  - { module: fog }\n");
    {
        std::ofstream out(project.ruleset("bmw") + "/ruleset.yaml", std::ios::trunc);
        out << text;
    }
    CHECK(pump_until([&] { return list->GetCount() == before + 1; }, 5000));
    bool listed = false;
    for (unsigned i = 0; i < list->GetCount(); ++i) listed = listed || list->GetString(i).Lower().Contains("fog");
    CHECK(listed);
}

// A house rule kept outside the ruleset's folder is watched too: a module its
// patch registers there shows once the files are read again.
TEST_CASE("Reload: a module added to a house rule outside the ruleset's folder appears in the module list",
          "[gui][scripts][reload]") {
    namespace fs = std::filesystem;
    ProjectCopy project("bmw");
    const fs::path house = project.root() / "house" / "vikings";
    fs::create_directories(house.parent_path());
    fs::copy(fs::path(project.ruleset("bmw")) / "house-rules" / "viking-berserkers", house,
             fs::copy_options::recursive);
    const std::string scenario = project.scenario("bmw", "wendle-fords.yaml");
    std::string text;
    {
        std::ifstream in(scenario);
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    text.replace(text.find("\nruleset:"), 1, "\nhouse_rules: [../../house/vikings]\n");
    {
        std::ofstream out(scenario, std::ios::trunc);
        out << text;
    }
    StudioWindow window(scenario);
    studio::MainFrame* frame = window.frame;
    frame->select_page(studio::MainFrame::Page::Scripts);
    pump_for(3500);
    auto* list = module_list(frame->scripts());
    REQUIRE(list);
    const unsigned before = list->GetCount();
    {
        std::ofstream lua(house / "rules" / "fog.lua");
        lua << "-- fog of war\n";
    }
    append((house / "berserkers.yaml").string(), "  - { module: fog }\n");
    CHECK(pump_until([&] { return list->GetCount() == before + 1; }, 5000));
}
