// Movement on a tabletop (Cady, "Dividing a move into thirds"): every unit
// carries out its written order at once, a slice of its move at a time.
#pragma once

#include "geometry/tabletop/point.h"
#include "kernel/phase_procedure.h"

#include <utility>
#include <vector>

namespace sandtable::kernel {

class Game;

class TabletopMovementProcedure final : public PhaseProcedure {
public:
    bool step(Game& game) const override;

private:
    struct TableMove;     // one unit's move this phase
    struct TableTraffic;  // every unit's bases, kept up to date within a slice
    struct RoadShare {
        int thirds = 0;  // thirds a march gains on it
        double cm = 0;   // cm of the path on it
    };
    using Point = geometry::tabletop::Point;
    static void begin_charges(Game& game);
    static void stand_where_no_room(Game& game, std::vector<TableMove>& moves,
                                    const std::vector<std::pair<int, int>>& before, TableTraffic& traffic);
    static double clear_part_of_step(const Game& game, int unit, const TableMove& m, Point from, double step,
                                     int facing, const TableTraffic& traffic);
    static bool move_one_slice(Game& game, int unit, std::vector<TableMove>& moves, TableTraffic& traffic);
    static void finish_move(Game& game, int unit, const TableMove& m, const TableTraffic& traffic);
    static TableMove plan_move(Game& game, int unit);
    static int terrain_thirds(const Game& game, int unit, Point from, Point to, double& stop_at);
    static RoadShare road_share(const Game& game, int unit, Point from, Point to);
    static double with_road(double reach, RoadShare road);
    static void record_sightings(Game& game);
};

}  // namespace sandtable::kernel
