"""The package's types, for annotations: importable at run time (``from ddz.types import
Observation``) and named by the native module's stub, so editors and type checkers see the
observation's keys.

- :data:`Cards`: what the card functions read: a rank string (``"33344"``), the platform's
  codes (``"0,4,5"``) or a sequence of codes 0..53;
- :data:`Play`: cards as the package hands them out, codes sorted ascending (``()`` a pass);
- :data:`Action`: a bid (an int 0..3) or a play;
- :class:`Observation`: what a seat sees (``Game.observation``);
- :data:`Player`: what the arena seats: a spec, an :class:`ddz.Agent`, or a callable
  ``f(observation, legal_actions) -> action``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional, Sequence, Tuple, TypedDict, Union

if TYPE_CHECKING:
    from ddz._ddz import Agent

Cards = Union[str, Sequence[int]]
Play = Tuple[int, ...]
Action = Union[int, Play]


class Observation(TypedDict):
    """What ``seat`` sees of a game (docs/python.md, "The game")."""

    #: The observer's seat, 0..2.
    seat: int
    #: ``"bid"``, ``"play"`` or ``"done"``.
    phase: str
    #: The observer's cards.
    hand: Play
    #: The landlord's seat, once known.
    landlord: Optional[int]
    #: The bottom cards, once the landlord is known.
    bottom: Optional[Play]
    #: Cards left in each hand, by seat.
    counts: Tuple[int, int, int]
    #: The bids so far, ``(seat, bid)`` in order.
    bids: List[Tuple[int, int]]
    #: The plays so far, ``(seat, cards)`` in order, ``()`` a pass.
    plays: List[Tuple[int, Play]]
    #: The play to beat, ``None`` when the seat to move leads.
    to_beat: Optional[Play]
    #: The cards each seat has played, by seat.
    played: Tuple[Play, Play, Play]
    #: The landlord's bid (the base), once the landlord is known.
    base: Optional[int]
    #: Bombs and rockets played so far.
    bombs: int


Player = Union[str, "Agent", Callable[[Observation, List[Action]], Action]]

__all__ = ["Action", "Cards", "Observation", "Play", "Player"]
