// `sandtable docs`: the parts of the documentation generated from the code.
// The event contract is declared once (kernel/event_catalogue.cpp); the event
// table of docs/lua-api.md and the event annotations of
// scripts/types/sandtable.lua are written from it, between markers, and
// `docs check` (a test) fails when either file says something else.
#include "cli/commands.h"
#include "kernel/event_catalogue.h"
#include "load/loader.h"
#include "load/scenario_writer.h"

#include <iostream>

namespace sandtable::cli {

namespace {

struct GeneratedPart {
    const char* file;   // relative to the project root
    const char* begin;  // the marker line before it
    const char* end;    // the marker line after it
    std::string (*text)();
};

const std::vector<GeneratedPart>& generated_parts() {
    static const std::vector<GeneratedPart> parts{
        {"docs/lua-api.md",
         "<!-- events: written by `sandtable docs write` from runtime/kernel/event_catalogue.cpp -->\n",
         "<!-- end of events -->\n", &kernel::events_markdown},
        {"scripts/types/sandtable.lua",
         "-- events: written by `sandtable docs write` from runtime/kernel/event_catalogue.cpp; edit it there\n",
         "-- end of events\n", &kernel::events_luals},
    };
    return parts;
}

// The file with the part between its markers replaced; throws when a marker is missing.
std::string with_part(const std::string& file_text, const GeneratedPart& part) {
    const auto begin = file_text.find(part.begin);
    const auto end = begin == std::string::npos ? begin : file_text.find(part.end, begin);
    if (end == std::string::npos)
        throw std::runtime_error(std::string(part.file) +
                                 ": the markers of the generated part are missing: " + part.begin);
    const auto from = begin + std::string(part.begin).size();
    return file_text.substr(0, from) + part.text() + file_text.substr(end);
}

int check_or_write(const std::string& root, bool write) {
    int stale = 0;
    for (const auto& part : generated_parts()) {
        const std::string path = root + "/" + part.file;
        const std::string now = load::read_file(path);
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
    if (what.size() == 2 && (what[0] == "check" || what[0] == "write"))
        return check_or_write(what[1], what[0] == "write");
    throw UsageError("expected `docs events`, `docs stubs`, `docs check ROOT` or `docs write ROOT`");
}

}  // namespace sandtable::cli
