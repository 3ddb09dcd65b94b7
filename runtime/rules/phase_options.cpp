// Each procedure's options, described once: key, kind, range and help. The
// defaults are the structs' initial values (phase_options.h); the documents
// print them beside the help, so the help says what a default means only
// where a value alone would not tell (none: adjacent only). The combat and
// tabletop procedures' options are in the two files beside this one.
#include "rules/phase_options.h"

namespace sandtable::rules {

void MovementOptions::describe(OptionBinder<MovementOptions>& b) {
    using M = MovementOptions;
    b.number("stacking", &M::stacking, 1,
             "how many friendly units that count for stacking may stand in a hex where a unit ends a move, a retreat "
             "or an advance");
    b.attribute("allowance", &M::allowance, "the attribute holding the movement allowance");
    b.names("barred_mark", &M::barred_mark,
            "units carrying this script mark (or any of the list) may not be selected by their player in the phase "
            "(scripts move them, or hold them: PRESTAGS panicked units flee by rule, units in contact stay)");
    b.name("halved_by_mark", &M::halved_by_mark,
           "units carrying this script mark move at half their allowance, fractions kept: every step costs them double "
           "(PRESTAGS 10.23, a unit beyond its leaders' control)");
    b.name("bonus_from_mark", &M::bonus_from_mark,
           "units carrying this script mark add the mark's value to their allowance in this phase (a declared charge's "
           "extra movement, `scripts/declared_charges.lua`)");
    b.flag("always_one_hex", &M::always_one_hex,
           "a unit that may move may always move one hex into passable terrain that no enemy holds, whatever the step "
           "costs; that hex is then its whole move (PRESTAGS 5.15, 10.24)");
    b.name("keep_away_mark", &M::keep_away_mark,
           "units carrying this script mark may not enter a hex within `keep_away` hexes of an enemy unit in this "
           "phase (regimental 2.0: a strategic move; the `command` module marks a regiment whose player chose one, and "
           "`bonus_from_mark` gives it the strategic allowance)");
    b.number("keep_away", &M::keep_away, 0, "the distance in hexes `keep_away_mark` keeps a unit from the enemy");
    b.terrain("mark_halts_before", &M::mark_halts_before,
              "units carrying `keep_away_mark` may not enter these terrains: they halt before them (\"Halt before "
              "entering these features if moving strategic\", regimental 2.3)");
    b.terrain("mark_passes", &M::mark_passes,
              "terrains that stop a move (`stops_movement`) do not stop a unit carrying `keep_away_mark`: it moves on "
              "through them (\"a stand moving strategically can move into town without halting\", 2.3)");
    b.name("confine_mark", &M::confine_mark,
           "units carrying the mark step only into hexes where other units of their formation stand, so they never "
           "cross a vacant hex (regimental 2.1, 2.4: an H or D regiment's reshuffles; the `command` module marks who "
           "may reshuffle)");
    b.flag("ignore_zoc", &M::ignore_zoc,
           "enemy zones of control neither stop a unit nor hold it in place in this phase (regimental 2.5: a regiment "
           "on retreat orders moves at strategic distance even through them; its `command` module takes a strength "
           "point for each hex of the move in one)");
    b.choice("stacking_checked", &M::stacking_checked,
             {{"each_move", StackingChecked::EachMove}, {"end_of_phase", StackingChecked::EndOfPhase}},
             "when the `stacking` limit binds. `each_move`: no move ends with more units in a hex than the limit. "
             "`end_of_phase`: \"Stacking limitations do not apply during the Movement Phase … (The restrictions apply "
             "at the end of Movement.)\" (PRESTAGS 5.26, 5.4): a move may end over the limit while as many units there "
             "as it is over have not moved and have a step out of the hex (not held in an enemy zone); `end_phase` is "
             "refused while a hex is over it, naming the hex. Which units may share a hex (`stacking_mixes`) applies "
             "to every move either way");
    b.choice("reinforcements", &M::reinforcements, {{"arrive", Reinforcements::InThisPhase}},
             "the active side's reinforcements due this game turn (or held up before) enter as this phase begins, in "
             "scenario order, not when the game turn starts (\"The active player may bring reinforcements onto the "
             "map\", F&M 4.1): the other side's stay off the map through this side's turn");
}

void RangedFireOptions::describe(OptionBinder<RangedFireOptions>& b) {
    using R = RangedFireOptions;
    b.attribute("range", &R::range, "the attribute holding the range in hexes, the target's hex counted");
    b.flag("must_target_adjacent", &R::must_target_adjacent,
           "a firer next to an enemy that is on its front face (BMW: not disordered) and may be fired at cannot fire "
           "at anything farther away; it may still fire at any adjacent enemy");
    b.flag("defensive_adjacent_only", &R::defensive_adjacent_only,
           "defensive fire (by the non-active side) only at adjacent enemies");
}

void PlotOptions::describe(OptionBinder<PlotOptions>& b) {
    using P = PlotOptions;
    b.attribute("melee", &P::melee, "a unit with it above 0 may be ordered to melee");
    b.attribute("fire", &P::fire, "a unit with it above 0 may be ordered to fire or fire defensively");
    b.attribute("range", &P::range, "the fire range in hexes, target hex counted");
    b.names("barred_mark", &P::barred_mark,
            "units carrying this script mark (or any of the list) get no orders: they hold, or scripts move them "
            "(PRESTAGS: panicked units, units in contact)");
}

void PlottedMovementOptions::describe(OptionBinder<PlottedMovementOptions>& b) {
    using P = PlottedMovementOptions;
    b.attribute("strength", &P::strength,
                "the attribute whose total decides which side enters a hex both try to enter first");
    b.number("stacking", &P::stacking, 1,
             "units that count against stacking allowed where a move ends; none: the side's limit");
    b.names("barred_mark", &P::barred_mark,
            "units carrying this script mark (or any of a list) do not carry out their move orders");
}

void RecoveryOptions::describe(OptionBinder<RecoveryOptions>& b) {
    using R = RecoveryOptions;
    b.number("adjacent_enemy_modifier", &R::adjacent_enemy_modifier, -1'000'000,
             "added to the roll of a unit next to an enemy (BMW: −1)");
    b.attribute("leader_adds", &R::leader_adds,
                "the best value of this attribute among the side's units in the unit's hex is added to its roll (BMW: "
                "`leader`); without it, nothing is added");
    b.flag("rally", &R::rally, "`true`: after reorganization, the active side may try to rally one eliminated unit");
}

void OrdersOptions::describe(OptionBinder<OrdersOptions>& b) {
    b.names("barred_mark", &OrdersOptions::barred_mark,
            "a formation whose every unit on the map carries this script mark (or any of a list) is given no order: "
            "it keeps the one it has (a regiment whose HQ is lost, regimental 6.0)");
}

}  // namespace sandtable::rules
