// What the game API's C functions share: reaching the host and the game from
// a Lua call, checking arguments, pushing lists. The functions themselves are
// in this folder, one file per concern, each listing its functions for
// RuleHost::bind_api. Bindings must not throw: a
// C++ exception may not cross Lua's C frames; they raise Lua errors instead.
#pragma once

#include "kernel/game.h"
#include "script/rule_host.h"

#include <lua.hpp>

#include <climits>
#include <cstdio>
#include <vector>

namespace sandtable::script::bindings {

using geometry::Hex;
using kernel::Game;

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
        luaL_error(L, "%s cannot be called while answering a query event (%s): handlers of queries only read", function,
                   host(L).query_event());
}

// A change a handler makes while the kernel estimates a possible combat (combat.strengths or combat.odds asked
// with `estimate = 1`, docs/adr/0007) is dropped: the estimate counts what the combat would come to and changes
// nothing, so a handler needs no second path. In any other query the change is an error, as above.
inline bool dropped_in_estimate(lua_State* L, const char* function) {
    if (host(L).in_query() && game(L).combat().estimating()) return true;
    forbid_in_query(L, function);
    return false;
}

// A whole-number argument within [min, max]: a float with a fraction, NaN,
// or anything out of range is a Lua error naming the call, never a silent
// wrap to an int (game.roll(2^32 + 6) rolling a d6).
inline int int_arg(lua_State* L, int index, lua_Integer min, lua_Integer max, const char* call, const char* what) {
    int whole = 0;
    const lua_Integer v = lua_tointegerx(L, index, &whole);  // 2^32 + 6, a float, is the whole number 4294967302
    if (!whole) {
        if (lua_type(L, index) == LUA_TNUMBER)
            luaL_error(L, "%s: %s must be a whole number, got %s", call, what, lua_tostring(L, index));
        luaL_checkinteger(L, index);  // the usual "number expected" message
    }
    if (v < min || v > max)
        luaL_error(L, "%s: %s must be %I to %I, got %I", call, what, min, max, v);  // %I: lua_pushfstring's lua_Integer
    return static_cast<int>(v);
}

inline int opt_int_arg(lua_State* L, int index, int fallback, lua_Integer min, lua_Integer max, const char* call,
                       const char* what) {
    return lua_isnoneornil(L, index) ? fallback : int_arg(L, index, min, max, call, what);
}

// A finite number argument within [min, max] (NaN and infinities refused).
inline double number_arg(lua_State* L, int index, double min, double max, const char* call, const char* what) {
    const double v = luaL_checknumber(L, index);
    if (!(v >= min && v <= max)) {  // false for NaN
        char message[256];          // lua_pushfstring has no %g
        std::snprintf(message, sizeof message, "%s: %s must be a number from %g to %g, got %s", call, what, min, max,
                      lua_tostring(L, index));
        luaL_error(L, "%s", message);
    }
    return v;
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

// Where game.on keeps each event's handlers (the registry's table of lists, by event name).
inline constexpr const char* kHandlers = "sandtable.handlers";

// Limits on what scripts make the kernel hold (docs/security.md).
inline constexpr std::size_t kMaxMarkName = 100, kMaxMarkNames = 1000;
inline constexpr std::size_t kMaxLogLine = 4096, kMaxLogBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxOptions = 100, kMaxOptionText = 500, kMaxPendingQuestions = 1000;

// A side number the scenario has, a hex label on the map: a Lua error otherwise.
int side_arg(lua_State* L, int index);
geometry::Hex hex_arg(lua_State* L, int index);
void push_label(lua_State* L, geometry::Hex h);
void push_hex_list(lua_State* L, const std::vector<geometry::Hex>& v);
// An attribute's value as scripts see it: a number, a boolean or an enum's name.
void push_attribute(lua_State* L, const rules::AttributeSpec& a, int value);

// The game API by concern, each list ended by {nullptr, nullptr}.
const luaL_Reg* handler_functions();      // game.on, game.wrap
const luaL_Reg* unit_functions();         // reading a unit
const luaL_Reg* unit_change_functions();  // changing a unit
const luaL_Reg* map_functions();          // the hex map
const luaL_Reg* order_functions();        // formations, activation, orders, plots
const luaL_Reg* turn_functions();         // phase, turn, sides, dice, questions, log
const luaL_Reg* combat_functions();       // the combat being resolved
const luaL_Reg* tabletop_functions();     // the tabletop: figures, stands, contact, written orders

}  // namespace sandtable::script::bindings
