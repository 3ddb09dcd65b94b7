// Problems found while loading, each with the place a designer can open.
#pragma once

#include "rules/source_location.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace sandtable::load {

struct Diagnostic {
    rules::SourceLocation where;
    std::string message;
    std::string to_string() const { return where.to_string() + ": " + message; }
};

// Thrown when loading fails; carries every problem found, not just the first.
class LoadError : public std::runtime_error {
public:
    explicit LoadError(std::vector<Diagnostic> diagnostics);
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    std::vector<Diagnostic> diagnostics_;
};

// Collects problems while one or more files are read.
class DiagnosticSink {
public:
    void error(rules::SourceLocation where, std::string message) {
        items_.push_back({std::move(where), std::move(message)});
    }
    bool empty() const { return items_.empty(); }
    const std::vector<Diagnostic>& items() const { return items_; }
    // Throws LoadError when anything was reported.
    void throw_if_any() const {
        if (!items_.empty()) throw LoadError(items_);
    }

private:
    std::vector<Diagnostic> items_;
};

}  // namespace sandtable::load
