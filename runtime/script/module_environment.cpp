// The environments rule modules run in: the globals closed before the first
// module runs, the shared libraries and the game API made read-only, and one
// environment per module holding its `params` (docs/adr/0003).
#include "script/module_environment.h"

#include <lua.hpp>

#include <cstring>
#include <type_traits>
#include <variant>

namespace sandtable::script {

namespace {

constexpr const char* kReadOnly = "sandtable.read_only";  // registry: the tables no script may change

// Params as Lua values; run under protect(): a Lua error (a full heap, nesting
// too deep) unwinds through here, which holds no C++ object that owns memory.
void push_param(lua_State* L, const rules::Param& p, int depth = 0) {
    if (depth > 64) luaL_error(L, "params nest more than 64 levels deep");
    luaL_checkstack(L, 4, "params");
    std::visit(
        [L, depth](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::monostate>)
                lua_pushnil(L);
            else if constexpr (std::is_same_v<T, bool>)
                lua_pushboolean(L, v);
            else if constexpr (std::is_same_v<T, long long>)
                lua_pushinteger(L, v);
            else if constexpr (std::is_same_v<T, double>)
                lua_pushnumber(L, v);
            else if constexpr (std::is_same_v<T, std::string>)
                lua_pushstring(L, v.c_str());
            else if constexpr (std::is_same_v<T, rules::Param::List>) {
                lua_createtable(L, static_cast<int>(v.size()), 0);
                for (std::size_t i = 0; i < v.size(); ++i) {
                    push_param(L, v[i], depth + 1);
                    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
                }
            } else {
                lua_createtable(L, 0, static_cast<int>(v.size()));
                for (const auto& [k, item] : v) {
                    push_param(L, item, depth + 1);
                    lua_setfield(L, -2, k.c_str());
                }
            }
        },
        p.value);
}

int refuse_global(lua_State* L) {
    return luaL_error(L, "rule scripts may not create or change global '%s'; use a local or game.set_mark",
                      luaL_tolstring(L, 2, nullptr));
}

// Gives the table at `target` a metatable reading through the table at
// `index` and refusing every assignment.
void refuse_assignments(lua_State* L, int target, int index, bool lock_metatable) {
    target = lua_absindex(L, target);
    index = lua_absindex(L, index);
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, refuse_global);
    lua_setfield(L, -2, "__newindex");
    if (lock_metatable) {
        lua_pushstring(L, "globals are closed");
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, target);
}

// rawset that refuses the globals table (its upvalue) and every read-only library view.
int guarded_rawset(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (lua_rawequal(L, 1, lua_upvalueindex(1)))
        return luaL_error(L, "rule scripts may not create or change globals; use a local or game.set_mark");
    lua_getfield(L, LUA_REGISTRYINDEX, kReadOnly);
    lua_pushvalue(L, 1);
    const bool read_only = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    if (read_only)
        return luaL_error(L, "the libraries and the game API are shared by every rule module and may not be changed");
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

}  // namespace

// A module's environment: its `params`, reading the shared globals (the closed
// global table's __index) and refusing every assignment.
void push_environment(lua_State* L, const rules::Param& params) {
    lua_createtable(L, 0, 1);
    const int environment = lua_gettop(L);
    push_param(L, params);
    if (params.is_null()) {
        lua_pop(L, 1);
        lua_newtable(L);
    }
    lua_setfield(L, environment, "params");
    lua_pushglobaltable(L);
    lua_getmetatable(L, -1);
    lua_getfield(L, -1, "__index");
    refuse_assignments(L, environment, -1, true);  // locked: getmetatable(_ENV) cannot reach the shared globals
    lua_settop(L, environment);
}

namespace {

int refuse_library_change(lua_State* L) {
    return luaL_error(L, "the libraries and the game API are shared by every rule module: '%s' may not be set",
                      luaL_tolstring(L, 2, nullptr));
}

// Replaces the library table at globals[name] by a read-only view of it: an
// empty table reading through to the library, refusing assignment, its
// metatable locked, and listed for guarded_rawset. One module changing
// string.rep or game.roll would change every other module's rules.
void make_read_only(lua_State* L, int globals, const char* name) {
    if (lua_getfield(L, globals, name) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    const int library = lua_gettop(L);
    lua_newtable(L);  // the view
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, library);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, refuse_library_change);
    lua_setfield(L, -2, "__newindex");
    lua_pushstring(L, "the libraries are shared and read-only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_getfield(L, LUA_REGISTRYINDEX, kReadOnly);
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    if (std::strcmp(name, "string") == 0) {  // strings' methods ("x"):rep read through the view too
        lua_pushliteral(L, "");
        lua_getmetatable(L, -1);
        lua_pushvalue(L, -3);
        lua_setfield(L, -2, "__index");
        lua_pushstring(L, "the libraries are shared and read-only");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 2);
    }
    lua_setfield(L, globals, name);
    lua_pop(L, 1);
}

}  // namespace

// Moves every global behind a read-only proxy: reading works as before, any
// assignment to a global (new or existing) is an error, and neither rawset
// nor setmetatable can get round it. Which order the keys are copied in does
// not matter, so lua_next's order is harmless here.
void close_globals(lua_State* L) {
    lua_pushglobaltable(L);
    const int G = lua_gettop(L);
    lua_newtable(L);
    const int globals = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, G)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, globals);
    }
    lua_pushnil(L);
    while (lua_next(L, globals)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, G);
    }
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, kReadOnly);
    for (const char* library : {"string", "table", "math", "utf8", "coroutine", "game"})
        make_read_only(L, globals, library);
    lua_pushvalue(L, G);
    lua_pushcclosure(L, guarded_rawset, 1);
    lua_setfield(L, globals, "rawset");
    refuse_assignments(L, G, globals, true);
    lua_settop(L, G - 1);
}

}  // namespace sandtable::script
