// Rule modules switched off (`enabled: false`) stay listed but never run, and
// the `rules:` block written back by the studio loads back to the same modules.
#include "bmw_fixture.h"
#include "load/loader.h"
#include "project_copies.h"
#include "load/ruleset_writer.h"
#include "script/compiled_modules.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <type_traits>
#include <variant>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace sandtable;
using namespace bmw_test;

namespace {

const fs::path kSource = SANDTABLE_SOURCE_DIR;
using test::copy_bmw_ruleset;
using test::text_of;
using test::write_text;

// `line` of ruleset.yaml (found whole) replaced by `with`.
void edit_line(const fs::path& ruleset_file, const std::string& line, const std::string& with) {
    std::string text = text_of(ruleset_file);
    const auto at = text.find(line);
    REQUIRE(at != std::string::npos);
    text.replace(at, line.size(), with);
    write_text(ruleset_file, text);
}

bool same_param(const rules::Param& a, const rules::Param& b);

bool same_map(const rules::Param::Map& a, const rules::Param::Map& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [key, value] : a) {
        auto it = b.find(key);
        if (it == b.end() || !same_param(value, it->second)) return false;
    }
    return true;
}

// Equal values of equal types; where they were written does not matter.
bool same_param(const rules::Param& a, const rules::Param& b) {
    if (a.value.index() != b.value.index()) return false;
    if (const auto* list = a.list()) {
        const auto& other = *b.list();
        if (list->size() != other.size()) return false;
        for (std::size_t i = 0; i < list->size(); ++i)
            if (!same_param((*list)[i], other[i])) return false;
        return true;
    }
    if (const auto* map = a.map()) return same_map(*map, *b.map());
    return std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, rules::Param::List> || std::is_same_v<T, rules::Param::Map>)
                return false;  // handled above
            else
                return x == std::get<T>(b.value);
        },
        a.value);
}

rules::Param param_of(rules::Param::Map map) { return rules::Param{std::move(map), {}}; }
rules::Param param_of(rules::Param::List list) { return rules::Param{std::move(list), {}}; }
template <typename T>
rules::Param param_of(T value) {
    return rules::Param{value, {}};
}

rules::RuleModule& module_named(rules::Ruleset& rs, const std::string& name) {
    for (auto& m : rs.modules)
        if (m.module == name) return m;
    FAIL("no module " << name);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("a rule module with enabled: false stays listed with its params but is not compiled",
          "[load][rule_modules]") {
    const fs::path dir = copy_bmw_ruleset();
    edit_line(dir / "ruleset.yaml", "  - { module: charges, params: { mandatory_advance: true } }",
              "  - { module: charges, enabled: false, params: { mandatory_advance: true } }");
    auto rs = load::load_ruleset(dir.string());
    const auto& charges = module_named(rs, "charges");
    CHECK(!charges.enabled);
    CHECK(charges.params.find("mandatory_advance"));
    CHECK(module_named(rs, "cavalry").enabled);
    const script::CompiledModules compiled(rs);
    CHECK(compiled.bytecode(charges.file) == nullptr);
    CHECK(compiled.bytecode(module_named(rs, "cavalry").file) != nullptr);
}

TEST_CASE("a switched-off module with a syntax error does not stop the ruleset compiling", "[load][rule_modules]") {
    const fs::path dir = copy_bmw_ruleset();
    write_text(dir / "rules" / "broken.lua", "this is not lua (\n");
    edit_line(dir / "ruleset.yaml", "  - { module: leaders }\n",
              "  - { module: leaders }\n  - { module: broken, enabled: false }\n");
    const auto rs = load::load_ruleset(dir.string());
    CHECK_NOTHROW(script::CompiledModules(rs));
}

TEST_CASE("enabled must be true or false", "[load][rule_modules]") {
    const fs::path dir = copy_bmw_ruleset();
    edit_line(dir / "ruleset.yaml", "  - { module: leaders }", "  - { module: leaders, enabled: maybe }");
    CHECK_THROWS_WITH(load::load_ruleset(dir.string()), Catch::Contains("'enabled' must be true or false"));
}

TEST_CASE("9.6 with the charges module switched off, knights moving next to the enemy are offered no charge",
          "[bmw][charge][rule_modules]") {
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0501", true}, {"sp", "spearmen", "b", "0505"}};
    b.extra_rule_module = "-- nothing: the ruleset is copied so that it can be edited\n";
    const std::string scenario = b.write();
    edit_line(fs::path(scenario).parent_path() / "ruleset" / "ruleset.yaml",
              "  - { module: charges, params: { mandatory_advance: true } }",
              "  - { module: charges, enabled: false, params: { mandatory_advance: true } }");
    bots::Session s(load::load_scenario(scenario), scenario, 1, {}, true);
    move(s, "kn", "0504");
    CHECK(s.game().decision() != DecisionKind::Question);
    CHECK(disordered(s.game(), "kn"));  // still on its fast side: nothing flipped it
}

TEST_CASE("a switched-off module's code never runs, not even its top level", "[load][rule_modules]") {
    Battlefield b;
    b.units = {{"sp", "spearmen", "a", "0501"}, {"sp2", "spearmen", "b", "0505"}};
    b.extra_rule_module = "error('a switched-off module ran')\n";
    const std::string scenario = b.write();
    CHECK_THROWS_WITH(b.start(), Catch::Contains("a switched-off module ran"));  // on, it does run
    edit_line(fs::path(scenario).parent_path() / "ruleset" / "ruleset.yaml", "  - { module: test_rules }",
              "  - { module: test_rules, enabled: false }");
    CHECK_NOTHROW(bots::Session(load::load_scenario(scenario), scenario, 1, {}, true));
}

TEST_CASE("BMW's rule modules are written as the shipped file writes them", "[load][ruleset_writer][rule_modules]") {
    const auto rs = load::load_ruleset((kSource / "rulesets" / "bmw").string());
    const std::string file = text_of(kSource / "rulesets" / "bmw" / "ruleset.yaml");
    const auto block = file.find("\nrules:\n");
    REQUIRE(block != std::string::npos);
    CHECK(load::rule_modules_to_yaml(rs) == file.substr(block + 1));
    CHECK(load::replace_rule_modules(file, rs) == file);
}

TEST_CASE("rule modules switched off and with every kind of param load back identical",
          "[load][ruleset_writer][rule_modules]") {
    const fs::path dir = copy_bmw_ruleset();
    auto rs = load::load_ruleset(dir.string());
    module_named(rs, "charges").enabled = false;
    auto& cavalry = module_named(rs, "cavalry").params;
    std::get<rules::Param::Map>(cavalry.value)["retreat_hexes"].value = 2LL;
    module_named(rs, "leaders").params = param_of(rules::Param::Map{
        {"ratio", param_of(2.0)},
        {"share", param_of(0.25)},
        {"big", param_of(1e21)},
        {"word", param_of(std::string("true"))},
        {"number_as_text", param_of(std::string("42"))},
        {"spaced", param_of(std::string("two words: here"))},
        {"quote", param_of(std::string("say \"hi\"\nnow"))},
        {"plain", param_of(std::string("spearmen"))},
        {"nothing", rules::Param{}},
        {"empty", param_of(rules::Param::Map{})},
        {"none", param_of(rules::Param::List{})},
        {"hexes", param_of(rules::Param::List{param_of(3LL), param_of(std::string("0101")), param_of(false)})},
        {"nested", param_of(rules::Param::Map{{"a", param_of(rules::Param::List{param_of(-1LL)})}})},
    });

    const std::string original = text_of(dir / "ruleset.yaml");
    const std::string written = load::replace_rule_modules(original, rs);
    CHECK(written.substr(0, original.find("\nrules:\n")) == original.substr(0, original.find("\nrules:\n")));
    CHECK(written.find("  - { module: charges, enabled: false, params: { mandatory_advance: true } }\n") !=
          std::string::npos);
    // Params keep the order they were written in, not the map's alphabetical one.
    CHECK(written.find("  - { module: cavalry, params: { retreat_hexes: 2, advance_hexes: 3 } }\n") !=
          std::string::npos);
    write_text(dir / "ruleset.yaml", written);

    const auto reloaded = load::load_ruleset(dir.string());
    REQUIRE(reloaded.modules.size() == rs.modules.size());
    for (std::size_t i = 0; i < rs.modules.size(); ++i) {
        INFO("module " << rs.modules[i].module);
        CHECK(reloaded.modules[i].module == rs.modules[i].module);
        CHECK(reloaded.modules[i].enabled == rs.modules[i].enabled);
        CHECK(same_param(reloaded.modules[i].params, rs.modules[i].params));
    }
    // Written again, the reloaded modules give the same text.
    CHECK(load::rule_modules_to_yaml(reloaded) == load::rule_modules_to_yaml(rs));
}

TEST_CASE("the rules block between other keys, and a ruleset without one", "[load][ruleset_writer][rule_modules]") {
    auto rs = load::load_ruleset((kSource / "rulesets" / "bmw").string());
    rs.modules.resize(1);
    rs.modules[0].enabled = false;
    const std::string text = "id: x\nrules:\n  # gone\n  - { module: old }\n\n# the end\nvictory: {}\n";
    CHECK(load::replace_rule_modules(text, rs) ==
          "id: x\nrules:\n  - { module: leaders, enabled: false }\n\n# the end\nvictory: {}\n");
    rs.modules.clear();
    CHECK(load::replace_rule_modules(text, rs) == "id: x\nrules: []\n\n# the end\nvictory: {}\n");
    CHECK_THROWS_WITH(load::replace_rule_modules("id: x\nrules_old: []\n", rs),
                      Catch::Contains("ruleset.yaml: no top-level 'rules:' key"));
}
