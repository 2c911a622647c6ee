"""What a finished game is worth to each seat, under the objective a learner trains for.

- ``"score"``: the official scores (docs/rules.md): hundreds of points, the landlord's twice a
  farmer's, bombs, the rocket and springs multiplying;
- ``"wp"``: DouZero's winning percentage, ±1: the landlord's side +1 when it wins, -1 when it
  loses, each farmer the opposite;
- ``"adp"``: DouZero's average difference in points, ±2**b where b is the bombs and rockets
  played (springs and the bid do not count, as in DouZero's ``_get_reward``);
- ``"logadp"``: DouZero's ±(b + 1).

A game nobody bid is worth 0 to every seat under each.
"""

from __future__ import annotations

from typing import Tuple

import ddz

#: The objectives, the official score first.
OBJECTIVES = ("score", "wp", "adp", "logadp")


def check_objective(objective) -> str:
    """``objective`` when it is one of :data:`OBJECTIVES`; otherwise a ``ValueError``."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective {objective!r}: one of {', '.join(OBJECTIVES)}")
    return objective


def rewards(game: "ddz.Game", objective: str = "score") -> Tuple[float, float, float]:
    """Each seat's reward for the finished ``game`` under ``objective`` (the official scores
    as the game's ints)."""
    if objective == "score":
        return game.scores()
    landlord = game.landlord
    if landlord is None or game.winner is None:
        return (0.0, 0.0, 0.0)
    bombs = game.observation(landlord)["bombs"]
    value = {"wp": 1.0, "adp": 2.0**bombs, "logadp": bombs + 1.0}[check_objective(objective)]
    if game.winner != landlord:
        value = -value
    return tuple(value if seat == landlord else -value for seat in range(3))
