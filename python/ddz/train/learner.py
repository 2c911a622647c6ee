"""DouZero's learner: one network and one RMSprop optimiser per position, each step an MSE of
the values of a batch of moves against their Monte-Carlo returns, the gradient's norm clipped.

The defaults are DouZero's (``douzero/dmc/arguments.py``): learning rate 1e-4, RMSprop's
alpha 0.99, momentum 0, eps 1e-5, gradient norm clipped at 40, a batch of 32 unrolls of 100
moves (3,200 moves of one position a step; its ``frames`` count them).

Checkpoints (:func:`save_checkpoint`) hold what DouZero's ``model.tar`` holds, under its keys:
``model_state_dict`` and ``optimizer_state_dict`` (dicts by position name, DouZero's layout),
``frames``, ``position_frames``, ``stats`` and ``flags``; DouZero's own trainer resumes from
one (``--load_model``), and the three state dicts load into ``douzero.dmc.models``' classes.
They are written to a temporary file beside the target, flushed to disk, then renamed over it,
so a run killed while writing leaves the previous checkpoint whole.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from typing import Dict, Optional

import numpy as np
import torch
from torch import nn

from ddz.train.models import POSITIONS, new_models

#: Marks this trainer's checkpoints (DouZero's have no such key; both load).
FORMAT = "ddz.train dmc 1"


@dataclass
class LearnerConfig:
    """DouZero's learner settings (its flags' names in ``douzero/dmc/arguments.py``)."""

    learning_rate: float = 1e-4
    alpha: float = 0.99
    momentum: float = 0.0
    epsilon: float = 1e-5
    max_grad_norm: float = 40.0
    batch_size: int = 32
    unroll_length: int = 100

    @property
    def rows(self) -> int:
        """Moves of one position in a learning step (its frames)."""
        return self.batch_size * self.unroll_length


class Learner:
    """The three positions' networks on ``device`` and their optimisers."""

    def __init__(self, config: LearnerConfig = LearnerConfig(), device="cpu"):
        self.config = config
        self.device = torch.device(device)
        self.models: Dict[str, nn.Module] = new_models(self.device)
        self.optimizers = {
            p: torch.optim.RMSprop(
                self.models[p].parameters(),
                lr=config.learning_rate,
                momentum=config.momentum,
                eps=config.epsilon,
                alpha=config.alpha,
            )
            for p in POSITIONS
        }
        #: Frames learned (moves of all positions) and per position, as DouZero counts them.
        self.frames = 0
        self.position_frames = {p: 0 for p in POSITIONS}
        #: How many times the weights changed: tells actors elsewhere theirs are stale.
        self.version = 0

    def learn(self, position: str, batch: Dict[str, np.ndarray]) -> float:
        """One optimisation step of ``position``'s network on ``batch`` (the fields of
        :data:`ddz.train.actor.FIELDS`); returns the loss before the step."""
        dev = self.device
        x = torch.cat(
            [torch.from_numpy(batch["x_no_action"]), torch.from_numpy(batch["action"])], dim=1
        ).to(dev).float()
        z = torch.from_numpy(batch["z"]).to(dev).float()
        target = torch.from_numpy(batch["target"]).to(dev).float()
        model = self.models[position]
        values = model(z, x)["values"].squeeze(-1)
        loss = ((values - target) ** 2).mean()
        optimizer = self.optimizers[position]
        optimizer.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), self.config.max_grad_norm)
        optimizer.step()
        rows = len(target)
        self.frames += rows
        self.position_frames[position] += rows
        self.version += 1
        return float(loss.item())

    def cpu_weights(self) -> Dict[str, Dict[str, torch.Tensor]]:
        """The three state dicts on the CPU (what actors elsewhere load)."""
        return {p: {k: v.detach().cpu().clone() for k, v in m.state_dict().items()} for p, m in self.models.items()}

    def state(self, stats: Optional[dict] = None, flags: Optional[dict] = None) -> dict:
        """The checkpoint's contents (DouZero's ``model.tar`` keys, and :data:`FORMAT`)."""
        return {
            "format": FORMAT,
            "model_state_dict": {p: m.state_dict() for p, m in self.models.items()},
            "optimizer_state_dict": {p: o.state_dict() for p, o in self.optimizers.items()},
            "frames": self.frames,
            "position_frames": dict(self.position_frames),
            "stats": dict(stats or {}),
            "flags": dict(flags or {}),
        }

    def load(self, path: str) -> dict:
        """Loads a checkpoint (this trainer's or DouZero's ``model.tar``) into the networks and
        optimisers; returns it. A missing file, another format or another network's shapes
        raise a ValueError naming ``path`` and what is wrong; nothing is changed then."""
        checkpoint = read_checkpoint(path, self.device)
        models = new_models(self.device)
        for p in POSITIONS:
            try:
                models[p].load_state_dict(checkpoint["model_state_dict"][p])
            except RuntimeError as error:
                first = str(error).strip().splitlines()
                raise ValueError(f"checkpoint {path}: {p}'s network is not DouZero's: {' '.join(first[:3])}") from None
        saved = checkpoint.get("optimizer_state_dict") or {}
        for p in POSITIONS:
            if p in saved:
                # Tried on a scratch optimiser first, so a bad one changes nothing here.
                try:
                    torch.optim.RMSprop(models[p].parameters()).load_state_dict(saved[p])
                except (ValueError, KeyError, TypeError) as error:
                    raise ValueError(f"checkpoint {path}: {p}'s optimiser does not fit: {error}") from None
        for p in POSITIONS:
            self.models[p].load_state_dict(models[p].state_dict())
            if p in saved:
                self.optimizers[p].load_state_dict(saved[p])
        self.frames = int(checkpoint.get("frames", 0))
        frames = checkpoint.get("position_frames") or {}
        self.position_frames = {p: int(frames.get(p, 0)) for p in POSITIONS}
        self.version += 1
        return checkpoint


def read_checkpoint(path: str, device="cpu") -> dict:
    """A checkpoint's contents; a ValueError naming ``path`` when it is missing, unreadable
    or holds no network of each position."""
    if not os.path.isfile(path):
        raise ValueError(f"checkpoint {path}: no such file")
    try:
        checkpoint = torch.load(path, map_location=device, weights_only=True)
    except Exception as error:  # torch raises many kinds for a file that is not its own
        raise ValueError(f"checkpoint {path}: not a torch checkpoint ({type(error).__name__}: {error})") from None
    models = checkpoint.get("model_state_dict") if isinstance(checkpoint, dict) else None
    if not isinstance(models, dict) or any(p not in models for p in POSITIONS):
        raise ValueError(
            f"checkpoint {path}: no 'model_state_dict' holding {', '.join(POSITIONS)} "
            "(a trainer's checkpoint or DouZero's model.tar)"
        )
    return checkpoint


def save_checkpoint(state: dict, path: str) -> None:
    """Writes ``state`` to ``path`` atomically: a temporary file in the same directory,
    flushed to disk, then renamed over ``path``."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".tmp-", suffix=".tar", dir=directory)
    try:
        with os.fdopen(fd, "wb") as out:
            torch.save(state, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.remove(temporary)
        raise
