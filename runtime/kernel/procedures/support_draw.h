// The support fire marker phase (F&M 7.1, 7.2): every marker is back in its
// side's pool, and each side may draw this game turn's allotment (none carried
// over). The markers are drawn when they are placed on a combat (support_fire.cpp).
#pragma once

#include "kernel/phase_procedure.h"

namespace sandtable::kernel {

class SupportDrawProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;
};

}  // namespace sandtable::kernel
