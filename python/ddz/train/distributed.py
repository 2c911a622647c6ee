"""Where the actors run: in the learner's process, or as Ray actors on any number of machines.

Both kinds of pool answer :meth:`next` with one actor's hand-over (its finished games' moves and
its counts) and are given the learner's weights as they change. :class:`LocalActors` share the
learner's networks (no copy, no Ray). :class:`RayActors` keep one ``collect`` call in flight
per actor; the learner's weights go to Ray's object store once per change (``ray.put``) and
to an actor with its next call when its own are older, so the actors play with weights at most
one hand-over old, as DouZero's actors do with its shared-memory models.
"""

from __future__ import annotations

import socket
from typing import Dict, List, Optional, Tuple
from urllib.parse import urlparse

import numpy as np
import torch

from ddz.train.actor import BatchActor, Transitions
from ddz.train.models import POSITIONS, new_models

#: Seconds to wait for a cluster's address to answer before saying it does not.
CONNECT_TIMEOUT = 10.0

Counts = Dict[str, float]


def actor_seed(seed: int, actor: int, frames: int) -> int:
    """Actor ``actor``'s seed: its own deals, and new deals after a resume at ``frames``."""
    return int(np.random.SeedSequence([seed, actor, frames]).generate_state(1, np.uint64)[0] >> 1)


def _counts(actor: BatchActor, before: Counts) -> Counts:
    now = {
        "frames": actor.frames,
        "episodes": actor.episodes,
        "landlord_return": actor.landlord_return,
        "landlord_wins": actor.landlord_wins,
    }
    delta = {k: now[k] - before.get(k, 0) for k in now}
    before.update(now)
    return delta


class LocalActors:
    """``count`` batch actors in this process, taking turns, playing the learner's networks."""

    def __init__(self, models, count: int, seed: int, frames: int = 0, **actor_args):
        self.models = models
        self.actors = [BatchActor(seed=actor_seed(seed, i, frames), **actor_args) for i in range(count)]
        self.seen: List[Counts] = [{} for _ in self.actors]
        self.turn = 0

    def set_weights(self, learner) -> None:
        """Nothing to do: these actors play the learner's own networks."""

    def next(self, steps: int) -> Tuple[Transitions, Counts]:
        i = self.turn
        self.turn = (i + 1) % len(self.actors)
        transitions = self.actors[i].collect(self.models, steps)
        return transitions, _counts(self.actors[i], self.seen[i])

    def close(self) -> None:
        pass


class _ActorHost:
    """A Ray actor's body: a batch actor and its own copy of the networks, on the CPU."""

    def __init__(self, actor_args: dict, torch_threads: int):
        torch.set_num_threads(torch_threads)
        self.actor = BatchActor(**actor_args)
        self.models = new_models("cpu")
        self.version = -1
        self.seen: Counts = {}

    def collect(self, version: int, weights, steps: int):
        if weights is not None:
            for p in POSITIONS:
                self.models[p].load_state_dict(weights[p])
            self.version = version
        transitions = self.actor.collect(self.models, steps)
        return transitions, _counts(self.actor, self.seen)


class RayActors:
    """``count`` Ray actors (one CPU each) running :class:`BatchActor`, wherever the cluster
    places them; ``ray`` must be connected (:func:`connect`)."""

    def __init__(self, count: int, seed: int, frames: int, torch_threads: int = 1, **actor_args):
        import ray

        self.ray = ray
        host = ray.remote(num_cpus=1)(_ActorHost)
        self.handles = [
            host.remote(dict(actor_args, seed=actor_seed(seed, i, frames)), torch_threads) for i in range(count)
        ]
        self.sent = [-1] * count
        self.in_flight: Dict[object, int] = {}
        self.idle = list(range(count))
        self.weights = None
        self.version = -1

    def set_weights(self, learner) -> None:
        """Puts the learner's weights in the object store when they changed."""
        if learner.version != self.version:
            self.weights = self.ray.put(learner.cpu_weights())
            self.version = learner.version

    def start(self, steps: int) -> None:
        """Sends each idle actor its next ``collect`` (the newest weights when its are older)."""
        while self.idle:
            i = self.idle.pop(0)
            stale = self.sent[i] != self.version
            ref = self.handles[i].collect.remote(self.version, self.weights if stale else None, steps)
            self.sent[i] = self.version
            self.in_flight[ref] = i

    def next(self, steps: int) -> Tuple[Transitions, Counts]:
        """The first hand-over to come back; that actor is idle until :meth:`start`."""
        if not self.in_flight:
            self.start(steps)
        ready, _ = self.ray.wait(list(self.in_flight), num_returns=1)
        i = self.in_flight.pop(ready[0])
        self.idle.append(i)
        return self.ray.get(ready[0])

    def close(self) -> None:
        for handle in self.handles:
            self.ray.kill(handle)


def check_address(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """A ValueError naming ``address`` unless something answers there within ``timeout``
    seconds (``HOST:PORT``, a Ray head's GCS port, or ``ray://HOST:PORT``, Ray's client)."""
    if address == "auto":
        return
    parsed = urlparse(address if "://" in address else "ray-gcs://" + address)
    try:
        host, port = parsed.hostname, parsed.port
    except ValueError:
        host, port = None, None
    if not host or not port:
        raise ValueError(f"--address {address!r}: not HOST:PORT, ray://HOST:PORT or auto")
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as error:
        raise ValueError(
            f"--address {address}: the Ray cluster does not answer ({error}; waited {timeout:g} s). "
            "Is `ray start --head` running there, and is the port the head printed?"
        ) from None


def connect(address: Optional[str], num_cpus: Optional[int] = None, timeout: float = CONNECT_TIMEOUT) -> None:
    """Starts Ray on this machine (``address`` None) or joins the cluster at ``address``."""
    try:
        import ray
    except ImportError:
        raise ValueError("Ray is not installed: pip install 'ddz[train]' (or ray) to use --ray or --address") from None
    if address is not None:
        check_address(address, timeout)
    try:
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=True)
        else:
            ray.init(address=address, log_to_driver=True)
    except (ConnectionError, RuntimeError, TimeoutError) as error:
        where = f"--address {address}" if address else "a local Ray"
        raise ValueError(f"{where}: Ray could not start or connect: {error}") from None
