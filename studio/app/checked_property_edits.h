// Edits made in a property grid, checked while the value changes and
// performed once it has: a value the edit refuses stays in the editor with
// the reason shown (the edit commands throw, worded for a designer), and the
// grid is rebuilt after its own event, never inside it.
#pragma once

#include "core/edit_commands.h"

#include <wx/propgrid/propgrid.h>

#include <functional>
#include <memory>

namespace sandtable::studio {

// `make` turns a property's new value into an edit (nullptr: none; throws:
// refused); `apply` performs it once the grid has taken the value.
using MakePropertyEdit = std::function<std::unique_ptr<EditCommand>(const wxString& property, const wxVariant& value)>;
using ApplyPropertyEdit = std::function<void(std::unique_ptr<EditCommand>)>;

inline void bind_checked_edits(wxPropertyGrid* grid, MakePropertyEdit make, ApplyPropertyEdit apply) {
    auto pending = std::make_shared<std::unique_ptr<EditCommand>>();
    grid->Bind(wxEVT_PG_CHANGING, [pending, make](wxPropertyGridEvent& e) {
        pending->reset();
        try {
            *pending = make(e.GetPropertyName(), e.GetValue());
        } catch (const std::exception& error) {
            e.SetValidationFailureMessage(wxString::FromUTF8(error.what()));
            e.Veto();
        }
    });
    grid->Bind(wxEVT_PG_CHANGED, [grid, pending, apply](wxPropertyGridEvent&) {
        if (!*pending) return;
        auto edit = std::make_shared<std::unique_ptr<EditCommand>>(std::move(*pending));
        grid->CallAfter([edit, apply] { apply(std::move(*edit)); });
    });
}

}  // namespace sandtable::studio
