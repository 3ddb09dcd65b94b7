// `sandtable batch` and `sandtable report`: many bot games as JSON lines, and
// the report of any number of result files.
#include "cli/commands.h"

#include "bots/batch.h"
#include "bots/batch_report.h"
#include "load/scenario_writer.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace sandtable::cli {

namespace {

// "i/n" with 0 <= i < n.
std::pair<unsigned, unsigned> parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    try {
        if (slash == std::string::npos) throw std::invalid_argument(text);
        const unsigned long i = std::stoul(text.substr(0, slash)), n = std::stoul(text.substr(slash + 1));
        if (n == 0 || i >= n) throw std::invalid_argument(text);
        return {static_cast<unsigned>(i), static_cast<unsigned>(n)};
    } catch (const std::exception&) {
        throw UsageError("--shard takes i/n with 0 <= i < n, like 0/4; got '" + text + "'");
    }
}

// A bar on a terminal; nothing when stderr is a file or a pipe.
bool show_progress(std::uint64_t done, std::uint64_t total) {
    if (!::isatty(::fileno(stderr)) || total == 0) return true;
    const int width = 40, filled = static_cast<int>(width * done / total);
    std::fprintf(stderr, "\r[%s%s] %llu/%llu games", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), ' ').c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total));
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
    return true;
}

}  // namespace

int batch(const std::vector<std::string>& argv) {
    Args args(argv, {"without-scenario-house-rules"}, {"games", "bots", "house", "jobs", "shard", "out", "seed"});
    if (args.positional().size() != 1) throw UsageError("name one scenario file");
    if (!args.has("games")) throw UsageError("--games N is required");
    bots::BatchSpec spec;
    spec.scenario = args.positional()[0];
    spec.house_rules = args.values("house");
    spec.scenario_house_rules = !args.flag("without-scenario-house-rules");
    spec.bots = split(args.value("bots", "greedy"), ',');
    const long long games = args.integer("games", 0), jobs = args.integer("jobs", 1), seed = args.integer("seed", 1);
    if (games < 1) throw UsageError("--games must be at least 1");
    if (jobs < 1 || jobs > 256) throw UsageError("--jobs must be from 1 to 256");
    spec.games = static_cast<std::uint64_t>(games);
    spec.jobs = static_cast<unsigned>(jobs);
    spec.first_seed = static_cast<std::uint64_t>(seed);
    if (args.has("shard")) std::tie(spec.shard, spec.shards) = parse_shard(args.value("shard"));
    bots::BatchHeader header;
    const auto results = bots::run_batch(spec, header, show_progress);
    std::ostringstream lines;
    for (const auto& g : results) lines << bots::result_line(header, g) << "\n";
    if (args.has("out")) {
        load::write_file_atomically(args.value("out"), lines.str());
        std::cout << bots::report({header, results});
    } else {
        std::cout << lines.str();  // the results, for a pipe; the report is `sandtable report`
    }
    return 0;
}

int compare(const std::vector<std::string>& argv) {
    Args args(argv, {}, {"a", "b"});
    if (!args.has("a") || !args.has("b") || !args.positional().empty())
        throw UsageError(
            "compare --a RESULTS.jsonl... --b RESULTS.jsonl... (the same games played two ways, e.g. without and with "
            "a house rule)");
    std::cout << bots::compare(bots::read_results(args.values("a")), bots::read_results(args.values("b")));
    return 0;
}

int report(const std::vector<std::string>& argv) {
    Args args(argv, {}, {});
    if (args.positional().empty()) throw UsageError("name at least one results file (from sandtable batch --out)");
    std::cout << bots::report(bots::read_results(args.positional()));
    return 0;
}

}  // namespace sandtable::cli
