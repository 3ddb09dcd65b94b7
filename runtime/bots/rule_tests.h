// Rule tests as data (`sandtable test`): a designer writes, beside a ruleset
// or a house rule, small situations from the rulebook — a battlefield, a
// seed, forced dice, the decisions taken — and what must then hold. Each
// test plays the real ruleset with its Lua rule modules; a house rule's
// tests play it over its base.
#pragma once

#include "load/diagnostics.h"
#include "rules/source_location.h"

#include <string>
#include <vector>

namespace sandtable::bots {

struct RuleTestOutcome {
    std::string name;
    std::string rule;                        // the rulebook's number, as the test cites it ("9.2")
    rules::SourceLocation where;             // the test's entry in its file
    std::vector<load::Diagnostic> failures;  // empty: passed; each where in the test file, and what did not hold
    std::vector<std::string> log;            // the game's log where a failed test stopped (`sandtable test --log`)
    bool passed() const { return failures.empty(); }
};

struct RuleTestReport {
    std::vector<std::string> files;  // the test files read, in order
    std::vector<RuleTestOutcome> outcomes;
    int passed() const;
    int failed() const;
};

// Which of a folder's tests: those that must pass (tests/*.yaml), or the
// pending ones (tests/pending/*.yaml): written from the rulebook, not yet
// played as the text says, kept as the work still to do.
enum class RuleTestSet { Passing, Pending };

// The test files of a ruleset (RULESET/tests/*.yaml) and of each house rule
// (DIR/tests/*.yaml), in that order, each folder's files sorted by name.
std::vector<std::string> rule_test_files(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs,
                                         RuleTestSet set = RuleTestSet::Passing);

// Runs every test of those files against the ruleset with the house rules applied in order.
RuleTestReport run_rule_tests(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs,
                              RuleTestSet set = RuleTestSet::Passing);

// Runs the tests of one file; a file that does not read gives one failed outcome naming where.
std::vector<RuleTestOutcome> run_rule_test_file(const std::string& file, const std::string& ruleset_dir,
                                                const std::vector<std::string>& house_dirs);

}  // namespace sandtable::bots
