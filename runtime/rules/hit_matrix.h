// A hit matrix (Cady's shock chart): one die per shock per figure, hitting on
// the numbers in the cell of the attacker's class (column) against the
// receiver's class (row); an empty cell never hits.
#pragma once

#include "rules/source_location.h"

#include <string>
#include <vector>

namespace sandtable::rules {

struct HitMatrix {
    std::string id;
    std::string name;
    std::string notes;
    int die_faces = 6;
    std::string attacker_by;                           // enum attribute of the unit dealing the hits
    std::string defender_by;                           // enum attribute of the unit taking them
    std::vector<std::string> attackers;                // the classes with a column, in order
    std::vector<std::string> defenders;                // the classes with a row
    std::vector<std::vector<std::vector<int>>> cells;  // [defender][attacker] -> faces that hit
    SourceLocation where;

    // The faces that hit; empty when either class has no line.
    const std::vector<int>& hits(const std::string& attacker, const std::string& defender) const;
};

}  // namespace sandtable::rules
