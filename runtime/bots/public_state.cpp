#include "bots/public_state.h"

#include "kernel/game.h"

#include <sstream>

namespace sandtable::bots {

namespace {

std::string escaped(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            out += ' ';
            continue;
        }
        out += c;
    }
    return out;
}

// Hidden from every enemy side: both players see only a marker.
bool shown_as_marker(const kernel::Game& g, int unit) {
    const auto& u = g.state().unit(unit);
    return u.hidden || u.phantom;
}

std::string status_of(const kernel::UnitState& u) {
    if (u.eliminated) return "eliminated";
    if (u.exited) return "exited";
    return u.on_map ? "on map" : "not arrived";
}

std::string place_of(const kernel::Game& g, const kernel::UnitState& u) {
    if (!u.on_map) return "";
    if (u.files > 0) {
        std::ostringstream at;
        at << u.x_um / 10000.0 << " cm, " << u.y_um / 10000.0 << " cm, facing " << u.facing << "°";
        return at.str();
    }
    return g.grid().label(u.hex) + (u.facing >= 0 ? ", facing " + std::to_string(u.facing) : "");
}

std::string marks_of(const kernel::Game& g, int unit) {
    std::string out;
    for (const auto& m : g.state().marks)
        if (m.unit == unit) out += (out.empty() ? "" : ", ") + m.key + "=" + std::to_string(m.value);
    return out;
}

}  // namespace

std::string public_state_text(const kernel::Game& g) {
    std::ostringstream out;
    const auto& st = g.state();
    out << "Turn " << st.at.turn << ", phase " << g.phase_id() << "; decision "
        << kernel::decision_kind_name(g.decision());
    if (!g.over()) out << " for " << g.scenario().sides[static_cast<std::size_t>(g.deciding_side())].id;
    out << "\n\nUnits:\n";
    for (std::size_t i = 0; i < st.units.size(); ++i) {
        const auto& u = st.units[i];
        const int unit = static_cast<int>(i);
        if (shown_as_marker(g, unit) && u.on_map) {
            out << "  marker of " << g.scenario().sides[static_cast<std::size_t>(u.side)].id << " at " << place_of(g, u)
                << "\n";
            continue;
        }
        out << "  " << g.unit(unit).id() << " (" << g.ruleset().unit_types[static_cast<std::size_t>(u.type)].name
            << ", " << g.scenario().sides[static_cast<std::size_t>(u.side)].id << "): " << status_of(u);
        if (u.on_map) out << " at " << place_of(g, u) << ", " << (u.back ? "back" : "front") << " face";
        if (u.files > 0) out << ", " << u.figures << " figures";
        if (u.hits > 0) out << ", " << u.hits << " hits";
        const std::string marks = marks_of(g, unit);
        if (!marks.empty()) out << "; marks " << marks;
        out << "\n";
    }
    out << "\nSides:\n";
    for (std::size_t s = 0; s < st.sides.size(); ++s) {
        const auto& side = st.sides[s];
        out << "  " << g.scenario().sides[s].id << ": strength lost " << side.eliminated_strength << ", points lost "
            << side.lost_points << (side.demoralized ? ", demoralized" : "")
            << (side.disintegrated ? ", disintegrated" : "");
        if (g.over() && s < st.result.victory_points.size()) out << ", VP " << st.result.victory_points[s];
        out << "\n";
    }
    if (g.over())
        out << "\nResult: " << st.result.level << " (" << st.result.reason << ")\n";
    else {
        out << "\nLegal actions:\n";
        for (const auto& a : g.legal_actions()) out << "  " << g.describe(a) << "\n";
    }
    return out.str();
}

std::string public_state_json(const kernel::Game& g) {
    std::ostringstream out;
    const auto& st = g.state();
    out << "{\"turn\": " << st.at.turn << ", \"phase\": \"" << escaped(g.phase_id()) << "\", \"decision\": \""
        << kernel::decision_kind_name(g.decision()) << "\", \"deciding\": \""
        << (g.over() ? "" : escaped(g.scenario().sides[static_cast<std::size_t>(g.deciding_side())].id))
        << "\", \"units\": [";
    for (std::size_t i = 0; i < st.units.size(); ++i) {
        const auto& u = st.units[i];
        const int unit = static_cast<int>(i);
        const bool marker = shown_as_marker(g, unit) && u.on_map;
        out << (i ? ", " : "") << "{\"side\": \"" << escaped(g.scenario().sides[static_cast<std::size_t>(u.side)].id)
            << "\"";
        if (!marker)
            out << ", \"id\": \"" << escaped(g.unit(unit).id()) << "\", \"type\": \""
                << escaped(g.ruleset().unit_types[static_cast<std::size_t>(u.type)].id) << "\", \"status\": \""
                << status_of(u) << "\", \"face\": \"" << (u.back ? "back" : "front") << "\", \"hits\": " << u.hits
                << ", \"figures\": " << u.figures << ", \"marks\": \"" << escaped(marks_of(g, unit)) << "\"";
        else
            out << ", \"marker\": true";
        out << ", \"at\": \"" << escaped(place_of(g, u)) << "\"}";
    }
    out << "], \"sides\": [";
    for (std::size_t s = 0; s < st.sides.size(); ++s) {
        const auto& side = st.sides[s];
        out << (s ? ", " : "") << "{\"id\": \"" << escaped(g.scenario().sides[s].id)
            << "\", \"strength_lost\": " << side.eliminated_strength << ", \"points_lost\": " << side.lost_points
            << ", \"demoralized\": " << (side.demoralized ? "true" : "false")
            << ", \"disintegrated\": " << (side.disintegrated ? "true" : "false") << "}";
    }
    out << "], \"over\": " << (g.over() ? "true" : "false") << ", \"result\": \""
        << escaped(g.over() ? st.result.level : "") << "\", \"legal\": [";
    if (!g.over())
        for (std::size_t i = 0; i < g.legal_actions().size(); ++i)
            out << (i ? ", " : "") << "\"" << escaped(g.describe(g.legal_actions()[i])) << "\"";
    out << "]}\n";
    return out.str();
}

}  // namespace sandtable::bots
