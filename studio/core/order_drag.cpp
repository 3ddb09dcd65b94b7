#include "core/order_drag.h"

#include <algorithm>
#include <cmath>

namespace sandtable::studio::tabletop {

namespace gt = geometry::tabletop;
using kernel::TableOrder;

namespace {
constexpr double kHoldWithinCm = 1.0;  // a drag that ends this close to where it began holds
constexpr int kDegreesPerNotch = 15;

int whole_degrees(double bearing) { return static_cast<int>(std::lround(gt::normalize_bearing(bearing))) % 360; }
}  // namespace

std::optional<OrderDrag> OrderDrag::start(const kernel::Game& game, int unit) {
    if (!game.written_orders().may_order_now(unit)) return std::nullopt;
    return OrderDrag(unit, game.tabletop().position(unit));
}

void OrderDrag::turn(int notches) { turned_ = ((turned_ + notches * kDegreesPerNotch) % 360 + 360) % 360; }

TableOrder OrderDrag::order(const kernel::Game& game) const {
    const double cm = gt::distance(from_, pointer_);
    const int facing_now = game.state().unit(unit_).facing;
    if (cm < kHoldWithinCm) return {TableOrder::Hold, 0, 0, 0, whole_degrees(facing_now + turned_), -1};
    const int bearing = whole_degrees(gt::bearing_of(pointer_ - from_));
    // As far as the pointer, up to the unit's move as printed (a charge's extra third is the menu's).
    const int move_mm = static_cast<int>(std::lround(game.tabletop().allowance(unit_) * 10));
    const int mm = std::min(move_mm, static_cast<int>(std::lround(cm * 10)));
    return {TableOrder::Advance, bearing, mm, 0, turned_ == 0 ? -1 : whole_degrees(bearing + turned_), -1};
}

gt::Point OrderDrag::to(const kernel::Game& game) const {
    const TableOrder o = order(game);
    if (o.mode == TableOrder::Hold) return from_;
    return from_ + gt::heading(o.bearing) * (o.distance / 10.0);
}

std::string OrderDrag::label(const kernel::Game& game) const {
    const TableOrder o = order(game);
    std::string text = game.written_orders().describe(unit_, o);
    if (o.mode == TableOrder::Advance) {
        const double move = game.tabletop().allowance(unit_);
        text += " (of " + std::to_string(static_cast<int>(std::lround(move))) + " cm)";
    }
    return text;
}

}  // namespace sandtable::studio::tabletop
