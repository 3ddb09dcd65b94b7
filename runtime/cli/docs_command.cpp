// `sandtable docs`: the parts of the documentation generated from the code.
// The event contract is declared once (kernel/event_catalogue.cpp); the event
// table of docs/lua-api.md and the event annotations of
// scripts/types/sandtable.lua are written from it, between markers. The
// procedures' options describe themselves (rules/phase_options.h); each
// procedure's options table in docs/formats.md and the options schema are
// written from them. `docs check` (a test) fails when a file says something else.
#include "cli/commands.h"
#include "kernel/event_catalogue.h"
#include "rules/procedure_docs.h"
#include "load/loader.h"
#include "load/scenario_writer.h"

#include <filesystem>
#include <functional>
#include <iostream>

namespace sandtable::cli {

namespace {

struct GeneratedPart {
    std::string file;   // relative to the project root
    std::string begin;  // the marker line before it; empty: the part is the whole file
    std::string end;    // the marker line after it
    std::function<std::string()> text;
};

std::vector<GeneratedPart> generated_parts() {
    std::vector<GeneratedPart> parts{
        {"docs/lua-api.md",
         "<!-- events: written by `sandtable docs write` from runtime/kernel/event_catalogue.cpp -->\n",
         "<!-- end of events -->\n", &kernel::events_markdown},
        {"scripts/types/sandtable.lua",
         "-- events: written by `sandtable docs write` from runtime/kernel/event_catalogue.cpp; edit it there\n",
         "-- end of events\n", &kernel::events_luals},
        {"schemas/procedure-options.schema.json", "", "", &rules::options_schema},
    };
    for (const auto& procedure : rules::procedures())
        parts.push_back({"docs/formats.md",
                         "<!-- options of " + procedure.name +
                             ": written by `sandtable docs write` from runtime/rules/phase_options*.cpp -->\n",
                         "<!-- end of options -->\n", [&procedure] { return rules::options_markdown(procedure); }});
    return parts;
}

// The file with the part between its markers replaced; throws when a marker is missing.
std::string with_part(const std::string& file_text, const GeneratedPart& part) {
    if (part.begin.empty()) return part.text();
    const auto begin = file_text.find(part.begin);
    const auto end = begin == std::string::npos ? begin : file_text.find(part.end, begin);
    if (end == std::string::npos)
        throw std::runtime_error(part.file +
                                 ": the markers of the generated part are missing: " + part.begin);
    const auto from = begin + part.begin.size();
    return file_text.substr(0, from) + part.text() + file_text.substr(end);
}

int check_or_write(const std::string& root, bool write) {
    int stale = 0;
    for (const auto& part : generated_parts()) {
        const std::string path = root + "/" + part.file;
        const std::string now = part.begin.empty() && !std::filesystem::exists(path) ? "" : load::read_file(path);
        const std::string wanted = with_part(now, part);
        if (now == wanted) continue;
        if (write) {
            load::write_file_atomically(path, wanted);
            std::cout << "wrote " << part.file << "\n";
        } else {
            std::cerr << part.file << ": its generated part differs from the code; run `sandtable docs write " << root
                      << "`\n";
            ++stale;
        }
    }
    if (!stale && !write) std::cout << "ok: the generated parts of the documentation match the code\n";
    return stale ? 1 : 0;
}

}  // namespace

int docs(const std::vector<std::string>& args) {
    const Args a(args, {}, {});
    const auto& what = a.positional();
    if (what.size() == 1 && what[0] == "events") return std::cout << kernel::events_markdown(), 0;
    if (what.size() == 1 && what[0] == "stubs") return std::cout << kernel::events_luals(), 0;
    if (what.size() == 1 && what[0] == "schema") return std::cout << rules::options_schema(), 0;
    if (what.size() == 2 && what[0] == "options") {
        const rules::ProcedureSpec* procedure = rules::find_procedure(what[1]);
        if (!procedure) throw UsageError("no built-in procedure '" + what[1] + "'");
        return std::cout << rules::options_markdown(*procedure), 0;
    }
    if (what.size() == 2 && (what[0] == "check" || what[0] == "write"))
        return check_or_write(what[1], what[0] == "write");
    throw UsageError(
        "expected `docs events`, `docs stubs`, `docs options PROCEDURE`, `docs schema`, `docs check ROOT` or "
        "`docs write ROOT`");
}

}  // namespace sandtable::cli
