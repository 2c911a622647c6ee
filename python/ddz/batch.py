"""Many games at once, stepped in Rust (``ddz_core::batch``): numpy arrays in and out.

A :class:`Batch` holds ``games`` slots; each plays seeded deals one after another with the
landlord fixed by the deal (deal ``k`` of a slot: seat ``k % 3``, base 1; no bidding, as
DouZero plays). Actions are indices of :mod:`ddz.envs.actions` (0 the pass). A step takes one
action per game, steps the games across threads with the GIL released, and deals a finished
game its slot's next deal in the same call. The encodings (DouZero's arrays, the 641-wide
observation) are made in Rust too, by the encoders :func:`ddz.douzero.get_obs` and the engine
use: this module only converts.
"""

from __future__ import annotations

from typing import Tuple

import numpy as np

from ddz._ddz import Game, _Batch
from ddz.douzero import POSITIONS

#: The objectives a finished game pays by: the official score (Botzone's on its variant), in
#: points; DouZero's WP (±1); DouZero's ADP (±2 to the power of the bombs and rockets played).
OBJECTIVES = ("score", "wp", "adp")


class Batch:
    """``games`` games stepped together (see the module's doc).

    ``seed``: the same seed plays the same games whatever ``threads`` (0: as many threads as
    the machine has). ``rules``: as :class:`ddz.Game` takes them. ``objective``: one of
    :data:`OBJECTIVES`.
    """

    def __init__(self, games: int = 1024, seed: int = 0, rules: str = "platform",
                 objective: str = "adp", threads: int = 0):
        # The native side reads the ints as every int of the package is read (a ValueError
        # naming the argument); past it, int() of each is safe.
        self._native = _Batch(games, seed, rules, objective, threads)
        #: How many games.
        self.games = int(games)
        #: The rules and the objective, as given.
        self.rules = rules
        self.objective = objective
        self._made = (int(games), int(seed), rules, objective, int(threads))

    def __getstate__(self) -> dict:
        """A batch pickles (and copies) as what it was made from and each game's position: its
        deal's index in the slot's stream and the action indices played in it."""
        return {"made": self._made,
                "positions": [self._native.position(g) for g in range(self.games)]}

    def __setstate__(self, state: dict) -> None:
        """Made anew and each game replayed to its position; a state that is not a batch's, or
        an action not legal where it comes, is a ``ValueError`` naming it, the batch unchanged."""
        try:
            made, positions = state["made"], list(state["positions"])
            fresh = Batch(*made)
        except (TypeError, KeyError) as e:
            raise ValueError(f"not a ddz.Batch state: {e}") from None
        if len(positions) != fresh.games:
            raise ValueError(f"not a ddz.Batch state: {len(positions)} positions for "
                             f"{fresh.games} games")
        for g, position in enumerate(positions):
            try:
                deal, actions = position
                deal, actions = int(deal), [int(a) for a in actions]
                if not 0 <= deal < 2**64:
                    raise ValueError(f"deal {deal} is no deal index")
            except (TypeError, ValueError) as e:
                raise ValueError(f"not a ddz.Batch state: game {g}'s position: {e}") from None
            fresh._native.restore(g, deal, actions)
        self.__dict__.update(fresh.__dict__)

    def __repr__(self) -> str:
        return f"Batch(games={self.games}, rules='{self.rules}', objective='{self.objective}')"

    def to_move(self) -> np.ndarray:
        """Each game's seat to move (int8, 0..2)."""
        return np.frombuffer(self._native.seats()[0], dtype=np.int8)

    def position(self) -> np.ndarray:
        """Each game's DouZero position of the seat to move (int8: the index in
        :data:`ddz.douzero.POSITIONS`, 0 landlord, 1 landlord_up, 2 landlord_down)."""
        return np.frombuffer(self._native.seats()[1], dtype=np.int8)

    def legal(self) -> Tuple[np.ndarray, np.ndarray]:
        """``(offsets, actions)``: game ``g``'s legal actions are
        ``actions[offsets[g]:offsets[g + 1]]`` (int32 indices, in ``Game.legal_actions()``'s
        order); offsets int64, ``games + 1`` long."""
        offsets, actions = self._native.legal()
        return np.frombuffer(offsets, dtype=np.int64), np.frombuffer(actions, dtype=np.int32)

    def step(self, actions) -> Tuple[np.ndarray, np.ndarray]:
        """Plays ``actions[g]`` in each game ``g``: ``(rewards, done)``, rewards float32
        ``(games, 3)`` by seat, nonzero only where a game just ended (then dealt anew), done
        bool ``(games,)``. Bad input (not an int array of ``(games,)``, an index that is not
        legal in its game) is a ``ValueError`` naming it, and no game moves."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions must be an int array, not {a.dtype}")
        if a.shape != (self.games,):
            raise ValueError(f"actions must have shape ({self.games},), not {a.shape}")
        if a.dtype.kind == "u" and a.size and int(a.max()) > np.iinfo(np.int64).max:
            game = int(np.argmax(a))
            raise ValueError(f"game {game}: action {int(a[game])} is no action of the space")
        rewards, done = self._native.step(a.astype(np.int64, copy=False).tobytes())
        return (np.frombuffer(rewards, dtype=np.float32).reshape(self.games, 3),
                np.frombuffer(done, dtype=np.bool_))

    def observation(self) -> np.ndarray:
        """Each game's 641-wide observation of its seat to move (int8 ``(games, 641)``, the
        layout of :mod:`ddz.envs.observation`)."""
        return np.frombuffer(self._native.observation(), dtype=np.int8).reshape(self.games, -1)

    def douzero(self, expanded: bool = False) -> tuple:
        """DouZero's arrays, one dict per position (:data:`ddz.douzero.POSITIONS`' order), of
        the games whose seat to move plays it: ``games`` (int64 ``(k,)``), ``x_no_action``
        (int8 ``(k, 319 | 430)``), ``z`` (int8 ``(k, 5, 162)``), ``offsets`` (int64 ``(k+1,)``),
        ``actions`` (int32 ``(n,)``: game ``games[i]``'s legal actions are
        ``actions[offsets[i]:offsets[i+1]]``), ``action_cards`` (int8 ``(n, 54)``); with
        ``expanded`` also DouZero's own ``x_batch`` (float32 ``(n, 373 | 484)``) and ``z_batch``
        (float32 ``(n, 5, 162)``), row for row its ``get_obs``'s."""
        out = []
        for role in range(len(POSITIONS)):
            games, x, z, offsets, actions, cards, x_batch, z_batch = self._native.douzero(
                role, bool(expanded))
            games = np.frombuffer(games, dtype=np.int64)
            x = np.frombuffer(x, dtype=np.int8).reshape(len(games), -1 if len(games) else
                                                        (319 if role == 0 else 430))
            arrays = {
                "games": games,
                "x_no_action": x,
                "z": np.frombuffer(z, dtype=np.int8).reshape(len(games), 5, 162),
                "offsets": np.frombuffer(offsets, dtype=np.int64),
                "actions": np.frombuffer(actions, dtype=np.int32),
                "action_cards": np.frombuffer(cards, dtype=np.int8).reshape(-1, 54),
            }
            if expanded:
                n = len(arrays["actions"])
                arrays["x_batch"] = np.frombuffer(x_batch, dtype=np.float32).reshape(
                    n, x.shape[1] + 54)
                arrays["z_batch"] = np.frombuffer(z_batch, dtype=np.float32).reshape(n, 5, 162)
            out.append(arrays)
        return tuple(out)

    def game(self, i: int) -> Game:
        """Game ``i`` as a :class:`ddz.Game` at its current position (a copy of the slot's)."""
        if not isinstance(i, (int, np.integer)) or isinstance(i, bool) or not 0 <= i < self.games:
            raise ValueError(f"no game {i!r}: games are 0..{self.games - 1}")
        return self._native.game(int(i))
