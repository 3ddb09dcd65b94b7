// Games (a playtest, a balance run) are played from the files, so their
// replays and results re-execute: edits on screen and not saved yet are
// saved first, or the designer knowingly plays the files as last saved.
#pragma once

#include "core/scenario_document.h"

#include <wx/string.h>

#include <functional>

namespace sandtable::studio {

using AskDesigner = std::function<int(const wxString& message, const wxString& caption, long style)>;

// False when the designer cancels (or the save fails): nothing is played.
bool save_before_play(const ScenarioDocument& doc, const AskDesigner& ask, const std::function<bool()>& save,
                      const wxString& caption);

}  // namespace sandtable::studio
