// A parameter tree as written in YAML (rule-module params, procedure options).
// Kept generic on purpose: the kernel reads the options of its procedures,
// Lua modules receive theirs as tables.
#pragma once

#include "rules/source_location.h"

#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace sandtable::rules {

struct Param {
    using List = std::vector<Param>;
    using Map = std::map<std::string, Param>;
    std::variant<std::monostate, bool, long long, double, std::string, List, Map> value;
    SourceLocation where;

    bool is_null() const { return std::holds_alternative<std::monostate>(value); }
    const Map* map() const { return std::get_if<Map>(&value); }
    const List* list() const { return std::get_if<List>(&value); }
    const Param* find(const std::string& key) const {
        const Map* m = map();
        if (!m) return nullptr;
        auto it = m->find(key);
        return it == m->end() ? nullptr : &it->second;
    }
};

}  // namespace sandtable::rules
