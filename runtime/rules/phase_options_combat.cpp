// The options of odds_combat and plotted_combat (CombatOptions).
#include "rules/phase_options.h"

namespace sandtable::rules {

namespace {

void who_fights(OptionBinder<CombatOptions>& b) {
    using C = CombatOptions;
    b.attribute("strength", &C::strength, "the attribute holding combat strength; losses count it from the front face");
    b.attribute("defence", &C::defence,
                "the attribute the defenders fight with, when not `strength` (F&M: `attack` for attackers, `defense` "
                "for defenders)");
    b.attribute("leader_adds", &C::leader_adds,
                "the leader value: the best value of this attribute among a side's units in a hex is added to the "
                "strength of its units fighting there, and units with a value above 0 are rally points for `recovery` "
                "(without it, no leader value and no rally points)");
    b.flag("must_attack_in_zoc", &C::must_attack_in_zoc, "mandatory combat, below");
    b.number("demoralized_shift", &C::demoralized_shift, -1'000'000,
             "column shift added to attacks made by a demoralized side (BMW: −1)");
    b.choice("attacker", &C::attacker, {{"active", C::Attacker::Active}, {"inactive", C::Attacker::Inactive}},
             "who attacks; `inactive`: the other side, as in defensive fire after the enemy's movement (PRESTAGS "
             "6.42). That side declares, chooses its losses as the attacker, and nobody advances");
    b.attribute("reach", &C::reach,
                "fire from a distance: a unit may join a combat against a unit up to this attribute's value in hexes "
                "away (the target hex counted), with a clear line of sight (terrain and hexsides with `blocks_los`, "
                "then the scripts' `sight.check`). None: adjacent units only. Nobody advances after a combat in a "
                "phase with `reach`, unless it says `advance: vacated` (PRESTAGS 8.4: then an attacker next to the hex "
                "its fire emptied may advance into it)");
    b.choice("target", &C::target, {{"unit", C::Target::Unit}, {"hex", C::Target::Hex}},
             "`hex`: a combat is declared against one hex, and every unit in it that can be fired at (capability "
             "`can_be_fired_at`) defends; no other defender may be added (PRESTAGS 6.16, 6.23).");
    b.name("defence_from_terrain", &C::defence_from_terrain,
           "the defence is this `values:` entry of the defending hex's terrain (e.g. `fire_protection`), not the "
           "units' strengths; terrain's melee effects (column shifts, halving) do not apply");
    b.name("targets_marked", &C::targets_marked,
           "only units carrying this script mark (non-zero, `game.set_mark`) may be attacked, e.g. units that moved "
           "this phase");
    b.name("barred_mark", &C::barred_mark,
           "units carrying this script mark may not attack in the phase (e.g. a unit that fired last player-turn)");
}

void what_results_do(OptionBinder<CombatOptions>& b) {
    using C = CombatOptions;
    b.flag("stiff_resistance", &C::stiff_resistance,
           "after the roll, a side a result tells to retreat may instead stay and lose a step (one unit, its owner "
           "choosing; a reduced or one-step unit dies); then nobody advances (F&M 8.4).");
    b.choice("short_retreat", &C::short_retreat,
             {{"eliminate", C::ShortRetreat::Eliminate}, {"reduce", C::ShortRetreat::Reduce}},
             "a unit that cannot retreat the full distance: `eliminate` ; `reduce`: a retreat ends exactly the "
             "distance away (never further on through friends), and a unit that can retreat at least one hex but not "
             "that far goes as far as it can (its owner choosing among the farthest hexes) and loses a step there, "
             "flipping or, reduced already, dying (F&M 8.3). With `reduce`, when every hex at the full distance holds "
             "a friend, the retreating player may instead displace one (8.3.1): the friend is pushed to an adjacent "
             "hex, free or held by a friend that can be pushed on in turn (never into an enemy, prohibited terrain or "
             "an enemy zone of control), each pushed unit's owner choosing where; then the retreating unit moves in. "
             "An attacker's displaced unit attacks no more that phase, and `unit.retreated` is raised for it with "
             "`displaced = 1`. A unit that cannot move at all is eliminated either way");
    b.flag(
        "hex_defends_as_one", &C::hex_defends_as_one,
        "whoever of the defending side still stands in a defending hex when the die is rolled defends, even if the "
        "unit the combat was declared against has left it (PRESTAGS 5.41, with 17.5's partial retreat before combat).");
    b.choice(
        "advance", &C::advance, {{"vacated", C::Advance::Vacated}, {"path_of_retreat", C::Advance::PathOfRetreat}},
        "`vacated`: the advance described below; written out in a fire phase (`reach`, hex targets, a terrain defence, "
        "defensive fire), it lets an attacker next to a hex the fire emptied advance into it (PRESTAGS 8.4), where by "
        "default fire takes no ground. `path_of_retreat`: only after a defender retreated (not after an elimination or "
        "stiff resistance), any of the attackers that took part may advance along the hexes it left (its hex first), "
        "one unit to a hex, ignoring zones of control, each choosing in turn until the attacker declines (F&M 8.5)",
        &C::advance_stated);
    b.flag("advance_up_to_stacking", &C::advance_up_to_stacking,
           "after one unit advances into a vacated hex, every other unit that took part on its side may advance too, "
           "each in turn until the player declines, while stacking allows (regimental 4.2: \"may occupy the hex of "
           "defeated or eliminated stands up to the stacking limit\"). `false`: one unit advances");
    b.flag("zoc_bars_retreat", &C::zoc_bars_retreat,
           "a retreat never enters or passes through a hex in an enemy zone of control, even one a friend holds (F&M "
           "8.3; BMW 5.1 with 7.8: \"never negated by enemy or friendly units\"). `false`: a friend in the hex opens "
           "it to a retreat passing through. Either way a unit with the capability `enter_ezoc_needs_friend` (a "
           "leader, BMW 10.1) may retreat into a zone where a friend stands, and stop there");
    b.choice("below_lowest_column", &C::below_lowest_column,
             {{"lowest", C::BelowLowest::Lowest}, {"not_permitted", C::BelowLowest::NotPermitted}},
             "odds below the table's lowest column: `lowest` reads them on that column; `not_permitted` refuses such a "
             "combat before any die (\"Attacks at odds less than 1 to 2 are not permitted\", PRESTAGS 8.1). The odds "
             "are counted as the rule scripts count them: the kernel asks `combat.strengths` as a query (`estimate = "
             "1`; see [the Lua API](lua-api.md)). A target, or a further defender, is offered only while the attackers "
             "that could still join would reach the lowest column, and `resolve` only once those joined do; the "
             "refusal names the odds. An odds table only");
    b.flag(
        "one_defending_hex", &C::one_defending_hex,
        "a combat is against one hex: a further defender may be added only from a hex that already defends (\"Only one "
        "defending hex may be attacked in a single combat\", F&M 8.0, 8.2). `false`: any enemy every attacker reaches");
    b.flag(
        "attack_needs_entry", &C::attack_needs_entry,
        "a unit may attack an adjacent unit only where it could move: the defender's hex and the hexside between must "
        "be open to the attacker's movement class (\"A unit cannot attack across a prohibited/restricted hexside or "
        "into a hex prohibited to the attacking unit\", F&M 8.2). `false`: any adjacent unit may be attacked");
    b.flag("victor_advances", &C::victor_advances,
           "the side a result leaves unhurt may advance into a hex the other vacated, the defender too: after AL (the "
           "attacker eliminated) one defender may advance into the attacker's hex (BMW 7.9). `false`: the defender "
           "advances only after the attacker retreats (AR); otherwise only attackers advance (PRESTAGS 8.4)");
}

void support_and_bombardment(OptionBinder<CombatOptions>& b) {
    using C = CombatOptions;
    b.number("support_markers", &C::support_markers, 0,
             "support fire markers (the scenario's [`support_fire`](#support_fire)) each side may place on a combat, "
             "each drawn at random from its pool and placed face down, in turn: attacker, defender, attacker, "
             "defender, …, this many each; a pass is final for that step only; then all are revealed and their values "
             "added to the sides' totals (F&M 8.2.1 b: 2).");
    b.flag(
        "bombardment", &C::bombardment,
        "a bombardment phase (F&M 8.1): the attacker declares against any enemy unit anywhere, while it may still draw "
        "a marker, and draws up to `support_markers` markers (the first is required); the defender places none. Attack "
        "= the markers' total; the line is the target hex's terrain (hexsides do not count); no advance");
    b.names("bombardment_no_effect", &C::bombardment_no_effect,
            "results that do nothing in a bombardment (F&M 8.1.3: `[Ae, A1, A2, A3, Ex]`)");
    b.name("friendly_fire", &C::friendly_fire,
           "in a bombardment, the result that reduces one of the attacker's units next to the target (its owner "
           "choosing), and does nothing when none is (F&M 8.1.3: `\"(A)\"`)");
    b.name("attacks_while_mark", &C::attacks_while_mark,
           "a unit that has attacked in the phase may attack again while this script mark is above 0 (regimental 5.1: "
           "a battery fires a barrage for each shot it has left; the `artillery` module spends one a combat)");
    b.name(
        "fortification", &C::fortification,
        "a terrain `values:` key: where the defender's hex has it, each defender's strength is doubled and each of the "
        "attacker's support markers counts half, rounded down; the defender's markers count in full (F&M 8.2.3)");
}

}  // namespace

void CombatOptions::describe(OptionBinder<CombatOptions>& b) {
    who_fights(b);
    what_results_do(b);
    support_and_bombardment(b);
}

void CombatOptions::describe_plotted(OptionBinder<CombatOptions>& b) {
    describe(b);
    b.choice("task", &CombatOptions::task, {{"melee", Task::Melee}, {"fire", Task::Fire}},
             "the plotted task this phase carries out: melee or fire");
}

}  // namespace sandtable::rules
