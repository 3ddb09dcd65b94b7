// The event contract is declared once (kernel/event_catalogue.cpp). These
// tests hold the kernel to it: every value a raise site passes is declared
// for its event, across whole games of every shipped scenario; and what the
// script host reads back is exactly what is declared writable.
#include "bots/bot.h"
#include "kernel/event_catalogue.h"
#include "kernel/game.h"
#include "load/loader.h"
#include "script/rule_host.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace sandtable;

namespace {

// Passes every event on to the real rule host, noting each value the kernel
// put in a context that the catalogue does not declare for that event.
class ContractWatch : public kernel::RuleHooks {
public:
    explicit ContractWatch(script::RuleHost& host) : host_(host) {}
    void setup(kernel::Game& game) override { host_.setup(game); }
    bool listens(const std::string&) const override { return true; }
    void dispatch(kernel::Game& game, kernel::EventContext& context) override {
        seen_.insert(context.event());
        check(context);
        if (host_.listens(context.name())) host_.dispatch(game, context);
    }
    void answer(kernel::Game& game, int question, int answer) override { host_.answer(game, question, answer); }
    void commit() override { host_.commit(); }
    void rollback() override { host_.rollback(); }

    const std::set<std::string>& undeclared() const { return undeclared_; }
    const std::set<kernel::Event>& seen() const { return seen_; }

private:
    void check(const kernel::EventContext& context) {
        const auto& spec = kernel::event_spec(context.event());
        auto declared = [&](const std::string& key, kernel::EventField::Kind kind) {
            for (const auto& f : spec.fields)
                if (key == f.name && f.kind == kind) return true;
            return false;
        };
        using K = kernel::EventField::Kind;
        for (const auto& [key, value] : context.ints())
            if (!declared(key, K::Number)) undeclared_.insert(std::string(spec.name) + " number " + key);
        for (const auto& [key, value] : context.texts())
            if (!declared(key, K::Text)) undeclared_.insert(std::string(spec.name) + " text " + key);
        for (const auto& [key, value] : context.lists())
            if (!declared(key, K::List)) undeclared_.insert(std::string(spec.name) + " list " + key);
    }

    script::RuleHost& host_;
    std::set<std::string> undeclared_;
    std::set<kernel::Event> seen_;
};

}  // namespace

TEST_CASE("Every value the kernel passes with an event is declared in the event catalogue", "[events]") {
    std::set<kernel::Event> seen;
    for (const char* scenario :
         {"scenarios/bmw/wendle-fords.yaml", "scenarios/bmw/skirmish.yaml", "scenarios/prestags/large.yaml",
          "scenarios/prestags/crossing.yaml", "scenarios/fm/greenline.yaml", "scenarios/regimental/hill_line.yaml",
          "scenarios/cady/river_of_legions.yaml", "scenarios/cady/hollins_farm.yaml"}) {
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            INFO(scenario << " seed " << seed);
            const auto loaded = load::load_scenario(std::string(SANDTABLE_SOURCE_DIR) + "/" + scenario);
            script::RuleHost host(*loaded.ruleset);
            ContractWatch watch(host);
            kernel::Game game(loaded.ruleset, loaded.scenario, seed, &watch);
            game.recording().log = false;
            game.start();
            auto bots = bots::bots_for_game({seed == 2 ? "greedy" : "random"}, 2, seed);
            for (int n = 0; n < 3000 && !game.over(); ++n)
                game.apply(bots[static_cast<std::size_t>(game.deciding_side())]->choose(game, game.legal_actions()));
            CHECK(watch.undeclared().empty());
            for (const auto& u : watch.undeclared()) UNSCOPED_INFO(u);
            seen.insert(watch.seen().begin(), watch.seen().end());
        }
    }
    // The games raise most events; the rest are raised by rule tests, not bot play.
    CHECK(seen.size() >= static_cast<std::size_t>(kernel::Event::Count) / 2);
}

TEST_CASE("The catalogue lists every event once, in the kernel's order, with its writable fields", "[events]") {
    const auto& all = kernel::event_catalogue();
    REQUIRE(all.size() == static_cast<std::size_t>(kernel::Event::Count));
    std::set<std::string> names;
    for (std::size_t i = 0; i < all.size(); ++i) {
        CHECK(static_cast<std::size_t>(all[i].event) == i);
        CHECK(names.insert(all[i].name).second);
        CHECK(kernel::event_name(all[i].event) == std::string(all[i].name));
    }
    // Borderlines of the read-back: a declared writable field, a declared read-only one, one never declared.
    CHECK(kernel::writable_field(kernel::Event::CombatOdds, "shift") != nullptr);
    CHECK(kernel::writable_field(kernel::Event::CombatOdds, "column") == nullptr);
    CHECK(kernel::writable_field(kernel::Event::CombatOdds, "odds") == nullptr);
    CHECK(kernel::writable_field(kernel::Event::CombatResult, "advance_mark")->kind == kernel::EventField::Kind::Text);
    // Queries are the events whose handlers may only read.
    for (const auto& e : all)
        if (e.query) CHECK(std::any_of(e.fields.begin(), e.fields.end(), [](const auto& f) { return f.writable; }));
}
