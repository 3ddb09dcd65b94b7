// Reading a unit: its attributes, type, place, marks, capabilities, hits and status.
#include "script/bindings/bindings.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sandtable::script::bindings {

namespace {

int l_attr(lua_State* L) {
    int u = unit_arg(L, 1);
    const char* name = luaL_checkstring(L, 2);
    int i = game(L).ruleset().attribute_index(name);
    if (i < 0) return luaL_error(L, "the ruleset declares no attribute '%s'", name);
    push_attribute(L, game(L).ruleset().attributes[static_cast<std::size_t>(i)], game(L).unit(u).attribute(i));
    return 1;
}

int l_type_attr(lua_State* L) {
    const char* type = luaL_checkstring(L, 1);
    const char* face = luaL_checkstring(L, 2);
    const char* name = luaL_checkstring(L, 3);
    const auto& rs = game(L).ruleset();
    int t = rs.unit_type_index(type), i = rs.attribute_index(name);
    if (t < 0 || i < 0) return luaL_error(L, "unknown unit type '%s' or attribute '%s'", type, name);
    const auto& ut = rs.unit_types[static_cast<std::size_t>(t)];
    bool back = std::string(face) == "back";
    if (back && !ut.back) {
        lua_pushnil(L);
        return 1;
    }
    push_attribute(L, rs.attributes[static_cast<std::size_t>(i)], ut.face(back).values[static_cast<std::size_t>(i)]);
    return 1;
}

int l_unit_types(lua_State* L) {
    const auto& types = game(L).ruleset().unit_types;
    lua_createtable(L, static_cast<int>(types.size()), 0);
    for (std::size_t i = 0; i < types.size(); ++i) {
        lua_pushstring(L, types[i].id.c_str());
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
}

int l_has_back(lua_State* L) {
    int t = game(L).ruleset().unit_type_index(luaL_checkstring(L, 1));
    lua_pushboolean(L, t >= 0 && game(L).ruleset().unit_types[static_cast<std::size_t>(t)].back.has_value());
    return 1;
}

int l_unit_count(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(game(L).state().units.size()));
    return 1;
}

int l_unit_info(lua_State* L) {
    int u = unit_arg(L, 1);
    const auto& s = game(L).state().unit(u);
    lua_createtable(L, 0, 10);
    lua_pushstring(L, game(L).unit(u).id().c_str()), lua_setfield(L, -2, "id");
    lua_pushstring(L, game(L).unit(u).type().id.c_str()), lua_setfield(L, -2, "type");
    lua_pushinteger(L, s.side), lua_setfield(L, -2, "side");
    push_label(L, s.hex), lua_setfield(L, -2, "hex");
    lua_pushboolean(L, s.back), lua_setfield(L, -2, "back");
    lua_pushboolean(L, s.on_map), lua_setfield(L, -2, "on_map");
    lua_pushboolean(L, s.eliminated), lua_setfield(L, -2, "eliminated");
    lua_pushinteger(L, game(L).scenario().units[static_cast<std::size_t>(u)].arrives), lua_setfield(L, -2, "arrives");
    if (const auto& formation = game(L).scenario().units[static_cast<std::size_t>(u)].formation; !formation.empty())
        lua_pushstring(L, formation.c_str()), lua_setfield(L, -2, "formation");
    lua_pushinteger(L, game(L).unit(u).combat_strength()), lua_setfield(L, -2, "strength");
    lua_pushinteger(L, game(L).unit(u).movement_allowance()), lua_setfield(L, -2, "movement");
    lua_pushinteger(L, s.hits), lua_setfield(L, -2, "hits");
    return 1;
}

// Cheap single-field accessors: handlers that scan many units use these
// instead of building a table per unit with game.unit().
int l_id(lua_State* L) {
    lua_pushstring(L, game(L).unit(unit_arg(L, 1)).id().c_str());
    return 1;
}

int l_side(lua_State* L) {
    lua_pushinteger(L, game(L).state().unit(unit_arg(L, 1)).side);
    return 1;
}

int l_hex(lua_State* L) {
    push_label(L, game(L).state().unit(unit_arg(L, 1)).hex);
    return 1;
}

int l_is_back(lua_State* L) {
    lua_pushboolean(L, game(L).state().unit(unit_arg(L, 1)).back);
    return 1;
}

int l_movement(lua_State* L) {
    lua_pushinteger(L, game(L).unit(unit_arg(L, 1)).movement_allowance());
    return 1;
}

// Handles of a side's units on the map, in scenario order.
int l_units_of(lua_State* L) {
    const int side = side_arg(L, 1);
    const auto& units = game(L).state().units;
    std::vector<int> out;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].on_map && units[i].side == side) out.push_back(static_cast<int>(i));
    push_int_list(L, out);
    return 1;
}

// game.units_with(side, attribute): a side's units on the map whose
// attribute is non-zero (true, or not the first enum value), in order.
int l_units_with(lua_State* L) {
    const int side = side_arg(L, 1);
    const char* name = luaL_checkstring(L, 2);
    const int attribute = game(L).ruleset().attribute_index(name);
    if (attribute < 0) return luaL_error(L, "the ruleset declares no attribute '%s'", name);
    const auto& units = game(L).state().units;
    std::vector<int> out;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].on_map && units[i].side == side && game(L).unit(static_cast<int>(i)).attribute(attribute) != 0)
            out.push_back(static_cast<int>(i));
    push_int_list(L, out);
    return 1;
}

// Handles of units with a mark set (any side, on the map or not).
int l_marked(lua_State* L) {
    const std::string key = luaL_checkstring(L, 1);
    std::vector<int> out;
    for (const auto& m : game(L).state().marks)
        if (m.key == key) out.push_back(m.unit);
    push_int_list(L, out);
    return 1;
}

// game.unit(u).capability(name): the kernel capability of the unit's current face.
int l_capability(lua_State* L) {
    const int u = unit_arg(L, 1);
    const char* name = luaL_checkstring(L, 2);
    kernel::Capability c;
    if (!kernel::parse_capability(name, c)) return luaL_error(L, "unknown capability '%s'", name);
    lua_pushinteger(L, game(L).unit(u).capability(c));
    return 1;
}

int l_mark(lua_State* L) {
    int u = unit_arg(L, 1);
    lua_pushinteger(L, game(L).state().mark(u, luaL_checkstring(L, 2)));
    return 1;
}

// game.unit(unit).facing(): the direction (0-5) its front faces, nil when it has none.
int l_facing(lua_State* L) {
    const int f = game(L).unit(unit_arg(L, 1)).facing();
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, f);
    return 1;
}

int l_status(lua_State* L) {
    lua_pushstring(L, game(L).combat().status_of(unit_arg(L, 1)).c_str());
    return 1;
}

int l_hits(lua_State* L) {
    lua_pushinteger(L, game(L).unit(unit_arg(L, 1)).hits());
    return 1;
}

int l_strength_points(lua_State* L) {
    lua_pushinteger(L, game(L).combat().strength_points_left(unit_arg(L, 1)));
    return 1;
}

constexpr luaL_Reg kFunctions[] = {
    {"attr", l_attr},
    {"type_attr", l_type_attr},
    {"unit_types", l_unit_types},
    {"has_back", l_has_back},
    {"unit_count", l_unit_count},
    {"unit", l_unit_info},
    {"id", l_id},
    {"side", l_side},
    {"hex", l_hex},
    {"is_back", l_is_back},
    {"movement", l_movement},
    {"units_of", l_units_of},
    {"units_with", l_units_with},
    {"marked", l_marked},
    {"capability", l_capability},
    {"mark", l_mark},
    {"facing", l_facing},
    {"status", l_status},
    {"hits", l_hits},
    {"strength_points", l_strength_points},
    {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* unit_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
