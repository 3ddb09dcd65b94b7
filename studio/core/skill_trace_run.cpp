#include "core/skill_trace_run.h"

namespace sandtable::studio {

SkillTraceRun::SkillTraceRun(const bots::BatchSpec& base, std::size_t sides)
    : steps_(skill_trace_steps(base, sides)), running_(std::make_unique<BalanceRun>(steps_.front().spec)) {}

SkillTraceRun::Progress SkillTraceRun::poll() {
    Progress p;
    p.steps = steps_.size();
    p.step = current_;
    if (running_) {
        const auto now = running_->progress();
        p.done = now.done, p.total = now.total;
        if (!now.finished) return p;
        if (!now.error.empty()) error_ = now.error;
        if (error_.empty()) {
            const auto more = trace_points(steps_[current_], running_->results());
            points_.insert(points_.end(), more.begin(), more.end());
        }
        running_.reset();
        ++current_;
        if (error_.empty() && !stopped_ && current_ < steps_.size())
            running_ = std::make_unique<BalanceRun>(steps_[current_].spec);
    }
    p.step = current_;
    p.finished = !running_;
    p.error = error_;
    return p;
}

void SkillTraceRun::stop() {
    stopped_ = true;
    if (running_) running_->stop();
}

}  // namespace sandtable::studio
