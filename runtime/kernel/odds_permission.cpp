// Combats the table does not allow: PRESTAGS 8.1, "Attacks at odds less than
// 1 to 2 are not permitted". With `below_lowest_column: not_permitted` the
// kernel refuses such a combat before any die, counting strengths as the rule
// scripts count them (a query of combat.strengths, docs/adr/0007). A target,
// or a further defender, is offered only while every attacker that could
// still join would bring the odds onto the table, so a combat being built can
// always be made legal by adding attackers: no player is left stuck.
#include "kernel/game.h"
#include "kernel/procedures/odds_combat/odds_combat.h"

#include <algorithm>

namespace sandtable::kernel {

void Game::force_combat_result(std::string code) {
    if (estimate_)
        estimate_->forced_result = std::move(code);
    else
        state_.combat.forced_result = std::move(code);
}

Game::ScriptedStrengths Game::scripted_strengths(const std::vector<int>& attackers,
                                                 const std::vector<int>& defenders) const {
    const OddsEstimate e = odds_for(attackers, defenders);
    ScriptedStrengths out{e.attack, e.defend};
    if (!listening(Event::CombatStrengths)) return out;
    Estimate estimate{state_.combat_open ? state_.combat : Combat{}, {}};
    estimate.combat.attackers = attackers;
    estimate.combat.defenders = defenders;
    EventContext strengths(Event::CombatStrengths);
    strengths.set("attack", e.attack);
    strengths.set("defend", e.defend);
    strengths.set("estimate", 1);
    struct InView {  // the possible combat is in view only while its question is asked
        Estimate*& slot;
        ~InView() { slot = nullptr; }
    } in_view{estimate_};
    estimate_ = &estimate;
    ask(strengths);
    out.attack = static_cast<int>(strengths.get("attack"));
    out.defend = static_cast<int>(strengths.get("defend"));
    return out;
}

bool Game::below_lowest_column(const ScriptedStrengths& s) const {
    const rules::OddsCrt* crt = combat_table();
    if (!crt || crt->columns.empty() || s.defend <= 0) return false;
    const rules::OddsColumn& lowest = crt->columns.front();
    return static_cast<long long>(s.attack) * lowest.defend < static_cast<long long>(s.defend) * lowest.attack;
}

bool Game::odds_permitted(const std::vector<int>& attackers, const std::vector<int>& defenders) const {
    if (!(combat_rules().below_lowest_column == rules::CombatOptions::BelowLowest::NotPermitted) || attackers.empty())
        return true;
    return !below_lowest_column(scripted_strengths(attackers, defenders));
}

// `may_attack`, when given, lists the units that may still attack (the caller has it at hand).
std::vector<int> Game::possible_attackers(const std::vector<int>& defenders, const std::vector<int>* may_attack) const {
    std::vector<int> out;
    if (may_attack) {
        for (int u : *may_attack)
            if (OddsCombatProcedure::reaches_all(*this, u, defenders)) out.push_back(u);
        return out;
    }
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const int u = static_cast<int>(i);
        const auto& joining = state_.combat.attackers;
        const bool joined = state_.combat_open && std::find(joining.begin(), joining.end(), u) != joining.end();
        if (joined || (can_attack(u) && OddsCombatProcedure::reaches_all(*this, u, defenders))) out.push_back(u);
    }
    return out;
}

bool Game::may_still_reach_table(const std::vector<int>& defenders, const std::vector<int>* may_attack) const {
    return !(combat_rules().below_lowest_column == rules::CombatOptions::BelowLowest::NotPermitted) ||
           odds_permitted(possible_attackers(defenders, may_attack), defenders);
}

std::string Game::why_odds_refused() const {
    const ScriptedStrengths s = scripted_strengths(state_.combat.attackers, state_.combat.defenders);
    return "the odds, " + std::to_string(s.attack) + " against " + std::to_string(s.defend) + ", are below " +
           combat_table()->columns.front().label + ", the table's lowest column: such an attack is not permitted (" +
           phase().id + ": below_lowest_column); add attackers";
}

}  // namespace sandtable::kernel
