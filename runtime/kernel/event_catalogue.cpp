#include "kernel/event_catalogue.h"

#include <array>
#include <stdexcept>

namespace sandtable::kernel {

namespace {

using K = EventField::Kind;
constexpr bool kWritable = true;
constexpr bool kOptional = true;

EventField unit(const char* doc = "") { return {"unit", K::Number, "sandtable.Unit", doc}; }
EventField number(const char* name, const char* doc, bool writable = false, bool optional = false) {
    return {name, K::Number, "integer", doc, writable, optional};
}
EventField flag(const char* name, const char* doc) { return {name, K::Number, "integer|boolean", doc, kWritable}; }
EventField text(const char* name, const char* doc, const char* type = "string", bool writable = false,
                bool optional = false) {
    return {name, K::Text, type, doc, writable, optional};
}
EventField units(const char* name, const char* doc = "") { return {name, K::List, "sandtable.Unit[]", doc}; }

std::vector<EventSpec> hex_events() {
    return {
        {Event::GameSetup,
         "game.setup",
         "SetupContext",
         "once, after the modules loaded, before turn 1: set capabilities here",
         false,
         {}},
        {Event::PhaseBegin,
         "phase.begin",
         "PhaseContext",
         "when each phase begins (per-phase flags already cleared)",
         false,
         {text("phase", "the phase id from ruleset.yaml, e.g. \"movement\""),
          {"side", K::Number, "sandtable.Side", "the active side"}}},
        {Event::PhaseEnd,
         "phase.end",
         "PhaseContext",
         "when a phase has nothing more to do",
         false,
         {text("phase", "the phase id from ruleset.yaml, e.g. \"movement\""),
          {"side", K::Number, "sandtable.Side", "the active side"}}},
        {Event::MoveExitZoc,
         "move.exit_zoc",
         "MoveExitZocContext",
         "when a unit standing in an enemy zone of control is selected to move",
         false,
         {unit("the unit selected to move, standing in an enemy zone of control"),
          flag("allowed", "set true to let it leave (arrives as 0)"),
          text("mode",
               "\"solid\" (default): not straight into another enemy zone; \"open\": into no enemy zone this move; "
               "\"free\": it stops in the next enemy zone it enters",
               "\"solid\"|\"open\"|\"free\"", kWritable, kOptional)}},
        {Event::MoveEnd,
         "move.end",
         "MoveEndContext",
         "after a unit has moved to another hex; a script may ask questions here",
         false,
         {unit("the unit that moved"),
          {"path", K::List, "integer[]", "hex indices of the route, the starting hex first; see game.hex_of_index"}}},
        {Event::FireResult,
         "fire.result",
         "FireResultContext",
         "for each shot, when all declared fire is rolled",
         false,
         {{"firer", K::Number, "sandtable.Unit", "the unit that fired"},
          {"target", K::Number, "sandtable.Unit", "the unit fired at"},
          number("roll", "the die"),
          number("factor", "the firer's fire factor"),
          flag("hit", "1 hit (the target is disordered), 0 miss")}},
    };
}

std::vector<EventSpec> combat_events() {
    return {
        {Event::CombatDeclared,
         "combat.declared",
         "CombatDeclaredContext",
         "when a combat is resolved, before anything is computed",
         false,
         {units("attackers"),
          units("defenders"),
          {"cancel", K::Number, "integer|boolean", "true calls the combat off", kWritable, kOptional},
          text("forced_result", "a combat result code to apply without odds or roll (not checked)", "string", kWritable,
               kOptional)}},
        {Event::CombatStrengths,
         "combat.strengths",
         "CombatStrengthsContext",
         "after attack and defence are totalled; also asked as a query, before any die, whenever a bot or the studio "
         "estimates a possible combat and in a phase with `below_lowest_column: not_permitted` (then `estimate` is 1)",
         false,
         {number("attack", "total attack (already halved and rounded up, leaders included); dice in a dice pool combat",
                 kWritable),
          number("defend", "total defence; dice in a dice pool combat", kWritable),
          number("close_combat", "in a dice pool combat: 1 at close quarters, 0 for distant fire", false, kOptional),
          number("estimate", "1 when asked as a query (docs/adr/0007)", false, kOptional)}},
        {Event::CombatOdds,
         "combat.odds",
         "CombatOddsContext",
         "after the column is found; also asked as a query when a bot or the studio estimates a possible combat",
         false,
         {number("column", "0-based index of the column before shifts (read-only)"),
          number("shift", "column shift, negative towards the defender", kWritable),
          number("estimate",
                 "1 when asked as a query: a bot or the studio estimating a possible combat (docs/adr/0007)", false,
                 kOptional)}},
        {Event::CombatResult,
         "combat.result",
         "CombatResultContext",
         "after the result is known (rolled, automatic or forced)",
         false,
         {text("result", "the result code (a new one must be under combat_results; not checked)", "string", kWritable),
          number("roll", "the die as rolled (before the modifier), 0 when none was rolled"),
          number("modifier", "the die-roll modifier combat.roll's handlers set (0 when none, or no die)"),
          flag("advance_required", "true = the winner may not decline the advance"),
          text("advance_mark", "only units of the advancing side with this mark (not 0) may advance", "string",
               kWritable, kOptional)}},
    };
}

std::vector<EventSpec> unit_events() {
    return {
        {Event::UnitRetreated,
         "unit.retreated",
         "UnitRetreatedContext",
         "after a unit retreats as a combat result, or is displaced by a friend's retreat (F&M 8.3.1)",
         false,
         {unit(), text("from", "the hex it retreated from", "sandtable.Hex"),
          number("displaced", "1 for a unit displaced by a friend's retreat, else absent", false, kOptional)}},
        {Event::UnitEliminated,
         "unit.eliminated",
         "UnitEliminatedContext",
         "whenever a unit is eliminated (combat loss, no retreat, `game.eliminate`)",
         false,
         {unit()}},
        {Event::TurnEnd,
         "turn.end",
         "TurnEndContext",
         "at the end of each game turn, before objectives are updated and the game-end check",
         false,
         {number("turn", "the game turn that ends")}},
        {Event::MoveSharedHex,
         "move.shared_hex",
         "MoveSharedHexContext",
         "when a unit ends in, or passes, a hex where units of another side stand",
         false,
         {unit("the unit that arrived (by moving, advancing, rallying or game.move)"),
          units("others", "the units of other sides already in the hex")}},
        {Event::UnitArrived,
         "unit.arrived",
         "UnitArrivedContext",
         "when a reinforcement comes on the map, at the start of a game turn before its first phase",
         false,
         {unit("the reinforcement, now in its entry hex"),
          number("due", "the turn it was due (earlier than now when the enemy held its hex)")}},
        {Event::CombatRoll,
         "combat.roll",
         "CombatRollContext",
         "just before the CRT's die is rolled (not for an automatic column or a forced result)",
         false,
         {number("column", "0-based index of the final column, after shifts (read-only)"),
          number("modifier",
                 "added to the die before the CRT is read (arrives as 0; add to it); a sum below the first row reads "
                 "the first row, above the last the last",
                 kWritable)}},
    };
}

std::vector<EventSpec> more_hex_events() {
    return {
        {Event::SightCheck,
         "sight.check",
         "SightCheckContext",
         "when the kernel needs a line of sight longer than one hex (fire with `reach`, `ranged_fire`) and the map's "
         "terrain and hexsides do not block it (or the viewer has the capability `indirect_fire`); also while the "
         "legal actions are listed",
         true,
         {{"viewer", K::Number, "sandtable.Unit", "the unit looking"},
          number("from", "hex index of its hex (see game.hex_of_index)"),
          number("to", "hex index of the hex it looks at"),
          {"hexes", K::List, "integer[]", "hex indices the line crosses, both ends left out"},
          {"alternatives", K::List, "integer[]",
           "for each of hexes: the other hex where the line runs along a hexside, else -1"},
          flag("blocked", "set true when sight is blocked (arrives as 0)")}},
        {Event::CombatResolved,
         "combat.resolved",
         "CombatResolvedContext",
         "after a combat's losses and retreats are all taken, before the advance (not when the combat did not take "
         "place)",
         false,
         {units("attackers"), units("defenders"), text("result", "the combat's result")}},
        {Event::ActivationBegin,
         "activation.begin",
         "ActivationBeginContext",
         "in an activation loop, when the roll-off's winner has picked a formation, before its first phase",
         false,
         {text("formation", "the formation activated"), {"side", K::Number, "sandtable.Side", "its side"}}},
    };
}

EventField firer() { return {"firer", K::Number, "sandtable.Unit", "the unit that fires"}; }
EventField target(const char* doc) { return {"target", K::Number, "sandtable.Unit", doc}; }

std::vector<EventSpec> tabletop_events() {
    return {
        {Event::TableAllowance,
         "table.allowance",
         "TableAllowanceContext",
         "tabletop: when a unit's move is planned",
         false,
         {unit(), number("order", "0 hold, 1 advance, 2 charge, 3 withdraw"),
          number("turn", "degrees its march turns from its facing"), number("reform", "1: it changes files"),
          number("reaction", "1: a morale reaction's move, not an order"),
          number("terrain", "thirds the ground on its way takes: areas, hill levels and lines crossed, roads left out"),
          number("thirds",
                 "thirds of its move lost (arrives as 0; negative gains); terrain's are added after, and a road's gain "
                 "for the part of the way on it",
                 kWritable)}},
        {Event::FireSteps,
         "fire.steps",
         "FireStepsContext",
         "tabletop: for each rank of each volley of missile fire",
         false,
         {firer(), target("the unit fired at"), number("range", "cm, as fired"), number("max_range", "cm"),
          number("rank", "1 or 2"), number("volley", "1 or 2"),
          number("step", "its start on the fire ladder plus range steps", kWritable),
          number("figures", "the rank's figures in reach: how many of them fire (0: the rank holds its fire)",
                 kWritable),
          number("at_attacker",
                 "1: it fires at an enemy in contact with it that came to it this turn (`attacked_fire_first`)")}},
        {Event::ShockDice,
         "shock.dice",
         "ShockDiceContext",
         "tabletop: for a charging unit in contact with an enemy",
         false,
         {{"attacker", K::Number, "sandtable.Unit", "the charging unit"},
          {"defender", K::Number, "sandtable.Unit", "the enemy it is in contact with"},
          number("figures", "the attacker's figures in contact"),
          number("dice", "the shock dice rolled: its shock x figures", kWritable)}},
    };
}

std::vector<EventSpec> tabletop_combat_events() {
    return {
        {Event::MeleePoint,
         "melee.point",
         "MeleePointContext",
         "tabletop: for each unit's figures in contact with an enemy",
         false,
         {unit(),
          {"enemy", K::Number, "sandtable.Unit", "the enemy in contact"},
          number("aspect", "0 front, 1 flank, 2 rear: where the enemy strikes it from"),
          number("charged", "1: the enemy charged it"),
          number("point", "the melee point it rolls for", kWritable),
          number("figures", "its figures that roll", kWritable)}},
        {Event::MoraleShift,
         "morale.shift",
         "MoraleShiftContext",
         "tabletop: for each unit that tests morale",
         false,
         {unit(), number("value", "its morale value"), number("losses", "figures it lost this turn"),
          number("columns", "columns to the right on the morale chart (arrives as 0)", kWritable)}},
        {Event::ChargeBegin,
         "charge.begin",
         "ChargeBeginContext",
         "tabletop: before the moves, for each charge ordered",
         false,
         {unit("the charging unit"), target("the unit it charges"),
          number("cancel", "1: it does not charge, and stands where it is", kWritable),
          number("target_flees", "1: the target turns and goes a third of a move away", kWritable)}},
        {Event::FiguresLost,
         "figures.lost",
         "FiguresLostContext",
         "tabletop: before figures are removed from a unit",
         false,
         {unit(), text("cause", "fire, artillery, shock, melee, rout, ..."),
          text("direct",
               "artillery: the ids of the shots whose hit circle had one of its figures under the cross-hairs, "
               "comma-separated; else empty"),
          number("count", "the figures it loses", kWritable)}},
    };
}

std::vector<EventSpec> late_events() {
    return {
        {Event::UnitAdvanced,
         "unit.advanced",
         "UnitAdvancedContext",
         "after a unit advances after combat (into a vacated hex, or along a path of retreat)",
         false,
         {unit(), text("from", "the hex it left", "sandtable.Hex"),
          text("to", "the hex it advanced to", "sandtable.Hex")}},
        {Event::LossCandidate,
         "loss.candidate",
         "LossCandidateContext",
         "for each unit that may take a loss its side owes in a combat (a step, a strength point), before the owner "
         "chooses; also while the legal actions are listed",
         true,
         {unit("a unit that may take the loss its side owes"),
          {"side", K::Number, "sandtable.Side", "its side"},
          number("last", "1 when the loss would remove it from the map"),
          flag("refused",
               "set true to keep it from taking the loss while another unit can (arrives as 0; regimental 4.0: a "
               "support company goes before its core stand's last strength point)")}},
        {Event::FireReach,
         "fire.reach",
         "FireReachContext",
         "tabletop: whenever the kernel measures whether a unit's missiles reach a target (the fire phase's targets, "
         "the figures in reach, fire en passant during the move)",
         true,
         {firer(), target("the unit it would fire at"),
          number("range",
                 "cm its missiles reach that target (arrives as its range attribute; Cady: more from a hill, 6 cm in "
                 "and out of a forest in the musket period)",
                 kWritable)}},
        {Event::OrderCheck,
         "order.check",
         "OrderCheckContext",
         "tabletop: for every order the kernel would accept for a unit (written by a player, offered in the order "
         "menu)",
         true,
         {unit("the unit the order is written for"),
          number("mode", "0 hold, 1 advance, 2 charge, 3 withdraw"),
          number("bearing", "degrees, the way it marches"),
          number("distance", "mm"),
          number("files", "files it re-forms to (0: as it is)"),
          number("facing", "degrees it faces at the end (-1: the way it marched)"),
          {"target", K::Number, "sandtable.Unit|integer", "a charge's target (-1: none)"},
          flag("refused",
               "set true to refuse the order (arrives as 0; Cady's phalanx moves only straight ahead or back)")}},
        {Event::PositionEvaluate,
         "position.evaluate",
         "PositionEvaluateContext",
         "when a bot scores a position for a side (greedy's lookahead, the search bot's truncated games; "
         "docs/bots.md): add what only the module's rules know",
         true,
         {{"side", K::Number, "sandtable.Side", "the side the position is scored for"},
          number("score",
                 "hundredths added to the side's score (arrives as 0; 100 is as much as the side's whole strength "
                 "on the table), times the scenario's `evaluation: script` weight",
                 kWritable)}},
    };
}

std::vector<EventSpec> in_event_order() {
    std::vector<EventSpec> all;
    for (auto part : {hex_events(), combat_events(), unit_events(), more_hex_events(), tabletop_events(),
                      tabletop_combat_events(), late_events()})
        for (auto& spec : part) all.push_back(std::move(spec));
    for (std::size_t i = 0; i < all.size(); ++i)
        if (static_cast<std::size_t>(all[i].event) != i) throw std::logic_error("event catalogue out of Event order");
    if (all.size() != static_cast<std::size_t>(Event::Count)) throw std::logic_error("event catalogue incomplete");
    return all;
}

}  // namespace

const std::vector<EventSpec>& event_catalogue() {
    static const std::vector<EventSpec> catalogue = in_event_order();
    return catalogue;
}

const EventSpec& event_spec(Event e) { return event_catalogue()[static_cast<std::size_t>(e)]; }

const EventField* writable_field(Event e, const std::string& key) {
    for (const auto& f : event_spec(e).fields)
        if (f.writable && key == f.name) return &f;
    return nullptr;
}

const WritableFields& writable_fields(Event e) {
    static const std::array<WritableFields, static_cast<std::size_t>(Event::Count)> by_event = [] {
        std::array<WritableFields, static_cast<std::size_t>(Event::Count)> t{};
        for (const auto& spec : event_catalogue())
            for (const auto& f : spec.fields)
                if (f.writable)
                    (f.kind == EventField::Kind::Text ? t[static_cast<std::size_t>(spec.event)].texts
                                                      : t[static_cast<std::size_t>(spec.event)].numbers)
                        .push_back(f.name);
        return t;
    }();
    return by_event[static_cast<std::size_t>(e)];
}

}  // namespace sandtable::kernel
