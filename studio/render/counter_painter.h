// One counter, drawn the same wherever it appears: on the map, in the unit
// type editor's preview, in the order of battle. A side-coloured square with
// the unit-type symbol box (NATO-style marks: a cross for infantry, a
// diagonal for cavalry, a bow for archers, a dot for light troops), the
// values printed under it, and a stripe on the back face; leaders are a disc.
#pragma once

#include "rules/ruleset.h"

#include <wx/colour.h>
#include <wx/graphics.h>

#include <string>

namespace sandtable::studio {

struct CounterLook {
    wxColour side;
    std::string symbol;  // the unit type's `symbol`
    std::string values;  // as printed: "4-4"
    bool back = false;
    bool leader = false;
};

// What a counter of this type shows on this face, for a side of this colour
// ("#rrggbb"). Values: combat-movement when the ruleset declares both, else
// its first two whole-number attributes.
CounterLook counter_look(const rules::Ruleset& ruleset, const rules::UnitType& type, bool back, const std::string& side_colour);

// Draws the counter with its top-left corner at (x, y), `size` pixels square
// (a leader's disc fills the square). Below about 10 px only the coloured
// square is drawn: there is no room for marks.
void draw_counter(wxGraphicsContext& gc, double x, double y, double size, const CounterLook& look);

// "#b03a2e" → the colour; grey when the text is not a colour.
wxColour side_colour(const std::string& text);

}  // namespace sandtable::studio
