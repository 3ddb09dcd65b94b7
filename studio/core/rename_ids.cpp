#include "core/rename_ids.h"

#include "core/project_template.h"
#include "core/scenario_commands.h"
#include "load/loader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

namespace sandtable::studio {

namespace fs = std::filesystem;

bool plain_id(const std::string& id) {
    return !id.empty() && std::isalpha(static_cast<unsigned char>(id.front())) &&
           std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

std::unique_ptr<EditCommand> set_unit_id(const ScenarioDocument& doc, int unit, const std::string& id) {
    const auto& units = doc.scenario().units;
    if (unit < 0 || unit >= static_cast<int>(units.size()))
        throw std::invalid_argument("no unit number " + std::to_string(unit + 1));
    if (!plain_id(id))
        throw std::invalid_argument(
            "a unit's id is a plain name of letters, digits, _ and - (replays name units by it), not '" + id + "'");
    for (std::size_t u = 0; u < units.size(); ++u)
        if (static_cast<int>(u) != unit && units[u].id == id)
            throw std::invalid_argument("another unit has the id '" + id + "' (" + units[u].name + ")");
    const auto i = static_cast<std::size_t>(unit);
    return std::make_unique<ChangeScenario>(doc, "Set Id of " + units[i].name,
                                            [&](rules::Scenario& sc) { sc.units[i].id = id; });
}

namespace {
// Each string value equal to `from` becomes `to`, in lists and maps at any depth.
void rename_in(rules::Param& param, const std::string& from, const std::string& to) {
    if (auto* text = std::get_if<std::string>(&param.value); text && *text == from) *text = to;
    if (auto* list = std::get_if<rules::Param::List>(&param.value))
        for (auto& p : *list) rename_in(p, from, to);
    if (auto* map = std::get_if<rules::Param::Map>(&param.value))
        for (auto& [key, p] : *map) rename_in(p, from, to);
}

// The other scenarios of the project that place units of the type.
std::vector<std::string> other_scenarios_using(const ScenarioDocument& doc, const std::string& type) {
    std::vector<std::string> users;
    const fs::path root = fs::path(doc.ruleset().directory).parent_path().parent_path();
    std::vector<std::string> files;
    try {
        files = project_scenarios(root.string());
    } catch (const std::exception&) {
        return users;
    }
    for (const auto& f : files) {
        std::error_code ec;
        if (fs::equivalent(f, doc.file(), ec)) continue;
        try {
            const auto loaded = load::load_scenario(f);
            const auto& rs = *loaded.ruleset;
            if (!fs::equivalent(rs.directory, doc.ruleset().directory, ec)) continue;
            if (std::any_of(loaded.scenario->units.begin(), loaded.scenario->units.end(),
                            [&](const auto& u) { return rs.unit_types[static_cast<std::size_t>(u.type)].id == type; }))
                users.push_back(f);
        } catch (const std::exception&) {
            // A scenario that does not load says so when opened.
        }
    }
    return users;
}

void refuse_where_written_elsewhere(const ScenarioDocument& doc, int type) {
    const auto& rs = doc.ruleset();
    const std::string& id = rs.unit_types[static_cast<std::size_t>(type)].id;
    if (doc.layers())
        throw std::invalid_argument(
            "ids are renamed in the ruleset itself, not while edits go into a house rule "
            "(its patches name types by id)");
    for (const auto& chart : rs.artillery_charts)
        for (const auto& [gun, shots] : chart.guns)
            if (gun == type)
                throw std::invalid_argument("'" + id + "' is named in the artillery chart (" + chart.where.to_string() +
                                            "): rename it there too by hand, or change the type's name instead");
    const auto users = other_scenarios_using(doc, id);
    if (!users.empty())
        throw std::invalid_argument("the scenario " + users.front() + " places units of '" + id +
                                    "' too: rename the type with that scenario open, or change its name instead");
}
}  // namespace

RenameUnitType::RenameUnitType(const ScenarioDocument& doc, int type, const std::string& id) : type_(type), after_(id) {
    const auto& types = doc.ruleset().unit_types;
    if (type < 0 || type >= static_cast<int>(types.size()))
        throw std::invalid_argument("no unit type number " + std::to_string(type + 1));
    before_ = types[static_cast<std::size_t>(type)].id;
    if (!plain_id(id))
        throw std::invalid_argument("a unit type's id is a plain name of letters, digits, _ and -, not '" + id + "'");
    if (doc.ruleset().unit_type_index(id) >= 0 && id != before_)
        throw std::invalid_argument("another unit type has the id '" + id + "'");
    refuse_where_written_elsewhere(doc, type);
}

void RenameUnitType::rename(ScenarioDocument& doc, const std::string& from, const std::string& to) const {
    auto& rs = doc.edit_ruleset();
    rs.unit_types[static_cast<std::size_t>(type_)].id = to;
    for (auto& m : rs.modules) rename_in(m.params, from, to);
}

}  // namespace sandtable::studio
