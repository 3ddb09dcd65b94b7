// A combat and the log in words for players: units named, not numbered (combat_text.h).
#include "core/combat_text.h"

#include <cctype>

namespace sandtable::studio {

using kernel::Game;

std::string unit_name(const Game& game, int unit) {
    if (unit < 0) return "?";
    const auto& placed = game.scenario().units[static_cast<std::size_t>(unit)];
    return placed.name.empty() ? placed.id : placed.name;
}

UnitNamer::UnitNamer(const Game& game) {
    for (std::size_t u = 0; u < game.scenario().units.size(); ++u)
        names_.emplace(game.scenario().units[u].id, unit_name(game, static_cast<int>(u)));
}

std::string UnitNamer::operator()(const std::string& text) const {
    auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (!word_char(text[i])) {
            out += text[i++];
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && word_char(text[end])) ++end;
        const std::string word = text.substr(i, end - i);
        const auto named = names_.find(word);
        out += named == names_.end() ? word : named->second;
        i = end;
    }
    return out;
}

std::string with_unit_names(const Game& game, const std::string& text) { return UnitNamer(game)(text); }

namespace {
// An attack of markers alone (a bombardment) has no attacking units.
std::string names(const Game& game, const std::vector<kernel::StrengthTerm>& terms, const char* none = "nobody") {
    std::string out;
    for (const auto& t : terms) out += (out.empty() ? "" : " + ") + unit_name(game, t.unit);
    return out.empty() ? none : out;
}

std::string result_words(const kernel::CombatExplanation& why) {
    return why.result + (why.result_name.empty() ? "" : " (" + why.result_name + ")");
}
}  // namespace

std::string combat_summary(const Game& game, const kernel::CombatExplanation& why) {
    std::string out = "T" + std::to_string(why.turn) + " " + why.phase + ": " +
                      names(game, why.attackers, "support fire") + " against " + names(game, why.defenders);
    if (why.cancelled) return out + " — did not take place";
    out += " — " + why.column;
    if (why.roll > 0)
        out += ", die " + std::to_string(why.roll) +
               (why.roll_modifier ? (why.roll_modifier > 0 ? "+" : "") + std::to_string(why.roll_modifier) : "");
    return out + ": " + why.result;
}

namespace {
// "combat 8 from house rule heavier-knights, …/studio.yaml:5": the unit type's value a term started from.
std::string value_source(const Game& game, const kernel::StrengthTerm& t, const ValueSources* sources) {
    if (!sources || t.attribute < 0) return {};
    const auto& attribute = game.ruleset().attributes[static_cast<std::size_t>(t.attribute)];
    const auto& type = game.ruleset().unit_types[static_cast<std::size_t>(game.state().unit(t.unit).type)];
    const std::string where = sources->unit_value(type.id, t.back, attribute.id);
    if (where.empty()) return {};
    return attribute.id + " " + std::to_string(t.base) + (t.back ? " (back)" : "") + " from " + where;
}
}  // namespace

std::string combat_text(const Game& game, const kernel::CombatExplanation& why, const ValueSources* sources) {
    std::string out = "Turn " + std::to_string(why.turn) + ", " + why.phase + "\n";
    if (why.cancelled)
        return out + names(game, why.attackers) + " against " + names(game, why.defenders) +
               ": the combat did not take place (the defender left or a rule called it off).\n";
    auto list = [&](const char* title, const std::vector<kernel::StrengthTerm>& terms, int total) {
        out += std::string(title) + " " + std::to_string(total) + "\n";
        for (const auto& t : terms) {
            out += "  " + unit_name(game, t.unit) + " (" +
                   game.ruleset().unit_types[static_cast<std::size_t>(game.state().unit(t.unit).type)].name + ")";
            if (t.strength || !t.halved) out += ": " + std::to_string(t.strength);
            if (!t.note.empty()) out += "  " + t.note;
            if (const std::string source = value_source(game, t, sources); !source.empty()) out += "\n      " + source;
            out += "\n";
        }
    };
    const bool halving =
        std::any_of(why.attackers.begin(), why.attackers.end(), [](const auto& t) { return t.halved; });
    list("Attack", why.attackers, why.attack);
    if (halving) out += "  (halved strengths are added up, then the total is rounded up)\n";
    list("Defence", why.defenders, why.defend);
    if (!why.defence_rule.empty()) out += "  the defence is " + why.defence_rule + "\n";
    if (!why.modifiers.empty()) {
        out += "Modifiers\n";
        for (const auto& m : why.modifiers) out += "  " + m.what + "\n      from " + m.source + "\n";
    }
    if (why.dice_pool) {
        auto faces = [](const std::vector<int>& dice) {
            std::string s;
            for (int d : dice) s += (s.empty() ? "" : " ") + std::to_string(d);
            return s.empty() ? std::string("no dice") : s;
        };
        out += "Dice on the " + why.table + "\n";
        out += "  attacker " + std::to_string(why.attack_dice.size()) + "D: " + faces(why.attack_dice) + " → " +
               std::to_string(why.attack_hits) + " hit" + (why.attack_hits == 1 ? "" : "s") + "\n";
        out += "  defender " + std::to_string(why.defence_dice.size()) + "D: " + faces(why.defence_dice) + " → " +
               std::to_string(why.defence_hits) + " hit" + (why.defence_hits == 1 ? "" : "s") + "\n";
        return out + "Result " + result_words(why) + "\n";
    }
    out += "Column " + why.column + " on the " + why.table + "\n";
    if (why.roll > 0) {
        out += "Die " + std::to_string(why.roll);
        if (why.roll_modifier)
            out += (why.roll_modifier > 0 ? " +" : " ") + std::to_string(why.roll_modifier) + " = " +
                   std::to_string(why.roll + why.roll_modifier);
        if (why.row != why.roll + why.roll_modifier) out += ", read as row " + std::to_string(why.row);
        out += "\n";
    } else {
        out += "No die: the result is automatic or fixed by a rule\n";
    }
    return out + "Result " + result_words(why) + "\n";
}

}  // namespace sandtable::studio
