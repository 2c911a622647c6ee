"""ddz.douzero_convert without torch: the safetensors writer and reader, the checks of a state
dict, the checkpoint layouts it takes (their loading by torch stubbed by numpy arrays), and the
written file played by the engine's own reader through ``ddz.Agent("builtin:douzero:…")``.
scripts/test-douzero-net.sh checks the same path with torch and DouZero's own Model."""

import os
import random
from pathlib import Path

import numpy as np
import pytest

import ddz
from ddz import douzero_convert as dc


def random_nets(seed=0):
    rng = np.random.default_rng(seed)
    return {
        p: {k: rng.uniform(-0.05, 0.05, size=shape).astype(np.float32) for k, shape in dc.state_dict_shapes(p).items()}
        for p in dc.POSITIONS
    }


def test_safetensors_round_trip_and_atomic_write(tmp_path):
    out = tmp_path / "t.safetensors"
    tensors = {
        "a": np.arange(6, dtype=np.float32).reshape(2, 3),
        "b": np.array([1, -2], dtype=np.int64),
        "c": np.array([[1, 0]], dtype=np.int8),
    }
    dc.write_safetensors(out, tensors, {"why": "test"})
    back = dc.read_safetensors(out)
    assert back.keys() == tensors.keys()
    for k in tensors:
        assert back[k].dtype == tensors[k].dtype and np.array_equal(back[k], tensors[k])
    # The header is 8-byte aligned and says its length first, as the format has it.
    raw = out.read_bytes()
    assert int.from_bytes(raw[:8], "little") % 8 == 0
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
    # A refused write leaves the old file whole and no temporary file behind.
    with pytest.raises(ValueError, match="'bad'.*complex"):
        dc.write_safetensors(out, {"bad": np.zeros(2, dtype=np.complex64)})
    assert out.read_bytes() == raw
    assert sorted(f.name for f in tmp_path.iterdir()) == ["t.safetensors"]
    out.write_bytes(raw[:-3])
    with pytest.raises(ValueError, match="past the end"):
        dc.read_safetensors(out)


def test_a_state_dict_of_another_shape_or_kind_is_refused_by_name():
    nets = random_nets()
    good = dc.checked_state_dict("landlord", nets["landlord"], "x.ckpt")
    assert len(good) == 16
    with pytest.raises(ValueError, match=r"x.ckpt: landlord: tensor 'dense1.weight': shape \[512, 612\], expected \[512, 501\]"):
        dc.checked_state_dict("landlord", nets["landlord_up"], "x.ckpt")
    missing = dict(nets["landlord_up"])
    del missing["lstm.bias_hh_l0"]
    with pytest.raises(ValueError, match="landlord_up: tensor 'lstm.bias_hh_l0' is missing"):
        dc.checked_state_dict("landlord_up", missing, "x.ckpt")
    ints = dict(nets["landlord_down"], **{"dense6.bias": np.zeros(1, dtype=np.int64)})
    with pytest.raises(ValueError, match="'dense6.bias': dtype int64"):
        dc.checked_state_dict("landlord_down", ints, "x.ckpt")
    nan = dict(nets["landlord"])
    nan["dense2.bias"] = np.full(512, np.nan, dtype=np.float32)
    with pytest.raises(ValueError, match="'dense2.bias': holds NaN"):
        dc.checked_state_dict("landlord", nan, "x.ckpt")
    # Keys of no DouZero network are left out, as DouZero's DeepAgent leaves them.
    extra = dict(nets["landlord"], **{"lstm.extra": np.zeros(3)})
    assert "lstm.extra" not in dc.checked_state_dict("landlord", extra, "x.ckpt")


@pytest.fixture
def stub_torch(monkeypatch):
    """Checkpoints as torch would load them, keyed by path, without torch."""
    saved = {}

    def load(path):
        if str(path) not in saved:
            raise ValueError(f"{path}: no such file")
        return saved[str(path)]

    monkeypatch.setattr(dc, "_torch_load", load)
    return saved


def test_douzero_checkpoint_layouts_give_the_same_file(tmp_path, stub_torch):
    nets = random_nets(1)
    released = tmp_path / "douzero_ADP"
    released.mkdir()
    for p in dc.POSITIONS:
        (released / f"{p}.ckpt").touch()
        stub_torch[str(released / f"{p}.ckpt")] = nets[p]
    stub_torch["model.tar"] = {"model_state_dict": nets, "optimizer_state_dict": {}, "frames": 3}
    stub_torch["trainer.pt"] = dict(nets)
    for p in dc.POSITIONS:
        stub_torch[f"{p}_weights_100.ckpt"] = nets[p]
    outs = []
    for i, args in enumerate(
        [
            ([str(released)], None),
            (["model.tar"], None),
            (["trainer.pt"], None),
            ([f"{p}_weights_100.ckpt" for p in dc.POSITIONS], None),
            ([], {p: f"{p}_weights_100.ckpt" for p in dc.POSITIONS}),
        ]
    ):
        out = tmp_path / f"{i}.safetensors"
        dc.convert(out, *args)
        outs.append(dc.read_safetensors(out))
    for other in outs[1:]:
        assert other.keys() == outs[0].keys()
        assert all(np.array_equal(other[k], outs[0][k]) for k in other)
    assert np.array_equal(outs[0]["landlord_up.dense3.weight"], nets["landlord_up"]["dense3.weight"])
    with pytest.raises(ValueError, match="no network for landlord_down"):
        dc.convert(tmp_path / "x.safetensors", ["landlord_weights_100.ckpt", "landlord_up_weights_100.ckpt"])
    with pytest.raises(ValueError, match="landlord comes from"):
        dc.convert(tmp_path / "x.safetensors", ["model.tar", "landlord_weights_100.ckpt"])
    stub_torch["net.ckpt"] = nets["landlord"]
    with pytest.raises(ValueError, match="net.ckpt: a single network's state dict"):
        dc.convert(tmp_path / "x.safetensors", ["net.ckpt"])
    assert not (tmp_path / "x.safetensors").exists()
    assert dc.main([str(tmp_path / "x.safetensors"), str(tmp_path / "nowhere")]) == 2


def test_the_engine_plays_the_written_file_and_names_a_bad_one(tmp_path):
    nets_file = tmp_path / "douzero.safetensors"
    dc.write_networks(nets_file, random_nets(2))
    agent = ddz.Agent(f"builtin:douzero:{nets_file}")
    assert agent.spec == f"builtin:douzero:{nets_file}"
    rng = random.Random(3)
    for seed in range(3):
        game = ddz.Game(seed=seed, bidding=True)
        while not game.done:
            action = agent.act(game)
            assert action in game.legal_actions()
            game.step(action if rng.random() < 0.7 else rng.choice(game.legal_actions()))
    cut = tmp_path / "cut.safetensors"
    cut.write_bytes(nets_file.read_bytes()[:-2])
    with pytest.raises(ValueError, match="cut.safetensors.*tensor 'landlord_down.dense6.bias'"):
        ddz.Agent(f"builtin:douzero:{cut}")
    with pytest.raises(ValueError, match="absent.safetensors"):
        ddz.Agent(f"builtin:douzero:{tmp_path / 'absent.safetensors'}")
