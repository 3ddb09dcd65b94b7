// `evaluation:` (docs/bots.md): the weights the bots score a position by, set
// in ruleset.yaml and overridden key by key in a scenario, checked like every
// other key, and kept when the studio saves the scenario.
#include "project_copies.h"

#include "load/loader.h"
#include "load/scenario_writer.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using rules::EvaluationMeasure;
using test::text_of;
using test::write_text;

namespace {
// The copied project's ruleset.yaml and wendle-fords.yaml, each with `extra` appended.
std::string project_with(const std::string& ruleset_extra, const std::string& scenario_extra) {
    const std::string scenario = test::copy_bmw_project();
    const auto ruleset = std::filesystem::path(scenario).parent_path().parent_path().parent_path() / "rulesets" /
                         "bmw" / "ruleset.yaml";
    write_text(ruleset, text_of(ruleset) + ruleset_extra);
    write_text(scenario, text_of(scenario) + scenario_extra);
    return scenario;
}

std::string load_error(const std::string& scenario) {
    try {
        load::load_scenario(scenario);
    } catch (const load::LoadError& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("evaluation: the ruleset's weights, a scenario's over them key by key, the rest the defaults",
          "[bots][evaluation][load]") {
    const std::string file =
        project_with("\nevaluation:\n  objectives: 2\n  disorder: 0\n", "\nevaluation:\n  objectives: 3.5\n");
    const load::LoadedGame loaded = load::load_scenario(file);
    const rules::EvaluationWeights defaults;
    CHECK(loaded.ruleset->evaluation[EvaluationMeasure::Objectives] == 2);
    CHECK(loaded.ruleset->evaluation[EvaluationMeasure::Disorder] == 0);
    const rules::EvaluationWeights w = loaded.scenario->evaluation.over(loaded.ruleset->evaluation);
    CHECK(w[EvaluationMeasure::Objectives] == 3.5);
    CHECK(w[EvaluationMeasure::Disorder] == 0);
    CHECK(w[EvaluationMeasure::Material] == defaults[EvaluationMeasure::Material]);
}

TEST_CASE("evaluation: a misspelt measure, a weight out of range or not a number is an error at its line",
          "[bots][evaluation][load]") {
    const std::string misspelt = load_error(project_with("", "\nevaluation:\n  objective: 2\n"));
    CHECK_THAT(misspelt, Catch::Contains("unknown key 'objective' in evaluation (did you mean 'objectives'?)"));
    CHECK_THAT(misspelt, Catch::Contains("wendle-fords.yaml:"));
    CHECK_THAT(load_error(project_with("\nevaluation:\n  morale: -1\n", "")), Catch::Contains("morale"));
    CHECK_THAT(load_error(project_with("", "\nevaluation:\n  material: lots\n")), Catch::Contains("material"));
    CHECK_THAT(load_error(project_with("", "\nevaluation: 3\n")), Catch::Contains("evaluation"));
}

TEST_CASE("evaluation: the scenario's own weights are written back when it is saved, and only those",
          "[bots][evaluation][load]") {
    const std::string file = project_with("\nevaluation:\n  disorder: 0\n", "\nevaluation:\n  victory_points: 0.75\n");
    const load::LoadedGame loaded = load::load_scenario(file);
    const std::string saved = load::scenario_to_yaml(*loaded.scenario, *loaded.ruleset);
    CHECK_THAT(saved, Catch::Contains("evaluation:\n  victory_points: 0.75\n"));
    CHECK_THAT(saved, !Catch::Contains("disorder"));
    write_text(file, saved);
    const load::LoadedGame again = load::load_scenario(file);
    CHECK(again.scenario->evaluation.weight == loaded.scenario->evaluation.weight);
}
