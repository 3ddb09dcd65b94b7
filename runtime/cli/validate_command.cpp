// `sandtable validate PATH…`: every problem as file:line:col: message.
#include "cli/commands.h"

#include "bots/session.h"
#include "load/loader.h"
#include "load/table_loader.h"
#include "script/compiled_modules.h"
#include "load/table_lint.h"
#include "script/lua_sandbox.h"
#include "script/module_lint.h"

#include <filesystem>
#include <iostream>

namespace sandtable::cli {

namespace fs = std::filesystem;

namespace {

// Runs one check and prints every problem as file:line:col: message.
template <class Check>
int report_problems(const std::string& path, Check&& check) {
    try {
        check();
        return 0;
    } catch (const load::LoadError& e) {
        for (const auto& d : e.diagnostics()) std::cout << d.to_string() << "\n";
    } catch (const script::ScriptError& e) {
        std::cout << e.script() << ":" << e.line() << ":1: " << e.message() << "\n";
    } catch (const std::exception& e) {
        std::cout << path << ":0:0: " << e.what() << "\n";
    }
    return 1;
}

// What loads but is likely wrong: rule modules' Lua read as text (errors)
// and tables (warnings, which do not fail the check).
void lint(const rules::Ruleset& rs) {
    const auto errors = script::lint_module_sources(rs);
    for (const auto& d : errors) std::cout << d.to_string() << "\n";
    for (const auto& d : load::table_warnings(rs))
        std::cout << d.where.to_string() << ": warning: " << d.message << "\n";
    if (!errors.empty()) throw load::LoadError({});
}

// Loads a scenario and starts a game with its scripts, so Lua errors show too.
int check_scenario(const std::string& file, const std::vector<std::string>& house) {
    return report_problems(file, [&] {
        auto loaded = load::load_scenario(file, house);
        lint(*loaded.ruleset);
        bots::Session session(loaded, file, 1, {}, false);
    });
}

// The YAML and the rule modules' Lua (compiled, not run: running needs a scenario).
int check_ruleset(const std::string& path, const std::vector<std::string>& house) {
    return report_problems(path, [&] {
        rules::Ruleset rs = load::load_ruleset(path, house);
        lint(rs);
        script::CompiledModules compiled(rs);
    });
}

// A house rule folder: applied, after any given with --house, to the ruleset
// it sits in (rulesets/ID/house-rules/NAME) or above.
int check_house_rule(const fs::path& dir, std::vector<std::string> house) {
    fs::path base = fs::absolute(dir).lexically_normal();
    while (base.has_parent_path() && base != base.parent_path() && !fs::exists(base / "ruleset.yaml"))
        base = base.parent_path();
    if (!fs::exists(base / "ruleset.yaml")) {
        std::cout << (dir / "house.yaml").string()
                  << ":0:0: no ruleset.yaml in a folder above this house rule; check it with: sandtable validate "
                     "RULESET --house "
                  << dir.string() << "\n";
        return 1;
    }
    house.push_back(dir.string());
    return check_ruleset(fs::proximate(base).string(), house);
}

int check_path(const fs::path& p, const std::vector<std::string>& house) {
    if (!fs::exists(p)) {
        std::cout << p.string() << ":0:0: no such file or folder\n";
        return 1;
    }
    if (fs::is_directory(p)) {
        if (fs::exists(p / "ruleset.yaml")) return check_ruleset(p.string(), house);
        if (fs::exists(p / "house.yaml")) return check_house_rule(p, house);
        int failures = 0;
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(p))
            if (e.path().extension() == ".yaml" || fs::exists(e.path() / "house.yaml"))
                files.push_back(e.path());  // house rule folders too
        std::sort(files.begin(), files.end());
        for (const auto& f : files) failures += check_path(f, house);
        return failures;
    }
    if (p.filename() == "ruleset.yaml") return check_ruleset(p.string(), house);
    if (p.parent_path().filename() == "tables") {
        load::DiagnosticSink sink;
        rules::Ruleset scratch;
        load::load_table_file(p.string(), scratch, sink);
        for (const auto& d : sink.items()) std::cout << d.to_string() << "\n";
        return sink.empty() ? 0 : 1;
    }
    return check_scenario(p.string(), house);
}

}  // namespace

int validate(const std::vector<std::string>& argv) {
    Args args(argv, {}, {"house"});
    if (args.positional().empty()) throw UsageError("name at least one ruleset folder, table or scenario file");
    int failures = 0;
    for (const auto& p : args.positional()) failures += check_path(p, args.values("house"));
    if (failures == 0) std::cerr << "ok: " << args.positional().size() << " path(s) valid\n";
    return failures == 0 ? 0 : 1;
}

}  // namespace sandtable::cli
