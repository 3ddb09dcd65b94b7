// One sandboxed Lua 5.4 state (RAII). Only allowlisted libraries are opened;
// every call runs under an instruction budget and the state under a memory
// cap, and every error comes back as a ScriptError naming script and line.
// The sandbox knows nothing of games: the kernel API is bound on top of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

struct lua_State;

namespace sandtable::script {

namespace detail {
struct Guard;  // limits and error bookkeeping shared with the Lua callbacks
}

// An error raised by or inside a script. `script` is the chunk name the code
// was loaded under (a path relative to the project, e.g. "rulesets/bmw/rules/x.lua"),
// `line` the line in that script (0 when unknown), `message` the bare cause.
class ScriptError : public std::runtime_error {
public:
    ScriptError(std::string script, int line, std::string message);
    const std::string& script() const { return script_; }
    int line() const { return line_; }
    const std::string& message() const { return message_; }

private:
    std::string script_;
    int line_;
    std::string message_;
};

struct SandboxLimits {
    // Lua VM instructions one top-level call (run, call or protect: one event
    // with all its handlers) may execute, work done in library C functions counted.
    std::int64_t instructions_per_call = 50'000'000;
    // ... and the state in its whole life (a game): a module that stays just
    // under the per-call budget at every event still comes to an end.
    std::int64_t instructions_per_state = 4'000'000'000;
    // Bytes the whole state may hold at once.
    std::size_t memory_bytes = std::size_t{64} << 20;
};

// What a script sees: the base library without dofile, loadfile, print, warn,
// collectgarbage and next, with `load` restricted to text chunks, `pairs`
// iterating in sorted key order (so replays do not depend on Lua's per-state
// hash seed) and `setmetatable` refusing __gc; string without string.dump;
// table; math without random/randomseed; utf8; coroutine. No io, os, package,
// debug or require.
// Charges `units` of work done in C (about one VM instruction each) to the
// running call's budget, raising the budget error when it is spent. For the
// guarded library functions (library_limits.cpp); a no-op outside a call.
void charge_script_work(lua_State* L, std::int64_t units);

class LuaSandbox {
public:
    explicit LuaSandbox(SandboxLimits limits = {});
    ~LuaSandbox();
    LuaSandbox(const LuaSandbox&) = delete;
    LuaSandbox& operator=(const LuaSandbox&) = delete;
    LuaSandbox(LuaSandbox&&) = delete;
    LuaSandbox& operator=(LuaSandbox&&) = delete;

    lua_State* state() const { return L_; }
    const SandboxLimits& limits() const { return limits_; }
    std::size_t memory_in_use() const;

    // Compiles `source` as text (binary chunks are refused) under the name
    // `script` and runs it, leaving `results` values on the stack. With an
    // `environment` (the stack index of a table), the chunk reads and writes
    // its globals there (its _ENV) instead of in the global table.
    void run(std::string_view source, const std::string& script, int results = 0, int environment = 0);

    // Compiles text (never runs it) and returns its bytecode, debug info kept
    // so errors still name lines. Throws ScriptError on a syntax error.
    std::string compile(std::string_view source, const std::string& script);
    // Runs bytecode made by compile(). Only the host calls this: scripts
    // themselves can never load binary chunks.
    void run_compiled(const std::string& bytecode, const std::string& script, int results = 0, int environment = 0);

    // Calls the function below `args` arguments on the stack, under a fresh
    // instruction budget, like lua_pcall but throwing ScriptError.
    // A call made while another is running (a C function bound by the kernel
    // calling back into Lua) shares the outer call's budget; such a C function
    // must catch the ScriptError before it unwinds through Lua frames.
    void call(int args, int results);

    // Runs `work` as a C function inside a protected call, under the budget
    // (call()'s): every touch of the state from C++ goes through call() or
    // protect(), so no Lua error (a full heap, a metamethod) can land outside
    // a pcall, where Lua would abort. `work` leaves `results` values on the
    // stack. A Lua error in it unwinds by longjmp, so it must keep no C++
    // object that owns memory alive across a Lua API call that can raise; a
    // C++ exception it throws comes back as a ScriptError naming `script`.
    void protect(const std::function<void(lua_State*)>& work, int results = 0, const std::string& script = "?");

private:
    // Leaves the compiled chunk on the stack or throws ScriptError.
    void load_chunk(std::string_view source, const std::string& script, const char* mode);
    // Makes the table at `environment` the _ENV of the chunk on top of the stack.
    void set_environment(int environment);

    lua_State* L_ = nullptr;
    SandboxLimits limits_;
    std::unique_ptr<detail::Guard> guard_;
};

}  // namespace sandtable::script
