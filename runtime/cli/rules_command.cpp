// `sandtable rules dump|diff`: a ruleset with house rules applied, every
// value with the layer and file:line it came from, or only what the house
// rules change, in a designer's terms.
#include "cli/commands.h"

#include "load/provenance.h"
#include "script/house_rules_report.h"

#include <iostream>

namespace sandtable::cli {

namespace {

int dump(const Args& args) {
    const auto layered = load::load_layered_ruleset(args.positional()[1], args.values("house"));
    std::cout << (args.flag("json") ? load::dump_json(layered.document) : load::dump_with_provenance(layered.document));
    return 0;
}

int diff(const Args& args) {
    const auto houses = args.values("house");
    if (houses.empty()) throw UsageError("rules diff needs at least one --house DIR");
    std::cout << script::house_rules_report(load::load_layered_ruleset(args.positional()[1], houses));
    return 0;
}

}  // namespace

int rules(const std::vector<std::string>& argv) {
    Args args(argv, {"json"}, {"house"});
    const auto& p = args.positional();
    if (p.size() != 2 || (p[0] != "dump" && p[0] != "diff"))
        throw UsageError("rules dump RULESET [--house DIR]... [--json] | rules diff RULESET --house DIR...");
    return p[0] == "dump" ? dump(args) : diff(args);
}

}  // namespace sandtable::cli
