"""Win rates by role of the networks being trained, through the engine's arena.

The networks play as a Python player (:class:`ddz.douzero.DouZeroAgent` over
:func:`ddz.douzero.torch_scorer`: DouZero's encoding of each position, the best-valued legal
play) in ``ddz.arena``'s head-to-head format with the landlord fixed by the deal (DouZero's
evaluation): on each deal once alone as the landlord against two copies of the opponent, once
as both farmers against it alone.
"""

from __future__ import annotations

import copy
from typing import Dict, List, Mapping, Sequence

import torch

#: The opponents a run is measured against, unless told otherwise.
OPPONENTS = ("builtin:random", "builtin:rules")


def network_player(models: Mapping[str, torch.nn.Module]):
    """A ``ddz.arena`` player playing ``models`` (copied to the CPU, so training goes on)."""
    from ddz.douzero import DouZeroAgent, torch_scorer

    frozen = {p: copy.deepcopy(m).cpu().eval() for p, m in models.items()}
    player = DouZeroAgent(torch_scorer(frozen))

    def ddz_train(observation, legal_actions):
        return player(observation, legal_actions)

    return ddz_train


def win_rates(
    models: Mapping[str, torch.nn.Module],
    opponents: Sequence[str] = OPPONENTS,
    games: int = 100,
    seed: int = 1,
) -> List[Dict[str, object]]:
    """Per opponent: the networks' win rates as landlord and as farmers over ``games`` deals
    from ``seed`` (the same deals for every opponent and every call)."""
    import ddz

    player = network_player(models)
    rows = []
    for opponent in opponents:
        report = ddz.arena([player, opponent], format="h2h", games=games, seed=seed, fixed_landlord=True)
        # The head-to-head games: alone as the landlord, and as both farmers.
        ours = report.players[0]["h2h"]
        rows.append(
            {
                "opponent": opponent,
                "deals": games,
                "landlord_win_rate": _share(ours["landlord_wins"], ours["landlord_games"]),
                "farmer_win_rate": _share(ours["farmer_wins"], ours["farmer_games"]),
                "faults": len(report.faults),
            }
        )
    return rows


def _share(wins, games) -> float:
    return float(wins) / games if games else float("nan")
