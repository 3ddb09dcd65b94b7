#include "bots/rule_tests.h"

#include "bots/rule_test_expect.h"
#include "bots/session.h"
#include "kernel/replay.h"
#include "load/inline_scenario.h"
#include "load/yaml_reader.h"

#include <algorithm>
#include <filesystem>

namespace sandtable::bots {

namespace fs = std::filesystem;

namespace {

constexpr int kUntilLimit = 2000;  // passes before `until:` gives up: far more than any game's phases

using load::MapReader;

// One step on without doing anything: end the phase, decline, or the first thing offered.
void pass_once(Session& s) {
    const auto legal = s.game().legal_actions();  // a copy: apply() replaces the list
    if (legal.empty())
        throw kernel::IllegalAction("nothing is legal at decision " +
                                    std::string(kernel::decision_kind_name(s.game().decision())));
    auto pick = std::find_if(legal.begin(), legal.end(),
                             [](const auto& a) { return a.kind() == kernel::ActionKind::EndPhase; });
    if (pick == legal.end())
        pick = std::find_if(legal.begin(), legal.end(),
                            [](const auto& a) { return a.kind() == kernel::ActionKind::Decline; });
    s.apply(pick == legal.end() ? legal.front() : *pick);
}

// `{until: combat_declare}`: passes until the game asks for that decision (of `side:`, in `turn:`, when given).
bool run_until(MapReader& m, Session& s) {
    const std::string decision = m.text("until", {.required = true});
    const int turn = m.integer("turn", {.fallback = 0, .min = 0, .max = 999});
    const int side = side_named(m, s.game(), "side", false);
    if (!m.sink().empty()) return false;
    const auto reached = [&] {
        const auto& g = s.game();
        return decision == kernel::decision_kind_name(g.decision()) && (turn == 0 || g.state().at.turn == turn) &&
               (side < 0 || g.deciding_side() == side);
    };
    for (int i = 0; i < kUntilLimit && !reached() && !s.game().over(); ++i) pass_once(s);
    if (reached()) return true;
    m.sink().error(m.where("until"), "the game never asked for '" + decision + "'" +
                                         (turn ? " in turn " + std::to_string(turn) : "") + "; it stopped at " +
                                         kernel::decision_kind_name(s.game().decision()) + " in turn " +
                                         std::to_string(s.game().state().at.turn));
    return false;
}

bool run_expectations(const YAML::Node& node, const std::string& file, Session& s, load::DiagnosticSink& failed) {
    if (node.IsMap()) return check_expectation(node, file, s.game(), failed);
    if (!node.IsSequence()) {
        failed.error(load::location_of(node, file), "'expect' is an expectation or a list of them");
        return false;
    }
    for (const auto& e : node)
        if (!check_expectation(e, file, s.game(), failed)) return false;
    return true;
}

// One step of a test: an action as a replay writes it, `until:`, or `expect:`. False: the test stops here.
bool run_step(const YAML::Node& step, const std::string& file, Session& s, load::DiagnosticSink& failed) {
    MapReader m(step, file, failed, "a step");
    if (!m.valid()) return false;
    if (m.has("expect")) return run_expectations(m.child("expect"), file, s, failed);
    if (m.has("until")) return run_until(m, s);
    if (!m.has("do")) {
        failed.error(m.where(), "a step is an action ({do: …}), {until: DECISION} or {expect: …}");
        return false;
    }
    const kernel::Action action = kernel::parse_action(m, s.game(), failed);
    m.finish();
    if (!failed.empty()) return false;
    if (s.game().over()) {
        failed.error(m.where(), "the game is over; this step and those after it are never played");
        return false;
    }
    const std::string described = s.game().describe(action);
    try {
        s.apply(action);
    } catch (const kernel::IllegalAction& e) {
        failed.error(m.where(), described + " was refused (decision " +
                                    kernel::decision_kind_name(s.game().decision()) + "): " + e.what());
        return false;
    }
    return true;
}

// The battlefield a test plays: written inline (it plays the ruleset under test) or a scenario file beside it.
load::LoadedGame battlefield_of(MapReader& t, const std::string& ruleset_dir, const std::vector<std::string>& houses) {
    if (t.has("scenario_file")) {
        const std::string name = t.text("scenario_file", {});
        return load::load_scenario((fs::path(t.file()).parent_path() / name).lexically_normal().string(), houses);
    }
    const YAML::Node inline_scenario = t.child("scenario", {.required = true});
    if (!inline_scenario.IsDefined())
        throw load::LoadError({{t.where(), "a test names its 'scenario' (written here) or a 'scenario_file'"}});
    return load::load_inline_scenario(inline_scenario, t.file(), ruleset_dir, houses);
}

std::vector<int> forced_dice(MapReader& t) {
    std::vector<int> dice;
    const YAML::Node list = t.child("dice");
    if (list.IsDefined() && !list.IsSequence())
        t.sink().error(t.where("dice"), "'dice' lists the die faces to come, e.g. [6, 1, 3]");
    if (!list.IsSequence()) return dice;
    for (const auto& d : list) {
        if (auto v = load::read_int(d, t.file(), t.sink(), "a forced die"); v && *v >= 1 && *v <= 1000)
            dice.push_back(*v);
        else if (v)
            t.sink().error(load::location_of(d, t.file()), "a die face is 1 or more");
    }
    return dice;
}

// A failed test keeps the game's log, to show where the play went another way.
struct KeepLogOnFailure {
    const Session& session;
    const load::DiagnosticSink& failed;
    std::vector<std::string>& log;
    ~KeepLogOnFailure() {
        if (failed.empty()) return;
        for (const auto& e : session.game().records().log) log.push_back(e.text);
    }
};

void play_test(MapReader& t, const std::string& ruleset_dir, const std::vector<std::string>& houses,
               load::DiagnosticSink& failed, std::vector<std::string>& log) {
    const auto seed = static_cast<std::uint64_t>(t.integer("seed", {.fallback = 1, .min = 0, .max = 1'000'000'000}));
    std::vector<int> dice = forced_dice(t);
    const YAML::Node steps = t.child("steps");
    const YAML::Node expect = t.child("expect");
    if (steps.IsDefined() && !steps.IsSequence())
        failed.error(t.where("steps"), "'steps' is a list of actions, until: and expect: steps");
    if (!failed.empty()) return;
    Session session(battlefield_of(t, ruleset_dir, houses), t.file(), seed, std::move(dice), true);
    const KeepLogOnFailure keep{session, failed, log};
    try {
        if (steps.IsSequence())
            for (const auto& step : steps)
                if (!run_step(step, t.file(), session, failed)) return;
        if (expect.IsDefined()) run_expectations(expect, t.file(), session, failed);
    } catch (const kernel::IllegalAction& e) {
        failed.error(t.where(), std::string("the game stopped: ") + e.what());
    }
}

RuleTestOutcome run_test(const YAML::Node& test, const std::string& file, const std::string& ruleset_dir,
                         const std::vector<std::string>& houses) {
    RuleTestOutcome outcome;
    load::DiagnosticSink failed;
    outcome.where = load::location_of(test, file);
    {
        MapReader t(test, file, failed, "a rule test");
        outcome.name = t.text("name", {.required = true});
        outcome.rule = t.text("rule", {.required = true});
        try {
            if (t.valid()) play_test(t, ruleset_dir, houses, failed, outcome.log);
        } catch (const load::LoadError& e) {
            for (const auto& d : e.diagnostics()) failed.error(d.where, d.message);
        } catch (const std::exception& e) {  // a rule script's error, with its own place
            failed.error(t.where(), std::string("the game stopped: ") + e.what());
        }
        t.accept("scenario"), t.accept("scenario_file");
    }
    outcome.failures = failed.items();
    return outcome;
}

}  // namespace

int RuleTestReport::passed() const {
    return static_cast<int>(std::count_if(outcomes.begin(), outcomes.end(), [](const auto& o) { return o.passed(); }));
}

int RuleTestReport::failed() const { return static_cast<int>(outcomes.size()) - passed(); }

std::vector<std::string> rule_test_files(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs,
                                         RuleTestSet set) {
    const fs::path tests_folder = set == RuleTestSet::Pending ? fs::path("tests") / "pending" : fs::path("tests");
    std::vector<std::string> files;
    std::vector<std::string> folders{ruleset_dir};
    folders.insert(folders.end(), house_dirs.begin(), house_dirs.end());
    for (const auto& folder : folders) {
        std::vector<std::string> here;
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(fs::path(folder) / tests_folder, ec))
            if (e.is_regular_file() && e.path().extension() == ".yaml") here.push_back(e.path().string());
        std::sort(here.begin(), here.end());
        files.insert(files.end(), here.begin(), here.end());
    }
    return files;
}

std::vector<RuleTestOutcome> run_rule_test_file(const std::string& file, const std::string& ruleset_dir,
                                                const std::vector<std::string>& house_dirs) {
    load::DiagnosticSink sink;
    const auto yaml = load::parse_yaml_file(file, file, sink);
    std::vector<RuleTestOutcome> outcomes;
    YAML::Node tests;
    if (sink.empty()) {
        MapReader top(yaml.root, file, sink, "a rule test file");
        const std::string format = top.text("format", {.required = true});
        if (!format.empty() && format != "sandtable-rule-tests/1")
            sink.error(top.where("format"), "unknown format '" + format + "' (expected sandtable-rule-tests/1)");
        tests = top.child("tests", {.required = true});
        if (tests.IsDefined() && !tests.IsSequence()) sink.error(top.where("tests"), "'tests' is a list of rule tests");
    }
    if (!sink.empty()) {
        return {RuleTestOutcome{file, "", {file, 1, 1}, sink.items()}};
    }
    for (const auto& test : tests) outcomes.push_back(run_test(test, file, ruleset_dir, house_dirs));
    return outcomes;
}

RuleTestReport run_rule_tests(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs,
                              RuleTestSet set) {
    RuleTestReport report;
    report.files = rule_test_files(ruleset_dir, house_dirs, set);
    for (const auto& file : report.files) {
        auto outcomes = run_rule_test_file(file, ruleset_dir, house_dirs);
        report.outcomes.insert(report.outcomes.end(), outcomes.begin(), outcomes.end());
    }
    return report;
}

}  // namespace sandtable::bots
