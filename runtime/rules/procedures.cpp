#include "rules/procedures.h"
#include "rules/option_binders.h"

namespace sandtable::rules {

namespace {

using T = ProcedureSpec::Table;

// One built-in procedure: its name, the kind of table it resolves with, and
// its options' struct with the description to read.
struct Entry {
    const char* name;
    T table;
    std::vector<ProcedureOption> (*catalogue)();
    PhaseOptions (*read)(const PhaseSpec&, const Ruleset&);
};

template <class O, void (*Describe)(OptionBinder<O>&)>
std::vector<ProcedureOption> catalogue_of() {
    OptionCatalogue<O> catalogue;
    Describe(catalogue);
    return std::move(catalogue.options);
}

// What follows from the options as written: a combat's defenders fight with the attackers' strength unless told.
template <class O>
void settle(O&) {}
void settle(CombatOptions& c) {
    if (c.defence.name.empty()) c.defence.index = c.strength.index;
}

template <class O, void (*Describe)(OptionBinder<O>&)>
PhaseOptions read_as(const PhaseSpec& phase, const Ruleset& ruleset) {
    O options;
    OptionReader<O> reader(phase, ruleset, options);
    Describe(reader);
    settle(options);
    return options;
}

template <class O, void (*Describe)(OptionBinder<O>&)>
Entry entry(const char* name, T table) {
    return {name, table, &catalogue_of<O, Describe>, &read_as<O, Describe>};
}

std::vector<ProcedureOption> no_options() { return {}; }
PhaseOptions read_none(const PhaseSpec&, const Ruleset&) { return {}; }

const std::vector<Entry>& entries() {
    static const std::vector<Entry> list{
        entry<MovementOptions, &MovementOptions::describe>("movement", T::None),
        entry<RangedFireOptions, &RangedFireOptions::describe>("ranged_fire", T::Threshold),
        entry<CombatOptions, &CombatOptions::describe>("odds_combat", T::Odds),
        entry<PlotOptions, &PlotOptions::describe>("plot", T::None),
        entry<CombatOptions, &CombatOptions::describe_plotted>("plotted_combat", T::Odds),
        entry<PlottedMovementOptions, &PlottedMovementOptions::describe>("plotted_movement", T::None),
        entry<RecoveryOptions, &RecoveryOptions::describe>("recovery", T::Threshold),
        {"support_draw", T::None, &no_options, &read_none},
        entry<OrdersOptions, &OrdersOptions::describe>("orders", T::None),
        // The tabletop (Cady).
        entry<WrittenOrdersOptions, &WrittenOrdersOptions::describe>("written_orders", T::None),
        entry<TabletopMovementOptions, &TabletopMovementOptions::describe>("table_movement", T::None),
        entry<TabletopFireOptions, &TabletopFireOptions::describe>("table_fire", T::StepLadder),
        entry<TabletopArtilleryOptions, &TabletopArtilleryOptions::describe>("table_artillery", T::Artillery),
        entry<TabletopMeleeOptions, &TabletopMeleeOptions::describe>("table_melee", T::HitMatrix),
        entry<TabletopMoraleOptions, &TabletopMoraleOptions::describe>("table_morale", T::MoraleBands),
        {"lua", T::None, &no_options, &read_none},
    };
    return list;
}

}  // namespace

const std::vector<ProcedureSpec>& procedures() {
    static const std::vector<ProcedureSpec> list = [] {
        std::vector<ProcedureSpec> specs;
        for (const Entry& e : entries()) specs.push_back({e.name, e.table, e.catalogue()});
        return specs;
    }();
    return list;
}

PhaseOptions read_phase_options(const PhaseSpec& phase, const Ruleset& ruleset) {
    for (const Entry& e : entries())
        if (phase.procedure == e.name) return e.read(phase, ruleset);
    return {};
}

const ProcedureSpec* find_procedure(const std::string& name) {
    for (const auto& p : procedures())
        if (p.name == name) return &p;
    return nullptr;
}

bool option_flag(const PhaseSpec& phase, const char* key, bool fallback) {
    const Param* v = phase.options.find(key);
    return v && std::holds_alternative<bool>(v->value) ? std::get<bool>(v->value) : fallback;
}

int option_int(const PhaseSpec& phase, const char* key, int fallback) {
    const Param* v = phase.options.find(key);
    return v && std::holds_alternative<long long>(v->value) ? static_cast<int>(std::get<long long>(v->value))
                                                            : fallback;
}

std::vector<std::string> option_names(const PhaseSpec& phase, const char* key) {
    std::vector<std::string> out;
    const Param* v = phase.options.find(key);
    if (!v) return out;
    if (const auto* one = std::get_if<std::string>(&v->value)) out.push_back(*one);
    if (const auto* list = v->list())
        for (const auto& item : *list)
            if (const auto* name = std::get_if<std::string>(&item.value)) out.push_back(*name);
    return out;
}

std::string option_text(const PhaseSpec& phase, const char* key, const std::string& fallback) {
    const Param* v = phase.options.find(key);
    return v && std::holds_alternative<std::string>(v->value) ? std::get<std::string>(v->value) : fallback;
}

}  // namespace sandtable::rules
