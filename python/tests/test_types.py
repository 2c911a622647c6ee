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


def test_import_ddz_needs_no_numpy_until_the_batch_is_asked_for():
    # The wheel's test installs the package without its dependencies: `import ddz` and a game
    # must work there; ddz.Batch (numpy's face of the batch) is imported when first asked for.
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numpy'] = None\n"  # numpy made unimportable
        "import ddz\n"
        "g = ddz.Game(seed=3, landlord=0)\n"
        "while not g.done: g.step(g.legal_actions()[0])\n"
        "try:\n"
        "    ddz.Batch\n"
        "except ImportError:\n"
        "    print('batch needs numpy')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "batch needs numpy", out.stderr
