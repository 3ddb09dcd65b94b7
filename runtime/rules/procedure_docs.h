// Documents written from the procedures' option descriptions (phase_options.h):
// the options table of each procedure in docs/formats.md and the options part
// of the ruleset schema, schemas/procedure-options.schema.json. `sandtable
// docs write` puts them in place; `sandtable docs check` (a test) fails when
// the files say something else.
#pragma once

#include "rules/procedures.h"

#include <string>

namespace sandtable::rules {

// A Markdown table: option, type, default, effect.
std::string options_markdown(const ProcedureSpec& procedure);
// The whole schema file: every procedure's name, and the options each accepts.
std::string options_schema();

}  // namespace sandtable::rules
