// The table an odds combat reads, odds or differential (with the defender's
// terrain line): which column attack and defence fall in, the column a shift
// moves that to, and the column's label. The estimate and the resolution ask
// the same questions of it, so they cannot count a column two ways.
#pragma once

#include "rules/differential_crt.h"
#include "rules/odds_crt.h"

#include <string>

namespace sandtable::kernel {

struct CombatTable {
    const rules::OddsCrt* odds = nullptr;
    const rules::DifferentialCrt* differential = nullptr;
    const rules::DifferentialLine* line = nullptr;  // the differential table's line, else null

    bool valid() const { return odds || (differential && line); }
    // Before shifts; a defence of 0 falls in an odds table's last column.
    int column(int attack, int defend) const {
        if (odds) return defend <= 0 ? static_cast<int>(odds->columns.size()) - 1 : odds->column_for(attack, defend);
        return differential->column_for(attack - defend, *line);
    }
    int shifted(int column, int shift) const {
        return odds ? odds->shifted(column, shift) : differential->shifted(column, shift, *line);
    }
    std::string label(int column) const {
        return odds ? odds->columns[static_cast<std::size_t>(column)].label : differential->label(column, *line);
    }
};

}  // namespace sandtable::kernel
