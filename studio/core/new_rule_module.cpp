#include "core/new_rule_module.h"

#include "core/rule_module_commands.h"
#include "load/module_location.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

namespace sandtable::studio {

namespace fs = std::filesystem;

namespace {
bool plain_name(const std::string& name) {
    return !name.empty() && std::islower(static_cast<unsigned char>(name.front())) &&
           std::all_of(name.begin(), name.end(),
                       [](unsigned char c) { return std::islower(c) || std::isdigit(c) || c == '_'; });
}

std::string template_for(const rules::RuleModule& module, const ScenarioDocument& doc) {
    return "-- " + module_label(module) + ": a rule module of " + doc.ruleset().name +
           ".\n"
           "-- Handlers run at the kernel's events and may change the values they are given;\n"
           "-- Help > Lua API for Rule Scripts lists the events and the game's functions.\n"
           "--\n"
           "-- game.on(\"combat.strengths\", function(ctx)\n"
           "--   ctx.attack = ctx.attack + 1\n"
           "-- end)\n";
}
}  // namespace

AddRuleModule::AddRuleModule(const ScenarioDocument& doc, const std::string& name) {
    if (!plain_name(name))
        throw std::invalid_argument(
            "a module's name is a plain lowercase name of letters, digits and _ "
            "(it names its file, NAME.lua), not '" +
            name + "'");
    const auto& modules = doc.ruleset().modules;
    if (std::any_of(modules.begin(), modules.end(), [&](const auto& m) { return m.module == name; }))
        throw std::invalid_argument("a module '" + name + "' is registered already");
    module_.module = name;
    const auto* layers = doc.layers();
    const auto found = load::locate_module(layers ? layers->target().directory : "", doc.ruleset().directory, name);
    const fs::path file = found.file;
    const bool create = !found.exists;
    module_.file = file.string();
    module_.where = doc.ruleset().where;
    new_file_ = create;
    if (create) template_ = template_for(module_, doc);
}

void AddRuleModule::apply(ScenarioDocument& doc) {
    doc.edit_ruleset().modules.push_back(module_);
    if (new_file_ && !doc.scripts().unsaved_text(module_.file)) doc.scripts().create(module_.file, template_);
}

void AddRuleModule::undo(ScenarioDocument& doc) {
    auto& modules = doc.edit_ruleset().modules;
    const auto it =
        std::find_if(modules.rbegin(), modules.rend(), [&](const auto& m) { return m.module == module_.module; });
    if (it != modules.rend()) modules.erase(std::next(it).base());
}

}  // namespace sandtable::studio
