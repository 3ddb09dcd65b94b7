// Formations, activation, orders and the simultaneous sequence's plots.
#include "script/bindings/bindings.h"

#include <optional>
#include <string>

namespace sandtable::script::bindings {

namespace {

// Formations, activations, orders and strength points (the regimental rules).
int formation_arg(lua_State* L, int index) {
    const char* name = luaL_checkstring(L, index);
    const int f = game(L).formations().index(name);
    if (f < 0) return luaL_error(L, "no formation '%s' in this scenario", name);
    return f;
}

// game.formation(unit): the formation's name, nil when in none.
int l_formation(lua_State* L) {
    const int f = game(L).formations().of(unit_arg(L, 1));
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).formations().name(f).c_str());
    return 1;
}

// game.formations(side): the side's formations, in scenario order.
int l_formations(lua_State* L) {
    const Game& g = game(L);
    const auto side = luaL_checkinteger(L, 1);
    lua_newtable(L);
    int n = 0;
    for (int f = 0; f < g.formations().count(); ++f)
        if (g.formations().side(f) == side) lua_pushstring(L, g.formations().name(f).c_str()), lua_rawseti(L, -2, ++n);
    return 1;
}

// game.formations().units(name): every unit of the formation, on the map or not.
int l_formation_units(lua_State* L) {
    const int f = formation_arg(L, 1);
    lua_newtable(L);
    int n = 0;
    for (int u : game(L).formations().units(f)) lua_pushinteger(L, u), lua_rawseti(L, -2, ++n);
    return 1;
}

// game.activation(): the formation activated now, nil outside an activation.
int l_activation(lua_State* L) {
    const int f = game(L).activation().formation();
    if (f < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).formations().name(f).c_str());
    return 1;
}

// game.order(name): the formation's order id as revealed, nil without orders.
int l_order(lua_State* L) {
    const int o = game(L).formation_orders().of(formation_arg(L, 1));
    if (o < 0)
        lua_pushnil(L);
    else
        lua_pushstring(L, game(L).ruleset().orders.list[static_cast<std::size_t>(o)].id.c_str());
    return 1;
}

// game.set_order(name, id): the formation operates under this order from now on.
int l_set_order(lua_State* L) {
    if (dropped_in_estimate(L, "game.set_order")) return 0;
    const int f = formation_arg(L, 1);
    const char* id = luaL_checkstring(L, 2);
    const int o = game(L).ruleset().orders.find(id);
    if (o < 0) return luaL_error(L, "'%s' is not one of the ruleset's orders", id);
    if (game(L).state().orders.empty()) return luaL_error(L, "game.set_order: the ruleset has no orders");
    game(L).set_order(f, o);
    return 0;
}

// game.plot(unit): the unit's written orders this game-turn (simultaneous
// sequence), as { task = "hold"|"move"|"fire"|"defensive_fire"|"melee", hex = label }.
// Rules are the referee: they see both sides' orders, revealed or not.
int l_plot(lua_State* L) {
    const int u = unit_arg(L, 1);
    const Game& g = game(L);
    const auto plot = g.plots().of(u, g.state().unit(u).side);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, kernel::plot_task_name(plot ? plot->task : kernel::PlotTask::Hold)), lua_setfield(L, -2, "task");
    if (plot && plot->task != kernel::PlotTask::Hold) push_label(L, plot->hex), lua_setfield(L, -2, "hex");
    return 1;
}

constexpr luaL_Reg kFunctions[] = {
    {"formation", l_formation},
    {"formations", l_formations},
    {"formation_units", l_formation_units},
    {"activation", l_activation},
    {"order", l_order},
    {"set_order", l_set_order},
    {"plot", l_plot},
    {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* order_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
