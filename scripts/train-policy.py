#!/usr/bin/env python3
"""Fits ddz's learned play policy on the thinking player's recorded decisions (`ddz label`).

    pip install -r scripts/requirements-train.txt
    ddz label --deals 500 --seed 1 --judge samples=64:net-weight=0 --out data/decisions-1.tsv
    python3 scripts/train-policy.py data/decisions-*.tsv --out src/strategy/learned_policy/policy

Choosing one play among a decision's candidates is a ranking problem: LightGBM's gradient-boosted
trees with the lambdarank objective, one query per decision. A candidate's relevance is graded by
how far its mean falls below the decision's best mean (--relevance gap: the best gets --grades,
each --step points below it one grade less, down to 0; a candidate the thinker dropped as clearly
worse gets 0), so the trees learn which plays cost little and which cost much, not only which one
the thinker happened to pick among near-equals. --relevance tiers is the first rounds' labels: 2
for the play the thinker chose, 1 for one it searched to the end without finding it clearly
worse, 0 for one it dropped. --weight spread weighs each decision by how much is at stake in it
(its best mean minus its worst). The trees are cheap to walk in Rust
(src/strategy/learned_policy/trees.rs reads LightGBM's own text file). The held-out decisions are
whole games, never a decision of a game trained on. Outputs, beside --out:
  PREFIX.txt    the model in LightGBM's text format, embedded in the engine at build time
  PREFIX.check  fixed candidates' features and the trainer's own scores, which a Rust test compares
  PREFIX.info   how the model was made: the command, the data, the seed, the figures
"""

import argparse
import os
import shlex
import subprocess
import sys
import time

import lightgbm as lgb
import numpy as np

LEADING = ["game", "turn", "seat", "play", "mean", "deals", "chosen"]
CHECK_ROWS = 40


def read(paths):
    """Every candidate line of the files, by decision: features, tier (2 chosen, 1 searched to the
    end, 0 dropped), the thinker's means, the decision's number and its game's ("FILE:GAME")."""
    feats, rel, means, qid, games, names = [], [], [], [], [], None
    for fi, path in enumerate(paths):
        header, key, rows = None, None, []

        def flush():
            if len(rows) >= 2 and sum(r[2] for r in rows) == 1:
                most = max(r[1] for r in rows)
                q = qid[-1] + 1 if qid else 0
                for f, deals, chosen, mean in rows:
                    feats.append(f)
                    rel.append(2 if chosen else (1 if deals == most else 0))
                    means.append(mean)
                    qid.append(q)
                    games.append(f"{fi}:{key[0]}")

        with open(path) as f:
            for line in f:
                if line.startswith("#"):
                    continue
                cols = line.rstrip("\n").split("\t")
                if header is None:
                    header = cols
                    if cols[: len(LEADING)] != LEADING:
                        sys.exit(f"train-policy.py: {path} is not a decisions file")
                    if names is None:
                        names = cols[len(LEADING):]
                    elif names != cols[len(LEADING):]:
                        sys.exit(f"train-policy.py: {path} has other features than {paths[0]}")
                    continue
                if len(cols) != len(header):
                    continue  # a line cut short (a run stopped mid-write)
                if (cols[0], cols[1], cols[2]) != key:
                    flush()
                    key, rows = (cols[0], cols[1], cols[2]), []
                rows.append(([float(x) for x in cols[len(LEADING):]], int(cols[5]),
                             cols[6] == "1", float(cols[4])))
            flush()
    return names, np.array(feats), np.array(rel), np.array(means), np.array(qid), np.array(games)


def decision_bounds(q):
    """Each row's decision's first row and the row after its last (rows of a decision are
    contiguous)."""
    starts = np.r_[0, np.nonzero(np.diff(q))[0] + 1]
    ends = np.r_[starts[1:], len(q)]
    return starts, ends


def relevance(args, tier, mean, q):
    """Each candidate's relevance (see the module's doc) and its decision's weight."""
    best, spread = np.empty(len(q)), np.empty(len(q))
    for s, e in zip(*decision_bounds(q)):
        best[s:e] = mean[s:e].max()
        spread[s:e] = mean[s:e].max() - mean[s:e].min()
    if args.relevance == "tiers":
        label = tier.copy()
    else:
        label = np.clip(args.grades - np.ceil((best - mean) / args.step), 0, args.grades).astype(int)
        label[tier == 0] = 0
    weight = np.ones(len(q))
    if args.weight == "spread":
        # A decision where every play scores alike teaches nothing; floor at one point so none
        # weighs zero, and scale to a mean of 1 so the leaf sizes keep their meaning.
        weight = np.maximum(spread, 1.0)
        weight /= weight.mean()
    return label, weight


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="+", help="decisions files written by ddz label")
    ap.add_argument("--out", required=True, help="output prefix (PREFIX.txt, PREFIX.check, PREFIX.info)")
    ap.add_argument("--trees", type=int, default=400, help="most boosting rounds (default 400)")
    ap.add_argument("--leaves", type=int, default=31, help="leaves per tree (default 31)")
    ap.add_argument("--learning-rate", type=float, default=0.05)
    ap.add_argument("--min-leaf", type=int, default=40, help="fewest candidates in a leaf")
    ap.add_argument("--held-out", type=float, default=0.15, help="share of decisions held out (by game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--relevance", choices=["gap", "tiers"], default="gap",
                    help="graded by the gap to the best mean (default), or round 0's tiers")
    ap.add_argument("--grades", type=int, default=8,
                    help="the best candidate's relevance (gap; LightGBM's gains stop at 30)")
    ap.add_argument("--step", type=float, default=25.0, help="points below the best per grade (gap)")
    ap.add_argument("--weight", choices=["none", "spread"], default="none",
                    help="weigh each decision by its best mean minus its worst")
    args = ap.parse_args()
    start = time.time()

    names, x, rel, mean, q, game = read(args.data)
    if len(x) == 0:
        sys.exit("train-policy.py: no decisions in the data")
    label, weight = relevance(args, rel, mean, q)

    rng = np.random.default_rng(args.seed)
    unique_games = np.unique(game)  # sorted: the split depends only on the seed
    held = set(rng.choice(unique_games, size=max(1, int(len(unique_games) * args.held_out)), replace=False))
    is_held = np.array([g in held for g in game])

    def part(mask):
        idx = np.nonzero(mask)[0]
        # Rows of a decision are contiguous; LightGBM wants group sizes in order.
        _, sizes = np.unique(q[idx], return_counts=True)
        return idx, sizes

    tr, tr_sizes = part(~is_held)
    va, va_sizes = part(is_held)
    params = {
        "objective": "lambdarank",
        "metric": "ndcg",
        "eval_at": [1],
        "num_leaves": args.leaves,
        "learning_rate": args.learning_rate,
        "min_data_in_leaf": args.min_leaf,
        "feature_fraction": 0.9,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambdarank_truncation_level": 4,
        "seed": args.seed,
        "deterministic": True,
        "force_row_wise": True,
        "num_threads": 2,
        "verbose": -1,
    }
    train = lgb.Dataset(x[tr], label=label[tr], weight=weight[tr], group=tr_sizes, feature_name=names,
                        free_raw_data=False)
    valid = lgb.Dataset(x[va], label=label[va], weight=weight[va], group=va_sizes, reference=train,
                        free_raw_data=False)
    booster = lgb.train(params, train, num_boost_round=args.trees, valid_sets=[valid],
                        callbacks=[lgb.early_stopping(30, verbose=False)])
    best = booster.best_iteration or args.trees

    # Figures on the held-out decisions: how often each chooser picks the thinker's play, and
    # its regret (the thinker's best mean minus the mean of the play picked, in points).
    score = booster.predict(x[va], num_iteration=best)
    rule_col = names.index("rule_choice")
    figures = {"model": [0, 0.0], "rule player": [0, 0.0]}
    decisions = 0
    for qq in np.unique(q[va]):
        rows = va[q[va] == qq]
        s = score[q[va] == qq]
        best_mean = mean[rows].max()
        chosen = rows[rel[rows] == 2]
        if len(chosen) != 1:
            continue
        decisions += 1
        for name, pick in (("model", rows[int(np.argmax(s))]),
                           ("rule player", rows[np.argmax(x[rows, rule_col])])):
            figures[name][0] += int(pick == chosen[0])
            figures[name][1] += best_mean - mean[pick]
    lines = [f"held-out decisions: {decisions} (of {len(np.unique(q))}; {len(unique_games)} games, "
             f"{len(held)} held out); trees: {best}"]
    for name, (agree, regret) in figures.items():
        lines.append(f"{name:12} agrees with the thinker {100 * agree / decisions:.1f}%, "
                     f"regret {regret / decisions:.4f} points per decision")
    for line in lines:
        print(line)

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    booster.save_model(args.out + ".txt", num_iteration=best)
    # The check: held-out candidates spread over the range of scores, features written exactly.
    pick = va[np.linspace(0, len(va) - 1, CHECK_ROWS).astype(int)]
    check_scores = booster.predict(x[pick], num_iteration=best)
    with open(args.out + ".check", "w") as f:
        f.write("# features (" + " ".join(names) + ") then the trainer's score, tab-separated\n")
        for row, s in zip(x[pick], check_scores):
            f.write("\t".join(repr(float(v)) for v in row) + "\t" + repr(float(s)) + "\n")
    try:
        commit = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], capture_output=True,
                                text=True, check=False).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    with open(args.out + ".info", "w") as f:
        # Paths as given would name this machine's folders: each argument that is a path is
        # written from its parent folder on (data/r0/part-1000.tsv → r0/part-1000.tsv).
        def short(a):
            return os.path.join(os.path.basename(os.path.dirname(a)), os.path.basename(a)) if os.sep in a else a
        f.write("command: python3 scripts/train-policy.py " + " ".join(shlex.quote(short(a)) for a in sys.argv[1:]) + "\n")
        f.write(f"lightgbm {lgb.__version__}, numpy {np.__version__}, commit {commit}\n")
        f.write(f"candidates: {len(x)}, decisions: {len(np.unique(q))}, features: {len(names)}\n")
        f.write(f"relevance: {args.relevance}, grades {args.grades}, step {args.step}, weight {args.weight}\n")
        f.write(f"parameters: {params}\n")
        for line in lines:
            f.write(line + "\n")
        f.write(f"seconds: {time.time() - start:.1f}\n")


if __name__ == "__main__":
    main()
