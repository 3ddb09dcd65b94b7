// A scenario from memory, playing the BMW ruleset (read from disk each time: the scenario reader builds its own).
#include "fuzz_common.h"

#include "load/diagnostics.h"
#include "load/inline_scenario.h"
#include "load/yaml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    load::DiagnosticSink sink;
    auto yaml = load::parse_yaml_text(fuzz::text_of(data, size), "fuzz-scenario.yaml", sink);
    if (!yaml.root.IsDefined()) return 0;
    try {
        if (yaml.root.IsMap()) {  // a shipped scenario names its ruleset: this one plays BMW's
            yaml.root.remove("ruleset");
            yaml.root.remove("house_rules");
        }
        (void)load::load_inline_scenario(yaml.root, "fuzz-scenario.yaml", fuzz::source_dir() + "/rulesets/bmw");
    } catch (const std::exception&) {
    }
    return 0;
}
