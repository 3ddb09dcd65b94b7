#include "core/balance_run.h"

#include <exception>

namespace sandtable::studio {

BalanceRun::BalanceRun(bots::BatchSpec spec) : thread_([this, spec = std::move(spec)] { run(spec); }) {}

BalanceRun::~BalanceRun() {
    stop();
    if (thread_.joinable()) thread_.join();
}

void BalanceRun::stop() { stop_ = true; }

void BalanceRun::run(bots::BatchSpec spec) {
    try {
        bots::BatchHeader header;
        auto games = bots::run_batch(spec, header, [this](std::uint64_t done, std::uint64_t total) {
            done_ = done;
            total_ = total;
            return !stop_;
        });
        std::lock_guard<std::mutex> hold(lock_);
        results_ = {std::move(header), std::move(games)};
    } catch (const std::exception& e) {
        std::lock_guard<std::mutex> hold(lock_);
        error_ = e.what();
    }
    finished_ = true;
}

BalanceRun::Progress BalanceRun::progress() const {
    Progress p{done_, total_, finished_, {}};
    if (p.finished) {
        std::lock_guard<std::mutex> hold(lock_);
        p.error = error_;
    }
    return p;
}

bots::BatchResults BalanceRun::results() const {
    std::lock_guard<std::mutex> hold(lock_);
    return results_;
}

}  // namespace sandtable::studio
