#!/usr/bin/env python3
"""The batch against its baselines, side by side in one run (issue 65's bars: batched random
play at least 300x RLCard's bare env.step, DouZero's arrays from the batch at least 100x
DouZero's own Env, encoding included, the PettingZoo AEC env at least 15x RLCard's env.step).

    python scripts/bench-batch.py [--seconds 3] [--rounds 3] [--games 1024] [--threads 0]
                                  [--rlcard-python PATH | --no-rlcard] [--only NAME ...]

Run it with a Python where ddz and douzero 1.1.0 are installed (scripts/test-python.sh's venv,
target/venv-python). RLCard 1.2.0 runs in its own Python, by default the venv
`bash scripts/peers.sh setup --only rlcard` makes (target/peers/rlcard/venv). Each contender
plays for --seconds in each of --rounds rounds, the contenders taking turns (a machine whose
load changes weighs on all alike); a contender's figure is the median of its rounds' rates.
Random legal actions throughout, no bidding:

- rlcard (step): `rlcard.make("doudizhu")`, the bare loop `env.step(RandomAgent.step(state))`,
  RLCard's fastest use; steps a second;
- douzero env: DouZero 1.1.0's own `Env` (numpy only): `env.step(action)`, which plays the
  action and makes the next position's `get_obs`; positions a second;
- pettingzoo (mask): ddz's AEC env driven as its users drive it, `env.last()` then
  `env.action_space(agent).sample(observation["action_mask"])` (scripts/bench-python.py's
  loop; the 93,777-wide mask and the 641-wide observation made at every step); steps a second;
- game + get_obs: `ddz.Game` and `ddz.douzero.get_obs` at every position (the single-game
  path, its encoder now the Rust one);
- batch (step): `ddz.Batch(games)`, one random legal action per game from `legal()` (numpy),
  `step`; steps a second (a step is one action of one game). Each batch is kept from round to
  round and first played 100 steps untimed, so its games are spread over their courses (a
  fresh batch has every game at its first lead, the position with the most legal plays);
- batch + douzero (compact | expanded): the same, with `douzero()` (or `douzero(expanded=True)`,
  DouZero's own x_batch and z_batch) at every position; positions a second.

The figures and the command are kept in docs/figures.md ("Python: the batch").
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RLCARD_PYTHON = os.path.join(ROOT, "target", "peers", "rlcard", "venv", "bin", "python")


def bench_python():
    """scripts/bench-python.py as a module (its RLCard loop, run in RLCard's own Python)."""
    spec = importlib.util.spec_from_file_location("bench_python", os.path.join(ROOT, "scripts", "bench-python.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def douzero_env_round(seconds, seed):
    import numpy as np
    from douzero.env.env import Env

    np.random.seed(seed)
    rng = random.Random(seed)
    env = Env("adp")
    positions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs = env.reset()
        positions += 1
        done = False
        while not done:
            legal = obs["legal_actions"]
            obs, _, done, _ = env.step(legal[rng.randrange(len(legal))])
            positions += not done
    return positions, time.perf_counter() - start


def game_get_obs_round(seconds, seed):
    import ddz
    from ddz.douzero import get_obs

    rng = random.Random(seed)
    positions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = ddz.Game(seed=rng.getrandbits(63), landlord=rng.randrange(3))
        while not g.done:
            obs = get_obs(g)
            legal = obs["legal_actions"]
            g.step(legal[rng.randrange(len(legal))])
            positions += 1
    return positions, time.perf_counter() - start


def pettingzoo(bp, seconds, seed):
    out = bp.pettingzoo_round(seconds, seed, from_mask=True)
    return out["steps"], out["seconds"]


def random_actions(batch, rng):
    """One random legal action per game, chosen with numpy from ``legal()``."""
    import numpy as np

    offsets, actions = batch.legal()
    counts = offsets[1:] - offsets[:-1]
    return actions[offsets[:-1] + (rng.random(batch.games) * counts).astype(np.int64)]


class BatchContender:
    """A batch kept from round to round, first played for WARM_UP steps untimed so that its
    games are spread over their courses (a fresh batch has every game at its first lead, the
    position with the most legal plays) and the rounds see the mix of positions of a long run."""

    WARM_UP = 100

    def __init__(self, games, threads, seed, douzero=None):
        import numpy as np

        import ddz

        self.batch = ddz.Batch(games=games, seed=seed, threads=threads)
        self.rng = np.random.default_rng(seed)
        self.douzero = douzero
        for _ in range(self.WARM_UP):
            self.batch.step(random_actions(self.batch, self.rng))

    def __call__(self, seconds, _seed):
        batch, rng = self.batch, self.rng
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            if self.douzero is not None:
                batch.douzero(expanded=self.douzero == "expanded")
            batch.step(random_actions(batch, rng))
            steps += batch.games
        return steps, time.perf_counter() - start


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="each contender's time a round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds, the contenders taking turns")
    ap.add_argument("--games", type=int, default=1024, help="games in the batch")
    ap.add_argument("--threads", type=int, default=0, help="the batch's threads (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rlcard-python", default=DEFAULT_RLCARD_PYTHON, help="a Python with rlcard 1.2.0")
    ap.add_argument("--no-rlcard", action="store_true", help="leave RLCard out (no first ratio)")
    ap.add_argument("--only", nargs="+", metavar="NAME",
                    help="run only these contenders (the names printed; rlcard and douzero env always)")
    args = ap.parse_args(argv)

    import ddz

    use_rlcard = not args.no_rlcard
    if use_rlcard and not os.path.exists(args.rlcard_python):
        sys.exit(
            f"bench-batch: no RLCard Python at {args.rlcard_python}: run "
            "`bash scripts/peers.sh setup --only rlcard`, give --rlcard-python PATH, or --no-rlcard"
        )
    bp = bench_python()

    def rlcard(s, seed):
        out = bp.rlcard_round(args.rlcard_python, s, seed, "step")
        return out["steps"], out["seconds"]

    contenders = {}
    if use_rlcard:
        contenders["rlcard (step)"] = rlcard
    contenders.update({
        "douzero env": douzero_env_round,
        "pettingzoo (mask)": lambda s, seed: pettingzoo(bp, s, seed),
        "game + get_obs": game_get_obs_round,
        "batch (step)": BatchContender(args.games, args.threads, args.seed),
        "batch + douzero (compact)": BatchContender(args.games, args.threads, args.seed, "compact"),
        "batch + douzero (expanded)": BatchContender(args.games, args.threads, args.seed, "expanded"),
    })
    if args.only:
        unknown = set(args.only) - set(contenders)
        if unknown:
            sys.exit(f"bench-batch: no contender {sorted(unknown)}: one of {list(contenders)}")
        keep = {"rlcard (step)", "douzero env", *args.only}
        contenders = {name: run for name, run in contenders.items() if name in keep}
    rates = {name: [] for name in contenders}
    for r in range(args.rounds):
        for name, run in contenders.items():
            count, seconds = run(args.seconds, args.seed + r)
            rates[name].append(count / seconds)
            print(f"round {r + 1}: {name:28s} {count / seconds:14,.0f} a second", file=sys.stderr)
    median = {name: statistics.median(v) for name, v in rates.items()}
    print(f"ddz {ddz.__version__}, {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; batch of {args.games} games, "
          f"threads {args.threads or os.cpu_count()}; {args.rounds} rounds of {args.seconds:g} s, medians")
    print(f"{'contender':28s} {'a second':>14s}  against")
    base_steps = median.get("rlcard (step)")
    base_positions = median["douzero env"]
    for name, rate in median.items():
        if name.startswith("rlcard"):
            against = "1x (steps)"
        elif name == "douzero env":
            against = "1x (positions)"
        elif name in ("batch (step)", "pettingzoo (mask)"):
            against = f"{rate / base_steps:,.0f}x RLCard's env.step" if base_steps else ""
        else:
            against = f"{rate / base_positions:,.0f}x DouZero's Env"
        print(f"{name:28s} {rate:14,.0f}  {against}")


if __name__ == "__main__":
    main()
