// Rule modules switched off (`enabled: false`) stay listed but never run.
#include "bmw_fixture.h"
#include "load/loader.h"
#include "script/compiled_modules.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace sandtable;
using namespace bmw_test;

namespace {

const fs::path kSource = SANDTABLE_SOURCE_DIR;

std::string text_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

void write_text(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
}

// rulesets/bmw and the scripts/ library beside it (the charges module lives there).
fs::path copy_bmw_ruleset() {
    static int counter = 0;
    const fs::path root = fs::temp_directory_path() / ("sandtable-rule-modules-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(root);
    fs::create_directories(root / "rulesets");
    fs::copy(kSource / "rulesets" / "bmw", root / "rulesets" / "bmw", fs::copy_options::recursive);
    fs::copy(kSource / "scripts", root / "scripts", fs::copy_options::recursive);
    return root / "rulesets" / "bmw";
}

// `line` of ruleset.yaml (found whole) replaced by `with`.
void edit_line(const fs::path& ruleset_file, const std::string& line, const std::string& with) {
    std::string text = text_of(ruleset_file);
    const auto at = text.find(line);
    REQUIRE(at != std::string::npos);
    text.replace(at, line.size(), with);
    write_text(ruleset_file, text);
}

rules::RuleModule& module_named(rules::Ruleset& rs, const std::string& name) {
    for (auto& m : rs.modules)
        if (m.module == name) return m;
    FAIL("no module " << name);
    throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("a rule module with enabled: false stays listed with its params but is not compiled", "[load][rule_modules]") {
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
    edit_line(dir / "ruleset.yaml", "  - { module: leaders }\n", "  - { module: leaders }\n  - { module: broken, enabled: false }\n");
    const auto rs = load::load_ruleset(dir.string());
    CHECK_NOTHROW(script::CompiledModules(rs));
}

TEST_CASE("enabled must be true or false", "[load][rule_modules]") {
    const fs::path dir = copy_bmw_ruleset();
    edit_line(dir / "ruleset.yaml", "  - { module: leaders }", "  - { module: leaders, enabled: maybe }");
    CHECK_THROWS_WITH(load::load_ruleset(dir.string()), Catch::Contains("'enabled' must be true or false"));
}

TEST_CASE("9.6 with the charges module switched off, knights moving next to the enemy are offered no charge", "[bmw][charge][rule_modules]") {
    Battlefield b;
    b.units = {{"kn", "knights", "a", "0501", true}, {"sp", "spearmen", "b", "0505"}};
    b.extra_rule_module = "-- nothing: the ruleset is copied so that it can be edited\n";
    const std::string scenario = b.write();
    edit_line(fs::path(scenario).parent_path() / "ruleset" / "ruleset.yaml", "  - { module: charges, params: { mandatory_advance: true } }",
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
    edit_line(fs::path(scenario).parent_path() / "ruleset" / "ruleset.yaml", "  - { module: test_rules }", "  - { module: test_rules, enabled: false }");
    CHECK_NOTHROW(bots::Session(load::load_scenario(scenario), scenario, 1, {}, true));
}
