// A differential Combat Results Table (F&M 8.2): the column is found from
// attack minus defence, on the line of the defender's terrain. All lines
// share one scale of differentials and one grid of results; a better line
// starts further up the scale and so has fewer columns, read from the grid's
// left: the same differential reads further left (worse for the attacker),
// and the line's last column caps it. The ends are open ("-5 or less",
// "+10 or more").
#pragma once

#include "rules/source_location.h"

#include <map>
#include <string>
#include <vector>

namespace sandtable::rules {

struct DifferentialLine {
    std::string id;
    std::string name;
    std::vector<std::string> terrain;  // terrain ids that use this line
    std::vector<std::string>
        hexsides;  // hexside features that use it when every attacker attacks across one, none bridged
    // Hexside features that use it when every attacker attacks across one and at
    // least one crossing is bridged: a road or trail runs across it (F&M 8.2.2).
    std::vector<std::string> bridged_hexsides;
    int first = 0;  // index into the scale of its first column
    SourceLocation where;
};

class DifferentialCrt {
public:
    std::string id;
    std::string name;
    int die_faces = 6;
    int die_first = 1;
    std::vector<int> scale;  // the lowest differential of each column of the longest line, ascending
    std::vector<DifferentialLine> lines;
    std::vector<std::vector<std::string>> rows;  // rows[roll - die_first][result column], scale.size() columns
    std::vector<std::vector<SourceLocation>> cell_where;
    std::string notes;
    SourceLocation where;

    const DifferentialLine* line(const std::string& id) const;
    int columns_on(const DifferentialLine& line) const { return static_cast<int>(scale.size()) - line.first; }
    // The result column for a differential on a line, before shifts.
    int column_for(int differential, const DifferentialLine& line) const;
    // Applies a shift (positive: towards the attacker), kept within the line.
    int shifted(int column, int shift, const DifferentialLine& line) const;
    // How a column of a line is printed: "-5 or less", "0", "+2/+3", "+10 or more".
    std::string label(int column, const DifferentialLine& line) const;
    std::string result(int column, int roll) const;
    int clamped_roll(int roll) const;
    std::map<std::string, double> distribution(int column) const;
};

}  // namespace sandtable::rules
