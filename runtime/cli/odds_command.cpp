// `sandtable odds`: the column an attack falls in and its exact outcomes.
#include "cli/commands.h"

#include "load/loader.h"

#include <cstdio>
#include <iostream>

namespace sandtable::cli {

int odds(const std::vector<std::string>& argv) {
    Args args(argv, {"json"}, {"ruleset", "attack", "defend", "shift", "table"});
    if (!args.has("ruleset") || !args.has("attack") || !args.has("defend"))
        throw UsageError("needs --ruleset DIR --attack A --defend D");
    rules::Ruleset rs = load::load_ruleset(args.value("ruleset"));
    const rules::OddsCrt* crt = args.has("table") ? rs.odds_table(args.value("table"))
                                                  : (rs.odds_tables.empty() ? nullptr : &rs.odds_tables.front());
    if (!crt)
        throw UsageError("the ruleset has no odds table" +
                         (args.has("table") ? " named '" + args.value("table") + "'" : std::string()));
    const int attack = static_cast<int>(args.integer("attack", 0));
    const int defend = static_cast<int>(args.integer("defend", 0));
    if (attack < 0 || defend < 0) throw UsageError("strengths cannot be negative");
    int column = defend == 0 ? static_cast<int>(crt->columns.size()) - 1 : crt->column_for(attack, defend);
    column = crt->shifted(column, static_cast<int>(args.integer("shift", 0)));
    const auto& col = crt->columns[static_cast<std::size_t>(column)];
    auto dist = crt->distribution(column);
    if (args.flag("json")) {
        std::cout << "{\"column\": \"" << json_escape(col.label) << "\", \"results\": {";
        bool first = true;
        for (const auto& [code, p] : dist) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.17g", p);
            std::cout << (first ? "" : ", ") << "\"" << json_escape(code) << "\": " << buf;
            first = false;
        }
        std::cout << "}}\n";
        return 0;
    }
    std::cout << attack << " against " << defend << " on " << crt->name << ": column " << col.label;
    if (!col.automatic.empty()) std::cout << " (automatic " << col.automatic << ")";
    std::cout << "\n";
    for (const auto& [code, p] : dist) {
        const rules::CombatResult* r = rs.combat_result(code);
        std::printf("  %-4s %6.2f%%  %s\n", code.c_str(), p * 100.0, r ? r->name.c_str() : "");
    }
    return 0;
}

}  // namespace sandtable::cli
