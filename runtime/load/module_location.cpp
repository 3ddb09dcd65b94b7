#include "load/module_location.h"

#include <filesystem>
#include <vector>

namespace sandtable::load {

namespace fs = std::filesystem;

ModuleLocation locate_module(const std::string& house_dir, const std::string& ruleset_dir, const std::string& name) {
    const fs::path ruleset = fs::absolute(ruleset_dir).lexically_normal();
    std::vector<fs::path> candidates;
    if (!house_dir.empty())
        candidates.push_back(fs::absolute(house_dir).lexically_normal() / "rules" / (name + ".lua"));
    candidates.push_back(ruleset / "rules" / (name + ".lua"));
    candidates.push_back(ruleset.parent_path().parent_path() / "scripts" / (name + ".lua"));
    // `sandtable rules diff rulesets/bmw` names files as the user named the folder; a studio that opened
    // /home/me/project names them whole, not relative to wherever it happened to be started.
    const auto shown = [&](const fs::path& p) {
        return (fs::path(ruleset_dir).is_absolute() ? p : fs::proximate(p)).string();
    };
    for (const fs::path& candidate : candidates)
        if (fs::exists(candidate)) return {shown(candidate), true};
    return {shown(candidates.front()), false};
}

}  // namespace sandtable::load
