// The project's issues: every validation error and lint warning, each with
// the place in the studio a designer opens to fix it (a hex, a unit type, a
// table cell, a script line). Window-free: tests drive it without a display.
#pragma once

#include "geometry/hex.h"
#include "load/diagnostics.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <string>
#include <vector>

namespace sandtable::studio {

class ScenarioDocument;

// What a click on an issue opens.
struct IssueTarget {
    enum class Kind { File, Hex, UnitType, TableCell, ScriptLine };
    Kind kind = Kind::File;
    geometry::Hex hex{};
    int unit_type = -1;
    int table = -1;  // index into Ruleset::odds_tables
    int row = -1;    // row and column of the cell; -1 for the table as a whole
    int column = -1;
    std::string file;  // File and ScriptLine
    int line = 0;      // ScriptLine
};

struct ProjectIssue {
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    rules::SourceLocation where;
    std::string message;
    IssueTarget target;

    bool error() const { return severity == Severity::Error; }
    std::string to_string() const;
};

// Where a file position points in the model: the unit, objective, unit type
// or table cell written there; otherwise the file (a Lua file: its line).
IssueTarget locate(const rules::SourceLocation& where, const rules::Ruleset* ruleset, const rules::Scenario* scenario);

// The loader's errors as issues, located in the model when there is one.
std::vector<ProjectIssue> issues_from(const load::LoadError& error, const rules::Ruleset* ruleset = nullptr,
                                      const rules::Scenario* scenario = nullptr);

// Lint of a model as edited, before it is saved: units on terrain their
// movement class cannot enter, duplicate unit ids, reinforcements after the
// last turn, units set up outside their side's deployment zone, sides without units,
// objectives no unit can reach, result codes the ruleset does not define,
// attribute values out of their declared range, hexside features on the
// map's edge.
std::vector<ProjectIssue> lint(const rules::Ruleset& ruleset, const rules::Scenario& scenario);

// Everything: the saved files through the loader, each rule module through
// the Lua compiler and a game started with all of them, then the lint of the
// document as edited. Errors first, then warnings, each in file order.
std::vector<ProjectIssue> check_project(const ScenarioDocument& doc);

}  // namespace sandtable::studio
