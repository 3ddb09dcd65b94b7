// A ruleset's phases (each procedure's options checked), its sequence of play, orders and day.
#include "load/ruleset_reader.h"

#include <algorithm>

namespace sandtable::load::ruleset_reading {

void RulesetReader::phases(MapReader& top) {
    YAML::Node node = top.child("phases", {.required = true});
    if (!node.IsDefined()) return;
    if (!node.IsMap()) return sink.error(location_of(node, file), "'phases' must map phase names to their procedures");
    for (const auto& kv : node) {
        PhaseSpec p;
        p.id = kv.first.Scalar();
        p.where = location_of(kv.first, file);
        MapReader r(kv.second, file, sink, "phase '" + p.id + "'");
        if (!r.valid()) continue;
        p.name = r.text("name", {.fallback = p.id});
        p.procedure = r.text("procedure", {.required = true});
        const ProcedureSpec* spec = find_procedure(p.procedure);
        if (!spec) {
            std::vector<std::string> names;
            for (const auto& known : procedures()) names.push_back(known.name);
            sink.error(r.where("procedure"), unknown("procedure", p.procedure, names));
        }
        std::string acting = r.text("acting", {.fallback = "active"});
        if (acting == "active")
            p.acting = Acting::Active;
        else if (acting == "both")
            p.acting = Acting::Both;
        else
            sink.error(r.where("acting"), "'acting' must be active or both, got '" + acting + "'");
        p.table = r.text("table", {});
        if (spec && spec->table == ProcedureSpec::Table::None && !p.table.empty())
            sink.error(r.where("table"),
                       "procedure '" + p.procedure + "' uses no table; remove 'table: " + p.table + "'");
        if (p.acting == Acting::Both && p.procedure != "ranged_fire")
            sink.error(r.where("acting"), "'acting: both' is only for ranged_fire phases");
        YAML::Node options = r.child("options");
        if (options.IsDefined()) {
            p.options = to_param(options, file);
            if (spec) check_options(*spec, options, p.id);
        }
        rs.phases.push_back(std::move(p));
    }
}

std::string RulesetReader::join_choices(const std::vector<std::string>& choices) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i)
        out += (i ? (i + 1 == choices.size() ? " or " : ", ") : "") + choices[i];
    return out;
}

void RulesetReader::check_options(const ProcedureSpec& spec, const YAML::Node& options, const std::string& phase) {
    MapReader r(options, file, sink, "the options of phase '" + phase + "'");
    if (!r.valid()) return;
    for (const auto& o : spec.options) {
        if (!r.has(o.key)) {
            r.accept(o.key);
            continue;
        }
        YAML::Node v = r.child(o.key);
        bool b = false;
        int i = 0;
        const bool ok =
            o.kind == ProcedureOption::Kind::Bool  ? v.IsScalar() && YAML::convert<bool>::decode(v, b)
            : o.kind == ProcedureOption::Kind::Int ? v.IsScalar() && YAML::convert<int>::decode(v, i)
            : o.kind == ProcedureOption::Kind::Names || o.kind == ProcedureOption::Kind::TerrainNames
                ? v.IsScalar() || (v.IsSequence() &&
                                   std::all_of(v.begin(), v.end(), [](const YAML::Node& n) { return n.IsScalar(); }))
                : v.IsScalar();
        static const char* kinds[] = {"true or false",
                                      "a whole number",
                                      "a single value",
                                      "a single value",
                                      "a single value",
                                      "a name or a list of names",
                                      "a terrain id or a list of terrain ids"};
        if (!ok)
            sink.error(location_of(v, file),
                       "option '" + o.key + "' of " + spec.name + " must be " + kinds[static_cast<int>(o.kind)]);
        else if (o.kind == ProcedureOption::Kind::Int && i < o.min)
            sink.error(location_of(v, file),
                       "option '" + o.key + "' of " + spec.name + " must be at least " + std::to_string(o.min));
        else if (o.kind == ProcedureOption::Kind::Choice &&
                 std::find(o.choices.begin(), o.choices.end(), v.Scalar()) == o.choices.end())
            sink.error(location_of(v, file), "option '" + o.key + "' of " + spec.name + " must be one of " +
                                                 join_choices(o.choices) + ", not '" + v.Scalar() + "'");
        else if (o.kind == ProcedureOption::Kind::Text && rs.attribute_index(v.Scalar()) < 0)
            sink.error(location_of(v, file), "option '" + o.key + "' names attribute '" + v.Scalar() +
                                                 "', which the ruleset does not declare");
        else if (o.kind == ProcedureOption::Kind::TerrainNames)
            check_terrain_names(o.key, v);
    }
}

int RulesetReader::phase_index(const std::string& id) const {
    for (std::size_t i = 0; i < rs.phases.size(); ++i)
        if (rs.phases[i].id == id) return static_cast<int>(i);
    return -1;
}

void RulesetReader::sequence(MapReader& top) {
    MapReader s(top.child("sequence", {.required = true}), file, sink, "sequence");
    if (!s.valid()) return;
    rs.sequence.game_turn = game_turn(s);
    YAML::Node variants = s.child("variants");
    if (!variants.IsDefined()) return;
    MapReader all(variants, file, sink, "the sequence's variants");
    if (!all.valid()) return;
    for (const auto& id : all.keys()) {
        MapReader v(all.child(id), file, sink, "sequence variant '" + id + "'");
        if (!v.valid()) continue;
        rules::SequenceVariant variant;
        variant.id = id;
        variant.where = v.where();
        variant.name = v.text("name", {.fallback = id});
        variant.game_turn = game_turn(v);
        rs.sequence.variants.push_back(std::move(variant));
    }
}

std::vector<SequenceStep> RulesetReader::game_turn(MapReader& parent) {
    std::vector<SequenceStep> steps;
    YAML::Node turn = parent.child("game_turn", {.required = true});
    if (!turn.IsDefined()) return steps;
    if (!turn.IsSequence()) {
        sink.error(location_of(turn, file), "'game_turn' must be a list of steps");
        return steps;
    }
    for (const auto& node : turn) {
        MapReader step(node, file, sink, "a step of the game turn (player_turns: [...] or phase: id)");
        if (!step.valid()) continue;
        SequenceStep st;
        st.where = step.where();
        std::vector<std::string> ids;
        if (step.has("player_turns")) {
            st.kind = SequenceStep::Kind::PlayerTurns;
            ids = step.text_list("player_turns", {.required = true});
            const std::string first = step.text("first", {.fallback = "scenario"});
            if (first != "scenario" && first != "roll_off")
                sink.error(step.where("first"), "'first' is scenario or roll_off, not '" + first + "'");
            st.first_by_roll_off = first == "roll_off";
            if (st.first_by_roll_off) st.activation = roll_off_rules(step);
        } else if (step.has("activations")) {
            st.kind = SequenceStep::Kind::Activations;
            ids = step.text_list("activations", {.required = true});
            st.activation = activation_rules(step);
        } else {
            st.kind = SequenceStep::Kind::MutualPhase;
            ids.push_back(step.text("phase", {.required = true}));
        }
        st.when = step.text("when", {});
        if (!st.when.empty() && st.when != "day" && st.when != "night")
            sink.error(step.where("when"), "'when' is day or night, not '" + st.when + "'");
        if (!st.when.empty() && rs.day.rounds == 0)
            sink.error(step.where("when"),
                       "'when: " + st.when + "' needs the ruleset's 'day:' (rounds per day and nights)");
        for (const auto& id : ids) {
            int i = phase_index(id);
            if (i < 0)
                sink.error(step.where(), "the sequence names phase '" + id + "', which 'phases' does not define");
            else
                st.phases.push_back(i);
        }
        if (ids.empty()) sink.error(step.where(), "a step of the game turn needs at least one phase");
        steps.push_back(std::move(st));
    }
    if (turn.size() == 0) sink.error(location_of(turn, file), "'game_turn' needs at least one step");
    return steps;
}

ActivationRules RulesetReader::activation_rules(MapReader& step) {
    ActivationRules a = roll_off_rules(step);
    a.max_in_a_row = step.integer("max_in_a_row", {.fallback = 2, .min = 0, .max = 100});
    return a;
}

ActivationRules RulesetReader::roll_off_rules(MapReader& step) {
    ActivationRules a;
    const std::string dice = step.text("roll_off", {.fallback = "2d6"});
    const auto d = dice.find('d');
    try {
        if (d == std::string::npos || d == 0) throw std::invalid_argument(dice);
        std::size_t used = 0;
        a.roll_dice = std::stoi(dice.substr(0, d), &used);
        a.roll_faces = std::stoi(dice.substr(d + 1));
        if (a.roll_dice < 1 || a.roll_faces < 2 || used != d) throw std::invalid_argument(dice);
    } catch (const std::exception&) {
        sink.error(step.where("roll_off"), "'roll_off' is dice such as 2d6, not '" + dice + "'");
    }
    const std::string ties = step.text("ties", {.fallback = "reroll"});
    if (ties == "other_side")
        a.ties = ActivationRules::Ties::OtherSide;
    else if (ties != "reroll")
        sink.error(step.where("ties"), "'ties' is reroll or other_side, not '" + ties + "'");
    return a;
}

void RulesetReader::orders(MapReader& top) {
    if (!top.has("orders")) return;
    MapReader o(top.child("orders"), file, sink, "orders");
    if (!o.valid()) return;
    YAML::Node list = o.child("list", {.required = true});
    if (!list.IsSequence() || list.size() == 0) {
        sink.error(o.where("list"), "'orders.list' must be a list of orders ({ id, name, next })");
        return;
    }
    std::vector<std::vector<std::string>> next_ids;
    for (const auto& node : list) {
        MapReader item(node, file, sink, "an order");
        if (!item.valid()) continue;
        OrderSpec order;
        order.where = item.where();
        order.id = item.text("id", {.required = true});
        order.name = item.text("name", {.fallback = order.id});
        const std::string posture = item.text("posture", {});
        static const std::vector<std::pair<std::string, OrderSpec::Posture>> postures{
            {"advance", OrderSpec::Posture::Advance},
            {"hold", OrderSpec::Posture::Hold},
            {"dig_in", OrderSpec::Posture::DigIn},
            {"withdraw", OrderSpec::Posture::Withdraw}};
        for (const auto& [word, value] : postures)
            if (posture == word) order.posture = value;
        if (!posture.empty() && order.posture == OrderSpec::Posture::None)
            sink.error(item.where("posture"), "'posture' is advance, hold, dig_in or withdraw, not '" + posture + "'");
        if (rs.orders.find(order.id) >= 0) sink.error(order.where, "order '" + order.id + "' is listed twice");
        next_ids.push_back(item.text_list("next"));
        rs.orders.list.push_back(std::move(order));
    }
    for (std::size_t i = 0; i < next_ids.size(); ++i)
        for (const auto& id : next_ids[i]) {
            const int to = rs.orders.find(id);
            if (to < 0)
                sink.error(rs.orders.list[i].where, "order '" + rs.orders.list[i].id + "' may be followed by '" + id +
                                                        "', which 'orders.list' does not define");
            else
                rs.orders.list[i].next.push_back(to);
        }
    const std::string initial =
        o.text("initial", {.fallback = rs.orders.list.empty() ? "" : rs.orders.list.front().id});
    rs.orders.initial = std::max(0, rs.orders.find(initial));
    if (rs.orders.find(initial) < 0)
        sink.error(o.where("initial"), "the initial order '" + initial + "' is not in 'orders.list'");
    rs.orders.any_at_night = o.boolean("any_at_night", {.fallback = true});
}

void RulesetReader::day(MapReader& top) {
    if (!top.has("day")) return;
    MapReader d(top.child("day"), file, sink, "day (rounds and nights)");
    if (!d.valid()) return;
    rs.day.rounds = d.integer("rounds", {.required = true, .fallback = 4, .min = 1, .max = 100});
    rs.day.nights = d.integer("nights", {.fallback = 1, .min = 0, .max = 100});
}

}  // namespace sandtable::load::ruleset_reading
