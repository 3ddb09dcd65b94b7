#!/usr/bin/env bash
# Behaviour fingerprint of the kernel: plays N bot games per shipped scenario
# (random against random and greedy against greedy, seeds 1..N) and prints one
# SHA-256 per scenario and pairing over every game's outcome (winner, level,
# reason, turns, actions, dice rolled, victory points, losses by unit type).
# A refactoring that claims "behaviour unchanged" must leave every line equal.
#
#   batch_digest.sh SANDTABLE GAMES            print the digests
#   batch_digest.sh SANDTABLE GAMES EXPECTED   compare with a file of digests; exit 1 on any difference
#
# tests/equivalence/expected-GAMES.txt hold the digests of the shipped rules
# for 20 games (run by ctest) and 1,000 games (run by hand, see docs/testing.md).
set -euo pipefail
sandtable=$1
games=$2
expected=${3:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

digest() {
    local scenario=$1 bots=$2
    "$sandtable" batch "$scenario" --games "$games" --bots "$bots" --jobs 1 |
        sed -E 's/"content_hash": "[0-9a-f]+", //' | sha256sum | cut -d' ' -f1
}

out=$(mktemp)
trap 'rm -f "$out"' EXIT
for scenario in $(find scenarios -name '*.yaml' | LC_ALL=C sort); do
    for bots in random,random greedy,greedy; do
        # A batch that fails must fail the check: its empty output would hash like any other.
        d=$(digest "$scenario" "$bots") || { echo "batch failed: $scenario $bots" >&2; exit 1; }
        printf '%s %s %s\n' "$scenario" "$bots" "$d" >>"$out"
    done
done
if [[ -z $expected ]]; then
    cat "$out"
    exit 0
fi
if diff -u "$expected" "$out"; then
    echo "all $(wc -l <"$out") digests equal ($games games each)"
else
    echo "behaviour changed: the lines above differ from $expected" >&2
    exit 1
fi
