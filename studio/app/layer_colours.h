// How the studio marks where a ruleset value comes from when the scenario is
// played with house rules: the ruleset's own values as they are, a house
// rule's shaded amber, an edit not saved yet (it will go into the house rule)
// shaded blue. The same shades on every page.
#pragma once

#include "core/ruleset_layers.h"

#include <wx/colour.h>
#include <wx/string.h>

namespace sandtable::studio {

inline wxColour origin_colour(std::size_t origin) {
    if (origin == RulesetLayers::kEdited) return wxColour(208, 226, 255);
    if (origin > 0) return wxColour(255, 232, 184);
    return wxNullColour;
}

inline wxString layers_legend(const ScenarioDocument& doc) {
    if (!doc.layers()) return wxString::FromUTF8("Edits go into the ruleset's own files.");
    return wxString::FromUTF8("Shaded amber: set by a house rule; blue: edited, not saved. Edits go into house rule '" +
                              doc.layers()->target().id + "'.");
}

}  // namespace sandtable::studio
