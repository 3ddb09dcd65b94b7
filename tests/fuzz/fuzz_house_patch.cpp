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
    load::RulesetDocument doc = base;
    doc.root = YAML::Clone(base.root);  // the patch changes nodes in place
    for (auto& t : doc.tables) t.root = YAML::Clone(t.root);
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
