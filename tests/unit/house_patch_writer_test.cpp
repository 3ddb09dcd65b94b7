// A patch written by the studio, applied by the loader, gives back exactly
// the model that was edited.
#include "load/house_patch_writer.h"
#include "load/loader.h"
#include "load/ruleset_writer.h"
#include "load/table_writer.h"

#include "project_copies.h"

#include <catch2/catch.hpp>

#include <filesystem>

namespace fs = std::filesystem;
using namespace sandtable;

namespace {

rules::Ruleset round_trip(const fs::path& ruleset, const std::string& patch) {
    const fs::path dir = ruleset.parent_path().parent_path() / "house" / "edited";
    fs::create_directories(dir);
    test::write_text(dir / "house.yaml",
                     "id: edited\nversion: 1.0.0\nbase: { ruleset: bmw }\npatches: [studio.yaml]\n");
    test::write_text(dir / "studio.yaml", patch);
    return load::load_ruleset(ruleset.string(), {dir.string()});
}

void check_same(const rules::Ruleset& a, const rules::Ruleset& b) {
    CHECK(load::unit_types_to_yaml(a) == load::unit_types_to_yaml(b));
    CHECK(load::rule_modules_to_yaml(a) == load::rule_modules_to_yaml(b));
    REQUIRE(a.odds_tables.size() == b.odds_tables.size());
    for (std::size_t i = 0; i < a.odds_tables.size(); ++i)
        CHECK(load::odds_table_to_yaml(a.odds_tables[i]) == load::odds_table_to_yaml(b.odds_tables[i]));
    REQUIRE(a.threshold_tables.size() == b.threshold_tables.size());
    for (std::size_t i = 0; i < a.threshold_tables.size(); ++i)
        CHECK(load::threshold_table_to_yaml(a.threshold_tables[i]) ==
              load::threshold_table_to_yaml(b.threshold_tables[i]));
}

}  // namespace

TEST_CASE("an unchanged ruleset gives an empty patch", "[house][patch_writer]") {
    const auto rs = load::load_ruleset(std::string(SANDTABLE_SOURCE_DIR) + "/rulesets/bmw");
    CHECK(load::patch_between(rs, rs) == "{}\n");
}

TEST_CASE("a patch between two models round-trips through the loader", "[house][patch_writer]") {
    const fs::path ruleset = test::copy_bmw_ruleset();
    const auto reference = load::load_ruleset(ruleset.string());
    auto edited = reference;
    const auto attr = [&](const std::string& id) { return static_cast<std::size_t>(edited.attribute_index(id)); };
    auto& knights = edited.unit_types[static_cast<std::size_t>(edited.unit_type_index("knights"))];
    knights.front.values[attr("combat")] = 9;
    knights.name = "Knights: of the Garter";
    auto& levy = edited.unit_types[static_cast<std::size_t>(edited.unit_type_index("levy"))];
    levy.back.reset();
    auto berserkers = edited.unit_types[static_cast<std::size_t>(edited.unit_type_index("spearmen"))];
    berserkers.id = "berserkers";
    berserkers.name = "Berserkers";
    berserkers.front.values[attr("dot")] = 1;
    edited.unit_types.push_back(berserkers);
    edited.unit_types.erase(edited.unit_types.begin() + edited.unit_type_index("skirmishers"));
    auto& crt = edited.odds_tables[0];
    crt.rows[2][4] = "EX";
    crt.name = "Bloodier CRT";
    for (auto& t : edited.threshold_tables)
        if (t.id == "reorganization") t.target = 4;
    for (auto& m : edited.modules) {
        if (m.module == "charges") m.enabled = false;
        if (m.module == "cavalry") {
            auto map = *m.params.map();
            map["retreat_hexes"].value = 2LL;
            map.erase("advance_hexes");
            m.params.value = map;
        }
    }
    const std::string patch = load::patch_between(reference, edited);
    INFO(patch);
    CHECK(patch.find("- { id: knights, name: \"Knights: of the Garter\", front: { combat: 9 } }") != std::string::npos);
    CHECK(patch.find("- { id: levy, back: { delete: true } }") != std::string::npos);
    CHECK(patch.find("- { id: skirmishers, delete: true }") != std::string::npos);
    CHECK(patch.find("3: { replace: [\"AR\", \"-\", \"-\", \"EX\", \"-\", \"-\", \"DR\", \"DL\"] }") !=
          std::string::npos);
    CHECK(patch.find("- { module: charges, enabled: false }") != std::string::npos);
    check_same(round_trip(ruleset, patch), edited);
}

TEST_CASE("die faces added to or taken from a CRT round-trip through a patch", "[house][patch_writer]") {
    const fs::path ruleset = test::copy_bmw_ruleset();
    const auto reference = load::load_ruleset(ruleset.string());
    SECTION("a face added") {
        auto edited = reference;
        auto& crt = edited.odds_tables[0];
        crt.rows.push_back(crt.rows.back());
        crt.cell_where.push_back(crt.cell_where.back());
        crt.die_faces = 7;
        check_same(round_trip(ruleset, load::patch_between(reference, edited)), edited);
    }
    SECTION("two faces taken away") {
        auto edited = reference;
        auto& crt = edited.odds_tables[0];
        crt.rows.resize(4);
        crt.cell_where.resize(4);
        crt.die_faces = 4;
        const std::string patch = load::patch_between(reference, edited);
        CHECK(patch.find("5: { delete: true }") != std::string::npos);
        check_same(round_trip(ruleset, patch), edited);
    }
}
