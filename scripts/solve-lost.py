#!/usr/bin/env python3
"""Which of a candidate's lost games were lost from the first card: for each deal and side
(landlord, farmers) the candidate lost head-to-head in an arena run, the exact solver decides
the opening with every card open (`ddz solve`), and the lost sides are counted by its verdict.

    ddz arena --gauntlet builtin:ddz:samples=64 SAMPLE RLCARD --games 300 --seed 1 \\
        --fixed-landlord --json run.jsonl
    python3 scripts/solve-lost.py run.jsonl builtin:ddz:samples=64 --ddz target/release/ddz

A side the solver finds lost ("farmers win" where the candidate held the landlord's seat,
"landlord wins" where it was the farmers) is lost against best play by both sides: only the
opponents' mistakes could have won it. "unknown": the solver gave up within --nodes. A deal and
side lost to several opponents counts once. Head-to-head games only (the candidate alone as the
landlord, or both farmers), games with a landlord only (play only runs: --fixed-landlord).
"""

import argparse
import collections
import json
import subprocess
import sys

SYMBOLS = "3456789TJQKA2XD"


def hand_text(codes):
    """Card codes (0..53, as the JSON log writes them) as `ddz solve` reads a hand."""
    ranks = []
    for c in sorted(int(x) for x in codes.split(",") if x):
        ranks.append(SYMBOLS[14 if c >= 53 else 13 if c == 52 else c // 4])
    return "".join(ranks)


def lost_sides(path, candidate):
    """{(deal, side): hands} for every head-to-head game the candidate did not win."""
    lost = {}
    for line in open(path):
        r = json.loads(line)
        if "deal" not in r or candidate not in r["players"] or r.get("landlord") is None:
            continue
        players, landlord = r["players"], "ABC".index(r["landlord"])
        seats = [i for i, p in enumerate(players) if p == candidate]
        if seats == [landlord]:
            side = "landlord"
        elif len(seats) == 2 and landlord not in seats:
            side = "farmers"
        else:
            continue
        if r["scores"][seats[0]] <= 0:
            hands = dict(r["hands"])
            seat = r["landlord"]
            hands[seat] = hands[seat] + "," + hands["bottom"]
            lost[(r["deal"], side)] = (hands, seat)
    return lost


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("log", help="an arena run's --json log")
    ap.add_argument("candidate", help="the player's name as the log writes it")
    ap.add_argument("--ddz", default="target/release/ddz", help="the ddz binary")
    ap.add_argument("--nodes", type=int, default=20_000_000, help="the solver's budget per deal")
    args = ap.parse_args()
    lost = lost_sides(args.log, args.candidate)
    if not lost:
        sys.exit(f"solve-lost.py: no lost head-to-head game of '{args.candidate}' in {args.log}")
    counts = collections.Counter()
    for (deal, side), (hands, landlord) in sorted(lost.items()):
        command = [args.ddz, "solve"] + [f"{s}={hand_text(hands[s])}" for s in "ABC"]
        command += ["--landlord", landlord, "--nodes", str(args.nodes)]
        verdict = subprocess.run(command, capture_output=True, text=True).stdout.split("\n")[0]
        counts[(side, verdict)] += 1
        print(f"deal {deal}, lost as {side}: {verdict}", flush=True)
    for side, lost_verdict in (("landlord", "farmers win"), ("farmers", "landlord wins")):
        total = sum(n for (s, _), n in counts.items() if s == side)
        decided = sum(n for (s, v), n in counts.items() if s == side and v != "unknown")
        print(f"lost as {side}: {total}; lost from the first card: {counts[(side, lost_verdict)]} "
              f"of the {decided} the solver decided")


if __name__ == "__main__":
    main()
