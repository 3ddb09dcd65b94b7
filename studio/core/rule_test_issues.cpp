#include "core/rule_test_issues.h"

#include "bots/rule_tests.h"
#include "core/scenario_document.h"

namespace sandtable::studio {

RuleTestRun run_rule_tests(const ScenarioDocument& doc) {
    const auto report = bots::run_rule_tests(doc.scenario().ruleset_dir, doc.house_rule_dirs());
    RuleTestRun run;
    run.passed = report.passed();
    run.failed = report.failed();
    run.files = report.files.size();
    for (const auto& outcome : report.outcomes)
        for (const auto& failure : outcome.failures) {
            ProjectIssue issue;
            issue.where = failure.where;
            issue.message = "rule test " + (outcome.rule.empty() ? "" : outcome.rule + " ") + "'" + outcome.name +
                            "': " + failure.message;
            issue.target.kind = IssueTarget::Kind::File;
            issue.target.file = failure.where.file;
            issue.target.line = failure.where.line;
            run.issues.push_back(std::move(issue));
        }
    return run;
}

}  // namespace sandtable::studio
