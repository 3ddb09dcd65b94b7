// The studio opening a project a save was killed in: a save its journal had
// decided is finished (all its files new), and every temporary file a killed
// save left is removed (docs/security.md, "Saves").
#include "gui_fixture.h"
#include "studio_window.h"

#include "core/scenario_document.h"
#include "load/file_transaction.h"
#include "load/temporary_files.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace sandtable;
using namespace sandtable::gui_test;
namespace fs = std::filesystem;

namespace {
std::string read_all(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_all(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

int temporaries_left(const fs::path& root) {
    int found = 0;
    for (const auto& e : fs::recursive_directory_iterator(root))
        found +=
            load::is_temporary_name(e.path().filename().string()) || e.path().filename() == load::kSaveJournal ? 1 : 0;
    return found;
}
}  // namespace

TEST_CASE("Saves: opening a project a save was killed in finishes the decided save and clears its temporary files",
          "[gui][saves]") {
    ProjectCopy project("bmw");
    const fs::path scenario = project.scenario("bmw", "skirmish.yaml");
    const fs::path ruleset = fs::path(project.ruleset("bmw")) / "ruleset.yaml";
    // A two-file save killed after its journal: the scenario's new text waits in its temporary file.
    std::string renamed = read_all(scenario);
    renamed.replace(renamed.find("\nname: ") + 7, 0, "Finished ");
    const fs::path scenario_temp = scenario.string() + ".tmp-00000000000000aa";
    write_all(scenario_temp, renamed);
    write_all(ruleset.string() + ".tmp-00000000000000bb", read_all(ruleset));
    write_all(project.root() / load::kSaveJournal,
              "sandtable-save/1\nscenarios/bmw/skirmish.yaml.tmp-00000000000000aa\n"
              "rulesets/bmw/ruleset.yaml.tmp-00000000000000bb\n");
    // And a save killed before deciding left a temporary file of its own.
    write_all(scenario.string() + ".tmp-00000000000000cc", "half a fil");

    StudioWindow window(scenario.string());
    REQUIRE(window.frame->document());
    CHECK(window.frame->document()->scenario().name.rfind("Finished ", 0) == 0);
    CHECK(read_all(scenario) == renamed);
    CHECK(temporaries_left(project.root()) == 0);
    CHECK(window.frame->GetStatusBar()->GetStatusText(1).ToStdString().find(
              "Finished a save that was interrupted: 2 files") != std::string::npos);
}
