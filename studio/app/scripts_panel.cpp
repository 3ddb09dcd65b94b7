#include "app/scripts_panel.h"

#include "app/list_fit.h"

#include "app/checked_property_edits.h"

#include "bots/session.h"
#include "core/new_rule_module.h"
#include "core/rule_module_commands.h"
#include "core/scenario_document.h"
#include "core/unit_type_commands.h"
#include "load/ruleset_writer.h"
#include "load/scenario_writer.h"
#include "script/lua_sandbox.h"

#include <wx/accel.h>
#include <wx/button.h>
#include <wx/propgrid/props.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textdlg.h>

#include <algorithm>
#include <filesystem>

namespace sandtable::studio {

namespace {
constexpr int kErrorMarker = 1;

// A module's file as a designer finds it: the whole path, not one relative to where the studio started.
std::string shown_path(const std::string& file) { return std::filesystem::absolute(file).lexically_normal().string(); }

const char* kLuaKeywords =
    "and break do else elseif end false for function goto if in local nil not or repeat return then true until while";

// Lua highlighting with the Lua lexer; the colours of a quiet editor.
void style_for_lua(wxStyledTextCtrl& e) {
    e.SetLexer(wxSTC_LEX_LUA);
    e.SetKeyWords(0, kLuaKeywords);
    e.SetKeyWords(1, "game params");
    e.StyleSetFont(wxSTC_STYLE_DEFAULT, wxFont(wxFontInfo(10).Family(wxFONTFAMILY_TELETYPE)));
    e.StyleClearAll();
    e.StyleSetForeground(wxSTC_LUA_COMMENT, wxColour(0, 128, 0));
    e.StyleSetForeground(wxSTC_LUA_COMMENTLINE, wxColour(0, 128, 0));
    e.StyleSetForeground(wxSTC_LUA_STRING, wxColour(163, 21, 21));
    e.StyleSetForeground(wxSTC_LUA_NUMBER, wxColour(9, 134, 88));
    e.StyleSetForeground(wxSTC_LUA_WORD, wxColour(0, 0, 200));
    e.StyleSetBold(wxSTC_LUA_WORD, true);
    e.StyleSetForeground(wxSTC_LUA_WORD2, wxColour(128, 0, 128));
    e.SetMarginType(0, wxSTC_MARGIN_NUMBER);
    e.SetMarginWidth(0, 44);
    e.SetMarginWidth(1, 16);
    e.MarkerDefine(kErrorMarker, wxSTC_MARK_CIRCLE, *wxWHITE, wxColour(210, 40, 40));
    e.SetTabWidth(2);
    e.SetUseTabs(false);
}
}  // namespace

ScriptsPanel::ScriptsPanel(wxWindow* parent) : wxPanel(parent, wxID_ANY) {
    auto* sizer = new wxBoxSizer(wxHORIZONTAL);
    sizer->Add(make_module_column(), 0, wxEXPAND | wxALL, 4);
    sizer->Add(make_editor_column(), 1, wxEXPAND);
    SetSizer(sizer);
    Bind(wxEVT_SIZE, [this](wxSizeEvent& e) {
        e.Skip();
        CallAfter([this] { fit_module_list(); });  // the page's width caps the list's: known once it is shown
    });
}

// The modules, checked when switched on, and the selected one's parameters.
wxSizer* ScriptsPanel::make_module_column() {
    modules_ = new wxCheckListBox(this, wxID_ANY, wxDefaultPosition, wxSize(280, -1));
    tip_entries_under_mouse(modules_);
    params_ = new wxPropertyGrid(this, wxID_ANY, wxDefaultPosition, wxSize(280, -1),
                                 wxPG_SPLITTER_AUTO_CENTER | wxPG_BOLD_MODIFIED);
    params_->SetExtraStyle(wxPG_EX_HELP_AS_TOOLTIPS);  // hovering a value tells where it is written
    auto* column = new wxBoxSizer(wxVERTICAL);
    column->Add(new wxStaticText(this, wxID_ANY, "Rule modules (ticked: switched on)"), 0, wxBOTTOM, 2);
    column->Add(modules_, 2, wxEXPAND | wxBOTTOM, 4);
    auto* new_module = new wxButton(this, wxID_ANY, wxString::FromUTF8("New Module…"));
    new_module->SetToolTip("A new rule module: its Lua file (from a template) and its entry under rules:, in one step");
    new_module->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) {
        const wxString name =
            wxGetTextFromUser("Name of the new module (lowercase letters, digits and _; it names the file NAME.lua)",
                              "New Module", "", this);
        if (!name.empty()) add_module(name.ToStdString(wxConvUTF8));
    });
    column->Add(new_module, 0, wxBOTTOM, 8);
    column->Add(new wxStaticText(this, wxID_ANY, "Parameters"), 0, wxBOTTOM, 2);
    column->Add(params_, 3, wxEXPAND);
    modules_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent& e) { select_module(e.GetSelection()); });
    modules_->Bind(wxEVT_CHECKLISTBOX, [this](wxCommandEvent& e) { switch_module(e.GetInt()); });
    bind_checked_edits(
        params_,
        [this](const wxString& property, const wxVariant& value) {
            return doc_ && selected() != wxNOT_FOUND ? command_for(property, value) : nullptr;
        },
        [this](std::unique_ptr<EditCommand> edit) {
            if (!perform_) return;
            perform_(std::move(edit));
            refresh();
        });
    return column;
}

wxSizer* ScriptsPanel::make_editor_column() {
    editor_ = new wxStyledTextCtrl(this, wxID_ANY);
    style_for_lua(*editor_);
    messages_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(-1, 70), wxTE_MULTILINE | wxTE_READONLY);
    auto* check_button = new wxButton(this, wxID_ANY, "Check");
    auto* save_button = new wxButton(this, wxID_ANY, "Save Script");
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    auto* find_button = new wxButton(this, wxID_ANY, wxString::FromUTF8("Find…"));
    auto* replace_button = new wxButton(this, wxID_ANY, wxString::FromUTF8("Replace…"));
    find_button->SetToolTip("Find in the script (Ctrl+F)");
    replace_button->SetToolTip("Replace in the script (Ctrl+H)");
    buttons->Add(check_button, 0, wxRIGHT, 6);
    buttons->Add(save_button, 0, wxRIGHT, 18);
    buttons->Add(find_button, 0, wxRIGHT, 6);
    buttons->Add(replace_button, 0);
    find_ = std::make_unique<EditorFind>(this, editor_);
    find_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { find_->show(false); });
    replace_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { find_->show(true); });
    const int find_key = wxWindow::NewControlId(), replace_key = wxWindow::NewControlId();
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { find_->show(false); }, find_key);
    Bind(
        wxEVT_MENU, [this](wxCommandEvent&) { find_->show(true); }, replace_key);
    wxAcceleratorEntry keys[] = {{wxACCEL_CTRL, 'F', find_key}, {wxACCEL_CTRL, 'H', replace_key}};
    SetAcceleratorTable(wxAcceleratorTable(2, keys));
    auto* column = new wxBoxSizer(wxVERTICAL);
    column->Add(buttons, 0, wxALL, 4);
    column->Add(editor_, 1, wxEXPAND | wxALL, 4);
    column->Add(messages_, 0, wxEXPAND | wxALL, 4);
    check_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { check(); });
    editor_->Bind(wxEVT_STC_CHANGE, [this](wxStyledTextEvent&) { on_editor_changed(); });
    save_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { save(); });
    return column;
}

void ScriptsPanel::set_document(ScenarioDocument* doc, std::function<void(std::unique_ptr<EditCommand>)> perform) {
    doc_ = doc;
    changes_ = watch_document(doc, this, {DocumentPart::Scripts, DocumentPart::HouseRules}, [this] { refresh(); });
    perform_ = std::move(perform);
    modules_->Clear();
    loading_ = true;
    editor_->ClearAll();
    loading_ = false;
    file_.clear();
    fill_modules();
    if (doc_ && !doc_->ruleset().modules.empty())
        select_module(0);
    else
        fill_params();
}

int ScriptsPanel::selected() const { return doc_ ? modules_->GetSelection() : wxNOT_FOUND; }

// Scintilla merges typing that follows on into one undo step; a save (or any
// change of the document around the editor) ends it, so one Undo never takes
// back text that was saved.
void ScriptsPanel::close_undo_step() {
    editor_->BeginUndoAction();
    editor_->EndUndoAction();
}

void ScriptsPanel::append_typing(const std::string& text) {
    editor_->DocumentEnd();
    editor_->AddText(wxString::FromUTF8(text));
}

wxString ScriptsPanel::text() const { return editor_->GetText(); }

void ScriptsPanel::refresh() {
    close_undo_step();  // after a save with Ctrl+S, or an edit elsewhere
    fill_modules();
    fill_params();
    // A house rule started while a ruleset module is open: from now on it is read only, and says so.
    if (doc_ && !file_.empty() && editor_->GetReadOnly() == doc_->script_editable(file_)) {
        editor_->SetReadOnly(!doc_->script_editable(file_));
        show_open_module();
    }
    // "Charges is switched off" is stale once anything changed after it (an undo).
    if (showing_switch_message_) show_open_module();
    showing_switch_message_ = false;
}

// Names and ticks follow the document; the list is rebuilt only when its
// length changed, so the selection (and the module in the editor) stays.
void ScriptsPanel::fill_modules() {
    if (!doc_) {
        modules_->Clear();
        return;
    }
    const auto& modules = doc_->ruleset().modules;
    if (modules_->GetCount() != modules.size()) {
        modules_->Clear();
        for (const auto& m : modules) modules_->Append(wxString::FromUTF8(module_label(m)));
    }
    for (std::size_t i = 0; i < modules.size(); ++i) {
        const unsigned int item = static_cast<unsigned int>(i);
        std::string label = module_label(modules[i]);
        // With house rules, a module a house rule added or changed says so.
        if (const auto* layers = doc_->layers()) {
            const auto origin = layers->origin_of_module(doc_->ruleset(), modules[i].module);
            if (origin == RulesetLayers::kEdited)
                label += "  (edited, not saved)";
            else if (origin > 0)
                label += "  (house rule " + layers->layers()[origin].id + ")";
        }
        if (doc_->scripts().modified(modules[i].file)) label = "● " + label + "  (script not saved)";
        modules_->SetString(item, wxString::FromUTF8(label));
        modules_->Check(item, modules[i].enabled);
    }
    fit_module_list();
}

// As wide as its longest label, within two fifths of the page: "(house rule …)" and "(script not saved)" show whole.
// Room for the unsaved marker is kept from the start, and the list never narrows: typing into a module must not
// move the buttons beside it.
void ScriptsPanel::fit_module_list() {
    const int marker = modules_->GetTextExtent(wxString::FromUTF8("● …  (script not saved)")).x;
    const int width = std::clamp(width_of_entries(*modules_) + marker, 280, std::max(280, GetClientSize().x * 2 / 5));
    if (modules_->GetMinSize().x >= width) return;
    modules_->SetMinSize(wxSize(width, -1));
    Layout();
}

void ScriptsPanel::select_module(int index) {
    if (!doc_ || index < 0 || index >= static_cast<int>(modules_->GetCount())) return;
    modules_->SetSelection(index);
    open_module(index);
    fill_params();
}

void ScriptsPanel::switch_module(int index) {
    if (!doc_ || !perform_ || index < 0) return;
    const bool on = modules_->IsChecked(static_cast<unsigned int>(index));
    perform_(std::make_unique<SetModuleEnabled>(*doc_, index, on));
    if (index != selected())
        select_module(index);  // opens it, which names its file in the messages
    else
        fill_params();
    const auto& m = doc_->ruleset().modules[static_cast<std::size_t>(index)];
    messages_->SetValue(wxString::FromUTF8(
        module_label(m) +
        (on ? " is switched on." : " is switched off: it stays listed with its parameters but does not run.") +
        " Save to write it into ruleset.yaml."));
    showing_switch_message_ = true;
}

// One property per parameter, named by its key, in the order ruleset.yaml
// lists them; a module switched off says so in its heading.
void ScriptsPanel::fill_params() {
    params_->Clear();
    const int index = selected();
    if (index == wxNOT_FOUND) return;
    const auto& m = doc_->ruleset().modules[static_cast<std::size_t>(index)];
    params_->Append(new wxPropertyCategory(wxString::FromUTF8(module_label(m) + (m.enabled ? "" : " (switched off)"))));
    if (const auto* map = m.params.map(); map && !map->empty()) {
        for (const auto& key : load::param_keys_in_written_order(*map)) {
            add_param(key, map->at(key));
            describe_source(key, map->at(key), m);
        }
    } else {
        auto* none = params_->Append(new wxStringProperty(
            "Parameters", "(none)",
            m.params.is_null() || m.params.map() ? "none" : wxString::FromUTF8(param_display_text(m.params))));
        none->ChangeFlag(wxPG_PROP_READONLY, true);
        none->SetHelpString("Parameters are added in ruleset.yaml: params: { name: value }");
    }
    fit_splitter_to_labels();
}

// SetSplitterLeft() measures too little beside a checkbox editor and cuts
// labels such as "Mandatory Advance": measured here instead.
void ScriptsPanel::fit_splitter_to_labels() {
    int widest = 0;
    for (auto it = params_->GetIterator(wxPG_ITERATE_NORMAL); !it.AtEnd(); ++it)
        widest = std::max(widest, params_->GetTextExtent(it.GetProperty()->GetLabel()).GetWidth());
    constexpr int kIndentAndPadding = 36;  // the margin column and room either side of the text
    params_->SetSplitterPosition(std::min(widest + kIndentAndPadding, params_->GetClientSize().GetWidth() * 2 / 3));
}

// A parameter's tooltip: what it is, and the layer and file:line it is written at.
void ScriptsPanel::describe_source(const std::string& key, const rules::Param& value, const rules::RuleModule& module) {
    wxPGProperty* p = params_->GetPropertyByName(wxString::FromUTF8(key));
    if (!p) return;
    std::string layer = "the ruleset";
    if (const auto* layers = doc_->layers()) {
        const auto origin = layers->origin_of_module(doc_->ruleset(), module.module);
        if (origin == RulesetLayers::kEdited)
            layer = "an edit not saved yet";
        else if (origin > 0)
            layer = "house rule " + layers->layers()[origin].id;
    }
    const auto& where = value.where.file.empty() ? module.where : value.where;
    const std::string help = p->GetHelpString().ToStdString(wxConvUTF8);
    p->SetHelpString(
        wxString::FromUTF8((help.empty() ? "" : help + "\n") + "Written by " + layer + " at " + where.to_string()));
}

void ScriptsPanel::add_param(const std::string& key, const rules::Param& value) {
    const wxString label = wxString::FromUTF8(attribute_label(key));
    const wxString name = wxString::FromUTF8(key);
    wxPGProperty* p = nullptr;
    if (const auto* whole = std::get_if<long long>(&value.value)) {
        p = params_->Append(new wxIntProperty(label, name, wxLongLong(*whole)));
        p->SetHelpString("a whole number");
    } else if (const auto* flag = std::get_if<bool>(&value.value)) {
        p = params_->Append(new wxBoolProperty(label, name, *flag));
        p->SetAttribute(wxPG_BOOL_USE_CHECKBOX, true);
    } else if (const auto* number = std::get_if<double>(&value.value)) {
        p = params_->Append(new wxFloatProperty(label, name, *number));
        p->SetHelpString("a number such as 2 or 0.5");
    } else if (const auto* text = std::get_if<std::string>(&value.value)) {
        p = params_->Append(new wxStringProperty(label, name, wxString::FromUTF8(*text)));
    } else {
        // Lists, maps and empty values have a shape, not a value to type: shown as written.
        p = params_->Append(new wxStringProperty(label, name, wxString::FromUTF8(param_display_text(value))));
        p->ChangeFlag(wxPG_PROP_READONLY, true);
        p->SetHelpString("edited in ruleset.yaml");
    }
}

// The edit a parameter's new value makes; throws with a designer's message
// when the value is not allowed.
std::unique_ptr<EditCommand> ScriptsPanel::command_for(const wxString& key, const wxVariant& value) const {
    const int index = selected();
    const std::string name = key.ToStdString(wxConvUTF8);
    const std::string type = value.GetType().ToStdString();
    if (type == "bool") return std::make_unique<SetModuleParam>(*doc_, index, name, rules::Param{value.GetBool(), {}});
    if (type == "long")
        return std::make_unique<SetModuleParam>(*doc_, index, name,
                                                rules::Param{static_cast<long long>(value.GetLong()), {}});
    if (type == "longlong")
        return std::make_unique<SetModuleParam>(
            *doc_, index, name, rules::Param{static_cast<long long>(value.GetLongLong().GetValue()), {}});
    if (type == "double")
        return std::make_unique<SetModuleParam>(*doc_, index, name, rules::Param{value.GetDouble(), {}});
    return std::make_unique<SetModuleParam>(*doc_, index, name, value.GetString().ToStdString(wxConvUTF8));
}

// The module's text as the document keeps it: what was typed into it before
// (unsaved, kept while another module was open), or the file.
void ScriptsPanel::open_module(int index) {
    if (!doc_ || index < 0) return;
    const auto& m = doc_->ruleset().modules[static_cast<std::size_t>(index)];
    std::string text;
    try {
        text = doc_->scripts().text(m.file);
    } catch (const std::exception& e) {
        file_.clear();
        loading_ = true;
        editor_->ClearAll();
        loading_ = false;
        messages_->SetValue(wxString::FromUTF8(e.what()));
        return;
    }
    file_ = m.file;
    loading_ = true;
    editor_->SetReadOnly(false);
    editor_->SetText(wxString::FromUTF8(text));
    loading_ = false;
    editor_->EmptyUndoBuffer();
    editor_->MarkerDeleteAll(kErrorMarker);
    editor_->SetReadOnly(!doc_->script_editable(m.file));
    show_open_module();
}

// The open module's file, and whether it has unsaved typing or is read only.
void ScriptsPanel::show_open_module() {
    if (!doc_ || file_.empty()) return;
    std::string note = doc_->scripts().modified(file_) ? "  (unsaved typing)" : "";
    if (!doc_->script_editable(file_))
        note = "  (read only: edits go into house rule '" + doc_->layers()->target().id +
               "', and the ruleset's own modules stay as they are; to change what this module does, add a module to "
               "the house rule with New Module… and wrap its handlers with game.wrap, docs/lua-api.md)";
    messages_->SetValue(wxString::FromUTF8(shown_path(file_) + note));
}

void ScriptsPanel::on_editor_changed() {
    if (loading_ || !doc_ || file_.empty()) return;
    const bool was = doc_->scripts().modified(file_);
    doc_->scripts().set_text(file_, editor_->GetText().ToStdString(wxConvUTF8));
    if (on_typed) on_typed();
    if (was == doc_->scripts().modified(file_)) return;
    if (!showing_error_) show_open_module();  // "(unsaved typing)" comes and goes with the typing
    fill_modules();
    if (on_modified_changed) on_modified_changed();
}

bool ScriptsPanel::read_only() const { return editor_->GetReadOnly(); }

wxString ScriptsPanel::message_line() const { return messages_->GetValue(); }

bool ScriptsPanel::has_error_mark() const { return editor_->MarkerNext(0, 1 << kErrorMarker) >= 0; }

void ScriptsPanel::focus_editor() { editor_->SetFocus(); }

void ScriptsPanel::type_text(const std::string& text) {
    editor_->SetText(wxString::FromUTF8(text));  // raises the change event as typing does
}

bool ScriptsPanel::add_module(const std::string& name) {
    if (!doc_ || !perform_) return false;
    std::unique_ptr<AddRuleModule> add;
    try {
        add = std::make_unique<AddRuleModule>(*doc_, name);
    } catch (const std::exception& e) {
        messages_->SetValue(wxString::FromUTF8(std::string("No new module: ") + e.what()));
        return false;
    }
    const std::string file = add->file();
    const bool created = add->new_file();
    perform_(std::move(add));
    fill_modules();
    select_module_of(file);
    messages_->SetValue(wxString::FromUTF8(
        created ? "New module " + name + ": " + shown_path(file) +
                      " is written, and the module listed under rules:, when you save."
                : "Module " + name + " (" + shown_path(file) + ") is listed under rules: when you save."));
    showing_switch_message_ = true;  // says what a save will do: stale once saved
    if (on_modified_changed) on_modified_changed();
    return true;
}

void ScriptsPanel::select_module_of(const std::string& file) {
    if (!doc_) return;
    const auto& modules = doc_->ruleset().modules;
    for (std::size_t i = 0; i < modules.size(); ++i)
        if (modules[i].file == file) return select_module(static_cast<int>(i));
}

void ScriptsPanel::show_line(const std::string& file, int line, const std::string& message) {
    if (!doc_) return;
    if (file_ != file) select_module_of(file);
    editor_->MarkerDeleteAll(kErrorMarker);
    mark_error(file, line, message);
    editor_->SetFocus();
}

// The project was checked: the editor's marks and message agree with the Issues pane (an error fixed and
// saved goes from both).
void ScriptsPanel::follow_issues(const std::vector<ProjectIssue>& issues) {
    if (!doc_ || file_.empty()) return;
    editor_->MarkerDeleteAll(kErrorMarker);
    bool any = false;
    for (const auto& issue : issues)
        if (issue.target.kind == IssueTarget::Kind::ScriptLine && issue.target.file == file_ && issue.target.line > 0) {
            editor_->MarkerAdd(issue.target.line - 1, kErrorMarker);
            // The message line says what the first mark is about, as Check would.
            if (!any)
                messages_->SetValue(wxString::FromUTF8(shown_path(file_) + ":" + std::to_string(issue.target.line) +
                                                       ": " + issue.message));
            showing_error_ = showing_error_ || !any;
            any = true;
        }
    if (!any && showing_error_) {
        showing_error_ = false;
        show_open_module();
    }
}

void ScriptsPanel::mark_error(const std::string& script, int line, const std::string& message) {
    showing_error_ = true;
    messages_->SetValue(wxString::FromUTF8(script + ":" + std::to_string(line) + ": " + message));
    if (script == file_ && line > 0) {
        editor_->MarkerAdd(line - 1, kErrorMarker);
        editor_->GotoLine(line - 1);
    }
}

// The editor's text is compiled as the module; then a game is started with
// the saved modules switched on so load-time and setup errors show too.
void ScriptsPanel::check() {
    if (!doc_ || file_.empty()) return;
    editor_->MarkerDeleteAll(kErrorMarker);
    showing_error_ = false;
    try {
        script::LuaSandbox sandbox;
        sandbox.compile(editor_->GetText().ToStdString(wxConvUTF8), file_);
        // A game starts from the saved scripts: an edited text is only compiled,
        // or an error already fixed in the editor would be reported again.
        if (doc_->scripts().modified(file_)) {
            messages_->SetValue(
                "The text compiles. Save to check it in a game start as well (games start from the saved scripts).");
        } else {
            bots::Session session(load::load_scenario(doc_->file()), doc_->file(), 1, {}, false);
            messages_->SetValue(
                "No errors: the module compiles, and a game starts with every module switched on (as saved).");
        }
    } catch (const script::ScriptError& e) {
        mark_error(e.script(), e.line(), e.message());
    } catch (const std::exception& e) {
        messages_->SetValue(wxString::FromUTF8(e.what()));
    }
    if (on_check) on_check();  // the Issues pane lists what was found, with every other problem
}

void ScriptsPanel::save() {
    if (file_.empty() || !doc_) return;
    try {
        doc_->scripts().save(file_);
        close_undo_step();
        fill_modules();
        if (on_modified_changed) on_modified_changed();
        check();
        messages_->SetValue(wxString::FromUTF8("Saved " + shown_path(file_) + ". ") + messages_->GetValue());
        if (on_saved) on_saved();  // the project's issues follow the saved script
    } catch (const std::exception& e) {
        messages_->SetValue(wxString::FromUTF8(e.what()));
    }
}

}  // namespace sandtable::studio
