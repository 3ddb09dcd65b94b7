// An odds Combat Results Table: columns are attacker:defender ratios, rows are
// die rolls. Odds are rounded down to a printed column (in the defender's
// favour), shifted, clamped to the ends; the end columns may be automatic
// results ("6-1 or more is an automatic DL").
#pragma once

#include "rules/source_location.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::rules {

struct OddsColumn {
    std::string label;  // as printed: "1-4", "3-1"
    int attack = 1;     // the ratio attack:defend of the column
    int defend = 1;
    std::string automatic;  // result code when automatic, else empty
    SourceLocation where;   // of the automatic result when there is one, else of the odds
};

class OddsCrt {
public:
    std::string id;
    std::string name;
    int die_faces = 6;
    int die_first = 1;                           // the lowest face; rows are die_first .. die_first + die_faces - 1
    std::vector<OddsColumn> columns;             // ascending odds
    std::vector<std::vector<std::string>> rows;  // rows[roll - die_first][column]
    std::vector<std::vector<SourceLocation>> cell_where;  // like rows: where each result is written
    std::string notes;
    SourceLocation where;

    // The column for attack against defend before shifts: the highest column
    // whose ratio does not exceed the real one; the lowest if none does.
    int column_for(int attack, int defend) const;
    // Applies a shift (positive: towards the attacker) and clamps to the ends.
    int shifted(int column, int shift) const;
    std::string result(int column, int roll) const;
    // A modified roll brought onto the table: below the first row reads the
    // first row, above the last row the last.
    int clamped_roll(int roll) const;
    // Probability of each result code in a column, from the die's faces.
    std::map<std::string, double> distribution(int column) const;
};

}  // namespace sandtable::rules
