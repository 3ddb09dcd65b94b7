#include "kernel/phase_rules.h"

#include "rules/procedures.h"

namespace sandtable::kernel {

using rules::option_flag;
using rules::option_int;
using rules::option_names;
using rules::option_text;

namespace {
// An attribute an option names, or -1 when the option is absent (or names none).
int attribute_named(const rules::PhaseSpec& p, const rules::Ruleset& rs, const char* key) {
    const std::string name = option_text(p, key, "");
    return name.empty() ? -1 : rs.attribute_index(name);
}
}  // namespace

CombatPhaseRules read_combat_rules(const rules::PhaseSpec& p, const rules::Ruleset& rs) {
    CombatPhaseRules r;
    r.strength = rs.attribute_index(option_text(p, "strength", "combat"));
    r.defence = option_text(p, "defence", "").empty() ? r.strength : attribute_named(p, rs, "defence");
    r.leader = attribute_named(p, rs, "leader_adds");
    r.inactive_attacks = option_text(p, "attacker", "active") == "inactive";
    r.reach = attribute_named(p, rs, "reach");
    r.hex_target = option_text(p, "target", "unit") == "hex";
    r.terrain_defence = option_text(p, "defence_from_terrain", "");
    r.target_mark = option_text(p, "targets_marked", "");
    r.barred_mark = option_text(p, "barred_mark", "");
    r.hex_defends = option_flag(p, "hex_defends_as_one", false);
    r.short_retreat_reduces = option_text(p, "short_retreat", "eliminate") == "reduce";
    r.stiff_resistance = option_flag(p, "stiff_resistance", false);
    r.plotted_fire = option_text(p, "task", "melee") == "fire";
    r.advance_along_retreat = option_text(p, "advance", "vacated") == "path_of_retreat";
    r.advance_stated = option_text(p, "advance", "") == "vacated";
    r.advance_up_to_stacking = option_flag(p, "advance_up_to_stacking", false);
    r.zoc_bars_retreat = option_flag(p, "zoc_bars_retreat", false);
    r.victor_advances = option_flag(p, "victor_advances", false);
    r.attack_needs_entry = option_flag(p, "attack_needs_entry", false);
    r.below_lowest_refused = option_text(p, "below_lowest_column", "lowest") == "not_permitted";
    r.one_defending_hex = option_flag(p, "one_defending_hex", false);
    r.support_markers = option_int(p, "support_markers", 0);
    r.bombardment = option_flag(p, "bombardment", false);
    r.bombardment_no_effect = option_names(p, "bombardment_no_effect");
    r.friendly_fire = option_text(p, "friendly_fire", "");
    r.fortification = option_text(p, "fortification", "");
    r.repeat_mark = option_text(p, "attacks_while_mark", "");
    r.pool = rs.dice_pool_table(p.table);
    return r;
}

PlotPhaseRules read_plot_rules(const rules::PhaseSpec& p, const rules::Ruleset& rs) {
    return {rs.attribute_index(option_text(p, "melee", "combat")), rs.attribute_index(option_text(p, "fire", "fire")),
            rs.attribute_index(option_text(p, "range", "range")), option_names(p, "barred_mark")};
}

MovementPhaseRules read_movement_rules(const rules::PhaseSpec& p, const rules::Ruleset& rs) {
    MovementPhaseRules r{option_names(p, "barred_mark"),
                         option_text(p, "halved_by_mark", ""),
                         option_flag(p, "always_one_hex", false),
                         option_text(p, "bonus_from_mark", ""),
                         option_flag(p, "ignore_zoc", false),
                         option_text(p, "keep_away_mark", ""),
                         option_int(p, "keep_away", 0),
                         option_text(p, "confine_mark", ""),
                         option_text(p, "stacking_checked", "each_move") == "end_of_phase",
                         {},
                         {}};
    for (const auto& id : option_names(p, "mark_halts_before")) r.mark_halts_before.push_back(rs.terrain_index(id));
    for (const auto& id : option_names(p, "mark_passes")) r.mark_passes.push_back(rs.terrain_index(id));
    return r;
}

}  // namespace sandtable::kernel
