#include "app/save_before_play.h"

#include <wx/msgdlg.h>

namespace sandtable::studio {

bool save_before_play(const ScenarioDocument& doc, const AskDesigner& ask, const std::function<bool()>& save,
                      const wxString& caption) {
    if (!doc.modified()) return true;
    std::string files;
    for (const auto& f : doc.pending_files()) files += "\n    " + f;
    const int answer =
        ask(wxString::FromUTF8("The scenario has edits not saved yet. Save them and play what is on screen?\n\n"
                               "Yes: save these files, then play:" +
                               files + "\nNo: play the files as last saved, without the edits."),
            caption, wxYES_NO | wxCANCEL | wxICON_QUESTION);
    if (answer == wxCANCEL) return false;
    if (answer == wxYES) return save && save();
    return true;
}

}  // namespace sandtable::studio
