"""Doudizhu for one learner as a Gymnasium environment: the two other seats are players.

:class:`DdzEnv` seats the learner at ``seat`` and the others as ``opponents`` (any player spec
:class:`ddz.Agent` takes, default ``builtin:rules``, an ``Agent`` or any object with ``act(game)``, or a callable
``f(observation, legal_actions) -> action`` as :func:`ddz.arena` seats them). The spaces are the PettingZoo environment's:
``Discrete`` over :mod:`ddz.envs.actions` and a Dict observation with the int8 vector and
the ``action_mask`` (read-only, as the PettingZoo environment's); ``info["legal_actions"]``
lists the legal indices too, ascending. The reward is the learner's reward under
``objective`` (:mod:`ddz.envs.rewards`: the official score by default, or DouZero's ``"wp"``,
``"adp"``, ``"logadp"``) when the game ends, 0 before. ``reset(seed=s)`` deals the same game
to the same players.

An action outside the mask (Gymnasium's checker steps unmasked samples) ends the episode as
a fault would, with ``illegal_reward`` (default :data:`ILLEGAL_REWARD` in points, -1 under
DouZero's objectives) and
``info["illegal_action"]``; ``illegal="raise"`` makes it a ``ValueError`` instead that
changes nothing.

Registered with Gymnasium as ``ddz/Doudizhu-v0`` once :mod:`ddz.envs.gymnasium_env` is
imported (``gymnasium.make("ddz/Doudizhu-v0", opponents="builtin:random")``).
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np

import ddz
from ddz.envs.actions import action_space
from ddz.envs import spaces as envspaces
from ddz.envs.observation import FastTable
from ddz.envs.rewards import check_objective, rewards

#: The reward for an action outside the mask when ``illegal="end"``: the platform's fault
#: before the bottom is shown, 350 to each other player (docs/rules.md, "Faults").
ILLEGAL_REWARD = -700.0
#: Deals tried by ``reset`` before giving up on one where the learner gets a turn (the others
#: can end a game before it, when the landlord's 20 cards are one play).
_MAX_REDEALS = 100


class DdzEnv(gym.Env):
    """One seat learns, two players fill the others (see the module's doc).

    ``seat``: the learner's seat, 0..2. ``opponents``: one player for both other seats or a
    pair (the seat after the learner's first). ``bidding``, ``rules`` and ``landlord`` are
    the PettingZoo environment's: without bidding the landlord is ``landlord`` or, when
    ``None``, drawn for each game. ``illegal``: ``"end"`` or ``"raise"`` (the module's doc).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        seat=0,
        opponents="builtin:rules",
        bidding=False,
        rules="platform",
        landlord=None,
        render_mode=None,
        illegal="end",
        illegal_reward=None,
        objective="score",
    ):
        if illegal not in ("end", "raise"):
            raise ValueError(f"illegal={illegal!r}: end or raise")
        if seat not in (0, 1, 2):
            raise ValueError(f"seat {seat!r}: a seat 0, 1 or 2")
        if bidding and landlord is not None:
            raise ValueError("landlord= is for a game without bidding: with bidding the bids decide")
        if landlord is not None and landlord not in (0, 1, 2):
            raise ValueError(f"landlord {landlord!r}: a seat 0, 1 or 2")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: ansi or None")
        ddz.Game(seed=0, rules=rules)  # refuses unknown rules now, in the Game's words
        if isinstance(opponents, (str, ddz.Agent)) or callable(opponents):
            opponents = (opponents, opponents)
        opponents = tuple(opponents)
        if len(opponents) != 2:
            raise ValueError(f"opponents: one player or two, not {len(opponents)}")
        self.seat = seat
        self.bidding = bool(bidding)
        self.rules = rules
        self.landlord = landlord
        self.render_mode = render_mode
        self.illegal = illegal
        self.objective = check_objective(objective)
        if illegal_reward is None:
            # The platform's fault in points; under DouZero's objectives the least loss.
            illegal_reward = ILLEGAL_REWARD if objective == "score" else -1.0
        self.illegal_reward = float(illegal_reward)
        self._faulted = False
        self._specs = opponents
        self._players = {}
        self._seed_players(None)
        self.actions = action_space(self.bidding)
        self.action_space = envspaces.action_space(self.actions.n)
        self.observation_space = envspaces.observation_space(self.actions.n)
        self.table = None

    def _seed_players(self, rng):
        """Makes the players of the specs given as strings, seeded from ``rng`` when given."""
        for k, spec in enumerate(self._specs):
            s = (self.seat + 1 + k) % 3
            if isinstance(spec, str):
                seed = None if rng is None else int(rng.integers(2**63))
                self._players[s] = ddz.Agent(spec, seed=seed)
            else:
                self._players[s] = spec

    @property
    def game(self):
        """A copy of the :class:`ddz.Game` being played, to read: stepping it leaves the
        environment as it was (the environment's own game moves only through ``step``)."""
        return self.table.game.clone() if self.table else None

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed_players(self.np_random)
        for _ in range(_MAX_REDEALS):
            deal = int(self.np_random.integers(2**63))
            if self.bidding:
                game = ddz.Game(seed=deal, bidding=True, rules=self.rules)
            else:
                landlord = self.landlord
                if landlord is None:
                    landlord = int(self.np_random.integers(3))
                game = ddz.Game(seed=deal, rules=self.rules, landlord=landlord)
            self.table = FastTable(game, self.actions)
            self._faulted = False
            self._others_play()
            if not game.done:
                return self._observe(), self._info()
        raise RuntimeError(f"no deal in {_MAX_REDEALS} gave seat {self.seat} a turn")

    def _others_play(self):
        table = self.table
        game = table.game
        while not game.done and game.to_move != self.seat:
            player = self._players[game.to_move]
            if hasattr(player, "act"):
                action = player.act(game)
            else:
                action = player(game.observation(), game.legal_actions())
            table.step(self.actions.index_of(action))

    def _observe(self):
        if self.table.game.done:
            mask = _no_actions(self.actions.n)
        else:
            mask = self.table.mask()
            mask.setflags(write=False)
            self.action_space.hint(self.table.legal_array(), mask)
        return {"observation": self.table.encode(self.seat), "action_mask": mask}

    def _info(self):
        game = self.table.game
        return {
            "legal_actions": [] if game.done else sorted(self.table.legal()),
            "landlord": game.landlord,
        }

    def step(self, action):
        if self.table is None:
            raise RuntimeError("call reset() before step()")
        game = self.table.game
        if game.done or self._faulted:
            raise RuntimeError("the game is over: call reset()")
        try:
            self.table.step(action)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._faulted = True
            obs = {
                "observation": self.table.encode(self.seat),
                "action_mask": _no_actions(self.actions.n),
            }
            info = {"legal_actions": [], "landlord": game.landlord, "illegal_action": True}
            return obs, self.illegal_reward, True, False, info
        self._others_play()
        reward = 0.0
        if game.done:
            reward = float(rewards(game, self.objective)[self.seat])
        return self._observe(), reward, game.done, False, self._info()

    def render(self):
        if self.render_mode != "ansi" or self.table is None:
            return None
        game = self.table.game
        lines = [
            f"{'ABC'[s]} {ddz.format_cards(h) or '-'}{' landlord' if game.landlord == s else ''}"
            f"{' (learner)' if s == self.seat else ''}"
            for s, h in enumerate(game.hands)
        ]
        return "\n".join(lines)


gym.register(id="ddz/Doudizhu-v0", entry_point="ddz.envs.gymnasium_env:DdzEnv")


def _no_actions(n):
    """A read-only mask of ``n`` 0s, as the masks handed out are read-only."""
    mask = np.zeros(n, dtype=np.int8)
    mask.setflags(write=False)
    return mask
