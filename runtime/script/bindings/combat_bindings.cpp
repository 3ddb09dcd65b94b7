// The combat being resolved: what it is, calling it off, fixing its result, reading the table.
#include "script/bindings/bindings.h"

#include <string>

namespace sandtable::script::bindings {

namespace {

// game.crt_result(column, roll): the result on the phase's odds table at a
// column (0-based, as game.combat().column) for a modified roll, read as the
// kernel reads it (beyond the table: its first or last row).
int l_crt_result(lua_State* L) {
    const Game& g = game(L);
    if (!g.combat().fights_on_a_table()) return luaL_error(L, "the phase in progress resolves no combat on a table");
    const lua_Integer column = luaL_checkinteger(L, 1);
    if (column < 0 || column >= g.combat().table_columns())
        return luaL_error(L, "no column %d on the table of phase '%s'", static_cast<int>(column), g.phase_id().c_str());
    lua_pushstring(L, g.combat()
                          .table_result(static_cast<int>(column),
                                        bindings::int_arg(L, 2, -1000, 1000, "game.crt_result", "the roll"))
                          .c_str());
    return 1;
}

int l_combat(lua_State* L) {
    const auto& c = game(L).combat().in_view();
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

int l_cancel_combat(lua_State* L) {
    if (dropped_in_estimate(L, "game.cancel_combat")) return 0;
    game(L).cancel_combat();
    return 0;
}

// In an estimate (combat.strengths asked as a query) the fixed result is the
// estimate's answer, not an act: the game's own combat is untouched.
int l_force_result(lua_State* L) {
    if (!game(L).combat().estimating()) forbid_in_query(L, "game.force_result");
    const char* code = luaL_checkstring(L, 1);
    if (!game(L).ruleset().combat_result(code))
        return luaL_error(L, "'%s' is not one of the ruleset's combat results", code);
    game(L).force_combat_result(code);
    return 0;
}

constexpr luaL_Reg kFunctions[] = {
    {"crt_result", l_crt_result},     {"combat", l_combat}, {"cancel_combat", l_cancel_combat},
    {"force_result", l_force_result}, {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* combat_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
