// The hash replays check after every action: word-at-a-time
// multiply-xorshift mixing, stable across platforms and runs, and cheap
// enough to run after every action.
#pragma once

#include <cstdint>
#include <string>

namespace sandtable::kernel {

struct Hasher {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    void i(long long v) {
        h ^= static_cast<std::uint64_t>(v) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
    }
    void s(const std::string& v) {
        i(static_cast<long long>(v.size()));
        for (unsigned char c : v) i(c);  // unsigned: the same on every platform
    }
};

}  // namespace sandtable::kernel
