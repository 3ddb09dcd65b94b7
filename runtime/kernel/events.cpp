#include "kernel/events.h"
#include "kernel/event_catalogue.h"

#include <unordered_map>

namespace sandtable::kernel {

namespace {
template <class V>
const V* find(const std::vector<std::pair<std::string, V>>& items, const std::string& key) {
    for (const auto& [k, v] : items)
        if (k == key) return &v;
    return nullptr;
}
template <class V>
void put(std::vector<std::pair<std::string, V>>& items, const std::string& key, V value) {
    for (auto& [k, v] : items)
        if (k == key) {
            v = std::move(value);
            return;
        }
    items.emplace_back(key, std::move(value));
}
}  // namespace

long long EventContext::get(const std::string& key, long long fallback) const {
    const long long* v = find(ints_, key);
    return v ? *v : fallback;
}
void EventContext::set(const std::string& key, long long value) { put(ints_, key, value); }
const std::vector<int>* EventContext::list(const std::string& key) const { return find(lists_, key); }
void EventContext::set_list(const std::string& key, std::vector<int> values) { put(lists_, key, std::move(values)); }
std::string EventContext::text(const std::string& key) const {
    const std::string* v = find(texts_, key);
    return v ? *v : std::string{};
}
void EventContext::set_text(const std::string& key, std::string value) { put(texts_, key, std::move(value)); }

const char* event_name(Event e) { return known_events()[static_cast<std::size_t>(e)].c_str(); }

// From the catalogue, where each event is declared once.
const std::vector<std::string>& known_events() {
    static const std::vector<std::string> events = [] {
        std::vector<std::string> names;
        for (const auto& spec : event_catalogue()) names.emplace_back(spec.name);
        return names;
    }();
    return events;
}

// Modules name events as they load, in every game a batch starts: a hashed lookup.
std::optional<Event> event_named(std::string_view name) {
    static const std::unordered_map<std::string_view, Event> by_name = [] {
        std::unordered_map<std::string_view, Event> names;
        const auto& known = known_events();
        for (std::size_t i = 0; i < known.size(); ++i) names.emplace(known[i], static_cast<Event>(i));
        return names;
    }();
    const auto it = by_name.find(name);
    if (it == by_name.end()) return std::nullopt;
    return it->second;
}

}  // namespace sandtable::kernel
