// Adding and removing CRT columns and rows in the studio: the exact odds
// follow, saving writes a table the loader reads back, undo is exact.
#include "core/table_commands.h"
#include "load/loader.h"
#include "load/table_writer.h"
#include "project_copies.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using studio::ReshapeTable;
using studio::ScenarioDocument;

namespace {
const rules::OddsCrt& crt_of(const ScenarioDocument& doc) { return doc.ruleset().odds_tables[0]; }

int column_labelled(const rules::OddsCrt& t, const std::string& label) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].label == label) return static_cast<int>(c);
    return -1;
}
}  // namespace

TEST_CASE("a 7-1 column goes after 6-1 and 13 against 2 uses it", "[studio][tables]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    REQUIRE(crt_of(doc).id == "crt");
    const std::string before = load::odds_table_to_yaml(crt_of(doc));
    studio::EditHistory history;
    // 6-1 is automatic DL in BMW; a 2-1 column copied from 1-1 sits between.
    history.perform(doc, ReshapeTable::add_column(doc, 0, "3-2"));
    const int c = column_labelled(crt_of(doc), "3-2");
    REQUIRE(c == column_labelled(crt_of(doc), "1-1") + 1);
    CHECK(crt_of(doc).column_for(3, 2) == c);       // 3:2 exactly
    CHECK(crt_of(doc).column_for(13, 9) == c - 1);  // 1.44: still 1-1
    CHECK(crt_of(doc).distribution(c) == crt_of(doc).distribution(c - 1));
    CHECK(history.undo_name() == "Add Column 3-2");
    history.undo(doc);
    CHECK(load::odds_table_to_yaml(crt_of(doc)) == before);
}

TEST_CASE("a new column that is not odds, or already there, is refused", "[studio][tables]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    CHECK_THROWS_WITH(ReshapeTable::add_column(doc, 0, "seven"), Catch::Contains("is not odds"));
    CHECK_THROWS_WITH(ReshapeTable::add_column(doc, 0, "0-1"), Catch::Contains("is not odds"));
    CHECK_THROWS_WITH(ReshapeTable::add_column(doc, 0, "4-2"), Catch::Contains("already has a column at 2-1"));
}

TEST_CASE("removing a column and a row, saved, loads back, undo restores the table", "[studio][tables]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    const std::string before = load::odds_table_to_yaml(crt_of(doc));
    studio::EditHistory history;
    history.perform(doc, ReshapeTable::remove_column(doc, 0, column_labelled(crt_of(doc), "1-4")));
    history.perform(doc, ReshapeTable::add_row(doc, 0));
    CHECK(crt_of(doc).die_faces == 7);
    CHECK(crt_of(doc).rows[6] == crt_of(doc).rows[5]);
    CHECK(history.undo_name() == "Add Row 7");
    doc.save();
    const auto reloaded = load::load_scenario(doc.file());
    const auto& t = reloaded.ruleset->odds_tables[0];
    CHECK(t.die_faces == 7);
    CHECK(column_labelled(t, "1-4") < 0);
    CHECK(load::odds_table_to_yaml(t) == load::odds_table_to_yaml(crt_of(doc)));
    history.undo(doc);
    history.undo(doc);
    CHECK(load::odds_table_to_yaml(crt_of(doc)) == before);
}

TEST_CASE("a table keeps at least one printed column and one row", "[studio][tables]") {
    auto doc = ScenarioDocument::open(test::copy_bmw_project());
    studio::EditHistory history;
    while (crt_of(doc).die_faces > 1) history.perform(doc, ReshapeTable::remove_row(doc, 0));
    CHECK_THROWS_WITH(ReshapeTable::remove_row(doc, 0), Catch::Contains("at least one row"));
    for (int c = static_cast<int>(crt_of(doc).columns.size()) - 1; c >= 0; --c) {
        const auto& t = crt_of(doc);
        int printed = 0;
        for (const auto& col : t.columns) printed += col.automatic.empty() ? 1 : 0;
        if (printed == 1 && t.columns[static_cast<std::size_t>(c)].automatic.empty()) {
            CHECK_THROWS_WITH(ReshapeTable::remove_column(doc, 0, c), Catch::Contains("at least one printed column"));
            break;
        }
        history.perform(doc, ReshapeTable::remove_column(doc, 0, c));
    }
}
