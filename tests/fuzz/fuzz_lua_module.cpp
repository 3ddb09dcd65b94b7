// A rule module's Lua from memory, run as a module of a small BMW battle that
// the random bots then play for a bounded number of decisions: every event it
// handles, every game.* call it makes.
#include "fuzz_common.h"

#include "bots/bot.h"
#include "bots/session.h"
#include "load/loader.h"
#include "script/compiled_modules.h"
#include "script/lua_sandbox.h"

#include <filesystem>
#include <fstream>

namespace {
// A copy of the BMW ruleset whose last rule module is rules/fuzz.lua (its
// text on disk is a placeholder: each input is compiled from memory).
std::string prepare() {
    namespace fs = std::filesystem;
    const fs::path root = fs::temp_directory_path() / "sandtable-fuzz-lua";
    fs::remove_all(root);
    fs::create_directories(root / "rulesets");
    fs::copy(sandtable::fuzz::source_dir() + "/rulesets/bmw", root / "rulesets" / "bmw", fs::copy_options::recursive);
    fs::copy(sandtable::fuzz::source_dir() + "/scripts", root / "scripts", fs::copy_options::recursive);
    std::ofstream(root / "rulesets" / "bmw" / "rules" / "fuzz.lua") << "-- placeholder\n";
    std::ofstream(root / "rulesets" / "bmw" / "ruleset.yaml", std::ios::app) << "  - { module: fuzz }\n";
    fs::create_directories(root / "scenarios" / "bmw");
    fs::copy(sandtable::fuzz::source_dir() + "/scenarios/bmw/skirmish.yaml",
             root / "scenarios" / "bmw" / "skirmish.yaml");
    return (root / "scenarios" / "bmw" / "skirmish.yaml").string();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sandtable;
    static const std::string scenario = prepare();
    static const load::LoadedGame loaded = load::load_scenario(scenario);
    static const std::string module_file = loaded.ruleset->modules.back().file;
    try {
        auto compiled = std::make_shared<const script::CompiledModules>(
            *loaded.ruleset, std::map<std::string, std::string>{{module_file, fuzz::text_of(data, size)}});
        bots::Session session(loaded, scenario, 1, {}, false, compiled);
        auto bots = bots::bots_for_game({"random"}, loaded.scenario->sides.size(), 7);
        std::vector<bots::Bot*> players;
        for (auto& b : bots) players.push_back(b.get());
        session.play(players, 300);
    } catch (const std::exception&) {
    }
    return 0;
}
