// The Lua side of a game: loads the ruleset's rule modules into one sandbox,
// binds the kernel API (`game.*`), and relays kernel events to the handlers
// the modules registered with game.on(). Implements kernel::RuleHooks.
#pragma once

#include "kernel/events.h"
#include "rules/ruleset.h"
#include "script/compiled_modules.h"
#include "script/lua_sandbox.h"

#include <cstdint>
#include <array>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

struct lua_State;

namespace sandtable::kernel {
class Game;
}

namespace sandtable::script {

class RuleHost : public kernel::RuleHooks {
public:
    // `compiled`, when given, supplies the modules' bytecode (shared by many
    // games of one ruleset); otherwise each module file is read and compiled.
    explicit RuleHost(const rules::Ruleset& ruleset, SandboxLimits limits = {},
                      std::shared_ptr<const CompiledModules> compiled = nullptr);
    ~RuleHost() override;

    // Starts a game: loads the modules the first time; later games (a batch
    // worker's next game) find them loaded and only run game.setup. Modules
    // keep their state in the game, not in Lua (docs/adr/0022), so nothing
    // of an earlier game reaches the next. One host serves games of one
    // scenario only: its `rules:` switches chose the modules loaded.
    void setup(kernel::Game& game) override;
    bool listens(const std::string& event) const override;
    void dispatch(kernel::Game& game, kernel::EventContext& context) override;
    void answer(kernel::Game& game, int question, int answer) override;
    void commit() override;
    void rollback() override;
    std::shared_ptr<const kernel::HooksSnapshot> snapshot() const override;
    void restore(const kernel::HooksSnapshot* snapshot) override;

    // Runs extra Lua in the same sandbox (tests, the studio's console).
    void run_chunk(const std::string& source, const std::string& name);
    LuaSandbox& sandbox() { return sandbox_; }
    const rules::Ruleset& ruleset() const { return ruleset_; }
    // Wall time spent running Lua handlers so far (for the benchmarks' Lua share).
    std::int64_t lua_nanoseconds() const { return lua_ns_; }

    // Called from the Lua bindings; nullptr before the host is attached.
    kernel::Game* attached_game() const { return game_; }
    // True while a query event is being answered (sight.check, or an event the
    // kernel raises only to ask, such as combat.strengths for an estimate): the
    // API's functions that act refuse then.
    bool in_query() const { return query_event_ != nullptr; }
    const char* query_event() const { return query_event_ ? query_event_ : ""; }
    // What a handler asked to see: the kernel calls it only for matching
    // events, so a rule about chargers costs nothing when infantry moves.
    struct HandlerFilter {
        std::string phase;          // ctx.phase must equal this, when set
        int unit_attribute = -1;    // ctx.unit's attribute must be non-zero (true, not "none"), when set
        bool by_unit_type = false;  // ctx.unit's type must be one of unit_types
        std::vector<int> unit_types;
        std::string module;  // the rule module that registered it
    };
    void add_handler(const char* event, HandlerFilter filter);
    // The handlers registered so far for an event (index i is Lua's i + 1).
    const std::vector<HandlerFilter>& handlers(const char* event) const;
    // The module being loaded; empty once the rules have loaded.
    const std::string& loading_module() const { return loading_module_; }
    const std::string& loading_file() const { return loading_file_; }
    // A module's handlers for an event that another module wrapped (game.wrap).
    struct WrappedHandler {
        std::string module;
        std::string event;
        std::string by;       // the wrapping module
        std::string by_file;  // its Lua file
        int handlers = 0;
    };
    void add_wrap(WrappedHandler wrap) { wrapped_.push_back(std::move(wrap)); }
    const std::vector<WrappedHandler>& wrapped() const { return wrapped_; }
    void add_continuation(int question, int ref);
    std::size_t pending_questions() const { return continuations_.size(); }

    // What scripts make the kernel hold, counted against the limits of
    // docs/security.md: the game's log and the names of marks.
    struct Holdings {
        std::size_t log_bytes = 0;
        std::set<std::string, std::less<>> mark_names;
    };
    Holdings& holdings() { return holdings_; }

private:
    void bind_api();
    void forget_last_game();
    void load_modules(const std::vector<rules::RuleModule>& modules);

    const rules::Ruleset& ruleset_;
    LuaSandbox sandbox_;
    std::shared_ptr<const CompiledModules> compiled_;
    // Per event id, in registration order (the handlers' Lua table has them at 1..n).
    std::array<std::vector<HandlerFilter>, static_cast<std::size_t>(kernel::Event::Count)> filters_;
    // A pending question's continuation: a Lua registry reference, released
    // when nothing holds it (the host, an action in progress, a snapshot).
    struct Continuation {
        Continuation(lua_State* state, int reference, std::weak_ptr<const bool> alive)
            : L(state), ref(reference), host_alive(std::move(alive)) {}
        Continuation(const Continuation&) = delete;
        Continuation& operator=(const Continuation&) = delete;
        ~Continuation();
        lua_State* L;
        int ref;
        std::weak_ptr<const bool> host_alive;
    };
    using ContinuationRef = std::shared_ptr<const Continuation>;
    struct PendingContinuations;
    std::map<int, ContinuationRef> continuations_;        // question id -> its continuation
    std::vector<std::pair<int, ContinuationRef>> spent_;  // answered in the current action, released at commit
    std::vector<int> added_;                              // asked in the current action
    kernel::Game* game_ = nullptr;
    bool loaded_ = false;
    const rules::Scenario* loaded_for_ = nullptr;  // the scenario whose modules were loaded
    std::string loading_module_;
    std::string loading_file_;
    std::vector<WrappedHandler> wrapped_;
    const char* query_event_ = nullptr;  // the event being answered as a query, if one is
    std::int64_t lua_ns_ = 0;
    Holdings holdings_;
    // Last, so it goes first: continuations outliving the host (in a snapshot)
    // then leave the closing Lua state alone.
    std::shared_ptr<const bool> alive_ = std::make_shared<const bool>(true);
};

}  // namespace sandtable::script
