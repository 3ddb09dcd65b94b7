// What the studio shows when started without a file and with no last project
// to reopen: start a new project from a template, open a scenario or a
// project folder, or one of the recent projects (full paths).
#pragma once

#include <wx/dialog.h>
#include <wx/listbox.h>

#include <string>
#include <vector>

namespace sandtable::studio {

class StartDialog : public wxDialog {
public:
    enum class Choice { Nothing, NewProject, OpenScenario, OpenFolder, Recent };
    StartDialog(wxWindow* parent, std::vector<std::string> recent);
    Choice choice() const { return choice_; }
    const std::string& recent_file() const { return recent_file_; }

private:
    void choose(Choice choice);

    std::vector<std::string> recent_;
    wxListBox* list_ = nullptr;
    Choice choice_ = Choice::Nothing;
    std::string recent_file_;
};

}  // namespace sandtable::studio
