// The event catalogue written out for people and editors: the table of
// docs/lua-api.md and the LuaLS annotations of scripts/types/sandtable.lua.
#include "kernel/event_catalogue.h"

#include <algorithm>
#include <set>
#include <string>

namespace sandtable::kernel {

namespace {

std::string code(const std::string& s) { return "`" + s + "`"; }

std::string markdown_fields(const EventSpec& e) {
    if (e.fields.empty()) return "—";
    std::string out;
    for (const auto& f : e.fields) {
        if (!out.empty()) out += "; ";
        out += code(f.name);
        if (f.kind == EventField::Kind::List) out += " (list)";
        if (f.kind == EventField::Kind::Text) out += " (text)";
        if (*f.doc) out += std::string(": ") + f.doc;
    }
    return out;
}

std::string markdown_writable(const EventSpec& e) {
    std::string out;
    for (const auto& f : e.fields) {
        if (!f.writable) continue;
        if (!out.empty()) out += ", ";
        out += (f.kind == EventField::Kind::Text ? "text " : "number ") + code(f.name);
    }
    return out.empty() ? "—" : out;
}

std::string field_names(const EventSpec& e, bool writable_only) {
    std::string out;
    for (const auto& f : e.fields) {
        if (writable_only && !f.writable) continue;
        if (!out.empty()) out += ", ";
        out += f.name;
    }
    return out;
}

std::string alias_line(const EventSpec& e) {
    std::string name = std::string("\"") + e.name + "\"";
    name.resize(std::max<std::size_t>(name.size(), 19), ' ');
    std::string line = "---| " + name + " # ctx: " + (e.fields.empty() ? std::string("-") : field_names(e, false));
    if (const auto w = field_names(e, true); !w.empty()) line += "; writable: " + w;
    if (e.query) line += ". A query: handlers only read";
    return line + "\n";
}

std::string context_class(const EventSpec& e) {
    std::string out = std::string("---@class sandtable.") + e.context + "\n";
    for (const auto& f : e.fields) {
        out += std::string("---@field ") + f.name + (f.optional ? "? " : " ") + f.lua_type;
        const std::string doc = std::string(f.writable ? "writable: " : "") + f.doc;
        if (!doc.empty()) out += " " + doc;
        out += "\n";
    }
    return out + "\n";
}

}  // namespace

std::string events_markdown() {
    std::string out = "| event | raised | `ctx` fields | writable |\n|---|---|---|---|\n";
    for (const auto& e : event_catalogue()) {
        std::string raised = e.raised;
        if (e.query) raised = "a query (handlers only read and answer in the writable fields): " + raised;
        out +=
            "| " + code(e.name) + " | " + raised + " | " + markdown_fields(e) + " | " + markdown_writable(e) + " |\n";
    }
    return out;
}

std::string events_luals() {
    std::string out = "---@alias sandtable.Event\n";
    for (const auto& e : event_catalogue()) out += alias_line(e);
    out +=
        "\n-- Event contexts ---------------------------------------------------------------\n"
        "-- Numeric fields arrive as integers, yes/no ones as 0 or 1 (0 is true in Lua:\n"
        "-- compare with ~= 0). Only the fields marked writable are read back: numbers as\n"
        "-- integers (use //, not /) or booleans, a float is ignored; texts as strings.\n"
        "-- Lists are copies: changing them changes nothing.\n\n";
    std::set<std::string> written;
    for (const auto& e : event_catalogue())
        if (written.insert(e.context).second) out += context_class(e);
    return out;
}

}  // namespace sandtable::kernel
