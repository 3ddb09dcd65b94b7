// One counter, drawn the same wherever it appears: on the map, in the unit
// type editor's preview, in the order of battle. A side-coloured square with
// the unit-type symbol box (NATO-style marks: a cross for infantry, a
// diagonal for cavalry, a bow for archers, a dot for light troops), the
// values printed under it, and a stripe on the back face; leaders are a disc.
#pragma once

#include "rules/ruleset.h"

#include <wx/colour.h>
#include <wx/graphics.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace sandtable::studio {

struct CounterLook {
    wxColour side;
    std::string symbol;  // the unit type's `symbol`
    std::string values;  // as printed: "4-4"
    bool back = false;
    bool leader = false;
    int arrives = 1;  // a reinforcement's turn (shown as "T3"); 1: set up at the start
};

// The attributes a counter prints, by index (-1: none): strength, a defence
// of its own, movement. Strength-movement — `combat` (else the first
// whole-number attribute) and `movement` (else the next one); where a combat
// phase reads a separate `defence` (F&M), its strength-defence-movement.
// The same for every counter of a ruleset: a map painter works it out once.
struct CounterValues {
    int strength = -1;
    int defence = -1;
    int movement = -1;
    // Dice pools: the middle number is strength points, printed less the
    // unit's hits, and the dice no more than the points left (regimental 1.3).
    bool points_left = false;
};
CounterValues counter_values(const rules::Ruleset& ruleset);

// What a counter of this type shows on this face, for a side of this colour ("#rrggbb").
CounterLook counter_look(const CounterValues& values, const rules::UnitType& type, bool back,
                         const std::string& side_colour, int hits = 0);
CounterLook counter_look(const rules::Ruleset& ruleset, const rules::UnitType& type, bool back,
                         const std::string& side_colour);

// Counters smaller than this (in pixels) are only their coloured square or
// disc: there is no room for marks.
inline constexpr double kCounterMarksMinSize = 11.0;
// Below this the symbol box is left out and the values are printed larger.
inline constexpr double kCounterSymbolMinSize = 26.0;
inline double counter_corner_radius(double size) { return size * 0.09; }

// Fonts made once per size and ink: the map draws hundreds of counters, and
// making a font is dearer than drawing the text.
class CounterInk {
public:
    explicit CounterInk(wxGraphicsContext& gc) : gc_(gc) {}
    const wxGraphicsFont& font(int points, const wxColour& ink);

private:
    wxGraphicsContext& gc_;
    std::map<std::pair<int, std::uint32_t>, wxGraphicsFont> fonts_;
};

// Everything printed over the coloured square: the symbol box, the values,
// the back face's stripe, a reinforcement's turn. Nothing for a leader or a counter under
// kCounterMarksMinSize. The map fills the squares of many counters at once
// and then calls this for each; the preview calls draw_counter.
void draw_counter_marks(wxGraphicsContext& gc, CounterInk& ink, double x, double y, double size,
                        const CounterLook& look);

// The whole counter with its top-left corner at (x, y), `size` pixels square
// (a leader's disc fills the square).
void draw_counter(wxGraphicsContext& gc, double x, double y, double size, const CounterLook& look);

// "#b03a2e" → the colour; grey when the text is not a colour.
wxColour side_colour(const std::string& text);

}  // namespace sandtable::studio
