#include "script/compiled_modules.h"

#include "load/loader.h"
#include "script/lua_sandbox.h"

namespace sandtable::script {

CompiledModules::CompiledModules(const rules::Ruleset& ruleset) {
    LuaSandbox scratch;
    for (const auto& m : ruleset.modules)
        if (m.enabled && !code_.count(m.file)) code_[m.file] = scratch.compile(load::read_file(m.file), m.file);
}

const std::string* CompiledModules::bytecode(const std::string& file) const {
    auto it = code_.find(file);
    return it == code_.end() ? nullptr : &it->second;
}

}  // namespace sandtable::script
