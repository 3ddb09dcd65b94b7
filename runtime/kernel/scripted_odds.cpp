// The odds of a possible combat as the rules will count them when it is
// resolved: the kernel's own count, then the rule scripts' combat.strengths
// and combat.odds asked as an estimate (docs/adr/0007, issue 23). A Lua
// shift, a strength a script adds or takes away, or a result a script fixes
// is seen before any die, by the bots, the studio's map and its odds
// calculator. Only a roll or a question in such a handler is refused: what a
// handler writes in an estimate is dropped, as the estimate changes nothing.
#include "kernel/combat_table.h"
#include "kernel/game.h"
#include "rules/procedures.h"

namespace sandtable::kernel {

OddsEstimate Game::scripted_odds(int phase_index, const std::vector<int>& attackers, const std::vector<int>& defenders,
                                 CombatExplanation* why) const {
    OddsEstimate e = odds_in(phase_index, attackers, defenders, why);
    const bool strengths = listening(Event::CombatStrengths), shifts = listening(Event::CombatOdds);
    if ((!strengths && !shifts) || estimate_) return e;  // no script counts, or already asked from within one
    Estimate estimate{state_.combat_open ? state_.combat : Combat{}, {}};
    estimate.combat.attackers = attackers;
    estimate.combat.defenders = defenders;
    struct InView {  // the possible combat is in view only while its questions are asked
        Estimate*& slot;
        ~InView() { slot = nullptr; }
    } in_view{estimate_};
    estimate_ = &estimate;
    const rules::PhaseSpec& spec = ruleset_->phases[static_cast<std::size_t>(phase_index)];
    const bool pool = ruleset_->dice_pool_table(spec.table) != nullptr;
    if (strengths) ask_strengths(e, pool, attackers, defenders, why);
    if (!pool) find_scripted_column(e, spec, shifts, why);
    e.forced_result = estimate.forced_result;
    if (!e.forced_result.empty()) e.label = e.forced_result + " (fixed by a rule)";
    if (why) {
        why->attack = e.attack, why->defend = e.defend;
        why->column = e.label;
    }
    return e;
}

void Game::ask_strengths(OddsEstimate& e, bool pool, const std::vector<int>& attackers,
                         const std::vector<int>& defenders, CombatExplanation* why) const {
    EventContext context(Event::CombatStrengths);
    context.set("attack", e.attack);
    context.set("defend", e.defend);
    context.set("estimate", 1);
    if (pool) context.set("close_combat", is_close_combat(attackers, defenders) ? 1 : 0);
    if (why) context.trace();
    ask(context);
    note_script_changes(context, "combat.strengths", why);
    e.attack = static_cast<int>(context.get("attack"));
    e.defend = static_cast<int>(context.get("defend"));
    if (pool) e.label = std::to_string(e.attack) + "D against " + std::to_string(e.defend) + "D";
}

// The column the scripted strengths fall in, then the scripts' shift of it.
void Game::find_scripted_column(OddsEstimate& e, const rules::PhaseSpec& spec, bool shifts,
                                CombatExplanation* why) const {
    CombatTable table{ruleset_->odds_table(spec.table)};
    if (!table.odds) table.differential = ruleset_->differential_table(spec.table);
    if (table.differential && e.line >= 0) table.line = &table.differential->lines[static_cast<std::size_t>(e.line)];
    if (!table.valid()) return;
    const int column = table.column(e.attack, e.defend);
    if (shifts) {
        EventContext context(Event::CombatOdds);
        context.set("column", column);
        context.set("shift", e.shift);
        context.set("estimate", 1);
        if (why) context.trace();
        ask(context);
        note_script_changes(context, "combat.odds", why);
        e.shift = static_cast<int>(context.get("shift"));
    }
    e.column = table.shifted(column, e.shift);
    e.label = table.label(e.column);
}

}  // namespace sandtable::kernel
