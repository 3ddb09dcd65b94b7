#include "core/balance_summary.h"

#include <algorithm>
#include <map>

namespace sandtable::studio {

namespace {
int margin(const bots::BatchGameResult& g) {
    if (g.victory_points.empty()) return 0;
    return g.victory_points.front() - g.victory_points.back();
}

WinShare wins_of(const bots::BatchResults& r, std::size_t side) {
    std::uint64_t k = 0;
    for (const auto& g : r.games) k += g.winner == static_cast<int>(side);
    const auto [low, high] = bots::wilson_interval(k, r.games.size());
    return {static_cast<double>(k) / static_cast<double>(r.games.size()), low, high};
}

void bin_margins(BalanceSummary& s, const std::array<const bots::BatchResults*, 2>& runs) {
    for (const auto* r : runs)
        if (r)
            for (const auto& g : r->games)
                s.margin_low = std::min(s.margin_low, margin(g)), s.margin_high = std::max(s.margin_high, margin(g));
    const double width =
        std::max(1.0, static_cast<double>(s.margin_high - s.margin_low + 1) / BalanceSummary::kMarginBins);
    for (std::size_t run = 0; run < 2; ++run) {
        if (!runs[run]) continue;
        auto& bins = s.margin_bins[run];
        bins.assign(BalanceSummary::kMarginBins, 0);
        for (const auto& g : runs[run]->games) {
            const auto bin = static_cast<std::size_t>(static_cast<double>(margin(g) - s.margin_low) / width);
            ++bins[std::min<std::size_t>(bins.size() - 1, bin)];
        }
        s.tallest_bin = std::max(s.tallest_bin, *std::max_element(bins.begin(), bins.end()));
    }
}

void mean_losses(BalanceSummary& s, const bots::BatchResults& a) {
    const std::size_t sides = s.sides.size();
    std::map<std::string, std::vector<double>> by_type;
    for (const auto& g : a.games)
        for (std::size_t side = 0; side < sides && side < g.losses.size(); ++side)
            for (const auto& [type, k] : g.losses[side]) {
                auto& v = by_type[type];
                v.resize(sides, 0.0);
                v[side] += k;
            }
    for (auto& [type, v] : by_type) {
        for (double& x : v) s.most_lost = std::max(s.most_lost, x /= static_cast<double>(a.games.size()));
        s.losses.push_back({type, v});
    }
}
}  // namespace

std::optional<BalanceSummary> summarise(const bots::BatchResults& a, const bots::BatchResults* b) {
    if (a.games.empty()) return std::nullopt;
    if (b && b->games.size() != a.games.size()) b = nullptr;
    BalanceSummary s;
    s.sides = a.header.sides;
    s.compared = b != nullptr;
    for (std::size_t side = 0; side < s.sides.size(); ++side)
        s.wins.push_back({wins_of(a, side), b ? std::optional(wins_of(*b, side)) : std::nullopt});
    bin_margins(s, {&a, b});
    mean_losses(s, a);
    return s;
}

}  // namespace sandtable::studio
