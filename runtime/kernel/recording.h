// What a game keeps as it plays, beside its state and never in the checksum:
// the log a person reads (the CLI's play, the studio), and the studio's
// playtest explanations. A batch keeps neither.
#pragma once

#include "kernel/combat_explanation.h"

#include <string>
#include <vector>

namespace sandtable::kernel {

struct Recording {
    // The game's log (Records::log, note()): off in batch runs, which read only the result.
    bool log = true;
    // Explaining (the studio's playtest mode): every odds combat's explanation
    // and every die rolled are kept (Records::combats, Records::dice); a
    // failed apply() drops those it added.
    bool explain = false;
};

struct LogEntry {
    int turn = 0;
    std::string text;
};

// What was kept, as Recording says. A failed apply() or a restore() drops what came after.
struct Records {
    std::vector<LogEntry> log;
    std::vector<DieRecord> dice;
    std::vector<CombatExplanation> combats;
};

}  // namespace sandtable::kernel
