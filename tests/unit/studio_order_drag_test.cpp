// Orders on the tabletop by hand (issue 19): any unit its side has still to
// order may be ordered next, by a drag that sets the march's bearing and
// distance (held to the unit's move) and a wheel that turns the final facing.
#include "bots/session.h"
#include "core/order_drag.h"
#include "load/loader.h"

#include <catch2/catch.hpp>

using namespace sandtable;
using kernel::DecisionKind;
using kernel::TableOrder;

namespace {
bots::Session orders_of_hollins_farm() {
    const std::string file = std::string(SANDTABLE_SOURCE_DIR) + "/scenarios/cady/hollins_farm.yaml";
    bots::Session session(load::load_scenario(file), file, 1);
    REQUIRE(session.game().decision() == DecisionKind::WriteOrders);
    return session;
}

// A unit of the side writing orders that is not the one the menu offers next.
int another_unit_to_order(const kernel::Game& game) {
    for (int u = 0; u < static_cast<int>(game.state().units.size()); ++u)
        if (game.written_orders().may_order_now(u) && u != game.written_orders().next_unit()) return u;
    return -1;
}
}  // namespace

TEST_CASE("orders may be written for a side's units in any order, each only once", "[studio][tabletop][orders]") {
    auto session = orders_of_hollins_farm();
    auto& game = session.game();
    const int unit = another_unit_to_order(game);
    REQUIRE(unit >= 0);
    CHECK_FALSE(game.written_orders().menu(unit).empty());
    const kernel::Action hold{kernel::act::WriteOrder{unit, game.written_orders().menu(unit).front()}};
    session.apply(hold);
    CHECK_FALSE(game.written_orders().may_order_now(unit));
    CHECK_FALSE(game.is_legal(hold));  // written: not again
    CHECK(game.written_orders().menu(unit).empty());
}

TEST_CASE("a drag from a unit writes its march: bearing toward the pointer, distance up to its move",
          "[studio][tabletop][orders]") {
    auto session = orders_of_hollins_farm();
    auto& game = session.game();
    const int unit = another_unit_to_order(game);
    REQUIRE(unit >= 0);
    auto drag = studio::tabletop::OrderDrag::start(game, unit);
    REQUIRE(drag);
    const auto from = game.tabletop().position(unit);
    const double move = game.tabletop().allowance(unit);
    REQUIRE(move >= 4);
    drag->pointer_at({from.x + 3, from.y});  // 3 cm east
    TableOrder o = drag->order(game);
    CHECK(o.mode == TableOrder::Advance);
    CHECK(o.bearing == 90);
    CHECK(o.distance == 30);
    CHECK(o.facing == -1);
    drag->pointer_at({from.x, from.y - 10 * move});  // far north: held to the move
    o = drag->order(game);
    CHECK(o.bearing == 0);
    CHECK(o.distance == static_cast<int>(std::lround(move * 10)));
    drag->turn(6);  // six notches of 15 degrees: ends facing east, the march north
    CHECK(drag->order(game).facing == 90);
    drag->pointer_at({from.x + 0.5, from.y});  // back on the spot: holds, turned
    CHECK(drag->order(game).mode == TableOrder::Hold);
    drag->pointer_at({from.x, from.y - 5});
    const kernel::Action a{kernel::act::WriteOrder{unit, drag->order(game)}};
    CHECK(game.is_legal(a));
    session.apply(a);
    CHECK_FALSE(game.written_orders().may_order_now(unit));
}

TEST_CASE("no drag starts from a unit its side may not order now", "[studio][tabletop][orders]") {
    auto session = orders_of_hollins_farm();
    auto& game = session.game();
    const int side = game.state().unit(game.written_orders().next_unit()).side;
    for (int u = 0; u < static_cast<int>(game.state().units.size()); ++u)
        if (game.state().unit(u).side != side) CHECK_FALSE(studio::tabletop::OrderDrag::start(game, u));
}
