// Replay format 1's checksum, for converting old replays (see checksum_v1.cpp).
#pragma once

#include <cstdint>

namespace sandtable::kernel {

class Game;
std::uint64_t checksum_v1(const Game& game);

}  // namespace sandtable::kernel
