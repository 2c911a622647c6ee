#!/usr/bin/env bash
# The engine's DouZero networks against PyTorch (docs/douzero.md, "Parity"): DouZero's own Model
# at its random initialisation, saved as DouZero releases its checkpoints and as its trainer's
# model.tar, converted by `python -m ddz.douzero_convert`, then scored by this binary's forward
# pass (`ddz netcheck --douzero`, within 1e-4 on 1,000 positions of each role) and played by
# `builtin:douzero` (the same choices as torch's argmax). Needs torch: installed here from PyPI
# into target/venv-torch (made when missing, reused after; about 3 minutes and 5 GB the first
# time, the CUDA libraries coming with torch's wheel), with numpy, the ddz package and DouZero
# 1.1.0 (--no-deps: only its models.py is loaded). The engine and `cargo test` need none of it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo build --release --quiet
venv=target/venv-torch
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --quiet --disable-pip-version-check)
"${pip[@]}" install torch numpy
"${pip[@]}" install ./python
"${pip[@]}" install --no-deps douzero==1.1.0
"$venv/bin/python" scripts/douzero_parity.py --ddz target/release/ddz --positions 1000 "$@"
