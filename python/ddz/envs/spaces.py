"""The environments' Gymnasium spaces (Gymnasium is needed here, not by the action space).

:class:`MaskedDiscrete` is Gymnasium's ``Discrete`` with a faster ``sample(mask)``: the same
uniform choice among the mask's 1s, read as one pass over the mask viewed as bools. With
93,777 actions, Gymnasium's own (which compares the mask with 0 and with 1, then searches it)
would cost more than the rest of a step.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from ddz.envs.observation import OBSERVATION_SIZE


class MaskedDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample(mask)`` takes an int8 mask of 0s and 1s quickly (any
    other mask, or a probability, goes to Gymnasium's own).

    The environment tells the space the legal indices of the mask it last made
    (:meth:`hint`); a mask with exactly those entries nonzero, checked by counting its
    nonzero entries and reading those, is sampled from the list without searching it. Any
    other mask (a copy changed by the caller, another position's) is searched."""

    _hint = None

    def hint(self, legal) -> None:
        """The legal indices of the mask the environment hands out next."""
        self._hint = np.array(legal, dtype=np.intp, ndmin=1)

    def sample(self, mask=None, probability=None):
        if (
            probability is not None
            or not isinstance(mask, np.ndarray)
            or mask.dtype != np.int8
            or mask.shape != (self.n,)
        ):
            return super().sample(mask=mask, probability=probability)
        legal = self._hint
        # The hint holds when every hinted entry is nonzero and nothing else is: counted on
        # the bytes viewed as bools (a byte other than 0 or 1 counts at least once, so a count
        # equal to the hint's length still means no other nonzero entry).
        if (
            legal is None
            or np.count_nonzero(mask.view(np.bool_)) != legal.size
            or not mask[legal].all()
        ):
            legal = np.flatnonzero(mask.view(np.bool_))
        if legal.size == 0:
            return self.start  # as Gymnasium answers a mask with no 1s
        # A uniform draw among them from the space's own generator (seeded by seed()).
        return self.start + legal[int(self.np_random.random() * legal.size)]


def action_space(n: int) -> MaskedDiscrete:
    """The action space over ``n`` indices."""
    return MaskedDiscrete(n)


def observation_space(n: int) -> spaces.Dict:
    """The observation space: the int8 vector and the action mask over ``n`` indices."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 1, (OBSERVATION_SIZE,), dtype=np.int8),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
        }
    )
