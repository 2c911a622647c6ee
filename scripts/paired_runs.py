#!/usr/bin/env python3
"""Two runs of `ddz arena` over the same deals, paired deal by deal.

    python3 scripts/paired_runs.py NEW.jsonl OLD.jsonl

Each file is a `--json` log of a `--pair`, `--h2h` or `--alone` match or a gauntlet whose first player
(X, or the candidate) differs between the runs and whose opponents are the same: e.g. one bidder against
another, each in its own gauntlet against the same engines, the same `--seed` and `--games`.
For each opponent and deal, a run's figure is its candidate's mean score per seat over the
deal's games (the arena report's "per deal"); the lines give both runs' means, their paired
difference NEW − OLD with its 95% interval over deals, and the difference as a share of OLD's
points. "together" averages the opponents on each deal first (the deals every opponent played).
When a run seats the candidate twice in some games (the second half of `--pair`: the opponent
alone against two of it), the same lines again over the games where the candidate sits alone
against two of the opponent, as at a championship's table, where no engine meets its own copy
(a bidder that takes more deals takes them from its copy there, and the two seats' scores
cancel). Then the same for the win rate, in points (100 a game won), as the landlord, as the farmers and
both (the mean of the two roles on each deal): the papers' figure, for play-only runs with
`--fixed-landlord`. Standard library only.
"""
import json
import math
import re
import sys
from collections import defaultdict


ROLES = ("landlord", "farmers", "both")


def read(path):
    """The candidate's label, {opponent: {deal: mean score per seat}} and, for each of ROLES,
    {opponent: {deal: win rate in points}} (a deal counts for "both" when it has both roles)."""
    games = []
    header = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            g = json.loads(line)
            if "arena" in g:
                header = g["arena"]
            elif "deal" in g and "players" in g:
                games.append(g)
    if not games:
        sys.exit(f"{path}: no game lines")
    # A gauntlet's candidate is the one player in every game; a match's log names its players
    # (X of --pair and --h2h first); else (a gauntlet of one opponent) X sits at A in each
    # deal's first game.
    everywhere = set.intersection(*(set(g["players"]) for g in games))
    if len(everywhere) == 1:
        candidate = everywhere.pop()
    elif header is not None:
        candidate = header["players"][0]
    else:
        firsts = {g["players"][0] for g in games if g["seating"] == 0}
        if len(firsts) != 1:
            sys.exit(f"{path}: not one first player: {sorted(firsts)}")
        candidate = firsts.pop()
    seats = defaultdict(lambda: [0, 0])  # (opponent, deal) -> [score, seats]
    alone = defaultdict(lambda: [0, 0])  # the same over the games where it holds one seat
    wins = defaultdict(lambda: defaultdict(list))  # (opponent, deal) -> role -> [won]
    for g in games:
        others = {p for p in g["players"] if p != candidate}
        opponent = others.pop() if others else candidate
        # In self-play the opponent is the candidate's own spec, labelled with "#2": the same
        # opponent as in a run where the candidate's spec differs.
        opponent = re.sub(r"#\d+$", "", opponent)
        key = (opponent, g["deal"])
        ours = g["players"].count(candidate)
        for p, s in zip(g["players"], g["scores"]):
            if p == candidate:
                seats[key][0] += s
                seats[key][1] += 1
                if ours == 1:
                    alone[key][0] += s
                    alone[key][1] += 1
        landlord, winner = g.get("landlord"), g.get("winner")
        if landlord is None or winner is None or candidate == opponent:
            continue
        lord = g["players"]["ABC".index(landlord)]
        role = "landlord" if lord == candidate else "farmers"
        wins[key][role].append(100.0 if (winner == landlord) == (role == "landlord") else 0.0)
    per, per_alone = defaultdict(dict), defaultdict(dict)
    for (opponent, deal), (score, n) in seats.items():
        per[opponent][deal] = score / n
    for (opponent, deal), (score, n) in alone.items():
        per_alone[opponent][deal] = score / n
    won = {role: defaultdict(dict) for role in ROLES}
    for (opponent, deal), by_role in wins.items():
        for role, results in by_role.items():
            won[role][opponent][deal] = sum(results) / len(results)
        if len(by_role) == 2:
            rates = [sum(r) / len(r) for r in by_role.values()]
            won["both"][opponent][deal] = sum(rates) / 2
    twice = any(n > 1 for n in (seats[k][1] - alone[k][1] for k in seats))
    return candidate, per, won, (per_alone if twice else None)


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


def table(new, old, name=""):
    """One line per opponent and, with more than one, "together"."""
    together_new, together_old = {}, {}
    opponents = sorted(o for o in set(new) & set(old) if set(new[o]) & set(old[o]))
    for o in opponents:
        deals = sorted(set(new[o]) & set(old[o]))
        line(f"{name}{o}", new[o], old[o], deals)
    common = set.intersection(*(set(new[o]) & set(old[o]) for o in opponents)) if opponents else set()
    for d in common:
        together_new[d] = sum(new[o][d] for o in opponents) / len(opponents)
        together_old[d] = sum(old[o][d] for o in opponents) / len(opponents)
    if len(opponents) > 1 and common:
        line(f"{name}together", together_new, together_old, sorted(common))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    new_label, new, new_won, new_alone = read(sys.argv[1])
    old_label, old, old_won, old_alone = read(sys.argv[2])
    print(f"NEW {new_label}\nOLD {old_label}")
    print(f"{'opponent':<48} {'deals':>5} {'NEW':>9} {'OLD':>9} {'NEW-OLD':>9}   {'±95%':<7} {'share':>8}")
    table(new, old)
    if new_alone and old_alone:
        print("alone at the table (one seat, the opponent in the two others), points a seat")
        table(new_alone, old_alone, "alone: ")
    if any(new_won[r] for r in ROLES):
        print("win rate, points (100 a game won)")
        for role in ROLES:
            table(new_won[role], old_won[role], f"{role}: ")


if __name__ == "__main__":
    main()
