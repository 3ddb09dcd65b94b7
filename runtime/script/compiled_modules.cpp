#include "script/compiled_modules.h"

#include "load/loader.h"
#include "script/lua_sandbox.h"

namespace sandtable::script {

// Moves every global behind a read-only proxy: reading works as before, any
// assignment to a global (new or existing) is an error, and neither rawset
// nor setmetatable can get round it.
const char* close_globals_source() {
    return R"lua(
local G, globals = _G, {}
for key, value in pairs(G) do globals[key] = value end
for key in pairs(globals) do G[key] = nil end
local raw = globals.rawset
globals.rawset = function(t, k, v)
  if t == G then error("rule scripts may not create or change globals; use a local or game.set_mark", 2) end
  return raw(t, k, v)
end
globals.setmetatable(G, {
  __index = globals,
  __newindex = function(_, key)
    error("rule scripts may not create or change global '" .. tostring(key) .. "'; use a local or game.set_mark", 2)
  end,
  __metatable = "globals are closed",
})
)lua";
}

CompiledModules::CompiledModules(const rules::Ruleset& ruleset) {
    LuaSandbox scratch;
    code_[kCloseGlobalsChunk] = scratch.compile(close_globals_source(), kCloseGlobalsChunk);
    for (const auto& m : ruleset.modules)
        if (!code_.count(m.file)) code_[m.file] = scratch.compile(load::read_file(m.file), m.file);
}

const std::string* CompiledModules::bytecode(const std::string& file) const {
    auto it = code_.find(file);
    return it == code_.end() ? nullptr : &it->second;
}

}  // namespace sandtable::script
