// What the game API's C functions share: reaching the host and the game from
// a Lua call, checking arguments, pushing lists. Bindings must not throw: a
// C++ exception may not cross Lua's C frames; they raise Lua errors instead.
#pragma once

#include "kernel/game.h"
#include "script/rule_host.h"

#include <lua.hpp>

#include <vector>

namespace sandtable::script::bindings {

inline RuleHost& host(lua_State* L) { return *static_cast<RuleHost*>(lua_touserdata(L, lua_upvalueindex(1))); }

inline kernel::Game& game(lua_State* L) {
    kernel::Game* g = host(L).attached_game();
    if (!g) luaL_error(L, "the game API is not available outside a game");
    return *g;
}

// sight.check and other queries may be asked while the legal actions are
// listed: a handler that acted then would change the game behind the player's back.
inline void forbid_in_query(lua_State* L, const char* function) {
    if (host(L).in_query())
        luaL_error(L, "%s cannot be called while answering a query event (%s): handlers of queries only read", function, host(L).query_event());
}

inline int unit_arg(lua_State* L, int index) {
    lua_Integer u = luaL_checkinteger(L, index);
    if (u < 0 || u >= static_cast<lua_Integer>(game(L).state().units.size()))
        return luaL_error(L, "no unit with handle %d", static_cast<int>(u));
    return static_cast<int>(u);
}

inline void push_int_list(lua_State* L, const std::vector<int>& v) {
    lua_createtable(L, static_cast<int>(v.size()), 0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        lua_pushinteger(L, v[i]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
}

// The free table's part of the game API (script/table_bindings.cpp), ended by {nullptr, nullptr}.
const luaL_Reg* table_functions();

}  // namespace sandtable::script::bindings
