#include "app/board_view.h"

#include "app/hex_board_view.h"
#include "app/tabletop_board_view.h"

namespace sandtable::studio {

std::unique_ptr<BoardView> make_board_view(const rules::Ruleset& ruleset) {
    if (ruleset.table.enabled) return std::make_unique<TabletopBoardView>();
    return std::make_unique<HexBoardView>();
}

}  // namespace sandtable::studio
