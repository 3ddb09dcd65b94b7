// The options of the tabletop's procedures (Cady): written orders executed in
// parts of a move, fire on a step ladder, artillery with templates, shock and
// melee, post-melee morale.
#include "rules/phase_options.h"

namespace sandtable::rules {

void WrittenOrdersOptions::describe(OptionBinder<WrittenOrdersOptions>& b) {
    using W = WrittenOrdersOptions;
    b.names("barred_mark", &W::barred_mark,
            "units carrying this script mark (or any of a list) get no written order: they keep the one they have");
    b.number("directions", &W::directions, 4,
             "compass directions offered for a march, besides the enemy and the objectives (8: N, NE, E, …)");
    b.name("no_charge_mark", &W::no_charge_mark,
           "units carrying this script mark may be ordered anything but a charge (Cady: a unit that charged may not "
           "charge again on the following move)");
    b.name("away_from_mark", &W::away_from_mark,
           "a unit carrying this script mark, its value the handle + 1 of another unit, must be ordered away from "
           "that unit: a march or withdrawal heading more than 90 degrees off the way to it (Cady: cavalry within "
           "10 cm of a war elephant must move away from it the next turn)");
}

void TabletopMovementOptions::describe(OptionBinder<TabletopMovementOptions>& b) {
    using M = TabletopMovementOptions;
    b.attribute("allowance", &M::allowance, "the attribute holding the move in cm");
    b.number("slices", &M::slices, 1, "the parts a move is carried out in, every unit a part at a time (3: thirds)");
}

void TabletopFireOptions::describe(OptionBinder<TabletopFireOptions>& b) {
    using F = TabletopFireOptions;
    b.attribute("range", &F::range, "the attribute holding the range in cm; units without it do not fire");
    b.attribute("arc_left", &F::arc_left,
                "the attribute holding how far left of its facing a unit may shoot, degrees; none: 45 for every unit");
    b.attribute("arc_right", &F::arc_right,
                "the attribute holding how far right of its facing a unit may shoot, degrees; none: 45");
    b.number("fire_ranks", &F::fire_ranks, 1, "ranks of stands that fire");
    b.number("volleys_still", &F::volleys_still, 0, "volleys a unit that has not moved fires in the phase");
    b.number("volleys_moved", &F::volleys_moved, 0, "volleys a unit that moved part of its move fires");
    b.attribute("ammunition", &F::ammunition,
                "the attribute holding the volleys a unit has for the game (0: it does not run out); none: unlimited");
    b.flag("attacked_fire_first", &F::attacked_fire_first,
           "a missile unit in contact with an enemy that came to it this turn fires one volley at that enemy before "
           "the melee (fire.steps: at_attacker = 1); otherwise a unit in contact does not fire (Cady: missile units "
           "being attacked in melee)");
}

void TabletopArtilleryOptions::describe(OptionBinder<TabletopArtilleryOptions>& b) {
    b.number("arc", &TabletopArtilleryOptions::arc, 0,
             "degrees either side of its facing a gun may be turned to fire without it counting as a move");
}

void TabletopMeleeOptions::describe(OptionBinder<TabletopMeleeOptions>& b) {
    using M = TabletopMeleeOptions;
    b.attribute("melee", &M::melee, "the attribute holding a figure's melee point: it survives a d12 at or under it");
    b.attribute("shock", &M::shock, "the attribute holding the shock dice a charging figure rolls");
    b.number("melee_die", &M::melee_die, 2, "the die rolled per figure in melee");
    b.flag("full_move_waits", &M::full_move_waits,
           "units that meet after one of them moved more than two thirds of its move on an order other than a charge "
           "fight from the next turn (Cady: shock, melee and fire come in the last third of a move)");
}

void TabletopMoraleOptions::describe(OptionBinder<TabletopMoraleOptions>& b) {
    using M = TabletopMoraleOptions;
    b.attribute("morale", &M::morale, "the attribute holding a figure's morale value");
    b.flag("worst_only", &M::worst_only,
           "of units in melee with each other only the one with the worse reaction takes it");
}

}  // namespace sandtable::rules
