"""ddz: Doudizhu (斗地主, 二打一) on the ddz engine's Rust core.

Seats are ints 0, 1, 2 (A, B, C); cards are codes 0..53 (docs/rules.md: four codes per rank
from the threes up, 52 and 53 the jokers). The public API:

- cards and rules: :func:`parse_cards`, :func:`format_cards`, :func:`classify`,
  :func:`beats`, :func:`legal_plays`;
- :class:`Game`: a seeded deal, bidding or a fixed landlord, play, the official score;
- :class:`Batch`: thousands of games stepped at once in Rust, numpy arrays in and out, with
  DouZero's arrays and the 641-wide observation made in Rust;
- :class:`Agent`: any player the engine's arena knows (``builtin:rules``, ``builtin:ddz``, …);
- :func:`arena` and :func:`gauntlet`: matches run by the engine's arena, Python callables
  seated among its players;
- :mod:`ddz.envs` (PettingZoo and Gymnasium environments) and :mod:`ddz.douzero` (DouZero's
  encoding and checkpoints as agents), imported on their own.

docs/python.md in the repository shows each at work.
"""

from typing import TYPE_CHECKING

from ddz._ddz import (
    ENGINE_VERSION,
    Agent,
    Game,
    beats,
    classify,
    format_cards,
    legal_plays,
    parse_cards,
)
from ddz._arena import ArenaReport, arena, gauntlet

if TYPE_CHECKING:
    from ddz.batch import Batch


def __getattr__(name: str):
    # `ddz.Batch` is numpy's face of the batch: imported when first asked for, so that
    # `import ddz` itself needs none of the package's dependencies (the wheel's test installs
    # it without them).
    if name == "Batch":
        from ddz.batch import Batch

        return Batch
    raise AttributeError(f"module 'ddz' has no attribute {name!r}")


#: The version: the engine's, which ``ENGINE_VERSION`` (``ddz 0.5.0 (commit …)``) names.
__version__ = ENGINE_VERSION.split()[1]

__all__ = [
    "ENGINE_VERSION",
    "__version__",
    "Agent",
    "ArenaReport",
    "Batch",
    "Game",
    "arena",
    "beats",
    "classify",
    "format_cards",
    "gauntlet",
    "legal_plays",
    "parse_cards",
]
