"""DouZero's networks, one per position, with DouZero's exact state-dict layout.

``LandlordLstmModel`` and ``FarmerLstmModel`` hold the same parameters under the same names as
``douzero.dmc.models`` (``lstm.*``, ``dense1`` … ``dense6``): a state dict saved by either
loads into the other. ``forward(z, x, return_value=True)`` is DouZero's: the LSTM over the
history ``z`` (one copy per legal play), its last output beside ``x`` (the position's features
and the play), six dense layers, one value a row.

:func:`batch_values` is the actor's way to the same values for many games at once: the LSTM
runs once per game (not once per legal play), and the first dense layer's part that reads the
history and the position (the same for all of a game's plays) is computed once per game too,
leaving only the play's 54 columns and the five further layers per legal play. The sums are
the same; only float rounding differs (a test compares it with DouZero's own model).
"""

from __future__ import annotations

from typing import Dict

import torch
from torch import nn

#: The three positions, in DouZero's order (``ddz.douzero.POSITIONS``).
POSITIONS = ("landlord", "landlord_up", "landlord_down")
#: Width of the position's features without the play (``x_no_action``).
X_NO_ACTION = {"landlord": 319, "landlord_up": 430, "landlord_down": 430}
#: Columns of a play (DouZero's 54-column cards).
ACTION_COLUMNS = 54
#: The history: 5 rows of 162 (15 plays, three to a row); the LSTM's width.
Z_SHAPE = (5, 162)
LSTM_HIDDEN = 128
DENSE = 512


class _DouZeroLstmModel(nn.Module):
    """DouZero's network for one position, ``x_columns`` wide (features and play)."""

    def __init__(self, x_columns: int):
        super().__init__()
        self.lstm = nn.LSTM(Z_SHAPE[1], LSTM_HIDDEN, batch_first=True)
        self.dense1 = nn.Linear(x_columns + LSTM_HIDDEN, DENSE)
        self.dense2 = nn.Linear(DENSE, DENSE)
        self.dense3 = nn.Linear(DENSE, DENSE)
        self.dense4 = nn.Linear(DENSE, DENSE)
        self.dense5 = nn.Linear(DENSE, DENSE)
        self.dense6 = nn.Linear(DENSE, 1)

    def history(self, z: torch.Tensor) -> torch.Tensor:
        """The LSTM's last output for each history row ``z`` (rows, 5, 162)."""
        lstm_out, _ = self.lstm(z)
        return lstm_out[:, -1, :]

    def head(self, first: torch.Tensor) -> torch.Tensor:
        """The layers after ``dense1``'s sum (before its ReLU): one value a row."""
        x = torch.relu(first)
        for layer in (self.dense2, self.dense3, self.dense4, self.dense5):
            x = torch.relu(layer(x))
        return self.dense6(x)

    def forward(self, z, x, return_value=True, flags=None):
        """DouZero's forward: values ``(rows, 1)`` for histories ``z`` and features ``x``.

        Returns ``dict(values=...)`` as DouZero's models do with ``return_value=True`` (the
        only way this trainer and ``ddz.douzero.torch_scorer`` call it)."""
        values = self.head(self.dense1(torch.cat([self.history(z), x], dim=-1)))
        return dict(values=values)


class LandlordLstmModel(_DouZeroLstmModel):
    """The landlord's network: 373 feature columns (319 and the play's 54)."""

    def __init__(self):
        super().__init__(X_NO_ACTION["landlord"] + ACTION_COLUMNS)


class FarmerLstmModel(_DouZeroLstmModel):
    """A farmer's network: 484 feature columns (430 and the play's 54)."""

    def __init__(self):
        super().__init__(X_NO_ACTION["landlord_up"] + ACTION_COLUMNS)


def new_models(device="cpu") -> Dict[str, _DouZeroLstmModel]:
    """The three positions' networks at DouZero's initialisation, on ``device``."""
    models = {
        "landlord": LandlordLstmModel(),
        "landlord_up": FarmerLstmModel(),
        "landlord_down": FarmerLstmModel(),
    }
    return {p: m.to(device) for p, m in models.items()}


def batch_values(
    model: _DouZeroLstmModel,
    z: torch.Tensor,
    x_no_action: torch.Tensor,
    action_cards: torch.Tensor,
    rows: torch.Tensor,
) -> torch.Tensor:
    """Values ``(n,)`` of ``n`` legal plays of ``k`` games in one position.

    ``z`` (k, 5, 162) and ``x_no_action`` (k, 319 | 430): each game's history and features;
    ``action_cards`` (n, 54): the plays; ``rows`` (n,): the game (0..k-1) of each play. Equal
    to ``model(z[rows], cat(x_no_action[rows], action_cards))`` up to rounding."""
    hidden = model.history(z)
    w = model.dense1.weight
    width = hidden.shape[1] + x_no_action.shape[1]
    # dense1 reads [history, features, play]: the first two are a game's, the last a play's.
    per_game = torch.cat([hidden, x_no_action], dim=-1) @ w[:, :width].T + model.dense1.bias
    per_play = action_cards @ w[:, width:].T
    return model.head(per_game[rows] + per_play).squeeze(-1)
