// The tabletop's part of the game API (Cady): figures, formations, orders,
// contact, distances and the terrain around a unit. docs/lua-api.md lists them.
#include "script/bindings/bindings.h"

#include "geometry/tabletop/terrain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

namespace sandtable::script::bindings {

namespace {

namespace gt = geometry::tabletop;

// Positions are kept in whole micrometres in an int: nothing may stand further out than this.
constexpr double kFarthestCm = 2000;
using kernel::TableOrder;

void require_table(lua_State* L, const char* function) {
    if (!game(L).ruleset().table.enabled)
        luaL_error(L, "%s works on a tabletop only (a ruleset with geometry kind table)", function);
}

// A terrain id the ruleset has: a mistyped one would silently match nothing.
void require_terrain(lua_State* L, const char* function, const char* id) {
    if (game(L).ruleset().terrain_index(id) < 0) luaL_error(L, "%s: the ruleset has no terrain '%s'", function, id);
}

// game.unit(u).figures(): figures left.
int l_figures(lua_State* L) {
    lua_pushinteger(L, game(L).unit(unit_arg(L, 1)).figures());
    return 1;
}

// game.figures_lost(u): figures lost this game turn.
int l_figures_lost(lua_State* L) {
    const auto& u = game(L).state().unit(unit_arg(L, 1));
    lua_pushinteger(L, u.figures_at_turn_start - u.figures);
    return 1;
}

// game.figures_at_start(u): figures it set up with.
int l_figures_at_start(lua_State* L) {
    lua_pushinteger(L, game(L).scenario().units[static_cast<std::size_t>(unit_arg(L, 1))].table.figures);
    return 1;
}

// game.lose_figures(u, n, why): removes figures (the unit is eliminated with none left).
int l_lose_figures(lua_State* L) {
    if (dropped_in_estimate(L, "game.lose_figures")) return 0;
    require_table(L, "game.lose_figures");
    const int u = unit_arg(L, 1);
    const int n = bindings::int_arg(L, 2, 0, 1'000'000, "game.lose_figures", "the number of figures");
    const char* why = luaL_optstring(L, 3, "");
    // figures.lost handlers run inside: their errors come back as C++
    // exceptions, which must not cross Lua's C frames.
    char message[512] = {0};
    try {
        game(L).lose_figures(u, static_cast<int>(n), why);
    } catch (const std::exception& e) {
        std::snprintf(message, sizeof message, "%s", e.what());
    }
    if (message[0]) return luaL_error(L, "%s", message);
    return 0;
}

// game.stands(u), game.files(u), game.ranks(u): its formation now.
int l_stands(lua_State* L) {
    lua_pushinteger(L, game(L).tabletop().stand_count(unit_arg(L, 1)));
    return 1;
}

int l_files(lua_State* L) {
    require_table(L, "game.files");
    lua_pushinteger(L, game(L).tabletop().formation(unit_arg(L, 1)).files);
    return 1;
}

int l_ranks(lua_State* L) {
    require_table(L, "game.ranks");
    lua_pushinteger(L, game(L).tabletop().formation(unit_arg(L, 1)).ranks);
    return 1;
}

// game.position(u): x, y (cm, the centre of its front rank) and facing (degrees).
int l_position(lua_State* L) {
    require_table(L, "game.position");
    const int u = unit_arg(L, 1);
    const gt::Point p = game(L).tabletop().position(u);
    lua_pushnumber(L, p.x);
    lua_pushnumber(L, p.y);
    lua_pushinteger(L, game(L).state().unit(u).facing);
    return 3;
}

// game.written_orders().standing(u): its written order as revealed.
int l_table_order(lua_State* L) {
    require_table(L, "game.table_order");
    const auto& o = game(L).written_orders().standing(unit_arg(L, 1));
    static const char* kModes[] = {"hold", "advance", "charge", "withdraw"};
    lua_createtable(L, 0, 6);
    lua_pushstring(L, kModes[o.mode]), lua_setfield(L, -2, "mode");
    lua_pushinteger(L, o.bearing), lua_setfield(L, -2, "bearing");
    lua_pushnumber(L, o.distance / 10.0), lua_setfield(L, -2, "distance");
    lua_pushinteger(L, o.files), lua_setfield(L, -2, "files");
    lua_pushinteger(L, o.facing), lua_setfield(L, -2, "facing");
    lua_pushinteger(L, o.target), lua_setfield(L, -2, "target");
    return 1;
}

// Reads an order table { mode, bearing, distance (cm), target, files, facing } as a written order.
TableOrder order_arg(lua_State* L, int index) {
    luaL_checktype(L, index, LUA_TTABLE);
    static const char* const kModes[] = {"hold", "advance", "charge", "withdraw", nullptr};
    TableOrder o;
    lua_getfield(L, index, "mode");
    o.mode = luaL_checkoption(L, -1, "hold", kModes);
    auto number = [&](const char* key, double fallback) {
        lua_getfield(L, index, key);
        const double v = luaL_optnumber(L, -1, fallback);
        lua_pop(L, 1);
        if (!(v > -1e9 && v < 1e9)) luaL_error(L, "game.set_table_order: '%s' must be a number in range", key);
        return v;
    };
    o.bearing = static_cast<int>(std::lround(gt::normalize_bearing(number("bearing", 0))));
    if (o.bearing == 360) o.bearing = 0;
    o.distance = static_cast<int>(std::lround(number("distance", 0) * 10));
    o.files = static_cast<int>(number("files", 0));
    o.facing = static_cast<int>(number("facing", -1));
    lua_getfield(L, index, "target");
    o.target = lua_isnil(L, -1) ? -1 : unit_arg(L, lua_gettop(L));
    lua_pop(L, 2);
    return o;
}

// game.set_table_order(u, order): a script gives a unit that takes no written
// orders (a berserker) its order for the turn, checked as a written one is.
int l_set_table_order(lua_State* L) {
    if (dropped_in_estimate(L, "game.set_table_order")) return 0;
    require_table(L, "game.set_table_order");
    const int u = unit_arg(L, 1);
    const TableOrder o = order_arg(L, 2);
    if (!game(L).written_orders().may_write(u, o))
        return luaL_error(
            L,
            "game.set_table_order: not an order %s may be given (a move within its allowance and a third, "
            "a charge at an enemy it is not already fighting)",
            game(L).unit(u).id().c_str());
    game(L).set_table_order(u, o);
    return 0;
}

// game.in_contact(u): the enemy units its bases touch.
int l_in_contact(lua_State* L) {
    require_table(L, "game.in_contact");
    push_int_list(L, game(L).tabletop().units_in_contact(unit_arg(L, 1)));
    return 1;
}

// game.distance_cm(a, b): between the nearest bases of two units.
int l_distance_cm(lua_State* L) {
    require_table(L, "game.distance_cm");
    lua_pushnumber(L, game(L).tabletop().distance(unit_arg(L, 1), unit_arg(L, 2)));
    return 1;
}

// game.ground(u): the hill level its front stands on.
int l_ground(lua_State* L) {
    require_table(L, "game.ground");
    lua_pushinteger(L, gt::ground_level(game(L).tabletop().map(), game(L).tabletop().position(unit_arg(L, 1))));
    return 1;
}

// game.moved_thirds(u): thirds of its move it used this game turn; game.reaction(u):
// the post-melee reaction it carries out next (0 none, 1 back, 2 back and turn).
int l_moved_thirds(lua_State* L) {
    lua_pushinteger(L, game(L).state().unit(unit_arg(L, 1)).moved_thirds);
    return 1;
}

int l_reaction(lua_State* L) {
    lua_pushinteger(L, static_cast<int>(game(L).state().unit(unit_arg(L, 1)).reaction));
    return 1;
}

// game.in_area(u, terrain [, edge_cm]): does one of its stands stand in an
// area of that terrain (with edge_cm: within that far of the area's edge)?
int l_in_area(lua_State* L) {
    require_table(L, "game.in_area");
    const int u = unit_arg(L, 1);
    const char* kind_arg = luaL_checkstring(L, 2);
    const double edge = lua_isnoneornil(L, 3) ? -1 : bindings::number_arg(L, 3, 0, 100000, "game.in_area", "edge_cm");
    require_terrain(L, "game.in_area", kind_arg);
    const std::string kind = kind_arg;  // no Lua error may be raised once it is built
    const auto& map = game(L).tabletop().map();
    bool found = false;
    for (const auto& stand : game(L).tabletop().stands(u))
        for (const auto& area : map.areas) {
            if (found || area.kind != kind || !gt::contains(area.outline, stand.centre)) continue;
            double to_edge = 1e18;
            for (std::size_t i = 0, j = area.outline.size() - 1; i < area.outline.size(); j = i++)
                to_edge = std::min(to_edge, gt::distance_to_segment(stand.centre, area.outline[j], area.outline[i]));
            found = edge < 0 || to_edge <= edge;
        }
    lua_pushboolean(L, found);
    return 1;
}

// game.line_between(a, b, terrain [, within_cm]): does a line feature of that
// terrain cross the way from a to b (within within_cm of b: b is behind it)?
int l_line_between(lua_State* L) {
    require_table(L, "game.line_between");
    const int a = unit_arg(L, 1), b = unit_arg(L, 2);
    const char* kind_arg = luaL_checkstring(L, 3);
    const double within =
        lua_isnoneornil(L, 4) ? 1e18 : bindings::number_arg(L, 4, 0, 1e18, "game.line_between", "within_cm");
    require_terrain(L, "game.line_between", kind_arg);
    const std::string kind = kind_arg;
    const gt::Point from = game(L).tabletop().position(a);
    const gt::Point to = game(L).tabletop().position(b);
    bool found = false;
    for (const auto& line : game(L).tabletop().map().lines)
        found = found || (line.kind == kind && gt::crosses(line.line, from, to) &&
                          gt::distance_to_polyline(line.line, to) <= within);
    lua_pushboolean(L, found);
    return 1;
}

// game.rank_figures(u, rank): the figures in a rank of its formation (1 the front).
int l_rank_figures(lua_State* L) {
    require_table(L, "game.rank_figures");
    const int u = unit_arg(L, 1);
    const int rank = bindings::int_arg(L, 2, 1, 1000, "game.rank_figures", "the rank");
    lua_pushinteger(L, game(L).tabletop().figures_in_rank(u, rank - 1));
    return 1;
}

// game.aspect(u, other): 0 when other stands to its front, 1 a flank, 2 its rear.
int l_aspect(lua_State* L) {
    require_table(L, "game.aspect");
    lua_pushinteger(L, game(L).tabletop().aspect_of(unit_arg(L, 1), unit_arg(L, 2)));
    return 1;
}

// game.bearing(a, b): the compass bearing from a's front centre to b's, degrees.
int l_bearing(lua_State* L) {
    require_table(L, "game.bearing");
    const gt::Point from = game(L).tabletop().position(unit_arg(L, 1));
    const gt::Point to = game(L).tabletop().position(unit_arg(L, 2));
    lua_pushnumber(L, gt::bearing_of(to - from));
    return 1;
}

// game.shift(u, bearing, cm): moves the unit straight that far, keeping its
// facing (a push back, a rampage); nothing checks what it runs into.
int l_shift(lua_State* L) {
    if (dropped_in_estimate(L, "game.shift")) return 0;
    require_table(L, "game.shift");
    const int u = unit_arg(L, 1);
    const double bearing = bindings::number_arg(L, 2, -1e6, 1e6, "game.shift", "the bearing");
    const double cm = bindings::number_arg(L, 3, -1000, 1000, "game.shift", "the distance in cm");
    auto& g = game(L);
    const gt::Point to = g.tabletop().position(u) + gt::heading(bearing) * cm;
    if (std::abs(to.x) > kFarthestCm || std::abs(to.y) > kFarthestCm)
        return luaL_error(L, "game.shift: the unit would stand at (%f, %f), more than %d cm from the table's corner",
                          to.x, to.y, static_cast<int>(kFarthestCm));
    g.place_on_table(u, to, g.state().unit(u).facing);
    return 0;
}

// game.units_near(x, y, cm): the units on the table with a base within cm of the point.
int l_units_near(lua_State* L) {
    require_table(L, "game.units_near");
    const gt::Point at{bindings::number_arg(L, 1, -kFarthestCm, kFarthestCm, "game.units_near", "x"),
                       bindings::number_arg(L, 2, -kFarthestCm, kFarthestCm, "game.units_near", "y")};
    const double cm = bindings::number_arg(L, 3, 0, 100000, "game.units_near", "cm");
    std::vector<int> found;
    auto& g = game(L);
    for (int u = 0; u < static_cast<int>(g.state().units.size()); ++u) {
        if (!g.state().unit(u).on_map) continue;
        for (const auto& stand : g.tabletop().stands(u))
            if (gt::distance_to_polygon(stand.corners(), at) <= cm) {
                found.push_back(u);
                break;
            }
    }
    push_int_list(L, found);
    return 1;
}

const luaL_Reg kFunctions[] = {{"figures", l_figures},
                               {"figures_lost", l_figures_lost},
                               {"figures_at_start", l_figures_at_start},
                               {"lose_figures", l_lose_figures},
                               {"stands", l_stands},
                               {"files", l_files},
                               {"ranks", l_ranks},
                               {"position", l_position},
                               {"table_order", l_table_order},
                               {"in_contact", l_in_contact},
                               {"distance_cm", l_distance_cm},
                               {"ground", l_ground},
                               {"moved_thirds", l_moved_thirds},
                               {"reaction", l_reaction},
                               {"in_area", l_in_area},
                               {"line_between", l_line_between},
                               {"rank_figures", l_rank_figures},
                               {"aspect", l_aspect},
                               {"bearing", l_bearing},
                               {"shift", l_shift},
                               {"units_near", l_units_near},
                               {"set_table_order", l_set_table_order},
                               {nullptr, nullptr}};

}  // namespace

const luaL_Reg* tabletop_functions() { return kFunctions; }

}  // namespace sandtable::script::bindings
