// What every fuzz harness shares: the bundled files it loads once, the
// input as text, and the rule that any error it reports is fine — a crash,
// a hang, a leak or a sanitizer's finding is not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sandtable::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

inline std::string source_dir() { return SANDTABLE_SOURCE_DIR; }

}  // namespace sandtable::fuzz
