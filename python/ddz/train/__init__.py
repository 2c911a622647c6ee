"""DouZero's Deep Monte-Carlo (Zha et al., 2021) on ddz's batched core: ``python -m ddz.train``.

- :mod:`ddz.train.models`: DouZero's networks, state dicts in its layout;
- :mod:`ddz.train.actor`: the actor loop on ``ddz.Batch`` (one network call a position for a
  whole batch of games, the history's LSTM once a game);
- :mod:`ddz.train.learner`: DouZero's learner and its checkpoints;
- :mod:`ddz.train.distributed`: actors in the learner's process or as Ray actors;
- :mod:`ddz.train.evaluate`: win rates by role through ``ddz.arena``;
- :mod:`ddz.train.cli`: the command.

Needs the ``train`` extra (``pip install "./python[train]"``: torch, Ray); ``import ddz``
needs neither. docs/training.md shows it at work.
"""
