// `sandtable`: the command-line front end of the runtime.
#include "cli/commands.h"
#include "load/diagnostics.h"

#include <iostream>
#include <string>
#include <vector>

namespace {
void usage(std::ostream& out) {
    out << "usage: sandtable COMMAND [ARGS]\n"
           "  validate PATH... [--house DIR]...      check rulesets, tables, scenarios and their scripts\n"
           "  odds --ruleset DIR --attack A --defend D [--shift N] [--table ID] [--json]\n"
           "                                         the CRT column and the exact chance of each result\n"
           "  play SCENARIO [--seed N] [--bots B1,B2] [--dice 3,5,1] [--actions FILE]\n"
           "                [--house DIR]... [--replay-out FILE] [--json] [--quiet]\n"
           "                                         play to the end (bots: random, greedy, mcts; docs/bots.md)\n"
           "  replay FILE [--json] [--upgrade]       re-execute a replay, checking every checksum; --upgrade converts\n"
           "                                         a replay of an older format in place (its old checksums checked)\n"
           "  state REPLAY [--after N] [--json]      the public state after the replay's first N actions (all by "
           "default)\n"
           "  test RULESET [--house DIR]... [--json] [--log] [--pending]\n"
           "                                         run the rule tests in RULESET/tests and each house rule's "
           "tests/;\n"
           "                                         --log prints the game's log under each failed test; --pending "
           "runs\n"
           "                                         tests/pending/ instead: tests from the rulebook not yet passed\n"
           "  rules dump RULESET [--house DIR]... [--json]\n"
           "                                         the merged ruleset, each value with its layer and file:line\n"
           "  rules diff RULESET --house DIR...      what the house rules change, in a designer's terms\n"
           "  batch SCENARIO --games N [--bots B1,B2] [--house DIR]... [--jobs K] [--shard i/n]\n"
           "                [--seed S] [--out results.jsonl] [--without-scenario-house-rules]\n"
           "                                         N bot games on seeds S.. (JSON lines); with --out, also the "
           "report\n"
           "  report RESULTS.jsonl...                win rates with intervals, levels, length, losses by unit type\n"
           "  compare --a RESULTS.jsonl... --b RESULTS.jsonl...\n"
           "                                         the same games two ways (A/B): changes with 95% intervals\n"
           "  docs events | stubs | options PROCEDURE | schema | check ROOT | write ROOT\n"
           "                                         the documentation generated from the code (the rule scripts'\n"
           "                                         events, the procedures' options): print it, check ROOT's\n"
           "                                         files against it, or rewrite them\n"
           "  (--house DIR applies a house rule folder; give it again for more, applied in order)\n";
}
}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        usage(args.empty() ? std::cerr : std::cout);
        return args.empty() ? 2 : 0;
    }
    const std::string command = args[0];
    args.erase(args.begin());
    try {
        if (command == "validate") return sandtable::cli::validate(args);
        if (command == "odds") return sandtable::cli::odds(args);
        if (command == "play") return sandtable::cli::play(args);
        if (command == "replay") return sandtable::cli::replay(args);
        if (command == "rules") return sandtable::cli::rules(args);
        if (command == "batch") return sandtable::cli::batch(args);
        if (command == "report") return sandtable::cli::report(args);
        if (command == "compare") return sandtable::cli::compare(args);
        if (command == "test") return sandtable::cli::test(args);
        if (command == "state") return sandtable::cli::state(args);
        if (command == "docs") return sandtable::cli::docs(args);
    } catch (const sandtable::load::LoadError& e) {
        // Every problem, as validate prints them, not just the first.
        std::cerr << "sandtable " << command << ": cannot load:\n";
        for (const auto& d : e.diagnostics()) std::cerr << d.to_string() << "\n";
        return 1;
    } catch (const sandtable::cli::UsageError& e) {
        std::cerr << "sandtable " << command << ": " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "sandtable " << command << ": " << e.what() << "\n";
        return 1;
    }
    std::cerr << "sandtable: unknown command '" << command << "'\n";
    usage(std::cerr);
    return 2;
}
