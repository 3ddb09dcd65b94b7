// A phase's options, typed, one struct per built-in procedure. Each struct
// describes itself: its describe() names every option once, with its key,
// kind, range, help text and the field it fills (the field's initial value is
// the default). From those descriptions come the loader's catalogue
// (rules/procedures.h), the options tables of docs/formats.md and the options
// part of schemas/ruleset.schema.json (`sandtable docs`), and the reading of a
// phase's `options:` into the struct the procedure uses (read_phase_options).
#pragma once

#include "rules/sequence.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace sandtable::rules {

struct Ruleset;

// An option naming one of the ruleset's attributes ("strength: combat"): the
// name as written (or the default), and its index once read (-1: none).
struct AttributeOption {
    std::string name;
    int index = -1;
};

// What describe() calls, once per option, in the order the documents list them.
template <class Options>
class OptionBinder {
public:
    virtual ~OptionBinder() = default;
    virtual void flag(const char* key, bool Options::*field, const char* help) = 0;
    virtual void number(const char* key, int Options::*field, int min, const char* help) = 0;
    virtual void attribute(const char* key, AttributeOption Options::*field, const char* help) = 0;
    virtual void name(const char* key, std::string Options::*field, const char* help) = 0;
    // One name or a list of them.
    virtual void names(const char* key, std::vector<std::string> Options::*field, const char* help) = 0;
    // Ids of the ruleset's terrain, one or a list, read as terrain indices.
    virtual void terrain(const char* key, std::vector<int> Options::*field, const char* help) = 0;
    // One of a fixed set of words, each standing for a value of an enum.
    // `stated`, when given, is set when the option is written at all.
    template <class E>
    void choice(const char* key, E Options::*field, std::initializer_list<std::pair<const char*, E>> words,
                const char* help, bool Options::*stated = nullptr) {
        std::vector<const char*> names;
        std::vector<int> values;
        for (const auto& [word, value] : words) names.push_back(word), values.push_back(static_cast<int>(value));
        choice_of(
            key, names, values, help, [field](const Options& o) { return static_cast<int>(o.*field); },
            [field](Options& o, int v) { o.*field = static_cast<E>(v); }, stated);
    }

protected:
    virtual void choice_of(const char* key, const std::vector<const char*>& words, const std::vector<int>& values,
                           const char* help, std::function<int(const Options&)> get,
                           std::function<void(Options&, int)> set, bool Options::*stated) = 0;
};

struct MovementOptions {
    int stacking = 1;
    AttributeOption allowance{"movement"};
    std::vector<std::string> barred_mark;
    std::string halved_by_mark;
    std::string bonus_from_mark;
    bool always_one_hex = false;
    std::string keep_away_mark;
    int keep_away = 0;
    std::vector<int> mark_halts_before;
    std::vector<int> mark_passes;
    std::string confine_mark;
    bool ignore_zoc = false;
    enum class StackingChecked { EachMove, EndOfPhase } stacking_checked = StackingChecked::EachMove;
    enum class Reinforcements { AtTurnStart, InThisPhase } reinforcements = Reinforcements::AtTurnStart;
    static void describe(OptionBinder<MovementOptions>& b);
};

struct RangedFireOptions {
    AttributeOption range{"range"};
    bool must_target_adjacent = false;
    bool defensive_adjacent_only = false;
    static void describe(OptionBinder<RangedFireOptions>& b);
};

// odds_combat, and plotted_combat, which adds `task`.
struct CombatOptions {
    AttributeOption strength{"combat"};
    AttributeOption defence;  // none written: the attackers' `strength`
    AttributeOption leader_adds;
    bool must_attack_in_zoc = true;
    int demoralized_shift = 0;
    enum class Attacker { Active, Inactive } attacker = Attacker::Active;
    AttributeOption reach;  // none: adjacent only
    enum class Target { Unit, Hex } target = Target::Unit;
    std::string defence_from_terrain;
    std::string targets_marked;
    std::string barred_mark;
    bool stiff_resistance = false;
    enum class ShortRetreat { Eliminate, Reduce } short_retreat = ShortRetreat::Eliminate;
    bool hex_defends_as_one = false;
    enum class Advance { Vacated, PathOfRetreat } advance = Advance::Vacated;
    bool advance_stated = false;  // `advance` written (PRESTAGS 8.4: a fire phase's attackers take ground too)
    bool advance_up_to_stacking = false;
    bool zoc_bars_retreat = false;
    enum class BelowLowest { Lowest, NotPermitted } below_lowest_column = BelowLowest::Lowest;
    bool one_defending_hex = false;
    bool attack_needs_entry = false;
    bool victor_advances = false;
    int support_markers = 0;
    bool bombardment = false;
    std::vector<std::string> bombardment_no_effect;
    std::string friendly_fire;
    std::string attacks_while_mark;
    std::string fortification;
    enum class Task { Melee, Fire } task = Task::Melee;  // plotted_combat only

    bool inactive_attacks() const { return attacker == Attacker::Inactive; }
    static void describe(OptionBinder<CombatOptions>& b);          // odds_combat
    static void describe_plotted(OptionBinder<CombatOptions>& b);  // plotted_combat
};

struct PlotOptions {
    AttributeOption melee{"combat"};
    AttributeOption fire{"fire"};
    AttributeOption range{"range"};
    std::vector<std::string> barred_mark;
    static void describe(OptionBinder<PlotOptions>& b);
};

struct PlottedMovementOptions {
    AttributeOption strength{"combat"};
    int stacking = 0;  // 0: the side's limit
    std::vector<std::string> barred_mark;
    static void describe(OptionBinder<PlottedMovementOptions>& b);
};

struct RecoveryOptions {
    int adjacent_enemy_modifier = 0;
    AttributeOption leader_adds;
    bool rally = false;
    static void describe(OptionBinder<RecoveryOptions>& b);
};

struct OrdersOptions {
    std::vector<std::string> barred_mark;
    static void describe(OptionBinder<OrdersOptions>& b);
};

struct WrittenOrdersOptions {
    std::vector<std::string> barred_mark;
    int directions = 8;
    std::string no_charge_mark;
    std::string away_from_mark;
    static void describe(OptionBinder<WrittenOrdersOptions>& b);
};

struct TabletopMovementOptions {
    AttributeOption allowance{"movement"};
    int slices = 3;
    static void describe(OptionBinder<TabletopMovementOptions>& b);
};

struct TabletopFireOptions {
    AttributeOption range{"range"};
    AttributeOption arc_left;  // none: 45 degrees for every unit
    AttributeOption arc_right;
    int fire_ranks = 2;
    int volleys_still = 2;
    int volleys_moved = 1;
    AttributeOption ammunition;  // none: unlimited
    bool attacked_fire_first = false;
    static void describe(OptionBinder<TabletopFireOptions>& b);
};

struct TabletopArtilleryOptions {
    int arc = 45;
    static void describe(OptionBinder<TabletopArtilleryOptions>& b);
};

struct TabletopMeleeOptions {
    AttributeOption melee{"melee"};
    AttributeOption shock{"shock"};
    int melee_die = 12;
    bool full_move_waits = false;
    static void describe(OptionBinder<TabletopMeleeOptions>& b);
};

struct TabletopMoraleOptions {
    AttributeOption morale{"morale"};
    bool worst_only = true;
    static void describe(OptionBinder<TabletopMoraleOptions>& b);
};

// A phase's options as its procedure reads them; monostate for a procedure
// that takes none (support_draw, lua) or an unknown one.
using PhaseOptions =
    std::variant<std::monostate, MovementOptions, RangedFireOptions, CombatOptions, PlotOptions, PlottedMovementOptions,
                 RecoveryOptions, OrdersOptions, WrittenOrdersOptions, TabletopMovementOptions, TabletopFireOptions,
                 TabletopArtilleryOptions, TabletopMeleeOptions, TabletopMoraleOptions>;

// Reads the phase's `options:` (already checked by the loader) into its
// procedure's struct: what is absent keeps its default; attribute and terrain
// names are looked up in the ruleset.
PhaseOptions read_phase_options(const PhaseSpec& phase, const Ruleset& ruleset);

}  // namespace sandtable::rules
