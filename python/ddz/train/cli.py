"""``python -m ddz.train``: DouZero's Deep Monte-Carlo on ddz's batched core.

One learner (this process, on ``--device``) and its actors: in this process without Ray, or
Ray actors (``--ray`` starts Ray on this machine, ``--address`` joins a cluster). Every
``--log-every`` seconds a progress line and a row of ``SAVE_DIR/progress.csv``; every
``--eval-every`` frames the networks' win rates by role against ``builtin:random`` and
``builtin:rules`` (``SAVE_DIR/eval.csv``); every ``--save-every`` minutes and at the end the
checkpoint ``SAVE_DIR/model.tar`` (DouZero's keys and layout, written atomically) and each
position's weights as DouZero's evaluation reads them (``POSITION_weights_FRAMES.ckpt``).
``--resume`` goes on from ``SAVE_DIR/model.tar`` (or a named checkpoint). docs/training.md.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from typing import Dict, List, Optional

import numpy as np
import torch

from ddz.train.actor import FIELDS, EXP_EPSILON, Transitions
from ddz.train.learner import Learner, LearnerConfig, save_checkpoint
from ddz.train.models import POSITIONS

CHECKPOINT = "model.tar"
PROGRESS_COLUMNS = (
    ["time_s", "frames"]
    + [f"frames_{p}" for p in POSITIONS]
    + ["fps", "actor_frames", "actor_fps"]
    + [f"loss_{p}" for p in POSITIONS]
    + ["episodes", "landlord_mean_return", "landlord_win_rate"]
)
EVAL_COLUMNS = ["time_s", "frames", "opponent", "deals", "landlord_win_rate", "farmer_win_rate", "faults"]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m ddz.train", description=__doc__.split("\n\n")[0])
    a = p.add_argument
    a("--frames", type=int, default=100_000_000_000, help="stop after learning this many frames (moves, all positions; DouZero's total_frames)")
    a("--games-per-actor", type=int, default=256, help="games an actor plays at once in one batch (default 256)")
    a("--actors", type=int, default=1, help="actors (default 1); Ray actors with --ray or --address")
    a("--ray", action="store_true", help="run the actors as Ray actors on a Ray started on this machine")
    a("--address", help="join the Ray cluster at HOST:PORT (or ray://HOST:PORT, auto); the actors run on it")
    a("--objective", choices=["adp", "wp", "score"], default="adp", help="the return: adp (DouZero's ±2**bombs, default), wp (±1), score (official points)")
    a("--device", default="cpu", help="the learner's device: cpu, cuda, cuda:1 … (default cpu)")
    a("--save-dir", default="ddz_checkpoints", help="checkpoints and logs (default ddz_checkpoints)")
    a("--resume", nargs="?", const="", default=None, metavar="CHECKPOINT", help="go on from SAVE_DIR/model.tar, or the checkpoint named")
    a("--eval-every", type=int, default=1_000_000, help="frames between win-rate measurements (0: never; default 1,000,000)")
    a("--eval-games", type=int, default=100, help="deals each measurement plays against each opponent (default 100)")
    a("--eval-opponents", nargs="+", default=["builtin:random", "builtin:rules"], help="the opponents measured against")
    a("--save-every", type=float, default=30.0, help="minutes between checkpoints (DouZero's save_interval, default 30)")
    a("--log-every", type=float, default=5.0, help="seconds between progress lines (default 5)")
    a("--seed", type=int, default=0, help="seeds the deals, the exploration and the networks' start (default 0)")
    a("--rules", default="platform", help="the rules the games are played under (default platform)")
    a("--exp-epsilon", type=float, default=EXP_EPSILON, help="exploration rate (DouZero's, 0.01)")
    a("--batch-size", type=int, default=32, help="unrolls a learning step (DouZero's 32)")
    a("--unroll-length", type=int, default=100, help="moves an unroll (DouZero's 100)")
    a("--learning-rate", type=float, default=1e-4, help="RMSprop's learning rate (DouZero's 1e-4)")
    a("--steps-per-collect", type=int, default=16, help="moves of every game an actor plays before handing over (default 16)")
    a("--threads", type=int, default=0, help="threads of an in-process actor's batch (0: all cores)")
    a("--actor-threads", type=int, default=1, help="torch and batch threads of each Ray actor (default 1)")
    return p


class Run:
    """A training run: the learner, its actors and its logs."""

    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.config = LearnerConfig(batch_size=args.batch_size, unroll_length=args.unroll_length, learning_rate=args.learning_rate)
        torch.manual_seed(args.seed)
        self.learner = Learner(self.config, args.device)
        self.checkpoint = os.path.join(args.save_dir, CHECKPOINT)
        self.queues: Dict[str, List[Dict[str, np.ndarray]]] = {p: [] for p in POSITIONS}
        self.queued = {p: 0 for p in POSITIONS}
        self.losses = {p: float("nan") for p in POSITIONS}
        self.actor_frames = 0
        self.episodes = 0
        self.landlord_return = 0.0
        self.landlord_wins = 0
        self.started = time.monotonic()
        self.elapsed_before = 0.0

    # --- the pieces -------------------------------------------------------------------

    def prepare(self) -> None:
        """Resumes, or refuses to overwrite another run's checkpoint."""
        args = self.args
        if args.resume is not None:
            path = args.resume or self.checkpoint
            state = self.learner.load(path)
            self.elapsed_before = float(state.get("stats", {}).get("time_s", 0.0))
            print(f"resumed from {path} at {self.learner.frames:,} frames", flush=True)
        elif os.path.exists(self.checkpoint):
            raise ValueError(
                f"--save-dir {args.save_dir} already holds a run's checkpoint ({self.checkpoint}): "
                "--resume to go on from it, or name another --save-dir"
            )
        os.makedirs(args.save_dir, exist_ok=True)

    def actors(self):
        args = self.args
        actor_args = dict(
            games=args.games_per_actor,
            objective=args.objective,
            rules=args.rules,
            epsilon=args.exp_epsilon,
            flush_every=args.steps_per_collect,
        )
        from ddz.train import distributed

        if args.ray or args.address:
            distributed.connect(args.address, num_cpus=None if args.address else args.actors)
            return distributed.RayActors(
                args.actors, args.seed, self.learner.frames, torch_threads=args.actor_threads, threads=args.actor_threads, **actor_args
            )
        return distributed.LocalActors(
            self.learner.models, args.actors, args.seed, self.learner.frames, threads=args.threads, device=args.device, **actor_args
        )

    def take(self, transitions: Transitions) -> None:
        for p in POSITIONS:
            rows = len(transitions[p]["target"])
            if rows:
                self.queues[p].append(transitions[p])
                self.queued[p] += rows

    def batch_of(self, position: str) -> Optional[Dict[str, np.ndarray]]:
        """A learning step's moves of ``position``, oldest first, when enough are waiting."""
        need = self.config.rows
        if self.queued[position] < need:
            return None
        joined = {f: np.concatenate([c[f] for c in self.queues[position]]) for f in FIELDS}
        batch = {f: v[:need] for f, v in joined.items()}
        rest = {f: v[need:] for f, v in joined.items()}
        self.queues[position] = [rest] if len(rest["target"]) else []
        self.queued[position] -= need
        return batch

    def learn_waiting(self) -> None:
        for p in POSITIONS:
            while self.learner.frames < self.args.frames:
                batch = self.batch_of(p)
                if batch is None:
                    break
                self.losses[p] = self.learner.learn(p, batch)

    def elapsed(self) -> float:
        return self.elapsed_before + time.monotonic() - self.started

    # --- logs and checkpoints -----------------------------------------------------------

    def log_progress(self, since: dict) -> dict:
        now = time.monotonic()
        seconds = max(now - since["at"], 1e-9)
        frames = self.learner.frames
        row = {
            "time_s": round(self.elapsed(), 1),
            "frames": frames,
            **{f"frames_{p}": self.learner.position_frames[p] for p in POSITIONS},
            "fps": round((frames - since["frames"]) / seconds, 1),
            "actor_frames": self.actor_frames,
            "actor_fps": round((self.actor_frames - since["actor_frames"]) / seconds, 1),
            **{f"loss_{p}": round(self.losses[p], 6) for p in POSITIONS},
            "episodes": self.episodes,
            "landlord_mean_return": round(self.landlord_return / self.episodes, 4) if self.episodes else "",
            "landlord_win_rate": round(self.landlord_wins / self.episodes, 4) if self.episodes else "",
        }
        append_csv(os.path.join(self.args.save_dir, "progress.csv"), PROGRESS_COLUMNS, row)
        losses = " ".join(f"{p} {self.losses[p]:.4f}" for p in POSITIONS)
        print(
            f"frames {frames:,} (L {self.learner.position_frames['landlord']:,} U {self.learner.position_frames['landlord_up']:,} "
            f"D {self.learner.position_frames['landlord_down']:,}) | {row['fps']:,} frames/s learned, "
            f"{row['actor_fps']:,} moves/s played | loss {losses} | {self.episodes:,} games, landlord wins {row['landlord_win_rate']}",
            flush=True,
        )
        return {"at": now, "frames": frames, "actor_frames": self.actor_frames}

    def evaluate(self) -> None:
        from ddz.train.evaluate import win_rates

        args = self.args
        for row in win_rates(self.learner.models, args.eval_opponents, args.eval_games, seed=args.seed + 1):
            row = {"time_s": round(self.elapsed(), 1), "frames": self.learner.frames, **row}
            append_csv(os.path.join(args.save_dir, "eval.csv"), EVAL_COLUMNS, row)
            print(
                f"eval at {self.learner.frames:,} frames against {row['opponent']} over {row['deals']} deals: "
                f"landlord wins {row['landlord_win_rate']:.3f}, farmers win {row['farmer_win_rate']:.3f}",
                flush=True,
            )

    def save(self) -> None:
        learner = self.learner
        stats = {"time_s": self.elapsed(), "actor_frames": self.actor_frames, "episodes": self.episodes}
        stats.update({f"loss_{p}": self.losses[p] for p in POSITIONS})
        flags = {k: v for k, v in vars(self.args).items() if isinstance(v, (int, float, str, bool, type(None), list))}
        save_checkpoint(learner.state(stats, flags), self.checkpoint)
        for p in POSITIONS:
            path = os.path.join(self.args.save_dir, f"{p}_weights_{learner.frames}.ckpt")
            save_checkpoint(learner.models[p].state_dict(), path)
        print(f"checkpoint {self.checkpoint} at {learner.frames:,} frames", flush=True)

    # --- the loop -------------------------------------------------------------------------

    def run(self) -> int:
        args = self.args
        self.prepare()
        pool = self.actors()
        ray_pool = hasattr(pool, "start")
        since = {"at": time.monotonic(), "frames": self.learner.frames, "actor_frames": 0}
        next_eval = self.learner.frames + args.eval_every if args.eval_every > 0 else None
        last_save = time.monotonic()
        try:
            pool.set_weights(self.learner)
            while self.learner.frames < args.frames:
                if ray_pool:
                    # Idle Ray actors go on; the learner has learned all it had waiting.
                    pool.start(args.steps_per_collect)
                transitions, counts = pool.next(args.steps_per_collect)
                self.take(transitions)
                self.actor_frames += int(counts["frames"])
                self.episodes += int(counts["episodes"])
                self.landlord_return += float(counts["landlord_return"])
                self.landlord_wins += int(counts["landlord_wins"])
                self.learn_waiting()
                pool.set_weights(self.learner)
                if time.monotonic() - since["at"] >= args.log_every:
                    since = self.log_progress(since)
                if next_eval is not None and self.learner.frames >= next_eval:
                    self.evaluate()
                    next_eval = self.learner.frames + args.eval_every
                if time.monotonic() - last_save >= args.save_every * 60:
                    self.save()
                    last_save = time.monotonic()
        except KeyboardInterrupt:
            print("interrupted: saving the checkpoint", flush=True)
        finally:
            pool.close()
        self.log_progress(since)
        self.save()
        return 0


def append_csv(path: str, columns: List[str], row: dict) -> None:
    """Appends ``row`` to the CSV at ``path``, writing the header first when it is new."""
    new = not os.path.exists(path)
    with open(path, "a", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        if new:
            writer.writeheader()
        writer.writerow(row)


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    problems = [
        f"--{name.replace('_', '-')} must be at least 1"
        for name in ("games_per_actor", "actors", "batch_size", "unroll_length", "steps_per_collect")
        if getattr(args, name) < 1
    ]
    if problems:
        print("error: " + "; ".join(problems), file=sys.stderr)
        return 2
    try:
        return Run(args).run()
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
