// Odds as a phase counts them, for the combat in progress, for bots and for
// the studio's odds calculator; the differential table's line; the
// explanation of a combat for the studio's playtest mode.
#include "kernel/combat_table.h"
#include "kernel/game.h"
#include "kernel/unit_lists.h"
#include "rules/procedures.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>

namespace sandtable::kernel {

using geometry::Hex;

OddsEstimate Game::odds_for(const std::vector<int>& attackers, const std::vector<int>& defenders,
                            CombatExplanation* why) const {
    return odds_in(phase_index(), attackers, defenders, why);
}

std::vector<std::string> Game::odds_combat_phases() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < ruleset_->phases.size(); ++i)
        if (procedures_[i]->id == Procedure::OddsCombat && !options_of<rules::CombatOptions>(i).bombardment &&
            (ruleset_->odds_table(ruleset_->phases[i].table) ||
             ruleset_->differential_table(ruleset_->phases[i].table)))
            out.push_back(ruleset_->phases[i].id);
    return out;
}

// Attack and defence as a phase counts them (PRESTAGS 7.5, BMW 7.x, F&M 8.2):
// leaders, halving by terrain and hexsides, fortification, a hex's protection
// against fire, and the column shifts; with `why`, each unit's part too.
struct Game::OddsCounter {
    const Game& game;
    const rules::PhaseSpec& spec;
    const rules::CombatOptions& phase_rules;
    bool in_this_phase;
    CombatExplanation* why;

    int leader_in(int side, Hex h) const {
        return phase_rules.leader_adds.index < 0
                   ? 0
                   : game.hex_board().best_attribute_at(side, h, phase_rules.leader_adds.index);
    }
    std::string leader_note(int side, Hex h) const {
        const int adds = leader_in(side, h);
        return adds ? "+" + std::to_string(adds) + " from a leader in the hex (" + spec.id + ": leader_adds, " +
                          spec.where.to_string() + ")"
                    : std::string();
    }
    const rules::TerrainType& terrain_of(Hex h) const {
        return game.ruleset_->terrain[static_cast<std::size_t>(game.hex_board().terrain_at(h))];
    }
    // The terrain's melee effects do not touch fire against a hex's protection.
    bool melee_terrain() const { return phase_rules.defence_from_terrain.empty(); }
    const UnitState& unit(int u) const { return game.state_.unit(u); }

    // Why an attacker's strength is halved (its hex, the defender's, the hexside between), or "".
    std::string halved_by(const UnitState& u, const std::vector<int>& defenders) const {
        if (!melee_terrain()) return {};
        using By = AttackHalving::By;
        std::optional<AttackHalving> halving = game.combat().attack_halving_out_of(u.hex);  // no defender named yet
        for (std::size_t i = 0; !halving && i < defenders.size(); ++i)
            halving = game.combat().attack_halving(u.hex, unit(defenders[i]).hex);
        if (!halving) return {};
        const char* how = halving->by == By::AttackersGround  ? "attacking out of "
                          : halving->by == By::DefendersGround ? "attacking into "
                                                               : "attacking across ";
        return how + *halving->name + " (" + halving->where->to_string() + ")";
    }

    // Halve all, then round the total up (7.5): counted in half points.
    int attack(const std::vector<int>& attackers, const std::vector<int>& defenders) const {
        int half_points = 0;
        for (int a : attackers) {
            const auto& u = unit(a);
            // A plotted combat's attackers fight as they stood when the phase began (20.21).
            const bool plotted =
                game.state_.combat_open && game.state_.combat.side >= 0 && phase_rules.strength.index >= 0;
            const int read = phase_rules.strength.index >= 0 ? phase_rules.strength.index : game.roles_.strength;
            const bool front_face = plotted && in_this_phase;
            const int own = front_face
                                ? game.unit(a).type().front.values[static_cast<std::size_t>(phase_rules.strength.index)]
                                : game.unit(a).attribute(read);
            const int strength = own + leader_in(u.side, u.hex);
            const std::string halving = halved_by(u, defenders);
            half_points += halving.empty() ? 2 * strength : strength;
            if (!why) continue;
            std::string note = leader_note(u.side, u.hex);
            if (!halving.empty()) note += std::string(note.empty() ? "" : "; ") + "halved: " + halving;
            why->attackers.push_back({a, strength, !halving.empty(), note, read, !front_face && u.back, own});
        }
        return (half_points + 1) / 2;
    }

    // Fire against a hex: the defence is the terrain's (PRESTAGS 6.22), not the units'.
    int terrain_defence(const std::vector<int>& defenders) const {
        int defend = 0;
        for (int d : defenders) {
            const auto& t = terrain_of(unit(d).hex);
            defend = std::max(defend, t.value(phase_rules.defence_from_terrain));
            if (why) why->defenders.push_back({d, 0, false, "in " + t.name});
        }
        if (why)
            why->defence_rule = "the hex's " + phase_rules.defence_from_terrain + " (" + spec.id +
                                ": defence_from_terrain, " + spec.where.to_string() + ")";
        return defend;
    }

    int unit_defence(const std::vector<int>& defenders) const {
        int defend = 0;
        for (int d : defenders) {
            const auto& u = unit(d);
            const int read = phase_rules.defence.index >= 0 ? phase_rules.defence.index : game.roles_.strength;
            const int own = game.unit(d).attribute(read);
            int strength = own + leader_in(u.side, u.hex);
            std::string note = leader_note(u.side, u.hex);
            const auto& terrain = terrain_of(u.hex);
            if (!phase_rules.fortification.empty() &&
                terrain.value(phase_rules.fortification) != 0) {  // 8.2.3: doubled
                strength *= 2;
                note += std::string(note.empty() ? "" : "; ") + "doubled: fortification in " + terrain.name + " (" +
                        terrain.where.to_string() + ")";
            }
            defend += strength;
            if (why) why->defenders.push_back({d, strength, false, note, read, u.back, own});
        }
        return defend;
    }

    // The defenders' terrain's shift (the strongest), unless every attacker stands in the same terrain where that
    // counts.
    int terrain_shift(const std::vector<int>& attackers, const std::vector<int>& defenders) const {
        int shift = 0;
        for (int d : defenders) {
            const auto& t = terrain_of(unit(d).hex);
            if (t.combat.defender_column_shift == 0 || !melee_terrain()) continue;
            const bool all_same =
                std::all_of(attackers.begin(), attackers.end(), [&](int a) { return &terrain_of(unit(a).hex) == &t; });
            if (t.combat.shift_unless_attackers_same && all_same) continue;
            if (t.combat.defender_column_shift >= shift) continue;
            shift = t.combat.defender_column_shift;
            if (!why) continue;
            std::erase_if(why->modifiers, [](const CombatModifier& m) {
                return m.what.starts_with("column shift") && m.what.find("defender in") != std::string::npos;
            });
            why->modifiers.push_back(
                {"column shift " + std::to_string(shift) + ": defender in " + t.name, t.where.to_string()});
        }
        return shift;
    }

    int demoralized_shift(const std::vector<int>& attackers) const {
        if (attackers.empty()) return 0;
        const int side = unit(attackers.front()).side;
        const int shift = phase_rules.demoralized_shift;
        if (!game.state_.sides[static_cast<std::size_t>(side)].demoralized || shift == 0) return 0;
        if (why)
            why->modifiers.push_back({"column shift " + std::to_string(shift) + ": the attacker's army is demoralized",
                                      spec.id + ": demoralized_shift, " + spec.where.to_string()});
        return shift;
    }

    // The column on the phase's odds or differential table, and the explanation's totals.
    void find_column(OddsEstimate& e, const std::vector<int>& attackers, const std::vector<int>& defenders) const {
        CombatTable table{game.ruleset_->odds_table(spec.table)};
        if (!table.odds) table.differential = game.ruleset_->differential_table(spec.table);
        if (table.differential && !defenders.empty()) {
            e.line = game.defender_line(*table.differential, attackers, defenders, why);
            table.line = &table.differential->lines[static_cast<std::size_t>(e.line)];
        }
        if (table.valid()) {
            e.column = table.shifted(table.column(e.attack, e.defend), e.shift);
            e.label = table.label(e.column);
        }
        if (!why) return;
        why->attack = e.attack;
        why->defend = e.defend;
        why->column = e.label;
        if (table.odds)
            why->table = table.odds->name;
        else if (table.differential)
            why->table = table.differential->name;
    }
};

OddsEstimate Game::odds_in(int phase_index, const std::vector<int>& attackers, const std::vector<int>& defenders,
                           CombatExplanation* why) const {
    const rules::PhaseSpec& spec = ruleset_->phases[static_cast<std::size_t>(phase_index)];
    if (const auto* pool = ruleset_->dice_pool_table(spec.table))
        return dice_pool_odds(*pool, phase_index, attackers, defenders, why);
    const OddsCounter count{*this, spec, options_of<rules::CombatOptions>(static_cast<std::size_t>(phase_index)),
                            phase_index == this->phase_index(), why};
    OddsEstimate e;
    e.attack = count.attack(attackers, defenders);
    e.defend = count.melee_terrain() ? count.unit_defence(defenders) : count.terrain_defence(defenders);
    e.shift = count.terrain_shift(attackers, defenders);
    e.shift += count.demoralized_shift(attackers);
    count.find_column(e, attackers, defenders);
    return e;
}

int Game::defender_line(const rules::DifferentialCrt& table, const std::vector<int>& attackers,
                        const std::vector<int>& defenders, CombatExplanation* why) const {
    const Hex target = state_.unit(defenders.front()).hex;
    const std::string& terrain = ruleset_->terrain[static_cast<std::size_t>(hex_board_.terrain_at(target))].id;
    // Every attacker attacks across one of these hexside features; how many of the
    // crossings a road or trail runs across (a bridge, 8.2.2). -1: not all across.
    auto bridges_across = [&](const std::vector<std::string>& features) {
        if (features.empty() || attackers.empty()) return -1;
        int bridged = 0;
        for (int a : attackers) {
            const Hex from = state_.unit(a).hex;
            const int dir = geometry::direction_to(from, target);
            const int feature = dir < 0 ? -1 : scenario_->map.side_feature(from, dir);
            if (feature < 0) return -1;
            const auto& id = ruleset_->hexside_features[static_cast<std::size_t>(feature)].id;
            if (std::find(features.begin(), features.end(), id) == features.end()) return -1;
            if (scenario_->map.path_feature(from, dir) >= 0) ++bridged;
        }
        return bridged;
    };
    // Across an unbridged one (no crossing bridged), or a bridged one (at least one bridged).
    auto all_across = [&](const rules::DifferentialLine& line) {
        return bridges_across(line.hexsides) == 0 || bridges_across(line.bridged_hexsides) > 0;
    };
    int chosen = 0;  // a terrain no line names fights on the first line
    std::string because = "the first line";
    bool matched = false;
    for (std::size_t i = 0; i < table.lines.size(); ++i) {
        const auto& line = table.lines[i];
        const bool by_terrain = std::find(line.terrain.begin(), line.terrain.end(), terrain) != line.terrain.end();
        if (!by_terrain && !all_across(line)) continue;
        // The terrain most beneficial to the defender: the line with the fewest columns.
        if (!matched || line.first > table.lines[static_cast<std::size_t>(chosen)].first) {
            matched = true;
            chosen = static_cast<int>(i);
            because =
                by_terrain ? "the defender's hex is " + terrain : "every attacker attacks across a hexside it lists";
        }
    }
    if (why)
        why->modifiers.push_back({"terrain line " + table.lines[static_cast<std::size_t>(chosen)].name + ": " + because,
                                  table.lines[static_cast<std::size_t>(chosen)].where.to_string()});
    return chosen;
}

std::string Game::table_result(int column, int roll) const {
    if (const auto* crt = combat_table()) return crt->result(column, crt->clamped_roll(roll));
    if (const auto* dt = differential_table()) return dt->result(column, dt->clamped_roll(roll));
    throw std::logic_error("the phase in progress resolves no combat on a table");
}

int Game::table_columns() const {
    if (const auto* crt = combat_table()) return static_cast<int>(crt->columns.size());
    if (const auto* dt = differential_table()) {
        const int line = state_.combat.line;
        return line >= 0 ? dt->columns_on(dt->lines[static_cast<std::size_t>(line)])
                         : static_cast<int>(dt->scale.size());
    }
    return 0;
}

CombatExplanation* Game::begin_explanation() {
    if (!recording_.explain) return nullptr;
    CombatExplanation& why = records_.combats.emplace_back();
    why.turn = state_.at.turn;
    why.phase = phase().name;
    why.attacking_side = state_.combat.side >= 0 ? state_.combat.side : attacking_side();
    return &why;
}

CombatExplanation* Game::current_explanation() {
    return recording_.explain && !records_.combats.empty() ? &records_.combats.back() : nullptr;
}

std::string Game::module_source(const std::string& module) const {
    for (const auto& m : ruleset_->modules)
        if (m.module == module) return "module " + module + " (" + m.file + ")";
    return "module " + module;
}

// Each handler's change to a traced event's values, as a modifier of the
// combat being explained: "attack 13 → 15 (combat.strengths)".
void Game::explain_script_changes(const EventContext& context, const char* what) {
    note_script_changes(context, what, current_explanation());
}

void Game::note_script_changes(const EventContext& context, const char* what, CombatExplanation* why) const {
    if (!why) return;
    for (const ContextChange& change : context.changes())
        why->modifiers.push_back({change.key + " " + (change.before.empty() ? "none" : change.before) + " → " +
                                      (change.after.empty() ? "none" : change.after) + " (" + what + ")",
                                  module_source(change.module)});
}

}  // namespace sandtable::kernel
