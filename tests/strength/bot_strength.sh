#!/usr/bin/env bash
# How strong a bot is against greedy, side by side, on the shipped scenarios
# (issue 23): for each scenario, BOT plays each side against greedy for GAMES
# games, and greedy plays greedy for the baseline of each side. Prints a
# Markdown table with Wilson 95% intervals. Long: run by hand, not in CI.
#
#   bot_strength.sh SANDTABLE BOT GAMES [JOBS] [SCENARIO...]
#   bot_strength.sh build/bin/sandtable mcts 100 2
set -euo pipefail
sandtable=$1 bot=$2 games=$3 jobs=${4:-2}
shift $(( $# < 4 ? $# : 4 ))
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
scenarios=("$@")
[[ ${#scenarios[@]} -gt 0 ]] || mapfile -t scenarios < <(find scenarios -name '*.yaml' | LC_ALL=C sort)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # run SCENARIO BOTS OUT
    "$sandtable" batch "$1" --games "$games" --jobs "$jobs" --bots "$2" --seed 5001 --out "$3" >/dev/null
}

echo "| scenario | side | greedy v greedy: side wins | $bot v greedy: $bot's side wins (95% CI) | change |"
echo "|---|---|---|---|---|"
for scenario in "${scenarios[@]}"; do
    run "$scenario" greedy,greedy "$work/base.jsonl"
    run "$scenario" "$bot,greedy" "$work/first.jsonl"
    run "$scenario" "greedy,$bot" "$work/second.jsonl"
    python3 - "$scenario" "$work" <<'PY'
import json, math, sys
scenario, work = sys.argv[1], sys.argv[2]
def load(name): return [json.loads(l) for l in open(f"{work}/{name}.jsonl")]
def wilson(k, n, z=1.96):
    if n == 0: return (0.0, 0.0)
    p = k / n; d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d; h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * max(0.0, c - h), 100 * min(1.0, c + h))
base = load("base")
sides = base[0]["sides"]
for i, name in enumerate(sides):
    games = load("first" if i == 0 else "second")
    n = len(games); k = sum(1 for g in games if g["winner"] == name)
    b = sum(1 for g in base if g["winner"] == name) / len(base) * 100
    lo, hi = wilson(k, n)
    print(f"| {scenario.removeprefix('scenarios/').removesuffix('.yaml')} | {name} | {b:.0f}% | "
          f"{100 * k / n:.0f}% ({lo:.0f}–{hi:.0f}%) of {n} | {100 * k / n - b:+.0f} |")
PY
done
