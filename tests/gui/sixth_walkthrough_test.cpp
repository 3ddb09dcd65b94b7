// What the sixth new-user walkthrough found (docs/studio-walkthrough.md).
#include "studio_window.h"

using namespace sandtable;
using namespace sandtable::gui_test;

// A syntax error typed into a module, and its fix, show in the editor without
// pressing Check: the project is checked again once typing pauses, as it is
// after map edits.
TEST_CASE("Scripts: error marks follow typing once it pauses, without Check", "[gui][scripts]") {
    ProjectCopy project("bmw");
    StudioWindow frame(project.scenario("bmw", "skirmish.yaml"));
    auto [scripts, file, text] = open_first_module(frame);
    REQUIRE_FALSE(scripts.has_error_mark());
    scripts.type_text("local broken = (1 +\n" + text);
    CHECK(pump_until([&] { return scripts.has_error_mark(); }, 5000));
    const auto says = [&](const std::string& words) {
        return scripts.message_line().ToStdString().find(words) != std::string::npos;
    };
    CHECK(says("unexpected symbol"));  // the message line says which line, and why
    scripts.type_text(text);           // fixed, not saved
    CHECK(pump_until([&] { return !says("unexpected symbol"); }, 5000));
    CHECK_FALSE(scripts.has_error_mark());
}
