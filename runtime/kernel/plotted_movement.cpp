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
#include "kernel/game.h"

#include "rules/procedures.h"

#include <algorithm>
#include <map>

namespace sandtable::kernel {

using geometry::Hex;

bool Game::plotted_movement_step() {
    if (state_.at.stage == 0) {
        execute_plotted_moves();
        state_.at.stage = 1;
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

void Game::execute_plotted_moves() {
    const auto& p = phase();
    const int strength = ruleset_->attribute_index(rules::option_text(p, "strength", "combat"));
    const int override_limit = rules::option_int(p, "stacking", 0);
    const std::vector<std::string> barred = rules::option_names(p, "barred_mark");
    // 21.2: an order a unit can no longer carry out (it was moved since, by a
    // retreat or a panic, or is held) is not carried out.
    auto able = [&](std::size_t i) {
        const auto& u = state_.units[i];
        const Plot& plot = beside_.plots[i];
        if (!u.on_map || plot.task != PlotTask::Move || plot.path.empty() || u.hex != plot.from || movement_allowance(static_cast<int>(i)) <= 0) return false;
        return std::none_of(barred.begin(), barred.end(), [&](const std::string& m) { return state_.mark(static_cast<int>(i), m) != 0; });
    };
    std::vector<Mover> movers;
    for (std::size_t i = 0; i < state_.units.size(); ++i)
        if (able(i)) movers.push_back({static_cast<int>(i), state_.units[i].side, {state_.units[i].hex}, 0, false});
    if (movers.empty()) return;
    // Zones stay put: only units plotted to neither move nor melee exert one (21.1).
    const std::size_t sides = scenario_->sides.size();
    std::vector<std::vector<char>> zone(sides, std::vector<char>(static_cast<std::size_t>(grid().size()), 0));
    for (std::size_t i = 0; i < state_.units.size(); ++i) {
        const auto& u = state_.units[i];
        const PlotTask t = beside_.plots[i].task;
        if (!u.on_map || t == PlotTask::Move || t == PlotTask::Melee || !capability(static_cast<int>(i), Capability::ExertsZoc)) continue;
        for (Hex n : geometry::neighbours(u.hex)) {
            const int idx = grid().index(n);
            if (idx < 0) continue;
            for (std::size_t s = 0; s < sides; ++s)
                if (static_cast<int>(s) != u.side) zone[s][static_cast<std::size_t>(idx)] = 1;
        }
    }
    auto stop = [&](Mover& m, const char* why) {
        m.done = true;
        if (logging_) note("  " + unit_id(m.unit) + " stops in " + grid().label(m.path.back()) + ": " + why);
    };
    for (;;) {
        std::vector<Mover*> going;
        for (auto& m : movers) {
            if (!m.done && !state_.units[static_cast<std::size_t>(m.unit)].on_map) m.done = true;  // eliminated on the way (a script)
            if (!m.done) going.push_back(&m);
        }
        if (going.empty()) break;
        auto to_of = [&](const Mover* m) { return beside_.plots[static_cast<std::size_t>(m->unit)].path[m->next]; };
        auto from_of = [](const Mover* m) { return m->path.back(); };
        std::vector<int> stopped(going.size(), 0);  // why a mover stops this step: an index into kWhy below, 0 = it goes
        // 22.3: crossing the same hexside.
        for (std::size_t a = 0; a < going.size(); ++a)
            for (std::size_t b = a + 1; b < going.size(); ++b)
                if (going[a]->side != going[b]->side && to_of(going[a]) == from_of(going[b]) && to_of(going[b]) == from_of(going[a]))
                    stopped[a] = stopped[b] = 2;
        // 22.21-22.23: the stronger side enters a contested hex first. A hex
        // someone stays in is not contested: its holder's friends join it and
        // enemies stop before it (below).
        std::vector<int> slot(state_.units.size(), -1);  // unit -> its place in `going`
        for (std::size_t a = 0; a < going.size(); ++a) slot[static_cast<std::size_t>(going[a]->unit)] = static_cast<int>(a);
        auto moving = [&](int unit) { return slot[static_cast<std::size_t>(unit)] >= 0; };
        std::map<int, std::map<int, int>> entering;  // hex index -> side -> strength
        for (std::size_t a = 0; a < going.size(); ++a) {
            if (stopped[a]) continue;
            const auto here = units_at(to_of(going[a]));
            if (std::any_of(here.begin(), here.end(), [&](int o) { return !moving(o); })) continue;
            entering[grid().index(to_of(going[a]))][going[a]->side] += attribute(going[a]->unit, strength);
        }
        for (const auto& [hex, by_side] : entering) {
            if (by_side.size() < 2) continue;
            int best_side = -1, best = -1;
            bool tie = false;
            for (const auto& [side, total] : by_side) {
                if (total > best) best = total, best_side = side, tie = false;
                else if (total == best) tie = true;
            }
            if (tie) {
                // Each side with the best total rolls; the highest goes in, ties roll again.
                std::vector<int> tied;
                for (const auto& [side, total] : by_side)
                    if (total == best) tied.push_back(side);
                for (;;) {
                    int high = 0, count = 0;
                    for (int side : tied) {
                        const int r = roll(6, scenario_->sides[static_cast<std::size_t>(side)].name + " to enter " + grid().label(grid().hex_at(hex)) + " first");
                        if (r > high) high = r, best_side = side, count = 1;
                        else if (r == high) ++count;
                    }
                    if (count == 1) break;
                }
            }
            for (std::size_t a = 0; a < going.size(); ++a)
                if (!stopped[a] && grid().index(to_of(going[a])) == hex && going[a]->side != best_side) stopped[a] = 3;
        }
        // Enemies who stay, and stacking, until nothing changes: a unit that
        // stops may in turn block one that meant to enter its hex.
        auto leaving = [&](int unit) { return moving(unit) && !stopped[static_cast<std::size_t>(slot[static_cast<std::size_t>(unit)])]; };
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t a = 0; a < going.size(); ++a) {
                if (stopped[a]) continue;
                const Hex to = to_of(going[a]);
                int friends = 0;
                bool enemy = false;
                for (int o : units_at(to)) {
                    if (leaving(o)) continue;
                    if (state_.units[static_cast<std::size_t>(o)].side != going[a]->side) enemy = true;
                    else if (!capability(o, Capability::StacksFreely)) ++friends;
                }
                for (std::size_t b = 0; b < a; ++b)
                    if (!stopped[b] && to_of(going[b]) == to && going[b]->side == going[a]->side && !capability(going[b]->unit, Capability::StacksFreely)) ++friends;
                const bool counts = !capability(going[a]->unit, Capability::StacksFreely);
                // Stacking binds where a move ends, not on the way (5.26, 5.4).
                const bool last = going[a]->next + 1 == beside_.plots[static_cast<std::size_t>(going[a]->unit)].path.size();
                const int limit = override_limit > 0 ? override_limit : stacking_limit(going[a]->side);
                if (enemy) stopped[a] = 4;
                else if (last && counts && (friends >= limit || !mixes_with_hex(going[a]->unit, to))) stopped[a] = 5;
                if (stopped[a]) changed = true;
            }
        }
        static const char* const kWhy[] = {"", "", "an enemy crosses the same hexside (22.3)", "the enemy enters the hex first (22.21)",
                                           "an enemy holds the hex (22.3)", "the hex is full (stacking)"};
        for (std::size_t a = 0; a < going.size(); ++a)
            if (stopped[a]) stop(*going[a], kWhy[static_cast<std::size_t>(stopped[a])]);
        for (std::size_t a = 0; a < going.size(); ++a) {
            if (stopped[a]) continue;
            Mover& m = *going[a];
            const Hex to = to_of(&m);
            move_unit(m.unit, to);
            m.path.push_back(to);
            ++m.next;
            if (m.next >= beside_.plots[static_cast<std::size_t>(m.unit)].path.size()) m.done = true;
            else if (zone[static_cast<std::size_t>(m.side)][static_cast<std::size_t>(grid().index(to))]) stop(m, "next to an enemy's zone (6.41)");
        }
        if (state_.result.over) return;
    }
    for (const auto& m : movers) {
        if (m.path.size() < 2) continue;
        if (logging_) note("  " + unit_id(m.unit) + " moves " + grid().label(m.path.front()) + " to " + grid().label(m.path.back()));
        if (!listening(Event::MoveEnd)) continue;
        EventContext ctx(Event::MoveEnd);
        ctx.set("unit", m.unit);
        std::vector<int> indices;
        for (Hex h : m.path) indices.push_back(grid().index(h));
        ctx.set_list("path", std::move(indices));
        raise(ctx);
    }
}

}  // namespace sandtable::kernel
