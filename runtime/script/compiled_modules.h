// The rule modules of a ruleset, compiled once. Every game needs a fresh Lua
// state (no state may leak from one game into the next), but not a fresh
// compile: sessions that play the same ruleset share one CompiledModules.
#pragma once

#include "rules/ruleset.h"

#include <map>
#include <string>

namespace sandtable::script {

class CompiledModules {
public:
    // Reads and compiles the file of every module switched on (modules with
    // `enabled: false` never run, so they are not compiled); throws
    // ScriptError on a syntax error and load::LoadError when a file cannot be
    // read.
    explicit CompiledModules(const rules::Ruleset& ruleset);
    // Bytecode of the module file, or nullptr when it is not part of the ruleset.
    const std::string* bytecode(const std::string& file) const;

private:
    std::map<std::string, std::string> code_;
};

}  // namespace sandtable::script
