#include "rules/morale_bands.h"

#include <algorithm>

namespace sandtable::rules {

const char* reaction_name(MoraleReaction r) {
    switch (r) {
        case MoraleReaction::None:
            return "no effect";
        case MoraleReaction::Back:
            return "back";
        case MoraleReaction::BackAndTurn:
            return "back and turn";
        case MoraleReaction::Rout:
            return "rout";
    }
    return "?";
}

const char* reaction_code(MoraleReaction r) {
    switch (r) {
        case MoraleReaction::None:
            return "NE";
        case MoraleReaction::Back:
            return "B";
        case MoraleReaction::BackAndTurn:
            return "BT";
        case MoraleReaction::Rout:
            return "R";
    }
    return "?";
}

int MoraleBands::column_for(int value, int shift) const {
    if (columns.empty()) return -1;
    int column = static_cast<int>(columns.size()) - 1;
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (value <= columns[i].up_to) {
            column = static_cast<int>(i);
            break;
        }
    return std::clamp(column + shift, 0, static_cast<int>(columns.size()) - 1);
}

MoraleReaction MoraleBands::result(int column, int losses) const {
    if (column < 0 || losses <= 0) return MoraleReaction::None;
    const auto& c = columns[static_cast<std::size_t>(column)];
    if (losses >= c.rout) return MoraleReaction::Rout;
    if (losses >= c.back_and_turn) return MoraleReaction::BackAndTurn;
    if (losses >= c.back) return MoraleReaction::Back;
    return MoraleReaction::None;
}

}  // namespace sandtable::rules
