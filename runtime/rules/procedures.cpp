#include "rules/procedures.h"

namespace sandtable::rules {

using K = ProcedureOption::Kind;
using T = ProcedureSpec::Table;

namespace {
const std::vector<ProcedureOption>& odds_combat_options() {
    static const std::vector<ProcedureOption> list{
        {"strength", K::Text,
         "the attribute holding combat strength; losses count it from the front face (default combat)"},
        {"defence", K::Text,
         "the attribute the defenders fight with, when not the attackers' `strength` (F&M: attack and defense "
         "strengths)"},
        {"leader_adds", K::Text, "attribute of a leader stacked with a fighting unit added to its strength"},
        {"must_attack_in_zoc", K::Bool,
         "units in an enemy zone of control at the start of the phase must attack or be attacked (default true)"},
        {"demoralized_shift", K::Int, "column shift for attacks by a demoralized side (BMW: -1)"},
        {"attacker",
         K::Choice,
         "who attacks: active (default) or inactive (defensive fire after the enemy's movement)",
         -1'000'000,
         {"active", "inactive"}},
        {"reach", K::Text,
         "the attribute giving the range in hexes, target hex counted, at which a unit may attack with a clear line of "
         "sight (fire); default: adjacent only"},
        {"target",
         K::Choice,
         "unit (default) or hex: a combat is declared against a hex and every unit in it that can be fired at defends",
         -1'000'000,
         {"unit", "hex"}},
        {"defence_from_terrain", K::Name,
         "the defence is this value of the defending hex's terrain (e.g. fire_protection), not the units' strength; "
         "terrain's melee effects do not apply"},
        {"targets_marked", K::Name,
         "only units carrying this script mark may be attacked (defensive fire at units that moved)"},
        {"barred_mark", K::Name, "units carrying this script mark may not attack in the phase"},
        {"stiff_resistance", K::Bool,
         "a side a result tells to retreat may instead stay and lose a step (one unit, chosen by its owner), decided "
         "after the roll; then nobody advances (F&M 8.4)"},
        {"short_retreat",
         K::Choice,
         "a unit that cannot retreat the full distance: eliminate (default; a retreat may go on through friends to the "
         "first free hex), or reduce: a retreat ends exactly the distance away, and a unit that can retreat at least "
         "one hex but not that far goes as far as it can and loses a step there (F&M 8.3)",
         -1'000'000,
         {"eliminate", "reduce"}},
        {"hex_defends_as_one", K::Bool,
         "whoever of the defending side stays in a defending hex defends, even if the unit declared against has left "
         "it before the roll"},
        {"advance",
         K::Choice,
         "who advances after combat where: vacated (default: one unit into a vacated hex, further by its "
         "advance_hexes; written out, it lets a fire phase's attackers next to the emptied hex advance too, PRESTAGS "
         "8.4) or path_of_retreat: after a defender's retreat only, any of the attackers along the hexes it left, one "
         "to a hex, ignoring zones of control (F&M 8.5)",
         -1'000'000,
         {"vacated", "path_of_retreat"}},
        {"advance_up_to_stacking", K::Bool,
         "after one unit advances into a vacated hex, every other unit that took part on its side may advance too, "
         "each in turn, while stacking allows (regimental 4.2: \"may occupy the hex of defeated or eliminated stands "
         "up to the stacking limit\"); default false: one unit advances"},
        {"zoc_bars_retreat", K::Bool,
         "a retreat never enters or passes an enemy zone of control, even where a friend stands (F&M 8.3); default "
         "false: a friend there opens the hex to the retreat"},
        {"below_lowest_column",
         K::Choice,
         "odds below the table's lowest column: lowest (default: read on the lowest column) or not_permitted: such a "
         "combat may not be resolved, counted as the rule scripts count strengths, and a target or defender is offered "
         "only while the attackers that could join reach the lowest column (PRESTAGS 8.1)",
         -1'000'000,
         {"lowest", "not_permitted"}},
        {"one_defending_hex", K::Bool,
         "a combat is against one hex: only units in a hex already defending may be added as defenders (F&M 8.0: "
         "\"Only one defending hex may be attacked in a single combat\")"},
        {"attack_needs_entry", K::Bool,
         "a unit may attack an adjacent hex only where it could move: not into terrain, nor across a hexside, "
         "prohibited to its movement class (F&M 8.2)"},
        {"victor_advances", K::Bool,
         "the side a result leaves unhurt may advance into a hex the other vacated, the defender too (BMW 7.9: after "
         "AL); default false: the defender advances only after the attacker retreats"},
        {"support_markers", K::Int,
         "support fire markers (the scenario's support_fire) each side may place on a combat, each drawn at random "
         "from its pool, face down, in turn: attacker, defender, attacker, defender, …; then all are revealed and "
         "added (F&M 8.2.1: 2). In a bombardment, the attacker's markers only",
         0},
        {"bombardment", K::Bool,
         "a bombardment phase (F&M 8.1): the attacker fights with support fire markers alone, against any enemy unit, "
         "on its hex's terrain line; no advance"},
        {"bombardment_no_effect", K::Names,
         "results that have no effect in a bombardment (F&M 8.1.3: Ae, A1, A2, A3, Ex)"},
        {"friendly_fire", K::Name,
         "in a bombardment, the result that reduces one of the attacker's units next to the target, and has no effect "
         "when none is (F&M 8.1.3: (A))"},
        {"attacks_while_mark", K::Name,
         "a unit that has attacked in the phase may attack again while this script mark is above 0 (regimental 5.1: a "
         "battery fires a barrage for each shot it has left)"},
        {"fortification", K::Name,
         "a terrain value: where the defender's hex has it, the defender's strength is doubled and each attacking "
         "support marker counts half, rounded down (F&M 8.2.3)"}};
    return list;
}

// The odds combat options, and which plotted task a plotted combat carries out.
const std::vector<ProcedureOption>& plotted_combat_options() {
    static const std::vector<ProcedureOption> list = [] {
        std::vector<ProcedureOption> l = odds_combat_options();
        l.push_back({"task",
                     K::Choice,
                     "the plotted task this phase carries out: melee (default) or fire",
                     -1'000'000,
                     {"melee", "fire"}});
        return l;
    }();
    return list;
}
}  // namespace

const std::vector<ProcedureSpec>& procedures() {
    static const std::vector<ProcedureSpec> list{
        {"movement",
         T::None,
         {{"stacking", K::Int, "units that count against stacking allowed in a hex at the end of a move (default 1)",
           1},
          {"allowance", K::Text, "the attribute holding the movement allowance (default movement)"},
          {"barred_mark", K::Names,
           "units carrying this script mark (or any of a list of marks) may not be moved by their player in the phase "
           "(scripts move them, or hold them)"},
          {"halved_by_mark", K::Name,
           "units carrying this script mark move at half their allowance, fractions kept (out of a leader's control)"},
          {"bonus_from_mark", K::Name,
           "units carrying this script mark add its value to their allowance in the phase (a declared charge's extra "
           "movement)"},
          {"always_one_hex", K::Bool,
           "a unit that may move may always move one hex into passable terrain, whatever it costs, and then no "
           "further"},
          {"keep_away_mark", K::Name,
           "units carrying this script mark may not enter a hex within `keep_away` hexes of an enemy unit in this "
           "phase (regimental 2.0: strategic movement)"},
          {"keep_away", K::Int, "the distance in hexes `keep_away_mark` keeps a unit from the enemy", 0},
          {"mark_halts_before", K::TerrainNames,
           "terrain a unit carrying `keep_away_mark` may not enter: it halts before it (regimental 2.3: a strategic "
           "move halts before woods, rough ground, fordable streams)"},
          {"mark_passes", K::TerrainNames,
           "terrain that stops a move (`stops_movement`) but not a unit carrying `keep_away_mark`, which moves on "
           "through it (regimental 2.3: \"a stand moving strategically can move into town without halting\")"},
          {"confine_mark", K::Name,
           "units carrying this script mark step only into hexes where other units of their formation stand: they "
           "shuffle among their regiment's hexes and never cross a vacant one (regimental 2.1, 2.4)"},
          {"ignore_zoc", K::Bool,
           "enemy zones of control neither stop a unit nor hold it in place in this phase (regimental 2.5: a retreat "
           "order moves at strategic distance even through them)"},
          {"stacking_checked",
           K::Choice,
           "when the stacking limit binds: each_move (default: no move ends over it) or end_of_phase: moves may pile "
           "units up while units there that have not moved can still leave, and the phase ends only with every hex "
           "within the limit (PRESTAGS 5.26, 5.4)",
           -1'000'000,
           {"each_move", "end_of_phase"}},
          {"reinforcements",
           K::Choice,
           "arrive: the active side's reinforcements due this turn enter as this phase begins (F&M 4.1: in their own "
           "side's Movement Phase), not at the start of the game turn",
           -1'000'000,
           {"arrive"}}}},
        {"ranged_fire",
         T::Threshold,
         {{"range", K::Text, "the attribute holding the range in hexes, target hex counted (default range)"},
          {"must_target_adjacent", K::Bool, "a firer with an adjacent eligible (front-face) target must fire at one"},
          {"defensive_adjacent_only", K::Bool, "the inactive side fires only at adjacent enemies"}}},
        {"odds_combat", T::Odds, odds_combat_options()},
        {"plot",
         T::None,
         {{"melee", K::Text,
           "the attribute of melee strength: a unit with it may be plotted to melee (default combat)"},
          {"fire", K::Text,
           "the attribute of fire strength: a unit with it may be plotted to fire, offensively or defensively (default "
           "fire)"},
          {"range", K::Text, "the attribute holding the fire range in hexes, target hex counted (default range)"},
          {"barred_mark", K::Names,
           "units carrying this script mark (or any of a list) get no orders: they hold, or scripts move them"}}},
        {"plotted_combat", T::Odds, plotted_combat_options()},
        {"plotted_movement",
         T::None,
         {{"strength", K::Text,
           "the attribute whose total decides which side enters a hex both try to enter first (default combat)"},
          {"stacking", K::Int,
           "units that count against stacking allowed where a move ends (default: the side's limit)", 1},
          {"barred_mark", K::Names,
           "units carrying this script mark (or any of a list) do not carry out their move orders"}}},
        {"recovery",
         T::Threshold,
         {{"adjacent_enemy_modifier", K::Int, "added to the roll of a unit next to an enemy"},
          {"leader_adds", K::Text, "attribute of a stacked leader added to the roll"},
          {"rally", K::Bool, "after recovery, the side may rally one eliminated unit next to a leader"}}},
        {"support_draw", T::None, {}},
        {"orders",
         T::None,
         {{"barred_mark", K::Names,
           "a formation whose every unit on the map carries this script mark (or any of a list) is given no order: it "
           "keeps the one it has (a regiment whose HQ is lost, regimental 6.0)"}}},
        // The free table (Cady): written orders executed in thirds of a move,
        // fire on a step ladder, artillery with templates, shock and melee,
        // post-melee morale.
        {"written_orders",
         T::None,
         {{"barred_mark", K::Names,
           "units carrying this script mark (or any of a list) get no written order: they keep the one they have"},
          {"directions", K::Int,
           "compass directions offered for a march, besides the enemy and the objectives (default 8: N, NE, E, …)", 4},
          {"no_charge_mark", K::Name,
           "units carrying this script mark may be ordered anything but a charge (Cady: a unit that charged may not "
           "charge again on the following move)"},
          {"away_from_mark", K::Name,
           "a unit carrying this script mark, its value the handle + 1 of another unit, must be ordered away from that "
           "unit: a march or withdrawal heading more than 90 degrees off the way to it (Cady: cavalry within 10 cm of "
           "a war elephant must move away from it the next turn)"}}},
        {"table_movement",
         T::None,
         {{"allowance", K::Text, "the attribute holding the move in cm (default movement)"},
          {"slices", K::Int, "the parts a move is carried out in, every unit a part at a time (default 3: thirds)",
           1}}},
        {"table_fire",
         T::StepLadder,
         {{"range", K::Text, "the attribute holding the range in cm (default range); units without it do not fire"},
          {"arc_left", K::Text,
           "the attribute holding how far left of its facing a unit may shoot, degrees (default: 45 for every unit)"},
          {"arc_right", K::Text,
           "the attribute holding how far right of its facing a unit may shoot, degrees (default: 45)"},
          {"fire_ranks", K::Int, "ranks of stands that fire (default 2)", 1},
          {"volleys_still", K::Int, "volleys a unit that has not moved fires in the phase (default 2)", 0},
          {"volleys_moved", K::Int, "volleys a unit that moved part of its move fires (default 1)", 0},
          {"ammunition", K::Text,
           "the attribute holding the volleys a unit has for the game (0: it does not run out); default: unlimited"},
          {"attacked_fire_first", K::Bool,
           "a missile unit in contact with an enemy that came to it this turn fires one volley at that enemy before "
           "the melee (fire.steps: at_attacker = 1); otherwise a unit in contact does not fire (Cady: missile units "
           "being attacked in melee)"}}},
        {"table_artillery",
         T::Artillery,
         {{"arc", K::Int,
           "degrees either side of its facing a gun may be turned to fire without it counting as a move (default 45)",
           0}}},
        {"table_melee",
         T::HitMatrix,
         {{"melee", K::Text,
           "the attribute holding a figure's melee point: it survives a d12 at or under it (default melee)"},
          {"shock", K::Text, "the attribute holding the shock dice a charging figure rolls (default shock)"},
          {"melee_die", K::Int, "the die rolled per figure in melee (default 12)", 2},
          {"full_move_waits", K::Bool,
           "units that meet after one of them moved more than two thirds of its move on an order other than a charge "
           "fight from the next turn (Cady: shock, melee and fire come in the last third of a move)"}}},
        {"table_morale",
         T::MoraleBands,
         {{"morale", K::Text, "the attribute holding a figure's morale value (default morale)"},
          {"worst_only", K::Bool,
           "of units in melee with each other only the one with the worse reaction takes it (default true)"}}},
        {"lua", T::None, {}},
    };
    return list;
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
