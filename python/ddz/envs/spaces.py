"""The environments' Gymnasium spaces (Gymnasium is needed here, not by the action space).

:class:`MaskedDiscrete` is Gymnasium's ``Discrete`` with a faster ``sample(mask)``: the same
uniform choice among the mask's 1s, read as one pass over the mask viewed as bools, or not
read at all when it is the environment's own read-only mask, whose legal indices it was
told. With 93,777 actions, Gymnasium's own (which compares the mask with 0 and with 1, then searches it)
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
    (:meth:`hint`), and that mask itself, which it hands out read-only. Given that very
    array, still read-only, the space samples from the indices without reading the mask (it
    cannot have changed). Any other mask with exactly those entries nonzero, checked by
    counting its nonzero entries and reading those, is sampled from the same list in the same
    order; any other (a copy changed by the caller, another position's) is searched."""

    _hint = None
    _hint_mask = None

    def hint(self, legal, mask=None) -> None:
        """The legal indices of the mask the environment hands out next, and that mask when
        it is read-only (a new array the environment will not change)."""
        if not (
            isinstance(legal, np.ndarray)
            and legal.dtype == np.intp
            and legal.ndim == 1
            and not legal.flags.writeable
        ):
            legal = np.array(legal, dtype=np.intp, ndmin=1)
        self._hint = legal
        self._hint_mask = mask if mask is not None and not mask.flags.writeable else None

    def sample(self, mask=None, probability=None):
        if mask is not None and mask is self._hint_mask and probability is None:
            # The environment's own mask, read-only since it was made (a caller who made it
            # writeable again may have changed it: that one is read below).
            legal = self._hint
            if not mask.flags.writeable and legal.size:
                return self.start + legal[int(self.np_random.random() * legal.size)]
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
