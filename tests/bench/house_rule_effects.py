#!/usr/bin/env python3
"""How much each house rule changes play: N bot games of a scenario with and
without it, on the same seeds (1..N), through `sandtable play --json`.

usage: tests/bench/house_rule_effects.py [--games N] [--jobs K] [--bots B1,B2]
                                         [--sandtable PATH] SCENARIO HOUSE_DIR...

Prints, per configuration: each side's wins and their share with a 95%
Wilson interval, the victory levels, mean game length in turns, mean VP
per side and mean dice rolled. Until `sandtable batch` exists (issue 6) this
is the measuring tool for house rules."""
import argparse
import collections
import concurrent.futures
import json
import math
import subprocess
import sys


def play(sandtable, scenario, house, seed, bots):
    cmd = [sandtable, "play", scenario, "--seed", str(seed), "--bots", bots, "--json"]
    if house:
        cmd += ["--house", house]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(name, results):
    n = len(results)
    winners = collections.Counter(r["winner"] or "draw" for r in results)
    levels = collections.Counter(r["level"] or "-" for r in results)
    sides = sorted({s for r in results for s in r["victory_points"]})
    print(f"\n{name}: {n} games")
    for side in sides + ["draw"]:
        k = winners.get(side, 0)
        lo, hi = wilson(k, n)
        print(f"  {side:>12} wins {k:5d}  {100 * k / n:5.1f}%  (95% CI {100 * lo:5.1f}-{100 * hi:5.1f}%)")
    print("  levels: " + ", ".join(f"{lvl} {c}" for lvl, c in sorted(levels.items())))
    print(f"  mean turns {sum(r['turns'] for r in results) / n:.2f}; mean dice {sum(r['dice'] for r in results) / n:.1f}; mean VP " +
          ", ".join(f"{s} {sum(r['victory_points'][s] for r in results) / n:.1f}" for s in sides))


def paired(name, base, results):
    """The same seeds with and without: how many games changed winner, and
    the mean change of the VP margin (first side minus second) with a 95%
    interval of the paired differences."""
    sides = sorted({s for r in base for s in r["victory_points"]})
    changed = sum(1 for a, b in zip(base, results) if a["winner"] != b["winner"])
    margin = lambda r: r["victory_points"][sides[0]] - r["victory_points"][sides[-1]]
    diffs = [margin(b) - margin(a) for a, b in zip(base, results)]
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    turns = sum(b["turns"] - a["turns"] for a, b in zip(base, results)) / n
    print(f"  against the same seeds without it: winner changed in {changed} of {n} games; "
          f"VP margin ({sides[0]} - {sides[-1]}) {mean:+.2f} (95% CI {mean - half:+.2f} to {mean + half:+.2f}); turns {turns:+.2f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="greedy,greedy")
    ap.add_argument("--sandtable", default="build/bin/sandtable")
    ap.add_argument("scenario")
    ap.add_argument("houses", nargs="+")
    args = ap.parse_args()
    configs = [("without house rules", None)] + [(h, h) for h in args.houses]
    base = None
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, house in configs:
            seeds = range(1, args.games + 1)
            results = list(pool.map(lambda s: play(args.sandtable, args.scenario, house, s, args.bots), seeds))
            summarise(name, results)
            if base is None:
                base = results
            else:
                paired(name, base, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
