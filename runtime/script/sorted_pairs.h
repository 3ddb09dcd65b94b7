// pairs() as the sandbox gives it to rule scripts. Lua 5.4 seeds string
// hashes per state, so next() order differs from run to run and would break
// replays; this pairs visits numbers ascending, then strings in byte order,
// then false and true.
#pragma once

#include <lua.hpp>

namespace sandtable::script {

// The sandbox's `pairs(t)`: raises a Lua error for a __pairs metamethod.
int sorted_pairs(lua_State* L);

}  // namespace sandtable::script
