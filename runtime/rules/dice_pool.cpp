#include "rules/dice_pool.h"

#include <algorithm>
#include <cmath>

namespace sandtable::rules {

namespace {
bool listed(const std::vector<std::string>& list, const std::string& status) {
    return list.empty() || std::find(list.begin(), list.end(), status) != list.end();
}
}  // namespace

bool DicePoolRule::matches(const std::string& role_now, const std::string& firer_status,
                           const std::string& target_status) const {
    return (role.empty() || role == role_now) && listed(firer, firer_status) && listed(target, target_status);
}

const DicePoolRule& DicePoolTable::rule_for(const std::string& role, const std::string& firer,
                                            const std::string& target) const {
    for (const auto& r : rules)
        if (r.matches(role, firer, target)) return r;
    return otherwise;
}

int DicePoolTable::hits(const std::vector<int>& dice, const DicePoolRule& rule) const {
    int hits = 0, doubles = 0;
    for (int d : dice) {
        if (d >= rule.hit_on)
            ++hits;
        else if (rule.double_on > 0 && d == rule.double_on)
            ++doubles;
    }
    if (doubles >= 2) hits += this->doubles == Doubles::Pairs ? doubles / 2 : doubles;
    return hits;
}

// Each die is a hit (p), a double-face (q) or nothing; hits are the hits plus
// what the doubles score. Summed over how many of each the pool shows.
std::vector<double> DicePoolTable::distribution(int dice, const DicePoolRule& rule) const {
    const double faces = die_faces;
    const double p = std::max(0, die_faces - rule.hit_on + 1) / faces;
    const double q = rule.double_on > 0 && rule.double_on < rule.hit_on ? 1 / faces : 0;
    const double r = 1 - p - q;
    std::vector<double> out(static_cast<std::size_t>(2 * dice + 1), 0.0);
    // Multinomial over (hits h, doubles k, rest) with n = h + k + rest.
    std::vector<double> log_fact(static_cast<std::size_t>(dice + 1), 0.0);
    for (int i = 1; i <= dice; ++i)
        log_fact[static_cast<std::size_t>(i)] =
            log_fact[static_cast<std::size_t>(i - 1)] + std::log(static_cast<double>(i));
    for (int h = 0; h <= dice; ++h)
        for (int k = 0; h + k <= dice; ++k) {
            const int rest = dice - h - k;
            double ways = std::exp(log_fact[static_cast<std::size_t>(dice)] - log_fact[static_cast<std::size_t>(h)] -
                                   log_fact[static_cast<std::size_t>(k)] - log_fact[static_cast<std::size_t>(rest)]);
            const double chance = ways * std::pow(p, h) * std::pow(q, k) * std::pow(r, rest);
            const int extra = k >= 2 ? (doubles == Doubles::Pairs ? k / 2 : k) : 0;
            out[static_cast<std::size_t>(h + extra)] += chance;
        }
    while (out.size() > 1 && out.back() == 0.0) out.pop_back();
    return out;
}

double DicePoolTable::expected_hits(int dice, const DicePoolRule& rule) const {
    const auto d = distribution(dice, rule);
    double e = 0;
    for (std::size_t i = 0; i < d.size(); ++i) e += static_cast<double>(i) * d[i];
    return e;
}

}  // namespace sandtable::rules
