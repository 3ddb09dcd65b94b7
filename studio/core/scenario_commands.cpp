#include "core/scenario_commands.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace sandtable::studio {

using geometry::Hex;
using rules::Scenario;

ChangeScenario::ChangeScenario(const ScenarioDocument& doc, std::string name,
                               const std::function<void(Scenario&)>& change)
    : before_(doc.scenario()), after_(doc.scenario()), name_(std::move(name)) {
    change(after_);
}

namespace {
std::size_t at(int i) { return static_cast<std::size_t>(i); }

void require(bool ok, const std::string& why) {
    if (!ok) throw std::invalid_argument(why);
}

const rules::SideSpec& side_of(const ScenarioDocument& doc, int side) {
    require(side >= 0 && side < static_cast<int>(doc.scenario().sides.size()),
            "there is no side " + std::to_string(side + 1));
    return doc.scenario().sides[at(side)];
}

const rules::UnitPlacement& unit_of(const ScenarioDocument& doc, int unit) {
    require(unit >= 0 && unit < static_cast<int>(doc.scenario().units.size()),
            "there is no unit " + std::to_string(unit + 1));
    return doc.scenario().units[at(unit)];
}

Edit change(const ScenarioDocument& doc, std::string name, const std::function<void(Scenario&)>& f) {
    return std::make_unique<ChangeScenario>(doc, std::move(name), f);
}

// Whether a unit of this type and face may stand on this hex's terrain.
bool may_stand(const ScenarioDocument& doc, int type, bool back, Hex hex) {
    const auto& rs = doc.ruleset();
    const auto& map = doc.scenario().map;
    const int i = map.grid.index(hex);
    if (i < 0) return false;
    const auto& terrain = rs.terrain[at(map.terrain[at(i)])];
    const int mc = rs.unit_types[at(type)].face(back).movement_class;
    return mc < static_cast<int>(terrain.cost.size()) && terrain.cost[at(mc)].has_value();
}

void require_may_stand(const ScenarioDocument& doc, const std::string& who, int type, bool back, Hex hex) {
    if (doc.ruleset().table.enabled) return;  // a tabletop's units stand anywhere on it: the kernel checks their ground
    const auto& map = doc.scenario().map;
    require(may_stand(doc, type, back, hex), who + " cannot stand at " + map.grid.label(hex) + ": " +
                                                 doc.ruleset().unit_types[at(type)].name + " may not enter " +
                                                 doc.ruleset().terrain[at(map.terrain[at(map.grid.index(hex))])].name);
}

std::vector<int> parse_rolls(const std::string& text) {
    std::vector<int> rolls;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, ',')) {
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        if (item.empty()) continue;
        require(!item.empty() && std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                    item.size() < 4,
                "rally rolls are die rolls separated by commas, like '5, 6' (not '" + item + "')");
        rolls.push_back(std::stoi(item));
    }
    return rolls;
}
}  // namespace

Edit set_scenario_name(const ScenarioDocument& doc, const std::string& name) {
    require(!name.empty(), "a scenario needs a name");
    return change(doc, "Rename Scenario", [&](Scenario& sc) { sc.name = name; });
}

Edit set_scenario_id(const ScenarioDocument& doc, const std::string& id) {
    const bool plain = !id.empty() && std::all_of(id.begin(), id.end(), [](unsigned char c) {
        return std::islower(c) || std::isdigit(c) || c == '_' || c == '-';
    });
    require(plain,
            "a scenario's id is a plain name of lowercase letters, digits, _ and - (replays and batch results name "
            "it), not '" +
                id + "'");
    return change(doc, "Set Scenario Id", [&](Scenario& sc) { sc.id = id; });
}

Edit set_scenario_notes(const ScenarioDocument& doc, const std::string& notes) {
    return change(doc, "Edit Scenario Notes", [&](Scenario& sc) { sc.notes = notes; });
}

Edit set_turns(const ScenarioDocument& doc, int turns) {
    require(turns >= 1 && turns <= 999, "a game lasts 1 to 999 turns, not " + std::to_string(turns));
    for (const auto& u : doc.scenario().units)
        require(u.arrives <= turns, u.name + " arrives on turn " + std::to_string(u.arrives) +
                                        ", after the last turn: change its arrival first");
    return change(doc, "Set Game Length", [&](Scenario& sc) { sc.turns = turns; });
}

Edit set_first_side(const ScenarioDocument& doc, int side) {
    side_of(doc, side);
    return change(doc, "Set First Side", [&](Scenario& sc) { sc.first_side = side; });
}

Edit set_vp_per_enemy_strength(const ScenarioDocument& doc, int points) {
    require(points >= 0 && points <= 1000, "victory points per enemy strength point are 0 to 1000");
    return change(doc, "Set Victory Points", [&](Scenario& sc) { sc.vp_per_enemy_strength = points; });
}

Edit set_side_name(const ScenarioDocument& doc, int side, const std::string& name) {
    const auto& s = side_of(doc, side);
    require(!name.empty(), "a side needs a name");
    return change(doc, "Rename " + s.name, [&](Scenario& sc) { sc.sides[at(side)].name = name; });
}

Edit set_side_colour(const ScenarioDocument& doc, int side, const std::string& colour) {
    const auto& s = side_of(doc, side);
    const bool hex_colour = colour.size() == 7 && colour[0] == '#' &&
                            std::all_of(colour.begin() + 1, colour.end(),
                                        [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
    require(hex_colour, "a side's colour is written #rrggbb, not '" + colour + "'");
    return change(doc, "Set Colour of " + s.name, [&](Scenario& sc) { sc.sides[at(side)].color = colour; });
}

Edit set_side_levels(const ScenarioDocument& doc, int side, int demoralization, int disintegration) {
    const auto& s = side_of(doc, side);
    require(demoralization >= 0 && disintegration >= 0, "levels are eliminated strength points, 0 or more (0: never)");
    require(disintegration == 0 || demoralization == 0 || disintegration > demoralization,
            s.name + " would disintegrate (" + std::to_string(disintegration) + ") before it is demoralized (" +
                std::to_string(demoralization) + ")");
    return change(doc, "Set Levels of " + s.name, [&](Scenario& sc) {
        sc.sides[at(side)].demoralization = demoralization;
        sc.sides[at(side)].disintegration = disintegration;
    });
}

Edit set_side_rally_rolls(const ScenarioDocument& doc, int side, const std::string& rolls) {
    const auto& s = side_of(doc, side);
    const auto parsed = parse_rolls(rolls);
    return change(doc, "Set Rally Rolls of " + s.name, [&](Scenario& sc) { sc.sides[at(side)].rally_rolls = parsed; });
}

std::string fresh_unit_id(const Scenario& sc, const std::string& stem) {
    for (int n = 1;; ++n) {
        const std::string id = stem + "_" + std::to_string(n);
        if (std::none_of(sc.units.begin(), sc.units.end(), [&](const auto& u) { return u.id == id; })) return id;
    }
}

namespace {
std::string hex_label(const ScenarioDocument& doc, Hex hex) { return doc.scenario().map.grid.label(hex); }

// " at 0607" for a unit on a hex map; nothing on a tabletop (its place is centimetres).
std::string where_of(const ScenarioDocument& doc, const rules::UnitPlacement& u) {
    return doc.ruleset().table.enabled ? std::string() : " at " + hex_label(doc, u.hex);
}
}  // namespace

std::string fresh_unit_name(const Scenario& sc, const std::string& type_name) {
    auto used = [&](const std::string& name) {
        return std::any_of(sc.units.begin(), sc.units.end(), [&](const auto& u) { return u.name == name; });
    };
    if (!used(type_name)) return type_name;
    for (int n = 2;; ++n)
        if (!used(type_name + " " + std::to_string(n))) return type_name + " " + std::to_string(n);
}

Edit add_unit(const ScenarioDocument& doc, int type, int side, Hex hex) {
    require(type >= 0 && type < static_cast<int>(doc.ruleset().unit_types.size()),
            "there is no unit type " + std::to_string(type + 1));
    side_of(doc, side);
    const auto& t = doc.ruleset().unit_types[at(type)];
    require_may_stand(doc, "a new " + t.name, type, false, hex);
    // Named as the unit will be, and where: two units of one type are two edits, told apart.
    const std::string name = fresh_unit_name(doc.scenario(), t.name);
    return change(doc, "Add " + name + " at " + hex_label(doc, hex), [&](Scenario& sc) {
        rules::UnitPlacement u;
        u.id = fresh_unit_id(sc, t.id);
        u.name = name;
        u.type = type;
        u.side = side;
        u.hex = hex;
        sc.units.push_back(u);
    });
}

Edit remove_unit(const ScenarioDocument& doc, int unit) {
    const auto& u = unit_of(doc, unit);
    return change(doc, "Remove " + u.name + where_of(doc, u),
                  [&](Scenario& sc) { sc.units.erase(sc.units.begin() + unit); });
}

Edit set_unit_name(const ScenarioDocument& doc, int unit, const std::string& name) {
    const auto& u = unit_of(doc, unit);
    require(!name.empty(), "a unit needs a name");
    return change(doc, "Rename " + u.name, [&](Scenario& sc) { sc.units[at(unit)].name = name; });
}

Edit set_unit_type(const ScenarioDocument& doc, int unit, int type) {
    const auto& u = unit_of(doc, unit);
    require(type >= 0 && type < static_cast<int>(doc.ruleset().unit_types.size()),
            "there is no unit type " + std::to_string(type + 1));
    const bool back = u.back && doc.ruleset().unit_types[at(type)].back.has_value();
    require_may_stand(doc, u.name, type, back, u.hex);
    return change(doc, "Set Type of " + u.name, [&](Scenario& sc) {
        sc.units[at(unit)].type = type;
        sc.units[at(unit)].back = back;
    });
}

Edit set_unit_side(const ScenarioDocument& doc, int unit, int side) {
    const auto& u = unit_of(doc, unit);
    side_of(doc, side);
    return change(doc, "Set Side of " + u.name, [&](Scenario& sc) { sc.units[at(unit)].side = side; });
}

Edit set_unit_hex(const ScenarioDocument& doc, int unit, const std::string& label) {
    const auto& u = unit_of(doc, unit);
    const auto hex = doc.scenario().map.grid.parse_label(label);
    require(hex.has_value(), "'" + label + "' is not a hex of this map (hexes are numbered like " +
                                 doc.scenario().map.grid.label(doc.scenario().map.grid.hex_at(0)) + ")");
    require_may_stand(doc, u.name, u.type, u.back, *hex);
    return change(doc, "Move " + u.name + " to " + hex_label(doc, *hex),
                  [&](Scenario& sc) { sc.units[at(unit)].hex = *hex; });
}

Edit set_unit_arrives(const ScenarioDocument& doc, int unit, int turn) {
    const auto& u = unit_of(doc, unit);
    require(turn >= 1 && turn <= doc.scenario().turns, u.name + " must arrive on a turn of the game, 1 to " +
                                                           std::to_string(doc.scenario().turns) +
                                                           " (1: set up at the start)");
    return change(
        doc, turn == 1 ? "Set Up " + u.name + " at the Start" : "Bring " + u.name + " on Turn " + std::to_string(turn),
        [&](Scenario& sc) { sc.units[at(unit)].arrives = turn; });
}

Edit set_unit_back(const ScenarioDocument& doc, int unit, bool back) {
    const auto& u = unit_of(doc, unit);
    require(!back || doc.ruleset().unit_types[at(u.type)].back.has_value(),
            doc.ruleset().unit_types[at(u.type)].name + " has no back face");
    require_may_stand(doc, u.name, u.type, back, u.hex);
    return change(doc, (back ? "Set Up " + u.name + " on Its Back" : "Set Up " + u.name + " on Its Front"),
                  [&](Scenario& sc) { sc.units[at(unit)].back = back; });
}

Edit toggle_objective(const ScenarioDocument& doc, Hex hex, int points) {
    const auto& sc0 = doc.scenario();
    require(sc0.map.grid.contains(hex), "that hex is off the map");
    const auto it =
        std::find_if(sc0.objectives.begin(), sc0.objectives.end(), [&](const auto& o) { return o.hex == hex; });
    const std::string label = sc0.map.grid.label(hex);
    if (it != sc0.objectives.end()) {
        const auto index = it - sc0.objectives.begin();
        return change(doc, "Remove Objective " + label,
                      [&](Scenario& sc) { sc.objectives.erase(sc.objectives.begin() + index); });
    }
    require(points >= 0, "an objective is worth 0 or more points");
    return change(doc, "Add Objective " + label, [&](Scenario& sc) {
        rules::Objective o;
        o.hex = hex;
        o.points = points;
        sc.objectives.push_back(o);
    });
}

Edit set_objective(const ScenarioDocument& doc, int objective, int points, int holder) {
    const auto& sc0 = doc.scenario();
    require(objective >= 0 && objective < static_cast<int>(sc0.objectives.size()),
            "there is no objective " + std::to_string(objective + 1));
    require(points >= 0 && points <= 10000, "an objective is worth 0 to 10000 points");
    require(holder >= -1 && holder < static_cast<int>(sc0.sides.size()), "no such side to hold it");
    return change(doc, "Edit Objective " + sc0.map.grid.label(sc0.objectives[at(objective)].hex), [&](Scenario& sc) {
        sc.objectives[at(objective)].points = points;
        sc.objectives[at(objective)].holder = holder;
    });
}

Edit paint_deployment(const ScenarioDocument& doc, int side, const std::vector<Hex>& hexes) {
    require(side >= -1 && side < static_cast<int>(doc.scenario().sides.size()),
            "there is no side " + std::to_string(side + 1));
    const std::string name =
        side < 0 ? "Erase Deployment Zone" : "Paint Deployment Zone of " + doc.scenario().sides[at(side)].name;
    return change(doc, name, [&](Scenario& sc) {
        sc.deployment_zones.resize(sc.sides.size());
        for (auto& zone : sc.deployment_zones)
            std::erase_if(zone, [&](Hex h) { return std::find(hexes.begin(), hexes.end(), h) != hexes.end(); });
        if (side >= 0)
            for (Hex h : hexes)
                if (sc.map.grid.contains(h)) sc.deployment_zones[at(side)].push_back(h);
        // No zones at all is the same as none written: keep the model as loaded.
        if (std::all_of(sc.deployment_zones.begin(), sc.deployment_zones.end(),
                        [](const auto& z) { return z.empty(); }))
            sc.deployment_zones.clear();
    });
}

}  // namespace sandtable::studio
