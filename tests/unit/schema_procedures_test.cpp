// The JSON Schema of rulesets is written by hand (schemas/ruleset.schema.json);
// the loader's list of procedures and their options is the truth. This test
// keeps the two together: every procedure and every option the loader knows
// is in the schema, with each Choice option's values.
#include "project_copies.h"
#include "rules/procedures.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

namespace {
std::string schema_text() {
    std::ifstream in(std::string(SANDTABLE_SOURCE_DIR) + "/schemas/ruleset.schema.json");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}
}  // namespace

TEST_CASE("the ruleset schema names every procedure and every phase option the loader accepts",
          "[schema][procedures]") {
    const std::string schema = schema_text();
    REQUIRE(!schema.empty());
    for (const auto& procedure : sandtable::rules::procedures()) {
        INFO("procedure " << procedure.name);
        CHECK(schema.find("\"" + procedure.name + "\"") != std::string::npos);
        for (const auto& option : procedure.options) {
            INFO("option " << option.key);
            CHECK(schema.find("\"" + option.key + "\": {") != std::string::npos);
            for (const auto& choice : option.choices) CHECK(schema.find("\"" + choice + "\"") != std::string::npos);
        }
    }
}
