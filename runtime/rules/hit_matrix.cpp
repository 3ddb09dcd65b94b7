#include "rules/hit_matrix.h"

#include <algorithm>

namespace sandtable::rules {

const std::vector<int>& HitMatrix::hits(const std::string& attacker, const std::string& defender) const {
    static const std::vector<int> kNone;
    const auto a = std::find(attackers.begin(), attackers.end(), attacker);
    const auto d = std::find(defenders.begin(), defenders.end(), defender);
    if (a == attackers.end() || d == defenders.end()) return kNone;
    return cells[static_cast<std::size_t>(d - defenders.begin())][static_cast<std::size_t>(a - attackers.begin())];
}

}  // namespace sandtable::rules
