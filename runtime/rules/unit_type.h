// Unit types and the typed attributes a ruleset declares for them.
#pragma once

#include "rules/source_location.h"

#include <optional>
#include <string>
#include <vector>

namespace sandtable::rules {

enum class AttributeKind { Int, Bool, Enum };

// One attribute a unit type may carry, declared by the ruleset. Values are
// stored as ints: Bool as 0/1, Enum as the index into `values`.
struct AttributeSpec {
    std::string id;
    AttributeKind kind = AttributeKind::Int;
    int min = 0;
    int max = 1'000'000;
    std::vector<std::string> values;  // Enum only
    int default_value = 0;
    bool required = false;
    SourceLocation where;

    std::optional<int> enum_index(const std::string& value) const;
    std::string format(int value) const;
};

// One printed side of a counter. BMW's back side is the Disordered side;
// other systems use it for a second step (F&M) or another mode.
struct UnitFace {
    std::vector<int> values;  // indexed like Ruleset::attributes
    int movement_class = 0;   // a face may move differently (dismounted cavalry)
};

struct UnitType {
    std::string id;
    std::string name;
    std::string symbol;  // counter symbol: infantry, cavalry, archers, leader, …
    UnitFace front;
    std::optional<UnitFace> back;
    SourceLocation where;

    const UnitFace& face(bool back_side) const { return back_side && back ? *back : front; }
};

}  // namespace sandtable::rules
