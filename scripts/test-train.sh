#!/usr/bin/env bash
# The trainer (python -m ddz.train, docs/training.md). Needs torch: installed here from PyPI into
# target/venv-torch, the virtual environment scripts/test-douzero-net.sh uses too (made when
# missing, reused after; the first time about 3 minutes and 5 GB, the CUDA libraries coming
# with torch's wheel), with Ray, DouZero 1.1.0's code (--no-deps; GitPython, which douzero.dmc
# imports) and the package with its train and test extras. Then python/tests/test_train.py:
# DouZero's networks and learner against its own classes, the actor loop's bookkeeping,
# checkpoints and bad input, a short run with its resume, and a short run on a local Ray cluster
# of two worker processes with its checkpoint and resume. A failing or skipped test
# (DDZ_TRAIN_TESTS=1 makes a missing package a failure) or a run that collects none (pytest's
# exit 5) fails the script. Last, a short run's checkpoint is converted
# (python -m ddz.douzero_convert) and played by this binary in a short `ddz arena` match.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo build --release --quiet
venv=target/venv-torch
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --quiet --disable-pip-version-check)
"${pip[@]}" install "./python[train,test]" GitPython
"${pip[@]}" install --no-deps douzero==1.1.0
python=$venv/bin/python
export OMP_NUM_THREADS=1

status=0
DDZ_TRAIN_TESTS=1 DDZ_BIN="$PWD/target/release/ddz" "$python" -m pytest python/tests/test_train.py -q -rs || status=$?
if [ "$status" -eq 5 ]; then
  echo "test-train: pytest collected no tests" >&2
fi
[ "$status" -eq 0 ] || exit "$status"

# A trained checkpoint in the engine: a few thousand frames, converted, played by the binary.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m ddz.train --save-dir "$tmp/run" --frames 3000 --batch-size 4 --unroll-length 25 \
  --games-per-actor 64 --eval-every 0 --log-every 60
"$python" -m ddz.douzero_convert "$tmp/net.safetensors" "$tmp/run/model.tar"
./target/release/ddz arena --games 10 --seed 1 --h2h "builtin:douzero:$tmp/net.safetensors" builtin:rules \
  --fixed-landlord | tee "$tmp/arena.txt"
# The network played every game without a fault (an illegal play, no reply, a crash).
"$python" - "$tmp/arena.txt" <<'PY'
import json, sys
line = [l for l in open(sys.argv[1]) if l.startswith("RESULT ")][-1]
result = json.loads(line[len("RESULT "):])
errors = result["players"][0]["errors"]
count = sum(errors.values()) if isinstance(errors, dict) else sum(errors)
assert result["games"] > 0 and count == 0, f"{result['players'][0]['player']}: {errors}"
print(f"test-train: {result['players'][0]['player']} played {result['games']} games without a fault")
PY
