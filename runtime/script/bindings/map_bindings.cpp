// The hex map's part of the game API: terrain, hexsides, sight, distances, zones of control, step
// costs, stacking, retreats and who stands where.
#include "script/bindings/bindings.h"

#include "kernel/board_queries.h"
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

namespace sandtable::script::bindings {

namespace {

int l_units_at(lua_State* L) {
    push_int_list(L, game(L).hex_board().units_at(hex_arg(L, 1)));
    return 1;
}

int l_adjacent_enemies(lua_State* L) {
    push_int_list(L, kernel::adjacent_enemies(game(L).state(), unit_arg(L, 1)));
    return 1;
}

// game.tabletop().nearest_enemy(hex, side): hexes from `hex` to the nearest unit on the
// map of a side other than `side`; nil when there is none.
int l_nearest_enemy(lua_State* L) {
    const geometry::Hex from = hex_arg(L, 1);
    const int best = kernel::distance_to_closest_enemy(game(L).state(), side_arg(L, 2), from);
    if (best < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, best);
    return 1;
}

// game.units_within(hex, range, side): the side's units on the map at most `range` hexes from `hex`, in
// scenario order; one scan in C++ where a script would ask each unit's hex and distance in turn.
int l_units_within(lua_State* L) {
    const Hex centre = hex_arg(L, 1);
    const int range = int_arg(L, 2, 0, std::numeric_limits<int>::max(), "game.units_within", "range");
    const int side = side_arg(L, 3);
    const auto& units = game(L).state().units;
    std::vector<int> out;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].on_map && units[i].side == side && geometry::distance(units[i].hex, centre) <= range)
            out.push_back(static_cast<int>(i));
    push_int_list(L, out);
    return 1;
}

// game.enemy_at(hex, side): a unit of a side other than `side` stands in the hex.
int l_enemy_at(lua_State* L) {
    const geometry::Hex at = hex_arg(L, 1);
    lua_pushboolean(L, game(L).hex_board().enemy_present(side_arg(L, 2), at));
    return 1;
}

int l_terrain(lua_State* L) {
    int t = game(L).hex_board().terrain_at(hex_arg(L, 1));
    lua_pushstring(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].id.c_str());
    return 1;
}

// game.terrain_value(hex, name): a number the terrain declares under `values:`, 0 if none.
int l_terrain_value(lua_State* L) {
    const int t = game(L).hex_board().terrain_at(hex_arg(L, 1));
    lua_pushinteger(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].value(luaL_checkstring(L, 2)));
    return 1;
}

// game.blocks_sight(hex): the hex's terrain blocks line of sight (blocks_los).
int l_blocks_sight(lua_State* L) {
    const int t = game(L).hex_board().terrain_at(hex_arg(L, 1));
    lua_pushboolean(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].blocks_los);
    return 1;
}

// game.map_sight(from, to): the map's terrain and hexsides leave the line
// between two hexes clear (the kernel's own test; sight.check is not asked),
// for a rule that needs a line from someone other than the firer (a spotter).
int l_map_sight(lua_State* L) {
    lua_pushboolean(L, game(L).hex_board().map_sight(hex_arg(L, 1), hex_arg(L, 2)));
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
    const int cost = game(L).hex_board().step_cost(u, from, dir);
    const int parts = game(L).ruleset().movement_point_parts;
    if (cost < 0)
        lua_pushnil(L);
    else if (cost % parts == 0)
        lua_pushinteger(L, cost / parts);
    else
        lua_pushnumber(L, static_cast<double>(cost) / parts);
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
    lua_pushboolean(L, game(L).hex_board().in_enemy_zoc(side_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

int l_retreat_destinations(lua_State* L) {
    int u = unit_arg(L, 1);
    push_hex_list(L, game(L).combat().retreat_destinations(
                         u, bindings::int_arg(L, 2, 0, 100, "game.retreat_destinations", "hexes")));
    return 1;
}

// game.in_front(unit, hex): the hex lies in the unit's front (always, for a unit without facing).
int l_in_front(lua_State* L) {
    lua_pushboolean(L, game(L).hex_board().in_front(unit_arg(L, 1), hex_arg(L, 2)));
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
    lua_pushboolean(L, game(L).hex_board().may_end_in(unit_arg(L, 1), hex_arg(L, 2)));
    return 1;
}

// game.stacking_limit(side): how many units that count for stacking the side may have in a hex.
int l_stacking_limit(lua_State* L) {
    lua_pushinteger(L, game(L).hex_board().stacking_limit(side_arg(L, 1)));
    return 1;
}

int l_charge_allowed(lua_State* L) {
    int t = game(L).hex_board().terrain_at(hex_arg(L, 1));
    lua_pushboolean(L, game(L).ruleset().terrain[static_cast<std::size_t>(t)].charge_allowed);
    return 1;
}

constexpr luaL_Reg kFunctions[] = {
    {"units_at", l_units_at},
    {"adjacent_enemies", l_adjacent_enemies},
    {"nearest_enemy", l_nearest_enemy},
    {"units_within", l_units_within},
    {"enemy_at", l_enemy_at},
    {"terrain", l_terrain},
    {"terrain_value", l_terrain_value},
    {"blocks_sight", l_blocks_sight},
    {"map_sight", l_map_sight},
    {"step_cost", l_step_cost},
    {"hexside", l_hexside},
    {"hex_of_index", l_hex_of_index},
    {"distance", l_distance},
    {"neighbour", l_neighbour},
    {"in_enemy_zoc", l_in_enemy_zoc},
    {"retreat_destinations", l_retreat_destinations},
    {"in_front", l_in_front},
    {"direction", l_direction},
    {"may_stack", l_may_stack},
    {"stacking_limit", l_stacking_limit},
    {"charge_allowed", l_charge_allowed},
    {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* map_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
