// What a game keeps as it plays, beside its state and never in the checksum:
// the log a person reads (the CLI's play, the studio), and the studio's
// playtest explanations. A batch keeps neither.
#pragma once

namespace sandtable::kernel {

struct Recording {
    // The game's log (log(), note()): off in batch runs, which read only the result.
    bool log = true;
    // Explaining (the studio's playtest mode): every odds combat's explanation
    // and every die rolled are kept (combat_explanations(), dice_log()); a
    // failed apply() drops those it added.
    bool explain = false;
};

}  // namespace sandtable::kernel
