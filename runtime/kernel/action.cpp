#include "kernel/action.h"

#include <array>
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
}  // namespace

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
