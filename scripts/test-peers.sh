#!/usr/bin/env bash
# The outside engines of the repository's recipe (scripts/peers.sh, scripts/peers/README.md) in
# a short arena match against ours: the 2015 official sample engine (g++; its source is the
# organisers', taken from DDZ_SAMPLE_SRC, default ../shared/peers/sample, the project's
# workspace copy), RLCard 1.2.0's rule agent (rlcard and numpy from PyPI, about half a minute
# the first time) and RHCP (doudizhu-C from DDZ_DOUDIZHU_C, a clone, or fetched from GitHub;
# 1-2 min). `scripts/peers.sh setup` skips each with a message when its tools or sources are
# missing, and fails when a build does. Checks that they are hosted without a crash or a late
# reply, that ours makes no error, and that the RLCard agent and RHCP make none either (the
# sample engine's own illegal plays are its habit: the two jokers as a pair, SPEC).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
say() { printf '[peers] %s\n' "$*"; }

if ! command -v python3 >/dev/null 2>&1; then
  say "skipped: python3 is missing (it reads the match's RESULT line and runs the wrappers)"
  exit 0
fi
setup=(setup)
sample=${DDZ_SAMPLE_SRC-../shared/peers/sample}
if [ -n "$sample" ] && [ -d "$sample" ]; then
  setup+=(--sample "$sample")
fi
if [ -n "${DDZ_DOUDIZHU_C:-}" ]; then
  setup+=(--doudizhu-c "$DDZ_DOUDIZHU_C")
fi
# The engines built, as `SAMPLE=…` lines.
built=$(bash scripts/peers.sh "${setup[@]}" | sed -n 's/^\(SAMPLE\|RLCARD\|RHCP\)=//p')
opponents=()
while IFS= read -r engine; do
  [ -n "$engine" ] && opponents+=("$engine")
done <<<"$built"
if [ ${#opponents[@]} -eq 0 ]; then
  say "skipped: no outside engine can be built here"
  exit 0
fi
# The sample's fixes apply once: fixing the fixed copy again changes no byte.
if [ -d target/peers/sample_src ]; then
  again=$(mktemp -d)
  python3 scripts/peers/sample/fix.py target/peers/sample_src "$again"
  for f in DdzAi.cpp DdzV200.h; do
    cmp -s "target/peers/sample_src/$f" "$again/$f" || { say "fix.py changed its own output: $f"; exit 1; }
  done
  rm -rf "$again"
fi

cargo build --release --quiet
# A generous reply limit: the check is the hosting, not the speed, and a Python agent's start
# (numpy and rlcard imported) can pass 15 s on a loaded machine. A fault is told by GAMEOVER,
# as the sample engine's platform did (it knows no ERROR; docs/arena.md, "Outside engines").
out=$(./target/release/ddz arena --gauntlet builtin:ddz:samples=16 "${opponents[@]}" --games 10 \
  --seed 3 --fixed-landlord --time 60 --error-as-gameover --no-progress)
printf '%s\n' "$out" | sed -n '/^gauntlet:/,/^all /p'
printf '%s\n' "$out" | grep '^RESULT ' | tail -n 1 | python3 -c '
import json, sys
g = json.loads(sys.stdin.read()[len("RESULT "):])["gauntlet"]
bad = []
for o in g["opponents"]:
    theirs, ours = o["opponent_errors"], o["candidate_errors"]
    if any(ours.values()):
        bad.append("ours against %s: %s" % (o["opponent"], ours))
    if theirs["crashed"] or theirs["late"] or theirs["wrong-seat"]:
        bad.append("%s crashed, was late or answered for another seat: %s" % (o["opponent"], theirs))
    if "sample_engine" not in o["opponent"] and any(theirs.values()):
        bad.append("%s: %s" % (o["opponent"], theirs))
if bad:
    sys.exit("peers: " + "; ".join(bad))
print("peers: %d engines hosted, no crash" % len(g["opponents"]))
'
