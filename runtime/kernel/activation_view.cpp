#include "kernel/activation_view.h"

#include "kernel/game.h"

#include <algorithm>

namespace sandtable::kernel {

bool ActivationView::running() const {
    const auto& st = game_.state();
    return game_.game_turn()[static_cast<std::size_t>(st.at.step)].kind == rules::SequenceStep::Kind::Activations;
}

int ActivationView::formation() const { return running() ? game_.state().activation.formation : -1; }

bool ActivationView::acts_now(int unit) const {
    if (!running()) return true;
    const int active = game_.state().activation.formation;
    return active >= 0 && game_.formations().of(unit) == active;
}

bool ActivationView::formation_present(int formation) const {
    const auto& units = game_.formations().units(formation);
    return std::any_of(units.begin(), units.end(), [&](int u) { return game_.state().unit(u).on_map; });
}

}  // namespace sandtable::kernel
