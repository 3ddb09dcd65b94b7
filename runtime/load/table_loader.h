// Table files (tables/*.yaml): one table each, its shape named by `kind`.
#pragma once

#include "load/diagnostics.h"
#include "rules/ruleset.h"

#include <yaml-cpp/yaml.h>

#include <string>

namespace sandtable::load {

void load_table_file(const std::string& path, rules::Ruleset& ruleset, DiagnosticSink& sink);
// As listed in a ruleset: a missing file is reported where the ruleset names
// it. Returns false when the table could not be loaded cleanly.
bool load_table_file(const std::string& path, const rules::SourceLocation& named_at, const std::string& as_written,
                     rules::Ruleset& ruleset, DiagnosticSink& sink);
// Reads one table from a parsed (possibly house-rule patched) document.
void load_table_node(const YAML::Node& root, const std::string& file, rules::Ruleset& ruleset, DiagnosticSink& sink);
// Reads one table from YAML text (the studio validates edits as they are typed).
void load_table_text(const std::string& text, const std::string& shown_as, rules::Ruleset& ruleset,
                     DiagnosticSink& sink);
// Phases name tables that exist, result codes are defined, target attributes exist.
void check_table_references(const rules::Ruleset& ruleset, DiagnosticSink& sink, bool all_tables_loaded = true);

}  // namespace sandtable::load
