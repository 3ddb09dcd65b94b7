// The two readers of the options' descriptions (phase_options.h): one lists
// them for the loader's catalogue and the documents, one reads a phase's
// `options:` into the struct. Private to rules/procedures.cpp.
#pragma once

#include "rules/phase_options.h"
#include "rules/procedures.h"
#include "rules/ruleset.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sandtable::rules {

// Lists each option as the loader checks it, with its default as the documents print it.
template <class O>
class OptionCatalogue final : public OptionBinder<O> {
public:
    std::vector<ProcedureOption> options;

    void flag(const char* key, bool O::*field, const char* help) override {
        add(key, ProcedureOption::Kind::Bool, help, defaults_.*field ? "true" : "false");
    }
    void number(const char* key, int O::*field, int min, const char* help) override {
        const int value = defaults_.*field;
        add(key, ProcedureOption::Kind::Int, help, value < min ? "" : std::to_string(value)).min = min;
    }
    void attribute(const char* key, AttributeOption O::*field, const char* help) override {
        add(key, ProcedureOption::Kind::Text, help, (defaults_.*field).name);
    }
    void name(const char* key, std::string O::*field, const char* help) override {
        add(key, ProcedureOption::Kind::Name, help, defaults_.*field);
    }
    void names(const char* key, std::vector<std::string> O::*, const char* help) override {
        add(key, ProcedureOption::Kind::Names, help, "");
    }
    void terrain(const char* key, std::vector<int> O::*, const char* help) override {
        add(key, ProcedureOption::Kind::TerrainNames, help, "");
    }

protected:
    void choice_of(const char* key, const std::vector<const char*>& words, const std::vector<int>& values,
                   const char* help, std::function<int(const O&)> get, std::function<void(O&, int)>,
                   bool O::*) override {
        const auto at = std::find(values.begin(), values.end(), get(defaults_));
        ProcedureOption& o =
            add(key, ProcedureOption::Kind::Choice, help, at == values.end() ? "" : words[at - values.begin()]);
        o.choices.assign(words.begin(), words.end());
    }

private:
    ProcedureOption& add(const char* key, ProcedureOption::Kind kind, const char* help, std::string default_text) {
        ProcedureOption o{key, kind, help};
        o.default_text = std::move(default_text);
        return options.emplace_back(std::move(o));
    }
    const O defaults_{};
};

// Reads a phase's options (checked by the loader) into the struct.
template <class O>
class OptionReader final : public OptionBinder<O> {
public:
    OptionReader(const PhaseSpec& phase, const Ruleset& ruleset, O& out)
        : phase_(phase), ruleset_(ruleset), out_(out) {}

    void flag(const char* key, bool O::*field, const char*) override {
        out_.*field = option_flag(phase_, key, out_.*field);
    }
    void number(const char* key, int O::*field, int, const char*) override {
        out_.*field = option_int(phase_, key, out_.*field);
    }
    void attribute(const char* key, AttributeOption O::*field, const char*) override {
        AttributeOption& a = out_.*field;
        a.name = option_text(phase_, key, a.name);
        a.index = a.name.empty() ? -1 : ruleset_.attribute_index(a.name);
    }
    void name(const char* key, std::string O::*field, const char*) override {
        out_.*field = option_text(phase_, key, out_.*field);
    }
    void names(const char* key, std::vector<std::string> O::*field, const char*) override {
        if (phase_.options.find(key)) out_.*field = option_names(phase_, key);
    }
    void terrain(const char* key, std::vector<int> O::*field, const char*) override {
        if (!phase_.options.find(key)) return;
        (out_.*field).clear();
        for (const auto& id : option_names(phase_, key)) (out_.*field).push_back(ruleset_.terrain_index(id));
    }

protected:
    void choice_of(const char* key, const std::vector<const char*>& words, const std::vector<int>& values, const char*,
                   std::function<int(const O&)>, std::function<void(O&, int)> set, bool O::*stated) override {
        const std::string written = option_text(phase_, key, "");
        for (std::size_t i = 0; i < words.size(); ++i)
            if (written == words[i]) set(out_, values[i]);
        if (stated && !written.empty()) out_.*stated = true;
    }

private:
    const PhaseSpec& phase_;
    const Ruleset& ruleset_;
    O& out_;
};

}  // namespace sandtable::rules
