// The studio with house rules: where each value comes from, edits saved into
// the house rule (never into the ruleset's files), and starting a house rule.
#include "core/plain_text.h"
#include "core/scenario_document.h"
#include "core/unit_type_commands.h"

#include "project_copies.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;
using namespace sandtable;
using namespace sandtable::studio;
using test::text_of;
using test::write_text;

namespace {

// The copied wendle-fords scenario played with the war-elephants house rule.
std::string with_house_rule(const std::string& scenario, const std::string& house) {
    std::string text = text_of(scenario);
    text.replace(text.find("ruleset: ../../rulesets/bmw\n"), 28,
                 "ruleset: ../../rulesets/bmw\nhouse_rules: [../../rulesets/bmw/house-rules/" + house + "]\n");
    write_text(scenario, text);
    return scenario;
}

int type_index(const ScenarioDocument& doc, const std::string& id) { return doc.ruleset().unit_type_index(id); }
int attribute(const ScenarioDocument& doc, const std::string& id) { return doc.ruleset().attribute_index(id); }
int value(const ScenarioDocument& doc, const std::string& type, const std::string& attr) {
    return doc.ruleset()
        .unit_types[static_cast<std::size_t>(type_index(doc, type))]
        .front.values[static_cast<std::size_t>(attribute(doc, attr))];
}

}  // namespace

TEST_CASE("the studio shows which layer each value comes from", "[studio][house]") {
    const std::string scenario = with_house_rule(test::copy_bmw_project(), "war-elephants");
    auto doc = ScenarioDocument::open(scenario);
    REQUIRE(doc.layers());
    const auto& layers = *doc.layers();
    CHECK(layers.layers().size() == 2);
    const int combat = attribute(doc, "combat");
    CHECK(layers.origin_of_attribute(doc.ruleset(), "heavy_foot", false, combat) == 1);
    CHECK(layers.origin_of_attribute(doc.ruleset(), "heavy_foot", false, attribute(doc, "movement")) == 0);
    CHECK(layers.origin_of_attribute(doc.ruleset(), "knights", false, combat) == 0);
    CHECK(layers.origin_of_type_name(doc.ruleset(), "heavy_foot") == 1);  // renamed
    CHECK(layers.origin_of_type_symbol(doc.ruleset(), "heavy_foot") == 0);
    CHECK(layers.origin_of_unit_type(doc.ruleset(), "heavy_foot") == 0);
    CHECK(layers.origin_of_module(doc.ruleset(), "elephants") == 1);
    CHECK(layers.origin_of_module(doc.ruleset(), "charges") == 0);
    CHECK(layers.origin_of_cell(doc.ruleset(), "crt", 0, 1) == 0);
    CHECK(layers.describe(1) == "house rule 'war-elephants' (" +
                                    (fs::path(scenario).parent_path() / "../../rulesets/bmw/house-rules/war-elephants")
                                        .lexically_normal()
                                        .string() +
                                    ")");
    CHECK(doc.edit_target().find("house rule 'war-elephants'") == 0);

    SetUnitTypeAttribute edit(doc, type_index(doc, "knights"), CounterFace::Front, combat, 8);
    edit.apply(doc);
    CHECK(layers.origin_of_attribute(doc.ruleset(), "knights", false, combat) == RulesetLayers::kEdited);
    CHECK(doc.modified());
}

TEST_CASE("edits with a house rule are saved into it, and the ruleset's files are left alone", "[studio][house]") {
    const std::string scenario = with_house_rule(test::copy_bmw_project(), "war-elephants");
    const fs::path ruleset = fs::path(scenario).parent_path() / "../../rulesets/bmw";
    const fs::path house = ruleset / "house-rules" / "war-elephants";
    const std::string ruleset_before = text_of(ruleset / "ruleset.yaml"),
                      crt_before = text_of(ruleset / "tables" / "crt.yaml");
    {
        auto doc = ScenarioDocument::open(scenario);
        SetUnitTypeAttribute(doc, type_index(doc, "knights"), CounterFace::Front, attribute(doc, "combat"), 8)
            .apply(doc);
        doc.edit_ruleset().odds_tables[0].rows[2][4] = "EX";
        doc.save();
        CHECK(!doc.modified());
        CHECK(doc.layers()->origin_of_attribute(doc.ruleset(), "knights", false, attribute(doc, "combat")) == 1);
    }
    CHECK(text_of(ruleset / "ruleset.yaml") == ruleset_before);
    CHECK(text_of(ruleset / "tables" / "crt.yaml") == crt_before);
    CHECK(text_of(house / "house.yaml").find("patches: [elephants.yaml, studio.yaml]") != std::string::npos);
    const std::string patch = text_of(house / "studio.yaml");
    CHECK(patch.find("- { id: knights, front: { combat: 8 } }") != std::string::npos);
    CHECK(patch.find("3: { replace: [\"AR\", \"-\", \"-\", \"EX\", \"-\", \"-\", \"DR\", \"DL\"] }") !=
          std::string::npos);
    auto reopened = ScenarioDocument::open(scenario);
    CHECK(value(reopened, "knights", "combat") == 8);
    CHECK(value(reopened, "heavy_foot", "combat") == 8);  // the house rule's own patch still applies
    CHECK(reopened.ruleset().odds_table("crt")->result(4, 3) == "EX");
    CHECK(!reopened.modified());
}

TEST_CASE("a designer starts a house rule and edits go into it", "[studio][house]") {
    const std::string scenario = test::copy_bmw_project();
    const fs::path ruleset = fs::path(scenario).parent_path() / "../../rulesets/bmw";
    const std::string ruleset_before = text_of(ruleset / "ruleset.yaml");
    {
        auto doc = ScenarioDocument::open(scenario);
        CHECK(!doc.layers());
        CHECK(doc.edit_target().find("the ruleset bmw 1.0.0") == 0);
        CHECK_THROWS_WITH(doc.start_house_rule("my rules", "Mine"), Catch::Contains("a plain name"));
        doc.start_house_rule("heavier-knights", "Heavier knights");
        REQUIRE(doc.layers());
        CHECK(doc.edit_target().find("house rule 'heavier-knights'") == 0);
        SetUnitTypeAttribute(doc, type_index(doc, "knights"), CounterFace::Front, attribute(doc, "combat"), 9)
            .apply(doc);
        CHECK(doc.modified());
        doc.save();
        CHECK_THROWS_WITH(doc.start_house_rule("heavier-knights", "Again"), Catch::Contains("already exists"));
    }
    CHECK(text_of(ruleset / "ruleset.yaml") == ruleset_before);
    CHECK(text_of(scenario).find("house_rules:\n  - \"../../rulesets/bmw/house-rules/heavier-knights\"") !=
          std::string::npos);
    const std::string house = text_of(ruleset / "house-rules" / "heavier-knights" / "house.yaml");
    CHECK(house.find("base: { ruleset: \"bmw\", versions: \">=1.0.0 <2\" }") != std::string::npos);
    auto reopened = ScenarioDocument::open(scenario);
    CHECK(value(reopened, "knights", "combat") == 9);
    CHECK(reopened.layers()->origin_of_attribute(reopened.ruleset(), "knights", false, attribute(reopened, "combat")) ==
          1);
    CHECK(load::load_ruleset(ruleset.string())
              .unit_types[static_cast<std::size_t>(reopened.ruleset().unit_type_index("knights"))]
              .front.values[static_cast<std::size_t>(attribute(reopened, "combat"))] == 7);
}

TEST_CASE("edits into a house rule autosaved before a crash are recovered", "[studio][house][recovery]") {
    const std::string scenario = test::copy_bmw_project();
    const fs::path ruleset = fs::path(scenario).parent_path() / "../../rulesets/bmw";
    const fs::path patch = ruleset / "house-rules" / "heavier-knights" / "studio.yaml";
    {
        auto doc = ScenarioDocument::open(scenario);
        doc.start_house_rule("heavier-knights", "Heavier knights");
        SetUnitTypeAttribute(doc, type_index(doc, "knights"), CounterFace::Front, attribute(doc, "combat"), 9)
            .apply(doc);
        doc.autosave();
        CHECK(fs::exists(ScenarioDocument::autosave_path(patch.string())));
    }  // the studio "crashes": nothing saved
    REQUIRE(ScenarioDocument::has_newer_autosave(scenario));
    auto doc = ScenarioDocument::recover(scenario, ScenarioDocument::autosave_path(scenario));
    REQUIRE(doc.layers());
    CHECK(value(doc, "knights", "combat") == 9);
    CHECK(doc.modified());
    doc.save();
    CHECK(!fs::exists(ScenarioDocument::autosave_path(patch.string())));
    CHECK(text_of(patch).find("- { id: knights, front: { combat: 9 } }") != std::string::npos);
}

TEST_CASE("an edit the house rules would refuse is not saved, and nothing is lost", "[studio][house]") {
    // war-elephants sets heavy_foot's combat; the edit goes into a later house rule without overrides.
    std::string scenario = with_house_rule(test::copy_bmw_project(), "war-elephants");
    const fs::path ruleset = fs::path(scenario).parent_path() / "../../rulesets/bmw";
    auto doc = ScenarioDocument::open(scenario);
    doc.start_house_rule("mine", "Mine");
    doc.save();  // the scenario now names both
    const fs::path house = ruleset / "house-rules" / "mine" / "house.yaml";
    const std::string house_before = text_of(house), patch_before = text_of(house.parent_path() / "studio.yaml");
    SetUnitTypeAttribute(doc, type_index(doc, "heavy_foot"), CounterFace::Front, attribute(doc, "combat"), 9)
        .apply(doc);
    CHECK_THROWS_WITH(doc.save(), Catch::Contains("The edits were not saved into house rule 'mine'") &&
                                      Catch::Contains("both change unit_types.heavy_foot.front.combat") &&
                                      Catch::Contains("under overrides:"));
    CHECK(doc.modified());
    CHECK(value(doc, "heavy_foot", "combat") == 9);
    CHECK(text_of(house) == house_before);
    CHECK(text_of(house.parent_path() / "studio.yaml") == patch_before);
    CHECK_NOTHROW(ScenarioDocument::open(scenario));
}

TEST_CASE("the studio's patch is applied after the house rule's own", "[studio][house]") {
    const std::string scenario = with_house_rule(test::copy_bmw_project(), "war-elephants");
    const fs::path house = fs::path(scenario).parent_path() / "../../rulesets/bmw/house-rules/war-elephants";
    std::string text = text_of(house / "house.yaml");
    text.replace(text.find("patches: [elephants.yaml]"), 25, "patches:\n  - studio.yaml\n  - elephants.yaml");
    write_text(house / "house.yaml", text);
    write_text(house / "studio.yaml", "{}\n");
    auto doc = ScenarioDocument::open(scenario);
    SetUnitTypeAttribute(doc, type_index(doc, "heavy_foot"), CounterFace::Front, attribute(doc, "combat"), 10)
        .apply(doc);
    doc.save();
    CHECK(text_of(house / "house.yaml").find("patches: [elephants.yaml, studio.yaml]\n") != std::string::npos);
    CHECK(value(ScenarioDocument::open(scenario), "heavy_foot", "combat") == 10);
}

TEST_CASE("the studio's House Rule Changes is the rules diff text of the scenario's house rules", "[studio][house]") {
    const std::string file = sandtable::test::copy_bmw_project();
    {
        auto plain = sandtable::studio::ScenarioDocument::open(file);
        CHECK(plain.house_rule_changes().find("applies no house rules") != std::string::npos);
    }
    std::string text = sandtable::test::text_of(file);
    text.replace(text.find("\nruleset:"), 1, "\nhouse_rules: [../../rulesets/bmw/house-rules/bloodier-crt]\n");
    sandtable::test::write_text(file, text);
    auto doc = sandtable::studio::ScenarioDocument::open(file);
    const std::string changes = doc.house_rule_changes();
    CHECK(changes.find("# What the house rules change in") != std::string::npos);
    CHECK(changes.find("bloodier-crt") != std::string::npos);
    CHECK(changes.find(" → ") != std::string::npos);
}

TEST_CASE("the rules diff's Markdown is shown as plain text: headings underlined, marks taken away",
          "[studio][house]") {
    CHECK(sandtable::studio::plain_text_of_markdown(
              "# What changes\n\n## Bloodier (b 1.0)\n- **Knights**\n  - front combat: 7 → 8 — `b/p.yaml:3:5`\n") ==
          "What changes\n============\n\nBloodier (b 1.0)\n----------------\n- Knights\n  - front combat: 7 → 8 — "
          "b/p.yaml:3:5\n");
    // A code block (Help's docs) shows its code, without the fences and their language.
    CHECK(sandtable::studio::plain_text_of_markdown("Switch it on:\n\n```yaml\nrules:\n  - { module: x }\n```\n") ==
          "Switch it on:\n\nrules:\n  - { module: x }\n");
}

TEST_CASE("with a house rule as the target, only its own scripts may be typed into", "[studio][house][scripts]") {
    const std::string scenario = test::copy_bmw_project();
    auto doc = ScenarioDocument::open(scenario);
    const auto leaders = std::find_if(doc.ruleset().modules.begin(), doc.ruleset().modules.end(),
                                      [](const auto& m) { return m.module == "leaders"; });
    REQUIRE(leaders != doc.ruleset().modules.end());
    const std::string base_script = leaders->file;
    CHECK(doc.script_editable(base_script));  // no house rule: the ruleset's own modules are edited
    doc.start_house_rule("bold", "Bold attackers");
    CHECK_FALSE(doc.script_editable(base_script));
    const fs::path house = fs::path(doc.layers()->target().directory);
    CHECK(doc.script_editable((house / "rules" / "bold.lua").string()));
    CHECK_FALSE(doc.script_editable((house / ".." / "other" / "rules" / "x.lua").string()));
}
