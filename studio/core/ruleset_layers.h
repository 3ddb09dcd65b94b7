// The layers of the ruleset a scenario is played with — the ruleset, then
// its house rules — as the studio needs them: where each value shown comes
// from, and what an edit is saved into. Edits go into the last house rule,
// into a patch file the studio owns (studio.yaml), written as the difference
// between the edited model and everything else (load/house_patch_writer.h).
#pragma once

#include "rules/ruleset.h"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace sandtable::studio {

class RulesetLayers {
public:
    // `house_dirs`: the house rule folders, in the order applied. Throws
    // load::LoadError when they do not load.
    static RulesetLayers load(const std::string& ruleset_dir, const std::vector<std::string>& house_dirs);

    // A value edited since the last save: it goes into the target house rule.
    static constexpr std::size_t kEdited = std::numeric_limits<std::size_t>::max();

    const std::vector<rules::RulesetLayer>& layers() const { return models_.back().layers; }
    const rules::RulesetLayer& target() const { return layers().back(); }
    // The patch file edits are saved into, and the model it is taken against:
    // every layer with that file left out.
    std::string target_patch_file() const;
    const rules::Ruleset& reference() const { return reference_; }
    // Every layer as on disk, the studio patch included.
    const rules::Ruleset& on_disk() const { return models_.back(); }

    // The layer a value of the edited model `now` comes from.
    std::size_t origin_of_attribute(const rules::Ruleset& now, const std::string& type, bool back, int attribute) const;
    // The type itself (added by a house rule, or its back face) and its texts.
    std::size_t origin_of_unit_type(const rules::Ruleset& now, const std::string& type) const;
    std::size_t origin_of_type_name(const rules::Ruleset& now, const std::string& type) const;
    std::size_t origin_of_type_symbol(const rules::Ruleset& now, const std::string& type) const;
    std::size_t origin_of_cell(const rules::Ruleset& now, const std::string& table, int row, int column) const;
    std::size_t origin_of_module(const rules::Ruleset& now, const std::string& module) const;
    // "house rule 'war-elephants' (rulesets/bmw/house-rules/war-elephants)", "the ruleset", "edited, not saved".
    std::string describe(std::size_t origin) const;

private:
    template <class Value>
    std::size_t origin(const rules::Ruleset& now, Value&& value_in) const;

    std::vector<rules::Ruleset> models_;  // [k]: the ruleset with layers 0..k
    rules::Ruleset reference_;
    std::string target_dir_;
};

// Creates DIR/house.yaml for a new house rule of `base` (named `name`, id
// `id`, fitting the base's major version) with an empty studio.yaml patch.
// Throws std::runtime_error when DIR exists.
void create_house_rule(const std::string& dir, const std::string& id, const std::string& name,
                       const rules::Ruleset& base);

// The text of the house rule's house.yaml listing studio.yaml among its
// patches (last), the `patches:` line or list edited in place (the file is
// not written); throws std::runtime_error naming the file when it cannot
// tell where the list is.
std::string studio_patch_listed(const std::string& house_dir);

}  // namespace sandtable::studio
