#include "kernel/events.h"

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

const std::vector<std::string>& known_events() {
    static const std::vector<std::string> events{
        "game.setup",       // once; scripts set unit capabilities
        "phase.begin",      // phase (text), side
        "phase.end",        // phase (text), side
        "move.exit_zoc",    // unit; writable: allowed (0/1), mode ("solid": not straight into another EZOC, "open": no EZOC at all, "free": stops in the next EZOC entered)
        "move.end",         // unit; list path (hex indices, start first); a script may ask questions here
        "fire.result",      // firer, target, roll, factor, hit (writable)
        "combat.declared",  // lists attackers, defenders; writable: cancel, forced_result (text)
        "combat.strengths", // attack, defend (writable); estimate: 1 when asked as a query (docs/adr/0007)
        "combat.odds",      // column, shift (writable)
        "combat.result",    // text result (writable), roll; writable: advance_required
        "unit.retreated",   // unit; text from (the hex label it left)
        "unit.eliminated",  // unit
        "turn.end",         // turn
        "move.shared_hex",  // unit (the one that arrived); list others (units of other sides already there)
        "unit.arrived",     // unit (a reinforcement now on the map, in its entry hex), due (the turn it was due)
        "combat.roll",      // column (final, 0-based), modifier (writable): raised before the CRT die is rolled
        "sight.check",      // viewer (unit), from, to (hex indices); lists hexes, alternatives (hex index or -1); blocked (writable). A query: read only
        "combat.resolved",  // lists attackers, defenders; text result: the combat's losses and retreats are all taken, before the advance
        "activation.begin", // text formation, side: the roll-off's winner activated a formation, before its first phase
        "table.allowance",  // free table: unit, order (mode 0 hold, 1 advance, 2 charge, 3 withdraw), turn (degrees the march turns from its facing), reform (1: it changes files), reaction (1: a morale reaction's move, not an order), terrain (thirds the ground on its way takes); thirds (writable: thirds of its move it loses; terrain's are added after)
        "fire.steps",       // free table: firer, target, range (cm), max_range (cm), rank (1 or 2), volley (1, 2); step (writable) on the fire ladder, figures (writable: of the rank's, how many fire)
        "shock.dice",       // free table: attacker, defender, figures (attacker's in contact); dice (writable: the shock dice rolled, its shock x figures)
        "melee.point",      // free table: unit, enemy, aspect (0 front, 1 flank, 2 rear: where the enemy strikes it from), charged (1: the enemy charged it); point, figures (writable: its figures that roll)
        "morale.shift",     // free table: unit, value, losses; columns (writable: columns to the right on the morale chart)
        "charge.begin",     // free table: unit, target: a charge is about to go in; cancel (writable: 1 stops it where it stands), target_flees (writable: 1 turns the target away)
        "figures.lost",     // free table: unit, text cause (fire, artillery, shock, melee, rout, …), text direct (artillery: the shots, comma-separated, that struck it under their cross-hairs); count (writable: the figures it loses)
        "unit.advanced",    // unit; text from, to (hex labels): it advanced after combat
        "loss.candidate",   // unit, side, last (1: the loss would remove it); refused (writable): not while another may lose. A query: read only
        "fire.reach",       // free table: firer, target, range (writable, cm): how far the firer's missiles reach that target. A query: read only
        "order.check",      // free table: unit, mode (0 hold, 1 advance, 2 charge, 3 withdraw), bearing, distance (mm), files, facing, target; refused (writable). A query: read only
    };
    return events;
}

}  // namespace sandtable::kernel
