#include "core/table_commands.h"

#include <charconv>
#include <optional>
#include <stdexcept>

namespace sandtable::studio {

namespace {
struct Odds {
    int attack, defend;
};

// "3-1" or "1:2" → 3:1 or 1:2; nothing else.
std::optional<Odds> parse_odds(const std::string& label) {
    const auto dash = label.find_first_of("-:");
    if (dash == std::string::npos) return std::nullopt;
    Odds o{};
    const char* begin = label.data();
    const char* end = label.data() + label.size();
    auto [p1, e1] = std::from_chars(begin, begin + dash, o.attack);
    auto [p2, e2] = std::from_chars(begin + dash + 1, end, o.defend);
    if (e1 != std::errc{} || e2 != std::errc{} || p1 != begin + dash || p2 != end || o.attack < 1 || o.defend < 1)
        return std::nullopt;
    return o;
}

// Strictly lower odds than a:d (compared without division).
bool lower(const rules::OddsColumn& c, Odds o) {
    return static_cast<long long>(c.attack) * o.defend < static_cast<long long>(o.attack) * c.defend;
}
bool same(const rules::OddsColumn& c, Odds o) {
    return static_cast<long long>(c.attack) * o.defend == static_cast<long long>(o.attack) * c.defend;
}

int printed_columns(const rules::OddsCrt& t) {
    int n = 0;
    for (const auto& c : t.columns) n += c.automatic.empty() ? 1 : 0;
    return n;
}
}  // namespace

ReshapeTable::ReshapeTable(const ScenarioDocument& doc, int table, std::string name)
    : table_(table),
      before_(doc.ruleset().odds_tables.at(static_cast<std::size_t>(table))),
      after_(before_),
      name_(std::move(name)) {}

std::unique_ptr<ReshapeTable> ReshapeTable::add_column(const ScenarioDocument& doc, int table,
                                                       const std::string& label) {
    const auto odds = parse_odds(label);
    if (!odds) throw std::invalid_argument("'" + label + "' is not odds: write attacker-defender, e.g. 7-1 or 1-6");
    std::unique_ptr<ReshapeTable> c(new ReshapeTable(doc, table, "Add Column " + label));
    auto& t = c->after_;
    std::size_t at = 0;
    while (at < t.columns.size() && lower(t.columns[at], *odds)) ++at;
    if (at < t.columns.size() && same(t.columns[at], *odds))
        throw std::invalid_argument(t.name + " already has a column at " + t.columns[at].label);
    rules::OddsColumn column;
    column.label = label;
    column.attack = odds->attack;
    column.defend = odds->defend;
    column.where = t.where;
    // Results to start from: the nearest printed column below, else above.
    std::optional<std::size_t> model;
    for (std::size_t k = at; k-- > 0;)
        if (!model && t.columns[k].automatic.empty()) model = k;
    for (std::size_t k = at; k < t.columns.size() && !model; ++k)
        if (t.columns[k].automatic.empty()) model = k;
    t.columns.insert(t.columns.begin() + static_cast<std::ptrdiff_t>(at), column);
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const std::string result = model ? t.rows[r][*model] : std::string("-");
        t.rows[r].insert(t.rows[r].begin() + static_cast<std::ptrdiff_t>(at), result);
        t.cell_where[r].insert(t.cell_where[r].begin() + static_cast<std::ptrdiff_t>(at), t.where);
    }
    return c;
}

std::unique_ptr<ReshapeTable> ReshapeTable::remove_column(const ScenarioDocument& doc, int table, int column) {
    const auto& t0 = doc.ruleset().odds_tables.at(static_cast<std::size_t>(table));
    const auto& col = t0.columns.at(static_cast<std::size_t>(column));
    if (col.automatic.empty() && printed_columns(t0) == 1)
        throw std::invalid_argument(t0.name + " needs at least one printed column");
    std::unique_ptr<ReshapeTable> c(new ReshapeTable(doc, table, "Remove Column " + col.label));
    auto& t = c->after_;
    t.columns.erase(t.columns.begin() + column);
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        t.rows[r].erase(t.rows[r].begin() + column);
        t.cell_where[r].erase(t.cell_where[r].begin() + column);
    }
    return c;
}

std::unique_ptr<ReshapeTable> ReshapeTable::add_row(const ScenarioDocument& doc, int table) {
    const auto& t0 = doc.ruleset().odds_tables.at(static_cast<std::size_t>(table));
    std::unique_ptr<ReshapeTable> c(
        new ReshapeTable(doc, table, "Add Row " + std::to_string(t0.die_first + t0.die_faces)));
    auto& t = c->after_;
    const auto copy = t.rows.back();
    t.rows.push_back(copy);
    t.cell_where.push_back(std::vector<rules::SourceLocation>(copy.size(), t.where));
    t.die_faces += 1;
    return c;
}

std::unique_ptr<ReshapeTable> ReshapeTable::remove_row(const ScenarioDocument& doc, int table) {
    const auto& t0 = doc.ruleset().odds_tables.at(static_cast<std::size_t>(table));
    if (t0.die_faces <= 1) throw std::invalid_argument(t0.name + " needs at least one row");
    std::unique_ptr<ReshapeTable> c(
        new ReshapeTable(doc, table, "Remove Row " + std::to_string(t0.die_first + t0.die_faces - 1)));
    auto& t = c->after_;
    t.rows.pop_back();
    t.cell_where.pop_back();
    t.die_faces -= 1;
    return c;
}

}  // namespace sandtable::studio
