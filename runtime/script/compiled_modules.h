// The rule modules of a ruleset, compiled once. Every game needs a fresh Lua
// state (no state may leak from one game into the next), but not a fresh
// compile: sessions that play the same ruleset share one CompiledModules.
#pragma once

#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable::script {

class LuaSandbox;

// Compiles one rule module; throws ScriptError at its line when a function in
// it keeps state in a module local or a global (module_state_writes.h), which
// rollback, snapshots and replays cannot see.
std::string compile_module(LuaSandbox& sandbox, std::string_view source, const std::string& file);

class CompiledModules {
public:
    // Reads and compiles the file of every module switched on (modules with
    // `enabled: false` never run, so they are not compiled); throws
    // ScriptError on a syntax error and load::LoadError when a file cannot be
    // read, or when a module keeps state outside the game (compile_module).
    explicit CompiledModules(const rules::Ruleset& ruleset);
    // The same for the modules a scenario plays: its ruleset's with the
    // scenario's `rules:` switches applied (rules::effective_modules), so a
    // module the scenario switches off is not compiled either.
    CompiledModules(const rules::Ruleset& ruleset, const rules::Scenario& scenario);
    // The ruleset's modules, with the source of some files given here instead
    // of read from disk (a fuzzer's input, an editor's unsaved text).
    CompiledModules(const rules::Ruleset& ruleset, const std::map<std::string, std::string>& sources_by_file);
    // Bytecode of the module file, or nullptr when it is not part of the ruleset.
    const std::string* bytecode(const std::string& file) const;

private:
    void compile(const std::vector<rules::RuleModule>& modules);

    std::map<std::string, std::string> code_;
};

}  // namespace sandtable::script
