// Lua sandbox: allowlisted libraries, instruction budget, memory cap,
// deterministic pairs, and errors that name script and line.
#include "script/lua_sandbox.h"

#include <catch2/catch.hpp>
#include <lua.hpp>

#include <stdexcept>
#include <string>

using sandtable::script::LuaSandbox;
using sandtable::script::SandboxLimits;
using sandtable::script::ScriptError;

namespace {

constexpr const char* kScript = "rulesets/test/rules/sandbox.lua";

// Runs `source` and returns the ScriptError it must raise.
ScriptError run_error(LuaSandbox& sandbox, const std::string& source, const std::string& script = kScript) {
    const int top = lua_gettop(sandbox.state());
    try {
        sandbox.run(source, script);
    } catch (const ScriptError& error) {
        CHECK(lua_gettop(sandbox.state()) == top);  // nothing left behind
        return error;
    }
    FAIL("expected a ScriptError from: " << source);
    throw std::logic_error("unreachable");
}

// After any error the same state must still run scripts.
void check_usable(LuaSandbox& sandbox) {
    sandbox.run("local t = {} for i = 1, 1000 do t[i] = tostring(i) end return #t", "after.lua", 1);
    CHECK(lua_tointeger(sandbox.state(), -1) == 1000);
    lua_pop(sandbox.state(), 1);
}

std::string run_string(LuaSandbox& sandbox, const std::string& source) {
    sandbox.run(source, kScript, 1);
    const char* text = lua_tostring(sandbox.state(), -1);
    std::string result = text != nullptr ? text : "(not a string)";
    lua_pop(sandbox.state(), 1);
    return result;
}

SandboxLimits small_budget() {
    SandboxLimits limits;
    limits.instructions_per_call = 1'000'000;
    return limits;
}

}  // namespace

TEST_CASE("ScriptError reads script:line: message", "[lua]") {
    const ScriptError error("a/b.lua", 12, "boom");
    CHECK(std::string(error.what()) == "a/b.lua:12: boom");
    CHECK(error.script() == "a/b.lua");
    CHECK(error.line() == 12);
    CHECK(error.message() == "boom");
}

TEST_CASE("an infinite loop stops at the instruction budget", "[lua]") {
    LuaSandbox sandbox(small_budget());
    const ScriptError error = run_error(sandbox, "local n = 0\nwhile true do end\n");
    CHECK(error.script() == kScript);
    CHECK(error.line() == 2);
    CHECK(error.message() == "instruction budget of 1000000 exceeded (infinite loop?)");
    check_usable(sandbox);
}

TEST_CASE("pcall xpcall and coroutines cannot swallow the budget error", "[lua]") {
    LuaSandbox sandbox(small_budget());
    const char* scripts[] = {
        "-- pcall around an endless loop\nwhile true do pcall(function() while true do end end) end\n",
        "-- xpcall with a Lua handler\nwhile true do xpcall(function() while true do end end, function(e) return e "
        "end) end\n",
        "-- coroutines\nwhile true do coroutine.resume(coroutine.create(function() while true do end end)) end\n",
        "-- nested pcalls\nwhile true do pcall(pcall, pcall, function() while true do end end) end\n",
    };
    for (const char* source : scripts) {
        const ScriptError error = run_error(sandbox, source);
        CHECK(error.script() == kScript);
        CHECK(error.line() == 2);
        CHECK(error.message() == "instruction budget of 1000000 exceeded (infinite loop?)");
        check_usable(sandbox);
    }
}

TEST_CASE("the budget is per top-level call", "[lua]") {
    LuaSandbox sandbox(small_budget());
    // About 300k instructions each: five runs exceed one budget together.
    for (int i = 0; i < 5; ++i) sandbox.run("local x = 0 for i = 1, 150000 do x = x + i end", "loop.lua");
}

TEST_CASE("unbounded allocation stops at the memory limit", "[lua]") {
    LuaSandbox sandbox;  // 64 MiB
    const std::size_t before = sandbox.memory_in_use();
    CHECK(before > 0);
    CHECK(before < std::size_t{1} << 20);
    const ScriptError error =
        run_error(sandbox, "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep(\"x\", 1000) .. i end\n");
    CHECK(error.script() == kScript);
    CHECK(error.line() == 2);
    CHECK(error.message() == "memory limit of 64 MiB exceeded");
    CHECK(sandbox.memory_in_use() < before + (std::size_t{1} << 20));  // collected
    check_usable(sandbox);
    // The state can still use most of its memory.
    sandbox.run("local t = {} for i = 1, 20000 do t[i] = string.rep('y', 1000) .. i end", "big.lua");
}

TEST_CASE("memory errors name the line for every kind of growth", "[lua]") {
    SandboxLimits limits;
    limits.memory_bytes = std::size_t{8} << 20;
    LuaSandbox sandbox(limits);
    struct Case {
        const char* source;
        int line;
    };
    const Case cases[] = {
        {"local t = {}\nfor i = 1, 1e9 do t[i] = i end\n", 2},                  // array part resized
        {"local s = 'x'\nwhile true do s = s .. s end\n", 2},                   // concatenation
        {"local s = 'x'\nlocal big = s:rep(1e8)\n", 2},                         // string buffer
        {"local t = {}\nfor i = 1, 1e9 do t['k' .. i] = true end\n", 2},        // hash part
        {"local function f(n)\n  return 1 + f(n + 1)\nend\nreturn f(1)\n", 2},  // stack growth
        // In a coroutine the line is where the main thread resumed it.
        {"local co = coroutine.wrap(function()\n  local t = {}\n  for i = 1, 1e9 do t[i] = {} end\n"
         "end)\nco()\n",
         5},
        {"-- caught once\nlocal ok = pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end)\n"
         "local t = {}\nfor i = 1, 1e9 do t[i] = {} end\n",
         4},
    };
    for (const Case& c : cases) {
        const ScriptError error = run_error(sandbox, c.source);
        INFO(c.source);
        CHECK(error.script() == kScript);
        CHECK(error.line() == c.line);
        CHECK(error.message() == "memory limit of 8 MiB exceeded");
        check_usable(sandbox);
    }
}

TEST_CASE("deep recursion fails cleanly under a small memory limit", "[lua]") {
    SandboxLimits limits;
    limits.memory_bytes = std::size_t{4} << 20;
    LuaSandbox sandbox(limits);
    const ScriptError error = run_error(sandbox, "local function f(n)\n  return 1 + f(n + 1)\nend\nreturn f(1)\n");
    CHECK(error.script() == kScript);
    CHECK(error.line() == 2);
    const bool known = error.message() == "memory limit of 4 MiB exceeded" ||
                       error.message().find("stack overflow") != std::string::npos;
    CHECK(known);
    check_usable(sandbox);
}

TEST_CASE("a loop of pcalls hitting the memory limit ends by the budget", "[lua]") {
    SandboxLimits limits = small_budget();
    limits.memory_bytes = std::size_t{4} << 20;
    LuaSandbox sandbox(limits);
    const ScriptError error =
        run_error(sandbox,
                  "-- each pcall catches its memory error\n"
                  "while true do pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end) end\n");
    CHECK(error.script() == kScript);
    CHECK(error.line() == 2);
    check_usable(sandbox);
}

TEST_CASE("removed libraries and functions fail with the script and line", "[lua]") {
    LuaSandbox sandbox;
    struct Case {
        const char* source;
        const char* message;
    };
    const Case cases[] = {
        {"local x = 1\nos.execute(\"ls\")\n", "attempt to index a nil value (global 'os')"},
        {"local x = 1\nio.open(\"x\")\n", "attempt to index a nil value (global 'io')"},
        {"local x = 1\nrequire(\"os\")\n", "attempt to call a nil value (global 'require')"},
        {"local x = 1\nload(string.dump(function() end))\n", "attempt to call a nil value (field 'dump')"},
        {"local x = 1\nlocal r = math.random()\n", "attempt to call a nil value (field 'random')"},
        {"local x = 1\nmath.randomseed(42)\n", "attempt to call a nil value (field 'randomseed')"},
        {"local x = 1\ndofile(\"x.lua\")\n", "attempt to call a nil value (global 'dofile')"},
        {"local x = 1\nloadfile(\"x.lua\")\n", "attempt to call a nil value (global 'loadfile')"},
        {"local x = 1\nprint(\"hi\")\n", "attempt to call a nil value (global 'print')"},
        {"local x = 1\ncollectgarbage()\n", "attempt to call a nil value (global 'collectgarbage')"},
        {"local x = 1\nlocal k = next({})\n", "attempt to call a nil value (global 'next')"},
        {"local x = 1\ndebug.traceback()\n", "attempt to index a nil value (global 'debug')"},
        {"local x = 1\nlocal s = (''):dump()\n", "attempt to call a nil value (method 'dump')"},
    };
    for (const Case& c : cases) {
        const ScriptError error = run_error(sandbox, c.source);
        CHECK(error.script() == kScript);
        CHECK(error.line() == 2);
        CHECK(error.message() == c.message);
        check_usable(sandbox);
    }
}

TEST_CASE("binary chunks are refused", "[lua]") {
    LuaSandbox sandbox;
    const std::string binary = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n\x04\x08\x08";
    SECTION("by load") {
        const ScriptError error =
            run_error(sandbox, "local chunk = '\\27Lua\\84\\0\\25\\147\\r\\n\\26\\n'\nassert(load(chunk))\n");
        CHECK(error.script() == kScript);
        CHECK(error.line() == 2);
        CHECK(error.message() == "load: binary chunks are not allowed in the sandbox");
        sandbox.run("local f, err = load('\\27Lua rest')\nreturn f == nil, err", kScript, 2);
        CHECK(lua_toboolean(sandbox.state(), -2));
        CHECK(std::string(lua_tostring(sandbox.state(), -1)) == "load: binary chunks are not allowed in the sandbox");
        lua_pop(sandbox.state(), 2);
    }
    SECTION("by run") {
        const ScriptError error = run_error(sandbox, binary);
        CHECK(error.script() == kScript);
        CHECK(error.line() == 0);
        CHECK(error.message().find("binary chunk") != std::string::npos);
    }
    check_usable(sandbox);
}

TEST_CASE("load compiles text in the sandbox", "[lua]") {
    LuaSandbox sandbox;
    SECTION("sees the globals by default") {
        sandbox.run("answer = 41\nlocal f = assert(load('return answer + ...'))\nreturn f(1)", kScript, 1);
        CHECK(lua_tointeger(sandbox.state(), -1) == 42);
        lua_pop(sandbox.state(), 1);
    }
    SECTION("takes an environment") {
        sandbox.run("local f = load('return x', 'chunk', 't', {x = 5})\nreturn f()", kScript, 1);
        CHECK(lua_tointeger(sandbox.state(), -1) == 5);
        lua_pop(sandbox.state(), 1);
    }
    SECTION("returns syntax errors, named by the file and line that loaded the code") {
        CHECK(run_string(sandbox, "local f, err = load('x = = 1', '=snippet')\nreturn err") ==
              "rulesets/test/rules/sandbox.lua (load, line 1):1: unexpected symbol near '='");
    }
    SECTION("errors inside a loaded chunk name the loading file and line, never the name the script chose") {
        const ScriptError error =
            run_error(sandbox, "local f = load('local a = 1\\nerror(\"inner\")', '@rules/inner.lua')\nf()\n");
        CHECK(error.script() == "rulesets/test/rules/sandbox.lua (load, line 1)");
        CHECK(error.line() == 2);
        CHECK(error.message() == "inner");
    }
}

TEST_CASE("the string table math utf8 and coroutine libraries work", "[lua]") {
    LuaSandbox sandbox;
    CHECK(run_string(sandbox, "return string.format('%d-%s', 3, ('ab'):upper())") == "3-AB");
    CHECK(run_string(sandbox, "local t = {3, 1, 2} table.sort(t) return table.concat(t, ',')") == "1,2,3");
    CHECK(run_string(sandbox, "return tostring(math.floor(3.7) + math.max(1, 5))") == "8");
    CHECK(run_string(sandbox, "return utf8.char(72, 105)") == "Hi");
    CHECK(run_string(sandbox, "local co = coroutine.wrap(function() coroutine.yield('a') end) return co()") == "a");
    CHECK(run_string(sandbox,
                     "local t = setmetatable({}, {__index = function(_, k) return k .. '!' end})"
                     " return t.x") == "x!");
    CHECK(run_string(sandbox, "return select('#', 1, 2, 3) .. type(rawget) .. tostring(rawequal(1, 1))") ==
          "3functiontrue");
}

TEST_CASE("pairs iterates in a deterministic sorted order", "[lua]") {
    const char* keys =
        "local keys = {10, 2, -1.5, 3.25, 'b', 'a', 'aa', 'B', true, false, 2^63, math.huge,"
        " -math.huge, math.mininteger, math.maxinteger, '', 'a\\0b'}\n";
    const char* forward = "for i = 1, #keys do t[keys[i]] = i end\n";
    const char* backward = "for i = #keys, 1, -1 do t[keys[i]] = i end\n";
    const char* listing =
        "local out = {}\n"
        "for k, v in pairs(t) do out[#out + 1] = string.format('%q', k) end\n"
        "return table.concat(out, ' ')\n";
    LuaSandbox a;
    LuaSandbox b;
    const std::string first = run_string(a, std::string(keys) + "local t = {}\n" + forward + listing);
    const std::string second = run_string(b, std::string(keys) + "local t = {}\n" + backward + listing);
    CHECK(first == second);
    CHECK(first ==
          "-1e9999 0x8000000000000000 -0x1.8p+0 2 0x1.ap+1 10 9223372036854775807 0x1p+63 1e9999 "
          "\"\" \"B\" \"a\" \"a\\0b\" \"aa\" \"b\" false true");
}

TEST_CASE("pairs tolerates removal and refuses unordered keys", "[lua]") {
    LuaSandbox sandbox;
    CHECK(run_string(sandbox,
                     "local t = {a = 1, b = 2, c = 3, 4, 5}\n"
                     "for k in pairs(t) do t[k] = nil t.b = nil end\n"
                     "return tostring(next == nil and #t == 0 and t.a == nil and t.c == nil)") == "true");
    const ScriptError error = run_error(sandbox, "local t = {[{}] = 1}\nfor k in pairs(t) do end\n");
    CHECK(error.script() == kScript);
    CHECK(error.line() == 2);
    CHECK(error.message() == "pairs: key of type table has no deterministic order; use ipairs or string keys");
    const ScriptError meta =
        run_error(sandbox, "local t = setmetatable({}, {__pairs = function() end})\nfor k in pairs(t) do end\n");
    CHECK(meta.line() == 2);
    CHECK(meta.message() == "pairs: __pairs metamethods are not supported in the sandbox");
    check_usable(sandbox);
}

TEST_CASE("setmetatable refuses finalizers", "[lua]") {
    LuaSandbox sandbox;
    const ScriptError error = run_error(sandbox, "local x = 1\nsetmetatable({}, {__gc = function() end})\n");
    CHECK(error.line() == 2);
    CHECK(error.message() == "setmetatable: __gc finalizers are not allowed in the sandbox");
}

TEST_CASE("script errors name script and line", "[lua]") {
    LuaSandbox sandbox;
    SECTION("error with a string") {
        const ScriptError error = run_error(sandbox, "local x = 1\nerror('boom')\n");
        CHECK(error.script() == kScript);
        CHECK(error.line() == 2);
        CHECK(error.message() == "boom");
        CHECK(std::string(error.what()) == std::string(kScript) + ":2: boom");
    }
    SECTION("error inside a function") {
        const ScriptError error = run_error(sandbox, "local function f()\n  error('deep')\nend\n\nf()\n");
        CHECK(error.line() == 2);
        CHECK(error.message() == "deep");
    }
    SECTION("error at level 2 names the caller") {
        const ScriptError error = run_error(sandbox, "local function check(x)\n  error('bad x', 2)\nend\n\ncheck(1)\n");
        CHECK(error.line() == 5);
        CHECK(error.message() == "bad x");
    }
    SECTION("error at level 0 keeps the message") {
        const ScriptError error = run_error(sandbox, "local x = 1\nerror('a:1: b', 0)\n");
        CHECK(error.line() == 2);
        CHECK(error.message() == "a:1: b");
    }
    SECTION("error with a table") {
        const ScriptError error = run_error(sandbox, "local x = 1\nerror({code = 7})\n");
        CHECK(error.line() == 2);
        CHECK(error.message() == "(error object is a table value)");
    }
    SECTION("error with a table that has __tostring") {
        const ScriptError error =
            run_error(sandbox, "local e = setmetatable({}, {__tostring = function() return 'custom' end})\nerror(e)\n");
        CHECK(error.line() == 2);
        CHECK(error.message() == "custom");
    }
    SECTION("runtime error") {
        const ScriptError error = run_error(sandbox, "local t = nil\nreturn t.x\n");
        CHECK(error.line() == 2);
        CHECK(error.message() == "attempt to index a nil value (local 't')");
    }
    SECTION("syntax error") {
        const ScriptError error = run_error(sandbox, "local x = 1\n\nx = = 2\n");
        CHECK(error.script() == kScript);
        CHECK(error.line() == 3);
        CHECK(error.message() == "unexpected symbol near '='");
    }
    SECTION("long script names are kept whole") {
        const std::string name = "rulesets/a-very-long-ruleset-name/house-rules/some-long-module-name.lua";
        const ScriptError runtime = run_error(sandbox, "local x = 1\nerror('long')\n", name);
        CHECK(runtime.script() == name);
        CHECK(runtime.line() == 2);
        CHECK(runtime.message() == "long");
        const ScriptError syntax = run_error(sandbox, "local x = 1\nx = = 2\n", name);
        CHECK(syntax.script() == name);
        CHECK(syntax.line() == 2);
        CHECK(syntax.message() == "unexpected symbol near '='");
    }
    check_usable(sandbox);
}

TEST_CASE("call runs a function left by a script", "[lua]") {
    LuaSandbox sandbox(small_budget());
    lua_State* L = sandbox.state();
    sandbox.run("return function(a, b) return a * b end", "rules/mul.lua", 1);
    lua_pushinteger(L, 6);
    lua_pushinteger(L, 7);
    sandbox.call(2, 1);
    CHECK(lua_tointeger(L, -1) == 42);
    lua_pop(L, 1);
    CHECK(lua_gettop(L) == 0);

    sandbox.run("return function()\n  while true do end\nend", "rules/spin.lua", 1);
    try {
        sandbox.call(0, 0);
        FAIL("expected a ScriptError");
    } catch (const ScriptError& error) {
        CHECK(error.script() == "rules/spin.lua");
        CHECK(error.line() == 2);
    }
    CHECK(lua_gettop(L) == 0);

    SECTION("an error raised in C has line 0") {
        lua_pushcfunction(L, [](lua_State* state) { return luaL_error(state, "from C"); });
        try {
            sandbox.call(0, 0);
            FAIL("expected a ScriptError");
        } catch (const ScriptError& error) {
            CHECK(error.script() == "[C]");
            CHECK(error.line() == 0);
            CHECK(error.message() == "from C");
        }
        CHECK(lua_gettop(L) == 0);
    }
}
