// The rule host: loads the modules, relays the kernel's events to their
// handlers and reads back what the handlers changed, keeps the questions a
// handler asked, and commits or rolls back with the action. The game API
// the handlers call is in bindings/, the modules' environments in
// module_environment.cpp.
#include "script/rule_host.h"

#include "script/bindings/bindings.h"
#include "script/module_environment.h"

#include "kernel/event_catalogue.h"
#include "kernel/game.h"
#include "load/loader.h"
#include "rules/rule_switches.h"

#include <lua.hpp>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace sandtable::script {

using bindings::kHandlers;
using kernel::Game;

RuleHost::RuleHost(const rules::Ruleset& ruleset, SandboxLimits limits, std::shared_ptr<const CompiledModules> compiled)
    : ruleset_(ruleset), sandbox_(limits), compiled_(std::move(compiled)) {
    sandbox_.protect(
        [this](lua_State* L) {
            lua_newtable(L);
            lua_setfield(L, LUA_REGISTRYINDEX, kHandlers);
            bind_api();
        },
        0, "the rule host");
}

RuleHost::~RuleHost() = default;

// Position of `event` in kernel::known_events(), which is also its kernel::Event
// value; known_events().size() when the name is unknown.
static std::size_t event_index(std::string_view event) {
    const auto known = kernel::event_named(event);
    return known ? static_cast<std::size_t>(*known) : kernel::known_events().size();
}

void RuleHost::add_handler(const char* event, HandlerFilter filter) {
    filters_[event_index(event)].push_back(std::move(filter));  // l_on has rejected unknown names
}

const std::vector<RuleHost::HandlerFilter>& RuleHost::handlers(const char* event) const {
    return filters_.at(event_index(event));  // l_wrap has rejected unknown names
}

bool RuleHost::listens(const std::string& event) const {
    const std::size_t id = event_index(event);
    return id < filters_.size() && !filters_[id].empty();
}

void RuleHost::bind_api() {
    lua_State* L = sandbox_.state();
    const std::initializer_list<const luaL_Reg*> groups = {
        bindings::handler_functions(), bindings::unit_functions(),    bindings::unit_change_functions(),
        bindings::map_functions(),     bindings::order_functions(),   bindings::turn_functions(),
        bindings::combat_functions(),  bindings::tabletop_functions()};
    int count = 0;
    for (const luaL_Reg* functions : groups)
        for (const luaL_Reg* f = functions; f->name; ++f) ++count;
    lua_createtable(L, 0, count);  // sized once: every game a batch starts builds this table
    for (const luaL_Reg* functions : groups) {
        lua_pushlightuserdata(L, this);
        luaL_setfuncs(L, functions, 1);
    }
    lua_setglobal(L, "game");
}

void RuleHost::setup(Game& game) {
    if (loaded_ && loaded_for_ != &game.scenario())
        throw std::logic_error("a rule host is reused only for games of the scenario it loaded the modules for");
    forget_last_game();
    game_ = &game;
    // The ruleset's modules with the scenario's `rules:` switches applied.
    if (!loaded_) {
        loaded_for_ = &game.scenario();
        load_modules(rules::effective_modules(ruleset_, game.scenario()));
    }
    kernel::EventContext ctx(kernel::Event::GameSetup);
    dispatch(game, ctx);
}

// What the host holds for one game: its questions' continuations, the
// holdings counted against the limits, the Lua time measured.
void RuleHost::forget_last_game() {
    continuations_.clear();
    spent_.clear();
    added_.clear();
    holdings_ = {};
    lua_ns_ = 0;
    query_event_ = nullptr;
}

// Globals are closed before the first module runs: modules compose through
// game.on and game.wrap and keep their state in unit marks, which the kernel
// rolls back and checksums, never in globals, which it cannot. Each module
// runs in an environment of its own holding its `params`, reading the shared
// globals through it and refused any assignment to a global.
void RuleHost::load_modules(const std::vector<rules::RuleModule>& modules) {
    lua_State* L = sandbox_.state();
    const int top = lua_gettop(L);
    loaded_ = true;  // even if a module fails: the globals are closed once
    sandbox_.protect(close_globals, 0, "the rule modules' globals");
    struct Done {
        std::string& module;
        std::string& file;
        lua_State* L;
        int top;
        ~Done() {
            module.clear();
            file.clear();
            lua_settop(L, top);
        }
    } done{loading_module_, loading_file_, L, top};
    for (const auto& m : modules) {
        if (!m.enabled) continue;  // switched off in ruleset.yaml or the scenario: listed, never run
        loading_module_ = m.module;
        loading_file_ = m.file;
        sandbox_.protect([&m](lua_State* S) { push_environment(S, m.params); }, 1,
                         m.where.file.empty() ? m.file : m.where.file);
        const int environment = lua_gettop(L);
        const std::string* code = compiled_ ? compiled_->bytecode(m.file) : nullptr;
        if (code)
            sandbox_.run_compiled(*code, m.file, 0, environment);
        else
            sandbox_.run_compiled(compile_module(sandbox_, load::read_file(m.file), m.file), m.file, 0, environment);
        lua_settop(L, environment - 1);
    }
}

void RuleHost::run_chunk(const std::string& source, const std::string& name) { sandbox_.run(source, name, 0); }

namespace {
// Adds the time of one scope to a counter; nested scopes count once.
class LuaTimer {
public:
    explicit LuaTimer(std::int64_t& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
    ~LuaTimer() {
        total_ +=
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::int64_t& total_;
    std::chrono::steady_clock::time_point start_;
};
}  // namespace

namespace {
bool passes(const RuleHost::HandlerFilter& f, const kernel::Game& game, const kernel::EventContext& context) {
    // `phase`: the phase the event names (phase.begin, phase.end), else the phase in progress.
    if (!f.phase.empty()) {
        const std::string named = context.text("phase");
        if ((named.empty() ? game.phase_id() : named) != f.phase) return false;
    }
    const long long unit = context.get("unit", -1);
    if (f.unit_attribute >= 0 && (unit < 0 || game.unit(static_cast<int>(unit)).attribute(f.unit_attribute) == 0))
        return false;
    if (f.by_unit_type) {
        if (unit < 0 || unit >= static_cast<long long>(game.state().units.size())) return false;
        const int type = game.state().unit(unit).type;
        if (std::find(f.unit_types.begin(), f.unit_types.end(), type) == f.unit_types.end()) return false;
    }
    return true;
}

void push_context(lua_State* L, const kernel::EventContext& context) {
    lua_createtable(L, 0, 8);
    for (const auto& [k, v] : context.ints()) lua_pushinteger(L, v), lua_setfield(L, -2, k.c_str());
    for (const auto& [k, v] : context.texts()) lua_pushstring(L, v.c_str()), lua_setfield(L, -2, k.c_str());
    for (const auto& [k, v] : context.lists()) bindings::push_int_list(L, v), lua_setfield(L, -2, k.c_str());
}

// The writable keys as Lua strings, pushed before any handler runs, so that
// reading them back allocates nothing in Lua (a handler may leave the heap full).
int push_writable_keys(lua_State* L, kernel::Event event) {
    const kernel::WritableFields& w = kernel::writable_fields(event);
    luaL_checkstack(L, static_cast<int>(w.numbers.size() + w.texts.size()) + 2, "context keys");
    const int first = lua_gettop(L) + 1;
    for (const char* key : w.numbers) lua_pushstring(L, key);
    for (const char* key : w.texts) lua_pushstring(L, key);
    return first;
}

// Raw reads of the keys at `keys`: a metatable a handler gave the context
// table runs no code here, and no Lua call here can raise.
void read_back(lua_State* L, int ctx, int keys, kernel::EventContext& context) {
    const kernel::WritableFields& w = kernel::writable_fields(context.event());
    int at = keys;
    for (const char* key : w.numbers) {
        lua_pushvalue(L, at++);
        lua_rawget(L, ctx);
        if (lua_isboolean(L, -1))
            context.set(key, lua_toboolean(L, -1));
        else if (lua_isinteger(L, -1))
            context.set(key, lua_tointeger(L, -1));
        lua_pop(L, 1);
    }
    for (const char* key : w.texts) {
        lua_pushvalue(L, at++);
        if (lua_rawget(L, ctx) == LUA_TSTRING)
            context.set_text(key, std::string(lua_tostring(L, -1), lua_rawlen(L, -1)));
        lua_pop(L, 1);
    }
}
// After one handler of a traced event: reads its writes back at once and
// records those that changed a value, naming the handler's module.
void record_handler_changes(lua_State* L, int ctx, int keys, const std::string& module, kernel::EventContext& context) {
    const kernel::EventContext before = context;
    read_back(L, ctx, keys, context);
    const kernel::WritableFields& w = kernel::writable_fields(context.event());
    for (const char* key : w.numbers)
        if (before.get(key) != context.get(key))
            context.record({module, key, std::to_string(before.get(key)), std::to_string(context.get(key))});
    for (const char* key : w.texts)
        if (before.text(key) != context.text(key)) context.record({module, key, before.text(key), context.text(key)});
}
}  // namespace

void RuleHost::dispatch(Game& game, kernel::EventContext& context) {
    game_ = &game;
    const auto& filters = filters_[static_cast<std::size_t>(context.event())];
    if (filters.empty()) return;
    LuaTimer timer(lua_ns_);
    lua_State* L = sandbox_.state();
    const int top = lua_gettop(L);
    const char* was_query = query_event_;
    query_event_ = context.query() ? kernel::event_name(context.event()) : nullptr;
    struct Restore {
        const char*& slot;
        const char* value;
        ~Restore() { slot = value; }
    } restore{query_event_, was_query};
    // Most events reach no handler past its filter: no Lua at all for them.
    if (std::none_of(filters.begin(), filters.end(), [&](const HandlerFilter& f) { return passes(f, game, context); }))
        return;
    // One protected call for the whole event: building the context, every
    // handler (sharing one budget) and reading the answers back.
    const auto run_handlers = [&](lua_State* S) {
        int handlers = 0, ctx = 0, keys = 0;  // stack slots, filled when a handler passes its filter
        for (std::size_t i = 0; i < filters.size(); ++i) {
            if (!passes(filters[i], game, context)) continue;
            if (!handlers) {
                lua_getfield(S, LUA_REGISTRYINDEX, kHandlers);
                lua_getfield(S, -1, kernel::event_name(context.event()));
                handlers = lua_gettop(S);
                keys = push_writable_keys(S, context.event());
                push_context(S, context);
                ctx = lua_gettop(S);
            }
            lua_rawgeti(S, handlers, static_cast<lua_Integer>(i + 1));
            lua_pushvalue(S, ctx);
            lua_call(S, 1, 0);
            if (context.traced()) record_handler_changes(S, ctx, keys, filters[i].module, context);
        }
        if (ctx) read_back(S, ctx, keys, context);
    };
    try {
        sandbox_.protect(run_handlers, 0, kernel::event_name(context.event()));
    } catch (...) {
        lua_settop(L, top);
        throw;
    }
    lua_settop(L, top);
}

RuleHost::Continuation::~Continuation() {
    if (!host_alive.expired()) luaL_unref(L, LUA_REGISTRYINDEX, ref);
}

struct RuleHost::PendingContinuations : kernel::HooksSnapshot {
    std::map<int, ContinuationRef> continuations;
};

// The continuation is dropped only once it has run: when it fails, the
// kernel puts the question back and the same answer can be tried again.
void RuleHost::answer(Game& game, int question, int answer) {
    game_ = &game;
    auto it = continuations_.find(question);
    if (it == continuations_.end()) return;
    LuaTimer timer(lua_ns_);
    const ContinuationRef continuation = it->second;
    sandbox_.protect([&](lua_State* L) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, continuation->ref);
        lua_pushinteger(L, answer + 1);
        lua_call(L, 1, 0);
    });
    // Released at commit: if the action fails later on, the kernel puts the
    // question back and its continuation must be there for the next answer.
    spent_.emplace_back(question, continuation);
    continuations_.erase(question);
}

void RuleHost::add_continuation(int question, int ref) {
    continuations_[question] = std::make_shared<const Continuation>(sandbox_.state(), ref, alive_);
    added_.push_back(question);
}

void RuleHost::commit() {
    spent_.clear();
    added_.clear();
}

void RuleHost::rollback() {
    for (int question : added_) continuations_.erase(question);  // questions the failed action asked are gone
    for (auto& [question, continuation] : spent_)
        continuations_[question] = std::move(continuation);  // answered ones come back
    spent_.clear();
    added_.clear();
}

std::shared_ptr<const kernel::HooksSnapshot> RuleHost::snapshot() const {
    if (continuations_.empty()) return nullptr;
    auto pending = std::make_shared<PendingContinuations>();
    pending->continuations = continuations_;
    return pending;
}

void RuleHost::restore(const kernel::HooksSnapshot* snapshot) {
    const auto* pending = dynamic_cast<const PendingContinuations*>(snapshot);
    continuations_ = pending ? pending->continuations : std::map<int, ContinuationRef>{};
    spent_.clear();
    added_.clear();
}

}  // namespace sandtable::script
