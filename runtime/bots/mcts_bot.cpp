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
        double value = 0;                 // summed, for the side deciding at this node
        std::vector<double> by_visit;     // at the root: each look-ahead's value, in order
        double mean() const { return visits > 0 ? value / visits : 0.0; }
    };
    int side = -1;
    int visits = 0;
    std::vector<Edge> edges;
};

class MctsBot::Search {
public:
    Search(MctsBot& bot, Game& game, const std::vector<Action>& legal);
    Action run();
    int looks() const { return root_.visits; }  // every look-ahead is backed up through the root

private:
    using Edges = std::vector<Node::Edge*>;
    void iterate(Node::Edge& first);
    void play_round(const Edges& contenders, int round, int rounds);
    Edges better_half(const Edges& contenders) const;
    bool none_can_beat_greedy(const Edges& contenders) const;
    using Path = std::vector<std::pair<Node*, Node::Edge*>>;
    void descend(Game& game, Node* node, Path& path, PhasesPassed& phases);
    void open(Node& node, const Game& game, const std::vector<Action>& legal);
    Node::Edge* select(Node& node, const Game& game);
    double ucb(const Node& node, const Node::Edge& e) const;
    Action chosen(const Edges& finalists) const;

    MctsBot& bot_;
    Trial trial_;
    PositionEvaluator evaluator_;
    Rollout rollout_;
    Node root_;
    std::uint64_t dice_seed_;  // the k-th look-ahead of every root action plays on dice seed + k
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
    return [this](const Game& game, const std::vector<Action>& options, kernel::Dice& draw) -> std::size_t {
        if (by_chance(draw, settings_.noise)) return draw.next() % options.size();
        return greedy_.choose_hidden_order(game, options);
    };
}

Action MctsBot::choose(const Game& game, const std::vector<Action>& legal) { return greedy_.choose(game, legal); }

Action MctsBot::decide(Game& game, const std::vector<Action>& legal) {
    looks_ = 0;
    std::vector<Action> options = legal;  // a look-ahead replaces the game's list
    if (options.size() > 1 && options.back().kind() == kernel::ActionKind::Concede) options.pop_back();
    // Orders written in secret being carried out cannot be redrawn: a look-ahead would read them.
    if (options.size() == 1 || only_picks_who_goes_next(options) || game.carrying_out_secret_orders())
        return greedy_.choose(game, options);
    try {
        Search search(*this, game, options);
        const Action chosen = search.run();
        looks_ = search.looks();
        return chosen;
    } catch (const std::exception&) {
        return greedy_.choose(game, options);  // a rule script failed in every look (the trial put the game back)
    }
}

MctsBot::Search::Search(MctsBot& bot, Game& game, const std::vector<Action>& legal)
    : bot_(bot),
      trial_(game, game.deciding_side(), bot.other_sides_model()),
      evaluator_(game),
      rollout_(evaluator_, bot.settings_.horizon, bot.settings_.noise),
      dice_seed_(bot.draw_.next()) {
    open(root_, game, legal);
}

// Sequential halving at the root: the contenders (greedy's choice and the
// first others opened) share the budget in rounds, each round looking ahead
// from every contender alike on the same dice; after each round the worse
// half is dropped, so the budget ends on the few that matter. Below the root
// the tree is descended by UCT.
Action MctsBot::Search::run() {
    const SearchSettings& s = bot_.settings_;
    const auto width = static_cast<std::size_t>(1 + s.widening * std::sqrt(static_cast<double>(s.iterations)));
    Edges contenders;
    for (std::size_t i = 0; i < root_.edges.size() && i < width; ++i) contenders.push_back(&root_.edges[i]);
    if (contenders.size() < 2) return root_.edges.front().action;  // nothing to compare greedy's choice with
    const int rounds = std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(contenders.size())))));
    for (int round = 0; round < rounds; ++round) {
        play_round(contenders, round, rounds);
        if (round + 1 == rounds) break;
        if (none_can_beat_greedy(contenders)) return contenders.front()->action;
        contenders = better_half(contenders);
    }
    return chosen(contenders);
}

// A round's share of the budget (its iterations, or its slice of the time),
// spent on whichever contender has been looked at least, so that all are
// looked at alike (the k-th look of each on the same dice); every contender
// gets a look each round, whatever the budget or the clock says.
void MctsBot::Search::play_round(const Edges& contenders, int round, int rounds) {
    const SearchSettings& s = bot_.settings_;
    const int at_least = static_cast<int>(contenders.size());
    const int share = std::max(at_least, s.iterations / rounds + (round + 1 == rounds ? s.iterations % rounds : 0));
    const auto deadline = started_ + std::chrono::milliseconds(static_cast<long long>(s.ms) * (round + 1) / rounds);
    for (int done = 0;; ++done) {
        if (s.ms > 0 ? done >= at_least && std::chrono::steady_clock::now() >= deadline : done >= share) break;
        Node::Edge* least = *std::min_element(contenders.begin(), contenders.end(),
                                              [](const auto* a, const auto* b) { return a->visits < b->visits; });
        iterate(*least);
    }
}

// The mean of each contender's first n looks, where every contender has had n
// (the same dice for all): greedy's choice is kept as the one to beat.
MctsBot::Search::Edges MctsBot::Search::better_half(const Edges& contenders) const {
    std::size_t n = std::numeric_limits<std::size_t>::max();
    for (const auto* e : contenders) n = std::min(n, e->by_visit.size());
    std::vector<std::pair<double, Node::Edge*>> ranked;  // each mean once, not once per comparison
    for (auto* e : contenders) {
        double sum = 0;
        for (std::size_t k = 0; k < n; ++k) sum += e->by_visit[k];
        ranked.emplace_back(n > 0 ? sum / static_cast<double>(n) : 0.0, e);
    }
    std::stable_sort(ranked.begin() + 1, ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    ranked.resize(std::max<std::size_t>(2, (ranked.size() + 1) / 2));
    Edges kept;
    for (const auto& [mean, e] : ranked) kept.push_back(e);
    return kept;
}

namespace {
// How much better one root action scored than another, look-ahead for
// look-ahead on the same dice: the mean difference and its standard error.
struct PairedGain {
    std::size_t looks = 0;
    double gain = 0, spread = 0;
};

PairedGain paired_gain(const std::vector<double>& tried, const std::vector<double>& against) {
    PairedGain p;
    p.looks = std::min(tried.size(), against.size());
    if (p.looks < 2) return p;
    const auto n = static_cast<double>(p.looks);
    double sum = 0, squares = 0;
    for (std::size_t k = 0; k < p.looks; ++k) {
        const double d = tried[k] - against[k];
        sum += d, squares += d * d;
    }
    p.gain = sum / n;
    p.spread = std::sqrt(std::max(0.0, squares / n - p.gain * p.gain) / (n - 1));
    return p;
}
}  // namespace

// Greedy's choice (the first edge), unless a finalist beats it by the margin
// and by `confidence` standard errors of the paired difference: the finalist
// is the best of several on its early looks, which also count here, so it is
// favoured by luck as well as merit.
Action MctsBot::Search::chosen(const Edges& finalists) const {
    const Node::Edge& greedy = *finalists.front();
    const Node::Edge* best = &greedy;
    double best_gain = 0;
    for (const auto* contender : finalists) {
        const PairedGain p = paired_gain(contender->by_visit, greedy.by_visit);
        if (contender == &greedy || p.looks < 3) continue;
        if (p.gain > bot_.settings_.margin && p.gain > bot_.settings_.confidence * p.spread && p.gain > best_gain) {
            best = contender;
            best_gain = p.gain;
        }
    }
    return best->action;
}

// True when no contender is within `futility` standard errors of beating
// greedy's choice by the margin: most decisions end this way (greedy's choice
// stands), and the rounds left would only confirm it.
bool MctsBot::Search::none_can_beat_greedy(const Edges& contenders) const {
    if (!std::isfinite(bot_.settings_.futility)) return false;
    const Node::Edge& greedy = *contenders.front();
    for (const auto* contender : contenders) {
        if (contender == &greedy) continue;
        const PairedGain p = paired_gain(contender->by_visit, greedy.by_visit);
        if (p.looks < 2 || p.gain + bot_.settings_.futility * p.spread >= bot_.settings_.margin) return false;
    }
    return true;
}

// Greedy's choice first, then the others in an order of the bot's drawing.
void MctsBot::Search::open(Node& node, const Game& game, const std::vector<Action>& legal) {
    node.side = game.deciding_side();
    std::vector<Action> rest;
    const Action first = bot_.greedy_.choose(game, legal);
    node.edges.push_back({first, nullptr, 0, 0});
    for (const auto& a : legal)
        if (!(a == first) && a.kind() != kernel::ActionKind::Concede) rest.push_back(a);
    kernel::shuffle(rest, bot_.draw_);
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

// One look-ahead: a root action (its k-th try plays on the dice of every root
// action's k-th, so that they are compared on the same luck), down the tree
// to a new node, on by the rollout, and the values backed up.
void MctsBot::Search::iterate(Node::Edge& first) {
    const std::uint64_t seed = dice_seed_ + static_cast<std::uint64_t>(first.visits);
    Path path{{&root_, &first}};
    std::vector<double> values;  // none when a look fails: a loss for whoever tried it
    try {
        Game& game = trial_.begin(seed);
        PhasesPassed phases(game);
        game.apply(first.action);
        phases.seen(game);
        if (!first.child)
            first.child = std::make_unique<Node>();
        else
            descend(game, first.child.get(), path, phases);
        kernel::Dice draw(seed ^ 0x5bd1e995u);
        values = rollout_.play(game, phases, draw);
    } catch (const std::exception&) {
        // A rule script failed in this drawing of the hidden: the edges tried score nothing.
    }
    for (auto& [at, edge] : path) {
        const double v = static_cast<std::size_t>(at->side) < values.size() ? values[static_cast<std::size_t>(at->side)]
                                                                          : 0.0;
        ++at->visits;
        ++edge->visits;
        edge->value += v;
        if (at == &root_) edge->by_visit.push_back(v);
    }
}

// Down from `node` by UCT to an edge not tried before, counting the phases passed on the way.
void MctsBot::Search::descend(Game& game, Node* node, Path& path, PhasesPassed& phases) {
    while (!game.over()) {
        const auto& legal = game.legal_actions();
        if (legal.empty()) break;
        if (node->edges.empty()) {
            if (legal.size() == 1) {  // no choice: on to the next decision, in the same node
                game.apply(legal.front());
                phases.seen(game);
                continue;
            }
            open(*node, game, legal);
        }
        if (node->side != game.deciding_side()) break;  // another drawing made this someone else's decision
        Node::Edge* edge = select(*node, game);
        if (!edge) break;
        path.emplace_back(node, edge);  // first: if the action fails, it is scored as failed
        game.apply(edge->action);
        phases.seen(game);
        if (!edge->child) {
            edge->child = std::make_unique<Node>();
            break;
        }
        node = edge->child.get();
    }
}

}  // namespace sandtable::bots
