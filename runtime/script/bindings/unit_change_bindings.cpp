// Changing a unit, logged and rolled back with the action: its marks, capabilities, hits, side of
// the counter, disorder, facing, place on the map, elimination and return.
#include "script/bindings/bindings.h"

#include <cstring>
#include <string>

namespace sandtable::script::bindings {

namespace {

int l_set_capability(lua_State* L) {
    if (dropped_in_estimate(L, "game.set_capability")) return 0;
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

// game.set_hits(unit, n): the strength points it has lost; a unit left with none is eliminated.
int l_set_hits(lua_State* L) {
    if (dropped_in_estimate(L, "game.set_hits")) return 0;
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
    if (dropped_in_estimate(L, "game.restore")) return 0;
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

int l_flip(lua_State* L) {
    if (dropped_in_estimate(L, "game.flip")) return 0;
    int u = unit_arg(L, 1);
    game(L).set_back(u, lua_toboolean(L, 2));
    return 0;
}

int l_disorder(lua_State* L) {
    if (dropped_in_estimate(L, "game.disorder")) return 0;
    game(L).disorder(unit_arg(L, 1));
    return 0;
}

int l_set_mark(lua_State* L) {
    if (dropped_in_estimate(L, "game.set_mark")) return 0;
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
    if (dropped_in_estimate(L, "game.eliminate")) return 0;
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
    if (dropped_in_estimate(L, "game.move")) return 0;
    const int u = unit_arg(L, 1);
    const Hex to = hex_arg(L, 2);
    // Reinforcements come on only when the kernel brings them (unit.arrived).
    if (game(L).unit(u).awaiting_arrival())
        return luaL_error(L, "game.move: '%s' has not arrived yet", game(L).unit(u).id().c_str());
    char message[512] = {0};
    try {
        game(L).note("  " + game(L).unit(u).id() + " moves to " + game(L).grid().label(to));
        game(L).move_unit(u, to);  // may raise move.shared_hex
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    if (message[0]) return luaL_error(L, "%s", message);
    return 0;
}

// game.set_facing(unit, direction): turns the unit to face direction 0-5.
int l_set_facing(lua_State* L) {
    if (dropped_in_estimate(L, "game.set_facing")) return 0;
    const int u = unit_arg(L, 1);
    const lua_Integer d = luaL_checkinteger(L, 2);
    if (d < 0 || d > 5) return luaL_error(L, "a facing is a direction 0 to 5, got %d", static_cast<int>(d));
    game(L).set_facing(u, static_cast<int>(d));
    return 0;
}

// game.clear_attacked(unit): the unit counts as not attacked this phase (it retreated before the combat,
// PRESTAGS 17.3: "subject to any attack brought to bear against their new hex").
int l_clear_attacked(lua_State* L) {
    if (dropped_in_estimate(L, "game.clear_attacked")) return 0;
    game(L).clear_attacked(unit_arg(L, 1));
    return 0;
}

constexpr luaL_Reg kFunctions[] = {
    {"set_capability", l_set_capability},
    {"set_hits", l_set_hits},
    {"restore", l_restore},
    {"flip", l_flip},
    {"disorder", l_disorder},
    {"set_mark", l_set_mark},
    {"eliminate", l_eliminate},
    {"move", l_move},
    {"set_facing", l_set_facing},
    {"clear_attacked", l_clear_attacked},
    {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* unit_change_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
