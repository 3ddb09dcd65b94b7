#include "script/lua_sandbox.h"
#include "script/sorted_pairs.h"

#include "script/library_limits.h"

#include <lua.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

// Lua (as Debian builds it) is C: its errors are longjmps. Every function
// below that Lua calls back (allocator, hook, message handler, library
// functions) therefore keeps only trivially destructible locals, and no C++
// exception may leave it.

namespace sandtable::script {

namespace detail {

// Where something happened, in a form the allocator can fill without
// allocating (it cannot call back into Lua, nor risk a bad_alloc).
struct Location {
    bool valid = false;
    int line = 0;
    char script[512] = {};
};

struct Guard {
    explicit Guard(const SandboxLimits& limits);

    // Memory.
    std::size_t memory_limit;
    std::size_t used = 0;
    bool lifted = false;       // our message handler may exceed the cap a little
    bool refused = false;      // the allocator refused a block in this top-level call
    Location memory_location;  // where the last refused block was requested
    std::string memory_message;

    // Instructions.
    std::int64_t budget;
    std::int64_t executed = 0;
    int step;  // hook period in instructions
    bool exceeded = false;
    Location hook_location;  // where the hook last stopped; fallback for memory errors
    std::string budget_message;
    std::int64_t lifetime_budget;
    std::int64_t lifetime_executed = 0;  // never reset: the state's whole life
    std::string lifetime_message;

    int depth = 0;  // nesting of run()/call()
    lua_State* main = nullptr;
};

}  // namespace detail

namespace {

using detail::Guard;
using detail::Location;

std::string describe_bytes(std::size_t bytes) {
    constexpr std::size_t kib = 1024;
    constexpr std::size_t mib = kib * 1024;
    if (bytes >= mib && bytes % mib == 0) return std::to_string(bytes / mib) + " MiB";
    if (bytes >= kib && bytes % kib == 0) return std::to_string(bytes / kib) + " KiB";
    return std::to_string(bytes) + " bytes";
}

Guard& guard_of(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return *static_cast<Guard*>(ud);
}

// The name a script was loaded under: "@path" and "=name" chunks give the
// name itself, a chunk loaded from a string its "[string ...]" summary.
std::string_view script_name(const lua_Debug& ar) {
    if (ar.source != nullptr && ar.srclen > 0 && (ar.source[0] == '@' || ar.source[0] == '='))
        return {ar.source + 1, ar.srclen - 1};
    return ar.short_src;
}

// Fills `ar` for the innermost frame running Lua code (skipping C functions
// such as `error` or the message handler itself).
bool innermost_lua_frame(lua_State* L, lua_Debug& ar) {
    for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
        lua_getinfo(L, "Sl", &ar);
        if (std::strcmp(ar.what, "C") != 0) return true;
    }
    return false;
}

// Leaves `location` alone when no Lua code is running: Lua 5.4.4 allocates
// a fresh, smaller stack while unwinding after an error, and a refusal then
// must not erase where the error itself happened.
void record_location(lua_State* L, Location& location) {
    lua_Debug ar;
    if (!innermost_lua_frame(L, ar)) return;
    const std::string_view name = script_name(ar);
    const std::size_t n = std::min(name.size(), sizeof location.script - 1);
    std::memcpy(location.script, name.data(), n);
    location.script[n] = '\0';
    location.line = ar.currentline;
    location.valid = true;
}

// If `message` starts with "<where>:<line>: " (the prefix Lua puts on string
// errors and syntax errors), returns true with the line and the bare rest.
bool split_location(std::string_view message, std::string_view where, int& line, std::string_view& rest) {
    if (where.empty() || !message.starts_with(where)) return false;
    std::size_t i = where.size();
    if (i >= message.size() || message[i] != ':') return false;
    const std::size_t digits = ++i;
    int value = 0;
    while (i < message.size() && i - digits < 9 && message[i] >= '0' && message[i] <= '9')
        value = value * 10 + (message[i++] - '0');
    if (i == digits || !message.substr(i).starts_with(": ")) return false;
    line = value;
    rest = message.substr(i + 2);
    return true;
}

// What Lua's luaO_chunkid makes of "@script": the name itself, or "..." and
// its tail when longer than LUA_IDSIZE allows. Needed to recognise the
// prefix of syntax errors, which are raised before any frame exists.
std::string short_source(const std::string& script) {
    constexpr std::size_t room = LUA_IDSIZE - 1;
    if (script.size() <= room) return script;
    return "..." + script.substr(script.size() - (room - 3));
}

// --- Allocator ---------------------------------------------------------------

void note_refusal(Guard& g, const void* block) {
    g.refused = true;
    // Lua raises LUA_ERRMEM without calling the message handler, so the
    // location must be taken now. Walking the call stack is safe for a fresh
    // block, but not for a resized one: since Lua 5.4.6 a stack reallocation
    // runs while the stack pointers are turned into offsets. Then we fall
    // back to where the instruction hook last stopped (at most ~1000
    // instructions earlier). Only the main thread is known here: inside a
    // coroutine this names the line that resumed it.
    if (block == nullptr && g.main != nullptr)
        record_location(g.main, g.memory_location);
    else if (g.hook_location.valid)
        g.memory_location = g.hook_location;
}

void* allocate(void* ud, void* block, std::size_t osize, std::size_t nsize) noexcept {
    Guard& g = *static_cast<Guard*>(ud);
    const std::size_t old = block != nullptr ? osize : 0;  // else osize is a type tag
    if (nsize == 0) {
        std::free(block);
        g.used -= old;
        return nullptr;
    }
    // Lua assumes shrinking never fails, so only growth is checked.
    const bool grows = nsize > old;
    if (grows && !g.lifted && (g.used > g.memory_limit || nsize - old > g.memory_limit - g.used)) {
        note_refusal(g, block);
        return nullptr;
    }
    void* result = std::realloc(block, nsize);
    if (result == nullptr) {
        if (grows) note_refusal(g, block);
        return nullptr;
    }
    g.used = g.used - old + nsize;
    return result;
}

// --- Instruction budget ------------------------------------------------------

void count_hook(lua_State* L, lua_Debug*);

// Adds work to both budgets; once either is spent, raises at every
// instruction (a script's pcall would swallow one error), in this thread and
// the main one, until the top-level call returns.
void spend(lua_State* L, Guard& g, std::int64_t units) {
    g.executed += units;
    g.lifetime_executed += units;
    if (g.executed > g.budget || g.lifetime_executed > g.lifetime_budget) g.exceeded = true;
    if (!g.exceeded) return;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    if (L != g.main) lua_sethook(g.main, count_hook, LUA_MASKCOUNT, 1);
    const std::string& message = g.lifetime_executed > g.lifetime_budget ? g.lifetime_message : g.budget_message;
    lua_pushlstring(L, message.data(), message.size());
    lua_error(L);
}

void count_hook(lua_State* L, lua_Debug*) {
    Guard& g = guard_of(L);
    if (g.depth == 0) return;  // Lua running outside run()/call(): not ours to stop
    const int counted = lua_gethookcount(L);
    spend(L, g, counted);
    if (counted != g.step) lua_sethook(L, count_hook, LUA_MASKCOUNT, g.step);
    record_location(L, g.hook_location);
}

// --- Message handler ---------------------------------------------------------

// Turns the error object (index 1) into its text, as lua.c does.
void error_text(lua_State* L) {
    if (lua_isstring(L, 1)) return;  // string or number
    if (luaL_callmeta(L, 1, "__tostring")) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            lua_replace(L, 1);
            return;
        }
        lua_pop(L, 1);
    }
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    lua_replace(L, 1);
}

// Runs where the error was raised, before the stack unwinds: returns a table
// {message, script, line} naming the innermost Lua frame, or the frame whose
// position Lua already prefixed to the message (error(msg, 2) points at the
// caller). Script "" means no Lua frame: the caller fills in a fallback.
int message_handler(lua_State* L) {
    Guard& g = guard_of(L);
    error_text(L);    // may run a __tostring metamethod: under the normal limits
    g.lifted = true;  // our own few allocations must not fail near the cap
    std::size_t length = 0;
    const char* text = lua_tolstring(L, 1, &length);
    std::string_view message(text, length);
    std::string_view script;
    int line = 0;
    lua_Debug ar;
    bool first = true;
    for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
        lua_getinfo(L, "Sl", &ar);
        if (std::strcmp(ar.what, "C") == 0) continue;
        if (first) {
            script = script_name(ar);
            line = ar.currentline;
            first = false;
        }
        std::string_view rest;
        if (split_location(message, ar.short_src, line, rest)) {
            script = script_name(ar);
            message = rest;
            break;
        }
    }
    if (g.refused && message == "not enough memory") message = g.memory_message;
    // A message is read by a person: a script's 11 KB of repeated prefixes is cut.
    constexpr std::size_t kLongest = 1000;
    if (message.size() > kLongest) message = message.substr(0, kLongest);
    lua_createtable(L, 3, 0);
    lua_pushlstring(L, message.data(), message.size());
    lua_rawseti(L, -2, 1);
    lua_pushlstring(L, script.data(), script.size());
    lua_rawseti(L, -2, 2);
    lua_pushinteger(L, line);
    lua_rawseti(L, -2, 3);
    g.lifted = false;
    return 1;
}

// --- Other replaced base functions -------------------------------------------

// load(chunk [, chunkname [, mode [, env]]]) for text strings only: binary
// chunks could crash the VM, and reader functions are not needed. `mode` is
// ignored. Without `env` the chunk sees the sandbox globals, as usual.
// The standard load, text only, and under a name the script cannot choose:
// the file and line of the call, so that an error in the loaded code names
// the real place (a script naming its chunk "@/etc/shadow" made its errors
// seem to come from there).
int text_only_load(lua_State* L) {
    std::size_t length = 0;
    const char* chunk = luaL_checklstring(L, 1, &length);
    lua_Debug caller;
    char name[LUA_IDSIZE] = "=(load)";
    if (lua_getstack(L, 1, &caller) != 0 && lua_getinfo(L, "Sl", &caller) != 0) {
        // Lua keeps LUA_IDSIZE characters of a chunk's name: the file's end and the line fit.
        std::string_view script = script_name(caller);
        const bool cut = script.size() > 36;
        if (cut) script = script.substr(script.size() - 33);
        std::snprintf(name, sizeof name, "=%s%.*s (load, line %d)", cut ? "..." : "", static_cast<int>(script.size()),
                      script.data(), caller.currentline);
    }
    const bool has_env = !lua_isnone(L, 4);
    const std::size_t signature = sizeof LUA_SIGNATURE - 1;
    if (length >= signature && std::memcmp(chunk, LUA_SIGNATURE, signature) == 0) {
        lua_pushnil(L);
        lua_pushliteral(L, "load: binary chunks are not allowed in the sandbox");
        return 2;
    }
    if (luaL_loadbufferx(L, chunk, length, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;  // nil, message: like the standard load
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (lua_setupvalue(L, -2, 1) == nullptr) lua_pop(L, 1);
    }
    return 1;
}

// The standard setmetatable, refusing __gc: finalizers would run Lua code at
// moments chosen by the garbage collector (in the middle of kernel calls, in
// a different place on another build), which replays cannot reproduce.
int guarded_setmetatable(lua_State* L) {
    const int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    if (type == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc finalizers are not allowed in the sandbox");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

void set_nil(lua_State* L, int table, const char* name) {
    lua_pushnil(L);
    lua_setfield(L, table, name);
}

// Runs protected (opening libraries allocates).
int open_sandbox(lua_State* L) {
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},       {LUA_STRLIBNAME, luaopen_string}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine},
    };
    for (const luaL_Reg& library : libraries) {
        luaL_requiref(L, library.name, library.func, 1);
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    const int globals = lua_gettop(L);
    // File access, console output, GC control; next() has no stable order.
    for (const char* name : {"dofile", "loadfile", "print", "warn", "collectgarbage", "next"})
        set_nil(L, globals, name);
    lua_pushcfunction(L, text_only_load);
    lua_setfield(L, globals, "load");
    lua_pushcfunction(L, sorted_pairs);
    lua_setfield(L, globals, "pairs");
    lua_pushcfunction(L, guarded_setmetatable);
    lua_setfield(L, globals, "setmetatable");
    lua_getfield(L, globals, LUA_STRLIBNAME);
    set_nil(L, -2, "dump");  // makes binary chunks
    lua_getfield(L, globals, LUA_MATHLIBNAME);
    set_nil(L, -2, "random");  // dice come from the kernel's logged RNG
    set_nil(L, -2, "randomseed");
    limit_library_work(L);
    return 0;
}

int panic(lua_State* L) {
    const char* message = lua_tostring(L, -1);
    std::fprintf(stderr, "sandtable: Lua error outside a protected call: %s\n",
                 message != nullptr ? message : "(not a string)");
    return 0;  // Lua aborts
}

// Name of the script a function on the stack comes from, for errors that
// happen where no Lua frame exists (memory, error in a C function).
std::string callee_script(lua_State* L, int index) {
    if (!lua_isfunction(L, index)) return "?";
    lua_Debug ar;
    lua_pushvalue(L, index);
    lua_getinfo(L, ">S", &ar);
    return std::string(script_name(ar));
}

std::string string_at(lua_State* L, int index) {
    std::size_t length = 0;
    const char* text = lua_tolstring(L, index, &length);
    return text != nullptr ? std::string(text, length) : std::string("(no message)");
}

// Builds the ScriptError for a failed lua_pcall whose error object is on top.
ScriptError call_error(lua_State* L, int status, const Guard& g, const std::string& fallback) {
    if (status == LUA_ERRRUN && lua_type(L, -1) == LUA_TTABLE) {  // from message_handler
        lua_rawgeti(L, -1, 1);
        std::string message = string_at(L, -1);
        lua_rawgeti(L, -2, 2);
        std::string script = string_at(L, -1);
        lua_rawgeti(L, -3, 3);
        const int line = static_cast<int>(lua_tointeger(L, -1));
        lua_pop(L, 3);
        if (script.empty()) return ScriptError(fallback, 0, std::move(message));
        return ScriptError(std::move(script), line, std::move(message));
    }
    if (status == LUA_ERRMEM) {
        const Location& at = g.memory_location;
        std::string message = g.refused ? g.memory_message : string_at(L, -1);
        if (at.valid) return ScriptError(at.script, at.line, std::move(message));
        return ScriptError(fallback, 0, std::move(message));
    }
    return ScriptError(fallback, 0, string_at(L, -1));  // e.g. error in error handling
}

// Per top-level call: a fresh budget and clean bookkeeping. Nested calls (a
// kernel C function calling back into Lua) share the outer call's budget.
class CallScope {
public:
    explicit CallScope(Guard& g) : g_(g) {
        if (g_.depth++ > 0) return;
        g_.executed = 0;
        g_.exceeded = false;
        g_.refused = false;
        g_.memory_location.valid = false;
        g_.hook_location.valid = false;
        lua_sethook(g_.main, count_hook, LUA_MASKCOUNT, g_.step);
    }
    ~CallScope() {
        g_.lifted = false;
        if (--g_.depth > 0) return;
        g_.exceeded = false;
        lua_sethook(g_.main, count_hook, LUA_MASKCOUNT, g_.step);
    }
    CallScope(const CallScope&) = delete;
    CallScope& operator=(const CallScope&) = delete;

private:
    Guard& g_;
};

}  // namespace

detail::Guard::Guard(const SandboxLimits& limits)
    : memory_limit(limits.memory_bytes),
      memory_message("memory limit of " + describe_bytes(limits.memory_bytes) + " exceeded"),
      budget(limits.instructions_per_call),
      step(static_cast<int>(std::clamp<std::int64_t>(limits.instructions_per_call, 1, 1000))),
      budget_message("instruction budget of " + std::to_string(limits.instructions_per_call) +
                     " exceeded (infinite loop?)"),
      lifetime_budget(limits.instructions_per_state),
      lifetime_message("instruction budget of the whole game (" + std::to_string(limits.instructions_per_state) +
                       ") exceeded: the rule scripts do far more work than a game needs") {}

ScriptError::ScriptError(std::string script, int line, std::string message)
    : std::runtime_error(script + ":" + std::to_string(line) + ": " + message),
      script_(std::move(script)),
      line_(line),
      message_(std::move(message)) {}

LuaSandbox::LuaSandbox(SandboxLimits limits) : limits_(limits), guard_(std::make_unique<detail::Guard>(limits)) {
    L_ = lua_newstate(allocate, guard_.get());
    if (L_ == nullptr)
        throw std::runtime_error("cannot create a Lua state within " + describe_bytes(limits.memory_bytes));
    guard_->main = L_;
    lua_atpanic(L_, panic);
    lua_pushcfunction(L_, open_sandbox);
    if (lua_pcall(L_, 0, 0, 0) != LUA_OK) {
        const std::string message = string_at(L_, -1);
        guard_->main = nullptr;
        lua_close(L_);
        L_ = nullptr;
        throw std::runtime_error("cannot open the Lua sandbox: " + message);
    }
    lua_sethook(L_, count_hook, LUA_MASKCOUNT, guard_->step);
}

LuaSandbox::~LuaSandbox() {
    if (L_ == nullptr) return;
    guard_->main = nullptr;
    lua_close(L_);
}

std::size_t LuaSandbox::memory_in_use() const { return guard_->used; }

void charge_script_work(lua_State* L, std::int64_t units) {
    Guard& g = guard_of(L);
    if (g.depth == 0 || units <= 0) return;
    spend(L, g, units);
}

void LuaSandbox::run(std::string_view source, const std::string& script, int results, int environment) {
    if (environment) environment = lua_absindex(L_, environment);
    load_chunk(source, script, "t");
    set_environment(environment);
    call(0, results);
}

void LuaSandbox::set_environment(int environment) {
    if (!environment) return;
    lua_pushvalue(L_, environment);
    if (!lua_setupvalue(L_, -2, 1)) lua_pop(L_, 1);  // a chunk's first upvalue is its _ENV
}

namespace {
int append_bytes(lua_State*, const void* p, size_t size, void* out) {
    static_cast<std::string*>(out)->append(static_cast<const char*>(p), size);
    return 0;
}
}  // namespace

std::string LuaSandbox::compile(std::string_view source, const std::string& script) {
    load_chunk(source, script, "t");
    std::string bytecode;
    lua_dump(L_, append_bytes, &bytecode, 0);
    lua_pop(L_, 1);
    return bytecode;
}

void LuaSandbox::run_compiled(const std::string& bytecode, const std::string& script, int results, int environment) {
    if (environment) environment = lua_absindex(L_, environment);
    load_chunk(bytecode, script, "b");
    set_environment(environment);
    call(0, results);
}

void LuaSandbox::load_chunk(std::string_view source, const std::string& script, const char* mode) {
    if (guard_->depth == 0) guard_->refused = false;
    if (!lua_checkstack(L_, 1)) throw ScriptError(script, 0, "Lua stack overflow");
    // "@" makes Lua report the chunk by this name, untruncated in ar.source.
    const std::string chunkname = "@" + script;
    const int status = luaL_loadbufferx(L_, source.data(), source.size(), chunkname.c_str(), mode);
    if (status != LUA_OK) {
        const std::string message = string_at(L_, -1);
        lua_pop(L_, 1);
        if (status == LUA_ERRMEM && guard_->refused) throw ScriptError(script, 0, guard_->memory_message);
        int line = 0;
        std::string_view rest;
        if (split_location(message, short_source(script), line, rest))
            throw ScriptError(script, line, std::string(rest));
        throw ScriptError(script, 0, message);  // e.g. a binary chunk
    }
}

namespace {
struct ProtectedWork {
    const std::function<void(lua_State*)>* work;
    int results;
};

// The C function protect() calls: runs the work, turning a C++ exception into
// a Lua error once the exception is gone (its text copied to the C stack).
int run_protected(lua_State* L) {
    const auto* job = static_cast<const ProtectedWork*>(lua_touserdata(L, 1));
    lua_settop(L, 0);
    char failure[512] = {0};
    try {
        (*job->work)(L);
    } catch (const std::exception& e) {
        std::snprintf(failure, sizeof failure, "%s", e.what());
    } catch (...) {
        std::snprintf(failure, sizeof failure, "%s", "unknown error");
    }
    if (failure[0] != '\0') return luaL_error(L, "%s", failure);
    if (lua_gettop(L) < job->results)
        return luaL_error(L, "internal: protected work left %d values, not %d", lua_gettop(L), job->results);
    return job->results;
}
}  // namespace

void LuaSandbox::protect(const std::function<void(lua_State*)>& work, int results, const std::string& script) {
    if (!lua_checkstack(L_, 3)) throw ScriptError(script, 0, "Lua stack overflow");
    ProtectedWork job{&work, results};
    lua_pushcfunction(L_, run_protected);
    lua_pushlightuserdata(L_, &job);
    try {
        call(1, results);
    } catch (const ScriptError& e) {
        if (e.script() == "?" || e.script().empty() || e.script() == "[C]")
            throw ScriptError(script, e.line(), e.message());
        throw;
    }
}

void LuaSandbox::call(int args, int results) {
    const int base = lua_gettop(L_) - args;  // the function
    if (args < 0 || base < 1) throw std::invalid_argument("LuaSandbox::call: no function below the arguments");
    if (!lua_checkstack(L_, 3)) throw ScriptError("?", 0, "Lua stack overflow");
    // Keep a copy of the function below it: only a failed call needs its
    // script's name, so it is looked up then, not on every call.
    lua_pushvalue(L_, base);
    lua_insert(L_, base);
    CallScope scope(*guard_);
    lua_pushcfunction(L_, message_handler);
    lua_insert(L_, base + 1);
    const int status = lua_pcall(L_, args, results, base + 1);
    if (status == LUA_OK) {
        lua_remove(L_, base + 1);
        lua_remove(L_, base);
        return;
    }
    const std::string fallback = callee_script(L_, base);
    ScriptError error = call_error(L_, status, *guard_, fallback);
    lua_settop(L_, base - 1);
    // What the failed script built is garbage now; give it back at once so
    // memory_in_use() and the next call start from a clean slate.
    if (status == LUA_ERRMEM) lua_gc(L_, LUA_GCCOLLECT);
    throw error;
}

}  // namespace sandtable::script
