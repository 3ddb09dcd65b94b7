#include "render/counter_painter.h"
#include "rules/phase_options.h"

#include <wx/brush.h>
#include <wx/font.h>
#include <wx/pen.h>

#include <algorithm>
#include <map>

namespace sandtable::studio {

wxColour side_colour(const std::string& text) {
    wxColour c;
    return c.Set(wxString::FromUTF8(text)) ? c : wxColour(128, 128, 128);
}

namespace {
// The marks inside a symbol box, by the unit type's symbol.
struct Marks {
    bool cross = false;     // infantry
    bool diagonal = false;  // cavalry
    bool bow = false;       // archers, horse archers
    bool dot = false;       // light troops
};

std::optional<Marks> marks_for(const std::string& symbol) {
    static const std::map<std::string, Marks> known{
        {"infantry", {true, false, false, false}},      {"light_infantry", {true, false, false, true}},
        {"archers", {false, false, true, false}},       {"cavalry", {false, true, false, false}},
        {"heavy_cavalry", {false, true, false, false}}, {"light_cavalry", {false, true, false, true}},
        {"horse_archers", {false, true, true, false}},  {"mounted_infantry", {true, true, false, false}},
    };
    auto it = known.find(symbol);
    if (it == known.end()) return std::nullopt;
    return it->second;
}

int value_of(const rules::UnitFace& face, int attribute) {
    return attribute >= 0 && attribute < static_cast<int>(face.values.size())
               ? face.values[static_cast<std::size_t>(attribute)]
               : 0;
}

// The box's marks, or the symbol's first letters when it has no marks.
void draw_symbol_box(wxGraphicsContext& gc, CounterInk& fonts, double x, double y, double w, double h,
                     const std::string& symbol, const wxColour& ink) {
    gc.SetPen(wxPen(ink, std::max(1, static_cast<int>(w / 14))));
    gc.SetBrush(*wxTRANSPARENT_BRUSH);
    gc.DrawRectangle(x, y, w, h);
    const auto marks = marks_for(symbol);
    if (!marks) {
        gc.SetFont(fonts.font(std::max(5, static_cast<int>(h * 0.55)), ink));
        const wxString text = wxString::FromUTF8(symbol.substr(0, 3)).Upper();
        double tw = 0, th = 0;
        gc.GetTextExtent(text, &tw, &th);
        gc.DrawText(text, x + (w - tw) / 2, y + (h - th) / 2);
        return;
    }
    if (marks->cross) {
        gc.StrokeLine(x, y, x + w, y + h);
        gc.StrokeLine(x, y + h, x + w, y);
    }
    if (marks->diagonal && !marks->cross) gc.StrokeLine(x, y + h, x + w, y);
    if (marks->diagonal && marks->cross) gc.StrokeLine(x + w / 2, y, x + w / 2, y + h);
    if (marks->bow) {
        wxGraphicsPath arc = gc.CreatePath();
        arc.AddArc(x + w / 2, y + h, h * 0.55, M_PI, 2 * M_PI, true);
        gc.StrokePath(arc);
    }
    if (marks->dot) {
        gc.SetBrush(wxBrush(ink));
        const double r = std::max(1.5, h * 0.12);
        gc.DrawEllipse(x + w / 2 - r, y - r * 2.6, r * 2, r * 2);
    }
}
// A reinforcement is set up where it enters: a yellow tag with its turn
// ("T3") on the counter's top right corner tells it from the units on the map.
void draw_arrival_tag(wxGraphicsContext& gc, CounterInk& ink, double x, double y, double size, int turn) {
    const wxString text = wxString::Format("T%d", turn);
    gc.SetFont(ink.font(std::max(6, static_cast<int>(size * 0.22)), *wxBLACK));
    double w = 0, h = 0;
    gc.GetTextExtent(text, &w, &h);
    gc.SetPen(wxPen(wxColour(30, 30, 30), 1));
    gc.SetBrush(wxBrush(wxColour(250, 210, 60)));
    gc.DrawRectangle(x + size - w - 3, y - h / 2, w + 4, h);
    gc.DrawText(text, x + size - w - 1, y - h / 2);
}
}  // namespace

CounterValues counter_values(const rules::Ruleset& rs) {
    CounterValues v;
    // Strength then movement, as counters print them: `combat` and
    // `movement` when the ruleset has them, else its first whole-number
    // attribute that is not movement (PRESTAGS: melee).
    v.movement = rs.attribute_index("movement");
    v.strength = rs.attribute_index("combat");
    const int movement = v.movement;
    for (int a = 0; a < static_cast<int>(rs.attributes.size()) && v.strength < 0; ++a)
        if (rs.attributes[static_cast<std::size_t>(a)].kind == rules::AttributeKind::Int && a != movement)
            v.strength = a;
    for (int a = 0; a < static_cast<int>(rs.attributes.size()) && v.movement < 0; ++a)
        if (rs.attributes[static_cast<std::size_t>(a)].kind == rules::AttributeKind::Int && a != v.strength)
            v.movement = a;
    // Combats that read a defence of their own (F&M's attack-defense-movement)
    // print three numbers; so do dice pools: dice, strength points, movement
    // (the regimental rules' BS-SP-MP).
    for (const auto& p : rs.phases) {
        if (p.procedure != "odds_combat") continue;
        const rules::PhaseOptions options = rules::read_phase_options(p, rs);
        const auto& combat = std::get<rules::CombatOptions>(options);
        const auto* pool = rs.dice_pool_table(p.table);
        if (pool && rs.attribute_index("combat") < 0) {
            v.strength = combat.strength.index;
            v.defence = rs.attribute_index(pool->strength_points);
            v.points_left = true;
            break;
        }
        if (combat.defence.name.empty()) continue;
        v.defence = combat.defence.index;
        if (combat.strength.index >= 0) v.strength = combat.strength.index;
        break;
    }
    if (v.defence == v.strength) v.defence = -1;
    return v;
}

CounterLook counter_look(const CounterValues& values, const rules::UnitType& type, bool back, const std::string& colour,
                         int hits) {
    CounterLook look;
    look.side = side_colour(colour);
    look.symbol = type.symbol;
    look.back = back && type.back.has_value();
    look.leader = type.symbol == "leader";
    const auto& face = type.face(look.back);
    const int points =
        values.points_left && values.defence >= 0 ? std::max(0, value_of(face, values.defence) - hits) : -1;
    if (values.strength >= 0)
        look.values = std::to_string(points >= 0 ? std::min(points, value_of(face, values.strength))
                                                 : value_of(face, values.strength));
    if (values.defence >= 0) look.values += "-" + std::to_string(points >= 0 ? points : value_of(face, values.defence));
    if (values.movement >= 0) look.values += "-" + std::to_string(value_of(face, values.movement));
    return look;
}

CounterLook counter_look(const rules::Ruleset& rs, const rules::UnitType& type, bool back, const std::string& colour) {
    return counter_look(counter_values(rs), type, back, colour);
}

const wxGraphicsFont& CounterInk::font(int points, const wxColour& ink) {
    auto [it, added] = fonts_.try_emplace({points, ink.GetRGB()});
    if (added) it->second = gc_.CreateFont(wxFont(wxFontInfo(points).Bold()), ink);
    return it->second;
}

namespace {
// The values in the font of `points`, or smaller until they fit the width
// ("6-4-10" on a small counter); returns the text's extent.
std::pair<double, double> fit_values(wxGraphicsContext& gc, CounterInk& ink, const wxString& values, int points,
                                     int smallest, double width, const wxColour& colour) {
    double w = 0, h = 0;
    for (;; --points) {
        gc.SetFont(ink.font(points, colour));
        gc.GetTextExtent(values, &w, &h);
        if (w <= width || points <= smallest) return {w, h};
    }
}
}  // namespace

void draw_counter_marks(wxGraphicsContext& gc, CounterInk& ink, double x, double y, double size,
                        const CounterLook& look) {
    if (look.leader || size < kCounterMarksMinSize) return;
    const wxColour colour = look.side.Red() + look.side.Green() + look.side.Blue() > 380 ? *wxBLACK : *wxWHITE;
    const wxString values = wxString::FromUTF8(look.values);
    if (size < kCounterSymbolMinSize) {  // small: the values alone, big enough to read
        const auto [w, h] =
            fit_values(gc, ink, values, std::max(6, static_cast<int>(size * 0.4)), 5, size * 0.94, colour);
        gc.DrawText(values, x + (size - w) / 2, y + (size - h) / 2);
    } else {
        draw_symbol_box(gc, ink, x + size * 0.22, y + size * 0.14, size * 0.56, size * 0.36, look.symbol, colour);
        const auto [w, h] =
            fit_values(gc, ink, values, std::max(5, static_cast<int>(size * 0.26)), 5, size * 0.94, colour);
        gc.DrawText(values, x + (size - w) / 2, y + size - h - size * 0.05);
    }
    if (look.arrives > 1) draw_arrival_tag(gc, ink, x, y, size, look.arrives);
    if (look.back) {  // the back face: a stripe, as printed counters show disorder
        gc.SetPen(wxPen(colour, std::max(1, static_cast<int>(size / 25))));
        gc.StrokeLine(x + size * 0.08, y + size * 0.56, x + size * 0.92, y + size * 0.56);
    }
}

void draw_counter(wxGraphicsContext& gc, double x, double y, double size, const CounterLook& look) {
    gc.SetPen(wxPen(wxColour(30, 30, 30), 1));
    gc.SetBrush(wxBrush(look.side));
    if (look.leader)
        gc.DrawEllipse(x, y, size, size);
    else
        gc.DrawRoundedRectangle(x, y, size, size, counter_corner_radius(size));
    CounterInk ink(gc);
    draw_counter_marks(gc, ink, x, y, size, look);
}

}  // namespace sandtable::studio
