// The contract between the kernel and rule scripts, declared once: every
// event, when it is raised, the values it carries and which of them a handler
// may write. The kernel's event names, the script host's read-back, the event
// table of docs/lua-api.md and the LuaLS stubs all come from here
// (`sandtable docs events|stubs`; a test fails when the files drift).
#pragma once

#include "kernel/events.h"

#include <string>
#include <vector>

namespace sandtable::kernel {

struct EventField {
    enum class Kind { Number, Text, List };
    const char* name;
    Kind kind;
    const char* lua_type;  // the LuaLS type of the ctx field
    const char* doc;
    bool writable = false;  // read back after the handlers
    bool optional = false;  // carried only in some cases (the doc says when)
};

struct EventSpec {
    Event event;
    const char* name;
    const char* context;  // the LuaLS class of its ctx, without the `sandtable.` prefix
    const char* raised;   // when the kernel raises it
    bool query = false;   // docs/adr/0007: handlers only read the game and answer in the writable fields
    std::vector<EventField> fields;
};

// In Event order: event_catalogue()[e].event == e.
const std::vector<EventSpec>& event_catalogue();
const EventSpec& event_spec(Event e);
// The field of the event a handler may write, or nullptr.
const EventField* writable_field(Event e, const std::string& key);
// The names of the fields the kernel reads back after an event's handlers, by kind.
struct WritableFields {
    std::vector<const char*> numbers;
    std::vector<const char*> texts;
};
const WritableFields& writable_fields(Event e);

// Generated text: the event table of docs/lua-api.md (between its
// `<!-- events -->` markers) and the events part of scripts/types/sandtable.lua
// (between its `-- events` markers).
std::string events_markdown();
std::string events_luals();

}  // namespace sandtable::kernel
