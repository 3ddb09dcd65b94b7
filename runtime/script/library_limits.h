// Work limits on the Lua library functions that loop in C (string.rep,
// patterns, table.move/insert/remove/concat/unpack/sort): see library_limits.cpp.
#pragma once

struct lua_State;

namespace sandtable::script {

// Replaces those functions in the state's string and table libraries by
// guarded ones. Run once, protected, when the sandbox opens.
void limit_library_work(lua_State* L);

}  // namespace sandtable::script
