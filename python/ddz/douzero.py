"""DouZero's encoding of a position, and DouZero-style scorers as ddz players.

DouZero (Zha et al., 2021; github.com/kwai/DouZero) scores each legal play of the seat to move
with a network per position and plays the best. :func:`get_obs` computes, from what a ddz seat
sees, the arrays its ``douzero/env/env.py`` ``get_obs(infoset)`` computes, under the same names
and dtypes:

- ``position``: ``"landlord"``, ``"landlord_down"`` (plays after the landlord) or
  ``"landlord_up"`` (plays before it);
- ``x_batch`` (float32, one row per legal play): the position's features, then the play;
  373 columns for the landlord, 484 for a farmer;
- ``z_batch`` (float32, ``(n, 5, 162)``): the last 15 plays of the game, three to a row;
- ``x_no_action`` (int8) and ``z`` (int8): the same without the batch and the play;
- ``legal_actions``: the plays scored, as ddz gives them (tuples of card codes, ``()`` the
  pass), row for row.

Cards are in DouZero's 54-column form (``ddz.envs.actions.cards_matrix``). The arrays are made
by the engine's own encoder (``ddz_core::encode::douzero``, in Rust, the one the batch and the
engine's networks read): this module only converts. DouZero's game has
no bidding: its networks are for the play. :class:`DouZeroAgent` plays with any callable that
scores the batches, ``model(position, z_batch, x_batch) -> values`` (or a dict of
``f(z_batch, x_batch)`` by position), and bids through another player. With torch and DouZero's
checkpoints, :func:`torch_scorer` makes that callable from DouZero's own models.

Where DouZero's rules differ from the platform's (docs/python.md, "DouZero checkpoints"): its
move generator leaves out a plane's single wing of the plane's own rank (``333444+3+5``), a
plane's two pair wings of one rank (``555666+99+99``) and a four's two pairs of one rank
(``3333+55+55``), which the platform plays; its networks meet those only as ddz offers them.
The encoding itself is the same.
"""

from __future__ import annotations

from typing import Callable, Mapping, Optional, Sequence, Union

import numpy as np

from ddz._ddz import _douzero_arrays
from ddz.envs.actions import rank_of

#: The three positions, as DouZero names them.
POSITIONS = ("landlord", "landlord_up", "landlord_down")
#: Plays of history in ``z``: DouZero's 15, three to a row.
HISTORY = 15
#: Columns of ``x_batch`` for the landlord and for a farmer.
X_COLUMNS = {"landlord": 373, "landlord_up": 484, "landlord_down": 484}
#: A DouZero card per rank index: 3..14 for 3..A, 17 for the 2, 20 and 30 for the jokers.
DOUZERO_CARD = tuple(range(3, 15)) + (17, 20, 30)


def position_of(seat: int, landlord: int) -> str:
    """DouZero's name for ``seat`` when ``landlord`` is the landlord's seat."""
    return ("landlord", "landlord_down", "landlord_up")[(seat - landlord) % 3]


def douzero_cards(codes: Sequence[int]) -> list:
    """Card codes as DouZero writes cards (a sorted list of 3..14, 17, 20, 30)."""
    return sorted(DOUZERO_CARD[rank_of(c)] for c in codes)


def get_obs(source, legal_actions: Optional[Sequence] = None) -> dict:
    """DouZero's observation of the seat to move (see the module's doc).

    ``source``: a :class:`ddz.Game` in its play phase, or the observation dict
    ``Game.observation(seat)`` gives (the seat to move's). ``legal_actions``: the plays to
    score, in order; default the game's legal actions, or for an observation dict
    :func:`ddz.legal_plays` of its hand after its ``to_beat``."""
    if isinstance(source, Mapping):
        obs = source
        if legal_actions is None:
            import ddz

            legal_actions = ddz.legal_plays(obs["hand"], obs["to_beat"])
    else:
        obs = source.observation()
        if legal_actions is None:
            legal_actions = source.legal_actions()
    if obs.get("phase", "play") != "play" or obs["landlord"] is None:
        raise ValueError("DouZero's encoding is of the play: this position is in the bidding")
    legal_actions = [tuple(a) for a in legal_actions]
    if not legal_actions:
        raise ValueError("no legal actions to score")
    n = len(legal_actions)
    role, x, z, x_batch, z_batch = _douzero_arrays(
        obs["seat"], obs["landlord"], obs["hand"], obs["counts"], obs["plays"], legal_actions
    )
    x_no_action = np.frombuffer(x, dtype=np.int8)
    return {
        "position": POSITIONS[role],
        "x_batch": np.frombuffer(x_batch, dtype=np.float32).reshape(n, x_no_action.size + 54),
        "z_batch": np.frombuffer(z_batch, dtype=np.float32).reshape(n, 5, 162),
        "legal_actions": legal_actions,
        "x_no_action": x_no_action,
        "z": np.frombuffer(z, dtype=np.int8).reshape(5, 162),
    }


Scorer = Union[Callable[[str, np.ndarray, np.ndarray], object], Mapping[str, Callable]]


class DouZeroAgent:
    """A ddz player that plays what a DouZero-style scorer values most.

    ``model``: ``model(position, z_batch, x_batch)`` returning one value per legal play (any
    array-like of ``n`` or ``n x 1`` numbers), or a dict ``{position: f(z_batch, x_batch)}``.
    ``bidder``: who bids, as DouZero has no bidding: a :class:`ddz.Agent` or player spec
    (default ``"builtin:rules"``; asked on the game, or on the observation under ``rules``),
    or a callable ``f(observation, legal_actions) -> bid``.

    Use it with :meth:`act` (a :class:`ddz.Game`, as ``ddz.Agent``), or call it as
    ``agent(observation, legal_actions)``, as :func:`ddz.arena` and the Gymnasium
    environment call a Python player. With a single legal play it plays it unscored, as
    DouZero's ``DeepAgent`` does.
    """

    def __init__(self, model: Scorer, bidder="builtin:rules", rules="platform"):
        if isinstance(model, Mapping):
            missing = [p for p in POSITIONS if p not in model]
            if missing:
                raise ValueError(f"model: no scorer for {', '.join(missing)}")
            self._score = lambda position, z, x: model[position](z, x)
        elif callable(model):
            self._score = model
        else:
            raise ValueError(f"model must be callable or a dict by position, not {type(model).__name__}")
        self._bidder_spec = bidder
        self._bidder = None
        #: The rules a bidding Agent reads an observation under (a game knows its own).
        self.rules = rules

    def _bid_agent(self):
        if self._bidder is None:
            import ddz

            spec = self._bidder_spec
            self._bidder = ddz.Agent(spec) if isinstance(spec, str) else spec
        return self._bidder

    def choose(self, obs: dict) -> tuple:
        """The play of ``obs`` (a :func:`get_obs` result) the scorer values most."""
        legal = obs["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        values = np.asarray(self._score(obs["position"], obs["z_batch"], obs["x_batch"]))
        values = values.reshape(len(legal), -1)[:, 0] if values.size == len(legal) else None
        if values is None:
            raise ValueError(f"the scorer gave no {len(legal)} values (one per legal play)")
        return legal[int(np.argmax(values))]

    def act(self, game):
        """The action for the seat to move in ``game`` (the game is not changed)."""
        if game.phase == "bid":
            bidder = self._bid_agent()
            if hasattr(bidder, "act"):
                return bidder.act(game)
            return bidder(game.observation(), game.legal_actions())
        return self.choose(get_obs(game))

    def __call__(self, observation: dict, legal_actions: list):
        if observation.get("phase") == "bid":
            bidder = self._bid_agent()
            if hasattr(bidder, "act"):
                # ddz.Agent decides on an observation as in the game, under the rules given.
                return bidder.act(observation, rules=self.rules)
            return bidder(observation, legal_actions)
        return self.choose(get_obs(observation, legal_actions))


def torch_scorer(models: Mapping[str, object], device: str = "cpu") -> Callable:
    """A scorer from DouZero's torch models, one per position (as its ``deep_agent`` loads
    them): each is called ``forward(z, x, return_value=True)["values"]`` on tensors made from
    the batches, without gradients. Needs torch (imported here, not by ``ddz``)."""
    import torch

    def score(position, z_batch, x_batch):
        model = models[position]
        z = torch.from_numpy(z_batch).float().to(device)
        x = torch.from_numpy(x_batch).float().to(device)
        with torch.no_grad():
            values = model.forward(z, x, return_value=True)["values"]
        return values.detach().cpu().numpy()

    return score
