#include "app/menu_shortcuts.h"

#include <wx/accel.h>
#include <wx/frame.h>
#include <wx/menu.h>

#include <memory>
#include <string_view>

namespace sandtable::studio {

namespace {

// Keys a text field or the script editor has its own use for (undo, redo, select all, copy, cut, paste,
// Scintilla's line commands, zoom): those stay with the focused control.
bool edits_text(int flags, int code) {
    constexpr std::string_view kEditing = "ZYACXVLDTU0+-";
    return (flags & wxACCEL_CTRL) && code < 128 && kEditing.find(static_cast<char>(code)) != std::string_view::npos;
}

int find_in(const wxMenu& menu, int flags, int code) {
    for (const wxMenuItem* item : menu.GetMenuItems()) {
        if (item->IsSubMenu()) {
            if (const int id = find_in(*item->GetSubMenu(), flags, code); id != wxID_NONE) return id;
            continue;
        }
        const std::unique_ptr<wxAcceleratorEntry> accel(item->GetAccel());
        if (accel && accel->GetFlags() == flags && accel->GetKeyCode() == code && item->IsEnabled())
            return item->GetId();
    }
    return wxID_NONE;
}

}  // namespace

int menu_command_for_key(const wxFrame& frame, const wxKeyEvent& key) {
    const wxMenuBar* bar = frame.GetMenuBar();
    if (!bar) return wxID_NONE;
    int flags = 0;
    if (key.ControlDown()) flags |= wxACCEL_CTRL;
    if (key.ShiftDown()) flags |= wxACCEL_SHIFT;
    if (key.AltDown()) flags |= wxACCEL_ALT;
    int code = key.GetKeyCode();
    if (code >= 'a' && code <= 'z') code -= 'a' - 'A';
    const bool function_key = code >= WXK_F1 && code <= WXK_F24;
    if (!function_key && (!(flags & wxACCEL_CTRL) || edits_text(flags, code))) return wxID_NONE;
    for (std::size_t i = 0; i < bar->GetMenuCount(); ++i)
        if (const int id = find_in(*bar->GetMenu(i), flags, code); id != wxID_NONE) return id;
    return wxID_NONE;
}

void run_menu_command(wxFrame& frame, int id) {
    wxCommandEvent command(wxEVT_MENU, id);
    command.SetEventObject(&frame);
    if (wxMenuBar* bar = frame.GetMenuBar())
        if (wxMenuItem* item = bar->FindItem(id); item && item->IsCheckable()) {
            item->Check(!item->IsChecked());
            command.SetInt(item->IsChecked() ? 1 : 0);
        }
    frame.ProcessWindowEvent(command);
}

}  // namespace sandtable::studio
