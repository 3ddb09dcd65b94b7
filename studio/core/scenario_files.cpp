#include "core/scenario_files.h"

#include <cctype>
#include <filesystem>

namespace sandtable::studio {

namespace fs = std::filesystem;

std::string id_from_file_name(const std::string& file) {
    std::string id;
    for (unsigned char c : fs::path(file).stem().string()) {
        if (std::isalnum(c))
            id += static_cast<char>(std::tolower(c));
        else if (!id.empty() && id.back() != '_')
            id += '_';
    }
    while (!id.empty() && id.back() == '_') id.pop_back();
    return id.empty() ? "scenario" : id;
}

void move_scenario_to(rules::Scenario& scenario, const std::string& file) {
    const fs::path old_folder = fs::absolute(fs::path(scenario.file).parent_path());
    const fs::path new_folder = fs::absolute(fs::path(file).parent_path());
    auto rebase = [&](const std::string& ref) {
        if (fs::path(ref).is_absolute()) return ref;
        return fs::relative((old_folder / ref).lexically_normal(), new_folder).generic_string();
    };
    scenario.ruleset_ref = rebase(scenario.ruleset_ref);
    for (auto& h : scenario.house_rules) h = rebase(h);
    scenario.file = file;
}

namespace {
void clear_map(rules::MapData& map) {
    std::fill(map.terrain.begin(), map.terrain.end(), 0);
    std::fill(map.elevation.begin(), map.elevation.end(), 0);
    for (auto& s : map.sides) s.fill(-1);
    for (auto& p : map.paths) p.fill(-1);
    std::fill(map.hex_names.begin(), map.hex_names.end(), std::string());
    map.legend.clear();
    map.step_costs.clear();
}
}  // namespace

rules::Scenario blank_scenario(const rules::Scenario& from, const std::string& file) {
    rules::Scenario blank = from;
    blank.id = id_from_file_name(file);
    blank.name = "New scenario";
    blank.notes.clear();
    clear_map(blank.map);
    blank.table.map.areas.clear();
    blank.table.map.lines.clear();
    blank.table.areas.clear();
    blank.table.lines.clear();
    blank.units.clear();
    blank.objectives.clear();
    for (auto& zone : blank.deployment_zones) zone.clear();
    blank.exits.clear();
    blank.rule_switches.clear();
    move_scenario_to(blank, file);
    return blank;
}

std::filesystem::path common_folder(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::filesystem::path out;
    for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end() && *i == *j; ++i, ++j) out /= *i;
    return out;
}

}  // namespace sandtable::studio
