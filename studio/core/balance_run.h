// A batch of bot games run in the background, for the balance lab: it starts
// at once on a thread of its own, the window polls its progress from a timer,
// and it can be stopped at any time, keeping the games it finished.
#pragma once

#include "bots/batch.h"
#include "bots/batch_report.h"

#include <atomic>
#include <mutex>
#include <string>
#include <thread>

namespace sandtable::studio {

class BalanceRun {
public:
    explicit BalanceRun(bots::BatchSpec spec);
    ~BalanceRun();  // stops the run: the games under way end at their next action
    BalanceRun(const BalanceRun&) = delete;
    BalanceRun& operator=(const BalanceRun&) = delete;

    struct Progress {
        std::uint64_t done = 0;
        std::uint64_t total = 0;
        bool finished = false;  // ended, stopped or failed
        std::string error;      // why it failed, when it did
    };
    Progress progress() const;
    void stop();
    // The games played, in order; meaningful once finished.
    bots::BatchResults results() const;

private:
    void run(bots::BatchSpec spec);

    std::atomic<std::uint64_t> done_{0};
    std::atomic<std::uint64_t> total_{0};
    std::atomic<bool> stop_{false};
    std::atomic<bool> finished_{false};
    mutable std::mutex lock_;  // guards error_ and results_
    std::string error_;
    bots::BatchResults results_;
    std::thread thread_;  // last: started once the rest exists
};

}  // namespace sandtable::studio
