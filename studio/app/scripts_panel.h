// The scripts page: the ruleset's rule modules (Lua) listed with their
// parameters, one open in an editor with Lua highlighting, line numbers and
// find, and the runtime's errors shown as markers on their lines. Check runs
// the sandbox's compiler and then starts a game with every module loaded.
#pragma once

#include <wx/listbox.h>
#include <wx/panel.h>
#include <wx/stc/stc.h>
#include <wx/textctrl.h>

#include <string>

namespace sandtable::studio {

class ScenarioDocument;

class ScriptsPanel : public wxPanel {
public:
    explicit ScriptsPanel(wxWindow* parent);
    void set_document(ScenarioDocument* doc);
    // Opens the module in `file` and marks `line` with the message.
    void show_line(const std::string& file, int line, const std::string& message);

private:
    void open_module(int index);
    void check();
    void save();
    void mark_error(const std::string& script, int line, const std::string& message);

    ScenarioDocument* doc_ = nullptr;
    wxListBox* modules_ = nullptr;
    wxStyledTextCtrl* editor_ = nullptr;
    wxTextCtrl* messages_ = nullptr;
    std::string file_;  // the module open in the editor
};

}  // namespace sandtable::studio
