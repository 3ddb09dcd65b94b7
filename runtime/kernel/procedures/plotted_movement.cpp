// The Movement Resolution Phase of a simultaneous sequence (PRESTAGS 22.0):
// every Move order is carried out at once, hex by hex (22.12): at each step
// every unit still moving tries the next hex of its plotted path.
//   * Opposing units that would cross the same hexside (each entering the
//     other's hex) both stop, with no combat (22.3).
//   * Opposing units entering the same hex: the side with more strength
//     entering it goes in first, a die roll for each side breaking a tie
//     (22.21-22.23); the other side's units stop before it.
//   * A unit may not enter a hex an enemy unit stays in (it stops, 22.3), nor
//     one over the stacking limit.
//   * Entering a hex next to an enemy that exerts a zone of control and was
//     not itself plotted to move or melee (21.1), it stops there (6.41).
// A stopped unit stays where it stopped for the rest of the phase. A unit
// that cannot move now (a disrupted PRESTAGS unit, movement 0) does not
// (21.2). Each unit that moved raises move.end with its path.
#include "kernel/procedures/plotted_movement.h"

#include "kernel/game.h"

#include <algorithm>
#include <map>

namespace sandtable::kernel {

using geometry::Hex;

bool PlottedMovementProcedure::step(Game& game) const {
    if (game.state_.at.stage == 0) {
        execute(game);
        game.state_.at.stage = 1;
    }
    return false;
}

namespace {
struct Mover {
    int unit;
    int side;
    std::vector<Hex> path;  // the start, then each hex entered
    std::size_t next = 0;   // index into the plotted path
    bool done = false;
};
}  // namespace

// One plotted movement phase carried out, a hex at a time for every mover
// at once (22.0): who goes, who is stopped and why.
struct PlottedMovementProcedure::PlottedMoves {
    Game& game;
    int strength;        // the attribute contested hexes are settled by (22.21)
    int override_limit;  // the phase's `stacking`, when it sets one
    std::vector<Mover> movers;
    std::vector<std::vector<char>> zone;  // [side][hex]: next to an enemy who stays (21.1)
    std::vector<Mover*> going;
    std::vector<int> stopped;  // by mover going: why it stops this step, an index into kWhy; 0: it goes
    std::vector<int> slot;     // unit -> its place in `going`, -1 when it is not moving

    static constexpr const char* kWhy[] = {"",
                                           "",
                                           "an enemy crosses the same hexside (22.3)",
                                           "the enemy enters the hex first (22.21)",
                                           "an enemy holds the hex (22.3)",
                                           "the hex is full (stacking)"};

    Hex to_of(const Mover* m) const { return game.beside_.plots[static_cast<std::size_t>(m->unit)].path[m->next]; }
    static Hex from_of(const Mover* m) { return m->path.back(); }
    bool moving(int unit) const { return slot[static_cast<std::size_t>(unit)] >= 0; }
    bool leaving(int unit) const {
        return moving(unit) && !stopped[static_cast<std::size_t>(slot[static_cast<std::size_t>(unit)])];
    }

    // 21.2: an order a unit can no longer carry out (it was moved since, by a
    // retreat or a panic, or is held) is not carried out.
    void find_movers(const std::vector<std::string>& barred) {
        const auto& units = game.state_.units;
        for (std::size_t i = 0; i < units.size(); ++i) {
            const auto& u = units[i];
            const Plot& plot = game.beside_.plots[i];
            const int unit = static_cast<int>(i);
            if (!u.on_map || plot.task != PlotTask::Move || plot.path.empty() || u.hex != plot.from ||
                game.unit(unit).movement_allowance() <= 0)
                continue;
            if (std::any_of(barred.begin(), barred.end(),
                            [&](const std::string& m) { return game.state_.mark(unit, m) != 0; }))
                continue;
            movers.push_back({unit, u.side, {u.hex}, 0, false});
        }
    }

    // Zones stay put: only units plotted to neither move nor melee exert one (21.1).
    void find_zones() {
        const std::size_t sides = game.scenario_->sides.size();
        zone.assign(sides, std::vector<char>(game.grid().size(), 0));
        const auto& units = game.state_.units;
        for (std::size_t i = 0; i < units.size(); ++i) {
            const auto& u = units[i];
            const PlotTask t = game.beside_.plots[i].task;
            if (!u.on_map || t == PlotTask::Move || t == PlotTask::Melee ||
                !game.unit(static_cast<int>(i)).capability(Capability::ExertsZoc))
                continue;
            for (Hex n : geometry::neighbours(u.hex)) {
                const int idx = game.grid().index(n);
                if (idx < 0) continue;
                for (std::size_t s = 0; s < sides; ++s)
                    if (static_cast<int>(s) != u.side) zone[s][static_cast<std::size_t>(idx)] = 1;
            }
        }
    }

    // The movers still going (one eliminated on the way by a script is done); false when none is.
    bool start_step() {
        going.clear();
        for (auto& m : movers) {
            if (!m.done && !game.state_.unit(m.unit).on_map) m.done = true;
            if (!m.done) going.push_back(&m);
        }
        stopped.assign(going.size(), 0);
        slot.assign(game.state_.units.size(), -1);
        for (std::size_t a = 0; a < going.size(); ++a)
            slot[static_cast<std::size_t>(going[a]->unit)] = static_cast<int>(a);
        return !going.empty();
    }

    // 22.3: enemies crossing the same hexside both stop.
    void stop_crossings() {
        for (std::size_t a = 0; a < going.size(); ++a)
            for (std::size_t b = a + 1; b < going.size(); ++b)
                if (going[a]->side != going[b]->side && to_of(going[a]) == from_of(going[b]) &&
                    to_of(going[b]) == from_of(going[a]))
                    stopped[a] = stopped[b] = 2;
    }

    // The side that enters a contested hex: the stronger; on a tie each tied
    // side rolls, the highest goes in, ties roll again.
    int first_in(int hex, const std::map<int, int>& by_side) {
        int best_side = -1, best = -1;
        bool tie = false;
        for (const auto& [side, total] : by_side) {
            if (total > best)
                best = total, best_side = side, tie = false;
            else if (total == best)
                tie = true;
        }
        if (!tie) return best_side;
        std::vector<int> tied;
        for (const auto& [side, total] : by_side)
            if (total == best) tied.push_back(side);
        for (;;) {
            int high = 0, count = 0;
            for (int side : tied) {
                const int r = game.roll(6, game.scenario_->sides[static_cast<std::size_t>(side)].name + " to enter " +
                                               game.grid().label(game.grid().hex_at(hex)) + " first");
                if (r > high)
                    high = r, best_side = side, count = 1;
                else if (r == high)
                    ++count;
            }
            if (count == 1) return best_side;
        }
    }

    // 22.21-22.23: the stronger side enters a contested hex first. A hex
    // someone stays in is not contested: its holder's friends join it and
    // enemies stop before it (stop_blocked).
    void settle_contested_hexes() {
        std::map<int, std::map<int, int>> entering;  // hex index -> side -> strength
        for (std::size_t a = 0; a < going.size(); ++a) {
            if (stopped[a]) continue;
            const auto here = game.hex_board().units_at(to_of(going[a]));
            if (std::any_of(here.begin(), here.end(), [&](int o) { return !moving(o); })) continue;
            entering[game.grid().index(to_of(going[a]))][going[a]->side] +=
                game.unit(going[a]->unit).attribute(strength);
        }
        for (const auto& [hex, by_side] : entering) {
            if (by_side.size() < 2) continue;
            const int winner = first_in(hex, by_side);
            for (std::size_t a = 0; a < going.size(); ++a)
                if (!stopped[a] && game.grid().index(to_of(going[a])) == hex && going[a]->side != winner)
                    stopped[a] = 3;
        }
    }

    // Why mover `a` cannot enter its next hex now: an enemy who stays (4), or a full hex where its move ends (5).
    int blocked(std::size_t a) const {
        const Hex to = to_of(going[a]);
        int friends = 0;
        for (int o : game.hex_board().units_at(to)) {
            if (leaving(o)) continue;
            if (game.state_.unit(o).side != going[a]->side) return 4;
            if (!game.unit(o).capability(Capability::StacksFreely)) ++friends;
        }
        for (std::size_t b = 0; b < a; ++b)
            if (!stopped[b] && to_of(going[b]) == to && going[b]->side == going[a]->side &&
                !game.unit(going[b]->unit).capability(Capability::StacksFreely))
                ++friends;
        const bool counts = !game.unit(going[a]->unit).capability(Capability::StacksFreely);
        // Stacking binds where a move ends, not on the way (5.26, 5.4).
        const bool last =
            going[a]->next + 1 == game.beside_.plots[static_cast<std::size_t>(going[a]->unit)].path.size();
        const int limit = override_limit > 0 ? override_limit : game.hex_board().stacking_limit(going[a]->side);
        return last && counts && (friends >= limit || !game.hex_board().mixes_with_hex(going[a]->unit, to)) ? 5 : 0;
    }

    // Enemies who stay, and stacking, until nothing changes: a unit that
    // stops may in turn block one that meant to enter its hex.
    void stop_blocked() {
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t a = 0; a < going.size(); ++a) {
                if (stopped[a]) continue;
                stopped[a] = blocked(a);
                changed = changed || stopped[a] != 0;
            }
        }
    }

    void stop(Mover& m, const char* why) {
        m.done = true;
        if (game.recording_.log)
            game.note("  " + game.unit(m.unit).id() + " stops in " + game.grid().label(m.path.back()) + ": " + why);
    }

    // Those stopped stop; the others enter their next hex.
    void take_step() {
        for (std::size_t a = 0; a < going.size(); ++a)
            if (stopped[a]) stop(*going[a], kWhy[static_cast<std::size_t>(stopped[a])]);
        for (std::size_t a = 0; a < going.size(); ++a) {
            if (stopped[a]) continue;
            Mover& m = *going[a];
            const Hex to = to_of(&m);
            game.move_unit(m.unit, to);
            m.path.push_back(to);
            ++m.next;
            if (m.next >= game.beside_.plots[static_cast<std::size_t>(m.unit)].path.size())
                m.done = true;
            else if (zone[static_cast<std::size_t>(m.side)][static_cast<std::size_t>(game.grid().index(to))])
                stop(m, "next to an enemy's zone (6.41)");
        }
    }

    // Each unit that moved: logged, and move.end with its path.
    void announce() {
        for (const auto& m : movers) {
            if (m.path.size() < 2) continue;
            if (game.recording_.log)
                game.note("  " + game.unit(m.unit).id() + " moves " + game.grid().label(m.path.front()) + " to " +
                          game.grid().label(m.path.back()));
            if (!game.listening(Event::MoveEnd)) continue;
            EventContext ctx(Event::MoveEnd);
            ctx.set("unit", m.unit);
            std::vector<int> indices;
            for (Hex h : m.path) indices.push_back(game.grid().index(h));
            ctx.set_list("path", std::move(indices));
            game.raise(ctx);
        }
    }
};

void PlottedMovementProcedure::execute(Game& game) {
    const auto& options = game.options<rules::PlottedMovementOptions>();
    PlottedMoves moves{game, options.strength.index, options.stacking, {}, {}, {}, {}, {}};
    moves.find_movers(options.barred_mark);
    if (moves.movers.empty()) return;
    moves.find_zones();
    while (moves.start_step()) {
        moves.stop_crossings();
        moves.settle_contested_hexes();
        moves.stop_blocked();
        moves.take_step();
        if (game.over()) return;
    }
    moves.announce();
}

}  // namespace sandtable::kernel
