#include "load/table_map_writer.h"

#include <cmath>
#include <cstdio>

namespace sandtable::load {

std::string format_cm(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2f", std::round(value * 100) / 100);
    std::string s = text;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

std::string format_point(geometry::tabletop::Point p) { return "[" + format_cm(p.x) + ", " + format_cm(p.y) + "]"; }

namespace {

void write_points(std::ostringstream& out, const std::vector<geometry::tabletop::Point>& points) {
    out << "[";
    for (std::size_t i = 0; i < points.size(); ++i) out << (i ? ", " : "") << format_point(points[i]);
    out << "]";
}

}  // namespace

void write_table_map(std::ostringstream& out, const rules::TableData& table, const rules::Ruleset& rs) {
    out << "table:\n  width: " << format_cm(table.map.width) << "\n  depth: " << format_cm(table.map.depth) << "\n";
    if (!table.map.areas.empty()) {
        out << "  areas:\n";
        for (std::size_t i = 0; i < table.map.areas.size(); ++i) {
            const auto& area = table.map.areas[i];
            const auto& source = table.areas[i];
            const auto& type = rs.terrain[static_cast<std::size_t>(source.terrain)];
            out << "    - { terrain: " << type.id;
            if (type.table.sight == geometry::tabletop::AreaSight::Hill) out << ", level: " << area.level;
            if (type.table.sight == geometry::tabletop::AreaSight::Building) out << ", storeys: " << area.level;
            if (!source.trees.empty()) {
                out << ", trees: ";
                write_points(out, source.trees);
            } else {
                out << ", outline: ";
                write_points(out, area.outline);
            }
            out << " }\n";
        }
    }
    if (!table.map.lines.empty()) {
        out << "  lines:\n";
        for (std::size_t i = 0; i < table.map.lines.size(); ++i) {
            const auto& line = table.map.lines[i];
            const auto& type = rs.terrain[static_cast<std::size_t>(table.lines[i].terrain)];
            out << "    - { terrain: " << type.id << ", width: " << format_cm(line.line.width) << ", points: ";
            write_points(out, line.line.points);
            out << " }\n";
        }
    }
}

}  // namespace sandtable::load
