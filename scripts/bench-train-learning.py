#!/usr/bin/env python3
"""Learning at small scale, side by side: DouZero's own trainer and ``python -m ddz.train``,
the same minutes each on the same cores, then each network's win rates by role against
``builtin:random`` and ``builtin:rules`` over the same deals.

    python3 scripts/bench-train-learning.py --minutes 5 --deals 200 --out target/learning

DouZero's trainer runs as its README starts it on a CPU (``douzero.dmc``: ``--actor_device_cpu
--training_device cpu``, ``--num_actors`` as given), saving its weights every minute; ours
in one process (``--games-per-actor`` games). Each is stopped after ``--minutes`` (Ctrl-C, as a
user stops it), and the last weights each saved are measured with ``ddz.arena``'s head-to-head,
the landlord fixed by the deal: alone as the landlord against two copies of the opponent, then
as both farmers against it alone, the same deals for both networks. Prints a table and a
RESULT line; the runs' folders stay under ``--out``.
"""

import argparse
import glob
import json
import os
import re
import signal
import subprocess
import sys


def run_for(command, minutes, log_path, env):
    """Runs ``command`` for ``minutes``, then interrupts it as Ctrl-C does and waits."""
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            process.wait(timeout=minutes * 60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    return process.returncode


def newest_weights(folder):
    """The three ``POSITION_weights_FRAMES.ckpt`` of the largest FRAMES saved in ``folder``."""
    frames = {}
    for path in glob.glob(os.path.join(folder, "**", "*_weights_*.ckpt"), recursive=True):
        m = re.search(r"(landlord(?:_up|_down)?)_weights_(\d+)\.ckpt$", path)
        if m:
            frames.setdefault(int(m.group(2)), {})[m.group(1)] = path
    complete = [f for f, paths in frames.items() if len(paths) == 3]
    if not complete:
        raise SystemExit(f"no complete set of weights in {folder}")
    best = max(complete)
    return best, frames[best]


def load(paths):
    import torch

    from ddz.train.models import new_models

    models = new_models()
    for position, path in paths.items():
        models[position].load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
    return models


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--douzero-actors", type=int, default=2)
    ap.add_argument("--games-per-actor", type=int, default=256)
    ap.add_argument("--out", default="target/learning")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    # One torch thread a process for both: on shared cores, threads that wait for each other at
    # every product cost more than they gain (DouZero's trainer runs one process per actor).
    env = dict(os.environ, OMP_NUM_THREADS="1")
    python = sys.executable

    douzero_dir = os.path.join(args.out, "douzero")
    douzero = [
        python, "-c",
        "import sys; from douzero.dmc import parser, train; train(parser.parse_args(sys.argv[1:]))",
        "--actor_device_cpu", "--training_device", "cpu", "--num_actors", str(args.douzero_actors),
        "--savedir", douzero_dir, "--save_interval", "1", "--xpid", "douzero",
    ]
    ours_dir = os.path.join(args.out, "ddz")
    ours = [
        python, "-m", "ddz.train", "--save-dir", ours_dir, "--save-every", "1", "--eval-every", "0",
        "--games-per-actor", str(args.games_per_actor), "--seed", str(args.seed),
    ]
    if os.path.exists(os.path.join(ours_dir, "model.tar")):
        raise SystemExit(f"{ours_dir} holds an earlier run: remove --out's runs first")
    for name, command in (("douzero.dmc", douzero), ("ddz.train", ours)):
        print(f"{name}: {args.minutes:g} min ({' '.join(command[:3])} …)", flush=True)
        run_for(command, args.minutes, os.path.join(args.out, f"{name}.log"), env)

    from ddz.train.evaluate import win_rates

    results = {}
    for name, folder in (("douzero.dmc", douzero_dir), ("ddz.train", ours_dir)):
        frames, paths = newest_weights(folder)
        rows = win_rates(load(paths), ["builtin:random", "builtin:rules"], games=args.deals, seed=args.seed)
        results[name] = {"frames": frames, "rows": rows}
        for row in rows:
            print(
                f"{name:12} {frames:>12,} frames  vs {row['opponent']:15} landlord {row['landlord_win_rate']:.3f}  "
                f"farmers {row['farmer_win_rate']:.3f}  ({row['deals']} deals, {row['faults']} faults)",
                flush=True,
            )
    print("RESULT " + json.dumps({"args": vars(args), "results": results}))


if __name__ == "__main__":
    sys.exit(main())
