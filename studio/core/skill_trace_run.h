// A skill trace run in the background (skill_trace.h): its steps one batch
// after another, each a BalanceRun; the window polls it from a timer, which
// also moves it on to the next step, and may stop it, keeping the points of
// the games finished (a stopped step keeps those it finished: its interval
// shows how few they were; the games under way when it stopped are abandoned).
#pragma once

#include "core/balance_run.h"
#include "core/skill_trace.h"

#include <memory>
#include <string>
#include <vector>

namespace sandtable::studio {

class SkillTraceRun {
public:
    // `base`: the scenario, games per step and jobs; `sides`: the scenario's.
    SkillTraceRun(const bots::BatchSpec& base, std::size_t sides);

    struct Progress {
        std::size_t step = 0, steps = 0;   // the step under way (0-based) of all
        std::uint64_t done = 0, total = 0;  // its games
        bool finished = false;
        std::string error;
    };
    // Where the run stands; a finished step's points are taken and the next step started.
    Progress poll();
    void stop();
    const std::vector<SkillTracePoint>& points() const { return points_; }
    const SkillTraceStep& step(std::size_t i) const { return steps_[i]; }

private:
    std::vector<SkillTraceStep> steps_;
    std::size_t current_ = 0;
    std::unique_ptr<BalanceRun> running_;
    std::vector<SkillTracePoint> points_;
    bool stopped_ = false;
    std::string error_;
};

}  // namespace sandtable::studio
