#include "core/skill_trace.h"

#include <cstdio>

namespace sandtable::studio {

std::vector<SkillTraceStep> skill_trace_steps(const bots::BatchSpec& base, std::size_t sides) {
    std::vector<SkillTraceStep> steps;
    SkillTraceStep baseline{0, -1, base};
    baseline.spec.bots = {"greedy"};
    steps.push_back(baseline);
    for (int budget : kTraceBudgets)
        for (std::size_t side = 0; side < sides; ++side) {
            SkillTraceStep step{budget, static_cast<int>(side), base};
            step.spec.bots.assign(sides, "greedy");
            step.spec.bots[side] = "mcts:iterations=" + std::to_string(budget);
            steps.push_back(std::move(step));
        }
    return steps;
}

std::vector<SkillTracePoint> trace_points(const SkillTraceStep& step, const bots::BatchResults& results) {
    std::vector<SkillTracePoint> points;
    const std::size_t sides = results.header.sides.size();
    for (std::size_t side = 0; side < sides; ++side) {
        if (step.side >= 0 && static_cast<int>(side) != step.side) continue;
        SkillTracePoint p{step.budget, static_cast<int>(side), 0, results.games.size(), 0, 0};
        for (const auto& g : results.games) p.wins += g.winner == static_cast<int>(side);
        std::tie(p.low, p.high) = bots::wilson_interval(p.wins, p.games);
        points.push_back(p);
    }
    return points;
}

std::string skill_trace_text(const std::vector<SkillTracePoint>& points, const std::vector<std::string>& side_names) {
    std::string text = "Skill trace: wins of a side played by the search bot at each budget (look-aheads a "
                       "decision) against greedy; budget 0 is greedy against greedy\n";
    for (std::size_t side = 0; side < side_names.size(); ++side) {
        text += "\n" + side_names[side] + "\n";
        for (const auto& p : points) {
            if (p.side != static_cast<int>(side)) continue;
            char line[160];
            std::snprintf(line, sizeof line, "  %-8s %3llu of %3llu  %5.1f%%  (95%% CI %.1f-%.1f%%)\n",
                          p.budget == 0 ? "greedy" : std::to_string(p.budget).c_str(),
                          static_cast<unsigned long long>(p.wins), static_cast<unsigned long long>(p.games),
                          p.games ? 100.0 * static_cast<double>(p.wins) / static_cast<double>(p.games) : 0.0,
                          100 * p.low, 100 * p.high);
            text += line;
        }
    }
    return text;
}

}  // namespace sandtable::studio
