#!/usr/bin/env bash
# The outside engines of ../shared/peers (its README) in a short arena match against ours: the
# 2015 official sample engine (built with g++) and RLCard 1.2.0's rule agent (python3, with
# rlcard and numpy installed from PyPI into target/peers/rlcard, about half a minute the first
# time). Each is skipped with a message when its tools or the peers folder are missing. Checks
# that they are hosted without a crash or a late reply, that ours makes no error, and that the
# RLCard agent makes none either (the sample engine's own illegal plays are its habit: the two
# jokers as a pair, SPEC).
# DDZ_PEERS: the peers folder (default ../shared/peers from the repo root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
peers=${DDZ_PEERS:-../shared/peers}
say() { printf '[peers] %s\n' "$*"; }

if [ ! -d "$peers" ]; then
  say "skipped: no peers folder at $peers (set DDZ_PEERS)"
  exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
  say "skipped: python3 is missing (it reads the match's RESULT line and runs the RLCard agent)"
  exit 0
fi
mkdir -p target/peers
opponents=()
if command -v g++ >/dev/null 2>&1; then
  sh "$peers/sample/build.sh" target/peers/sample_engine >/dev/null
  opponents+=(target/peers/sample_engine)
else
  say "the sample engine skipped: g++ is missing"
fi
rlcard=target/peers/rlcard
if [ -x "$rlcard/bin/python" ] && "$rlcard/bin/python" -c 'import rlcard, numpy' 2>/dev/null; then
  :
elif python3 -m venv "$rlcard" >/dev/null 2>&1 &&
  "$rlcard/bin/pip" install --quiet --disable-pip-version-check rlcard==1.2.0 numpy; then
  :
else
  say "the RLCard agent skipped: no venv, or rlcard==1.2.0 and numpy not installable from PyPI"
  rlcard=
fi
if [ -n "$rlcard" ]; then
  opponents+=("$rlcard/bin/python $peers/bots/rlcard_bot.py")
fi
if [ ${#opponents[@]} -eq 0 ]; then
  say "skipped: neither outside engine can run here"
  exit 0
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
    if "rlcard" in o["opponent"] and any(theirs.values()):
        bad.append("%s: %s" % (o["opponent"], theirs))
if bad:
    sys.exit("peers: " + "; ".join(bad))
print("peers: %d engines hosted, no crash" % len(g["opponents"]))
'
