#include "kernel/action.h"

#include <array>
#include <type_traits>
#include <utility>

namespace sandtable::kernel {

namespace {
constexpr std::array<std::pair<ActionKind, const char*>, 23> kNames{{
    {ActionKind::EndPhase, "end_phase"},
    {ActionKind::SelectUnit, "select"},
    {ActionKind::MoveTo, "move"},
    {ActionKind::Fire, "fire"},
    {ActionKind::Declare, "declare"},
    {ActionKind::AddAttacker, "add_attacker"},
    {ActionKind::AddDefender, "add_defender"},
    {ActionKind::Resolve, "resolve"},
    {ActionKind::ChooseUnit, "choose_unit"},
    {ActionKind::RetreatTo, "retreat"},
    {ActionKind::AdvanceTo, "advance"},
    {ActionKind::Decline, "decline"},
    {ActionKind::RallyTo, "rally"},
    {ActionKind::Choose, "choose"},
    {ActionKind::Flip, "flip"},
    {ActionKind::Plot, "plot"},
    {ActionKind::Exit, "exit"},
    {ActionKind::Concede, "concede"},
    {ActionKind::StiffResistance, "stiff_resistance"},
    {ActionKind::CommitSupport, "commit_support"},
    {ActionKind::Activate, "activate"},
    {ActionKind::GiveOrder, "give_order"},
    {ActionKind::WriteOrder, "write_order"},
}};

// kind() is the record's index in the variant: the two orders must agree.
template <class R, ActionKind K>
constexpr bool in_place = std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(K), Action::Record>, R>;
static_assert(in_place<act::EndPhase, ActionKind::EndPhase> && in_place<act::SelectUnit, ActionKind::SelectUnit> &&
              in_place<act::MoveTo, ActionKind::MoveTo> && in_place<act::Fire, ActionKind::Fire> &&
              in_place<act::Declare, ActionKind::Declare> && in_place<act::AddAttacker, ActionKind::AddAttacker> &&
              in_place<act::AddDefender, ActionKind::AddDefender> && in_place<act::Resolve, ActionKind::Resolve> &&
              in_place<act::ChooseUnit, ActionKind::ChooseUnit> && in_place<act::RetreatTo, ActionKind::RetreatTo> &&
              in_place<act::AdvanceTo, ActionKind::AdvanceTo> && in_place<act::Decline, ActionKind::Decline> &&
              in_place<act::RallyTo, ActionKind::RallyTo> && in_place<act::Choose, ActionKind::Choose> &&
              in_place<act::Flip, ActionKind::Flip> && in_place<act::Plot, ActionKind::Plot> &&
              in_place<act::Exit, ActionKind::Exit> && in_place<act::Concede, ActionKind::Concede> &&
              in_place<act::StiffResistance, ActionKind::StiffResistance> &&
              in_place<act::CommitSupport, ActionKind::CommitSupport> &&
              in_place<act::Activate, ActionKind::Activate> && in_place<act::GiveOrder, ActionKind::GiveOrder> &&
              in_place<act::WriteOrder, ActionKind::WriteOrder> &&
              std::variant_size_v<Action::Record> == kNames.size());

template <std::size_t... I>
Action blank(std::size_t index, std::index_sequence<I...>) {
    static constexpr Action (*make[])() = {[]() { return Action(std::variant_alternative_t<I, Action::Record>{}); }...};
    return make[index]();
}

}  // namespace

int Action::unit() const {
    return std::visit(
        [](const auto& r) {
            if constexpr (requires { r.unit; })
                return r.unit;
            else
                return -1;
        },
        record_);
}

int Action::target() const {
    return std::visit(
        [](const auto& r) {
            if constexpr (requires { r.target; })
                return r.target;
            else
                return -1;
        },
        record_);
}

std::optional<geometry::Hex> Action::hex() const {
    return std::visit(
        [](const auto& r) -> std::optional<geometry::Hex> {
            if constexpr (requires { r.hex; })
                return r.hex;
            else
                return std::nullopt;
        },
        record_);
}

Action blank_action(ActionKind kind) {
    return blank(static_cast<std::size_t>(kind), std::make_index_sequence<std::variant_size_v<Action::Record>>{});
}

const char* action_kind_name(ActionKind kind) {
    for (const auto& [k, name] : kNames)
        if (k == kind) return name;
    return "?";
}

bool parse_action_kind(const std::string& name, ActionKind& out) {
    for (const auto& [k, n] : kNames)
        if (name == n) {
            out = k;
            return true;
        }
    return false;
}

}  // namespace sandtable::kernel
