#pragma once

#include <string>

namespace sandtable::load {

// Where a rule module named in a ruleset is read from.
struct ModuleLocation {
    std::string file;     // in the form the ruleset's folder was named in: relative if it was, whole if it was
    bool exists = false;  // false: no such file yet; `file` is where a new one belongs
};

// Looks for NAME.lua in the loader's order: the house rule's rules/ (when one adds the module), the ruleset's
// rules/, then the scripts/ library two levels above the ruleset (rulesets/NAME/../../scripts).
ModuleLocation locate_module(const std::string& house_dir, const std::string& ruleset_dir, const std::string& name);

}  // namespace sandtable::load
