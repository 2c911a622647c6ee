"""The engine's arena from Python: matches and gauntlets run by ``ddz arena``'s own runner.

Players are spec strings (``"builtin:rules"``, ``"builtin:ddz:samples=16"``, an engine's
command line, ``"botzone:./bot"``), :class:`ddz.Agent` objects (their spec), or Python
callables ``f(observation, legal_actions) -> action`` seated at the table: the observation is
the dict ``Game.observation(seat)`` gives, the legal actions the list ``Game.legal_actions()``
gives. A callable that raises, or returns no action or an illegal one, is charged a fault as
an engine would be.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence, Union

from ddz import _ddz

Player = Union[str, "_ddz.Agent", Callable[[dict, list], Any]]


@dataclass(frozen=True)
class ArenaReport:
    """A match's report: ``text`` as ``ddz arena`` prints it (its last line ``RESULT {...}``),
    and ``result``, that line's JSON read: per player its games, wins, win rate, landlord and
    farmer games and wins, points a deal with its 95% half-width (``per_deal``,
    ``per_deal_ci95``), reply times and faults by kind."""

    text: str
    result: dict
    #: The faults, at most 100 (``result`` counts them all): dicts with ``deal``, ``game``
    #: (the deal's seating), ``seat``, ``player``, ``kind`` and ``detail``, what ``ddz
    #: arena`` writes on stderr.
    faults: List[dict] = field(default_factory=list)
    #: A gauntlet's matches, one report per opponent (empty for a match).
    matches: List["ArenaReport"] = field(default_factory=list)

    @property
    def players(self) -> List[dict]:
        """The per-player figures of the ``RESULT`` line."""
        return self.result.get("players", [])

    def __str__(self) -> str:
        return self.text


def arena(
    players: Sequence[Player],
    format: Optional[str] = None,
    games: int = 100,
    seed: int = 1,
    fixed_landlord: bool = False,
    match_deals: Optional[int] = None,
    jobs: int = 1,
    rules: str = "platform",
    time: Optional[float] = None,
    progress: bool = False,
) -> ArenaReport:
    """Plays a match as ``ddz arena`` does and returns its report.

    ``format``: ``"seats"`` (three players seated as given, the default with three),
    ``"duplicate"``, or with two players ``"pair"``, ``"h2h"``, ``"alone"``, ``"team"``.
    ``games`` deals from ``seed``; ``fixed_landlord`` skips the bidding; ``match_deals``
    plays the deals as matches of that many; ``jobs`` tables at once; ``rules`` the platform
    (``"platform"``, ``"botzone"``, ``"icga2019"``, …); ``time`` the reply limit in seconds;
    ``progress`` draws the arena's progress line on stderr.
    """
    text, result, faults = _ddz._arena(
        list(players),
        dict(
            format=format,
            games=games,
            seed=seed,
            fixed_landlord=fixed_landlord,
            match_deals=match_deals,
            jobs=jobs,
            rules=rules,
            time=time,
            progress=progress,
        ),
    )
    return ArenaReport(text, json.loads(result), _faults(faults))


def gauntlet(
    candidate: Player,
    opponents: Sequence[Player],
    format: Optional[str] = None,
    games: int = 100,
    seed: int = 1,
    fixed_landlord: bool = False,
    match_deals: Optional[int] = None,
    jobs: int = 1,
    rules: str = "platform",
    time: Optional[float] = None,
    progress: bool = False,
) -> ArenaReport:
    """Plays ``candidate`` against each opponent in turn (``ddz arena --gauntlet``): a
    ``"pair"`` match each (or ``"h2h"``, ``"alone"``), on the same deals. The report's
    ``matches`` hold each opponent's match report."""
    text, result, matches = _ddz._gauntlet(
        candidate,
        list(opponents),
        dict(
            format=format,
            games=games,
            seed=seed,
            fixed_landlord=fixed_landlord,
            match_deals=match_deals,
            jobs=jobs,
            rules=rules,
            time=time,
            progress=progress,
        ),
    )
    reports = [ArenaReport(t, json.loads(r), _faults(f)) for t, r, f in matches]
    faults = [fault for report in reports for fault in report.faults]
    return ArenaReport(text, json.loads(result), faults, reports)


def _faults(lines: list) -> List[dict]:
    keys = ("deal", "game", "seat", "player", "kind", "detail")
    return [dict(zip(keys, line)) for line in lines]
