// Arguments and results the game API's functions share.
#include "script/bindings/bindings.h"

#include <vector>

namespace sandtable::script::bindings {

int side_arg(lua_State* L, int index) {
    const lua_Integer side = luaL_checkinteger(L, index);
    if (side < 0 || side >= static_cast<lua_Integer>(game(L).scenario().sides.size()))
        return luaL_error(L, "no side %d", static_cast<int>(side));
    return static_cast<int>(side);
}

geometry::Hex hex_arg(lua_State* L, int index) {
    const char* label = luaL_checkstring(L, index);
    auto h = game(L).grid().parse_label(label);
    if (!h) luaL_error(L, "'%s' is not a hex on this map", label);
    return *h;
}

void push_label(lua_State* L, geometry::Hex h) { lua_pushstring(L, game(L).grid().label(h).c_str()); }

void push_hex_list(lua_State* L, const std::vector<geometry::Hex>& v) {
    lua_createtable(L, static_cast<int>(v.size()), 0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        push_label(L, v[i]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
}

void push_attribute(lua_State* L, const rules::AttributeSpec& a, int value) {
    switch (a.kind) {
        case rules::AttributeKind::Int:
            lua_pushinteger(L, value);
            return;
        case rules::AttributeKind::Bool:
            lua_pushboolean(L, value);
            return;
        case rules::AttributeKind::Enum:
            lua_pushstring(L, a.format(value).c_str());
            return;
    }
}

}  // namespace sandtable::script::bindings
