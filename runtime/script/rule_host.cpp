#include "script/rule_host.h"
#include "script/lua_bindings.h"

#include "kernel/event_catalogue.h"
#include "kernel/game.h"
#include "load/loader.h"
#include "rules/rule_switches.h"

#include <lua.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace sandtable::script {

using geometry::Hex;
using kernel::Game;

namespace {

constexpr const char* kHandlers = "sandtable.handlers";

using bindings::forbid_in_query;
using bindings::game;
using bindings::host;
using bindings::push_int_list;
using bindings::unit_arg;

int side_arg(lua_State* L, int index) {
    const lua_Integer side = luaL_checkinteger(L, index);
    if (side < 0 || side >= static_cast<lua_Integer>(game(L).scenario().sides.size()))
        return luaL_error(L, "no side %d", static_cast<int>(side));
    return static_cast<int>(side);
}

Hex hex_arg(lua_State* L, int index) {
    const char* label = luaL_checkstring(L, index);
    auto h = game(L).grid().parse_label(label);
    if (!h) luaL_error(L, "'%s' is not a hex on this map", label);
    return *h;
}

void push_label(lua_State* L, Hex h) { lua_pushstring(L, game(L).grid().label(h).c_str()); }

void push_hex_list(lua_State* L, const std::vector<Hex>& v) {
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

// ---- game.* functions -------------------------------------------------------

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
    const auto& known = kernel::known_events();
    if (std::find(known.begin(), known.end(), event) == known.end()) return luaL_error(L, "unknown event '%s'", event);
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
    const auto& known = kernel::known_events();
    if (std::find(known.begin(), known.end(), event) == known.end()) return luaL_error(L, "unknown event '%s'", event);
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

int l_attr(lua_State* L) {
    int u = unit_arg(L, 1);
    const char* name = luaL_checkstring(L, 2);
    int i = game(L).ruleset().attribute_index(name);
    if (i < 0) return luaL_error(L, "the ruleset declares no attribute '%s'", name);
    push_attribute(L, game(L).ruleset().attributes[static_cast<std::size_t>(i)], game(L).attribute(u, i));
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

int l_set_capability(lua_State* L) {
    forbid_in_query(L, "game.set_capability");
    const char* type = luaL_checkstring(L, 1);
    const char* face_text = luaL_checkstring(L, 2);
    const char* cap = luaL_checkstring(L, 3);
    int value = lua_isboolean(L, 4)
                    ? lua_toboolean(L, 4)
                    : bindings::int_arg(L, 4, -1'000'000, 1'000'000, "game.set_capability", "the value");
    int t = game(L).ruleset().unit_type_index(type);
    if (t < 0) return luaL_error(L, "unknown unit type '%s'", type);
    kernel::Capability c;
    if (!kernel::parse_capability(cap, c)) return luaL_error(L, "unknown capability '%s'", cap);
    const bool front = std::strcmp(face_text, "front") == 0, back = std::strcmp(face_text, "back") == 0;
    if (!front && !back && std::strcmp(face_text, "both") != 0)
        return luaL_error(L, "face must be 'front', 'back' or 'both'");
    if (!back) game(L).set_capability(t, false, c, value);
    if (!front) game(L).set_capability(t, true, c, value);
    return 0;
}

int l_unit_count(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(game(L).state().units.size()));
    return 1;
}

int l_unit_info(lua_State* L) {
    int u = unit_arg(L, 1);
    const auto& s = game(L).state().units[static_cast<std::size_t>(u)];
    lua_createtable(L, 0, 10);
    lua_pushstring(L, game(L).unit_id(u).c_str()), lua_setfield(L, -2, "id");
    lua_pushstring(L, game(L).unit_type(u).id.c_str()), lua_setfield(L, -2, "type");
    lua_pushinteger(L, s.side), lua_setfield(L, -2, "side");
    push_label(L, s.hex), lua_setfield(L, -2, "hex");
    lua_pushboolean(L, s.back), lua_setfield(L, -2, "back");
    lua_pushboolean(L, s.on_map), lua_setfield(L, -2, "on_map");
    lua_pushboolean(L, s.eliminated), lua_setfield(L, -2, "eliminated");
    lua_pushinteger(L, game(L).scenario().units[static_cast<std::size_t>(u)].arrives), lua_setfield(L, -2, "arrives");
    if (const auto& formation = game(L).scenario().units[static_cast<std::size_t>(u)].formation; !formation.empty())
        lua_pushstring(L, formation.c_str()), lua_setfield(L, -2, "formation");
    lua_pushinteger(L, game(L).combat_strength(u)), lua_setfield(L, -2, "strength");
    lua_pushinteger(L, game(L).movement_allowance(u)), lua_setfield(L, -2, "movement");
    lua_pushinteger(L, s.hits), lua_setfield(L, -2, "hits");
    return 1;
}

// Cheap single-field accessors: handlers that scan many units use these
// instead of building a table per unit with game.unit().
int l_id(lua_State* L) {
    lua_pushstring(L, game(L).unit_id(unit_arg(L, 1)).c_str());
    return 1;
}

int l_side(lua_State* L) {
    lua_pushinteger(L, game(L).state().units[static_cast<std::size_t>(unit_arg(L, 1))].side);
    return 1;
}

int l_hex(lua_State* L) {
    push_label(L, game(L).state().units[static_cast<std::size_t>(unit_arg(L, 1))].hex);
    return 1;
}

int l_is_back(lua_State* L) {
    lua_pushboolean(L, game(L).state().units[static_cast<std::size_t>(unit_arg(L, 1))].back);
    return 1;
}

int l_movement(lua_State* L) {
    lua_pushinteger(L, game(L).movement_allowance(unit_arg(L, 1)));
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
        if (units[i].on_map && units[i].side == side && game(L).attribute(static_cast<int>(i), attribute) != 0)
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

// game.capability(u, name): the kernel capability of the unit's current face.
int l_capability(lua_State* L) {
    const int u = unit_arg(L, 1);
    const char* name = luaL_checkstring(L, 2);
    kernel::Capability c;
    if (!kernel::parse_capability(name, c)) return luaL_error(L, "unknown capability '%s'", name);
    lua_pushinteger(L, game(L).capability(u, c));
    return 1;
}

int l_units_at(lua_State* L) {
    push_int_list(L, game(L).units_at(hex_arg(L, 1)));
    return 1;
}

int l_adjacent_enemies(lua_State* L) {
    int u = unit_arg(L, 1);
    const auto& st = game(L).state();
    const auto& me = st.units[static_cast<std::size_t>(u)];
    std::vector<int> out;
    for (std::size_t i = 0; i < st.units.size() && me.on_map; ++i)
        if (st.units[i].on_map && st.units[i].side != me.side && geometry::distance(st.units[i].hex, me.hex) == 1)
            out.push_back(static_cast<int>(i));
    push_int_list(L, out);
    return 1;
}

// game.nearest_enemy(hex, side): hexes from `hex` to the nearest unit on the
// map of a side other than `side`; nil when there is none.
int l_nearest_enemy(lua_State* L) {
    const Hex from = hex_arg(L, 1);
    const int side = side_arg(L, 2);
    int best = -1;
    for (const auto& u : game(L).state().units)
        if (u.on_map && u.side != side) {
            const int d = geometry::distance(u.hex, from);
            if (best < 0 || d < best) best = d;
        }
    if (best < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, best);
    return 1;
}

// game.enemy_at(hex, side): a unit of a side other than `side` stands in the hex.
int l_enemy_at(lua_State* L) {
    const Hex at = hex_arg(L, 1);
    const int side = side_arg(L, 2);
    const auto& units = game(L).state().units;
    lua_pushboolean(L, std::any_of(units.begin(), units.end(), [&](const kernel::UnitState& u) {
                        return u.on_map && u.side != side && u.hex == at;
                    }));
    return 1;
}

int l_terrain(lua_State* L) {
    int t = game(L).terrain_at(hex_arg(L, 1));
    lua_pushstring(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].id.c_str());
    return 1;
}

// game.terrain_value(hex, name): a number the terrain declares under `values:`, 0 if none.
int l_terrain_value(lua_State* L) {
    const int t = game(L).terrain_at(hex_arg(L, 1));
    lua_pushinteger(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].value(luaL_checkstring(L, 2)));
    return 1;
}

// game.blocks_sight(hex): the hex's terrain blocks line of sight (blocks_los).
int l_blocks_sight(lua_State* L) {
    const int t = game(L).terrain_at(hex_arg(L, 1));
    lua_pushboolean(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].blocks_los);
    return 1;
}

// game.map_sight(from, to): the map's terrain and hexsides leave the line
// between two hexes clear (the kernel's own test; sight.check is not asked),
// for a rule that needs a line from someone other than the firer (a spotter).
int l_map_sight(lua_State* L) {
    lua_pushboolean(L, game(L).map_sight(hex_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

// game.step_cost(unit, from, to): the MP the unit pays to step between
// adjacent hexes (terrain, hexside, road), nil when it may not; a number
// like 0.5 where the ruleset counts movement points in parts.
int l_step_cost(lua_State* L) {
    const int u = unit_arg(L, 1);
    const Hex from = hex_arg(L, 2), to = hex_arg(L, 3);
    const int dir = geometry::direction_to(from, to);
    if (dir < 0)
        return luaL_error(L, "%s and %s are not adjacent", game(L).grid().label(from).c_str(),
                          game(L).grid().label(to).c_str());
    const int cost = game(L).step_cost(u, from, dir);
    const int parts = game(L).movement_point_parts();
    if (cost < 0)
        lua_pushnil(L);
    else if (cost % parts == 0)
        lua_pushinteger(L, cost / parts);
    else
        lua_pushnumber(L, static_cast<double>(cost) / parts);
    return 1;
}

// game.plot(unit): the unit's written orders this game-turn (simultaneous
// sequence), as { task = "hold"|"move"|"fire"|"defensive_fire"|"melee", hex = label }.
// Rules are the referee: they see both sides' orders, revealed or not.
int l_plot(lua_State* L) {
    const int u = unit_arg(L, 1);
    const Game& g = game(L);
    const auto plot = g.plot_of(u, g.state().units[static_cast<std::size_t>(u)].side);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, kernel::plot_task_name(plot ? plot->task : kernel::PlotTask::Hold)), lua_setfield(L, -2, "task");
    if (plot && plot->task != kernel::PlotTask::Hold) push_label(L, plot->hex), lua_setfield(L, -2, "hex");
    return 1;
}

// Formations, activations, orders and strength points (the regimental rules).
int formation_arg(lua_State* L, int index) {
    const char* name = luaL_checkstring(L, index);
    const int f = game(L).formation_index(name);
    if (f < 0) return luaL_error(L, "no formation '%s' in this scenario", name);
    return f;
}

// game.formation(unit): the formation's name, nil when in none.
int l_formation(lua_State* L) {
    const int f = game(L).formation_of(unit_arg(L, 1));
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).formation_name(f).c_str());
    return 1;
}

// game.formations(side): the side's formations, in scenario order.
int l_formations(lua_State* L) {
    const Game& g = game(L);
    const auto side = luaL_checkinteger(L, 1);
    lua_newtable(L);
    int n = 0;
    for (int f = 0; f < g.formation_count(); ++f)
        if (g.formation_side(f) == side) lua_pushstring(L, g.formation_name(f).c_str()), lua_rawseti(L, -2, ++n);
    return 1;
}

// game.formation_units(name): every unit of the formation, on the map or not.
int l_formation_units(lua_State* L) {
    const int f = formation_arg(L, 1);
    lua_newtable(L);
    int n = 0;
    for (int u : game(L).formation_units(f)) lua_pushinteger(L, u), lua_rawseti(L, -2, ++n);
    return 1;
}

// game.activation(): the formation activated now, nil outside an activation.
int l_activation(lua_State* L) {
    const int f = game(L).activated_formation();
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).formation_name(f).c_str());
    return 1;
}

// game.order(name): the formation's order id as revealed, nil without orders.
int l_order(lua_State* L) {
    const int o = game(L).order_of(formation_arg(L, 1));
    if (o < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).ruleset().orders.list[static_cast<std::size_t>(o)].id.c_str());
    return 1;
}

// game.set_order(name, id): the formation operates under this order from now on.
int l_set_order(lua_State* L) {
    forbid_in_query(L, "game.set_order");
    const int f = formation_arg(L, 1);
    const char* id = luaL_checkstring(L, 2);
    const int o = game(L).ruleset().orders.find(id);
    if (o < 0) return luaL_error(L, "'%s' is not one of the ruleset's orders", id);
    if (game(L).state().orders.empty()) return luaL_error(L, "game.set_order: the ruleset has no orders");
    game(L).set_order(f, o);
    return 0;
}

int l_status(lua_State* L) {
    lua_pushstring(L, game(L).status_of(unit_arg(L, 1)).c_str());
    return 1;
}

int l_hits(lua_State* L) {
    lua_pushinteger(L, game(L).hits(unit_arg(L, 1)));
    return 1;
}

int l_strength_points(lua_State* L) {
    lua_pushinteger(L, game(L).strength_points_left(unit_arg(L, 1)));
    return 1;
}

// game.set_hits(unit, n): the strength points it has lost; a unit left with none is eliminated.
int l_set_hits(lua_State* L) {
    forbid_in_query(L, "game.set_hits");
    const int u = unit_arg(L, 1);
    const int n = bindings::int_arg(L, 2, 0, 1'000'000, "game.set_hits", "hits");
    char message[512] = {0};
    try {
        game(L).set_hits(u, static_cast<int>(n));
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    if (message[0]) return luaL_error(L, "%s", message);
    return 0;
}

// game.restore(unit, hex [, hits]): an eliminated unit comes back on the map.
int l_restore(lua_State* L) {
    forbid_in_query(L, "game.restore");
    const int u = unit_arg(L, 1);
    const Hex at = hex_arg(L, 2);
    const int hits = bindings::opt_int_arg(L, 3, 0, 0, 1'000'000, "game.restore", "hits");
    char message[512] = {0};
    try {
        game(L).restore_unit(u, at, static_cast<int>(hits));
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "game.restore: %s", e.what());
    }
    if (message[0]) return luaL_error(L, "%s", message);
    return 0;
}

int l_is_night(lua_State* L) {
    lua_pushboolean(L, game(L).is_night());
    return 1;
}

int l_day(lua_State* L) {
    lua_pushinteger(L, game(L).ruleset().day.day_of(game(L).state().at.turn));
    return 1;
}

// game.facing(unit): the direction (0-5) its front faces, nil when it has none.
int l_facing(lua_State* L) {
    const int f = game(L).facing(unit_arg(L, 1));
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, f);
    return 1;
}

// game.set_facing(unit, direction): turns the unit to face direction 0-5.
int l_set_facing(lua_State* L) {
    forbid_in_query(L, "game.set_facing");
    const int u = unit_arg(L, 1);
    const lua_Integer d = luaL_checkinteger(L, 2);
    if (d < 0 || d > 5) return luaL_error(L, "a facing is a direction 0 to 5, got %d", static_cast<int>(d));
    game(L).set_facing(u, static_cast<int>(d));
    return 0;
}

// game.clear_attacked(unit): the unit counts as not attacked this phase (it retreated before the combat,
// PRESTAGS 17.3: "subject to any attack brought to bear against their new hex").
int l_clear_attacked(lua_State* L) {
    forbid_in_query(L, "game.clear_attacked");
    game(L).clear_attacked(unit_arg(L, 1));
    return 0;
}

// game.in_front(unit, hex): the hex lies in the unit's front (always, for a unit without facing).
int l_in_front(lua_State* L) {
    lua_pushboolean(L, game(L).in_front(unit_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

// game.direction(from, to): the direction 0-5 from a hex to an adjacent one, nil otherwise.
int l_direction(lua_State* L) {
    const int d = geometry::direction_to(hex_arg(L, 1), hex_arg(L, 2));
    if (d < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, d);
    return 1;
}

// game.may_stack(unit, hex): the unit may end a move in the hex (the side's
// stacking limit, the ruleset's stacking_mixes), counting itself out of its own hex.
int l_may_stack(lua_State* L) {
    lua_pushboolean(L, game(L).may_end_in(unit_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

// game.stacking_limit(side): how many units that count for stacking the side may have in a hex.
int l_stacking_limit(lua_State* L) {
    lua_pushinteger(L, game(L).stacking_limit(side_arg(L, 1)));
    return 1;
}

// game.crt_result(column, roll): the result on the phase's odds table at a
// column (0-based, as game.combat().column) for a modified roll, read as the
// kernel reads it (beyond the table: its first or last row).
int l_crt_result(lua_State* L) {
    const Game& g = game(L);
    if (!g.fights_on_a_table()) return luaL_error(L, "the phase in progress resolves no combat on a table");
    const lua_Integer column = luaL_checkinteger(L, 1);
    if (column < 0 || column >= g.table_columns())
        return luaL_error(L, "no column %d on the table of phase '%s'", static_cast<int>(column), g.phase_id().c_str());
    lua_pushstring(
        L, g.table_result(static_cast<int>(column), bindings::int_arg(L, 2, -1000, 1000, "game.crt_result", "the roll"))
               .c_str());
    return 1;
}

// game.phase(): the id of the phase in progress.
int l_phase(lua_State* L) {
    lua_pushstring(L, game(L).phase_id().c_str());
    return 1;
}

int l_charge_allowed(lua_State* L) {
    int t = game(L).terrain_at(hex_arg(L, 1));
    lua_pushboolean(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].charge_allowed);
    return 1;
}

// game.hexside(a, b): the id of the feature on the side between adjacent hexes, or nil.
int l_hexside(lua_State* L) {
    Hex a = hex_arg(L, 1), b = hex_arg(L, 2);
    int dir = geometry::direction_to(a, b);
    if (dir < 0) return luaL_error(L, "'%s' and '%s' are not adjacent", lua_tostring(L, 1), lua_tostring(L, 2));
    int f = game(L).scenario().map.side_feature(a, dir);
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).ruleset().hexside_features[static_cast<std::size_t>(f)].id.c_str());
    return 1;
}

int l_hex_of_index(lua_State* L) {
    const lua_Integer i = luaL_checkinteger(L, 1);
    if (i < 0 || i >= static_cast<lua_Integer>(game(L).grid().size()))
        return luaL_error(L, "no hex with index %d on this map", static_cast<int>(i));
    push_label(L, game(L).grid().hex_at(static_cast<int>(i)));
    return 1;
}

int l_distance(lua_State* L) {
    lua_pushinteger(L, geometry::distance(hex_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

// The hex next to `hex` in direction d (0-5, going round the hex, so d - 1 and
// d + 1 mod 6 are the hexes on either side of it), nil when it is off the map.
int l_neighbour(lua_State* L) {
    const Hex h = hex_arg(L, 1);
    const lua_Integer d = luaL_checkinteger(L, 2);
    if (d < 0 || d > 5) return luaL_error(L, "direction must be 0 to 5, got %d", static_cast<int>(d));
    const Hex n = geometry::neighbour(h, static_cast<int>(d));
    if (game(L).grid().contains(n))
        push_label(L, n);
    else
        lua_pushnil(L);
    return 1;
}

int l_in_enemy_zoc(lua_State* L) {
    lua_pushboolean(L, game(L).in_enemy_zoc(side_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

int l_retreat_destinations(lua_State* L) {
    int u = unit_arg(L, 1);
    push_hex_list(
        L, game(L).retreat_destinations(u, bindings::int_arg(L, 2, 0, 100, "game.retreat_destinations", "hexes")));
    return 1;
}

int l_flip(lua_State* L) {
    forbid_in_query(L, "game.flip");
    int u = unit_arg(L, 1);
    game(L).set_back(u, lua_toboolean(L, 2));
    return 0;
}

int l_disorder(lua_State* L) {
    forbid_in_query(L, "game.disorder");
    game(L).disorder(unit_arg(L, 1));
    return 0;
}

int l_mark(lua_State* L) {
    int u = unit_arg(L, 1);
    lua_pushinteger(L, game(L).state().mark(u, luaL_checkstring(L, 2)));
    return 1;
}

// Limits on what scripts make the kernel hold (docs/security.md).
constexpr std::size_t kMaxMarkName = 100, kMaxMarkNames = 1000;
constexpr std::size_t kMaxLogLine = 4096, kMaxLogBytes = std::size_t{16} << 20;
constexpr std::size_t kMaxOptions = 100, kMaxOptionText = 500, kMaxPendingQuestions = 1000;

int l_set_mark(lua_State* L) {
    forbid_in_query(L, "game.set_mark");
    int u = unit_arg(L, 1);
    int v = lua_isboolean(L, 3) ? lua_toboolean(L, 3)
                                : bindings::int_arg(L, 3, INT_MIN, INT_MAX, "game.set_mark", "the value");
    std::size_t length = 0;
    const char* name = luaL_checklstring(L, 2, &length);
    if (length == 0 || length > kMaxMarkName)
        return luaL_error(L, "game.set_mark: a mark's name has 1 to %d characters, got %d",
                          static_cast<int>(kMaxMarkName), static_cast<int>(length));
    auto& names = host(L).holdings().mark_names;
    if (names.find(std::string_view(name, length)) == names.end()) {
        if (names.size() >= kMaxMarkNames)
            return luaL_error(L, "game.set_mark: the rule scripts use %d different mark names already; at most %d",
                              static_cast<int>(names.size()), static_cast<int>(kMaxMarkNames));
    }
    bool stored = true;
    try {  // no C++ exception may cross Lua's C frames
        names.emplace(name, length);
        game(L).set_mark(u, name, v);
    } catch (const std::exception&) {
        stored = false;
    }
    if (!stored) return luaL_error(L, "game.set_mark: out of memory");
    return 0;
}

// Kernel calls that raise events run other handlers; their errors must not
// unwind through Lua's C frames, so they come back as a Lua error.
int l_eliminate(lua_State* L) {
    forbid_in_query(L, "game.eliminate");
    int u = unit_arg(L, 1);
    char message[512] = {0};
    try {
        game(L).eliminate(u);
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    if (message[0]) return luaL_error(L, "%s", message);
    return 0;
}

int l_move(lua_State* L) {
    forbid_in_query(L, "game.move");
    const int u = unit_arg(L, 1);
    const Hex to = hex_arg(L, 2);
    // Reinforcements come on only when the kernel brings them (unit.arrived).
    if (game(L).awaiting_arrival(u))
        return luaL_error(L, "game.move: '%s' has not arrived yet", game(L).unit_id(u).c_str());
    char message[512] = {0};
    try {
        game(L).note("  " + game(L).unit_id(u) + " moves to " + game(L).grid().label(to));
        game(L).move_unit(u, to);  // may raise move.shared_hex
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    if (message[0]) return luaL_error(L, "%s", message);
    return 0;
}

int l_roll(lua_State* L) {
    forbid_in_query(L, "game.roll");
    const int faces = bindings::opt_int_arg(L, 1, 6, 2, 1'000'000, "game.roll", "the faces of the die");
    lua_pushinteger(L, game(L).roll(faces, luaL_optstring(L, 2, "script")));
    return 1;
}

// game.choose(side, prompt, options, callback(answer)): answer is the 1-based
// index of the option taken.
int l_choose(lua_State* L) {
    forbid_in_query(L, "game.choose");
    const int side = side_arg(L, 1);
    const char* prompt = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TFUNCTION);
    const auto count = static_cast<lua_Integer>(lua_rawlen(L, 3));
    if (count < 1) return luaL_error(L, "choose needs at least one option");
    if (count > static_cast<lua_Integer>(kMaxOptions))
        return luaL_error(L, "game.choose: %d options; at most %d", static_cast<int>(count),
                          static_cast<int>(kMaxOptions));
    if (std::strlen(prompt) > kMaxOptionText)
        return luaL_error(L, "game.choose: a prompt of more than %d characters", static_cast<int>(kMaxOptionText));
    if (host(L).pending_questions() >= kMaxPendingQuestions)
        return luaL_error(L, "game.choose: %d questions wait for answers already",
                          static_cast<int>(kMaxPendingQuestions));
    for (lua_Integer i = 1; i <= count; ++i) {  // check every option before building anything
        lua_rawgeti(L, 3, i);
        std::size_t length = 0;
        luaL_checklstring(L, -1, &length);
        if (length > kMaxOptionText)
            return luaL_error(L, "game.choose: option %d has more than %d characters", static_cast<int>(i),
                              static_cast<int>(kMaxOptionText));
        lua_pop(L, 1);
    }
    lua_pushvalue(L, 4);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    std::vector<std::string> options;
    for (lua_Integer i = 1; i <= count; ++i) {
        lua_rawgeti(L, 3, i);
        options.emplace_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    const int question = game(L).ask(side, prompt, std::move(options));
    host(L).add_continuation(question, ref);
    return 0;
}

int l_cancel_combat(lua_State* L) {
    forbid_in_query(L, "game.cancel_combat");
    game(L).cancel_combat();
    return 0;
}

// In an estimate (combat.strengths asked as a query) the fixed result is the
// estimate's answer, not an act: the game's own combat is untouched.
int l_force_result(lua_State* L) {
    if (!game(L).estimating()) forbid_in_query(L, "game.force_result");
    const char* code = luaL_checkstring(L, 1);
    if (!game(L).ruleset().combat_result(code))
        return luaL_error(L, "'%s' is not one of the ruleset's combat results", code);
    game(L).force_combat_result(code);
    return 0;
}

// A query's log lines are dropped, not refused: a handler that says what it
// counts answers queries and happenings with the same code.
int l_log(lua_State* L) {
    std::size_t length = 0;
    const char* text = luaL_checklstring(L, 1, &length);
    if (host(L).in_query()) return 0;
    if (length > kMaxLogLine)
        return luaL_error(L, "game.log: a line of %d bytes; at most %d", static_cast<int>(length),
                          static_cast<int>(kMaxLogLine));
    auto& logged = host(L).holdings().log_bytes;
    if (logged + length > kMaxLogBytes)
        return luaL_error(L, "game.log: the rule scripts have logged %d MiB in this game; at most %d",
                          static_cast<int>(logged >> 20), static_cast<int>(kMaxLogBytes >> 20));
    logged += length;
    bool noted = true;
    try {  // no C++ exception may cross Lua's C frames
        game(L).note(std::string("  ") + std::string(text, length));
    } catch (const std::exception&) {
        noted = false;
    }
    if (!noted) return luaL_error(L, "game.log: out of memory");
    return 0;
}

// game.side_count(): how many sides the scenario has (numbered from 0).
int l_side_count(lua_State* L) {
    lua_pushinteger(L, static_cast<lua_Integer>(game(L).scenario().sides.size()));
    return 1;
}

// game.side_name(side): the side's name, as players read it.
int l_side_name(lua_State* L) {
    lua_pushstring(L, game(L).scenario().sides[static_cast<std::size_t>(side_arg(L, 1))].name.c_str());
    return 1;
}

// game.turn(): the game-turn in progress, from 1.
int l_turn(lua_State* L) {
    lua_pushinteger(L, game(L).state().at.turn);
    return 1;
}

// game.player_turn(): player-turns begun so far, this one included (1 in the
// first side's first player-turn): what "consecutive player-turns" counts.
int l_player_turn(lua_State* L) {
    const auto& at = game(L).state().at;
    lua_pushinteger(L, (at.turn - 1) * static_cast<lua_Integer>(game(L).scenario().sides.size()) + at.player + 1);
    return 1;
}

int l_active_side(lua_State* L) {
    lua_pushinteger(L, game(L).state().at.active_side);
    return 1;
}

int l_combat(lua_State* L) {
    const auto& c = game(L).combat_in_view();
    lua_createtable(L, 0, 6);
    push_int_list(L, c.attackers), lua_setfield(L, -2, "attackers");
    push_int_list(L, c.defenders), lua_setfield(L, -2, "defenders");
    lua_pushinteger(L, c.attack), lua_setfield(L, -2, "attack");
    lua_pushinteger(L, c.defend), lua_setfield(L, -2, "defend");
    lua_pushstring(L, c.result.c_str()), lua_setfield(L, -2, "result");
    lua_pushboolean(L, game(L).state().combat_open), lua_setfield(L, -2, "open");
    lua_pushboolean(L, c.side >= 0), lua_setfield(L, -2, "plotted");
    lua_pushboolean(L, c.cancelled), lua_setfield(L, -2, "cancelled");
    lua_pushinteger(L, c.column), lua_setfield(L, -2, "column");
    return 1;
}

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

constexpr const char* kReadOnly = "sandtable.read_only";  // registry: the tables no script may change

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

}  // namespace

RuleHost::RuleHost(const rules::Ruleset& ruleset, SandboxLimits limits, std::shared_ptr<const CompiledModules> compiled)
    : ruleset_(ruleset), sandbox_(limits), compiled_(std::move(compiled)) {
    sandbox_.protect(
        [this](lua_State* L) {
            lua_newtable(L);
            lua_setfield(L, LUA_REGISTRYINDEX, kHandlers);
            bind_api();
        },
        0, "the rule host");
}

RuleHost::~RuleHost() = default;

// Position of `event` in kernel::known_events(), which is also its kernel::Event
// value; known_events().size() when the name is unknown.
static std::size_t event_index(std::string_view event) {
    const auto& known = kernel::known_events();
    return static_cast<std::size_t>(std::find(known.begin(), known.end(), event) - known.begin());
}

void RuleHost::add_handler(const char* event, HandlerFilter filter) {
    filters_[event_index(event)].push_back(std::move(filter));  // l_on has rejected unknown names
}

const std::vector<RuleHost::HandlerFilter>& RuleHost::handlers(const char* event) const {
    return filters_.at(event_index(event));  // l_wrap has rejected unknown names
}

bool RuleHost::listens(const std::string& event) const {
    const std::size_t id = event_index(event);
    return id < filters_.size() && !filters_[id].empty();
}

void RuleHost::bind_api() {
    static const luaL_Reg functions[] = {{"on", l_on},
                                         {"wrap", l_wrap},
                                         {"attr", l_attr},
                                         {"type_attr", l_type_attr},
                                         {"unit_types", l_unit_types},
                                         {"has_back", l_has_back},
                                         {"set_capability", l_set_capability},
                                         {"unit_count", l_unit_count},
                                         {"unit", l_unit_info},
                                         {"units_at", l_units_at},
                                         {"adjacent_enemies", l_adjacent_enemies},
                                         {"nearest_enemy", l_nearest_enemy},
                                         {"enemy_at", l_enemy_at},
                                         {"terrain", l_terrain},
                                         {"terrain_value", l_terrain_value},
                                         {"blocks_sight", l_blocks_sight},
                                         {"map_sight", l_map_sight},
                                         {"phase", l_phase},
                                         {"crt_result", l_crt_result},
                                         {"may_stack", l_may_stack},
                                         {"stacking_limit", l_stacking_limit},
                                         {"facing", l_facing},
                                         {"set_facing", l_set_facing},
                                         {"clear_attacked", l_clear_attacked},
                                         {"in_front", l_in_front},
                                         {"direction", l_direction},
                                         {"plot", l_plot},
                                         {"step_cost", l_step_cost},
                                         {"charge_allowed", l_charge_allowed},
                                         {"hexside", l_hexside},
                                         {"hex_of_index", l_hex_of_index},
                                         {"distance", l_distance},
                                         {"neighbour", l_neighbour},
                                         {"in_enemy_zoc", l_in_enemy_zoc},
                                         {"retreat_destinations", l_retreat_destinations},
                                         {"flip", l_flip},
                                         {"disorder", l_disorder},
                                         {"mark", l_mark},
                                         {"set_mark", l_set_mark},
                                         {"eliminate", l_eliminate},
                                         {"move", l_move},
                                         {"roll", l_roll},
                                         {"choose", l_choose},
                                         {"log", l_log},
                                         {"active_side", l_active_side},
                                         {"turn", l_turn},
                                         {"side_count", l_side_count},
                                         {"side_name", l_side_name},
                                         {"player_turn", l_player_turn},
                                         {"combat", l_combat},
                                         {"cancel_combat", l_cancel_combat},
                                         {"force_result", l_force_result},
                                         {"id", l_id},
                                         {"side", l_side},
                                         {"capability", l_capability},
                                         {"hex", l_hex},
                                         {"is_back", l_is_back},
                                         {"movement", l_movement},
                                         {"units_of", l_units_of},
                                         {"units_with", l_units_with},
                                         {"marked", l_marked},
                                         {"formation", l_formation},
                                         {"formations", l_formations},
                                         {"formation_units", l_formation_units},
                                         {"activation", l_activation},
                                         {"order", l_order},
                                         {"set_order", l_set_order},
                                         {"status", l_status},
                                         {"hits", l_hits},
                                         {"strength_points", l_strength_points},
                                         {"set_hits", l_set_hits},
                                         {"restore", l_restore},
                                         {"is_night", l_is_night},
                                         {"day", l_day},
                                         {nullptr, nullptr}};
    lua_State* L = sandbox_.state();
    lua_createtable(L, 0, static_cast<int>(sizeof functions / sizeof functions[0]));
    lua_pushlightuserdata(L, this);
    luaL_setfuncs(L, functions, 1);
    lua_pushlightuserdata(L, this);
    luaL_setfuncs(L, bindings::table_functions(), 1);
    lua_setglobal(L, "game");
}

void RuleHost::setup(Game& game) {
    game_ = &game;
    // The ruleset's modules with the scenario's `rules:` switches applied.
    if (!loaded_) load_modules(rules::effective_modules(ruleset_, game.scenario()));
    kernel::EventContext ctx(kernel::Event::GameSetup);
    dispatch(game, ctx);
}

// Globals are closed before the first module runs: modules compose through
// game.on and game.wrap and keep their state in unit marks, which the kernel
// rolls back and checksums, never in globals, which it cannot. Each module
// runs in an environment of its own holding its `params`, reading the shared
// globals through it and refused any assignment to a global.
void RuleHost::load_modules(const std::vector<rules::RuleModule>& modules) {
    lua_State* L = sandbox_.state();
    const int top = lua_gettop(L);
    loaded_ = true;  // even if a module fails: the globals are closed once
    sandbox_.protect(close_globals, 0, "the rule modules' globals");
    struct Done {
        std::string& module;
        std::string& file;
        lua_State* L;
        int top;
        ~Done() {
            module.clear();
            file.clear();
            lua_settop(L, top);
        }
    } done{loading_module_, loading_file_, L, top};
    for (const auto& m : modules) {
        if (!m.enabled) continue;  // switched off in ruleset.yaml or the scenario: listed, never run
        loading_module_ = m.module;
        loading_file_ = m.file;
        sandbox_.protect([&m](lua_State* S) { push_environment(S, m.params); }, 1,
                         m.where.file.empty() ? m.file : m.where.file);
        const int environment = lua_gettop(L);
        const std::string* code = compiled_ ? compiled_->bytecode(m.file) : nullptr;
        if (code)
            sandbox_.run_compiled(*code, m.file, 0, environment);
        else
            sandbox_.run_compiled(compile_module(sandbox_, load::read_file(m.file), m.file), m.file, 0, environment);
        lua_settop(L, environment - 1);
    }
}

void RuleHost::run_chunk(const std::string& source, const std::string& name) { sandbox_.run(source, name, 0); }

namespace {
// Adds the time of one scope to a counter; nested scopes count once.
class LuaTimer {
public:
    explicit LuaTimer(std::int64_t& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
    ~LuaTimer() {
        total_ +=
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::int64_t& total_;
    std::chrono::steady_clock::time_point start_;
};
}  // namespace

namespace {
bool passes(const RuleHost::HandlerFilter& f, const kernel::Game& game, const kernel::EventContext& context) {
    // `phase`: the phase the event names (phase.begin, phase.end), else the phase in progress.
    if (!f.phase.empty()) {
        const std::string named = context.text("phase");
        if ((named.empty() ? game.phase_id() : named) != f.phase) return false;
    }
    const long long unit = context.get("unit", -1);
    if (f.unit_attribute >= 0 && (unit < 0 || game.attribute(static_cast<int>(unit), f.unit_attribute) == 0))
        return false;
    if (f.by_unit_type) {
        if (unit < 0 || unit >= static_cast<long long>(game.state().units.size())) return false;
        const int type = game.state().units[static_cast<std::size_t>(unit)].type;
        if (std::find(f.unit_types.begin(), f.unit_types.end(), type) == f.unit_types.end()) return false;
    }
    return true;
}

void push_context(lua_State* L, const kernel::EventContext& context) {
    lua_createtable(L, 0, 8);
    for (const auto& [k, v] : context.ints()) lua_pushinteger(L, v), lua_setfield(L, -2, k.c_str());
    for (const auto& [k, v] : context.texts()) lua_pushstring(L, v.c_str()), lua_setfield(L, -2, k.c_str());
    for (const auto& [k, v] : context.lists()) push_int_list(L, v), lua_setfield(L, -2, k.c_str());
}

// The fields the kernel reads back after each event (docs/lua-api.md):
// only these are copied from the Lua table.
struct Writable {
    std::vector<const char*> numbers;
    std::vector<const char*> texts;
};

// Read from the event catalogue, where each event's writable fields are declared.
const Writable& writable(kernel::Event e) {
    using kernel::Event;
    static const std::array<Writable, static_cast<std::size_t>(Event::Count)> table = [] {
        std::array<Writable, static_cast<std::size_t>(Event::Count)> t{};
        for (const auto& spec : kernel::event_catalogue())
            for (const auto& f : spec.fields) {
                if (!f.writable) continue;
                auto& w = t[static_cast<std::size_t>(spec.event)];
                (f.kind == kernel::EventField::Kind::Text ? w.texts : w.numbers).push_back(f.name);
            }
        return t;
    }();
    return table[static_cast<std::size_t>(e)];
}

// The writable keys as Lua strings, pushed before any handler runs, so that
// reading them back allocates nothing in Lua (a handler may leave the heap full).
int push_writable_keys(lua_State* L, kernel::Event event) {
    const Writable& w = writable(event);
    luaL_checkstack(L, static_cast<int>(w.numbers.size() + w.texts.size()) + 2, "context keys");
    const int first = lua_gettop(L) + 1;
    for (const char* key : w.numbers) lua_pushstring(L, key);
    for (const char* key : w.texts) lua_pushstring(L, key);
    return first;
}

// Raw reads of the keys at `keys`: a metatable a handler gave the context
// table runs no code here, and no Lua call here can raise.
void read_back(lua_State* L, int ctx, int keys, kernel::EventContext& context) {
    const Writable& w = writable(context.event());
    int at = keys;
    for (const char* key : w.numbers) {
        lua_pushvalue(L, at++);
        lua_rawget(L, ctx);
        if (lua_isboolean(L, -1))
            context.set(key, lua_toboolean(L, -1));
        else if (lua_isinteger(L, -1))
            context.set(key, lua_tointeger(L, -1));
        lua_pop(L, 1);
    }
    for (const char* key : w.texts) {
        lua_pushvalue(L, at++);
        if (lua_rawget(L, ctx) == LUA_TSTRING)
            context.set_text(key, std::string(lua_tostring(L, -1), lua_rawlen(L, -1)));
        lua_pop(L, 1);
    }
}
// After one handler of a traced event: reads its writes back at once and
// records those that changed a value, naming the handler's module.
void record_handler_changes(lua_State* L, int ctx, int keys, const std::string& module, kernel::EventContext& context) {
    const kernel::EventContext before = context;
    read_back(L, ctx, keys, context);
    const Writable& w = writable(context.event());
    for (const char* key : w.numbers)
        if (before.get(key) != context.get(key))
            context.record({module, key, std::to_string(before.get(key)), std::to_string(context.get(key))});
    for (const char* key : w.texts)
        if (before.text(key) != context.text(key)) context.record({module, key, before.text(key), context.text(key)});
}
}  // namespace

void RuleHost::dispatch(Game& game, kernel::EventContext& context) {
    game_ = &game;
    const auto& filters = filters_[static_cast<std::size_t>(context.event())];
    if (filters.empty()) return;
    LuaTimer timer(lua_ns_);
    lua_State* L = sandbox_.state();
    const int top = lua_gettop(L);
    const char* was_query = query_event_;
    query_event_ = context.query() ? kernel::event_name(context.event()) : nullptr;
    struct Restore {
        const char*& slot;
        const char* value;
        ~Restore() { slot = value; }
    } restore{query_event_, was_query};
    // Most events reach no handler past its filter: no Lua at all for them.
    if (std::none_of(filters.begin(), filters.end(), [&](const HandlerFilter& f) { return passes(f, game, context); }))
        return;
    // One protected call for the whole event: building the context, every
    // handler (sharing one budget) and reading the answers back.
    const auto run_handlers = [&](lua_State* S) {
        int handlers = 0, ctx = 0, keys = 0;  // stack slots, filled when a handler passes its filter
        for (std::size_t i = 0; i < filters.size(); ++i) {
            if (!passes(filters[i], game, context)) continue;
            if (!handlers) {
                lua_getfield(S, LUA_REGISTRYINDEX, kHandlers);
                lua_getfield(S, -1, kernel::event_name(context.event()));
                handlers = lua_gettop(S);
                keys = push_writable_keys(S, context.event());
                push_context(S, context);
                ctx = lua_gettop(S);
            }
            lua_rawgeti(S, handlers, static_cast<lua_Integer>(i + 1));
            lua_pushvalue(S, ctx);
            lua_call(S, 1, 0);
            if (context.traced()) record_handler_changes(S, ctx, keys, filters[i].module, context);
        }
        if (ctx) read_back(S, ctx, keys, context);
    };
    try {
        sandbox_.protect(run_handlers, 0, kernel::event_name(context.event()));
    } catch (...) {
        lua_settop(L, top);
        throw;
    }
    lua_settop(L, top);
}

RuleHost::Continuation::~Continuation() {
    if (!host_alive.expired()) luaL_unref(L, LUA_REGISTRYINDEX, ref);
}

struct RuleHost::PendingContinuations : kernel::HooksSnapshot {
    std::map<int, ContinuationRef> continuations;
};

// The continuation is dropped only once it has run: when it fails, the
// kernel puts the question back and the same answer can be tried again.
void RuleHost::answer(Game& game, int question, int answer) {
    game_ = &game;
    auto it = continuations_.find(question);
    if (it == continuations_.end()) return;
    LuaTimer timer(lua_ns_);
    const ContinuationRef continuation = it->second;
    sandbox_.protect([&](lua_State* L) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, continuation->ref);
        lua_pushinteger(L, answer + 1);
        lua_call(L, 1, 0);
    });
    // Released at commit: if the action fails later on, the kernel puts the
    // question back and its continuation must be there for the next answer.
    spent_.emplace_back(question, continuation);
    continuations_.erase(question);
}

void RuleHost::add_continuation(int question, int ref) {
    continuations_[question] = std::make_shared<const Continuation>(sandbox_.state(), ref, alive_);
    added_.push_back(question);
}

void RuleHost::commit() {
    spent_.clear();
    added_.clear();
}

void RuleHost::rollback() {
    for (int question : added_) continuations_.erase(question);  // questions the failed action asked are gone
    for (auto& [question, continuation] : spent_)
        continuations_[question] = std::move(continuation);  // answered ones come back
    spent_.clear();
    added_.clear();
}

std::shared_ptr<const kernel::HooksSnapshot> RuleHost::snapshot() const {
    if (continuations_.empty()) return nullptr;
    auto pending = std::make_shared<PendingContinuations>();
    pending->continuations = continuations_;
    return pending;
}

void RuleHost::restore(const kernel::HooksSnapshot* snapshot) {
    const auto* pending = dynamic_cast<const PendingContinuations*>(snapshot);
    continuations_ = pending ? pending->continuations : std::map<int, ContinuationRef>{};
    spent_.clear();
    added_.clear();
}

}  // namespace sandtable::script
