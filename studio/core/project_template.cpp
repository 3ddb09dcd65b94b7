#include "core/project_template.h"

#include "load/loader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace sandtable::studio {

namespace fs = std::filesystem;

std::vector<std::string> bundled_templates(const std::string& source_root) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::path(source_root) / "rulesets", ec))
        if (fs::exists(e.path() / "ruleset.yaml")) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::string describe_template(const std::string& source_root, const std::string& id) {
    std::string text = id;
    try {
        const auto rs = load::load_ruleset((fs::path(source_root) / "rulesets" / id).string());
        text = rs.name + " \u2014 " + (rs.table.enabled ? "tabletop in cm" : "hex map");
    } catch (const std::exception&) {
        return text;
    }
    std::string names;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(source_root) / "scenarios" / id, ec))
        if (e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        try {
            names += (names.empty() ? "" : ", ") + load::load_scenario(f.string()).scenario->name;
        } catch (const std::exception&) {
            names += (names.empty() ? "" : ", ") + f.filename().string();
        }
    }
    return text + (names.empty() ? "" : "; scenarios: " + names);
}

std::string create_project_from_template(const std::string& source_root, const std::string& id,
                                         const std::string& destination) {
    const fs::path from(source_root), to(destination);
    if (!fs::exists(from / "rulesets" / id / "ruleset.yaml"))
        throw std::runtime_error("no bundled ruleset '" + id + "' in " + (from / "rulesets").string());
    if (fs::exists(to) && !fs::is_empty(to))
        throw std::runtime_error(destination + " is not empty: choose a new or empty folder");
    fs::create_directories(to / "rulesets");
    fs::create_directories(to / "scenarios");
    // Links are copied as links, never followed: a link in a folder to /etc is not copied out of it.
    const auto options = fs::copy_options::recursive | fs::copy_options::copy_symlinks;
    fs::copy(from / "rulesets" / id, to / "rulesets" / id, options);
    fs::copy(from / "scripts", to / "scripts", options);
    // The files name their JSON Schema (`$schema=../../schemas/…`) for editors with a YAML language server.
    if (fs::exists(from / "schemas")) fs::copy(from / "schemas", to / "schemas", options);
    if (fs::exists(from / "scenarios" / id)) fs::copy(from / "scenarios" / id, to / "scenarios" / id, options);
    std::vector<fs::path> scenarios;
    for (const auto& e : fs::directory_iterator(to / "scenarios" / id))
        if (e.path().extension() == ".yaml") scenarios.push_back(e.path());
    if (scenarios.empty()) throw std::runtime_error("the template '" + id + "' has no scenario to open");
    std::sort(scenarios.begin(), scenarios.end());
    return scenarios.front().string();
}

namespace {
// A scenario names its ruleset at the top level; rulesets, tables and the
// studio's own files do not.
bool names_a_ruleset(const fs::path& file) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("ruleset:", 0) == 0) return true;
    return false;
}
}  // namespace

std::vector<std::string> project_scenarios(const std::string& folder) {
    const fs::path root =
        fs::exists(fs::path(folder) / "scenarios") ? fs::path(folder) / "scenarios" : fs::path(folder);
    std::vector<std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (it->is_regular_file() && it->path().extension() == ".yaml" && names_a_ruleset(it->path()))
            out.push_back(it->path().string());
    if (out.empty())
        throw std::runtime_error("no scenario in " + root.string() +
                                 " (a scenario is a .yaml file with a 'ruleset:' key)");
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace sandtable::studio
