// Finds where a rule module's functions change the module's own locals: the
// state a snapshot, a rollback or a replay cannot see (ADR 0003, 0012). Read
// from the compiled chunk (Lua 5.4 bytecode with its debug information), so
// no source pattern can hide an assignment: `n = n + 1` on a module local,
// `cache[u] = x` or `state.count = 1` on a table a module local holds, and
// the same through a local copy of it, inside any function of the module;
// and any change to a global or to a table a global holds (`lib.n = 1`).
// The main chunk itself (the module while it loads) may fill its locals.
#pragma once

#include <string>
#include <vector>

namespace sandtable::script {

struct ModuleStateWrite {
    int line = 0;             // where the assignment is, in the module's source
    std::string name;         // the module local or global written (or whose table is)
    bool into_table = false;  // a field of the table it holds, not the name itself
    bool global = false;      // a global (closed at run time too), not a module local
};

// `bytecode`: a chunk as lua_dump wrote it, debug information kept. Throws
// std::runtime_error when it is not Lua 5.4 bytecode of this build's sizes.
std::vector<ModuleStateWrite> module_state_writes(const std::string& bytecode);

// "line 12: handlers change the module local 'count' ..." for an error message.
std::string describe(const ModuleStateWrite& write);

}  // namespace sandtable::script
