"""The actor loop on the batched core: a batch of games scored with one network call a position.

Every step, :meth:`BatchActor.step` asks the batch (``ddz.Batch``) for DouZero's arrays of the
games to move, grouped by position; runs each position's network once over all of them
(:func:`ddz.train.models.batch_values`: the history's LSTM once per game, the rest per legal
play); picks each game's play epsilon-greedily (DouZero's ``exp_epsilon``, 0.01: a uniformly
random legal play, otherwise the first best); and plays every game's move in one
``Batch.step``. Each move is kept, per game and position, as DouZero's actors keep it (the
features without the play, the history, the play); when the game ends, each of its moves gets
the game's reward for the seat that made it as its Monte-Carlo target (DouZero's DMC: the
landlord's ``r``, each farmer's ``-r`` under ``wp`` and ``adp``, the official points under
``score``). :meth:`BatchActor.collect` hands over the moves of finished games.

Nothing here knows of a learner, Ray or processes: the same actor runs in the learner's process
(``python -m ddz.train`` without Ray) and inside a Ray actor (:mod:`ddz.train.distributed`).
"""

from __future__ import annotations

from typing import Callable, Dict, List, Mapping, Optional

import numpy as np
import torch

from ddz.train.models import POSITIONS, batch_values

#: DouZero's exploration rate (its ``--exp_epsilon``).
EXP_EPSILON = 0.01
#: The arrays a move is kept as, per position (DouZero's buffers' names without ``obs_``).
FIELDS = ("x_no_action", "z", "action", "target")
#: How the seat to move sits from the landlord, by position (POSITIONS order): the landlord
#: itself, the seat before it (landlord_up, two after it), the seat after it.
_AFTER_LANDLORD = np.array([0, 2, 1], dtype=np.int64)

Transitions = Dict[str, Dict[str, np.ndarray]]


def empty_transitions() -> Transitions:
    """No moves, per position, with each field's dtype and row shape."""
    from ddz.train.models import X_NO_ACTION

    return {
        p: {
            "x_no_action": np.zeros((0, X_NO_ACTION[p]), np.int8),
            "z": np.zeros((0, 5, 162), np.int8),
            "action": np.zeros((0, 54), np.int8),
            "target": np.zeros(0, np.float32),
        }
        for p in POSITIONS
    }


def concat_transitions(parts: List[Transitions]) -> Transitions:
    """The moves of ``parts`` one after another, per position."""
    if len(parts) == 1:
        return parts[0]
    return {p: {f: np.concatenate([t[p][f] for t in parts]) for f in FIELDS} for p in POSITIONS}


def greedy_rows(values: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The row of each segment's first largest value (segment ``i`` is
    ``values[offsets[i]:offsets[i+1]]``, never empty): ``torch.argmax``'s choice per game."""
    segment_of = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    best = np.maximum.reduceat(values, offsets[:-1])
    at_best = np.flatnonzero(values >= best[segment_of])
    first = np.ones(len(at_best), dtype=bool)
    first[1:] = segment_of[at_best[1:]] != segment_of[at_best[:-1]]
    return at_best[first]


class BatchActor:
    """``games`` games of a ``ddz.Batch`` played by the networks given to each call.

    ``seed`` seeds the deals (the batch's) and the exploration; ``objective``: ``"adp"``,
    ``"wp"`` or ``"score"``; ``threads``: the batch's (0: all cores); ``flush_every``: steps
    between handing over finished games' moves; ``make_batch``: the batch's maker (tests
    give a stand-in; default ``ddz.Batch``)."""

    def __init__(
        self,
        games: int,
        seed: int = 0,
        objective: str = "adp",
        rules: str = "platform",
        threads: int = 0,
        epsilon: float = EXP_EPSILON,
        flush_every: int = 16,
        device="cpu",
        make_batch: Optional[Callable] = None,
    ):
        if make_batch is None:
            import ddz

            make_batch = ddz.Batch
        self.batch = make_batch(games=games, seed=seed, rules=rules, objective=objective, threads=threads)
        self.games = games
        self.epsilon = epsilon
        self.device = torch.device(device)
        self.rng = np.random.default_rng(seed)
        self.flush_every = max(1, flush_every)
        # Each slot's finished games so far; a move is tagged with its game's number, and its
        # game's rewards are kept in a ring long enough for the games a slot can finish
        # between two hand-overs (at most one a step).
        self.episode = np.zeros(games, dtype=np.int64)
        self.ring = self.flush_every + 1
        self.rewards = np.zeros((games, self.ring, 3), dtype=np.float32)
        self.pending: Dict[str, List[dict]] = {p: [] for p in POSITIONS}
        self.steps_since_flush = 0
        #: Moves made, games finished, the landlords' summed rewards and wins so far.
        self.frames = 0
        self.episodes = 0
        self.landlord_return = 0.0
        self.landlord_wins = 0

    def step(self, models: Mapping[str, torch.nn.Module]) -> None:
        """One move in every game, chosen by ``models`` (a network by position)."""
        batch = self.batch
        to_move = np.asarray(batch.to_move(), dtype=np.int64)
        position = np.asarray(batch.position(), dtype=np.int64)
        landlord = (to_move - _AFTER_LANDLORD[position]) % 3
        actions = np.zeros(self.games, dtype=np.int64)
        for name, obs in zip(POSITIONS, batch.douzero()):
            games = np.asarray(obs["games"], dtype=np.int64)
            if len(games) == 0:
                continue
            chosen = self._choose(models[name], obs)
            actions[games] = obs["actions"][chosen]
            self.pending[name].append(
                {
                    "games": games,
                    "episode": self.episode[games],
                    "seat": to_move[games],
                    "x_no_action": obs["x_no_action"],
                    "z": obs["z"],
                    "action": obs["action_cards"][chosen],
                }
            )
        rewards, done = batch.step(actions)
        self.frames += self.games
        finished = np.flatnonzero(done)
        if len(finished):
            self.rewards[finished, self.episode[finished] % self.ring] = rewards[finished]
            self.episode[finished] += 1
            lord = rewards[finished, landlord[finished]]
            self.episodes += len(finished)
            self.landlord_return += float(lord.sum())
            self.landlord_wins += int((lord > 0).sum())
        self.steps_since_flush += 1

    def _choose(self, model: torch.nn.Module, obs: dict) -> np.ndarray:
        """The chosen legal row of each of ``obs``'s games (indices into its ``actions``).

        A game with one legal play (a third of the moves: mostly a pass with nothing that
        beats) plays it unscored: greedy or exploring, DouZero's actor would choose it too."""
        offsets = np.asarray(obs["offsets"], dtype=np.int64)
        counts = np.diff(offsets)
        chosen = offsets[:-1].copy()
        scored = counts > 1
        if scored.any():
            sub_counts = counts[scored]
            sub_offsets = np.concatenate([[0], np.cumsum(sub_counts)])
            rows = np.repeat(np.arange(len(sub_counts)), sub_counts)
            cards = obs["action_cards"][np.repeat(scored, counts)]
            dev = self.device
            with torch.no_grad():
                # The batch's arrays are read-only int8: numpy's cast makes the float copies.
                values = batch_values(
                    model,
                    torch.from_numpy(obs["z"][scored].astype(np.float32)).to(dev),
                    torch.from_numpy(obs["x_no_action"][scored].astype(np.float32)).to(dev),
                    torch.from_numpy(cards.astype(np.float32)).to(dev),
                    torch.from_numpy(rows).to(dev),
                )
            best = greedy_rows(values.cpu().numpy(), sub_offsets)
            chosen[scored] += best - sub_offsets[:-1]
        if self.epsilon > 0:
            explore = self.rng.random(len(counts)) < self.epsilon
            if explore.any():
                pick = (self.rng.random(explore.sum()) * counts[explore]).astype(np.int64)
                chosen[explore] = offsets[:-1][explore] + pick
        return chosen

    def collect(self, models: Mapping[str, torch.nn.Module], steps: int) -> Transitions:
        """Plays ``steps`` moves in every game, then hands over the moves of every game that
        has ended, per position, with their targets (moves of games still running stay)."""
        parts = []
        for _ in range(steps):
            self.step(models)
            if self.steps_since_flush >= self.flush_every:
                parts.append(self.flush())
        parts.append(self.flush())
        return concat_transitions(parts)

    def flush(self) -> Transitions:
        """The moves of the games ended since the last hand-over, with their targets."""
        out = empty_transitions()
        for name in POSITIONS:
            chunks = self.pending[name]
            if not chunks:
                continue
            joined = {key: np.concatenate([c[key] for c in chunks]) for key in chunks[0]}
            ended = self.episode[joined["games"]] > joined["episode"]
            games, episode, seat = (joined[k][ended] for k in ("games", "episode", "seat"))
            out[name] = {
                "x_no_action": joined["x_no_action"][ended],
                "z": joined["z"][ended],
                "action": joined["action"][ended],
                "target": self.rewards[games, episode % self.ring, seat],
            }
            keep = ~ended
            self.pending[name] = [{key: value[keep] for key, value in joined.items()}] if keep.any() else []
        self.steps_since_flush = 0
        return out
