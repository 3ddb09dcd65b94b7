// The catalogue of the kernel's built-in phase procedures and the options
// each reads from its phase's `options:` in ruleset.yaml, made from the
// options' own descriptions (phase_options.h). One list serves the loader
// (which rejects unknown or mistyped options), the documents and the schema
// (`sandtable docs`), and read_phase_options, so none of them can drift.
#pragma once

#include "rules/sequence.h"

#include <string>
#include <vector>

namespace sandtable::rules {

struct ProcedureOption {
    // Text: an attribute the ruleset declares; Choice: one of `choices`;
    // Name: any name (a script's mark, a terrain value's key); Names: one
    // name or a list of them.
    enum class Kind {
        Bool,
        Int,
        Text,
        Choice,
        Name,
        Names,
        TerrainNames
    };  // TerrainNames: ids of the ruleset's terrain
    std::string key;
    Kind kind;
    std::string help;
    int min = -1'000'000;                // Int options: the smallest value that makes sense
    std::vector<std::string> choices{};  // Choice options: the allowed values
    std::string default_text{};          // the default as the documents print it; empty: none
};

struct ProcedureSpec {
    std::string name;
    // The kind of table a phase's `table:` must name.
    enum class Table { None, Odds, Threshold, StepLadder, HitMatrix, MoraleBands, Artillery } table = Table::None;
    std::vector<ProcedureOption> options;
};

const std::vector<ProcedureSpec>& procedures();
const ProcedureSpec* find_procedure(const std::string& name);

// Reading a phase's options, with the fallback when absent (the typed
// structs of phase_options.h read through these).
bool option_flag(const PhaseSpec& phase, const char* key, bool fallback);
int option_int(const PhaseSpec& phase, const char* key, int fallback);
std::string option_text(const PhaseSpec& phase, const char* key, const std::string& fallback);
// A Names option: one name or a list; empty when absent.
std::vector<std::string> option_names(const PhaseSpec& phase, const char* key);

}  // namespace sandtable::rules
