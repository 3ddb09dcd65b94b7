// The turn and its flow: phase, game turn, sides, day and night, dice, questions to a player, the log.
#include "script/bindings/bindings.h"

#include <cstring>
#include <string>
#include <vector>

namespace sandtable::script::bindings {

namespace {

// game.phase(): the id of the phase in progress.
int l_phase(lua_State* L) {
    lua_pushstring(L, game(L).phase_id().c_str());
    return 1;
}

int l_is_night(lua_State* L) {
    lua_pushboolean(L, game(L).ruleset().day.is_night(game(L).state().at.turn));
    return 1;
}

int l_day(lua_State* L) {
    lua_pushinteger(L, game(L).ruleset().day.day_of(game(L).state().at.turn));
    return 1;
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

constexpr luaL_Reg kFunctions[] = {
    {"phase", l_phase},
    {"is_night", l_is_night},
    {"day", l_day},
    {"side_count", l_side_count},
    {"side_name", l_side_name},
    {"turn", l_turn},
    {"player_turn", l_player_turn},
    {"active_side", l_active_side},
    {"roll", l_roll},
    {"choose", l_choose},
    {"log", l_log},
    {nullptr, nullptr},
};

}  // namespace

const luaL_Reg* turn_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
