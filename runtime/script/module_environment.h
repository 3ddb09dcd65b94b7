// The environments rule modules run in (module_environment.cpp). Both run
// under LuaSandbox::protect: they raise Lua errors, never C++ exceptions.
#pragma once

#include "rules/ruleset.h"

struct lua_State;

namespace sandtable::script {

// Moves every global behind a read-only proxy and makes the shared libraries
// and the game API read-only; called once, before the first module runs.
void close_globals(lua_State* L);

// Pushes a module's environment: its `params`, reading the shared globals and
// refusing every assignment.
void push_environment(lua_State* L, const rules::Param& params);

}  // namespace sandtable::script
