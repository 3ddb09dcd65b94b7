// A scenario from memory, playing the BMW ruleset (loaded once: every run reads only the input).
#include "fuzz_common.h"

#include "load/diagnostics.h"
#include "load/inline_scenario.h"
#include "load/loader.h"
#include "load/yaml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    static const std::string ruleset_dir = fuzz::source_dir() + "/rulesets/bmw";
    static const load::ScenarioLoadOptions options{
        true, std::make_shared<const rules::Ruleset>(load::load_ruleset(ruleset_dir))};
    load::DiagnosticSink sink;
    auto yaml = load::parse_yaml_text(fuzz::text_of(data, size), "fuzz-scenario.yaml", sink);
    if (!yaml.root.IsDefined()) return 0;
    try {
        if (yaml.root.IsMap()) {  // a shipped scenario names its ruleset: this one plays BMW's
            yaml.root.remove("ruleset");
            yaml.root.remove("house_rules");
        }
        (void)load::load_inline_scenario(yaml.root, "fuzz-scenario.yaml", ruleset_dir, {}, options);
    } catch (const std::exception&) {
    }
    return 0;
}
