#!/usr/bin/env bash
# The learning pipeline end to end on a tiny run: self-play data, the training matrices, a
# network trained by scripts/train.py (installing its pinned packages), and this binary's
# forward pass checked against the trainer's outputs (ddz netcheck); then the learned policy's
# decisions (ddz label), its trees (scripts/train-policy.py) and their reading in Rust (ddz
# netcheck --policy). The engine and `cargo test` need none of this; it checks that the
# documented commands work together.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

python3 -m pip install --quiet --disable-pip-version-check -r scripts/requirements-train.txt
cargo build --release --quiet
ddz=./target/release/ddz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$ddz" selfplay --deals 60 --seed 3 --jobs 2 --out "$tmp/data.tsv"
"$ddz" encode --net play "$tmp/data.tsv" --out "$tmp/play.x"
"$ddz" selfplay --deals 30 --seed 4 --jobs 2 --out "$tmp/other.tsv"
"$ddz" encode --net play "$tmp/other.tsv" --out "$tmp/other.x"
"$ddz" encode --net bid "$tmp/data.tsv" --out "$tmp/bid.x"
python3 scripts/train.py --matrix "$tmp/play.x" --pretrain "$tmp/other.x" --pretrain-epochs 2 \
  --net play --hidden 16 --epochs 3 --out "$tmp/play" | grep -v '^Iteration\|^Validation'
python3 scripts/train.py --matrix "$tmp/bid.x" --net bid --hidden 8 --epochs 3 --out "$tmp/bid" | grep -v '^Iteration\|^Validation'
"$ddz" netcheck "$tmp/play"
"$ddz" netcheck "$tmp/bid"
# The learned policy: the thinker's decisions recorded, the trees fitted, read back in Rust.
"$ddz" label --deals 3 --seed 5 --judge samples=8:net-weight=0 --out "$tmp/decisions-1.tsv"
"$ddz" label --deals 3 --seed 6 --judge samples=8:net-weight=0 --players builtin:learned --out "$tmp/decisions-2.tsv"
python3 scripts/train-policy.py "$tmp/decisions-1.tsv" "$tmp/decisions-2.tsv" --trees 20 --held-out 0.3 --out "$tmp/policy"
"$ddz" netcheck --policy "$tmp/policy"
echo "training: 3 passed, 0 failed"
