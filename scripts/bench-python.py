#!/usr/bin/env python3
"""Random play, steps a second, side by side in one run: RLCard 1.2.0's doudizhu environment,
ddz.Game from Python, and ddz's PettingZoo environment (issue 58's bars: the game at least
100x RLCard, the PettingZoo environment at least 30x).

    python scripts/bench-python.py [--seconds 2] [--rounds 3] [--rlcard-python PATH | --no-rlcard]

Run it with a Python where ddz (and pettingzoo) are installed. RLCard runs in its own Python,
by default the venv `bash scripts/peers.sh setup --only rlcard` makes (target/peers/rlcard/venv).
Each contender plays for --seconds in each of --rounds rounds, the contenders taking turns, so
a machine whose load changes during the run weighs on all alike; a contender's figure is its
steps over its time, all rounds added. A step is one action of one seat; every contender plays
without bidding (RLCard's environment has none: its dealer names the landlord), three random
players choosing uniformly among the legal actions:

- rlcard (run): `rlcard.make("doudizhu")`, three `RandomAgent`s, RLCard's own loop
  `env.run(is_training=False)` (how issue 58 measured its 510 steps a second);
- rlcard (step): the same environment and agents, the bare loop `env.step(agent.step(state))`
  (RandomAgent.eval_step's probability list left out: the environment alone);
- game: `ddz.Game`, `random.choice(g.legal_actions())` and `g.step(action)` (each action judged);
- game (step_index): the same, stepping by the action's position in the list (no judging);
- pettingzoo (mask): `env.last()`, then `env.action_space(agent).sample(obs["action_mask"])`,
  PettingZoo's own idiom;
- pettingzoo (info): `env.last()`, then a random index of `info["legal_actions"]`.

The figures and the command are kept in docs/figures.md ("Python: steps a second against RLCard").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RLCARD_PYTHON = os.path.join(ROOT, "target", "peers", "rlcard", "venv", "bin", "python")

# Run by RLCard's Python: plays for SECONDS and prints {"steps", "games", "seconds", "version"}.
# "run": RLCard's own game loop, env.run(is_training=False) with three RandomAgents (each step
# asks RandomAgent.eval_step, which also lists every action's probability); "step": the bare
# loop, env.step on RandomAgent.step's choice.
RLCARD_LOOP = r"""
import json, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent
seconds, seed, mode = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
np.random.seed(seed)
env = rlcard.make("doudizhu", config={"seed": seed})
agents = [RandomAgent(num_actions=env.num_actions) for _ in range(3)]
env.set_agents(agents)
steps = games = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    if mode == "run":
        trajectories, payoffs = env.run(is_training=False)
        # Each seat's trajectory is state, action, state, ..., its final state.
        steps += sum((len(t) - 1) // 2 for t in trajectories)
    else:
        state, player = env.reset()
        while not env.is_over():
            state, player = env.step(agents[player].step(state))
            steps += 1
    games += 1
print(json.dumps({"steps": steps, "games": games, "seconds": time.perf_counter() - start,
                  "version": rlcard.__version__}))
"""


def rlcard_round(python, seconds, seed, mode):
    out = subprocess.run(
        [python, "-c", RLCARD_LOOP, str(seconds), str(seed), mode],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def game_round(seconds, seed, by_index):
    import ddz

    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = ddz.Game(seed=rng.getrandbits(63), landlord=rng.randrange(3))
        while not g.done:
            legal = g.legal_actions()
            if by_index:
                g.step_index(rng.randrange(len(legal)))
            else:
                g.step(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    return {"steps": steps, "games": games, "seconds": time.perf_counter() - start}


def pettingzoo_round(seconds, seed, from_mask):
    from ddz.envs.pettingzoo_env import env as make_env

    e = make_env()
    rng = random.Random(seed)
    for agent in e.possible_agents:
        e.action_space(agent).seed(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=rng.getrandbits(63))
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                action = None
            elif from_mask:
                action = e.action_space(agent).sample(obs["action_mask"])
                steps += 1
            else:
                legal = info["legal_actions"]
                action = legal[rng.randrange(len(legal))]
                steps += 1
            e.step(action)
        games += 1
    return {"steps": steps, "games": games, "seconds": time.perf_counter() - start}


CONTENDERS = {
    "game": lambda s, seed: game_round(s, seed, by_index=False),
    "game (step_index)": lambda s, seed: game_round(s, seed, by_index=True),
    "pettingzoo (mask)": lambda s, seed: pettingzoo_round(s, seed, from_mask=True),
    "pettingzoo (info)": lambda s, seed: pettingzoo_round(s, seed, from_mask=False),
}


def git_commit():
    try:
        out = subprocess.run(
            ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        return out.stdout.strip() + ("+changes" if dirty else "")
    except OSError:
        return "?"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="each contender's time a round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds, the contenders taking turns")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rlcard-python", default=DEFAULT_RLCARD_PYTHON, help="a Python with rlcard 1.2.0")
    ap.add_argument("--no-rlcard", action="store_true", help="measure ddz alone (no ratios)")
    args = ap.parse_args(argv)

    import ddz

    use_rlcard = not args.no_rlcard
    if use_rlcard and not os.path.exists(args.rlcard_python):
        sys.exit(
            f"bench-python: no RLCard Python at {args.rlcard_python}: run "
            "`bash scripts/peers.sh setup --only rlcard`, give --rlcard-python PATH, or --no-rlcard"
        )
    totals = {}
    rlcard_names = ["rlcard (run)", "rlcard (step)"] if use_rlcard else []
    names = rlcard_names + list(CONTENDERS)
    rlcard_version = None
    for r in range(args.rounds):
        for name in names:
            seed = args.seed + r
            if name in rlcard_names:
                mode = "run" if name == "rlcard (run)" else "step"
                got = rlcard_round(args.rlcard_python, args.seconds, seed, mode)
                rlcard_version = got.pop("version")
            else:
                got = CONTENDERS[name](args.seconds, seed)
            t = totals.setdefault(name, {"steps": 0, "games": 0, "seconds": 0.0})
            for k in t:
                t[k] += got[k]
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(
        f"bench-python: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {git_commit()}, "
        f"{ddz.ENGINE_VERSION}, Python {platform.python_version()}"
        + (f", RLCard {rlcard_version}" if rlcard_version else "")
        + (f", load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}" if load else "")
    )
    print(f"{args.rounds} rounds of {args.seconds:g} s each, random play, no bidding")
    rate = {n: totals[n]["steps"] / totals[n]["seconds"] for n in names}
    head = "".join(f" {'vs ' + n.split()[1]:>12}" for n in rlcard_names)
    print(f"{'':20} {'steps':>9} {'games':>7} {'steps/s':>10}{head}")
    for name in names:
        t = totals[name]
        ratios = "".join(f" {rate[name] / rate[n]:11.1f}x" for n in rlcard_names)
        print(f"{name:20} {t['steps']:9d} {t['games']:7d} {rate[name]:10.0f}{ratios}")
    print("RESULT " + json.dumps({n: round(rate[n], 1) for n in names}))


if __name__ == "__main__":
    main()
