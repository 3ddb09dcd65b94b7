// A table file from memory, read into a copy of the BMW ruleset.
#include "fuzz_common.h"

#include "load/diagnostics.h"
#include "load/loader.h"
#include "load/table_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    static const rules::Ruleset bmw = load::load_ruleset(fuzz::source_dir() + "/rulesets/bmw");
    rules::Ruleset rs = bmw;
    load::DiagnosticSink sink;
    try {
        load::load_table_text(fuzz::text_of(data, size), "fuzz-table.yaml", rs, sink);
        load::check_table_references(rs, sink);
    } catch (const std::exception&) {
    }
    return 0;
}
