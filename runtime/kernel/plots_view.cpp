#include "kernel/plots_view.h"

#include "kernel/game.h"

namespace sandtable::kernel {

// 20.1: a side's plot chart stays hidden from the other until the game ends;
// what its units do shows the orders as they are carried out.
std::optional<Plot> PlotsView::of(int unit, int viewer) const {
    const auto& units = game_.state().units;
    if (unit < 0 || unit >= static_cast<int>(units.size())) return std::nullopt;
    if (!revealed() && units[static_cast<std::size_t>(unit)].side != viewer) return std::nullopt;
    const auto& plots = game_.beside_.plots;
    if (plots.empty()) return Plot{};  // a sequence without written orders: every unit holds
    return plots[static_cast<std::size_t>(unit)];
}

bool PlotsView::revealed() const { return game_.state().result.over; }

}  // namespace sandtable::kernel
