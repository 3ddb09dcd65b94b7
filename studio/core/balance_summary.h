// What the Balance Lab's charts show, worked out once from a run's results
// (and the house rule's run beside it): each side's win share with its 95%
// interval, the VP margin in bins, mean losses by unit type. A value the
// chart owns: the results it came from may be replaced or freed by the next
// run while the window repaints.
#pragma once

#include "bots/batch_report.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::studio {

struct WinShare {
    double share = 0, low = 0, high = 0;  // of the games played, with the Wilson interval
};

struct BalanceSummary {
    static constexpr int kMarginBins = 24;
    std::vector<std::string> sides;  // ids, in scenario order
    bool compared = false;           // a B run (the house rule) is beside A
    // Per side: A's share, then B's when compared.
    std::vector<std::array<std::optional<WinShare>, 2>> wins;
    // The VP margin (first side minus last) per game, over both runs' range.
    int margin_low = 0, margin_high = 0;
    std::array<std::vector<std::size_t>, 2> margin_bins;  // A, B (empty without B)
    std::size_t tallest_bin = 1;
    struct TypeLosses {
        std::string type;
        std::vector<double> mean_by_side;  // units lost per game, run A
    };
    std::vector<TypeLosses> losses;
    double most_lost = 0.1;  // the longest loss bar's value
};

// `b` may be null; a B run of another length than A is left out (a stopped run).
// Returns nothing for an empty run A.
std::optional<BalanceSummary> summarise(const bots::BatchResults& a, const bots::BatchResults* b);

}  // namespace sandtable::studio
