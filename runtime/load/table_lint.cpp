#include "load/table_lint.h"

namespace sandtable::load {

namespace {

bool at_least_even(const rules::OddsColumn& c) { return c.attack >= c.defend; }

// Rulebooks write an automatic column at the top as "this or greater" and one
// at the bottom as "this or less". The kernel finds the highest column not
// above the odds, so printed columns beyond such a column are reached by
// odds the rulebook gives to the automatic result.
void odds_table(const rules::OddsCrt& t, std::vector<Diagnostic>& out) {
    const int n = static_cast<int>(t.columns.size());
    for (int c = 0; c < n; ++c) {
        const auto& col = t.columns[static_cast<std::size_t>(c)];
        if (col.automatic.empty()) continue;
        const bool top = at_least_even(col);
        for (int beyond = top ? c + 1 : c - 1; beyond >= 0 && beyond < n; beyond += top ? 1 : -1) {
            const auto& other = t.columns[static_cast<std::size_t>(beyond)];
            if (!other.automatic.empty()) continue;
            const std::string reads = top ? "'" + col.label + " or greater is an automatic " + col.automatic + "'"
                                          : "'" + col.label + " or less is an automatic " + col.automatic + "'";
            out.push_back({other.where, "table '" + t.id + "': no odds reach column " + other.label + " if " +
                                            col.label + " means " + reads + " (odds " +
                                            (top ? "from " + other.label + " up"
                                                 : "below " + t.columns[static_cast<std::size_t>(beyond + 1)].label) +
                                            " use this column; move the automatic result to the " +
                                            (top ? "last" : "first") + " column, or drop this one)"});
        }
    }
}

}  // namespace

std::vector<Diagnostic> table_warnings(const rules::Ruleset& rs) {
    std::vector<Diagnostic> out;
    for (const auto& t : rs.odds_tables) odds_table(t, out);
    return out;
}

}  // namespace sandtable::load
