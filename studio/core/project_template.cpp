#include "core/project_template.h"

#include <algorithm>
#include <filesystem>
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

std::string create_project_from_template(const std::string& source_root, const std::string& id, const std::string& destination) {
    const fs::path from(source_root), to(destination);
    if (!fs::exists(from / "rulesets" / id / "ruleset.yaml")) throw std::runtime_error("no bundled ruleset '" + id + "' in " + (from / "rulesets").string());
    if (fs::exists(to) && !fs::is_empty(to)) throw std::runtime_error(destination + " is not empty: choose a new or empty folder");
    fs::create_directories(to / "rulesets");
    fs::create_directories(to / "scenarios");
    const auto options = fs::copy_options::recursive;
    fs::copy(from / "rulesets" / id, to / "rulesets" / id, options);
    fs::copy(from / "scripts", to / "scripts", options);
    if (fs::exists(from / "scenarios" / id)) fs::copy(from / "scenarios" / id, to / "scenarios" / id, options);
    std::vector<fs::path> scenarios;
    for (const auto& e : fs::directory_iterator(to / "scenarios" / id))
        if (e.path().extension() == ".yaml") scenarios.push_back(e.path());
    if (scenarios.empty()) throw std::runtime_error("the template '" + id + "' has no scenario to open");
    std::sort(scenarios.begin(), scenarios.end());
    return scenarios.front().string();
}

}  // namespace sandtable::studio
