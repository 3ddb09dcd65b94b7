#include "core/value_sources.h"

#include "load/provenance.h"

namespace sandtable::studio {

ValueSources ValueSources::of(const rules::Ruleset& ruleset) {
    ValueSources sources;
    if (ruleset.layers.empty()) return sources;
    std::vector<std::string> house_rules;
    for (std::size_t i = 1; i < ruleset.layers.size(); ++i) house_rules.push_back(ruleset.layers[i].directory);
    try {
        const auto layered = load::load_layered_ruleset(ruleset.layers.front().directory, house_rules);
        const auto& layers = layered.document.layers;
        for (const auto& v : load::sourced_values(layered.document)) {
            const auto& layer = layers.at(v.layer);
            const std::string who =
                (layer.kind == rules::RulesetLayer::Kind::Ruleset ? "ruleset " : "house rule ") + layer.id;
            sources.by_path_[load::path_text(v.path)] = who + ", " + v.where.to_string();
        }
    } catch (const std::exception&) {
        // The files changed since the game began and no longer load: no sources to name.
    }
    return sources;
}

std::string ValueSources::at(const std::string& path) const {
    const auto it = by_path_.find(path);
    return it == by_path_.end() ? std::string() : it->second;
}

std::string ValueSources::unit_value(const std::string& type, bool back, const std::string& attribute) const {
    const std::string face = at("unit_types." + type + (back ? ".back." : ".front.") + attribute);
    return face.empty() ? at("unit_types." + type + "." + attribute) : face;
}

}  // namespace sandtable::studio
