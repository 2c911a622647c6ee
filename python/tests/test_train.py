"""The trainer (python -m ddz.train, docs/training.md): DouZero's networks and learner checked
against DouZero's own code, the actor loop's bookkeeping against a plain per-game record, the
checkpoints, bad input, and short runs in this process and on a local Ray cluster.

Needs the ``train`` extra and DouZero's code (scripts/test-train.sh installs them); without
torch the tests are skipped, unless DDZ_TRAIN_TESTS=1 (the script's), which makes them fail.
"""

import importlib
import os
import socket
import subprocess
import sys
import time

import numpy as np
import pytest

REQUIRED = os.environ.get("DDZ_TRAIN_TESTS") == "1"


def need(module):
    """``module`` imported; skipped without it, unless DDZ_TRAIN_TESTS=1 (then it fails)."""
    if REQUIRED:
        return importlib.import_module(module)
    return pytest.importorskip(module)


torch = need("torch")

import ddz
from ddz.train.actor import BatchActor, greedy_rows
from ddz.train.learner import Learner, LearnerConfig, read_checkpoint, save_checkpoint
from ddz.train.models import POSITIONS, X_NO_ACTION, batch_values, new_models

sys.path.insert(0, os.path.dirname(__file__))
from train_doubles import PyBatch, RecordingBatch  # noqa: E402

torch.set_num_threads(1)
HAS_BATCH = hasattr(ddz, "Batch")
needs_batch = pytest.mark.skipif(not HAS_BATCH and not REQUIRED, reason="ddz.Batch not built")


def douzero_models():
    return need("douzero.dmc.models")


def random_inputs(position, rows, seed=0):
    rng = np.random.default_rng(seed)
    z = torch.from_numpy(rng.integers(0, 2, (rows, 5, 162)).astype(np.float32))
    x = torch.from_numpy(rng.integers(0, 2, (rows, X_NO_ACTION[position] + 54)).astype(np.float32))
    return z, x


@pytest.mark.parametrize("position", POSITIONS)
def test_state_dicts_load_both_ways_with_equal_outputs(position):
    dz = douzero_models()
    torch.manual_seed(1)
    ours = new_models()[position]
    theirs = dz.model_dict[position]()  # DouZero's class at its own random initialisation
    assert {k: v.shape for k, v in ours.state_dict().items()} == {k: v.shape for k, v in theirs.state_dict().items()}
    z, x = random_inputs(position, 7)
    theirs.load_state_dict(ours.state_dict())
    with torch.no_grad():
        assert torch.equal(theirs.forward(z, x, return_value=True)["values"], ours(z, x)["values"])
    fresh = dz.model_dict[position]()
    ours.load_state_dict(fresh.state_dict())
    with torch.no_grad():
        assert torch.equal(fresh.forward(z, x, return_value=True)["values"], ours(z, x)["values"])


def test_checkpoint_loads_in_douzero_model_class(tmp_path):
    dz = douzero_models()
    learner = Learner()
    path = str(tmp_path / "model.tar")
    save_checkpoint(learner.state(), path)
    saved = torch.load(path, map_location="cpu")  # as DouZero's trainer reads its model.tar
    model = dz.Model(device="cpu")
    for p in POSITIONS:
        model.get_model(p).load_state_dict(saved["model_state_dict"][p])
    z, x = random_inputs("landlord_up", 3)
    with torch.no_grad():
        assert torch.equal(model.forward("landlord_up", z, x, training=True)["values"], learner.models["landlord_up"](z, x)["values"])


def test_douzero_model_saved_by_its_own_class_loads_in_ours(tmp_path):
    dz = douzero_models()
    model = dz.Model(device="cpu")
    # DouZero's trainer's checkpoint keys (douzero/dmc/dmc.py, checkpoint()).
    torch.save({"model_state_dict": {p: model.get_model(p).state_dict() for p in POSITIONS}, "frames": 6400}, tmp_path / "model.tar")
    learner = Learner()
    learner.load(str(tmp_path / "model.tar"))
    assert learner.frames == 6400
    z, x = random_inputs("landlord", 4)
    with torch.no_grad():
        assert torch.equal(model.forward("landlord", z, x, training=True)["values"], learner.models["landlord"](z, x)["values"])


@pytest.mark.parametrize("position", POSITIONS)
def test_batch_values_equal_douzero_per_play_forward(position):
    dz = douzero_models()
    torch.manual_seed(2)
    theirs = dz.model_dict[position]()
    ours = new_models()[position]
    ours.load_state_dict(theirs.state_dict())
    rng = np.random.default_rng(3)
    counts = np.array([1, 5, 2, 9])
    games = len(counts)
    z = torch.from_numpy(rng.integers(0, 2, (games, 5, 162)).astype(np.float32))
    x_no_action = torch.from_numpy(rng.integers(0, 2, (games, X_NO_ACTION[position])).astype(np.float32))
    cards = torch.from_numpy(rng.integers(0, 2, (counts.sum(), 54)).astype(np.float32))
    rows = torch.from_numpy(np.repeat(np.arange(games), counts))
    with torch.no_grad():
        shared = batch_values(ours, z, x_no_action, cards, rows)
        # DouZero's way: each legal play its own row of history and features.
        expanded = theirs.forward(z[rows], torch.cat([x_no_action[rows], cards], dim=1), return_value=True)["values"]
    assert shared.shape == (counts.sum(),)
    assert torch.allclose(shared, expanded.squeeze(-1), atol=1e-5, rtol=1e-5)


def test_greedy_rows_is_the_first_best_of_each_game():
    rng = np.random.default_rng(4)
    counts = rng.integers(1, 6, 200)
    offsets = np.concatenate([[0], np.cumsum(counts)])
    values = rng.integers(0, 3, offsets[-1]).astype(np.float32)  # ties on purpose
    expected = [lo + int(np.argmax(values[lo:hi])) for lo, hi in zip(offsets[:-1], offsets[1:])]
    assert greedy_rows(values, offsets).tolist() == expected


def actor_record(make_inner, objective, steps=150, games=4, flush_every=3):
    holder = {}

    def make(**kwargs):
        holder["batch"] = RecordingBatch(make_inner(**kwargs))
        return holder["batch"]

    torch.manual_seed(5)
    actor = BatchActor(games=games, seed=2, objective=objective, threads=1, epsilon=0.2, flush_every=flush_every, make_batch=make)
    out = actor.collect(new_models(), steps)
    got = sorted(
        (p, x.tobytes(), z.tobytes(), a.tobytes(), float(t))
        for p in POSITIONS
        for x, z, a, t in zip(out[p]["x_no_action"], out[p]["z"], out[p]["action"], out[p]["target"])
    )
    return actor, got, sorted(holder["batch"].finished)


@pytest.mark.parametrize("objective", ["adp", "wp", "score"])
def test_actor_hands_over_each_finished_move_with_its_seat_reward(objective):
    actor, got, expected = actor_record(PyBatch, objective)
    assert actor.episodes > 0 and len(expected) > 0
    assert got == expected


@needs_batch
@pytest.mark.parametrize("objective", ["adp", "wp", "score"])
def test_actor_on_the_batch_hands_over_each_finished_move(objective):
    actor, got, expected = actor_record(ddz.Batch, objective, steps=120, games=16, flush_every=5)
    assert actor.episodes > 0
    assert got == expected
    if objective == "wp":
        assert {t for *_, t in got} <= {1.0, -1.0}


def fixed_batch(position, rows=64, seed=6):
    rng = np.random.default_rng(seed)
    return {
        "x_no_action": rng.integers(0, 2, (rows, X_NO_ACTION[position])).astype(np.int8),
        "z": rng.integers(0, 2, (rows, 5, 162)).astype(np.int8),
        "action": rng.integers(0, 2, (rows, 54)).astype(np.int8),
        "target": rng.choice([-2.0, -1.0, 1.0, 4.0], rows).astype(np.float32),
    }


def test_learner_step_is_douzeros():
    need("douzero.dmc.dmc")
    from douzero.dmc import dmc as douzero_dmc
    from douzero.dmc.arguments import parser as douzero_parser
    from douzero.dmc.utils import create_optimizers

    flags = douzero_parser.parse_args(["--training_device", "cpu", "--actor_device_cpu"])
    ours = Learner(LearnerConfig(batch_size=flags.batch_size, unroll_length=flags.unroll_length))
    theirs = douzero_models().Model(device="cpu")
    for p in POSITIONS:
        theirs.get_model(p).load_state_dict(ours.models[p].state_dict())
    optimizers = create_optimizers(flags, theirs)
    position = "landlord_down"
    for step in range(3):
        data = fixed_batch(position, seed=step)
        loss = ours.learn(position, data)
        # DouZero's learn() on a batch laid out as its buffers are (T x B).
        batch = {
            "obs_x_no_action": torch.from_numpy(data["x_no_action"]).view(8, 8, -1),
            "obs_action": torch.from_numpy(data["action"]).view(8, 8, -1),
            "obs_z": torch.from_numpy(data["z"]).view(8, 8, 5, 162),
            "target": torch.from_numpy(data["target"]).view(8, 8),
            "episode_return": torch.from_numpy(data["target"]).view(8, 8),
            "done": torch.ones(8, 8, dtype=torch.bool),
        }
        import threading

        stats = douzero_dmc.learn(position, {}, theirs.get_model(position), batch, optimizers[position], flags, threading.Lock())
        assert loss == pytest.approx(stats["loss_" + position], rel=1e-5)
    for key, value in theirs.get_model(position).state_dict().items():
        assert torch.allclose(value, ours.models[position].state_dict()[key], atol=1e-6), key


def test_checkpoint_written_atomically_keeps_the_old_one_on_failure(tmp_path, monkeypatch):
    learner = Learner()
    path = str(tmp_path / "model.tar")
    save_checkpoint(learner.state(), path)
    before = open(path, "rb").read()

    def broken_save(obj, f, *args, **kwargs):
        f.write(b"half a checkpoint")
        raise OSError("disk full")

    monkeypatch.setattr(torch, "save", broken_save)
    with pytest.raises(OSError):
        save_checkpoint(learner.state(), path)
    monkeypatch.undo()
    assert open(path, "rb").read() == before
    assert os.listdir(tmp_path) == ["model.tar"]
    read_checkpoint(path)


def test_bad_checkpoints_are_value_errors_naming_them(tmp_path):
    learner = Learner()
    with pytest.raises(ValueError, match="nowhere.tar: no such file"):
        learner.load(str(tmp_path / "nowhere.tar"))
    junk = tmp_path / "junk.tar"
    junk.write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match="junk.tar: not a torch checkpoint"):
        learner.load(str(junk))
    weights = tmp_path / "landlord_weights_0.ckpt"
    torch.save(learner.models["landlord"].state_dict(), weights)
    with pytest.raises(ValueError, match="landlord_weights_0.ckpt: no 'model_state_dict'"):
        learner.load(str(weights))
    # Another shape: a farmer's network where the landlord's belongs.
    state = learner.state()
    state["model_state_dict"]["landlord"] = learner.models["landlord_up"].state_dict()
    other = tmp_path / "other.tar"
    torch.save(state, other)
    landlord_before = {k: v.clone() for k, v in learner.models["landlord"].state_dict().items()}
    with pytest.raises(ValueError, match="other.tar: landlord's network is not DouZero's"):
        learner.load(str(other))
    for k, v in learner.models["landlord"].state_dict().items():
        assert torch.equal(v, landlord_before[k])


def closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_address_that_does_not_answer_is_named_quickly():
    need("ray")
    from ddz.train.distributed import connect

    address = f"127.0.0.1:{closed_port()}"
    started = time.monotonic()
    with pytest.raises(ValueError, match=f"--address {address}: the Ray cluster does not answer"):
        connect(address, timeout=2.0)
    assert time.monotonic() - started < 10
    with pytest.raises(ValueError, match="not HOST:PORT"):
        connect("nohostnoport", timeout=2.0)


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "ddz.train", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, OMP_NUM_THREADS="1"),
    )


SMALL = ["--batch-size", "4", "--unroll-length", "25", "--games-per-actor", "32", "--log-every", "0", "--eval-every", "0"]


def test_cli_refuses_bad_input_naming_it(tmp_path):
    missing = tmp_path / "missing.tar"
    result = run_cli("--save-dir", str(tmp_path / "run"), "--resume", str(missing), *SMALL)
    assert result.returncode == 2 and f"checkpoint {missing}: no such file" in result.stderr
    result = run_cli("--save-dir", str(tmp_path / "run"), "--actors", "0")
    assert result.returncode == 2 and "--actors must be at least 1" in result.stderr
    need("ray")
    address = f"127.0.0.1:{closed_port()}"
    result = run_cli("--save-dir", str(tmp_path / "run"), "--address", address, *SMALL)
    assert result.returncode == 2 and f"--address {address}" in result.stderr


@needs_batch
def test_cli_runs_saves_resumes_and_keeps_other_runs(tmp_path):
    run = tmp_path / "run"
    result = run_cli("--save-dir", str(run), "--frames", "600", "--seed", "3", *SMALL)
    assert result.returncode == 0, result.stderr
    first = read_checkpoint(str(run / "model.tar"))
    assert first["frames"] >= 600 and first["format"].startswith("ddz.train")
    assert sum(first["position_frames"].values()) == first["frames"]
    for p in POSITIONS:
        assert (run / f"{p}_weights_{first['frames']}.ckpt").exists()
    rows = open(run / "progress.csv").read().splitlines()
    assert rows[0].startswith("time_s,frames,") and len(rows) >= 2
    # A second run into the same directory without --resume would lose the first: refused.
    again = run_cli("--save-dir", str(run), "--frames", "600", *SMALL)
    assert again.returncode == 2 and "already holds a run's checkpoint" in again.stderr
    assert read_checkpoint(str(run / "model.tar"))["frames"] == first["frames"]
    resumed = run_cli("--save-dir", str(run), "--resume", "--frames", str(first["frames"] + 600), *SMALL)
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed from" in resumed.stdout
    second = read_checkpoint(str(run / "model.tar"))
    assert second["frames"] >= first["frames"] + 600
    changed = any(
        not torch.equal(first["model_state_dict"]["landlord"][k], v) for k, v in second["model_state_dict"]["landlord"].items()
    )
    assert changed
    assert second["optimizer_state_dict"]["landlord"]["state"]


@needs_batch
def test_eval_gives_win_rates_by_role_through_the_arena():
    from ddz.train.evaluate import win_rates

    torch.manual_seed(7)
    rows = win_rates(new_models(), ["builtin:random"], games=6, seed=1)
    assert [r["opponent"] for r in rows] == ["builtin:random"]
    assert 0.0 <= rows[0]["landlord_win_rate"] <= 1.0 and 0.0 <= rows[0]["farmer_win_rate"] <= 1.0
    assert rows[0]["faults"] == 0


@needs_batch
def test_ray_run_on_a_local_cluster_of_two_workers(tmp_path):
    need("ray")
    run = tmp_path / "ray"
    result = run_cli("--save-dir", str(run), "--ray", "--actors", "2", "--frames", "3000", *SMALL)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    saved = read_checkpoint(str(run / "model.tar"))
    assert saved["frames"] >= 3000
    resumed = run_cli("--save-dir", str(run), "--ray", "--actors", "2", "--resume", "--frames", str(saved["frames"] + 300), *SMALL)
    assert resumed.returncode == 0, resumed.stderr[-4000:]
    assert read_checkpoint(str(run / "model.tar"))["frames"] >= saved["frames"] + 300


@needs_batch
def test_actor_plays_douzeros_greedy_choice_on_the_batch():
    dz = douzero_models()
    torch.manual_seed(8)
    theirs = dz.Model(device="cpu")
    ours = new_models()
    for p in POSITIONS:
        ours[p].load_state_dict(theirs.get_model(p).state_dict())
    actor = BatchActor(games=48, seed=4, threads=1, epsilon=0.0)
    compared = 0
    for _ in range(12):
        shown = actor.batch.douzero(expanded=True)
        for p, obs in zip(POSITIONS, shown):
            mine = actor._choose(ours[p], obs)
            for i in range(len(obs["games"])):
                lo, hi = obs["offsets"][i], obs["offsets"][i + 1]
                with torch.no_grad():
                    # DouZero's actor: its model on DouZero's own arrays, one row a legal play.
                    values = theirs.forward(
                        p, torch.from_numpy(obs["z_batch"][lo:hi]), torch.from_numpy(obs["x_batch"][lo:hi]), training=True
                    )["values"].squeeze(-1)
                top = torch.topk(values, min(2, hi - lo)).values
                if hi - lo > 1 and float(top[0] - top[1]) < 1e-4:
                    continue  # a near tie: float rounding may pick either
                assert mine[i] == lo + int(torch.argmax(values))
                compared += 1
        actor.step(ours)
    assert compared > 100


def test_a_bad_optimiser_state_changes_nothing(tmp_path):
    learner = Learner()
    state = learner.state()
    # The landlord's optimiser state from a network of another shape: one group, wrong params.
    state["optimizer_state_dict"]["landlord"] = {"state": {}, "param_groups": [{"params": [0, 1], "lr": 1e-4}]}
    path = tmp_path / "bad_optimiser.tar"
    torch.save(state, path)
    other = Learner()
    before = {k: v.clone() for k, v in other.models["landlord_up"].state_dict().items()}
    with pytest.raises(ValueError, match="bad_optimiser.tar: landlord's optimiser does not fit"):
        other.load(str(path))
    for k, v in other.models["landlord_up"].state_dict().items():
        assert torch.equal(v, before[k])
    assert other.frames == 0


@needs_batch
def test_eval_in_python_and_the_engines_own_douzero_player_agree(tmp_path):
    """Two paths to the same win rates: the trainer's evaluation (DouZero's encoding in Python,
    torch's forward) and the engine's builtin:douzero on the converted checkpoint, the same deals
    against the same seeded random player (which wins often enough against an untrained network
    for the rates to say something)."""
    if not REQUIRED and not os.path.exists(os.path.join(os.path.dirname(ddz.__file__), "douzero_convert.py")):
        pytest.skip("no ddz.douzero_convert (the dznet branch)")
    from ddz.douzero_convert import main as convert
    from ddz.train.evaluate import win_rates

    torch.manual_seed(9)
    learner = Learner()
    checkpoint = str(tmp_path / "model.tar")
    save_checkpoint(learner.state(), checkpoint)
    net = str(tmp_path / "net.safetensors")
    assert convert([net, checkpoint]) in (0, None)
    ours = win_rates(learner.models, ["builtin:random"], games=20, seed=3)[0]
    report = ddz.arena([f"builtin:douzero:{net}", "builtin:random"], format="h2h", games=20, seed=3, fixed_landlord=True)
    engine = report.players[0]["h2h"]
    assert ours["landlord_win_rate"] == engine["landlord_wins"] / engine["landlord_games"]
    assert ours["farmer_win_rate"] == engine["farmer_wins"] / engine["farmer_games"]
