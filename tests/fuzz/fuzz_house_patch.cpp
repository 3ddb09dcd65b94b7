// A house rule's patch from memory, applied to the BMW ruleset and the result built.
#include "fuzz_common.h"

#include "load/diagnostics.h"
#include "load/house_rule.h"
#include "load/ruleset_document.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    static const std::string ruleset = fuzz::source_dir() + "/rulesets/bmw";
    static const load::RulesetDocument base = [] {
        load::DiagnosticSink sink;
        return load::read_ruleset_document(ruleset, sink);
    }();
    // A fresh document with cloned nodes (the patch changes nodes in place). Not a copy of `base`
    // then assigned: assigning to a yaml-cpp node that shares base's memory grows base's pool every run.
    load::RulesetDocument doc;
    doc.file = base.file;
    doc.root = YAML::Clone(base.root);
    for (const auto& t : base.tables) doc.tables.push_back({t.id, t.file, YAML::Clone(t.root)});
    doc.tables_loaded = base.tables_loaded;
    doc.layers = base.layers;
    load::HouseRule rule;
    rule.id = "fuzz";
    rule.base_ruleset = "bmw";
    rule.directory = ruleset + "/house-rules/fuzz";
    rule.file = rule.directory + "/house.yaml";
    load::DiagnosticSink sink;
    try {
        load::apply_house_patch_text(doc, rule, fuzz::text_of(data, size), rule.directory + "/patch.yaml", sink);
        if (sink.items().empty()) (void)load::build_ruleset(doc, sink);
    } catch (const std::exception&) {
    }
    return 0;
}
