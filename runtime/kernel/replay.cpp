#include "load/yaml_text.h"
#include "kernel/replay.h"

#include <algorithm>
#include <iterator>

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

std::string action_yaml(const Action& a, const Game& game) {
    std::ostringstream out;
    out << "{do: " << action_kind_name(a.kind);
    if (a.unit >= 0) out << ", unit: " << load::yaml_quoted(game.unit(a.unit).id());
    if (a.target >= 0 && a.kind != ActionKind::GiveOrder)
        out << ", target: " << load::yaml_quoted(game.unit(a.target).id());
    if (a.kind == ActionKind::MoveTo || a.kind == ActionKind::RetreatTo || a.kind == ActionKind::AdvanceTo ||
        a.kind == ActionKind::RallyTo || a.kind == ActionKind::Plot || a.kind == ActionKind::Exit)
        out << ", hex: " << load::yaml_quoted(game.grid().label(a.hex));
    if (a.kind == ActionKind::Plot) out << ", task: " << plot_task_name(static_cast<PlotTask>(a.index));
    if (a.kind == ActionKind::MoveTo && a.index >= 0) out << ", facing: " << a.index;
    if (a.kind == ActionKind::Choose) out << ", option: " << a.index + 1;
    if (a.kind == ActionKind::Activate) out << ", formation: " << load::yaml_quoted(game.formations().name(a.index));
    if (a.kind == ActionKind::GiveOrder)
        out << ", formation: " << load::yaml_quoted(game.formations().name(a.target))
            << ", order: " << load::yaml_quoted(game.ruleset().orders.list[static_cast<std::size_t>(a.index)].id);
    if (a.kind == ActionKind::WriteOrder) {
        const TableOrder& o = a.order;
        static const char* kModes[] = {"hold", "advance", "charge", "withdraw"};
        out << ", mode: " << kModes[o.mode] << ", bearing: " << o.bearing << ", distance_mm: " << o.distance;
        if (o.files > 0) out << ", files: " << o.files;
        if (o.facing >= 0) out << ", face: " << o.facing;
        if (o.target >= 0) out << ", target: " << load::yaml_quoted(game.unit(o.target).id());
    }
    if (a.kind == ActionKind::Fire && a.index >= 0) out << ", called_cm: " << a.index;
    return out.str();
}

}  // namespace

Action parse_action(load::MapReader& a, const Game& game, load::DiagnosticSink& sink) {
    Action action;
    std::string kind = a.text("do", {.required = true});
    if (!parse_action_kind(kind, action.kind)) sink.error(a.where("do"), "unknown action '" + kind + "'");
    auto unit_ref = [&](const std::string& key) {
        if (!a.has(key)) {
            a.accept(key);
            return -1;
        }
        std::string id = a.text(key, {});
        int u = game.scenario().unit_index(id);
        if (u < 0) sink.error(a.where(key), "no unit '" + id + "' in this scenario");
        return u;
    };
    action.unit = unit_ref("unit");
    action.target = unit_ref("target");
    if (a.has("hex")) {
        std::string label = a.text("hex", {});
        auto h = game.grid().parse_label(label);
        if (!h)
            sink.error(a.where("hex"), "'" + label + "' is not a hex on this map");
        else
            action.hex = *h;
    }
    if (a.has("option")) action.index = a.integer("option", {.fallback = 1, .min = 1, .max = 1000}) - 1;
    if (a.has("facing")) action.index = a.integer("facing", {.fallback = 0, .min = 0, .max = 5});
    if (a.has("task")) {
        PlotTask task{};
        if (!parse_plot_task(a.text("task", {}), task))
            sink.error(a.where("task"), "'task' must be hold, move, fire, defensive_fire or melee");
        action.index = static_cast<int>(task);
    }
    if (a.has("formation")) {
        const std::string name = a.text("formation", {});
        const int f = game.formations().index(name);
        (action.kind == ActionKind::GiveOrder ? action.target : action.index) = f;
        if (f < 0) sink.error(a.where("formation"), "no formation '" + name + "' in this scenario");
    }
    if (a.has("order")) {
        const std::string id = a.text("order", {});
        action.index = game.ruleset().orders.find(id);
        if (action.index < 0) sink.error(a.where("order"), "'" + id + "' is not one of the ruleset's orders");
    }
    if (a.has("mode")) {
        const std::string mode = a.text("mode", {});
        static const char* kModes[] = {"hold", "advance", "charge", "withdraw"};
        const auto it = std::find(std::begin(kModes), std::end(kModes), mode);
        if (it == std::end(kModes))
            sink.error(a.where("mode"), "'mode' is hold, advance, charge or withdraw, got '" + mode + "'");
        TableOrder& o = action.order;
        o.mode = static_cast<int>(it == std::end(kModes) ? 0 : it - std::begin(kModes));
        o.bearing = a.integer("bearing", {.required = true, .fallback = 0, .min = 0, .max = 359});
        o.distance = a.integer("distance_mm", {.required = true, .fallback = 0, .min = 0, .max = 1'000'000});
        o.files = a.integer("files", {.fallback = 0, .min = 0, .max = 99});
        o.facing = a.integer("face", {.fallback = -1, .min = 0, .max = 359});
        o.target = action.target;
        action.target = -1;
    }
    if (a.has("called_cm")) action.index = a.integer("called_cm", {.fallback = 0, .min = 0, .max = 100000});
    return action;
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
            load::MapReader a(node, file, sink, "an action");
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
