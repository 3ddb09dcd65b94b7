// Writing unit types back into ruleset.yaml: what is written loads back to the
// identical types, and only the `unit_types:` block of the file changes.
#include "load/loader.h"
#include "project_copies.h"
#include "load/ruleset_writer.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace sandtable;

namespace {

const fs::path kSource = SANDTABLE_SOURCE_DIR;
using test::copy_bmw_ruleset;
using test::text_of;
using test::write_text;

void check_same_unit_types(const rules::Ruleset& a, const rules::Ruleset& b) {
    REQUIRE(a.unit_types.size() == b.unit_types.size());
    for (std::size_t i = 0; i < a.unit_types.size(); ++i) {
        const auto& x = a.unit_types[i];
        const auto& y = b.unit_types[i];
        INFO("unit type " << x.id);
        CHECK(x.id == y.id);
        CHECK(x.name == y.name);
        CHECK(x.symbol == y.symbol);
        CHECK(x.front.values == y.front.values);
        CHECK(x.front.movement_class == y.front.movement_class);
        REQUIRE(x.back.has_value() == y.back.has_value());
        if (x.back) {
            CHECK(x.back->values == y.back->values);
            CHECK(x.back->movement_class == y.back->movement_class);
        }
    }
}

// The text of `file` from the line starting with `from` up to the line starting with `to`.
std::string section(const std::string& text, const std::string& from, const std::string& to) {
    const auto begin = text.find("\n" + from);
    const auto end = text.find("\n" + to, begin + 1);
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    return text.substr(begin + 1, end - begin);
}

// A small ruleset with no required attributes, so faces may be left empty.
const char* kSmallRuleset = R"(id: small
version: 1.0.0
geometry: { kind: hex }
attributes:
  strength: { type: int, min: -5, max: 9, default: 1 }
  mood: { type: enum, values: [calm, "yes", "two words"] }
  elite: { type: bool }
movement_classes: [walk, ride]
# the counters
unit_types:
- { id: plain, name: Plain }
# a comment inside the block
-   id: "123"
    name: "true"
    symbol: horse_archers
    class: ride
    back: { class: walk }

  # an indented comment, also inside the block

# about the terrain
terrain:
  - { id: open, cost: 1 }
phases:
  move: { procedure: movement }
sequence:
  game_turn:
    - player_turns: [move]
)";

}  // namespace

TEST_CASE("BMW's unit types are written as the shipped file writes them", "[load][ruleset_writer]") {
    const auto rs = load::load_ruleset((kSource / "rulesets" / "bmw").string());
    const std::string file = text_of(kSource / "rulesets" / "bmw" / "ruleset.yaml");
    CHECK(load::unit_types_to_yaml(rs) == section(file, "unit_types:", "\nterrain:"));
}

TEST_CASE("BMW's unit types written into a copy of the ruleset load back identical", "[load][ruleset_writer]") {
    const fs::path dir = copy_bmw_ruleset();
    auto rs = load::load_ruleset(dir.string());
    // Change enough that a writer which merely copied the old block would fail.
    rs.unit_types[0].front.values[static_cast<std::size_t>(rs.attribute_index("combat"))] = 5;
    rs.unit_types[2].back.reset();
    rs.unit_types[3].name = "Long: bowmen";
    const std::string original = text_of(dir / "ruleset.yaml");
    write_text(dir / "ruleset.yaml", load::replace_unit_types(original, rs));
    const auto reloaded = load::load_ruleset(dir.string());
    check_same_unit_types(rs, reloaded);
    CHECK(reloaded.unit_types[3].name == "Long: bowmen");
    CHECK(!reloaded.unit_types[2].back);
}

TEST_CASE("replacing the unit types keeps every byte outside their block", "[load][ruleset_writer]") {
    const std::string original = text_of(kSource / "rulesets" / "bmw" / "ruleset.yaml");
    auto rs = load::load_ruleset((kSource / "rulesets" / "bmw").string());
    rs.unit_types.push_back(rs.unit_types[0]);
    rs.unit_types.back().id = "new_type_1";
    const std::string replaced = load::replace_unit_types(original, rs);
    const auto block = original.find("\nunit_types:\n") + 1;
    const auto after = original.find("\nterrain:\n");
    CHECK(replaced.substr(0, block) == original.substr(0, block));
    CHECK(replaced.substr(replaced.size() - (original.size() - after)) == original.substr(after));
    CHECK(replaced.find("  - { id: new_type_1, name: Spearmen, symbol: infantry, class: foot,\n") != std::string::npos);
    // Unchanged types give the file back as it was.
    CHECK(load::replace_unit_types(original, load::load_ruleset((kSource / "rulesets" / "bmw").string())) == original);
}

TEST_CASE("types with and without a back face, empty faces and awkward words round-trip", "[load][ruleset_writer]") {
    const fs::path dir = test::fresh_directory();
    write_text(dir / "ruleset.yaml", kSmallRuleset);
    auto rs = load::load_ruleset(dir.string());
    REQUIRE(rs.unit_types.size() == 2);
    CHECK(!rs.unit_types[0].back);
    REQUIRE(rs.unit_types[1].back);
    // A back that differs from the front, with a value that must be quoted.
    auto mood_yes = rules::UnitFace{rs.unit_types[1].front.values, 1};
    mood_yes.values[static_cast<std::size_t>(rs.attribute_index("mood"))] = 1;
    mood_yes.values[static_cast<std::size_t>(rs.attribute_index("strength"))] = -3;
    rs.unit_types.push_back({"knights", "Knights, mounted", "heavy_cavalry", rs.unit_types[1].front, mood_yes, {}});

    const std::string written = load::replace_unit_types(text_of(dir / "ruleset.yaml"), rs);
    CHECK(written.find("a comment inside the block") == std::string::npos);
    CHECK(written.find("an indented comment") == std::string::npos);
    CHECK(written.find("# the counters\nunit_types:\n") != std::string::npos);
    CHECK(written.find("\n\n# about the terrain\nterrain:\n") != std::string::npos);
    CHECK(written.find("  - { id: plain, name: Plain, symbol: infantry, class: walk }\n") != std::string::npos);
    CHECK(written.find("back: {}") == std::string::npos);  // the back of "123" moves differently, so says so
    write_text(dir / "ruleset.yaml", written);
    const auto reloaded = load::load_ruleset(dir.string());
    check_same_unit_types(rs, reloaded);
    CHECK(reloaded.unit_types[1].id == "123");
    CHECK(reloaded.unit_types[1].name == "true");
    CHECK(reloaded.unit_types[1].symbol == "horse_archers");
    CHECK(reloaded.unit_types[2].name == "Knights, mounted");
}

TEST_CASE("a back face equal to the defaults is still written", "[load][ruleset_writer]") {
    const fs::path dir = test::fresh_directory();
    write_text(dir / "ruleset.yaml", kSmallRuleset);
    auto rs = load::load_ruleset(dir.string());
    rs.unit_types[0].back = rs.unit_types[0].front;
    const std::string yaml = load::unit_types_to_yaml(rs);
    CHECK(yaml.find("  - { id: plain, name: Plain, symbol: infantry, class: walk,\n      back: {} }\n") !=
          std::string::npos);
    write_text(dir / "ruleset.yaml", load::replace_unit_types(text_of(dir / "ruleset.yaml"), rs));
    check_same_unit_types(rs, load::load_ruleset(dir.string()));
}

TEST_CASE("the unit types block ending the file, and Windows line endings", "[load][ruleset_writer]") {
    auto rs = load::load_ruleset((kSource / "rulesets" / "bmw").string());
    rs.unit_types.resize(1);
    const std::string at_end = "id: x\r\nunit_types:\r\n  - { id: old }\r\n";
    CHECK(load::replace_unit_types(at_end, rs) ==
          "id: x\r\nunit_types:\r\n  - { id: spearmen, name: Spearmen, symbol: infantry, class: foot,\r\n"
          "      front: { combat: 4, movement: 4 }, back: { combat: 2, movement: 4 } }\r\n");
    // `unit_types` inside another block, or a longer key, is not the one.
    CHECK_THROWS_WITH(load::replace_unit_types("id: x\nnotes:\n  unit_types: []\nunit_types_old: []\n", rs),
                      Catch::Contains("ruleset.yaml: no top-level 'unit_types:' key"));
}
