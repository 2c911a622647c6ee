"""The engine's DouZero networks against PyTorch's (docs/douzero.md, "Parity").

DouZero's own ``Model`` class (douzero/dmc/models.py) at its random initialisation under
``torch.manual_seed(SEED)`` is saved as DouZero releases its networks (``landlord.ckpt``,
``landlord_up.ckpt``, ``landlord_down.ckpt``, each ``torch.save(state_dict)``) and as its trainer
saves ``model.tar``; both are converted by ``python -m ddz.douzero_convert`` (and must give the
same tensors). Seeded ddz games are then played by random legal plays; at each play, DouZero's
arrays (``ddz.douzero.get_obs``, held equal to douzero's own ``get_obs`` by
python/tests/test_douzero.py) are scored by the torch model, until every position has at least
``--positions`` decisions; the arrays and torch's values go to a safetensors file and
``ddz netcheck --douzero`` scores them again in Rust, failing past 1e-4.

Needs torch, numpy, the ddz package and douzero 1.1.0 (``--no-deps``: only its models.py is
loaded, by path, so that douzero.dmc's GitPython is not needed). scripts/test-douzero-net.sh
installs them and runs this.
"""

import argparse
import importlib.util
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import torch

import ddz
import ddz.envs.actions
from ddz.douzero import POSITIONS, get_obs
from ddz.douzero_convert import main as convert_main
from ddz.douzero_convert import read_safetensors, write_safetensors


def douzero_models():
    """douzero/dmc/models.py, loaded from its file: importing ``douzero.dmc`` runs its trainer's
    imports (GitPython), which the network does not need."""
    spec = importlib.util.find_spec("douzero")
    path = Path(spec.origin).parent / "dmc" / "models.py"
    module_spec = importlib.util.spec_from_file_location("douzero_models", path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def save_checkpoints(model, folder: Path):
    """The model as DouZero releases it (three .ckpt) and as its trainer checkpoints it."""
    released = folder / "released"
    released.mkdir()
    for p in POSITIONS:
        torch.save(model.get_model(p).state_dict(), released / f"{p}.ckpt")
    torch.save(
        {"model_state_dict": {p: model.get_model(p).state_dict() for p in POSITIONS}, "frames": 0},
        folder / "model.tar",
    )
    return released, folder / "model.tar"


def collect(model, enough: int, seed: int):
    """DouZero's arrays and torch's values at the plays of seeded random games, by position,
    until each position has ``enough`` decisions."""
    rng = random.Random(seed)
    rows = {p: {"z": [], "x_no_action": [], "offsets": [0], "action_cards": [], "values": []} for p in POSITIONS}
    games = 0
    while min(len(r["z"]) for r in rows.values()) < enough:
        game = ddz.Game(seed=seed + games)
        games += 1
        while not game.done:
            obs = get_obs(game)
            r = rows[obs["position"]]
            with torch.no_grad():
                values = model.forward(
                    obs["position"],
                    torch.from_numpy(obs["z_batch"]),
                    torch.from_numpy(obs["x_batch"]),
                    training=True,  # DouZero's flag for "return the values"
                )["values"]
            r["z"].append(obs["z"].astype(np.float32))
            r["x_no_action"].append(obs["x_no_action"].astype(np.float32))
            r["action_cards"].append(obs["x_batch"][:, -54:])
            r["values"].append(values.numpy().reshape(-1))
            r["offsets"].append(r["offsets"][-1] + len(obs["legal_actions"]))
            game.step(rng.choice(game.legal_actions()))
    arrays = {}
    for p, r in rows.items():
        arrays[f"{p}.z"] = np.stack(r["z"])
        arrays[f"{p}.x_no_action"] = np.stack(r["x_no_action"])
        arrays[f"{p}.offsets"] = np.array(r["offsets"], dtype=np.int64)
        arrays[f"{p}.action_cards"] = np.concatenate(r["action_cards"]).astype(np.float32)
        arrays[f"{p}.values"] = np.concatenate(r["values"]).astype(np.float32)
    return arrays, games


def same_choices(model, nets: Path, decisions: int, seed: int):
    """The engine's player (``ddz.Agent("builtin:douzero:FILE")``: its own encoding of the
    position, its forward pass, its argmax) against torch's argmax over ``get_obs``'s arrays
    of the same legal plays, at the plays of seeded random games: the decisions where they
    chose plays of other cards, and those where torch's best two were closer than 1e-4 (where
    float rounding may decide, and the engine's other order of equal plays)."""
    agent = ddz.Agent(f"builtin:douzero:{nets}")
    rng = random.Random(seed)
    compared = differ = close = 0
    game_seed = seed + 10_000
    while compared < decisions:
        game = ddz.Game(seed=game_seed)
        game_seed += 1
        while not game.done:
            legal = game.legal_actions()
            if len(legal) > 1:
                obs = get_obs(game)
                with torch.no_grad():
                    values = model.forward(
                        obs["position"], torch.from_numpy(obs["z_batch"]), torch.from_numpy(obs["x_batch"]), training=True
                    )["values"].numpy().reshape(-1)
                ranks = lambda play: sorted(ddz.envs.actions.rank_of(c) for c in play)
                top = np.sort(values)[-2:]
                chosen = agent.act(game)
                compared += 1
                if ranks(chosen) != ranks(legal[int(np.argmax(values))]):
                    if top[1] - top[0] < 1e-4:
                        close += 1
                    else:
                        differ += 1
            game.step(rng.choice(legal))
    return compared, differ, close


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ddz", default="target/release/ddz", help="the engine's binary")
    parser.add_argument("--positions", type=int, default=1000, help="decisions a position, at least")
    parser.add_argument("--seed", type=int, default=66)
    parser.add_argument("--keep", help="a folder to keep the network and the arrays in")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    model = douzero_models().Model(device="cpu")
    model.eval()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        released, model_tar = save_checkpoints(model, Path(tempfile.mkdtemp(dir=tmp)))
        nets = folder / "douzero.safetensors"
        from_tar = folder / "douzero-model-tar.safetensors"
        for out, source in ((nets, released), (from_tar, model_tar)):
            if convert_main([str(out), str(source)]) != 0:
                sys.exit(f"douzero_parity: converting {source} failed")
        a, b = read_safetensors(nets), read_safetensors(from_tar)
        if a.keys() != b.keys() or any(not np.array_equal(a[k], b[k]) for k in a):
            sys.exit("douzero_parity: the released files and model.tar convert to different tensors")
        state = model.get_model("landlord").state_dict()
        if not np.array_equal(a["landlord.dense3.weight"], state["dense3.weight"].numpy()):
            sys.exit("douzero_parity: the converted landlord.dense3.weight is not the model's")

        arrays, games = collect(model, args.positions, args.seed)
        print(f"douzero_parity: {games} seeded games, torch {torch.__version__}")
        arrays_file = folder / "arrays.safetensors"
        write_safetensors(arrays_file, arrays)
        result = subprocess.run([args.ddz, "netcheck", "--douzero", str(nets), "--arrays", str(arrays_file)])
        if result.returncode != 0:
            sys.exit(result.returncode)
        compared, differ, close = same_choices(model, nets, args.positions, args.seed)
        print(
            f"douzero_parity: builtin:douzero against torch's argmax: {compared} decisions of two "
            f"plays or more, {differ} other plays chosen ({close} more where torch's best two are "
            "within 1e-4)"
        )
        if differ:
            sys.exit("douzero_parity: the engine's player chose other plays than torch's argmax")


if __name__ == "__main__":
    main()
