// pairs() in the sandbox: a table's keys in a fixed order (sorted_pairs.h). Lua
// calls these functions back and its errors are longjmps: they keep only
// trivially destructible locals.
#include "script/sorted_pairs.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

namespace sandtable::script {

namespace {

// A table key reduced to what ordering needs. Trivially copyable: it lives in
// a Lua userdata so a Lua error cannot leak it.
struct SortKey {
    int kind;  // 0 number, 1 string, 2 boolean
    bool is_integer;
    lua_Integer integer;
    lua_Number number;
    const char* text;
    std::size_t length;
    int slot;  // index of a string key in the side table keeping it alive
};

constexpr lua_Number two_pow_63 = 9223372036854775808.0;

// Exact integer/float comparisons (converting either way can round).
bool integer_less_float(lua_Integer i, lua_Number f) {
    if (f >= two_pow_63) return true;
    if (f <= -two_pow_63) return false;
    return i < static_cast<lua_Integer>(std::ceil(f));
}

bool float_less_integer(lua_Number f, lua_Integer i) {
    if (f >= two_pow_63) return false;
    if (f < -two_pow_63) return true;
    return static_cast<lua_Integer>(std::floor(f)) < i;
}

bool number_less(const SortKey& a, const SortKey& b) {
    if (a.is_integer && b.is_integer) return a.integer < b.integer;
    if (!a.is_integer && !b.is_integer) return a.number < b.number;
    if (a.is_integer) return integer_less_float(a.integer, b.number);
    return float_less_integer(a.number, b.integer);
}

bool key_less(const SortKey& a, const SortKey& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    switch (a.kind) {
        case 0:
            return number_less(a, b);
        case 1: {
            const int c = std::memcmp(a.text, b.text, std::min(a.length, b.length));
            return c != 0 ? c < 0 : a.length < b.length;
        }
        default:
            return a.integer < b.integer;  // booleans: false before true
    }
}

// Describes the key at index -2 (lua_next layout); raises for unorderable keys.
SortKey describe_key(lua_State* L) {
    SortKey key{};
    switch (lua_type(L, -2)) {
        case LUA_TNUMBER:
            key.kind = 0;
            key.is_integer = lua_isinteger(L, -2) != 0;
            if (key.is_integer)
                key.integer = lua_tointeger(L, -2);
            else
                key.number = lua_tonumber(L, -2);
            break;
        case LUA_TSTRING:
            key.kind = 1;
            key.text = lua_tolstring(L, -2, &key.length);
            break;
        case LUA_TBOOLEAN:
            key.kind = 2;
            key.integer = lua_toboolean(L, -2);
            break;
        default:
            luaL_error(L, "pairs: key of type %s has no deterministic order; use ipairs or string keys",
                       luaL_typename(L, -2));
    }
    return key;
}

void push_key(lua_State* L, const SortKey& key, int strings) {
    if (key.kind == 1)
        lua_rawgeti(L, strings, key.slot);
    else if (key.kind == 2)
        lua_pushboolean(L, static_cast<int>(key.integer));
    else if (key.is_integer)
        lua_pushinteger(L, key.integer);
    else
        lua_pushnumber(L, key.number);
}

// Upvalues: the table, the sorted keys, the position reached. Reads are raw
// like next(); keys removed during the traversal are skipped, keys added are
// not visited.
int sorted_next(lua_State* L) {
    const int table = lua_upvalueindex(1);
    const int order = lua_upvalueindex(2);
    lua_Integer position = lua_tointeger(L, lua_upvalueindex(3));
    const auto count = static_cast<lua_Integer>(lua_rawlen(L, order));
    while (position < count) {
        lua_rawgeti(L, order, ++position);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, table) != LUA_TNIL) {
            lua_pushinteger(L, position);
            lua_replace(L, lua_upvalueindex(3));
            return 2;
        }
        lua_pop(L, 2);
    }
    lua_pushinteger(L, position);
    lua_replace(L, lua_upvalueindex(3));
    lua_pushnil(L);
    return 1;
}

}  // namespace

// Lua 5.4 seeds string hashes per state, so next() order differs from run to
// run and would break replays. This pairs visits numbers ascending, then
// strings in byte order, then false and true. __pairs is refused rather than
// honoured or silently ignored: its order could not be guaranteed.
int sorted_pairs(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL)
        return luaL_error(L, "pairs: __pairs metamethods are not supported in the sandbox");
    lua_settop(L, 1);
    std::size_t count = 0;
    for (lua_pushnil(L); lua_next(L, 1) != 0; lua_pop(L, 1)) {
        describe_key(L);  // raise before allocating anything
        ++count;
    }
    if (count >= static_cast<std::size_t>(INT_MAX)) return luaL_error(L, "pairs: table too large");
    auto* keys = static_cast<SortKey*>(lua_newuserdatauv(L, count * sizeof(SortKey) + 1, 0));  // 2
    lua_newtable(L);    // 3: string keys, kept alive while the table may change
    std::size_t n = 0;  // may end below count: the allocations above can clear weak entries
    for (lua_pushnil(L); n < count && lua_next(L, 1) != 0; lua_pop(L, 1)) {
        keys[n] = describe_key(L);
        if (keys[n].kind == 1) {
            keys[n].slot = static_cast<int>(n) + 1;
            lua_pushvalue(L, -2);
            lua_rawseti(L, 3, keys[n].slot);
        }
        ++n;
    }
    lua_settop(L, 3);
    std::sort(keys, keys + n, key_less);
    lua_createtable(L, static_cast<int>(n), 0);  // 4: keys in order
    for (std::size_t i = 0; i < n; ++i) {
        push_key(L, keys[i], 3);
        lua_rawseti(L, 4, static_cast<lua_Integer>(i) + 1);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sorted_next, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

}  // namespace sandtable::script
