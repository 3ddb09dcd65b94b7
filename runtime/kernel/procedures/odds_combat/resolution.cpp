// A declared combat resolved stage by stage (see resolution.h): the
// participants still there, the odds or dice pools, the result read or
// rolled and heard by the scripts, then the losses and retreats it owes.
#include "kernel/procedures/odds_combat/resolution.h"
#include "kernel/combat_table.h"
#include "kernel/game.h"
#include "kernel/procedures/odds_combat/odds_combat.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::kernel {

using geometry::Hex;

// The combat being built or resolved: who may join it, which loss, retreat or advance is next.
void CombatResolution::actions(const Game& game, std::vector<Action>& out) {
    const Combat& c = game.state_.combat;
    if (c.stage == Combat::Building) {
        OddsCombatProcedure::building_actions(game, out);
    } else if (c.stage == Combat::Losses) {
        const bool attacker_loses = c.losses_attacker > 0;
        for (int u : loss_candidates(game, attacker_loses)) out.push_back(act::ChooseUnit{u});
        if (!attacker_loses && c.losses_defender == 0 && !c.displacing.empty()) {
            out.clear();
            displacement_actions(game, out);
        } else if (!attacker_loses && c.losses_defender == 0 && !c.to_retreat.empty()) {
            out.clear();
            int u = c.to_retreat.front();
            for (Hex h : retreat_options(game, u)) out.push_back(act::RetreatTo{u, h});
            if (offers_stiff_resistance(game)) out.push_back(act::StiffResistance{});
        }
    } else if (c.stage == Combat::Advance) {
        advance_actions(game, out);
    } else if (c.stage == Combat::Support) {
        support_actions(game, out);
    }
}

// Resolution runs on until an owner must decide (a loss, a retreat, an
// advance) or a script asks a question.
// 8.4: the side stays; one of its units loses a step; nobody advances.
void CombatResolution::offer_stiff_resistance(Game& game) {
    Combat& c = game.state_.combat;
    const int first = c.to_retreat.front();
    const bool attackers_retreat = contains(c.attackers, first);
    if (game.recording_.log)
        game.note("  " + game.scenario_->sides[static_cast<std::size_t>(game.state_.unit(first).side)].name +
                  " offers stiff resistance");
    c.retreat_decided = c.stiff_resistance = true;
    c.to_retreat.clear();
    (attackers_retreat ? c.losses_attacker : c.losses_defender) = 1;
    c.advance_done = true;
}

// One unit advances; others may follow (F&M 8.5; regimental 4.2: "up to the stacking limit").
void CombatResolution::advance_after_combat(Game& game, int unit, Hex to) {
    Combat& c = game.state_.combat;
    if ((game.combat_rules().advance == rules::CombatOptions::Advance::PathOfRetreat) ||
        game.combat_rules().advance_up_to_stacking)
        c.advanced.push_back(unit);
    else
        c.advance_done = true;
    if (game.recording_.log) game.note("  " + game.unit(unit).id() + " advances to " + game.grid().label(to));
    const Hex from = game.state_.unit(unit).hex;
    game.move_unit(unit, to);
    EventContext advanced(Event::UnitAdvanced);
    advanced.set("unit", unit);
    advanced.set_text("from", game.grid().label(from));
    advanced.set_text("to", game.grid().label(to));
    game.raise(advanced);
}

void CombatResolution::finish_combat(Game& game) {
    game.state_.combat_open = false;
    game.state_.combat.stage = Combat::Done;
}

// A combat in resolution, stage by stage, until a side must decide (true),
// the phase goes on to its next combat (combat_step), or the game ends.
bool CombatResolution::step(Game& game) {
    for (;;) {
        std::optional<bool> stop;
        switch (game.state_.combat.stage) {
            case Combat::Building:
                game.decide(DecisionKind::CombatBuild, game.attacking_side());
                return true;
            case Combat::Support:
                if (support_commit_step(game)) return true;
                continue;
            case Combat::Declared:
                stop = combat_declared(game);
                break;
            case Combat::Rolled:
                stop = combat_rolled(game);
                break;
            case Combat::Losses:
                stop = combat_losses(game);
                break;
            case Combat::Advance:
                return combat_advance(game);
            default:
                finish_combat(game);
                return game.step_procedure();  // on to the phase's next combat or decision
        }
        if (stop) return *stop;
    }
}

// The participants are marked and the scripts hear of the combat; they may
// cancel it or force its result. nullopt: go on to the next stage.
std::optional<bool> CombatResolution::combat_declared(Game& game) {
    Combat& c = game.state_.combat;
    for (int u : c.attackers) {
        game.state_.unit(u).attacked = true;
        c.attacker_hexes.push_back(game.state_.unit(u).hex);
    }
    for (int u : c.defenders) {
        game.state_.unit(u).was_attacked = true;
        c.defender_hexes.push_back(game.state_.unit(u).hex);
    }
    // Comma-separated: the studio shows names, which have spaces in them.
    auto listed = [&](const std::vector<int>& units) {
        std::string out;
        for (int u : units) out += (out.empty() ? "" : ", ") + game.unit(u).id();
        return out.empty() ? std::string("support fire") : out;
    };
    if (game.recording_.log) game.note("  combat: " + listed(c.attackers) + " against " + listed(c.defenders));
    EventContext ctx(Event::CombatDeclared);
    ctx.set_list("attackers", c.attackers);
    ctx.set_list("defenders", c.defenders);
    game.raise(ctx);
    // Scripts read and change the combat through the kernel API; the
    // context's flags are the simple way to cancel or force a result.
    if (ctx.get("cancel")) c.cancelled = true;
    if (!ctx.text("forced_result").empty()) c.forced_result = ctx.text("forced_result");
    c.stage = Combat::Rolled;
    if (!game.beside_.questions.empty()) return true;
    return std::nullopt;
}

// Units that left before combat (retreat before combat) no longer fight; in a
// plotted combat an attacker eliminated earlier in the phase still does
// (20.21). A hex defends as one (PRESTAGS 5.41): whoever of the defending side
// still stands in a defending hex defends, even if the unit the combat was
// declared against left it (17.5).
void CombatResolution::keep_participants_still_there(Game& game) {
    Combat& c = game.state_.combat;
    auto still_there = [&](std::vector<int>& v, const std::vector<Hex>& hexes, bool simultaneous) {
        std::vector<int> kept;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const auto& s = game.state_.unit(v[i]);
            if ((s.on_map || (simultaneous && s.ready && s.eliminated)) && s.hex == hexes[i]) kept.push_back(v[i]);
        }
        v = std::move(kept);
    };
    const std::vector<Hex> attacker_start = c.attacker_hexes, defender_start = c.defender_hexes;
    still_there(c.attackers, attacker_start, c.side >= 0);
    still_there(c.defenders, defender_start, false);
    if (!game.combat_rules().hex_defends_as_one || !c.defenders.empty() || defender_start.empty()) return;
    const int defending = opponent_of(game.attacking_side());
    for (Hex h : defender_start)
        for (int u : game.hex_board_.units_at(h))
            if (game.state_.unit(u).side == defending && !contains(c.defenders, u)) c.defenders.push_back(u);
}

// The odds or dice pools and the result, unless the combat no longer takes place.
std::optional<bool> CombatResolution::combat_rolled(Game& game) {
    Combat& c = game.state_.combat;
    keep_participants_still_there(game);
    auto alive = [&](const std::vector<int>& v) {
        return std::any_of(v.begin(), v.end(), [&](int u) {
            const auto& s = game.state_.unit(u);
            return s.on_map &&
                   std::find(c.defender_hexes.begin(), c.defender_hexes.end(), s.hex) != c.defender_hexes.end();
        });
    };
    CombatExplanation* why = game.begin_explanation();
    const bool unopposed = game.combat_rules().bombardment ? c.support_attacker_markers == 0 : c.attackers.empty();
    if (c.cancelled || !alive(c.defenders) || (unopposed && c.forced_result.empty())) {
        if (game.recording_.log) game.note("  the combat does not take place");
        if (why) {
            why->cancelled = true;
            for (int u : c.attackers) why->attackers.push_back({u, 0, false, {}});
            for (int u : c.defenders) why->defenders.push_back({u, 0, false, {}});
        }
        c.advance_one_hex = true;
        c.advancing_side = game.attacking_side();
        c.stage = Combat::Advance;
        return std::nullopt;
    }
    if (game.dice_pool()) {
        compute_dice_pools(game);
        resolve_dice_pools(game);
    } else {
        if (c.forced_result.empty()) compute_odds(game);
        apply_result(game);
    }
    c.stage = Combat::Losses;
    if (!game.beside_.questions.empty()) return true;
    return std::nullopt;
}

// Losses owed, then retreats, one at a time; then the scripts hear the combat
// is resolved and the advance follows.
std::optional<bool> CombatResolution::combat_losses(Game& game) {
    Combat& c = game.state_.combat;
    if (game.state_.result.over) return false;
    if (c.losses_attacker > 0 || c.losses_defender > 0) return take_owed_loss(game);
    if (std::any_of(game.state_.sides.begin(), game.state_.sides.end(),
                    [](const SideState& s) { return s.disintegrated; })) {
        game.end_game_by_disintegration();
        return false;
    }
    if (!c.displacing.empty()) {  // a friend in the way chooses where it is pushed
        game.decide(DecisionKind::Retreat, game.state_.unit(c.displacing.back().unit).side);
        return true;
    }
    while (!c.to_retreat.empty() && !game.state_.unit(c.to_retreat.front()).on_map)
        c.to_retreat.erase(c.to_retreat.begin());
    if (!c.to_retreat.empty()) return next_retreat(game);
    if (game.state_.result.over) return false;
    c.stage = Combat::Advance;
    // The instant the combat's losses are all taken (panic, 13.11).
    if (!game.listening(Event::CombatResolved)) return std::nullopt;
    EventContext resolved(Event::CombatResolved);
    resolved.set_list("attackers", c.attackers);
    resolved.set_list("defenders", c.defenders);
    resolved.set_text("result", c.result);
    game.raise(resolved);
    if (!game.beside_.questions.empty()) return true;
    if (game.state_.result.over) return false;
    return std::nullopt;
}

// One loss the attacker (first) or the defender owes: taken at once when
// there is no choice, else chosen by its side.
std::optional<bool> CombatResolution::take_owed_loss(Game& game) {
    Combat& c = game.state_.combat;
    const bool attacker = c.losses_attacker > 0;
    int& owed = attacker ? c.losses_attacker : c.losses_defender;
    const auto candidates = loss_candidates(game, attacker);
    if (candidates.empty()) {
        owed = 0;
        return std::nullopt;
    }
    // No choice when one unit is left, or when every one is lost. A dice
    // pool's loss is one strength point: losing one from each does not lose them all.
    if (candidates.size() == 1 || (!c.dice_pool && owed >= static_cast<int>(candidates.size()))) {
        --owed;
        lose_step(game, candidates.front(), loss_is_reduction(game, attacker));
        if (!game.beside_.questions.empty()) return true;
        return std::nullopt;
    }
    game.decide(DecisionKind::ChooseLoss, attacker ? game.attacking_side() : opponent_of(game.attacking_side()));
    return true;
}

// The next unit to retreat: it dies without a hex, goes to the only one
// (pushing a friend out of the way if it must), or its side chooses.
std::optional<bool> CombatResolution::next_retreat(Game& game) {
    Combat& c = game.state_.combat;
    const int u = c.to_retreat.front();
    const int side = game.state_.unit(u).side;
    const auto dest = retreat_options(game, u);
    if (offers_stiff_resistance(game) ||
        dest.size() > 1) {  // stiff resistance: decided after the roll, whatever the hexes
        game.decide(DecisionKind::Retreat, side);
        return true;
    }
    c.to_retreat.erase(c.to_retreat.begin());
    if (dest.empty()) {
        if (game.recording_.log) game.note("  " + game.unit(u).id() + " cannot retreat");
        // Its hex is the path of retreat (8.5): the retreat stands.
        if ((game.combat_rules().advance == rules::CombatOptions::Advance::PathOfRetreat) &&
            side != game.attacking_side() && c.retreat_path.empty())
            c.retreat_path.push_back(game.state_.unit(u).hex);
        game.eliminate(u);
    } else if (needs_room(game, u, dest.front())) {
        start_displacement(game, u, dest.front());
        return step(game);
    } else {
        retreat_to(game, u, dest.front());
    }
    if (!game.beside_.questions.empty()) return true;
    return std::nullopt;
}

// The victors may advance; once they have (or cannot), the phase goes on.
bool CombatResolution::combat_advance(Game& game) {
    std::vector<Action>& options = game.listing_buffer();
    advance_actions(game, options);
    if (options.empty() || game.state_.combat.advance_done) {
        finish_combat(game);
        return game.step_procedure();  // on to the phase's next combat or decision
    }
    game.decide_listed(DecisionKind::Advance, game.state_.combat.advancing_side);
    return true;
}

// The result's retreat length, else the unit's own (retreat_hexes).
int CombatResolution::retreat_length(const Game& game, int unit) {
    const int hexes = game.state_.combat.retreat_hexes;
    return hexes > 0 ? hexes : game.unit(unit).capability(Capability::RetreatHexes);
}

// May the side told to retreat offer stiff resistance now (before any of its units moved)?
bool CombatResolution::offers_stiff_resistance(const Game& game) {
    const Combat& c = game.state_.combat;
    return (game.combat_rules().stiff_resistance && !c.retreat_decided && !c.to_retreat.empty()) ||
           may_hold_instead(game);
}

// Is this side's loss a step reduction (the result says `reduce` for it, or stiff resistance)?
bool CombatResolution::loss_is_reduction(const Game& game, bool attacker) {
    if (game.state_.combat.stiff_resistance) return true;
    if (!game.state_.combat.losses_reduce) return false;
    const rules::CombatResult* r = game.ruleset_->combat_result(game.state_.combat.result);
    return r && (attacker ? r->attacker : r->defender) == rules::CombatResult::Effect::Reduce;
}

// A unit loses a step: on its front face with a back face, it flips;
// otherwise (reduced already, or a one-step unit) it is eliminated.
std::vector<int> CombatResolution::loss_candidates(const Game& game, bool attacker) {
    const Combat& c = game.state_.combat;
    std::vector<int> out;
    if (c.dice_pool)
        out = pool_loss_candidates(game, attacker);
    else
        for (int u : attacker ? c.attackers : c.defenders)
            if (game.state_.unit(u).on_map) out.push_back(u);
    if (out.size() < 2 || !game.listening(Event::LossCandidate)) return out;
    // A query (read only): may this one take the loss while another can? Regimental 4.0: a
    // support company goes before its core stand's last strength point.
    std::vector<int> kept;
    for (int u : out) {
        EventContext ctx(Event::LossCandidate);
        ctx.set("unit", u);
        ctx.set("side", game.state_.unit(u).side);
        const bool reducible =
            !c.dice_pool && loss_is_reduction(game, attacker) && !game.state_.unit(u).back && game.unit(u).type().back;
        ctx.set("last", c.dice_pool ? game.strength_points_left(u) <= 1 : !reducible);
        ctx.set("refused", 0);
        game.ask(ctx);
        if (ctx.get("refused") == 0) kept.push_back(u);
    }
    return kept.empty() ? out : kept;
}

void CombatResolution::lose_step(Game& game, int unit, bool reduction) {
    if (game.state_.combat.dice_pool) return lose_strength_point(game, unit);
    const auto& u = game.state_.unit(unit);
    if (reduction && !u.back && game.unit(unit).type().back) {
        if (game.recording_.log) game.note("  " + game.unit(unit).id() + " is reduced");
        game.set_back(unit, true);
        return;
    }
    game.eliminate(unit);
}

void CombatResolution::compute_odds(Game& game) {
    Combat& c = game.state_.combat;
    CombatExplanation* why = game.current_explanation();
    OddsEstimate e = game.odds_for(c.attackers, c.defenders, why);
    if (c.support_revealed) {  // the markers' "+" values join the sides' totals (8.2.1 c)
        e.attack += c.support_attack;
        e.defend += c.support_defence;
        if (why && c.support_attacker_markers + c.support_defender_markers > 0)
            why->modifiers.push_back({"support fire: attacker +" + std::to_string(c.support_attack) + " (" +
                                          std::to_string(c.support_attacker_markers) + " marker" +
                                          (c.support_attacker_markers == 1 ? "" : "s") + "), defender +" +
                                          std::to_string(c.support_defence) + " (" +
                                          std::to_string(c.support_defender_markers) + " marker" +
                                          (c.support_defender_markers == 1 ? "" : "s") + ")",
                                      game.phase().id + ": support_markers, " + game.phase().where.to_string()});
    }
    EventContext strengths(Event::CombatStrengths);
    strengths.set("attack", e.attack);
    strengths.set("defend", e.defend);
    if (why) strengths.trace();
    game.raise(strengths);
    game.explain_script_changes(strengths, "combat.strengths");
    c.attack = static_cast<int>(strengths.get("attack"));
    c.defend = static_cast<int>(strengths.get("defend"));
    const rules::OddsCrt* crt = game.combat_table();
    const rules::DifferentialCrt* dt = crt ? nullptr : game.differential_table();
    c.line = dt ? e.line : -1;
    const rules::DifferentialLine* line = dt && c.line >= 0 ? &dt->lines[static_cast<std::size_t>(c.line)] : nullptr;
    const CombatTable table{crt, dt, line};
    const int column = table.column(c.attack, c.defend);
    EventContext odds(Event::CombatOdds);
    odds.set("column", column);
    odds.set("shift", e.shift);
    if (why) odds.trace();
    game.raise(odds);
    game.explain_script_changes(odds, "combat.odds");
    const int shift = static_cast<int>(odds.get("shift"));
    c.column = table.shifted(column, shift);
    const std::string label = table.label(c.column);
    if (why) {
        why->attack = c.attack;
        why->defend = c.defend;
        why->column = label;
    }
    if (game.recording_.log)
        game.note("  " + std::to_string(c.attack) + " against " + std::to_string(c.defend) +
                  (dt ? " (differential " + std::to_string(c.attack - c.defend) + ")" : "") + ": column " + label +
                  (line ? " on the " + line->name + " line" : "") +
                  (shift ? " (shifted " + std::to_string(shift) + ")" : ""));
}

// The result of a combat on the phase's table: fixed by a rule, automatic,
// or rolled; then the scripts hear it (and may change it), and the losses and
// retreats it calls for are owed.
void CombatResolution::apply_result(Game& game) {
    Combat& c = game.state_.combat;
    CombatExplanation* why = game.current_explanation();
    const std::string column_label = combat_column_label(game);
    const rules::OddsCrt* odds_crt = game.combat_table();
    const std::string automatic =
        odds_crt && c.column >= 0 ? odds_crt->columns[static_cast<std::size_t>(c.column)].automatic : std::string();
    if (!c.forced_result.empty()) {
        if (game.recording_.log) game.note("  result fixed by a rule: " + c.forced_result);
        c.result = c.forced_result;
        if (why)
            why->modifiers.push_back(
                {"result fixed at " + c.forced_result + " before any die", "a rule script (combat.declared)"});
    } else if (!automatic.empty()) {
        if (game.recording_.log) game.note("  automatic result");
        c.result = automatic;
    } else {
        roll_for_result(game, column_label);
    }
    hear_result(game, column_label);
    if (game.combat_rules().bombardment && !filter_bombardment_result(game)) return;
    if (const rules::CombatResult* r = game.ruleset_->combat_result(c.result)) owe_result(game, *r);
}

// The combat's column as the table labels it ("3-1", "+4" on a differential line); "" before it is found.
std::string CombatResolution::combat_column_label(const Game& game) {
    const Combat& c = game.state_.combat;
    if (c.column < 0) return {};
    if (const rules::OddsCrt* odds_crt = game.combat_table())
        return odds_crt->columns[static_cast<std::size_t>(c.column)].label;
    const rules::DifferentialCrt* dt = game.differential_table();
    if (!dt || c.line < 0) return {};
    return dt->label(c.column, dt->lines[static_cast<std::size_t>(c.line)]);
}

// Rules that add to the die (a disrupted defender, a charge) say so before it
// is rolled; the sum of their modifiers is part of the state. A sum beyond the
// table reads its first or last row.
void CombatResolution::roll_for_result(Game& game, const std::string& column_label) {
    Combat& c = game.state_.combat;
    CombatExplanation* why = game.current_explanation();
    const rules::OddsCrt* odds_crt = game.combat_table();
    const rules::DifferentialCrt* dt = odds_crt ? nullptr : game.differential_table();
    const auto* line = dt && c.line >= 0 ? &dt->lines[static_cast<std::size_t>(c.line)] : nullptr;
    EventContext modify(Event::CombatRoll);
    modify.set("column", c.column);
    modify.set("modifier", 0);
    if (why) modify.trace();
    game.raise(modify);
    game.explain_script_changes(modify, "combat.roll");
    c.roll_modifier = static_cast<int>(modify.get("modifier"));
    c.roll = game.roll(odds_crt ? odds_crt->die_faces : dt->die_faces,
                       dt ? "combat at differential " + column_label + (line ? " on the " + line->name + " line" : "")
                          : "combat on the " + column_label + " column");
    const int sum = c.roll + c.roll_modifier;
    const int row = odds_crt ? odds_crt->clamped_roll(sum) : dt->clamped_roll(sum);
    if (c.roll_modifier != 0 && game.recording_.log) {
        const std::string sign = c.roll_modifier > 0 ? " +" : " ";
        game.note("  modified roll " + std::to_string(c.roll) + sign + std::to_string(c.roll_modifier) + " = " +
                  std::to_string(sum) +
                  (row != sum ? ", read as " + std::to_string(row) + " (the table's " + (row < sum ? "last" : "first") +
                                    " row)"
                              : ""));
    }
    c.result = odds_crt ? odds_crt->result(c.column, row) : dt->result(c.column, row);
    if (!why) return;
    why->roll = c.roll;
    why->roll_modifier = c.roll_modifier;
    why->row = row;
}

// combat.result: the scripts hear the result and may change it, require the advance or limit it to marked units.
void CombatResolution::hear_result(Game& game, const std::string& column_label) {
    Combat& c = game.state_.combat;
    CombatExplanation* why = game.current_explanation();
    EventContext ctx(Event::CombatResult);
    ctx.set_text("result", c.result);
    ctx.set("roll", c.roll);
    ctx.set("modifier", c.roll_modifier);
    ctx.set("advance_required", 0);
    if (why) ctx.trace();
    game.raise(ctx);
    game.explain_script_changes(ctx, "combat.result");
    c.result = ctx.text("result");
    if (why) {
        const rules::OddsCrt* odds_crt = game.combat_table();
        why->table = odds_crt ? odds_crt->name : game.differential_table()->name;
        if (why->column.empty()) why->column = column_label;
        why->result = c.result;
        const rules::CombatResult* named = game.ruleset_->combat_result(c.result);
        why->result_name = named ? named->name : std::string();
    }
    c.advance_required = ctx.get("advance_required") != 0;
    c.advance_mark = ctx.text("advance_mark");
    if (game.recording_.log) game.note("  result " + c.result);
}

// What the result owes: units to lose (one for a loss or a reduction, every
// one for an elimination), who retreats and how far, and who may advance.
void CombatResolution::owe_result(Game& game, const rules::CombatResult& r) {
    Combat& c = game.state_.combat;
    using E = rules::CombatResult::Effect;
    auto losses = [](E effect, const std::vector<int>& side) {
        if (effect == E::LoseUnit || effect == E::Reduce) return 1;
        if (effect == E::EliminateAll) return static_cast<int>(side.size());
        return 0;
    };
    c.losses_attacker = losses(r.attacker, c.attackers);
    c.losses_defender = losses(r.defender, c.defenders);
    // A result that reduces one side and eliminates the other is not in any rulebook
    // read so far; reductions apply to the side that is reduced, eliminations eliminate.
    c.losses_reduce = r.attacker == E::Reduce || r.defender == E::Reduce;
    if (r.attacker == E::Retreat) c.to_retreat = c.attackers, c.retreat_hexes = r.attacker_retreat;
    if (r.defender == E::Retreat) c.to_retreat = c.defenders, c.retreat_hexes = r.defender_retreat;
    c.advancing_side = advancing_side_after(game, r);
}

// Who may advance into what a result leaves empty: after a retreat of the attacker, the defender; with
// `victor_advances`, the side a result leaves unhurt whatever emptied the other's hex (BMW 7.9: after AL too);
// else the attacker (PRESTAGS 8.4: "the attacking units may advance").
int CombatResolution::advancing_side_after(const Game& game, const rules::CombatResult& r) {
    using E = rules::CombatResult::Effect;
    const bool attacker_hurt = r.attacker != E::None, defender_hurt = r.defender != E::None;
    const bool defender_advances =
        r.attacker == E::Retreat || (game.combat_rules().victor_advances && attacker_hurt && !defender_hurt);
    return defender_advances ? opponent_of(game.attacking_side()) : game.attacking_side();
}

}  // namespace sandtable::kernel
