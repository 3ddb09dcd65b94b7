// The Rules & Scripts page: the ruleset's rule modules (Lua) in a check list
// (checked: switched on), the selected module's parameters in a property
// grid, and the module open in an editor with Lua highlighting, line numbers
// and find, the runtime's errors shown as markers on their lines. Switching a
// module and editing a parameter are undoable edits of the document, saved
// into ruleset.yaml; Check runs the sandbox's compiler and then starts a game
// with every module switched on (as saved).
#pragma once

#include "core/scenario_document.h"

#include "core/project_issues.h"

#include "app/editor_find.h"
#include "core/edit_commands.h"

#include <wx/checklst.h>
#include <wx/panel.h>
#include <wx/propgrid/propgrid.h>
#include <wx/stc/stc.h>
#include <wx/textctrl.h>

#include <functional>
#include <memory>
#include <string>

namespace sandtable::studio {

class ScenarioDocument;

class ScriptsPanel : public wxPanel {
public:
    // The project's issues after a check: the error marks in the editor follow them.
    void follow_issues(const std::vector<ProjectIssue>& issues);
    explicit ScriptsPanel(wxWindow* parent);
    // The document whose rule modules are shown; edits go through `perform`.
    void set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform);
    void refresh();  // after any change (an edit, undo, redo); the editor's text is left alone
    // Told after a script was saved.
    std::function<void()> on_saved;
    // Told when a script's typing becomes unsaved, or saved again (the title follows).
    std::function<void()> on_modified_changed;
    // Asked to check the whole project into the Issues pane (Check does, after its own).
    std::function<void()> on_check;
    // Told at every change typed into a module (the project is checked again once typing pauses).
    std::function<void()> on_typed;
    // The module open in the editor ("" with none), and its text as shown.
    const std::string& open_file() const { return file_; }
    void type_text(const std::string& text);      // as typing would (tests)
    void focus_editor();                          // the keyboard goes to the editor (tests)
    void append_typing(const std::string& text);  // typed at the end, as keys would (tests)
    wxString text() const;                        // the editor's text
    bool has_error_mark() const;                  // a line of the open module is marked as an error
    wxString message_line() const;                // what the line under the editor says
    bool read_only() const;                       // the open module may not be typed into
    void check();                                 // the Check button
    void select_module_of(const std::string& file);
    // New Module: registers `name` and opens its file (made from a template
    // when new); false, with the reason in the messages, when refused.
    bool add_module(const std::string& name);
    // Opens the module in `file` and marks `line` with the message.
    void show_line(const std::string& file, int line, const std::string& message);

private:
    wxSizer* make_module_column();
    wxSizer* make_editor_column();
    void fill_modules();
    void fit_module_list();
    void show_open_module();
    void fill_params();
    void add_param(const std::string& key, const rules::Param& value);
    void describe_source(const std::string& key, const rules::Param& value, const rules::RuleModule& module);
    void fit_splitter_to_labels();
    void select_module(int index);
    void switch_module(int index);
    std::unique_ptr<EditCommand> command_for(const wxString& key, const wxVariant& value) const;
    int selected() const;
    void open_module(int index);
    void save();
    void mark_error(const std::string& script, int line, const std::string& message);
    void on_editor_changed();
    void close_undo_step();

    ScenarioDocument* doc_ = nullptr;
    std::function<void(std::unique_ptr<EditCommand>)> perform_;
    wxCheckListBox* modules_ = nullptr;
    wxPropertyGrid* params_ = nullptr;
    wxStyledTextCtrl* editor_ = nullptr;
    wxTextCtrl* messages_ = nullptr;
    std::unique_ptr<EditorFind> find_;
    std::string file_;                     // the module open in the editor
    bool showing_error_ = false;           // the messages show a script error the editor marks
    bool showing_switch_message_ = false;  // the messages say what the last tick did
    bool loading_ = false;                 // the editor's text is being set, not typed
    ChangeSubscription changes_;           // refreshes after edits made elsewhere, undo and redo
};

}  // namespace sandtable::studio
