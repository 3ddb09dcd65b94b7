// The document says what each edit changed, and its views hear it: the edit
// history announces the parts a command changed after doing, undoing and
// redoing it, naming the pane it was made in; a subscription ends with its
// holder; a house rule started and a save are announced by the document.
#include "core/edit_commands.h"
#include "core/rule_module_commands.h"
#include "core/scenario_commands.h"
#include "core/unit_type_commands.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace sandtable;
using studio::DocumentChanges;
using studio::DocumentPart;
using studio::ScenarioDocument;

namespace {

// Every announcement a document makes while it is alive.
struct Heard {
    std::vector<DocumentChanges> changes;
    studio::ChangeSubscription subscription;
    explicit Heard(const ScenarioDocument& doc)
        : subscription(doc.on_change([this](const DocumentChanges& c) { changes.push_back(c); })) {}
    const DocumentChanges& last() const { return changes.back(); }
};

}  // namespace

TEST_CASE("each kind of edit announces the parts it changes, done, undone and redone", "[studio][document]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    Heard heard(doc);
    studio::EditHistory history;
    const auto& grid = doc.scenario().map.grid;
    const int woods = doc.ruleset().terrain_index("woods");
    const int pane = 0;  // stands for the pane the edit is made in

    history.perform(doc, std::make_unique<studio::PaintTerrain>(doc, woods, std::vector{grid.from_offset({0, 0})}),
                    &pane);
    REQUIRE(heard.changes.size() == 1);
    CHECK(heard.last().touch({DocumentPart::Map}));
    CHECK_FALSE(heard.last().touch({DocumentPart::Scenario, DocumentPart::UnitTypes, DocumentPart::Tables,
                                    DocumentPart::Scripts, DocumentPart::HouseRules}));
    CHECK(heard.last().made_in == &pane);

    history.perform(doc, studio::set_side_name(doc, 0, "The Hesk"));
    CHECK(heard.last().touch({DocumentPart::Scenario}));
    CHECK_FALSE(heard.last().touch({DocumentPart::Tables}));
    CHECK(heard.last().made_in == nullptr);

    history.perform(doc, std::make_unique<studio::SetTableCell>(doc, 0, 0, 0, "AE"));
    CHECK(heard.last().touch({DocumentPart::Tables}));
    CHECK_FALSE(heard.last().touch({DocumentPart::Map, DocumentPart::Scenario}));

    history.perform(doc, std::make_unique<studio::AddUnitType>(doc, 0));
    CHECK(heard.last().touch({DocumentPart::UnitTypes}));

    history.perform(doc, std::make_unique<studio::SetModuleEnabled>(doc, 0, false));
    CHECK(heard.last().touch({DocumentPart::Scripts}));
    CHECK_FALSE(heard.last().touch({DocumentPart::UnitTypes}));

    // Undone and redone, the same parts change back and again, for every pane to catch up.
    const std::size_t before = heard.changes.size();
    history.undo(doc);
    CHECK(heard.last().touch({DocumentPart::Scripts}));
    CHECK(heard.last().made_in == nullptr);
    for (int i = 0; i < 4; ++i) history.undo(doc);
    CHECK(heard.last().touch({DocumentPart::Map}));
    CHECK(heard.last().made_in == nullptr);  // undone from the Edit menu: the pane it was made in catches up too
    history.redo(doc);
    CHECK(heard.last().touch({DocumentPart::Map}));
    CHECK(heard.changes.size() == before + 6);
}

TEST_CASE("a subscription ends with its holder, and a copy of a document starts with no listeners",
          "[studio][document]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    studio::EditHistory history;
    int first = 0, second = 0;
    {
        auto a = doc.on_change([&](const DocumentChanges&) { ++first; });
        auto b = doc.on_change([&](const DocumentChanges&) { ++second; });
        history.perform(doc, studio::set_side_name(doc, 0, "One"));
        CHECK(first == 1);
        CHECK(second == 1);
        a = studio::ChangeSubscription{};  // a pane given another document lets this one go
        history.perform(doc, studio::set_side_name(doc, 0, "Two"));
        CHECK(first == 1);
        CHECK(second == 2);
    }
    history.perform(doc, studio::set_side_name(doc, 0, "Three"));
    CHECK(second == 2);

    int copied = 0;
    auto listening = doc.on_change([&](const DocumentChanges&) { ++copied; });
    ScenarioDocument copy = doc;
    history.perform(copy, studio::set_side_name(copy, 0, "Four"));
    CHECK(copied == 0);
}

TEST_CASE("a listener may let itself and others go while it is told", "[studio][document]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    studio::EditHistory history;
    studio::ChangeSubscription first, second;
    int told_second = 0;
    first = doc.on_change([&](const DocumentChanges&) {
        first = studio::ChangeSubscription{};
        second = studio::ChangeSubscription{};
    });
    second = doc.on_change([&](const DocumentChanges&) { ++told_second; });
    history.perform(doc, studio::set_side_name(doc, 0, "Gone"));
    CHECK(told_second == 0);  // let go before its turn
}

TEST_CASE("a house rule started and a save are announced by the document", "[studio][document]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    Heard heard(doc);
    doc.start_house_rule("heavier-knights", "Heavier knights");
    REQUIRE(heard.changes.size() == 1);
    // Every ruleset pane says where edits go now; the scenario names the house rule.
    CHECK(heard.last().touch({DocumentPart::HouseRules}));
    CHECK(heard.last().touch({DocumentPart::UnitTypes}));
    CHECK(heard.last().touch({DocumentPart::Tables}));
    CHECK(heard.last().touch({DocumentPart::Scripts}));
    CHECK(heard.last().touch({DocumentPart::Scenario}));
    doc.save();
    REQUIRE(heard.changes.size() == 2);
    CHECK(heard.last().touch({DocumentPart::HouseRules}));
    CHECK_FALSE(heard.last().touch({DocumentPart::Map}));
}
