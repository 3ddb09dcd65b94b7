#include "bots/search_settings.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sandtable::bots {

namespace {
double number_in(const std::string& key, const std::string& text, double low, double high) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) || value < low ||
        value > high)
        throw std::invalid_argument("mcts setting '" + key + "' must be a number from " + std::to_string(low) +
                                    " to " + std::to_string(high) + ", got '" + text + "'");
    return value;
}

void apply_setting(SearchSettings& s, const std::string& item) {
    if (item == "fast") {
        s = fast_search_settings();
        return;
    }
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (key == "iterations")
        s.iterations = static_cast<int>(number_in(key, value, 1, 1'000'000));
    else if (key == "ms")
        s.ms = static_cast<int>(number_in(key, value, 1, 3'600'000));
    else if (key == "horizon")
        s.horizon = static_cast<int>(number_in(key, value, 0, 50));
    else if (key == "exploration")
        s.exploration = number_in(key, value, 0, 10);
    else if (key == "margin")
        s.margin = number_in(key, value, 0, 1);
    else if (key == "confidence")
        s.confidence = number_in(key, value, 0, 10);
    else if (key == "futility")
        s.futility = value == "off" ? std::numeric_limits<double>::infinity() : number_in(key, value, 0, 10);
    else if (key == "noise")
        s.noise = number_in(key, value, 0, 1);
    else if (key == "widening")
        s.widening = number_in(key, value, 0.1, 100);
    else
        throw std::invalid_argument("unknown mcts setting '" + item +
                                    "' (known: fast, iterations=N, ms=T, horizon=N, exploration=C, widening=W, "
                                    "margin=M, confidence=Z, futility=Z|off, noise=P)");
}
}  // namespace

SearchSettings fast_search_settings() {
    SearchSettings s;
    s.iterations = 50;
    return s;
}

SearchSettings parse_search_settings(const std::string& spec) {
    SearchSettings s;
    if (spec.rfind("mcts", 0) != 0) throw std::invalid_argument("not a search bot: '" + spec + "'");
    std::size_t at = 4;
    while (at < spec.size()) {
        if (spec[at] != ':') throw std::invalid_argument("mcts settings follow ':', as in mcts:iterations=100");
        const std::size_t next = spec.find(':', at + 1);
        apply_setting(s, spec.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
        at = next == std::string::npos ? spec.size() : next;
    }
    return s;
}

}  // namespace sandtable::bots
