#include "core/play_view.h"
#include "kernel/procedures/movement.h"

#include <algorithm>
#include <cctype>

namespace sandtable::studio {

using kernel::Action;
using kernel::ActionKind;
using kernel::DecisionKind;
using kernel::Game;

namespace {
const kernel::UnitState& unit_state(const Game& game, int unit) { return game.state().unit(unit); }

std::string hex_label(const Game& game, geometry::Hex h) { return game.grid().label(h); }

// The units of the attacking side that could join an attack on `target` now.
std::vector<int> possible_attackers(const Game& game, int target) {
    std::vector<int> out;
    const int side = game.combat().attacking_side();
    for (std::size_t u = 0; u < game.state().units.size(); ++u) {
        const auto& s = game.state().units[u];
        if (s.on_map && s.side == side && game.combat().can_attack(static_cast<int>(u)) &&
            game.combat().reaches(static_cast<int>(u), target))
            out.push_back(static_cast<int>(u));
    }
    return out;
}

std::string phase_name(const Game& game) {
    for (const auto& p : game.ruleset().phases)
        if (p.id == game.phase_id()) return p.name.empty() ? p.id : p.name;
    return game.phase_id();
}

int move_cost(const Game& game, int unit, geometry::Hex to) {
    if (unit < 0) return -1;
    return kernel::MovementProcedure::movement_range(game, unit).cost(to);
}

// A cost in movement point parts as a player reads it: "3", "1½", "2¼".
std::string mp_text(const Game& game, int cost) {
    const int parts = game.ruleset().movement_point_parts;
    const int whole = cost / parts, rest = cost % parts;
    if (rest == 0) return std::to_string(whole);
    const std::string fraction = parts == 2                ? "½"
                                 : parts == 4 && rest == 1 ? "¼"
                                 : parts == 4 && rest == 3 ? "¾"
                                 : parts == 4              ? "½"
                                                           : " " + std::to_string(rest) + "/" + std::to_string(parts);
    return (whole > 0 ? std::to_string(whole) : std::string()) + fraction;
}
}  // namespace

rules::Scenario board_of(const Game& game, const rules::Scenario& base) {
    rules::Scenario shown = base;
    update_board(game, base, shown);
    return shown;
}

void update_board(const Game& game, const rules::Scenario& base, rules::Scenario& board) {
    board.units.clear();
    for (std::size_t u = 0; u < game.state().units.size(); ++u) {
        const auto& s = game.state().units[u];
        if (!s.on_map) continue;
        rules::UnitPlacement placed = base.units[u];
        placed.hex = s.hex;
        placed.back = s.back;
        placed.facing = s.facing;
        placed.hits = s.hits;
        placed.arrives = 1;
        if (game.ruleset().table.enabled) {  // where the kernel has it on a tabletop
            placed.table.front_centre = game.tabletop().position(static_cast<int>(u));
            placed.table.facing = s.facing;
            placed.table.files = s.files;
            placed.table.figures = s.figures;
        }
        board.units.push_back(std::move(placed));
    }
    for (std::size_t i = 0; i < board.objectives.size() && i < game.state().objective_holders.size(); ++i)
        board.objectives[i].holder = game.state().objective_holders[i];
}

std::string odds_label(const Game& game, int target) {
    // A bombardment's attack is the markers the player will choose: the target's defence is what is known.
    if (game.combat().bombardment() && game.combat().fights_on_a_table())
        return "def " + std::to_string(game.combat().odds_for({}, game.combat().defenders_of(target)).defend);
    const auto attackers = possible_attackers(game, target);
    if (attackers.empty() || !game.combat().fights_on_a_table()) return {};
    return game.combat().odds_for(attackers, game.combat().defenders_of(target)).label;
}

namespace {

geometry::Hex hex_of(const Game& game, int unit) { return unit_state(game, unit).hex; }

// The selected unit, the combat being built, and fire declared this phase (resolved when it ends).
void state_marks(const Game& game, std::vector<HexMark>& marks) {
    const auto& state = game.state();
    auto at = [&](int unit) { return hex_of(game, unit); };
    if (state.selected >= 0) marks.push_back({at(state.selected), MarkKind::Selected, {}});
    if (state.combat_open) {
        for (int u : state.combat.attackers) marks.push_back({at(u), MarkKind::Attacker, {}});
        const bool odds_known = state.combat.stage == kernel::Combat::Building && game.combat().fights_on_a_table() &&
                                !state.combat.attackers.empty();
        for (int u : state.combat.defenders)
            marks.push_back({at(u), MarkKind::Defender,
                             odds_known ? game.combat().odds_for(state.combat.attackers, state.combat.defenders).label
                                        : std::string()});
    }
    for (const auto& f : state.fires) {
        marks.push_back({at(f.firer), MarkKind::Attacker, {}});
        marks.push_back({at(f.target), MarkKind::Defender, "fired at"});
    }
}

// The orders the selected unit may be given: where it may move, what it may attack.
void plot_mark(const Action& a, std::vector<HexMark>& marks) {
    const auto task = a.get<kernel::act::Plot>().task;
    if (task == kernel::PlotTask::Move)
        marks.push_back({*a.hex(), MarkKind::Reach, {}});
    else if (task == kernel::PlotTask::Fire || task == kernel::PlotTask::Melee)
        marks.push_back({*a.hex(), MarkKind::Target, kernel::plot_task_name(task)});
}

// Where one legal action would act.
void action_marks(const Game& game, const Action& a, std::vector<HexMark>& marks) {
    auto at = [&](int unit) { return hex_of(game, unit); };
    switch (a.kind()) {
        case ActionKind::SelectUnit:
        case ActionKind::AddAttacker:
            return marks.push_back({at(a.unit()), MarkKind::Movable, a.kind() == ActionKind::AddAttacker ? "+" : ""});
        case ActionKind::MoveTo: {
            const int cost = move_cost(game, a.unit(), *a.hex());
            return marks.push_back({*a.hex(), MarkKind::Reach, cost > 0 ? mp_text(game, cost) : std::string()});
        }
        case ActionKind::Declare:
            return marks.push_back({at(a.target()), MarkKind::Target, odds_label(game, a.target())});
        case ActionKind::AddDefender:
            return marks.push_back({at(a.target()), MarkKind::Target, "+"});
        case ActionKind::Fire:
            marks.push_back({at(a.unit()), MarkKind::Movable, {}});
            return marks.push_back({at(a.target()), MarkKind::Target, {}});
        case ActionKind::ChooseUnit:
            return marks.push_back(
                {at(a.unit()), MarkKind::Target, game.decision() == DecisionKind::ChooseLoss ? "lose" : "rally"});
        case ActionKind::RetreatTo:
        case ActionKind::AdvanceTo:
        case ActionKind::RallyTo:
        case ActionKind::Exit:
            return marks.push_back({*a.hex(), MarkKind::Destination, {}});
        case ActionKind::Plot:
            return plot_mark(a, marks);
        default:
            return;
    }
}

// The viewer's own written orders; the other side's stay hidden (plot_of).
void order_marks(const Game& game, int viewer, std::vector<HexMark>& marks) {
    const auto& units = game.state().units;
    for (std::size_t u = 0; u < units.size(); ++u) {
        const auto& s = units[u];
        if (!s.on_map || (viewer >= 0 && s.side != viewer)) continue;
        const auto plot = game.plots().of(static_cast<int>(u), viewer >= 0 ? viewer : s.side);
        if (!plot || plot->task == kernel::PlotTask::Hold) continue;
        marks.push_back({plot->hex, MarkKind::Order, kernel::plot_task_name(plot->task)});
    }
}

}  // namespace

std::vector<HexMark> decision_marks(const Game& game, int viewer) {
    std::vector<HexMark> marks;
    if (game.over()) return marks;
    state_marks(game, marks);
    for (const Action& a : game.legal_actions()) action_marks(game, a, marks);
    order_marks(game, viewer, marks);
    // One mark per hex and kind: the first (several units may offer the same hex).
    std::vector<HexMark> unique;
    for (auto& m : marks)
        if (std::none_of(unique.begin(), unique.end(),
                         [&](const HexMark& u) { return u.hex == m.hex && u.kind == m.kind; }))
            unique.push_back(std::move(m));
    return unique;
}

std::vector<Action> actions_at(const Game& game, geometry::Hex hex) {
    std::vector<Action> out;
    auto unit_here = [&](int unit) {
        return unit >= 0 && unit_state(game, unit).on_map && unit_state(game, unit).hex == hex;
    };
    for (const Action& a : game.legal_actions()) {
        bool here = false;
        switch (a.kind()) {
            case ActionKind::MoveTo:
            case ActionKind::RetreatTo:
            case ActionKind::AdvanceTo:
            case ActionKind::RallyTo:
            case ActionKind::Exit:
            case ActionKind::Plot:
                here = a.hex() == hex;
                break;
            case ActionKind::SelectUnit:
            case ActionKind::AddAttacker:
            case ActionKind::ChooseUnit:
            case ActionKind::Flip:
                here = unit_here(a.unit());
                break;
            case ActionKind::Declare:
            case ActionKind::AddDefender:
                here = unit_here(a.target());
                break;
            case ActionKind::Fire:  // the firer's hex offers its targets, the target's hex its firers
                here = unit_here(a.unit()) || unit_here(a.target());
                break;
            default:
                break;
        }
        if (here) out.push_back(a);
    }
    return out;
}

namespace {

// A combat's actions: declare, build, roll, draw support, with the odds they would give.
std::string combat_action_text(const Game& game, const Action& a) {
    const std::string unit = unit_name(game, a.unit());
    switch (a.kind()) {
        case ActionKind::Fire:
            // A gun's shot says what it is: canister, or the range the player calls (not the true one: ranges are
            // guessed).
            if (const int called = a.get<kernel::act::Fire>().called_cm; called == 0)
                return unit + " fires canister at " + unit_name(game, a.target());
            else if (called > 0)
                return unit + " fires at " + unit_name(game, a.target()) + ", range called " + std::to_string(called) +
                       " cm";
            return unit + " fires at " + unit_name(game, a.target());
        case ActionKind::Declare: {
            if (game.combat().bombardment())
                return "Bombard " + unit_name(game, a.target()) + " in " +
                       hex_label(game, unit_state(game, a.target()).hex) + " (defence " +
                       std::to_string(game.combat().odds_for({}, game.combat().defenders_of(a.target())).defend) + ")";
            const std::string odds = odds_label(game, a.target());
            const std::string column =
                game.combat().differential_table() ? "column " : "";  // a bare "0" reads as nothing
            return "Attack " + unit_name(game, a.target()) + " in " +
                   hex_label(game, unit_state(game, a.target()).hex) +
                   (odds.empty() ? "" : " (" + column + odds + " with all who may join)");
        }
        case ActionKind::AddAttacker: {
            std::vector<int> with = game.state().combat.attackers;
            with.push_back(a.unit());
            const std::string odds = game.combat().fights_on_a_table()
                                         ? game.combat().odds_for(with, game.state().combat.defenders).label
                                         : std::string();
            return "Add " + unit + " to the attack" + (odds.empty() ? "" : " (then " + odds + ")");
        }
        case ActionKind::AddDefender:
            return "Also attack " + unit_name(game, a.target());
        case ActionKind::Resolve: {
            const auto& c = game.state().combat;
            const std::string odds = game.combat().fights_on_a_table() && !c.attackers.empty()
                                         ? game.combat().odds_for(c.attackers, c.defenders).label
                                         : std::string();
            if (game.combat().support_markers_per_combat() > 0)
                return "Close the attack: support fire markers next, then the die" +
                       (odds.empty() ? std::string() : " (column " + odds + " before support)");
            if (game.combat().dice_pool())
                return "Roll the dice" +
                       (odds.empty() ? std::string() : ": " + odds + " before the rule scripts' dice and support");
            return "Roll the die" +
                   (odds.empty() ? std::string() : " at " + odds + " (rule scripts may still change it)");
        }
        case ActionKind::CommitSupport: {
            const int left = game.combat().support_draws_left(game.deciding_side());
            return "Draw a support marker face down (" + std::to_string(left) + " left this turn)";
        }
        default:
            return game.describe(a);
    }
}

// Formations' activations and orders, and a tabletop unit's written order.
std::string order_action_text(const Game& game, const Action& a) {
    switch (a.kind()) {
        case ActionKind::Activate: {
            const int formation = a.get<kernel::act::Activate>().formation;
            const int order = game.formation_orders().of(formation);
            const auto& orders = game.ruleset().orders.list;
            return "Activate " + game.formations().name(formation) +
                   (order >= 0 ? " (" + orders[static_cast<std::size_t>(order)].name + ")" : "");
        }
        case ActionKind::GiveOrder: {
            const int given = a.get<kernel::act::GiveOrder>().order;
            const auto& order = game.ruleset().orders.list[static_cast<std::size_t>(given)];
            return order.name + " (" + order.id + ")";
        }
        case ActionKind::WriteOrder:
            if (const auto& written = a.get<kernel::act::WriteOrder>(); written.unit >= 0)
                return unit_name(game, written.unit) + ": " +
                       game.written_orders().describe(written.unit, written.order);
            break;
        default:
            break;
    }
    return game.describe(a);
}

}  // namespace

std::string action_text(const Game& game, const Action& a) {
    const std::string unit = unit_name(game, a.unit());
    switch (a.kind()) {
        case ActionKind::EndPhase:
            return "Done with the " + phase_name(game) + " phase";
        case ActionKind::SelectUnit:
            return (game.decision() == DecisionKind::Plot ? "Write orders for " : "Move ") + unit;
        case ActionKind::MoveTo: {
            if (a.hex() == unit_state(game, a.unit()).hex) return unit + " stays in " + hex_label(game, *a.hex());
            const int cost = move_cost(game, a.unit(), *a.hex());
            return unit + " to " + hex_label(game, *a.hex()) + (cost > 0 ? " (" + mp_text(game, cost) + " MP)" : "");
        }
        case ActionKind::ChooseUnit:
            return (game.decision() == DecisionKind::ChooseLoss ? "Lose " : "Rally ") + unit;
        case ActionKind::RetreatTo:
            return unit + " retreats to " + hex_label(game, *a.hex());
        case ActionKind::AdvanceTo:
            return unit + " advances to " + hex_label(game, *a.hex());
        case ActionKind::Decline:
            if (game.decision() == DecisionKind::Support) return "Place no support fire marker now";
            return game.decision() == DecisionKind::Advance ? "Do not advance" : "Decline";
        case ActionKind::RallyTo:
            return "Rally " + unit + " to " + hex_label(game, *a.hex());
        case ActionKind::Fire:
        case ActionKind::Declare:
        case ActionKind::AddAttacker:
        case ActionKind::AddDefender:
        case ActionKind::Resolve:
        case ActionKind::CommitSupport:
            return combat_action_text(game, a);
        case ActionKind::Activate:
        case ActionKind::GiveOrder:
        case ActionKind::WriteOrder:
            return order_action_text(game, a);
        case ActionKind::Choose: {
            const auto* q = game.question();
            const int option = a.get<kernel::act::Choose>().option;
            if (q && option >= 0 && static_cast<std::size_t>(option) < q->options().size())
                return q->options()[static_cast<std::size_t>(option)];
            return "Answer " + std::to_string(option + 1);
        }
        case ActionKind::Flip:
            return "Flip " + unit + " (only before your first move this phase)";
        case ActionKind::Plot:
            return unit + ": " + kernel::plot_task_name(a.get<kernel::act::Plot>().task) + " " +
                   hex_label(game, *a.hex());
        case ActionKind::Exit:
            return unit + " leaves the map at " + hex_label(game, *a.hex());
        case ActionKind::Concede:
            return "Concede the game";
        case ActionKind::StiffResistance:
            return "Stiff resistance: stay, and lose a step instead";
    }
    return game.describe(a);
}

std::vector<std::string> action_labels(const Game& game, const std::vector<Action>& actions) {
    std::vector<std::string> labels;
    for (const auto& a : actions) labels.push_back(action_text(game, a));
    auto repeated = [&](std::size_t i) { return std::count(labels.begin(), labels.end(), labels[i]) > 1; };
    std::vector<bool> clash(labels.size());
    for (std::size_t i = 0; i < labels.size(); ++i) clash[i] = repeated(i);
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (clash[i]) labels[i] += " [" + with_unit_names(game, game.describe(actions[i])) + "]";
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (repeated(i)) labels[i] += " (" + std::to_string(i + 1) + ")";
    return labels;
}

namespace {

std::string side_name(const Game& game, int side) {
    const auto& sides = game.scenario().sides;
    return side >= 0 && static_cast<std::size_t>(side) < sides.size() ? sides[static_cast<std::size_t>(side)].name
                                                                      : std::string("?");
}

std::string game_over_text(const Game& game) {
    const auto& r = game.state().result;
    return "Game over: " +
           (r.winner < 0 ? std::string("a draw") : "victory to " + side_name(game, r.winner) + " (" + r.level + ")") +
           (r.reason.empty() ? "" : " — " + r.reason);
}

bool offers(const Game& game, ActionKind kind) {
    const auto& legal = game.legal_actions();
    return std::any_of(legal.begin(), legal.end(), [kind](const Action& a) { return a.kind() == kind; });
}

// What a side decides in a combat: whom to attack, where to retreat, which support markers to draw.
std::string combat_decision(const Game& game) {
    switch (game.decision()) {
        case DecisionKind::CombatDeclare:
            if (game.combat().bombardment())
                return "pick an enemy unit to bombard with support fire markers (its defence shown), or end the phase";
            return offers(game, ActionKind::EndPhase)
                       ? "pick an enemy to attack (odds shown), or end the phase"
                       : "pick an enemy to attack (odds shown): the rules make these attacks compulsory";
        case DecisionKind::Retreat:
            return "choose where the unit retreats" +
                   std::string(offers(game, ActionKind::StiffResistance) ? ", or offer stiff resistance" : "");
        case DecisionKind::Support:
            return game.combat().bombardment()
                       ? "draw support fire markers for the target, up to " +
                             std::to_string(game.combat().support_markers_per_combat()) + " (the first is required)"
                       : "draw a support fire marker face down, or pass (all are revealed when both sides are done)";
        default:
            return kernel::decision_kind_name(game.decision());
    }
}

// What a side decides about its formations' and units' orders.
std::string order_decision(const Game& game) {
    switch (game.decision()) {
        case DecisionKind::Activate:
            return "pick a formation to activate (" + std::to_string(game.legal_actions().size()) +
                   " of yours still to go this round; the log shows the roll-off)";
        case DecisionKind::WriteOrders: {
            const int u = game.written_orders().next_unit();
            return "write each unit's order, in any order: drag from a unit for its march (the wheel turns its "
                   "facing), click one for the menu" +
                   (u >= 0 ? "; the list offers the orders of " + unit_name(game, u) : std::string()) +
                   " (hidden until both sides have written)";
        }
        case DecisionKind::Orders: {
            const int f = game.formation_orders().next_formation();
            return "give " + (f >= 0 ? game.formations().name(f) : std::string("the formation")) +
                   " its order, face down (revealed when both sides are done)";
        }
        default:
            return kernel::decision_kind_name(game.decision());
    }
}

std::string what_to_decide(const Game& game) {
    switch (game.decision()) {
        case DecisionKind::Movement:
            return "pick a unit to move, or end the phase";
        case DecisionKind::MoveDestination:
            return "where does " + unit_name(game, game.state().selected) + " go? (numbers: MP spent)";
        case DecisionKind::Fire:
            return "pick a firer and its target";
        case DecisionKind::CombatBuild:
            return "add attackers, then roll";
        case DecisionKind::ChooseLoss:
            return "choose the unit lost";
        case DecisionKind::Advance:
            return "advance into the vacated hex (and on, for a unit that advances further), or decline";
        case DecisionKind::Rally:
            return "rally a unit";
        case DecisionKind::Question:
            return game.question() ? with_unit_names(game, game.question()->prompt()) : "answer";
        case DecisionKind::Plot:
            return "write your units' orders (hidden from the other side)";
        case DecisionKind::Artillery:
            return "a gun fires at a target at a called range, or holds";
        case DecisionKind::CombatDeclare:
        case DecisionKind::Retreat:
        case DecisionKind::Support:
            return combat_decision(game);
        case DecisionKind::Activate:
        case DecisionKind::WriteOrders:
        case DecisionKind::Orders:
            return order_decision(game);
        default:
            return kernel::decision_kind_name(game.decision());
    }
}

}  // namespace

std::string decision_text(const Game& game) {
    if (game.over()) return game_over_text(game);
    const auto& state = game.state();
    const std::string what = what_to_decide(game);
    const std::string turn = "Turn " + std::to_string(state.at.turn);
    // The phase belongs to the active side; another may decide in it (a retreat, defensive fire).
    const int active = state.at.active_side, deciding = game.deciding_side();
    // Between activations no phase is in progress: the roll-off's winner picks.
    if (game.decision() == DecisionKind::Activate)
        return turn + " · activations · " + side_name(game, deciding) + ": " + what;
    // Both sides give orders in one phase: the one giving them now is named.
    if (game.decision() == DecisionKind::Orders || game.decision() == DecisionKind::WriteOrders)
        return turn + " · " + phase_name(game) + " · " + side_name(game, deciding) + ": " + what;
    std::string out = turn + " · " + side_name(game, active) + ": " + phase_name(game) + " · ";
    if (deciding != active) out += side_name(game, deciding) + " decides: ";
    return out + what;
}

}  // namespace sandtable::studio
