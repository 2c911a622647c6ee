"""Test doubles for the trainer's tests (never shipped): a slow pure-Python batch with
``ddz.Batch``'s API over ``ddz.Game`` and ``ddz.douzero.get_obs``, and a proxy that keeps its
own per-game record of what a batch showed and how the games ended."""

from __future__ import annotations

import numpy as np

import ddz
from ddz.douzero import POSITIONS, get_obs, position_of
from ddz.envs.actions import index_of, play_of


def _bombs(game) -> int:
    bombs = 0
    for _, play in game.observation(0)["plays"]:
        info = ddz.classify(play) if play else None
        bombs += bool(info) and info["kind"] in ("bomb", "rocket")
    return bombs


class PyBatch:
    """``ddz.Batch``'s API (COMMON.md) over ``ddz.Game``: slot ``g`` plays deals ``g``,
    ``g + games``, … of ``seed``, the landlord fixed by the deal."""

    def __init__(self, games=4, seed=0, rules="platform", objective="adp", threads=0):
        self.games, self.seed, self.objective, self.rules = games, seed, objective, rules
        self.next_deal = games
        self.slots = [self._new(g) for g in range(games)]

    def _new(self, deal):
        return ddz.Game(seed=self.seed, landlord=deal % 3, deal=deal, rules=self.rules)

    def to_move(self):
        return np.array([g.to_move for g in self.slots], dtype=np.int8)

    def position(self):
        names = [position_of(g.to_move, g.landlord) for g in self.slots]
        return np.array([POSITIONS.index(n) for n in names], dtype=np.int8)

    def douzero(self, expanded=False):
        out = []
        for name in POSITIONS:
            games, xs, zs, offsets, actions, cards = [], [], [], [0], [], []
            for i, game in enumerate(self.slots):
                if position_of(game.to_move, game.landlord) != name:
                    continue
                obs = get_obs(game)
                games.append(i)
                xs.append(obs["x_no_action"])
                zs.append(obs["z"])
                actions.extend(index_of(a) for a in obs["legal_actions"])
                cards.append(obs["x_batch"][:, -54:].astype(np.int8))
                offsets.append(len(actions))
            width = 319 if name == "landlord" else 430
            out.append(
                {
                    "games": np.array(games, dtype=np.int64),
                    "x_no_action": np.array(xs, dtype=np.int8).reshape(-1, width),
                    "z": np.array(zs, dtype=np.int8).reshape(-1, 5, 162),
                    "offsets": np.array(offsets, dtype=np.int64),
                    "actions": np.array(actions, dtype=np.int32),
                    "action_cards": np.concatenate(cards) if cards else np.zeros((0, 54), np.int8),
                }
            )
        return tuple(out)

    def _reward(self, game):
        if self.objective == "score":
            return np.array(game.scores(), dtype=np.float32)
        r = 1.0 if self.objective == "wp" else 2.0 ** _bombs(game)
        lord_won = game.winner == game.landlord
        return np.array([(r if lord_won else -r) * (1 if s == game.landlord else -1) for s in range(3)], dtype=np.float32)

    def step(self, actions):
        rewards = np.zeros((self.games, 3), dtype=np.float32)
        done = np.zeros(self.games, dtype=bool)
        for i, game in enumerate(self.slots):
            hand = game.hands[game.to_move]
            game.step(play_of(int(actions[i]), hand))
            if game.done:
                rewards[i], done[i] = self._reward(game), True
                self.slots[i] = self._new(self.next_deal)
                self.next_deal += 1
        return rewards, done


class RecordingBatch:
    """Wraps a batch and keeps, per game in plain lists, each move's features, history and
    play (as the actor chose it) and, when the game ends, the reward of the seat that made it:
    what the actor's vectorised bookkeeping must hand over."""

    def __init__(self, inner):
        self.inner = inner
        self.games = inner.games
        self.running = [[] for _ in range(inner.games)]
        self.finished = []  # (position, x_no_action bytes, z bytes, action bytes, target)
        self._shown = None

    def to_move(self):
        return self.inner.to_move()

    def position(self):
        return self.inner.position()

    def douzero(self, expanded=False):
        self._shown = self.inner.douzero(expanded)
        return self._shown

    def step(self, actions):
        seats = np.asarray(self.inner.to_move())
        for name, obs in zip(POSITIONS, self._shown):
            for row, g in enumerate(obs["games"]):
                lo, hi = obs["offsets"][row], obs["offsets"][row + 1]
                legal = list(obs["actions"][lo:hi])
                played = legal.index(actions[g]) + lo
                self.running[g].append(
                    (name, int(seats[g]), obs["x_no_action"][row].tobytes(), obs["z"][row].tobytes(), obs["action_cards"][played].tobytes())
                )
        rewards, done = self.inner.step(actions)
        for g in np.flatnonzero(done):
            for name, seat, x, z, a in self.running[g]:
                self.finished.append((name, x, z, a, float(rewards[g, seat])))
            self.running[g] = []
        return rewards, done
