// The ruleset's rule tests (rulesets/<id>/tests, and each house rule's) run
// from the studio: every failure an issue at its place in the test file.
#pragma once

#include "core/project_issues.h"

#include <string>
#include <vector>

namespace sandtable::studio {

class ScenarioDocument;

struct RuleTestRun {
    int passed = 0;
    int failed = 0;
    std::size_t files = 0;
    std::vector<ProjectIssue> issues;  // one per thing that did not hold, named by its test
};

// Runs the tests of the scenario's ruleset and of its house rules (those over the house rules, as
// `sandtable test RULESET --house DIR...` does), on the files as saved.
RuleTestRun run_rule_tests(const ScenarioDocument& doc);

}  // namespace sandtable::studio
