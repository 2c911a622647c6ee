"""ddz.types against what the package hands out: the observation's TypedDict names exactly
the keys Game.observation gives, at every phase, with values of the annotated shapes."""

import random
import typing

import ddz
from ddz.types import Observation


def observations():
    game = ddz.Game(seed=9, bidding=True)
    rng = random.Random(9)
    while True:
        for seat in range(3):
            yield game.observation(seat)
        if game.done:
            return
        game.step(rng.choice(game.legal_actions()))


def test_the_typed_dict_names_every_key_the_game_gives():
    hints = typing.get_type_hints(Observation)
    phases = set()
    for obs in observations():
        assert set(obs) == set(hints), set(obs) ^ set(hints)
        phases.add(obs["phase"])
        for key, value in obs.items():
            origin = typing.get_origin(hints[key]) or hints[key]
            if origin is typing.Union:  # Optional[...]
                if value is None:
                    continue
                origin = typing.get_origin(typing.get_args(hints[key])[0]) or typing.get_args(hints[key])[0]
            assert isinstance(value, origin), (key, value, hints[key])
    assert phases == {"bid", "play", "done"}
