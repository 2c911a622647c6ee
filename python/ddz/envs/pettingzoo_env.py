"""Doudizhu as a PettingZoo AEC environment, on :class:`ddz.Game`.

- Agents ``"A"``, ``"B"``, ``"C"``: the seats, who bid in that order and play in that order
  round the table from the landlord. Which one is the landlord changes from game to game;
  ``infos[agent]["landlord"]`` and the observation say it.
- Actions: ``Discrete(n)`` over :mod:`ddz.envs.actions` (the pass, the 93,772 plays, with
  bidding the bids 0..3 last); ``env.unwrapped.actions`` maps an index to a play and back.
- Observations: ``{"observation": int8 vector (ddz.envs.observation's layout),
  "action_mask": int8 over the actions}``; the mask is all 0s for a seat not to move. The
  mask is read-only and the environment's own, updated in place from step to step (copy it
  to keep it or to change it), so the action space's ``sample(mask)`` draws from the legal
  indices it was told without reading it.
  ``infos[agent]["legal_actions"]`` lists the legal indices of the seat to move too.
- Rewards: under ``objective`` (:mod:`ddz.envs.rewards`), by default each seat's official score
  (docs/rules.md: ±100 × base × multiplier a farmer, twice that the landlord), or DouZero's
  ``"wp"`` (±1), ``"adp"`` (±2**bombs) or ``"logadp"``; all at the end, 0 on every step
  before. A game nobody bid ends at once with 0 for all.
- ``reset(seed=s)`` deals the same game and, given the same actions, replays it exactly.

An action that is not legal raises ``ValueError`` and changes nothing.
"""

from __future__ import annotations

import random

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import ddz
from ddz.envs.actions import action_space
from ddz.envs import spaces as envspaces
from ddz.envs.observation import FastTable
from ddz.envs.rewards import check_objective, rewards

#: The agents, seat by seat.
AGENTS = ("A", "B", "C")
_SEATS = {agent: seat for seat, agent in enumerate(AGENTS)}


def env(**kwargs):
    """The environment as PettingZoo's classic games come: :class:`raw_env` wrapped so a call
    out of order is told at once. (No ``AssertOutOfBoundsWrapper``: the raw environment
    refuses any action that is not legal, out of range or not, with a ``ValueError``.)"""
    return _OrderEnforcing(raw_env(**kwargs))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with ``last``, ``agents`` and
    ``agent_selection`` asked of the environment directly: the same checks, without the
    wrapper's attribute forwarding (``__getattr__`` twice over) for each thing ``last`` and
    the agent loop read, which cost a sixth of a random-play step; ``step`` likewise, past
    the wrapper's layers, in the common case."""

    def last(self, observe=True):
        if not self._has_reset:
            raise AttributeError("last cannot be called before reset")
        return self.env.last(observe)

    def step(self, action):
        # The common case asked of the environment directly; the rest (before reset, after
        # the end) as PettingZoo's wrapper answers it.
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    @property
    def agents(self):
        if not self._has_reset:
            # PettingZoo's own message, from its __getattr__.
            return self.__getattr__("agents")
        return self.env.agents

    @property
    def agent_selection(self):
        if not self._has_reset:
            return self.__getattr__("agent_selection")
        return self.env.agent_selection


class raw_env(AECEnv):
    """Doudizhu for three agents (see the module's doc).

    ``bidding``: the seats bid first (the bids join the action space); without it the
    landlord is ``landlord`` (a seat 0..2) or, when ``None``, drawn for each game from the
    environment's seeded generator, and the base is 1. ``rules``: ``"platform"`` (the
    official rules) or ``"botzone"`` (Botzone's variant), as :class:`ddz.Game` takes them.
    ``objective``: what the rewards count, ``"score"``, ``"wp"``, ``"adp"`` or ``"logadp"``.
    """

    metadata = {
        "name": "ddz_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self, bidding=False, rules="platform", landlord=None, render_mode=None, objective="score"
    ):
        super().__init__()
        self.objective = check_objective(objective)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of human, ansi or None")
        if bidding and landlord is not None:
            raise ValueError("landlord= is for a game without bidding: with bidding the bids decide")
        if landlord is not None and landlord not in (0, 1, 2):
            raise ValueError(f"landlord {landlord!r}: a seat 0, 1 or 2")
        ddz.Game(seed=0, rules=rules)  # refuses unknown rules now, in the Game's words
        self.bidding = bool(bidding)
        self.rules = rules
        self.landlord = landlord
        self.render_mode = render_mode
        self.actions = action_space(self.bidding)
        self.possible_agents = list(AGENTS)
        self.agents = []
        n = self.actions.n
        self._action_space = envspaces.action_space(n)
        self._observation_space = envspaces.observation_space(n)
        self._rng = random.Random()
        self.table = None
        # The mask handed out (see _mask_of) and the legal indices it holds; the mask of a
        # seat not to move, all 0s, one read-only array.
        self._mask = self._mask_base = None
        self._mask_legal = None
        self._no_mask = np.zeros(n, dtype=np.int8)
        self._no_mask.setflags(write=False)

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    @property
    def game(self):
        """A copy of the :class:`ddz.Game` being played, to read: stepping it leaves the
        environment as it was (the environment's own game moves only through ``step``)."""
        return self.table.game.clone() if self.table else None

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
        deal = self._rng.getrandbits(63)
        if self.bidding:
            game = ddz.Game(seed=deal, bidding=True, rules=self.rules)
        else:
            landlord = self.landlord if self.landlord is not None else self._rng.randrange(3)
            game = ddz.Game(seed=deal, rules=self.rules, landlord=landlord)
        self.table = FastTable(game, self.actions)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"landlord": self._landlord_name()} for a in self.agents}
        self.agent_selection = AGENTS[game.to_move]
        self._after_move()

    def _landlord_name(self):
        landlord = self.table.game.landlord
        return None if landlord is None else AGENTS[landlord]

    def _after_move(self, mover=None):
        """Fills the infos of the position now reached, and ends the episode when over (the
        agent after ``mover``, who made the last move, then selected)."""
        game = self.table.game
        to_move = game.to_move
        if to_move is None:
            if mover is not None:
                # Every agent's last() now reads its score; each then steps None to leave.
                self.agent_selection = AGENTS[(AGENTS.index(mover) + 1) % 3]
            scores = rewards(game, self.objective)
            landlord = self._landlord_name()
            for seat, agent in enumerate(AGENTS):
                self.rewards[agent] = scores[seat]
                self.terminations[agent] = True
                self.infos[agent] = {"landlord": landlord, "legal_actions": []}
            self._accumulate_rewards()
            return
        agent = AGENTS[to_move]
        self.agent_selection = agent
        self.infos[agent] = {
            "landlord": self._landlord_name(),
            "legal_actions": sorted(self.table.legal()),
        }

    def observe(self, agent):
        seat = _SEATS.get(agent)
        if seat is None:
            seat = AGENTS.index(agent)  # the ValueError of an agent not at the table
        table = self.table
        if table.game.to_move == seat:
            mask = self._mask_of(table)
        else:
            mask = self._no_mask
        return {"observation": table.encode(seat), "action_mask": mask}

    def _mask_of(self, table):
        """The mask of the seat to move: the environment's own array, read-only, its 1s moved
        in place from the last position's legal indices to this one's (clearing 93,777 bytes
        a step would cost about half of a step); a fresh one when a caller made it writeable
        (and may have changed it). The action space is told the legal indices."""
        legal = table.legal_array()
        mask = self._mask
        if mask is None or mask.flags.writeable:
            # Written through a base of its own; handed out as a read-only view of it.
            self._mask_base = np.zeros(self.actions.n, dtype=np.int8)
            mask = self._mask = self._mask_base.view()
            mask.setflags(write=False)
            self._mask_legal = None
        if self._mask_legal is not legal:
            base = self._mask_base
            if self._mask_legal is not None:
                base[self._mask_legal] = 0
            base[legal] = 1
            self._mask_legal = legal
        space = self._action_space
        space._hint, space._hint_mask = legal, mask
        return mask

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.table.step(action)
        self._after_move(agent)
        if self.render_mode == "human":
            print(self._text())

    def render(self):
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _text(self):
        game = self.table.game
        lines = []
        for seat, hand in enumerate(game.hands):
            role = "landlord" if game.landlord == seat else ""
            lines.append(f"{AGENTS[seat]} {ddz.format_cards(hand) or '-':20} {role}".rstrip())
        if self.table.moves:
            seat, index = self.table.moves[-1]
            lines.append(f"last: {AGENTS[seat]} {self.actions.ranks_of(index) or 'pass'}")
        lines.append("to move: " + ("-" if game.done else AGENTS[game.to_move]))
        return "\n".join(lines)

    def close(self):
        pass
