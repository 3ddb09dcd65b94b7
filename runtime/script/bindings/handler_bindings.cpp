// The handlers' part of the game API: game.on registers a rule module's handler for an event,
// with its filter; game.wrap replaces another module's handlers by a wrapper calling them.
#include "script/bindings/bindings.h"

#include "kernel/event_catalogue.h"
#include <algorithm>
#include <cstring>
#include <vector>

namespace sandtable::script::bindings {

namespace {

// A filter's `unit_types`: a list of type ids, each checked (luaL_error, while C++ holds nothing).
void check_filter_unit_types(lua_State* L, int list) {
    luaL_checktype(L, list, LUA_TTABLE);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, list));
    if (n > 1000) luaL_error(L, "filter unit_types lists %d types; at most 1000", static_cast<int>(n));
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, list, i);
        const char* id = luaL_checkstring(L, -1);
        if (host(L).ruleset().unit_type_index(id) < 0) luaL_error(L, "the ruleset has no unit type '%s'", id);
        lua_pop(L, 1);
    }
}

// The checked list as type indices.
std::vector<int> filter_unit_types(lua_State* L, int list) {
    std::vector<int> types;
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, list));
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, list, i);
        types.push_back(host(L).ruleset().unit_type_index(lua_tostring(L, -1)));
        lua_pop(L, 1);
    }
    return types;
}

// game.on(event, handler [, { phase = "movement", unit_has = "charger", unit_types = { "hoplites" } }])
// Arguments are read and checked as C values first: luaL_error jumps over
// C++ destructors, so no std::string may be alive while it can be raised.
int l_on(lua_State* L) {
    const char* event = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (!kernel::event_named(event)) return luaL_error(L, "unknown event '%s'", event);
    const char* phase = "";
    int unit_attribute = -1;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "phase") != LUA_TNIL) phase = luaL_checkstring(L, -1);  // stays on the stack
        if (lua_getfield(L, 3, "unit_has") != LUA_TNIL) {
            const char* attribute = luaL_checkstring(L, -1);
            unit_attribute = host(L).ruleset().attribute_index(attribute);
            if (unit_attribute < 0) return luaL_error(L, "the ruleset declares no attribute '%s'", attribute);
        }
        lua_pushnil(L);
        while (lua_next(L, 3)) {  // only to reject unknown keys; the order does not matter
            const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
            if (std::strcmp(key, "phase") != 0 && std::strcmp(key, "unit_has") != 0 &&
                std::strcmp(key, "unit_types") != 0)
                return luaL_error(L, "unknown filter '%s' (known: phase, unit_has, unit_types)", key);
            lua_pop(L, 1);
        }
    }
    const bool by_type = !lua_isnoneornil(L, 3) && lua_getfield(L, 3, "unit_types") != LUA_TNIL;  // stays on the stack
    const int types_at = lua_gettop(L);
    if (by_type) check_filter_unit_types(L, types_at);
    lua_getfield(L, LUA_REGISTRYINDEX, kHandlers);
    if (lua_getfield(L, -1, event) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, event);
    }
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, static_cast<lua_Integer>(lua_rawlen(L, -2) + 1));
    host(L).add_handler(event,
                        {phase, unit_attribute, by_type, by_type ? filter_unit_types(L, types_at) : std::vector<int>{},
                         host(L).loading_module()});
    return 0;
}

// What a wrapped handler runs: wrapper(next, ctx), `next` being the original.
int call_wrapped(lua_State* L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 1);
    lua_call(L, 2, 0);
    return 0;
}

// game.wrap(module, event, function(next, ctx) ... next(ctx) ... end)
// A house rule changes what a module does on an event without editing it:
// each handler `module` registered for `event` is replaced by one calling
// the wrapper with the original as `next`. The original's filter stays.
int l_wrap(lua_State* L) {
    const char* module = luaL_checkstring(L, 1);
    const char* event = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    RuleHost& h = host(L);
    if (h.loading_module().empty())
        return luaL_error(L, "game.wrap is called at the top of a rule module, while the rules load");
    if (!kernel::event_named(event)) return luaL_error(L, "unknown event '%s'", event);
    const auto& handlers = h.handlers(event);
    int wrapped = 0;
    lua_getfield(L, LUA_REGISTRYINDEX, kHandlers);
    lua_getfield(L, -1, event);
    const int table = lua_gettop(L);
    for (std::size_t i = 0; i < handlers.size(); ++i) {
        if (handlers[i].module != module) continue;
        lua_pushvalue(L, 3);
        lua_rawgeti(L, table, static_cast<lua_Integer>(i + 1));
        lua_pushcclosure(L, call_wrapped, 2);
        lua_rawseti(L, table, static_cast<lua_Integer>(i + 1));
        ++wrapped;
    }
    if (wrapped == 0)
        return luaL_error(
            L, "rule module '%s' has no handler for '%s' to wrap (is it loaded before this one, and switched on?)",
            module, event);
    h.add_wrap({module, event, h.loading_module(), h.loading_file(), wrapped});
    return 0;
}

constexpr luaL_Reg kFunctions[] = {
    {"on", l_on},
    {"wrap", l_wrap},
    {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* handler_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
