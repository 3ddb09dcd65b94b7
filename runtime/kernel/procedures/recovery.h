// The recovery procedure: disordered units of the active side roll to turn
// back to their front face (BMW 11.1), then the side may try to rally one
// eliminated unit next to a leader (11.2).
#pragma once

#include "geometry/hex.h"
#include "kernel/phase_procedure.h"

#include <vector>

namespace sandtable::kernel {

class Game;

class RecoveryProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
    void list(const Game& game, std::vector<Action>& out) const override;
    void apply(Game& game, const Action& action) const override;

private:
    // Where a rallied unit may return: beside one of the side's leaders.
    static std::vector<geometry::Hex> rally_hexes(const Game& game, int side);
};

}  // namespace sandtable::kernel
