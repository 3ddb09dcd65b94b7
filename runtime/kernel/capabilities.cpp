// The names of the capabilities rule scripts set (game.set_capability) and
// the value each has until a script changes it.
#include "kernel/beside_state.h"

#include <array>
#include <string>

namespace sandtable::kernel {

namespace {
constexpr std::array<const char*, static_cast<int>(Capability::Count)> kCapabilityNames{"exerts_zoc",
                                                                                        "retreat_hexes",
                                                                                        "advance_hexes",
                                                                                        "disordered_by_retreat",
                                                                                        "disorders_retreated_through",
                                                                                        "blocks_enemy_entry",
                                                                                        "stacks_freely",
                                                                                        "enter_ezoc_needs_friend",
                                                                                        "can_be_fired_at",
                                                                                        "auto_reorganize",
                                                                                        "flips_at_movement_start",
                                                                                        "faces",
                                                                                        "victory_points",
                                                                                        "ezoc_entry_cost",
                                                                                        "ignores_zoc_barriers",
                                                                                        "reorganizes",
                                                                                        "changes_formation",
                                                                                        "volleys_when_moved",
                                                                                        "indirect_fire"};
constexpr std::array<int, static_cast<int>(Capability::Count)> kCapabilityDefaults{1, 1, 1,  1,  1, 1, 0, 0,  1, 0,
                                                                                   0, 0, -1, -1, 0, 1, 1, -1, 0};
}  // namespace

int capability_default(Capability c) { return kCapabilityDefaults[static_cast<std::size_t>(c)]; }

const char* capability_name(Capability c) { return kCapabilityNames[static_cast<std::size_t>(c)]; }

bool parse_capability(const std::string& name, Capability& out) {
    for (std::size_t i = 0; i < kCapabilityNames.size(); ++i)
        if (name == kCapabilityNames[i]) {
            out = static_cast<Capability>(i);
            return true;
        }
    return false;
}

}  // namespace sandtable::kernel
