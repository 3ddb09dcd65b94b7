// A replay from memory, parsed against a game of the BMW skirmish, then its actions tried.
#include "fuzz_common.h"

#include "bots/session.h"
#include "kernel/replay.h"
#include "script/compiled_modules.h"
#include "load/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    static const std::string scenario = fuzz::source_dir() + "/scenarios/bmw/skirmish.yaml";
    static const load::LoadedGame loaded = load::load_scenario(scenario);
    static const auto compiled = std::make_shared<const script::CompiledModules>(*loaded.ruleset, *loaded.scenario);
    try {
        bots::Session session(loaded, scenario, 1, {}, false, compiled);
        const kernel::Replay replay =
            kernel::parse_replay(fuzz::text_of(data, size), "fuzz-replay.yaml", session.game());
        int applied = 0;
        for (const auto& step : replay.steps) {
            if (++applied > 200) break;
            session.apply(step.action);
        }
    } catch (const std::exception&) {
    }
    return 0;
}
