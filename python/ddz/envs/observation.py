"""What a seat sees, as the environments hand it to a learner: one int8 vector of 0s and 1s.

:class:`Table` follows a :class:`ddz.Game` step by step (every action goes through it) and
keeps what the encoding needs as rank counts and as encoded bytes (a play re-encodes the
parts it changes), so an observation is one join of kept bytes, never a walk over the game's
record. Seats in the vector are relative to the observer:
``self``, ``next`` (the seat that plays after it) and ``prev``. Cards are in DouZero's
54-column form (:func:`ddz.envs.actions.cards_matrix`). The layout, in order
(:data:`LAYOUT` gives each part's slice):

==============  ====  ===========================================================
part            size  what
==============  ====  ===========================================================
hand              54  the observer's cards
unseen            54  the cards in the two other hands (all not held, not played)
played           162  the cards each seat has played: self, next, prev
last_moves       162  the last three moves of the play, most recent first (a pass: 0s)
last_passes        3  1 where that move was a pass
to_beat           54  the play the seat to move must beat (0s at a lead)
counts            63  cards left in each hand, one-hot 0..20: self, next, prev
landlord           3  the landlord, one-hot: self, next, prev (0s while bidding)
bids              15  each seat's bid, one-hot (none yet, 0, 1, 2, 3): self, next, prev
phase              2  bidding, playing
bombs             15  bombs and rockets played, one-hot 0..14 (14: that many or more)
bottom            54  the bottom cards once shown (0s while bidding)
==============  ====  ===========================================================
"""

from __future__ import annotations

from numbers import Integral
from operator import add, getitem, sub

import numpy as np

from ddz import _ddz
from ddz.envs.actions import (
    NUM_RANKS,
    PASS,
    ActionSpace,
    rank_of,
)

_PARTS = (
    ("hand", 54),
    ("unseen", 54),
    ("played", 162),
    ("last_moves", 162),
    ("last_passes", 3),
    ("to_beat", 54),
    ("counts", 63),
    ("landlord", 3),
    ("bids", 15),
    ("phase", 2),
    ("bombs", 15),
    ("bottom", 54),
)

#: The types of index a step is given most (an int, or what the action space samples).
_PLAIN_INTS = frozenset((int, np.int64, np.intp))


def action_index(action, n: int) -> int:
    """The action index ``action`` names, an int (or numpy integer) in ``0..n-1``: anything else
    (a string, a float, ``None``, a tuple, a bool) is a ``ValueError`` that names it, never read
    as a number."""
    if type(action) in _PLAIN_INTS and 0 <= action < n:
        return int(action)  # the common case, before the checks of every other
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, Integral):
        raise ValueError(
            f"action {action!r}: an action index is an int from 0 to {n - 1}, "
            f"not {type(action).__name__}"
        )
    index = int(action)
    if not 0 <= index < n:
        raise ValueError(
            f"action {index} is not legal: the action space's indices run from 0 to {n - 1}"
        )
    return index


def _layout():
    out, at = {}, 0
    for name, size in _PARTS:
        out[name] = slice(at, at + size)
        at += size
    return out, at


#: Each part's slice of the observation vector.
LAYOUT, OBSERVATION_SIZE = _layout()
#: The most cards a hand holds, the top of the counts' one-hot.
MAX_CARDS = 20
#: The bombs' one-hot runs 0..MAX_BOMBS (the last also for more).
MAX_BOMBS = 14
#: The deck as rank counts.
_DECK = np.array((4,) * 13 + (1, 1), dtype=np.int8)
#: The first play indices after the pass: the rocket, then the 13 bombs (actions' order).
_DOUBLERS = range(1, 15)


def counts_of(codes) -> np.ndarray:
    """Rank counts (15) of card codes."""
    counts = np.zeros(NUM_RANKS, dtype=np.int8)
    for c in codes:
        counts[rank_of(c)] += 1
    return counts




class Table:
    """A :class:`ddz.Game` followed as rank counts, and its positions encoded.

    Step only through :meth:`step` (an index of ``actions``) so the counts stay in step.
    """

    def __init__(self, game, actions: ActionSpace):
        self.game = game
        self.actions = actions
        self._index_of_key = actions.index_of_key.__getitem__
        self._rows = _row_caches.setdefault(id(actions._t), {})
        self.bids = [None, None, None]
        self.moves = []  # (seat, play index) of the play phase, in order
        self.played = [[0] * NUM_RANKS for _ in range(3)]
        self.bombs = 0
        self.to_beat = None  # index of the play to beat, None when leading
        self._passes = 0
        # The card parts of the observations, kept encoded (bytes of 54) as the game goes:
        self.enc_hand = [b""] * 3
        self.enc_unseen = [b""] * 3
        self.enc_played = [_NO_CARDS] * 3
        self._sync_hands()
        self._steps = 0  # actions taken, to know when the legal list is stale
        self._legal_for = -1
        self._legal = []
        self._legal_array = None
        self._recent_for = -1  # the step _recent_bytes was made at
        self._recent_bytes = b""

    def _sync_hands(self):
        hands = self.game.hands
        self.hands = [counts_of(h).tolist() for h in hands]
        self.sizes = [len(h) for h in hands]
        self.bottom = [0] * NUM_RANKS
        landlord = self.game.landlord
        if landlord is not None:
            self.bottom = counts_of(self.game.observation(landlord)["bottom"]).tolist()
        self.enc_bottom = _encoded(self.bottom)
        h = self.hands
        for s in range(3):
            self.enc_hand[s] = _encoded(h[s])
            self.enc_played[s] = _encoded(self.played[s])
            self.enc_unseen[s] = _encoded(map(add, h[_NEXT[s]], h[_PREV[s]]))

    def _row(self, index):
        """Play ``index``'s cards, encoded."""
        row = self._rows.get(index)
        if row is None:
            row = self._rows[index] = self.actions.matrix[index].tobytes()
        return row

    def legal(self):
        """The legal actions' indices here, in ``legal_actions()``'s order (do not change the
        list: it is kept until the next step)."""
        step = self._steps
        if self._legal_for == step:
            return self._legal
        game = self.game
        if game.done:
            self._legal = []
        elif game.phase == "bid":
            offset = self.actions.bid_offset
            bids = game.legal_actions()
            self._legal = [offset + b for b in bids]
        else:
            # The plays' packed rank counts, read straight to indices (no tuples of codes).
            self._legal = list(map(self._index_of_key, game.legal_keys()))
        self._legal_for = step
        self._legal_array = None
        return self._legal

    def legal_array(self) -> np.ndarray:
        """:meth:`legal` as a read-only numpy array of indices (kept until the next step)."""
        legal = self.legal()
        array = self._legal_array
        if array is None:
            array = self._legal_array = np.array(legal, dtype=np.intp)
            array.setflags(write=False)
        return array

    def step(self, index: int):
        """Plays action ``index`` for the seat to move; ``ValueError`` when it is not legal
        here (nothing changes then)."""
        index = action_index(index, self.actions.n)
        game = self.game
        if game.done:
            raise ValueError("the game is over")
        indices = self.legal()
        k = indices.index(index) if index in indices else None
        if k is None:
            raise ValueError(
                f"action {index} ({self._describe(index)}) is not legal here: "
                f"{len(indices)} legal actions"
            )
        seat = game.to_move
        was_bidding = game.phase == "bid"
        game.step_index(k)
        self._steps += 1
        if was_bidding:
            self.bids[seat] = index - self.actions.bid_offset
            if game.phase == "play":
                self._sync_hands()
            return
        self.moves.append((seat, index))
        if index == PASS:
            self._passes += 1
            if self._passes == 2:
                self.to_beat = None
        else:
            row = self.actions.count_tuples[index]
            hands = self.hands
            hand = hands[seat] = list(map(sub, hands[seat], row))
            played = self.played[seat] = list(map(add, self.played[seat], row))
            self.sizes[seat] -= self.actions.sizes[index]
            self.to_beat = index
            self._passes = 0
            if index in _DOUBLERS:
                self.bombs += 1
            n, p = _NEXT[seat], _PREV[seat]
            self.enc_hand[seat] = _encoded(hand)
            self.enc_played[seat] = _encoded(played)
            self.enc_unseen[n] = _encoded(map(add, hand, hands[p]))
            self.enc_unseen[p] = _encoded(map(add, hand, hands[n]))

    def _describe(self, index):
        try:
            if self.actions.is_bid(index):
                return f"bid {int(index) - self.actions.bid_offset}"
            return self.actions.ranks_of(index) or "pass"
        except ValueError:
            return "no action"

    def mask(self) -> np.ndarray:
        """The legal actions as an int8 mask over the action space (a new array each call)."""
        mask = np.zeros(self.actions.n, dtype=np.int8)
        mask.put(self.legal_array(), 1)
        return mask

    def encode(self, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (the layout in the module's doc): one join of
        kept bytes, the one-hot parts taken whole from tables."""
        nxt, prev = _NEXT[seat], _PREV[seat]
        sizes, bids, landlord = self.sizes, self.bids, self.game.landlord
        played = self.enc_played
        joined = b"".join(
            (
                self.enc_hand[seat],
                self.enc_unseen[seat],
                played[seat],
                played[nxt],
                played[prev],
                self._recent(),
                _COUNT_HOT[sizes[seat]],
                _COUNT_HOT[sizes[nxt]],
                _COUNT_HOT[sizes[prev]],
                _NO_LANDLORD if landlord is None else _LANDLORD_HOT[(landlord - seat) % 3],
                _BID_HOT[bids[seat]],
                _BID_HOT[bids[nxt]],
                _BID_HOT[bids[prev]],
                _PHASE_HOT[self.game.phase],
                _BOMBS_HOT[min(self.bombs, MAX_BOMBS)],
                self.enc_bottom,
            )
        )
        return np.frombuffer(bytearray(joined), dtype=np.int8)

    def _recent(self) -> bytes:
        """The parts every seat sees alike, last_moves to to_beat, encoded (kept until the
        next step)."""
        if self._recent_for == self._steps:
            return self._recent_bytes
        last = [_NO_CARDS, _NO_CARDS, _NO_CARDS]
        passes = bytearray(3)
        moves = self.moves
        for k in range(min(3, len(moves))):
            index = moves[-1 - k][1]
            if index == PASS:
                passes[k] = 1
            else:
                last[k] = self._row(index)
        to_beat = _NO_CARDS if self.to_beat is None else self._row(self.to_beat)
        self._recent_bytes = b"".join((last[0], last[1], last[2], passes, to_beat))
        self._recent_for = self._steps
        return self._recent_bytes


class FastTable(Table):
    """:class:`Table` whose play phase is kept by the core, one native call a step: the legal
    indices (:func:`ddz._ddz._legal_indices`), the step by index (``_step_action``) and the
    observation (``_observe``, the core's encoder, the batch's own). The bidding, and a game
    nobody bid, go :class:`Table`'s way (its counts are then in step: only bids were made).
    The environments play on this one; :class:`Table` stays the second, independent encoder
    the tests hold the core's against."""

    def legal(self):
        if self._legal_for != self._steps:
            self.legal_array()
        return self._legal

    def legal_array(self) -> np.ndarray:
        if self._legal_for != self._steps:
            self._keep_legal(_ddz._legal_indices(self.game))
        return self._legal_array

    def _keep_legal(self, indices: bytearray):
        """Keeps ``indices`` (int64 bytes) as this position's legal actions."""
        array = np.frombuffer(indices, _INT64)
        array.setflags(write=False)
        self._legal_array = array
        self._legal = array.tolist()
        self._legal_for = self._steps

    def step(self, index: int):
        game = self.game
        if game.phase != "play":
            return super().step(index)
        index = action_index(index, self.actions.n)
        seat, legal = _ddz._step_action(game, index)
        if seat < 0:
            raise ValueError(
                f"action {index} ({self._describe(index)}) is not legal here: "
                f"{len(self.legal())} legal actions"
            )
        self._steps += 1
        self.moves.append((seat, index))
        self._keep_legal(legal)

    def encode(self, seat: int) -> np.ndarray:
        if self.game.landlord is None:
            return super().encode(seat)
        return np.frombuffer(_ddz._observe(self.game, seat), _INT8)


# dtypes as objects: numpy reads them at once, a keyword and a type name costs twice the call.
_INT8, _INT64 = np.dtype(np.int8), np.dtype(np.int64)
_NEXT = (1, 2, 0)
_PREV = (2, 0, 1)
_NO_CARDS = bytes(54)
#: Each rank's encoded columns for each count, as cards_matrix makes them: four columns for
#: the ranks 3..2, the first ``count`` set; one column for each joker.
_PIECES = tuple(
    tuple(bytes([1] * n + [0] * (4 - n)) for n in range(5)) if r < 13 else (b"\x00", b"\x01")
    for r in range(NUM_RANKS)
)


def _encoded(counts) -> bytes:
    """Rank counts in the 54-column card form, as bytes."""
    return b"".join(map(getitem, _PIECES, counts))


#: Play indices to their encoded cards, one cache for each action table.
_row_caches = {}


def _hot(size, at):
    """``size`` bytes, 1 at ``at``."""
    out = bytearray(size)
    out[at] = 1
    return bytes(out)


# The one-hot parts, whole: a hand's count, the landlord relative to the observer (self,
# next, prev; 0s while bidding), a seat's bid (none yet, 0..3), the phase, the bombs.
_COUNT_HOT = tuple(_hot(MAX_CARDS + 1, n) for n in range(MAX_CARDS + 1))
_LANDLORD_HOT = tuple(_hot(3, k) for k in range(3))
_NO_LANDLORD = bytes(3)
_BID_HOT = {bid: _hot(5, 0 if bid is None else bid + 1) for bid in (None, 0, 1, 2, 3)}
_PHASE_HOT = {"bid": _hot(2, 0), "play": _hot(2, 1), "done": _hot(2, 1)}
_BOMBS_HOT = tuple(_hot(MAX_BOMBS + 1, n) for n in range(MAX_BOMBS + 1))
# The parts lie in the order encode joins them.
assert LAYOUT["last_passes"].stop == LAYOUT["last_moves"].start + 3 * 54 + 3
assert LAYOUT["to_beat"].start == LAYOUT["last_passes"].stop
assert LAYOUT["counts"].start == LAYOUT["to_beat"].stop
assert LAYOUT["landlord"].start == LAYOUT["counts"].stop
assert LAYOUT["bids"].start == LAYOUT["landlord"].stop
assert LAYOUT["phase"].start == LAYOUT["bids"].stop
assert LAYOUT["bombs"].start == LAYOUT["phase"].stop
