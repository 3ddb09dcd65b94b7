// Orders written on the tabletop by hand (issue 19): a drag from a unit
// still to be ordered sets its march — the bearing toward the pointer and the
// distance, held to the unit's move as printed — the wheel turns the facing
// it ends in, and a drag that stays on the unit holds it. Window-free.
#pragma once

#include "geometry/tabletop/point.h"
#include "kernel/game.h"

#include <optional>
#include <string>

namespace sandtable::studio::tabletop {

class OrderDrag {
public:
    // Nothing when the unit is not one its side may order now.
    static std::optional<OrderDrag> start(const kernel::Game& game, int unit);
    void pointer_at(geometry::tabletop::Point cm) { pointer_ = cm; }
    // Wheel notches turn the final facing by 15 degrees each (from the march's bearing).
    void turn(int notches);
    // The order the drag writes where the pointer is now; always one the kernel takes.
    kernel::TableOrder order(const kernel::Game& game) const;
    // What the arrow says as it goes: "NE 12 cm of 16, facing E".
    std::string label(const kernel::Game& game) const;
    int unit() const { return unit_; }
    geometry::tabletop::Point from() const { return from_; }
    geometry::tabletop::Point to(const kernel::Game& game) const;  // the end of the march, cm

private:
    OrderDrag(int unit, geometry::tabletop::Point from) : unit_(unit), from_(from), pointer_(from) {}
    int unit_;
    geometry::tabletop::Point from_, pointer_;
    int turned_ = 0;  // degrees the facing is turned from the march's bearing
};

}  // namespace sandtable::studio::tabletop
