#include "bots/mcts_bot.h"
#include "bots/evaluator.h"
#include "bots/rollout.h"
#include "bots/trial.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace sandtable::bots {

using kernel::Action;
using kernel::Game;

// A decision in the tree: who decides, and the actions tried from it in the
// order they are opened. Open loop: the dice between decisions are drawn anew
// in every look-ahead, so a node stands for the actions that led to it.
struct MctsBot::Node {
    struct Edge {
        Action action;
        std::unique_ptr<Node> child;
        int visits = 0;
        double value = 0;    // summed, for the side deciding at this node
        double squares = 0;  // of the values, for the spread of the mean
        double mean() const { return visits > 0 ? value / visits : 0.0; }
        // The variance of the mean's estimate (a sample of one: as wide as a value can be).
        double mean_variance() const {
            if (visits < 2) return 0.25;
            const double m = mean();
            return std::max(0.0, squares / visits - m * m) / (visits - 1);
        }
    };
    int side = -1;
    int visits = 0;
    std::vector<Edge> edges;
};

class MctsBot::Search {
public:
    static constexpr double kConfidence = 2.0;
    Search(MctsBot& bot, Game& game, const std::vector<Action>& legal);
    Action run();
    Action chosen(const Node& root) const;

private:
    void iterate();
    void open(Node& node, const Game& game, const std::vector<Action>& legal);
    Node::Edge* select(Node& node, const Game& game);
    double ucb(const Node& node, const Node::Edge& e) const;
    bool budget_left(int done) const;

    MctsBot& bot_;
    Trial trial_;
    PositionEvaluator evaluator_;
    Rollout rollout_;
    Node root_;
    std::vector<Action> root_legal_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

MctsBot::MctsBot(SearchSettings settings, std::uint64_t seed) : settings_(settings), draw_(seed) {}
MctsBot::~MctsBot() = default;

namespace {
// Which unit to move (or plot) next, or none: the order rarely matters and
// every unit is asked about in turn, so it is left to greedy (the search is
// spent on where each goes, whom to attack, what to answer).
bool only_picks_who_goes_next(const std::vector<Action>& options) {
    return std::all_of(options.begin(), options.end(), [](const Action& a) {
        return a.kind() == kernel::ActionKind::SelectUnit || a.kind() == kernel::ActionKind::EndPhase;
    });
}
}  // namespace

// The other sides' secret orders, as greedy would have written them, now and then one at random (noise).
kernel::OrderModel MctsBot::other_sides_model() {
    return [this](const Game& game, const std::vector<Action>& options) -> std::size_t {
        if (by_chance(draw_, settings_.noise)) return draw_.next() % options.size();
        return greedy_.choose_hidden_order(game, options);
    };
}

Action MctsBot::choose(const Game& game, const std::vector<Action>& legal) { return greedy_.choose(game, legal); }

Action MctsBot::decide(Game& game, const std::vector<Action>& legal) {
    std::vector<Action> options = legal;  // a look-ahead replaces the game's list
    if (options.size() > 1 && options.back().kind() == kernel::ActionKind::Concede) options.pop_back();
    if (options.size() == 1 || only_picks_who_goes_next(options)) return greedy_.choose(game, options);
    return Search(*this, game, options).run();
}

MctsBot::Search::Search(MctsBot& bot, Game& game, const std::vector<Action>& legal)
    : bot_(bot),
      trial_(game, game.deciding_side(), bot.draw_.next(), bot.other_sides_model()),
      evaluator_(game),
      rollout_(evaluator_, bot.settings_.horizon, bot.settings_.noise),
      root_legal_(legal) {}

Action MctsBot::Search::run() {
    for (int done = 0; budget_left(done); ++done) iterate();
    return root_.edges.empty() ? root_legal_.front() : chosen(root_);
}

// Greedy's choice (the first edge), unless another one's mean beats it by the
// margin and by twice the spread of the difference: with many others tried a
// few times each, one of them is bound to look better by luck alone.
Action MctsBot::Search::chosen(const Node& root) const {
    const Node::Edge& greedy = root.edges.front();
    const Node::Edge* best = &greedy;
    double best_gain = 0;
    for (const auto& e : root.edges) {
        if (&e == &greedy || e.visits < 2) continue;
        const double gain = e.mean() - greedy.mean();
        const double spread = std::sqrt(e.mean_variance() + greedy.mean_variance());
        if (gain > bot_.settings_.margin && gain > kConfidence * spread && gain > best_gain) {
            best = &e;
            best_gain = gain;
        }
    }
    return best->action;
}

bool MctsBot::Search::budget_left(int done) const {
    const SearchSettings& s = bot_.settings_;
    if (s.ms <= 0) return done < s.iterations;
    return done == 0 || std::chrono::steady_clock::now() - started_ < std::chrono::milliseconds(s.ms);
}

// Greedy's choice first, then the others in an order of the bot's drawing.
void MctsBot::Search::open(Node& node, const Game& game, const std::vector<Action>& legal) {
    node.side = game.deciding_side();
    std::vector<Action> rest;
    const Action first = bot_.greedy_.choose(game, legal);
    node.edges.push_back({first, nullptr, 0, 0});
    for (const auto& a : legal)
        if (!(a == first) && a.kind() != kernel::ActionKind::Concede) rest.push_back(a);
    for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[bot_.draw_.next() % i]);
    for (auto& a : rest) node.edges.push_back({std::move(a), nullptr, 0, 0});
}

double MctsBot::Search::ucb(const Node& node, const Node::Edge& e) const {
    if (e.visits == 0) return std::numeric_limits<double>::infinity();
    return e.mean() + bot_.settings_.exploration * std::sqrt(std::log(node.visits + 1.0) / e.visits);
}

// The best of the edges widening allows so far that is legal in this look-ahead's drawing of the hidden.
MctsBot::Node::Edge* MctsBot::Search::select(Node& node, const Game& game) {
    const auto allowed = static_cast<std::size_t>(1 + bot_.settings_.widening * std::sqrt(node.visits));
    Node::Edge* best = nullptr;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < node.edges.size() && i < allowed; ++i) {
        auto& e = node.edges[i];
        if (!game.is_legal(e.action)) continue;
        if (const double s = ucb(node, e); s > best_score) {
            best_score = s;
            best = &e;
        }
    }
    return best;
}

void MctsBot::Search::iterate() {
    Game& game = trial_.begin();
    std::vector<std::pair<Node*, Node::Edge*>> path;
    Node* node = &root_;
    PhaseMark phase = PhaseMark::of(game);
    int phases_passed = 0;
    bool expanded = false;
    while (!game.over() && !expanded) {
        const auto& legal = node == &root_ ? root_legal_ : game.legal_actions();
        if (legal.empty()) break;
        if (node->edges.empty()) {
            if (legal.size() == 1) {  // no choice: on to the next decision, in the same node
                try {
                    game.apply(legal.front());
                } catch (const std::exception&) {
                    break;  // a rule script's error: scored where it got to
                }
                if (const PhaseMark now = PhaseMark::of(game); !(now == phase)) phase = now, ++phases_passed;
                continue;
            }
            open(*node, game, legal);
        }
        Node::Edge* edge = select(*node, game);
        if (!edge) break;
        try {
            game.apply(edge->action);
        } catch (const std::exception&) {
            break;  // refused in this drawing of the hidden (a script's own check): score it here
        }
        path.emplace_back(node, edge);
        if (const PhaseMark now = PhaseMark::of(game); !(now == phase)) phase = now, ++phases_passed;
        if (!edge->child) {
            edge->child = std::make_unique<Node>();
            expanded = true;
        }
        node = edge->child.get();
    }
    const std::vector<double> values = rollout_.play(game, phases_passed, bot_.draw_);
    for (auto& [at, edge] : path) {
        ++at->visits;
        ++edge->visits;
        const double v = values[static_cast<std::size_t>(at->side)];
        edge->value += v;
        edge->squares += v * v;
    }
}

}  // namespace sandtable::bots
