#!/usr/bin/env python3
"""Two runs of `ddz arena` over the same deals, paired deal by deal.

    python3 scripts/paired_runs.py NEW.jsonl OLD.jsonl

Each file is a `--json` log of a `--pair` or `--h2h` match or a gauntlet whose first player
(X, or the candidate) differs between the runs and whose opponents are the same: e.g. one bidder against
another, each in its own gauntlet against the same engines, the same `--seed` and `--games`.
For each opponent and deal, a run's figure is its candidate's mean score per seat over the
deal's games (the arena report's "per deal"); the lines give both runs' means, their paired
difference NEW − OLD with its 95% interval over deals, and the difference as a share of OLD's
points. "together" averages the opponents on each deal first (the deals every opponent played).
Standard library only.
"""
import json
import math
import sys
from collections import defaultdict


def read(path):
    """The candidate's label and {opponent: {deal: mean score per seat}}."""
    games = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            g = json.loads(line)
            if "deal" in g and "players" in g:
                games.append(g)
    if not games:
        sys.exit(f"{path}: no game lines")
    # The run's first player (X of --pair and --h2h, a gauntlet's candidate) sits at A in each
    # deal's first game.
    firsts = {g["players"][0] for g in games if g["seating"] == 0}
    if len(firsts) != 1:
        sys.exit(f"{path}: not one first player: {sorted(firsts)}")
    candidate = firsts.pop()
    seats = defaultdict(lambda: [0, 0])  # (opponent, deal) -> [score, seats]
    for g in games:
        others = {p for p in g["players"] if p != candidate}
        opponent = others.pop() if others else candidate
        key = (opponent, g["deal"])
        for p, s in zip(g["players"], g["scores"]):
            if p == candidate:
                seats[key][0] += s
                seats[key][1] += 1
    per = defaultdict(dict)
    for (opponent, deal), (score, n) in seats.items():
        per[opponent][deal] = score / n
    return candidate, per


def interval(xs):
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def line(name, new, old, deals):
    a = [new[d] for d in deals]
    b = [old[d] for d in deals]
    ma, _ = interval(a)
    mb, _ = interval(b)
    diff, half = interval([x - y for x, y in zip(a, b)])
    share = f"{100 * diff / abs(mb):+.1f}%" if mb else "n/a"
    print(f"{name:<48} {len(deals):>5} {ma:>+9.1f} {mb:>+9.1f} {diff:>+9.1f} ± {half:<7.1f} {share:>8}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    new_label, new = read(sys.argv[1])
    old_label, old = read(sys.argv[2])
    print(f"NEW {new_label}\nOLD {old_label}")
    print(f"{'opponent':<48} {'deals':>5} {'NEW':>9} {'OLD':>9} {'NEW-OLD':>9}   {'±95%':<7} {'share':>8}")
    together_new, together_old = {}, {}
    opponents = sorted(set(new) & set(old))
    for o in opponents:
        deals = sorted(set(new[o]) & set(old[o]))
        if deals:
            line(o, new[o], old[o], deals)
    common = set.intersection(*(set(new[o]) & set(old[o]) for o in opponents)) if opponents else set()
    for d in common:
        together_new[d] = sum(new[o][d] for o in opponents) / len(opponents)
        together_old[d] = sum(old[o][d] for o in opponents) / len(opponents)
    if len(opponents) > 1 and common:
        line("together", together_new, together_old, sorted(common))


if __name__ == "__main__":
    main()
