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
        double value = 0;  // summed, for the side deciding at this node
    };
    int side = -1;
    int visits = 0;
    std::vector<Edge> edges;
};

class MctsBot::Search {
public:
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

Action MctsBot::choose(const Game& game, const std::vector<Action>& legal) { return greedy_.choose(game, legal); }

Action MctsBot::decide(Game& game, const std::vector<Action>& legal) {
    std::vector<Action> options = legal;  // a look-ahead replaces the game's list
    if (options.size() > 1 && options.back().kind() == kernel::ActionKind::Concede) options.pop_back();
    if (options.size() == 1) return options.front();
    return Search(*this, game, options).run();
}

MctsBot::Search::Search(MctsBot& bot, Game& game, const std::vector<Action>& legal)
    : bot_(bot),
      trial_(game, game.deciding_side(), bot.draw_.next()),
      evaluator_(game),
      rollout_(evaluator_, bot.settings_.horizon, bot.settings_.noise),
      root_legal_(legal) {}

Action MctsBot::Search::run() {
    for (int done = 0; budget_left(done); ++done) iterate();
    return root_.edges.empty() ? root_legal_.front() : chosen(root_);
}

// Greedy's choice (the first edge), unless a well-tried other beats its mean by the margin.
Action MctsBot::Search::chosen(const Node& root) const {
    auto mean = [](const Node::Edge& e) { return e.visits > 0 ? e.value / e.visits : 0.0; };
    int most = 0;
    for (const auto& e : root.edges) most = std::max(most, e.visits);
    const Node::Edge* best = &root.edges.front();
    double best_mean = mean(*best) + bot_.settings_.margin;
    for (const auto& e : root.edges)
        if (e.visits >= std::max(2, most / 3) && mean(e) > best_mean) {
            best = &e;
            best_mean = mean(e);
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
    return e.value / e.visits + bot_.settings_.exploration * std::sqrt(std::log(node.visits + 1.0) / e.visits);
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
                game.apply(legal.front());
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
        edge->value += values[static_cast<std::size_t>(at->side)];
    }
}

}  // namespace sandtable::bots
