#include "load/yaml_text.h"
#include "kernel/replay.h"

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <variant>

#include "kernel/game.h"
#include "load/diagnostics.h"
#include "load/yaml_reader.h"

#include <cstdio>
#include <sstream>

namespace sandtable::kernel {

std::string hex_checksum(std::uint64_t value) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
    return buf;
}

namespace {

const char* const kOrderModes[] = {"hold", "advance", "charge", "withdraw"};

void write_order_fields(std::ostream& out, const TableOrder& o, const Game& game) {
    out << ", mode: " << kOrderModes[o.mode] << ", bearing: " << o.bearing << ", distance_mm: " << o.distance;
    if (o.files > 0) out << ", files: " << o.files;
    if (o.facing >= 0) out << ", face: " << o.facing;
    if (o.target >= 0) out << ", target: " << load::yaml_quoted(game.unit(o.target).id());
}

// The fields of each kind, in the order replays have always written them.
std::string action_yaml(const Action& a, const Game& game) {
    std::ostringstream out;
    out << "{do: " << action_kind_name(a.kind());
    if (a.unit() >= 0) out << ", unit: " << load::yaml_quoted(game.unit(a.unit()).id());
    if (a.target() >= 0) out << ", target: " << load::yaml_quoted(game.unit(a.target()).id());
    if (const auto hex = a.hex()) out << ", hex: " << load::yaml_quoted(game.grid().label(*hex));
    if (const auto* p = a.as<act::Plot>()) out << ", task: " << plot_task_name(p->task);
    if (const auto* m = a.as<act::MoveTo>(); m && m->facing >= 0) out << ", facing: " << m->facing;
    if (const auto* c = a.as<act::Choose>()) out << ", option: " << c->option + 1;
    if (const auto* f = a.as<act::Activate>())
        out << ", formation: " << load::yaml_quoted(game.formations().name(f->formation));
    if (const auto* g = a.as<act::GiveOrder>())
        out << ", formation: " << load::yaml_quoted(game.formations().name(g->formation))
            << ", order: " << load::yaml_quoted(game.ruleset().orders.list[static_cast<std::size_t>(g->order)].id);
    if (const auto* w = a.as<act::WriteOrder>()) write_order_fields(out, w->order, game);
    if (const auto* f = a.as<act::Fire>(); f && f->called_cm >= 0) out << ", called_cm: " << f->called_cm;
    return out.str();
}

}  // namespace

namespace {

// What a replay's action names, read as the game knows it; errors to the sink.
struct ActionFields {
    load::MapReader& a;
    const Game& game;
    load::DiagnosticSink& sink;

    int unit(const std::string& key) {
        const std::string id = a.text(key, {.required = true});
        const int u = game.scenario().unit_index(id);
        if (u < 0 && !id.empty()) sink.error(a.where(key), "no unit '" + id + "' in this scenario");
        return u;
    }
    int optional_unit(const std::string& key) { return a.has(key) ? unit(key) : -1; }
    geometry::Hex hex() {
        const std::string label = a.text("hex", {.required = true});
        const auto h = game.grid().parse_label(label);
        if (!h && !label.empty()) sink.error(a.where("hex"), "'" + label + "' is not a hex on this map");
        return h.value_or(geometry::Hex{});
    }
    int formation() {
        const std::string name = a.text("formation", {.required = true});
        const int f = game.formations().index(name);
        if (f < 0) sink.error(a.where("formation"), "no formation '" + name + "' in this scenario");
        return f;
    }
    PlotTask task() {
        PlotTask task{};
        if (!parse_plot_task(a.text("task", {.required = true}), task))
            sink.error(a.where("task"), "'task' must be hold, move, fire, defensive_fire or melee");
        return task;
    }
    int order() {
        const std::string id = a.text("order", {.required = true});
        const int order = game.ruleset().orders.find(id);
        if (order < 0) sink.error(a.where("order"), "'" + id + "' is not one of the ruleset's orders");
        return order;
    }
    TableOrder table_order() {
        TableOrder o;
        const std::string mode = a.text("mode", {.required = true});
        const auto it = std::find(std::begin(kOrderModes), std::end(kOrderModes), mode);
        if (it == std::end(kOrderModes))
            sink.error(a.where("mode"), "'mode' is hold, advance, charge or withdraw, got '" + mode + "'");
        o.mode = static_cast<int>(it == std::end(kOrderModes) ? 0 : it - std::begin(kOrderModes));
        o.bearing = a.integer("bearing", {.required = true, .fallback = 0, .min = 0, .max = 359});
        o.distance = a.integer("distance_mm", {.required = true, .fallback = 0, .min = 0, .max = 1'000'000});
        o.files = a.integer("files", {.fallback = 0, .min = 0, .max = 99});
        o.facing = a.integer("face", {.fallback = -1, .min = 0, .max = 359});
        o.target = optional_unit("target");
        return o;
    }

    // Each kind reads its own keys; any other key is reported by the reader.
    void read(act::EndPhase&) {}
    void read(act::Resolve&) {}
    void read(act::Concede&) {}
    void read(act::StiffResistance&) {}
    void read(act::CommitSupport&) {}
    void read(act::Decline& r) { r.unit = optional_unit("unit"); }
    void read(act::SelectUnit& r) { r.unit = unit("unit"); }
    void read(act::AddAttacker& r) { r.unit = unit("unit"); }
    void read(act::ChooseUnit& r) { r.unit = unit("unit"); }
    void read(act::Flip& r) { r.unit = unit("unit"); }
    void read(act::Declare& r) { r.target = unit("target"); }
    void read(act::AddDefender& r) { r.target = unit("target"); }
    void read(act::MoveTo& r) {
        r.unit = unit("unit");
        r.hex = hex();
        r.facing = a.has("facing") ? a.integer("facing", {.fallback = 0, .min = 0, .max = 5}) : -1;
    }
    void read(act::Fire& r) {
        r.unit = unit("unit");
        r.target = unit("target");
        r.called_cm = a.has("called_cm") ? a.integer("called_cm", {.fallback = 0, .min = 0, .max = 100000}) : -1;
    }
    template <class R>
    requires std::is_same_v<R, act::RetreatTo> || std::is_same_v<R, act::AdvanceTo> ||
        std::is_same_v<R, act::RallyTo> || std::is_same_v<R, act::Exit>
    void read(R& r) {
        r.unit = unit("unit");
        r.hex = hex();
    }
    void read(act::Choose& r) {
        r.option = a.integer("option", {.required = true, .fallback = 1, .min = 1, .max = 1000}) - 1;
    }
    void read(act::Plot& r) {
        r.unit = unit("unit");
        r.hex = hex();
        r.task = task();
    }
    void read(act::Activate& r) { r.formation = formation(); }
    void read(act::GiveOrder& r) {
        r.formation = formation();
        r.order = order();
    }
    void read(act::WriteOrder& r) {
        r.unit = unit("unit");
        r.order = table_order();
    }
};

// "an action 'move'": what an error about one of its keys says it is in.
std::string action_context(const YAML::Node& node) {
    const YAML::Node kind = node.IsMap() ? node["do"] : YAML::Node();
    return kind.IsScalar() ? "an action '" + kind.Scalar() + "'" : "an action";
}

}  // namespace

Action parse_action(load::MapReader& a, const Game& game, load::DiagnosticSink& sink) {
    const std::string kind = a.text("do", {.required = true});
    ActionKind k{};
    if (!parse_action_kind(kind, k)) {
        sink.error(a.where("do"), "unknown action '" + kind + "'");
        return Action{};
    }
    Action::Record record = blank_action(k).record();
    ActionFields fields{a, game, sink};
    std::visit([&](auto& r) { fields.read(r); }, record);
    return Action(std::move(record));
}

std::string to_yaml(const Replay& r, const Game& game) {
    std::ostringstream out;
    out << "# Sandtable replay: `sandtable replay FILE` re-executes it and checks every checksum.\n";
    out << "format: sandtable-replay/" << kReplayFormat << "\n";
    out << "scenario: " << load::yaml_quoted(r.scenario) << "\n";
    if (!r.house_rules.empty()) {
        out << "house_rules:\n";
        for (const auto& h : r.house_rules) out << "  - " << load::yaml_quoted(h) << "\n";
    }
    out << "content_hash: " << load::yaml_quoted(r.content_hash) << "\n";
    out << "seed: " << r.seed << "\n";
    out << "forced_dice: [";
    for (std::size_t i = 0; i < r.forced_dice.size(); ++i) out << (i ? ", " : "") << r.forced_dice[i];
    out << "]\n";
    if (!r.result.empty()) out << "result: " << load::yaml_quoted(r.result) << "\n";
    out << (r.steps.empty() ? "actions: []\n" : "actions:\n");  // a game saved before its first move opens too
    for (const auto& s : r.steps) {
        out << "  - " << action_yaml(s.action, game);
        if (s.has_checksum) out << ", check: \"" << hex_checksum(s.checksum) << "\"";
        out << "}\n";
    }
    return out.str();
}

ReplayHeader replay_header(const std::string& text, const std::string& file) {
    load::DiagnosticSink sink;
    auto yaml = load::parse_yaml_text(text, file, sink);
    sink.throw_if_any();
    load::MapReader top(yaml.root, file, sink, "a replay");
    ReplayHeader header;
    header.scenario = top.text("scenario", {.required = true});
    header.scenario_where = top.where("scenario");
    header.house_rules = top.text_list("house_rules");
    if (const YAML::Node listed = top.child("house_rules"); listed.IsSequence())
        for (const auto& item : listed) header.house_rules_where.push_back(load::location_of(item, file));
    top.accept("format"), top.accept("content_hash"), top.accept("seed"), top.accept("forced_dice"),
        top.accept("actions"), top.accept("result");
    top.finish();
    sink.throw_if_any();
    return header;
}

Replay parse_replay(const std::string& text, const std::string& file, const Game& game, OlderFormats older) {
    load::DiagnosticSink sink;
    auto yaml = load::parse_yaml_text(text, file, sink);
    sink.throw_if_any();
    Replay r;
    load::MapReader top(yaml.root, file, sink, "a replay");
    const std::string format = top.text("format", {.required = true});
    const std::string current = "sandtable-replay/" + std::to_string(kReplayFormat);
    if (format == "sandtable-replay/1" && older == OlderFormats::Accepted) {
        r.format = 1;
    } else if (format == "sandtable-replay/1") {
        sink.error(top.where("format"),
                   "this replay is in format sandtable-replay/1, recorded by an older Sandtable; its "
                   "checksums are no longer computed. Convert it once with `sandtable replay --upgrade " +
                       file + "`");
    } else if (!format.empty() && format != current) {
        sink.error(top.where("format"), "unknown replay format '" + format + "' (expected " + current + ")");
    }
    r.scenario = top.text("scenario", {.required = true});
    r.house_rules = top.text_list("house_rules");
    r.content_hash = top.text("content_hash", {});
    r.result = top.text("result", {});
    YAML::Node seed = top.child("seed", {.required = true});
    if (seed.IsDefined() && !YAML::convert<std::uint64_t>::decode(seed, r.seed))
        sink.error(load::location_of(seed, file), "'seed' must be a whole number");
    YAML::Node dice = top.child("forced_dice");
    if (dice.IsSequence())
        for (const auto& d : dice)
            if (auto v = load::read_int(d, file, sink, "a forced die")) r.forced_dice.push_back(*v);
    YAML::Node actions = top.child("actions", {.required = true});
    if (actions.IsSequence()) {
        for (const auto& node : actions) {
            load::MapReader a(node, file, sink, action_context(node));
            if (!a.valid()) continue;
            ReplayStep step;
            step.action = parse_action(a, game, sink);
            if (a.has("check")) {
                std::string c = a.text("check", {});
                try {
                    step.checksum = std::stoull(c, nullptr, 16);
                    step.has_checksum = true;
                } catch (...) {
                    sink.error(a.where("check"), "'check' must be a hexadecimal checksum");
                }
            }
            r.steps.push_back(step);
        }
    }
    top.finish();
    sink.throw_if_any();
    return r;
}

}  // namespace sandtable::kernel
