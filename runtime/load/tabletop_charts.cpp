#include "load/tabletop_charts.h"

#include <algorithm>

namespace sandtable::load {

using namespace sandtable::rules;

namespace {

template <class Chart>
void read_header(MapReader& r, const std::string& id, Chart& t) {
    t.id = id;
    t.where = r.where();
    t.name = r.text("name", {.fallback = id});
    t.notes = r.text("notes", {});
}

// A list of die faces, each on the die.
std::vector<int> faces(const YAML::Node& node, int die, MapReader& r, const std::string& what) {
    std::vector<int> out;
    if (!node.IsDefined()) return out;
    if (!node.IsSequence()) {
        r.sink().error(location_of(node, r.file()), what + " must be a list of die faces, like [2, 4, 6]");
        return out;
    }
    for (const auto& f : node)
        if (auto v = read_int(f, r.file(), r.sink(), "a die face of " + what)) {
            if (*v < 1 || *v > die)
                r.sink().error(location_of(f, r.file()),
                               "face " + std::to_string(*v) + " of " + what + " is not on a d" + std::to_string(die));
            else if (std::find(out.begin(), out.end(), *v) != out.end())
                r.sink().error(location_of(f, r.file()), "face " + std::to_string(*v) + " is listed twice in " + what);
            else
                out.push_back(*v);
        }
    return out;
}

void read_step_ladder(MapReader& r, Ruleset& rs, const std::string& id) {
    StepLadder t;
    read_header(r, id, t);
    t.die_faces = r.integer("die", {.fallback = 10, .min = 2, .max = 100});
    YAML::Node steps = r.child("steps", {.required = true});
    if (steps.IsDefined() && (!steps.IsSequence() || steps.size() == 0))
        r.sink().error(location_of(steps, r.file()),
                       "'steps' lists the ladder's steps from the lowest, each the faces that hit, like [[], [6], [4, "
                       "6], [2, 4, 6]]");
    if (steps.IsSequence())
        for (std::size_t i = 0; i < steps.size(); ++i)
            t.steps.push_back(faces(steps[i], t.die_faces, r, "step " + std::to_string(i)));
    t.start_by = r.text("start_by", {});
    YAML::Node start = r.child("start", {.required = true});
    if (start.IsMap()) {
        if (t.start_by.empty())
            r.sink().error(location_of(start, r.file()),
                           "'start' maps values of the attribute 'start_by' names to steps; name it");
        for (const auto& kv : start)
            if (auto step = read_int(kv.second, r.file(), r.sink(), "a starting step"))
                t.start_by_value.emplace_back(kv.first.Scalar(), *step);
    } else if (start.IsDefined()) {
        if (auto step = read_int(start, r.file(), r.sink(),
                                 "'start' (a step, or a map of the start_by attribute's values to steps)"))
            t.start = *step;
        if (!t.start_by.empty())
            r.sink().error(location_of(start, r.file()), "with 'start_by', 'start' maps each of its values to a step");
    }
    YAML::Node ranges = r.child("range_steps");
    if (ranges.IsDefined() && !ranges.IsSequence())
        r.sink().error(location_of(ranges, r.file()),
                       "'range_steps' lists { within: share of the range, add: steps }, closest first");
    if (ranges.IsSequence())
        for (const auto& node : ranges) {
            MapReader s(node, r.file(), r.sink(), "a range step ({ within: 0.333, add: 2 })");
            if (!s.valid()) continue;
            RangeStep step;
            step.within = s.number("within", {.required = true, .fallback = 1, .min = 0, .max = 1});
            step.add = s.integer("add", {.required = true, .fallback = 0, .min = -10, .max = 10});
            if (!t.range_steps.empty() && step.within <= t.range_steps.back().within)
                r.sink().error(s.where("within"),
                               "range steps go from the closest out: each 'within' must be larger than the one before");
            t.range_steps.push_back(step);
        }
    rs.step_ladders.push_back(std::move(t));
}

void read_hit_matrix(MapReader& r, Ruleset& rs, const std::string& id) {
    HitMatrix t;
    read_header(r, id, t);
    t.die_faces = r.integer("die", {.fallback = 6, .min = 2, .max = 100});
    t.attacker_by = r.text("attacker_by", {.required = true});
    t.defender_by = r.text("defender_by", {.required = true});
    YAML::Node rows = r.child("rows", {.required = true});
    if (rows.IsDefined() && !rows.IsMap()) {
        r.sink().error(location_of(rows, r.file()), "'rows' maps each receiving class to { attacking class: [faces] }");
        rs.hit_matrices.push_back(std::move(t));
        return;
    }
    if (rows.IsMap()) {
        for (const auto& row : rows) {
            t.defenders.push_back(row.first.Scalar());
            if (!row.second.IsMap()) {
                r.sink().error(location_of(row.second, r.file()),
                               "the row of '" + row.first.Scalar() +
                                   "' maps attacking classes to faces, like { heavy_cavalry: [2, 4, 6] }");
                continue;
            }
            for (const auto& cell : row.second)
                if (std::find(t.attackers.begin(), t.attackers.end(), cell.first.Scalar()) == t.attackers.end())
                    t.attackers.push_back(cell.first.Scalar());
        }
        t.cells.assign(t.defenders.size(), std::vector<std::vector<int>>(t.attackers.size()));
        std::size_t d = 0;
        for (const auto& row : rows) {
            if (row.second.IsMap())
                for (const auto& cell : row.second) {
                    const auto a = static_cast<std::size_t>(
                        std::find(t.attackers.begin(), t.attackers.end(), cell.first.Scalar()) - t.attackers.begin());
                    t.cells[d][a] = faces(cell.second, t.die_faces, r,
                                          "'" + row.first.Scalar() + "' against '" + cell.first.Scalar() + "'");
                }
            ++d;
        }
    }
    rs.hit_matrices.push_back(std::move(t));
}

void read_morale_bands(MapReader& r, Ruleset& rs, const std::string& id) {
    MoraleBands t;
    read_header(r, id, t);
    YAML::Node columns = r.child("columns", {.required = true});
    if (columns.IsDefined() && (!columns.IsSequence() || columns.size() == 0))
        r.sink().error(location_of(columns, r.file()),
                       "'columns' lists { up_to, back, back_and_turn, rout }: the unit values each column takes and "
                       "the losses each reaction starts at");
    if (columns.IsSequence())
        for (const auto& node : columns) {
            MapReader c(node, r.file(), r.sink(), "a morale column ({ up_to, back, back_and_turn, rout })");
            if (!c.valid()) continue;
            MoraleColumn col;
            col.where = c.where();
            col.up_to = c.integer("up_to", {.required = true, .fallback = 0, .min = 1, .max = 1'000'000});
            col.back = c.integer("back", {.required = true, .fallback = 1, .min = 1, .max = 1'000'000});
            col.back_and_turn =
                c.integer("back_and_turn", {.required = true, .fallback = 1, .min = 1, .max = 1'000'000});
            col.rout = c.integer("rout", {.required = true, .fallback = 1, .min = 1, .max = 1'000'000});
            if (!(col.back <= col.back_and_turn && col.back_and_turn <= col.rout))
                r.sink().error(c.where(), "a column's reactions start in order: back <= back_and_turn <= rout");
            if (!t.columns.empty() && col.up_to <= t.columns.back().up_to)
                r.sink().error(c.where("up_to"), "columns go up in unit value: " + std::to_string(col.up_to) +
                                                     " does not come after " + std::to_string(t.columns.back().up_to));
            t.columns.push_back(col);
        }
    rs.morale_tables.push_back(std::move(t));
}

ShotSpec read_shot(MapReader& s) {
    ShotSpec shot;
    shot.where = s.where();
    shot.id = s.text("id", {.required = true});
    std::string readable = shot.id;
    std::replace(readable.begin(), readable.end(), '_', ' ');
    shot.name = s.text("name", {.fallback = readable});
    const std::string shape = s.text("template", {.required = true});
    if (shape == "circle")
        shot.shape = ShotSpec::Template::Circle;
    else if (shape == "line")
        shot.shape = ShotSpec::Template::Line;
    else if (shape == "bounce_stick")
        shot.shape = ShotSpec::Template::BounceStick;
    else if (shape == "wedge")
        shot.shape = ShotSpec::Template::Wedge;
    else
        s.sink().error(s.where("template"),
                       "a shot's template is circle, line, bounce_stick or wedge, got '" + shape + "'");
    shot.size =
        s.number("size", {.required = shot.shape != ShotSpec::Template::Wedge, .fallback = 0, .min = 0, .max = 1000});
    shot.near_width = s.number(
        "near_width", {.required = shot.shape == ShotSpec::Template::Wedge, .fallback = 0, .min = 0, .max = 1000});
    shot.far_width = s.number(
        "far_width", {.required = shot.shape == ShotSpec::Template::Wedge, .fallback = 0, .min = 0, .max = 1000});
    shot.kill_on = faces(s.child("kill_on"), 6, s, "'kill_on'");
    shot.piece_kill_on = faces(s.child("piece_kill_on"), 6, s, "'piece_kill_on'");
    shot.at_least_one = s.boolean("at_least_one", {.fallback = false});
    shot.varies = s.boolean("varies", {.fallback = shot.shape != ShotSpec::Template::Wedge});
    if (YAML::Node painted = s.child("painted", {.required = shot.shape == ShotSpec::Template::BounceStick});
        painted.IsSequence())
        for (const auto& p : painted)
            if (auto span = read_point(p, s.file(), s.sink(), "a painted section [from, to]")) {
                if (span->second <= span->first)
                    s.sink().error(location_of(p, s.file()),
                                   "a painted section runs from its near end to its far end, cm from the tip");
                shot.painted.push_back(*span);
            }
    if (YAML::Node v = s.child("stick_variation"); v.IsDefined()) {
        if (!v.IsSequence() || v.size() != 6)
            s.sink().error(location_of(v, s.file()),
                           "'stick_variation' gives the cm the hit point moves for each face of a d6: six numbers");
        else
            for (const auto& x : v)
                if (auto cm = read_number(x, s.file(), s.sink(), "a stick variation"))
                    shot.stick_variation.push_back(*cm);
    }
    return shot;
}

// `wheel:` d6 faces to where the hit point moves, [ahead, right] in cm.
void read_wheel(MapReader& r, ArtilleryChart& t) {
    YAML::Node wheel = r.child("wheel");
    if (!wheel.IsDefined()) return;
    if (!wheel.IsMap())
        return r.sink().error(location_of(wheel, r.file()),
                              "'wheel' maps d6 faces to where the hit point moves, [ahead, right] in cm");
    for (const auto& kv : wheel) {
        auto face = read_int(kv.first, r.file(), r.sink(), "a face of the variation die");
        auto offset = read_point(kv.second, r.file(), r.sink(), "a wheel hole [ahead, right]");
        if (face && (*face < 1 || *face > 6))
            r.sink().error(location_of(kv.first, r.file()),
                           "the variation die is a d6: no face " + std::to_string(*face));
        else if (face && offset)
            t.wheel.emplace_back(*face, *offset);
    }
}

void read_shots(MapReader& r, ArtilleryChart& t) {
    YAML::Node shots = r.child("shots", {.required = true});
    if (!shots.IsSequence()) {
        if (shots.IsDefined()) r.sink().error(location_of(shots, r.file()), "'shots' must be a list of shots");
        return;
    }
    for (const auto& node : shots) {
        MapReader s(node, r.file(), r.sink(), "a shot ({ id, template, size, kill_on, … })");
        if (!s.valid()) continue;
        ShotSpec shot = read_shot(s);
        if (t.shot_index(shot.id) >= 0) r.sink().error(s.where("id"), "shot '" + shot.id + "' is defined twice");
        t.shots.push_back(std::move(shot));
    }
}

// One gun's shots, closest first: [{ shot, from, range, ammunition }].
std::vector<GunShot> read_gun_shots(MapReader& r, const YAML::Node& list_node, const ArtilleryChart& t) {
    std::vector<GunShot> list;
    for (const auto& node : list_node) {
        MapReader g(node, r.file(), r.sink(), "a gun's shot ({ shot, range, ammunition })");
        if (!g.valid()) continue;
        GunShot gs;
        const std::string shot = g.text("shot", {.required = true});
        gs.shot = t.shot_index(shot);
        if (gs.shot < 0) r.sink().error(g.where("shot"), unknown("shot", shot, ids_of(t.shots)));
        gs.min_range = g.number("from", {.fallback = 0, .min = 0, .max = 10000});
        gs.range = g.number("range", {.required = true, .fallback = 0, .min = 0, .max = 10000});
        if (gs.min_range > gs.range)
            r.sink().error(g.where("from"), "a shot's 'from' is its shortest range: it cannot be beyond its 'range'");
        gs.ammunition = g.integer("ammunition", {.fallback = 0, .min = 0, .max = 999});
        if (!list.empty() && gs.range <= list.back().range)
            r.sink().error(g.where("range"),
                           "a gun's shots go from the closest out: each range must be longer than the one before");
        if (gs.shot >= 0) list.push_back(gs);
    }
    return list;
}

void read_guns(MapReader& r, const Ruleset& rs, ArtilleryChart& t) {
    YAML::Node guns = r.child("guns", {.required = true});
    if (!guns.IsMap()) {
        if (guns.IsDefined()) r.sink().error(location_of(guns, r.file()), "'guns' maps unit types to their shots");
        return;
    }
    for (const auto& kv : guns) {
        const int type = rs.unit_type_index(kv.first.Scalar());
        if (type < 0) {
            r.sink().error(location_of(kv.first, r.file()),
                           unknown("unit type", kv.first.Scalar(), ids_of(rs.unit_types)));
            continue;
        }
        if (!kv.second.IsSequence()) {
            r.sink().error(location_of(kv.second, r.file()),
                           "a gun lists its shots, closest first: [{ shot, range, ammunition }]");
            continue;
        }
        t.guns.emplace_back(type, read_gun_shots(r, kv.second, t));
    }
}

void read_artillery_chart(MapReader& r, Ruleset& rs, const std::string& id) {
    ArtilleryChart t;
    read_header(r, id, t);
    t.unvaried_within = r.number("unvaried_within", {.fallback = 1.0 / 3, .min = 0, .max = 1});
    read_wheel(r, t);
    read_shots(r, t);
    read_guns(r, rs, t);
    rs.artillery_charts.push_back(std::move(t));
}

}  // namespace

bool read_tabletop_chart(const std::string& kind, MapReader& r, Ruleset& rs, const std::string& id) {
    if (kind == "step_ladder")
        read_step_ladder(r, rs, id);
    else if (kind == "hit_matrix")
        read_hit_matrix(r, rs, id);
    else if (kind == "morale_bands")
        read_morale_bands(r, rs, id);
    else if (kind == "artillery")
        read_artillery_chart(r, rs, id);
    else
        return false;
    return true;
}

void check_tabletop_charts(const Ruleset& rs, DiagnosticSink& sink) {
    auto check_enum = [&](const std::string& table, const std::string& attribute,
                          const std::vector<std::string>& values, const SourceLocation& where) {
        const int a = rs.attribute_index(attribute);
        if (a < 0) return sink.error(where, "table '" + table + "': '" + attribute + "' is not a declared attribute");
        const auto& spec = rs.attributes[static_cast<std::size_t>(a)];
        if (spec.kind != AttributeKind::Enum)
            return sink.error(where, "table '" + table + "': '" + attribute +
                                         "' must be an enum attribute (its values name the table's lines)");
        for (const auto& v : values)
            if (!spec.enum_index(v))
                sink.error(
                    where, "table '" + table + "': '" + v + "' is not a value of '" + attribute + "' (" + [&] {
                        std::string list;
                        for (const auto& x : spec.values) list += (list.empty() ? "" : ", ") + x;
                        return list;
                    }() + ")");
    };
    for (const auto& t : rs.step_ladders)
        if (!t.start_by.empty()) {
            std::vector<std::string> values;
            for (const auto& [v, step] : t.start_by_value) values.push_back(v);
            check_enum(t.id, t.start_by, values, t.where);
        }
    for (const auto& t : rs.hit_matrices) {
        check_enum(t.id, t.attacker_by, t.attackers, t.where);
        check_enum(t.id, t.defender_by, t.defenders, t.where);
    }
}

}  // namespace sandtable::load
