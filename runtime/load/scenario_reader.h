// The scenario reader: fills a Scenario from its YAML against its ruleset,
// reporting every problem to the sink. Its parts are in scenario_reader_*.cpp.
#pragma once

#include "load/loader.h"
#include "load/yaml_reader.h"
#include "rules/ruleset.h"
#include "rules/scenario.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::load::scenario_reading {

using namespace sandtable::rules;
namespace fs = std::filesystem;
using geometry::Hex;

struct ScenarioReader {
    const Ruleset& rs;
    Scenario& sc;
    std::string file;
    DiagnosticSink& sink;

    std::optional<Hex> hex(const YAML::Node& n, const std::string& what);

    int side(const YAML::Node& n, const std::string& what);

    void sides(MapReader& top);

    void map(MapReader& top);

    std::map<char, int> read_legend(MapReader& m);

    // One text line per map row, one character per hex. Block scalars keep
    // their line numbers, so an error names the exact row and column.
    template <class F>
    void grid_text(MapReader& m, const std::string& key, bool required, F&& cell) {
        YAML::Node node = m.child(key, {.required = required});
        if (!node.IsDefined()) return;
        auto text = read_text(node, file, sink, "'" + key + "'");
        if (!text) return;
        SourceLocation base = location_of(node, file);
        // Block scalar rows start on the next line, indented one level past the key.
        const int first_column = m.key_where(key).column + 2;
        std::istringstream lines(*text);
        std::string line;
        int row = 0;
        while (std::getline(lines, line)) {
            if (row >= sc.map.grid.rows()) {
                sink.error({file, base.line + 1 + row, 1},
                           "'" + key + "' has more rows than the map's " + std::to_string(sc.map.grid.rows()));
                return;
            }
            if (static_cast<int>(line.size()) != sc.map.grid.columns())
                sink.error({file, base.line + 1 + row, 1}, "row " + std::to_string(row + 1) + " of '" + key + "' has " +
                                                               std::to_string(line.size()) + " hexes, the map has " +
                                                               std::to_string(sc.map.grid.columns()) + " columns");
            for (int col = 0; col < std::min<int>(static_cast<int>(line.size()), sc.map.grid.columns()); ++col)
                cell(sc.map.grid.from_offset({col, row}), line[static_cast<std::size_t>(col)],
                     SourceLocation{file, base.line + 1 + row, first_column + col});
            ++row;
        }
        if (row < sc.map.grid.rows())
            sink.error(base, "'" + key + "' has " + std::to_string(row) + " rows, the map has " +
                                 std::to_string(sc.map.grid.rows()));
    }

    void terrain_rows(MapReader& m, const std::map<char, int>& legend);

    void elevation_rows(MapReader& m);

    void hexsides(MapReader& m);

    void paths(MapReader& m);

    void names(MapReader& m);

    void units(MapReader& top);
    // A formation's units are all of one side.
    void check_formation_side(const UnitPlacement& u, MapReader& r);

    // On a tabletop: `at: [x, y]` (the centre of its front rank, cm),
    // `facing` (a compass bearing), `files` (stands side by side) and
    // `figures` (default: a full stand for every file).
    void table_placement(UnitPlacement& u, MapReader& r);

    // A tabletop's units must stand on the table, clear of each other:
    // a unit set up overlapping another could never move.
    void check_table_units();

    int figures_per_stand(int type) const;

    // The game turn a unit comes on the map: 1 (set up at the start) unless
    // `arrives` names a later turn of this scenario.
    int arrival_turn(MapReader& r);

    // A unit starts (or enters) on terrain its face may enter. Units set up
    // at the start never share a hex with the enemy; a reinforcement's entry
    // hex is checked when it arrives, by the kernel.
    void check_placement(const UnitPlacement& u, MapReader& r);

    // Units set up together must be allowed to share the hex (the ruleset's
    // stacking_mixes, PRESTAGS 5.32-5.38).
    void check_mix(const UnitPlacement& u, MapReader& r);

    // deployment: { <side id>: [<hex label>, …] }. Whether units stand in
    // their zone is the studio's lint, not a load error: a designer must be
    // able to save mid-edit.
    void deployment(MapReader& top);

    void objectives(MapReader& top);

    // exits: [{ side: ID, hexes: [LABEL, …], points: N }]: map-edge hexes a
    // side's units may leave the map from (11.4).
    void exits(MapReader& top);

    // support_fire: { pools: { SIDE: [VALUE, …] }, allotments: { SIDE: [N, …] } }:
    // each side's support fire markers and how many it draws each game turn (F&M 7.1).
    void support_fire(MapReader& top);

    // rules: { NAME: { enabled: BOOL, params: { KEY: VALUE, … } } }: the
    // scenario's switches over the rule modules its ruleset lists.
    void rule_switches(MapReader& top);

    static std::string kind_of(const Param& p);

    // A switch's params against the ruleset's, both maps: a key the ruleset
    // gives keeps its type (a whole number may stand for a number); a new key
    // is allowed (a module may read optional params) unless it is a letter or
    // two from one the ruleset gives, which is taken for a typo.
    void check_override(const RuleModule& m, const Param& base, const Param& over, const std::string& prefix);
};

}  // namespace sandtable::load::scenario_reading
