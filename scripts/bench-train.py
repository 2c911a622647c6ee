#!/usr/bin/env python3
"""The actor loop's speed, ours against DouZero's, with the same network on the CPU.

    python3 scripts/bench-train.py [--rounds 5] [--seconds 10] [--games 256] [--threads 1]

Both play with the same weights (DouZero's landlord and farmer networks, one random
initialisation), exploring at DouZero's 0.01, on ``--threads`` torch threads each:

- DouZero's: ``douzero.dmc.utils.act``'s loop, reproduced line for line for one actor (its
  ``Env`` and ``Environment`` wrapper, one forward pass a move over the legal plays with the
  history repeated for each, its per-position buffers cut into unrolls of 100), only the
  shared-memory queues left out (the unrolls are copied into local buffers as its code
  copies them into shared ones);
- ours: :class:`ddz.train.actor.BatchActor` on ``ddz.Batch`` (``--games`` games, the batch on
  ``--threads`` threads), one network call a position for all of them.

The two run in turns (``--rounds`` rounds of ``--seconds`` each), and the medians are
compared: frames are moves, as DouZero counts them. Prints one line per run and a RESULT line.
"""

import argparse
import json
import os
import statistics
import sys
import time

import numpy as np
import torch


def douzero_actor(models, seconds, seed, unroll=100):
    """DouZero's act() for one actor (douzero/dmc/utils.py), run for ``seconds``: moves made."""
    from douzero.dmc.env_utils import Environment
    from douzero.dmc.utils import _cards2tensor
    from douzero.env.env import Env

    class Flags:
        exp_epsilon = 0.01

    flags = Flags()
    positions = ["landlord", "landlord_up", "landlord_down"]
    np.random.seed(seed)
    T = unroll
    env = Environment(Env("adp"), "cpu")
    buffers = {
        p: {
            "done": torch.empty(T, dtype=torch.bool),
            "episode_return": torch.empty(T),
            "target": torch.empty(T),
            "obs_x_no_action": torch.empty(T, 319 if p == "landlord" else 430, dtype=torch.int8),
            "obs_action": torch.empty(T, 54, dtype=torch.int8),
            "obs_z": torch.empty(T, 5, 162, dtype=torch.int8),
        }
        for p in positions
    }
    done_buf = {p: [] for p in positions}
    episode_return_buf = {p: [] for p in positions}
    target_buf = {p: [] for p in positions}
    obs_x_no_action_buf = {p: [] for p in positions}
    obs_action_buf = {p: [] for p in positions}
    obs_z_buf = {p: [] for p in positions}
    size = {p: 0 for p in positions}
    moves = 0
    position, obs, env_output = env.initial()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        while True:
            obs_x_no_action_buf[position].append(env_output["obs_x_no_action"])
            obs_z_buf[position].append(env_output["obs_z"])
            with torch.no_grad():
                agent_output = models[position].forward(obs["z_batch"], obs["x_batch"], flags=flags)
            _action_idx = int(agent_output["action"].cpu().detach().numpy())
            action = obs["legal_actions"][_action_idx]
            obs_action_buf[position].append(_cards2tensor(action))
            position, obs, env_output = env.step(action)
            size[position] += 1
            moves += 1
            if env_output["done"]:
                for p in positions:
                    diff = size[p] - len(target_buf[p])
                    if diff > 0:
                        done_buf[p].extend([False for _ in range(diff - 1)])
                        done_buf[p].append(True)
                        episode_return = env_output["episode_return"] if p == "landlord" else -env_output["episode_return"]
                        episode_return_buf[p].extend([0.0 for _ in range(diff - 1)])
                        episode_return_buf[p].append(episode_return)
                        target_buf[p].extend([episode_return for _ in range(diff)])
                break
        for p in positions:
            if size[p] > T:
                for t in range(T):
                    buffers[p]["done"][t, ...] = done_buf[p][t]
                    buffers[p]["episode_return"][t, ...] = episode_return_buf[p][t]
                    buffers[p]["target"][t, ...] = target_buf[p][t]
                    buffers[p]["obs_x_no_action"][t, ...] = obs_x_no_action_buf[p][t]
                    buffers[p]["obs_action"][t, ...] = obs_action_buf[p][t]
                    buffers[p]["obs_z"][t, ...] = obs_z_buf[p][t]
                done_buf[p] = done_buf[p][T:]
                episode_return_buf[p] = episode_return_buf[p][T:]
                target_buf[p] = target_buf[p][T:]
                obs_x_no_action_buf[p] = obs_x_no_action_buf[p][T:]
                obs_action_buf[p] = obs_action_buf[p][T:]
                obs_z_buf[p] = obs_z_buf[p][T:]
                size[p] -= T
    return moves


def our_actor(actor, models, seconds):
    """Our batch actor for ``seconds`` (whole hand-overs): moves made."""
    start = actor.frames
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        actor.collect(models, 1)
    return actor.frames - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--games", type=int, default=256)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    from douzero.dmc.models import Model

    from ddz.train.actor import BatchActor
    from ddz.train.models import POSITIONS, new_models

    theirs = Model(device="cpu")
    theirs.eval()
    ours = new_models()
    for p in POSITIONS:
        ours[p].load_state_dict(theirs.get_model(p).state_dict())
    actor = BatchActor(games=args.games, seed=args.seed, threads=args.threads)
    our_actor(actor, ours, 1.0)  # warm up: the batch's first deals, torch's first calls
    douzero_actor(theirs.get_models(), 1.0, args.seed)
    rates = {"douzero": [], "ddz": []}
    for r in range(args.rounds):
        started = time.perf_counter()
        moves = douzero_actor(theirs.get_models(), args.seconds, args.seed + r)
        rates["douzero"].append(moves / (time.perf_counter() - started))
        started = time.perf_counter()
        moves = our_actor(actor, ours, args.seconds)
        rates["ddz"].append(moves / (time.perf_counter() - started))
        print(f"round {r + 1}: douzero.dmc act() {rates['douzero'][-1]:,.0f} frames/s, ddz.train BatchActor {rates['ddz'][-1]:,.0f} frames/s", flush=True)
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(
        f"median of {args.rounds} rounds of {args.seconds:g} s, {args.threads} thread(s) each, {os.cpu_count()} cores: "
        f"douzero.dmc {med['douzero']:,.0f} frames/s, ddz.train ({args.games} games a batch) {med['ddz']:,.0f} frames/s: "
        f"{med['ddz'] / med['douzero']:.1f}x"
    )
    print("RESULT " + json.dumps({"args": vars(args), "frames_per_second": rates, "median": med, "ratio": med["ddz"] / med["douzero"]}))


if __name__ == "__main__":
    sys.exit(main())
