#include "script/compiled_modules.h"

#include "load/loader.h"
#include "rules/rule_switches.h"
#include "script/lua_sandbox.h"
#include "script/module_state_writes.h"

namespace sandtable::script {

std::string compile_module(LuaSandbox& sandbox, std::string_view source, const std::string& file) {
    std::string bytecode = sandbox.compile(source, file);
    const auto writes = module_state_writes(bytecode);
    if (!writes.empty()) throw ScriptError(file, writes.front().line, describe(writes.front()));
    return bytecode;
}

CompiledModules::CompiledModules(const rules::Ruleset& ruleset) { compile(ruleset.modules); }

CompiledModules::CompiledModules(const rules::Ruleset& ruleset, const rules::Scenario& scenario) {
    compile(rules::effective_modules(ruleset, scenario));
}

CompiledModules::CompiledModules(const rules::Ruleset& ruleset,
                                 const std::map<std::string, std::string>& sources_by_file) {
    LuaSandbox scratch;
    for (const auto& [file, source] : sources_by_file) code_[file] = compile_module(scratch, source, file);
    compile(ruleset.modules);
}

void CompiledModules::compile(const std::vector<rules::RuleModule>& modules) {
    LuaSandbox scratch;
    for (const auto& m : modules)
        if (m.enabled && !code_.count(m.file)) code_[m.file] = compile_module(scratch, load::read_file(m.file), m.file);
}

const std::string* CompiledModules::bytecode(const std::string& file) const {
    auto it = code_.find(file);
    return it == code_.end() ? nullptr : &it->second;
}

}  // namespace sandtable::script
