// The issues panel's model without a display: loader errors, Lua errors and
// lint warnings of a project, each pointing at the place a designer opens
// (a hex, a unit type, a table cell, a script line).
#include "core/edit_commands.h"
#include "core/project_issues.h"
#include "load/loader.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace sandtable;
using studio::IssueTarget;
using studio::ScenarioDocument;

namespace {
void write(const std::string& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

const studio::ProjectIssue* find_issue(const std::vector<studio::ProjectIssue>& issues, const std::string& part) {
    for (const auto& i : issues)
        if (i.message.find(part) != std::string::npos) return &i;
    return nullptr;
}
}  // namespace

TEST_CASE("the shipped project has no issues", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto issues = studio::check_project(doc);
    for (const auto& i : issues) INFO(i.to_string());
    CHECK(issues.empty());
}

// Every template a designer starts from opens clean: no error, no lint warning.
TEST_CASE("every shipped scenario opens with no issue, not even a warning", "[studio][issues]") {
    for (const auto& system : std::filesystem::directory_iterator(std::string(SANDTABLE_SOURCE_DIR) + "/scenarios"))
        for (const auto& file : std::filesystem::directory_iterator(system.path())) {
            if (file.path().extension() != ".yaml") continue;
            auto doc = ScenarioDocument::open(file.path().string());
            std::string found;
            for (const auto& i : studio::check_project(doc)) found += i.to_string() + "\n";
            INFO(file.path().string());
            CHECK(found.empty());
            if (!found.empty()) FAIL_CHECK(found);
        }
}

TEST_CASE("a unit painted over with terrain it cannot enter is an error at its hex", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto& rs = doc.ruleset();
    int horse = -1;  // a mounted unit: swamp is prohibited to horse
    for (std::size_t u = 0; u < doc.scenario().units.size(); ++u)
        if (rs.unit_types[static_cast<std::size_t>(doc.scenario().units[u].type)].front.movement_class ==
            rs.movement_class_index("horse"))
            horse = static_cast<int>(u);
    REQUIRE(horse >= 0);
    const geometry::Hex at = doc.scenario().units[static_cast<std::size_t>(horse)].hex;
    studio::EditHistory history;
    history.perform(
        doc, std::make_unique<studio::PaintTerrain>(doc, rs.terrain_index("swamp"), std::vector<geometry::Hex>{at}));
    const auto issues = studio::lint(doc.ruleset(), doc.scenario());
    const auto* issue = find_issue(issues, "cannot enter");
    REQUIRE(issue);
    CHECK(issue->error());
    CHECK(issue->target.kind == IssueTarget::Kind::Hex);
    CHECK(issue->target.hex == at);
    CHECK(issue->message.find(doc.scenario().map.grid.label(at)) != std::string::npos);
    history.undo(doc);
    CHECK(studio::lint(doc.ruleset(), doc.scenario()).empty());
}

TEST_CASE("a CRT cell with an unknown result code points at its cell", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const int crt = 0;
    REQUIRE(doc.ruleset().odds_tables[crt].id == "crt");
    doc.edit_ruleset().odds_tables[crt].rows[2][4] = "XX";  // roll 3, a printed column
    const auto issues = studio::lint(doc.ruleset(), doc.scenario());
    const auto* issue = find_issue(issues, "'XX'");
    REQUIRE(issue);
    CHECK(issue->target.kind == IssueTarget::Kind::TableCell);
    CHECK(issue->target.table == crt);
    CHECK(issue->target.row == 2);
    CHECK(issue->target.column == 4);
    CHECK(issue->where.file == doc.ruleset().odds_tables[crt].where.file);
    CHECK(issue->where.line > 0);
}

TEST_CASE("a side without units and a river on the map's edge are warnings", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    auto& sc = doc.edit();
    const int side = 1;
    std::erase_if(sc.units, [&](const rules::UnitPlacement& u) { return u.side == side; });
    const geometry::Hex corner = sc.map.grid.hex_at(0);
    int edge = -1;
    for (int d = 0; d < 6 && edge < 0; ++d)
        if (sc.map.grid.neighbour_index(0, d) < 0) edge = d;
    REQUIRE(edge >= 0);
    sc.map.sides[0][static_cast<std::size_t>(edge)] =
        static_cast<std::int8_t>(doc.ruleset().hexside_feature_index("river"));
    const auto issues = studio::lint(doc.ruleset(), doc.scenario());
    const auto* empty_side = find_issue(issues, "has no units");
    REQUIRE(empty_side);
    CHECK(!empty_side->error());
    CHECK(empty_side->where.line == sc.sides[side].where.line);
    const auto* river = find_issue(issues, "map's edge");
    REQUIRE(river);
    CHECK(river->target.kind == IssueTarget::Kind::Hex);
    CHECK(river->target.hex == corner);
}

TEST_CASE("a Lua syntax error in a rule module points at its script line", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto& module = doc.ruleset().modules[1];
    std::string text = load::read_file(module.file);
    const int lines_before = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    write(module.file, text + "\nlocal broken = (1 +\n");
    const auto issues = studio::check_project(doc);
    REQUIRE(!issues.empty());
    const auto& issue = issues.front();
    CHECK(issue.error());
    CHECK(issue.target.kind == IssueTarget::Kind::ScriptLine);
    CHECK(issue.target.file == module.file);
    CHECK(issue.target.line >= lines_before + 2);
}

TEST_CASE("a Lua runtime error at load time is found by starting a game", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto& module = doc.ruleset().modules[0];
    const std::string text = load::read_file(module.file);
    write(module.file, "local nothing = nil\nlocal boom = nothing.field\n" + text);
    const auto issues = studio::check_project(doc);
    REQUIRE(!issues.empty());
    CHECK(issues.front().target.kind == IssueTarget::Kind::ScriptLine);
    CHECK(issues.front().target.line == 2);
}

TEST_CASE("loader errors are located at the unit written on their line", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const auto& unit = doc.scenario().units[3];
    const load::LoadError error({{{unit.where.file, unit.where.line, 30}, "something is wrong here"}});
    const auto issues = studio::issues_from(error, &doc.ruleset(), &doc.scenario());
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].target.kind == IssueTarget::Kind::Hex);
    CHECK(issues[0].target.hex == unit.hex);
    const auto& type = doc.ruleset().unit_types[2];
    const auto in_ruleset = studio::locate(type.where, &doc.ruleset(), &doc.scenario());
    CHECK(in_ruleset.kind == IssueTarget::Kind::UnitType);
    CHECK(in_ruleset.unit_type == 2);
}

TEST_CASE("a unit set up outside its side's deployment zone is a warning at its hex", "[studio][issues]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    auto& sc = doc.edit();
    const auto& unit = sc.units[0];
    sc.deployment_zones.assign(sc.sides.size(), {});
    sc.deployment_zones[static_cast<std::size_t>(unit.side)] = {sc.map.grid.hex_at(0)};
    auto issues = studio::lint(doc.ruleset(), doc.scenario());
    const auto* outside = find_issue(issues, unit.name + " sets up at");
    REQUIRE(outside);
    CHECK(!outside->error());
    CHECK(outside->target.hex == unit.hex);
    sc.units[0].arrives = 3;  // a reinforcement enters where it enters
    issues = studio::lint(doc.ruleset(), doc.scenario());
    CHECK(!find_issue(issues, unit.name + " sets up at"));
    sc.units[0].arrives = sc.turns + 1;
    CHECK(find_issue(studio::lint(doc.ruleset(), doc.scenario()), "after the game's last turn"));
}
