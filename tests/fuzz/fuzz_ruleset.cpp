// A ruleset.yaml from memory: parsed, checked and built (tables and modules as the file names them).
#include "fuzz_common.h"

#include "load/diagnostics.h"
#include "load/ruleset_document.h"
#include "load/yaml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    load::DiagnosticSink sink;
    load::RulesetDocument doc;
    doc.file = fuzz::source_dir() + "/rulesets/bmw/ruleset.yaml";  // beside the real tables and rules
    doc.root = load::parse_text_for_patching(fuzz::text_of(data, size), doc.file, sink, false).root;
    rules::RulesetLayer base;
    base.directory = fuzz::source_dir() + "/rulesets/bmw";
    base.files.push_back(doc.file);
    doc.layers.push_back(base);
    try {
        if (doc.root.IsDefined()) (void)load::build_ruleset(doc, sink);
    } catch (const std::exception&) {
    }
    return 0;
}
