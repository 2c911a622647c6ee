"""Environments in the ecosystem's shapes, on :class:`ddz.Game`.

- :mod:`ddz.envs.actions`: the action space, every play as a multiset of ranks in a fixed
  order (``index_of``, ``play_of``), needing only numpy;
- :mod:`ddz.envs.pettingzoo_env`: a PettingZoo AEC environment (``env()``, ``raw_env``),
  needing ``pettingzoo``;
- :mod:`ddz.envs.gymnasium_env`: a Gymnasium single-seat environment (``DdzEnv``) whose other
  seats are :class:`ddz.Agent` players, needing ``gymnasium``.

``pip install "ddz[envs]"`` brings PettingZoo and Gymnasium. docs/python.md shows each at work.
"""

from ddz.envs.actions import ActionSpace, action_space, index_of, play_of

__all__ = ["ActionSpace", "action_space", "index_of", "play_of"]
