"""DouZero's checkpoints to the one safetensors file the engine plays (docs/douzero.md).

    python -m ddz.douzero_convert OUT.safetensors INPUT [INPUT ...]
        [--landlord FILE] [--landlord-up FILE] [--landlord-down FILE]

Each INPUT is one of:

- a position's state dict, as DouZero releases them (``landlord.ckpt``, ``landlord_up.ckpt``,
  ``landlord_down.ckpt``: ``torch.save(model.state_dict())``) or as its trainer saves them
  (``landlord_weights_<frames>.ckpt``): the position is the file name's prefix, or the flag's;
- DouZero's training checkpoint ``model.tar`` (``model_state_dict`` by position), or our
  trainer's (the same layout; a dict by position of state dicts is taken too);
- a folder holding the three ``.ckpt`` files, or a ``model.tar``.

The three positions' networks are written to OUT, each tensor under ``<position>.<state-dict
key>`` (``landlord.lstm.weight_ih_l0``, …, ``landlord_down.dense6.bias``) as little-endian
float32 in PyTorch's shape, atomically (a temporary file beside OUT, then renamed). Reading a
checkpoint needs torch (imported only then, ``torch.load(weights_only=True)``); writing and
reading safetensors need only numpy. Every bad input is a ValueError that names the file and
the tensor.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Dict, Iterable, Mapping, Optional

import numpy as np

#: DouZero's positions, in its order (as ddz.douzero.POSITIONS).
POSITIONS = ("landlord", "landlord_up", "landlord_down")
#: Columns of ``x`` a position's network takes (its features, then the play's 54 cards).
X_COLUMNS = {"landlord": 373, "landlord_up": 484, "landlord_down": 484}
#: The released files' names in a folder, DouZero's trainer's checkpoint's.
_CKPT = "{}.ckpt"
_MODEL_TAR = "model.tar"

_DTYPES = {np.dtype("<f4"): "F32", np.dtype("<i8"): "I64", np.dtype("<i4"): "I32", np.dtype("i1"): "I8"}
_FROM_DTYPE = {v: k for k, v in _DTYPES.items()}


def state_dict_shapes(position: str) -> Dict[str, tuple]:
    """DouZero's state-dict keys of ``position``'s network and their shapes
    (douzero/dmc/models.py: an LSTM 162 → 128, dense1..dense5 of 512, dense6 to 1)."""
    x = X_COLUMNS[position]
    shapes = {
        "lstm.weight_ih_l0": (512, 162),
        "lstm.weight_hh_l0": (512, 128),
        "lstm.bias_ih_l0": (512,),
        "lstm.bias_hh_l0": (512,),
    }
    for k in range(1, 7):
        inputs = 128 + x if k == 1 else 512
        outputs = 1 if k == 6 else 512
        shapes[f"dense{k}.weight"] = (outputs, inputs)
        shapes[f"dense{k}.bias"] = (outputs,)
    return shapes


def _as_array(value, where: str) -> np.ndarray:
    """A tensor (torch or numpy) as a float32 numpy array."""
    if hasattr(value, "detach"):  # a torch tensor, possibly on a GPU or in bfloat16
        if not value.is_floating_point():
            raise ValueError(f"{where}: dtype {value.dtype}, expected a floating-point tensor")
        value = value.detach().to("cpu").float().numpy()
    array = np.asarray(value)
    if array.dtype.kind != "f":
        raise ValueError(f"{where}: dtype {array.dtype}, expected a floating-point tensor")
    return np.ascontiguousarray(array, dtype="<f4")


def checked_state_dict(position: str, state_dict: Mapping, source: str) -> Dict[str, np.ndarray]:
    """``state_dict`` (DouZero's keys) as float32 arrays, checked against ``position``'s
    network; keys of no DouZero network are left out, as DouZero's ``DeepAgent`` leaves them.
    A missing key or another shape is a ValueError naming ``source`` and the key."""
    if position not in X_COLUMNS:
        raise ValueError(f"{source}: no position '{position}' (positions: {', '.join(POSITIONS)})")
    if not isinstance(state_dict, Mapping):
        raise ValueError(f"{source}: {position}: not a state dict but a {type(state_dict).__name__}")
    out = {}
    for key, shape in state_dict_shapes(position).items():
        where = f"{source}: {position}: tensor '{key}'"
        if key not in state_dict:
            raise ValueError(f"{where} is missing (not a DouZero network's state dict?)")
        array = _as_array(state_dict[key], where)
        if array.shape != shape:
            raise ValueError(f"{where}: shape {list(array.shape)}, expected {list(shape)}")
        if not np.isfinite(array).all():
            raise ValueError(f"{where}: holds NaN or infinite values")
        out[key] = array
    return out


def _position_of_name(path: Path) -> Optional[str]:
    """The position a file's name starts with (``landlord_up_weights_100.ckpt``: landlord_up)."""
    for position in sorted(POSITIONS, key=len, reverse=True):
        if path.name.startswith(position):
            return position
    return None


def _torch_load(path: Path):
    try:
        import torch
    except ImportError as e:
        raise ValueError(f"{path}: reading a checkpoint needs torch (pip install torch)") from e
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    try:
        return torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:  # torch raises many kinds for a file that is no checkpoint
        raise ValueError(f"{path}: not a readable torch checkpoint ({e})") from e


def _by_position(loaded, path: Path, position: Optional[str]) -> Dict[str, Mapping]:
    """The state dicts by position in what ``path`` held."""
    if not isinstance(loaded, Mapping):
        raise ValueError(f"{path}: holds a {type(loaded).__name__}, not a checkpoint dict")
    if "model_state_dict" in loaded:  # DouZero's model.tar, and the trainer's
        loaded = loaded["model_state_dict"]
        if not isinstance(loaded, Mapping):
            raise ValueError(f"{path}: model_state_dict is not a dict by position")
    found = {p: loaded[p] for p in POSITIONS if p in loaded}
    if found:
        return found
    position = position or _position_of_name(path)
    if position is None:
        raise ValueError(
            f"{path}: a single network's state dict whose position the name does not say: "
            "name it landlord*.ckpt, landlord_up*.ckpt or landlord_down*.ckpt, or give --landlord FILE"
        )
    return {position: loaded}


def _files_of(inputs: Iterable[str]) -> list:
    files = []
    for text in inputs:
        path = Path(text)
        if path.is_dir():
            inside = [path / _CKPT.format(p) for p in POSITIONS if (path / _CKPT.format(p)).is_file()]
            if not inside and (path / _MODEL_TAR).is_file():
                inside = [path / _MODEL_TAR]
            if not inside:
                raise ValueError(f"{path}: a folder without landlord*.ckpt files or a {_MODEL_TAR}")
            files.extend((f, None) for f in inside)
        else:
            files.append((path, None))
    return files


def load_checkpoints(inputs: Iterable[str] = (), by_flag: Optional[Mapping[str, str]] = None) -> Dict[str, Dict[str, np.ndarray]]:
    """The three positions' checked state dicts from ``inputs`` (files or folders, see the
    module's doc) and ``by_flag`` (``{position: file}``). Each position must come from
    exactly one place."""
    files = _files_of(inputs) + [(Path(f), p) for p, f in (by_flag or {}).items()]
    if not files:
        raise ValueError("no checkpoint given")
    nets: Dict[str, Dict[str, np.ndarray]] = {}
    origin: Dict[str, Path] = {}
    for path, position in files:
        for p, state_dict in _by_position(_torch_load(path), path, position).items():
            if p in nets:
                raise ValueError(f"{path}: {p} comes from {origin[p]} already")
            nets[p] = checked_state_dict(p, state_dict, str(path))
            origin[p] = path
    missing = [p for p in POSITIONS if p not in nets]
    if missing:
        raise ValueError(f"no network for {', '.join(missing)} in {', '.join(str(f) for f, _ in files)}")
    return nets


def write_safetensors(path, tensors: Mapping[str, np.ndarray], metadata: Optional[Mapping[str, str]] = None) -> None:
    """``tensors`` (name → float32, int64, int32 or int8 array) to the safetensors file
    ``path``, atomically: written beside it under a temporary name, then renamed over it."""
    path = Path(path)
    header: Dict[str, object] = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    arrays = []
    offset = 0
    for name, value in tensors.items():
        array = np.asarray(value)
        dtype = array.dtype.newbyteorder("<") if array.dtype.byteorder == ">" else array.dtype
        if dtype not in _DTYPES:
            raise ValueError(f"{path}: tensor '{name}': dtype {array.dtype} is not written")
        data = np.ascontiguousarray(array, dtype=dtype).tobytes()
        header[name] = {"dtype": _DTYPES[dtype], "shape": list(array.shape), "data_offsets": [offset, offset + len(data)]}
        arrays.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the data starts 8-byte aligned, as safetensors writes it
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(len(text).to_bytes(8, "little"))
            out.write(text)
            for data in arrays:
                out.write(data)
            out.flush()
            os.fsync(out.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would keep other users out
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def read_safetensors(path) -> Dict[str, np.ndarray]:
    """The tensors of the safetensors file ``path`` (the dtypes :func:`write_safetensors`
    writes), by name."""
    data = Path(path).read_bytes()
    if len(data) < 8:
        raise ValueError(f"{path}: too short for a safetensors file")
    length = int.from_bytes(data[:8], "little")
    if length > len(data) - 8:
        raise ValueError(f"{path}: the header runs past the end of the file (truncated?)")
    try:
        header = json.loads(data[8 : 8 + length])
    except ValueError as e:
        raise ValueError(f"{path}: the header is no JSON ({e})") from e
    body = data[8 + length :]
    out = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if entry.get("dtype") not in _FROM_DTYPE:
            raise ValueError(f"{path}: tensor '{name}': dtype {entry.get('dtype')} is not read")
        begin, end = entry["data_offsets"]
        if not 0 <= begin <= end <= len(body):
            raise ValueError(f"{path}: tensor '{name}': its data runs past the end of the file")
        out[name] = np.frombuffer(body[begin:end], dtype=_FROM_DTYPE[entry["dtype"]]).reshape(entry["shape"])
    return out


def write_networks(path, nets: Mapping[str, Mapping[str, np.ndarray]], source: str = "") -> None:
    """The three positions' checked state dicts to the engine's file ``path``."""
    tensors = {}
    for position in POSITIONS:
        checked = checked_state_dict(position, nets[position], source or str(path))
        tensors.update({f"{position}.{key}": value for key, value in checked.items()})
    write_safetensors(path, tensors, {"format": "douzero", "source": source})


def convert(out, inputs: Iterable[str] = (), by_flag: Optional[Mapping[str, str]] = None) -> None:
    """DouZero's checkpoints ``inputs`` (and ``by_flag``, ``{position: file}``) to the engine's
    safetensors file ``out``."""
    inputs = list(inputs)
    nets = load_checkpoints(inputs, by_flag)
    source = ", ".join(inputs + [str(f) for f in (by_flag or {}).values()])
    write_networks(out, nets, source)


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m ddz.douzero_convert",
        description="DouZero's checkpoints (landlord*.ckpt, model.tar) to one safetensors file the engine plays",
    )
    parser.add_argument("out", help="the .safetensors file to write")
    parser.add_argument("inputs", nargs="*", help="checkpoint files or folders")
    for position in POSITIONS:
        flag = "--" + position.replace("_", "-")
        parser.add_argument(flag, dest=position, metavar="FILE", help=f"the {position} network's state dict")
    args = parser.parse_args(argv)
    by_flag = {p: getattr(args, p) for p in POSITIONS if getattr(args, p)}
    try:
        convert(args.out, args.inputs, by_flag)
    except (ValueError, OSError) as e:
        print(f"douzero_convert: {e}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}: {', '.join(POSITIONS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
