// Work limits on the library functions that loop in C. The instruction budget
// counts Lua VM instructions; a single call of string.rep, table.move or a
// backtracking pattern can do unbounded work without running one of them
// (string.rep("", math.maxinteger), ("a*"):rep(40) .. "b" against 40 a's,
// table.move({}, 1, 1e15, 1, {}), table.insert on a table whose __len says
// 1e15). Each such function is wrapped: what it will do is estimated from its
// arguments before it runs, charged to the budget (charge_script_work), and
// refused outright when it could never finish.
#include "script/library_limits.h"

#include "script/lua_sandbox.h"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace sandtable::script {

namespace {

// Work units are about one VM instruction each; charging is coarse on purpose.
constexpr lua_Integer kMaxElements = 100'000'000;  // moved, shifted or joined in one call
constexpr double kMaxPatternSteps = 1e10;          // estimated backtracking steps of one pattern call

int call_original(lua_State* L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

// Elements from `first` to `last`, counted without overflow.
double span(lua_Integer first, lua_Integer last) {
    return last < first ? 0 : static_cast<double>(last) - static_cast<double>(first) + 1;
}

void charge_elements(lua_State* L, double count, const char* call) {
    if (count > static_cast<double>(kMaxElements)) {
        char message[160];
        std::snprintf(message, sizeof message, "%s would go through %.0f elements; at most %lld in one call", call,
                      count, static_cast<long long>(kMaxElements));
        luaL_error(L, "%s", message);
    }
    if (count > 0) charge_script_work(L, static_cast<std::int64_t>(count));
}

// string.rep(s, n [, sep]): an empty result is returned at once (Lua's own
// loop runs n times for it); the rest is charged by the bytes it makes.
int limited_rep(lua_State* L) {
    std::size_t length = 0, separator = 0;
    luaL_checklstring(L, 1, &length);
    const lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator);
    if (n <= 0 || length + separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    const double bytes = static_cast<double>(n) * static_cast<double>(length + separator);
    if (bytes > 1e9) {
        char message[120];
        std::snprintf(message, sizeof message, "string.rep would make a string of %.0f bytes; at most 1000000000",
                      bytes);
        return luaL_error(L, "%s", message);
    }
    charge_script_work(L, static_cast<std::int64_t>(bytes / 16) + 1);
    return call_original(L);
}

// Quantifiers (* + - ?) outside %-escapes and [sets]: each may backtrack.
int quantifiers(const char* p, std::size_t length) {
    int count = 0;
    for (std::size_t i = 0; i < length; ++i) {
        if (p[i] == '%') {
            ++i;                   // the escaped character
        } else if (p[i] == '[') {  // a set: up to its closing ], which may be its first character
            std::size_t k = i + 1;
            if (k < length && p[k] == '^') ++k;
            if (k < length && p[k] == ']') ++k;
            while (k < length && p[k] != ']') k += p[k] == '%' ? 2 : 1;
            i = k;
        } else if (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?') {
            ++count;
        }
    }
    return count;
}

bool has_specials(const char* p, std::size_t length) {
    for (std::size_t i = 0; i < length; ++i)
        if (std::strchr("^$*+?.([%-", p[i]) != nullptr) return true;
    return false;
}

// find, match, gmatch, gsub: a pattern with q quantifiers over n characters
// may take about n^(q + 1) steps (every start, every split); refused beyond
// kMaxPatternSteps, charged otherwise. A plain search is charged by its length.
int limited_pattern(lua_State* L) {
    std::size_t n = 0, m = 0;
    luaL_checklstring(L, 1, &n);
    const char* pattern = luaL_checklstring(L, 2, &m);
    // Only find's 4th argument asks for a plain search (gsub's is a count): upvalue 2 says which this is.
    const bool plain = lua_tointeger(L, lua_upvalueindex(2)) != 0 && lua_toboolean(L, 4);
    const int q = plain || !has_specials(pattern, m) ? 0 : quantifiers(pattern, m);
    const double steps = std::pow(static_cast<double>(n) + 1, std::min(q, 8) + 1) * (q > 8 ? 1e6 : 1);
    if (steps > kMaxPatternSteps) {
        char message[200];
        std::snprintf(message, sizeof message,
                      "a pattern with %d repetitions (* + - ?) over %zu characters could take %.0e steps; at most %.0e",
                      q, n, steps, kMaxPatternSteps);
        return luaL_error(L, "%s", message);
    }
    charge_script_work(L, static_cast<std::int64_t>(steps / 64 + static_cast<double>(m) / 16) + 1);
    return call_original(L);
}

// table.move(a1, f, e, t [, a2]).
int limited_move(lua_State* L) {
    charge_elements(L, span(luaL_checkinteger(L, 2), luaL_checkinteger(L, 3)), "table.move");
    return call_original(L);
}

// #t as table.insert/remove see it (its __len runs under the budget).
lua_Integer length_of(lua_State* L) {
    luaL_checkany(L, 1);
    return luaL_len(L, 1);
}

// table.insert(t, [pos,] v): the elements from pos up move one place.
int limited_insert(lua_State* L) {
    const lua_Integer e = length_of(L);
    if (lua_gettop(L) == 3) {
        const lua_Integer pos = luaL_checkinteger(L, 2);
        charge_elements(L, span(pos, e), "table.insert");
    }
    return call_original(L);
}

// table.remove(t [, pos]): the elements after pos move down.
int limited_remove(lua_State* L) {
    const lua_Integer size = length_of(L);
    const lua_Integer pos = luaL_optinteger(L, 2, size);
    charge_elements(L, span(pos, size), "table.remove");
    return call_original(L);
}

// table.concat(t [, sep [, i [, j]]]) and table.unpack(t [, i [, j]]): j - i + 1 elements.
int limited_range(lua_State* L) {
    const int first = static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));  // the argument holding i
    const lua_Integer i = luaL_optinteger(L, first, 1);
    const lua_Integer j = lua_isnoneornil(L, first + 1) ? length_of(L) : luaL_checkinteger(L, first + 1);
    charge_elements(L, span(i, j), "table.concat or table.unpack");
    return call_original(L);
}

// table.sort(t [, comp]): n log n comparisons, the rest in C when comp is absent.
int limited_sort(lua_State* L) {
    const lua_Integer n = length_of(L);
    if (n > 1) {
        charge_elements(L, static_cast<double>(n), "table.sort");
        charge_script_work(L, static_cast<std::int64_t>(static_cast<double>(n) * std::log2(static_cast<double>(n))));
    }
    return call_original(L);
}

// Replaces library.name by `guard`, the original as its first upvalue (and `extra` as its second).
void wrap(lua_State* L, const char* library, const char* name, lua_CFunction guard, int extra) {
    lua_getglobal(L, library);
    lua_getfield(L, -1, name);
    lua_pushinteger(L, extra);
    lua_pushcclosure(L, guard, 2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

}  // namespace

void limit_library_work(lua_State* L) {
    wrap(L, LUA_STRLIBNAME, "rep", limited_rep, 0);
    wrap(L, LUA_STRLIBNAME, "find", limited_pattern, 1);  // 1: its 4th argument may ask for a plain search
    for (const char* name : {"match", "gmatch", "gsub"}) wrap(L, LUA_STRLIBNAME, name, limited_pattern, 0);
    wrap(L, LUA_TABLIBNAME, "move", limited_move, 0);
    wrap(L, LUA_TABLIBNAME, "insert", limited_insert, 0);
    wrap(L, LUA_TABLIBNAME, "remove", limited_remove, 0);
    wrap(L, LUA_TABLIBNAME, "concat", limited_range, 3);  // concat(t, sep, i, j)
    wrap(L, LUA_TABLIBNAME, "unpack", limited_range, 2);  // unpack(t, i, j)
    wrap(L, LUA_TABLIBNAME, "sort", limited_sort, 0);
}

}  // namespace sandtable::script
