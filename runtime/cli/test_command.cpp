// `sandtable test`: a ruleset's rule tests (and its house rules'), one line each.
#include "cli/commands.h"

#include "bots/rule_tests.h"

#include <filesystem>
#include <iostream>

namespace sandtable::cli {

namespace {

void print_text(const bots::RuleTestReport& report, bool with_log) {
    for (const auto& o : report.outcomes) {
        std::cout << (o.passed() ? "pass  " : "FAIL  ") << (o.rule.empty() ? "" : o.rule + "  ") << o.name << "  ("
                  << o.where.to_string() << ")\n";
        for (const auto& f : o.failures) std::cout << "        " << f.to_string() << "\n";
        if (with_log && !o.log.empty()) {
            std::cout << "        the game's log:\n";
            for (const auto& line : o.log) std::cout << "          | " << line << "\n";
        }
    }
    std::cout << report.passed() << " passed, " << report.failed() << " failed (" << report.files.size() << " test file"
              << (report.files.size() == 1 ? "" : "s") << ")\n";
}

void print_json(const bots::RuleTestReport& report) {
    std::cout << "{\"passed\": " << report.passed() << ", \"failed\": " << report.failed() << ", \"tests\": [";
    for (std::size_t i = 0; i < report.outcomes.size(); ++i) {
        const auto& o = report.outcomes[i];
        std::cout << (i ? ", " : "") << "{\"name\": \"" << json_escape(o.name) << "\", \"rule\": \""
                  << json_escape(o.rule) << "\", \"where\": \"" << json_escape(o.where.to_string())
                  << "\", \"passed\": " << (o.passed() ? "true" : "false") << ", \"failures\": [";
        for (std::size_t f = 0; f < o.failures.size(); ++f)
            std::cout << (f ? ", " : "") << "\"" << json_escape(o.failures[f].to_string()) << "\"";
        std::cout << "]}";
    }
    std::cout << "]}\n";
}

}  // namespace

int test(const std::vector<std::string>& argv) {
    Args args(argv, {"json", "log", "pending"}, {"house"});
    if (args.positional().size() != 1) throw UsageError("name one ruleset folder");
    const std::string ruleset = args.positional()[0];
    if (!std::filesystem::exists(std::filesystem::path(ruleset) / "ruleset.yaml"))
        throw UsageError("no ruleset.yaml in '" + ruleset + "'");
    const bool pending = args.flag("pending");
    const auto report = bots::run_rule_tests(ruleset, args.values("house"),
                                             pending ? bots::RuleTestSet::Pending : bots::RuleTestSet::Passing);
    if (report.files.empty() && pending) {  // nothing waits: the work is done
        std::cout << "no pending rule tests (tests/pending/*.yaml) in " << ruleset << " or its house rules\n";
        return 0;
    }
    if (report.files.empty()) {
        std::cerr << "sandtable test: no test files (tests/*.yaml) in " << ruleset << " or its house rules\n";
        return 1;
    }
    if (args.flag("json"))
        print_json(report);
    else
        print_text(report, args.flag("log"));
    return report.failed() == 0 ? 0 : 1;
}

}  // namespace sandtable::cli
