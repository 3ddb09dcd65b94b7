#include "app/scripts_panel.h"

#include "bots/session.h"
#include "core/scenario_document.h"
#include "load/scenario_writer.h"
#include "script/compiled_modules.h"

#include <wx/button.h>
#include <wx/sizer.h>

#include <fstream>
#include <sstream>

namespace sandtable::studio {

namespace {
constexpr int kErrorMarker = 1;

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
    modules_ = new wxListBox(this, wxID_ANY, wxDefaultPosition, wxSize(230, -1));
    editor_ = new wxStyledTextCtrl(this, wxID_ANY);
    style_for_lua(*editor_);
    messages_ = new wxTextCtrl(this, wxID_ANY, "", wxDefaultPosition, wxSize(-1, 70), wxTE_MULTILINE | wxTE_READONLY);
    auto* check_button = new wxButton(this, wxID_ANY, "Check");
    auto* save_button = new wxButton(this, wxID_ANY, "Save Script");
    auto* buttons = new wxBoxSizer(wxHORIZONTAL);
    buttons->Add(check_button, 0, wxRIGHT, 6);
    buttons->Add(save_button, 0);
    auto* right = new wxBoxSizer(wxVERTICAL);
    right->Add(buttons, 0, wxALL, 4);
    right->Add(editor_, 1, wxEXPAND | wxALL, 4);
    right->Add(messages_, 0, wxEXPAND | wxALL, 4);
    auto* sizer = new wxBoxSizer(wxHORIZONTAL);
    sizer->Add(modules_, 0, wxEXPAND | wxALL, 4);
    sizer->Add(right, 1, wxEXPAND);
    SetSizer(sizer);
    modules_->Bind(wxEVT_LISTBOX, [this](wxCommandEvent& e) { open_module(e.GetSelection()); });
    check_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { check(); });
    save_button->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { save(); });
}

void ScriptsPanel::set_document(ScenarioDocument* doc) {
    doc_ = doc;
    modules_->Clear();
    editor_->ClearAll();
    file_.clear();
    if (!doc_) return;
    for (const auto& m : doc_->ruleset().modules) modules_->Append(wxString::FromUTF8(m.module));
    if (!doc_->ruleset().modules.empty()) {
        modules_->SetSelection(0);
        open_module(0);
    }
}

void ScriptsPanel::open_module(int index) {
    if (!doc_ || index < 0) return;
    const auto& m = doc_->ruleset().modules[static_cast<std::size_t>(index)];
    file_ = m.file;
    std::ifstream in(file_, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    editor_->SetText(wxString::FromUTF8(text.str()));
    editor_->EmptyUndoBuffer();
    editor_->MarkerDeleteAll(kErrorMarker);
    messages_->SetValue(wxString::FromUTF8(m.file));
}

void ScriptsPanel::show_line(const std::string& file, int line, const std::string& message) {
    if (!doc_) return;
    const auto& modules = doc_->ruleset().modules;
    for (std::size_t i = 0; i < modules.size(); ++i)
        if (modules[i].file == file && file_ != file) {
            modules_->SetSelection(static_cast<int>(i));
            open_module(static_cast<int>(i));
        }
    editor_->MarkerDeleteAll(kErrorMarker);
    mark_error(file, line, message);
    editor_->SetFocus();
}

void ScriptsPanel::mark_error(const std::string& script, int line, const std::string& message) {
    messages_->SetValue(wxString::FromUTF8(script + ":" + std::to_string(line) + ": " + message));
    if (script == file_ && line > 0) {
        editor_->MarkerAdd(line - 1, kErrorMarker);
        editor_->GotoLine(line - 1);
    }
}

// The editor's text is compiled as the module; then a game is started with
// the saved modules so load-time and setup errors show too.
void ScriptsPanel::check() {
    if (!doc_ || file_.empty()) return;
    editor_->MarkerDeleteAll(kErrorMarker);
    try {
        script::LuaSandbox sandbox;
        sandbox.compile(editor_->GetText().ToStdString(wxConvUTF8), file_);
        bots::Session session(load::load_scenario(doc_->file()), doc_->file(), 1, {}, false);
        messages_->SetValue("No errors: the module compiles, and a game starts with every module loaded.");
    } catch (const script::ScriptError& e) {
        mark_error(e.script(), e.line(), e.message());
    } catch (const std::exception& e) {
        messages_->SetValue(wxString::FromUTF8(e.what()));
    }
}

void ScriptsPanel::save() {
    if (file_.empty()) return;
    try {
        load::write_file_atomically(file_, editor_->GetText().ToStdString(wxConvUTF8));
        editor_->SetSavePoint();
        check();
    } catch (const std::exception& e) {
        messages_->SetValue(wxString::FromUTF8(e.what()));
    }
}

}  // namespace sandtable::studio
