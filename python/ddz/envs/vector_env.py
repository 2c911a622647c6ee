"""Doudizhu as a Gymnasium vector environment over :class:`ddz.Batch`: ``num_envs`` games
stepped together in Rust, self-play (every game's seat to move acts).

- Actions: one index of :mod:`ddz.envs.actions` a game (``single_action_space`` is
  ``Discrete(93,773)``, the pass and the plays; no bidding: the landlord is fixed by the deal,
  as :class:`ddz.Batch` plays).
- Observations: the seat to move's 641-wide int8 vector (:mod:`ddz.envs.observation`'s
  layout), ``(num_envs, 641)``. With ``mask=True`` a dict that adds ``"action_mask"``, int8
  ``(num_envs, 93,773)``: one array kept by the environment and updated in place at each step
  (the entries of the last legal actions cleared, the new ones set; never rebuilt whole), so
  copy it to keep it.
- ``infos["legal_actions"]``: ``(offsets, actions)`` as :meth:`ddz.Batch.legal` gives them,
  game ``g``'s legal indices ``actions[offsets[g]:offsets[g + 1]]``; ``infos["seat"]`` the
  seat to move; ``infos["rewards"]`` every seat's reward ``(num_envs, 3)``.
- Rewards: the reward of the seat that just acted (under ``objective``: ``"wp"``, ``"adp"``
  or ``"score"``, as :class:`ddz.Batch`), nonzero only on the step that ends a game; the other
  seats' are in ``infos["rewards"]``.
- A finished game is dealt anew within the same step (Gymnasium's same-step autoreset): the
  observation and the legal actions returned are the new game's, never a finished one's (so a
  mask is never all 0s). A finished game has nothing left to observe: no ``final_obs``.

``reset(seed=s)`` starts the same games again for the same ``s``. An action that is not legal
raises ``ValueError`` naming the game and the action, and no game moves.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import ddz
from ddz.envs import spaces as envspaces
from ddz.envs.actions import action_space
from ddz.envs.observation import OBSERVATION_SIZE


class DdzVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games of Doudizhu in self-play (see the module's doc)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 64, seed: int = 0, rules: str = "platform",
                 objective: str = "wp", threads: int = 0, mask: bool = False):
        self.num_envs = int(num_envs)
        self._settings = dict(games=self.num_envs, rules=rules, objective=objective, threads=threads)
        self._seed = seed
        self.batch = ddz.Batch(seed=seed, **self._settings)
        n = action_space(False).n
        self.single_action_space = envspaces.action_space(n)
        vector = spaces.Box(0, 1, (OBSERVATION_SIZE,), dtype=np.int8)
        self.mask = bool(mask)
        if self.mask:
            vector = spaces.Dict({"observation": vector,
                                  "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8)})
            self._mask = np.zeros((self.num_envs, n), dtype=np.int8)
            self._set = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        self.single_observation_space = vector
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)

    def _observe(self):
        offsets, legal = self.batch.legal()
        seats = self.batch.to_move()
        obs = self.batch.observation()
        if self.mask:
            # Clear the entries set last time, then set this step's: the mask is never rebuilt.
            self._mask[self._set] = 0
            rows = np.repeat(np.arange(self.num_envs), np.diff(offsets))
            self._set = (rows, legal)
            self._mask[self._set] = 1
            obs = {"observation": obs, "action_mask": self._mask}
        return obs, {"legal_actions": (offsets, legal), "seat": seats}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed = seed
        self.batch = ddz.Batch(seed=self._seed, **self._settings)
        return self._observe()

    def step(self, actions):
        movers = self.batch.to_move()
        rewards, done = self.batch.step(actions)
        obs, infos = self._observe()
        infos["rewards"] = rewards
        reward = rewards[np.arange(self.num_envs), movers]
        return obs, reward, done, np.zeros(self.num_envs, dtype=np.bool_), infos
