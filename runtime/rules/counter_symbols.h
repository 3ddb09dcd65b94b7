// The symbols a unit type's counter may carry (`symbol:` in ruleset.yaml):
// the troop types the counter painter draws a mark for, and those it letters.
// One list, so the loader, the schema and the studio's choice agree.
#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace sandtable::rules {

inline constexpr std::array<std::string_view, 24> kCounterSymbols{
    "infantry",
    "light_infantry",
    "heavy_infantry",
    "archers",
    "crossbowmen",
    "mounted_infantry",
    "cavalry",
    "heavy_cavalry",
    "light_cavalry",
    "horse_archers",
    "chariot",
    "elephant",
    "camel",
    "leader",
    "hq",
    "artillery",
    "armour",
    "mechanized",
    "recon",
    "at",
    "aa",
    "engineer",
    "supply",
    "ship",
};

inline bool is_counter_symbol(std::string_view symbol) {
    return std::find(kCounterSymbols.begin(), kCounterSymbols.end(), symbol) != kCounterSymbols.end();
}

}  // namespace sandtable::rules
