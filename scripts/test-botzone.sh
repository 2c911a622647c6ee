#!/usr/bin/env bash
# Botzone's own judge of 斗地主·改 against `ddz botzone` (docs/botzone.md):
#   0. 50,000 card sets read by the judge's checkPokerType and by our rules: the same readings;
#   1. three `ddz botzone` bots, started every turn, over 200 seeded games;
#   2. the same, kept running (Botzone's keep-running mode);
#   3. one `ddz botzone` against two copies of a second bot (scripts/botzone-minimal-bot.py);
# each checked by `ddz botzone check` (every play legal by our rules, every score the judge's);
#   4. `ddz arena --platform botzone` hosting that second bot against builtin:ddz: 0 faults.
# The bots use a small fixed budget (ddz:samples=2) to keep this to a few minutes.
# Needs Python 3 with numpy (the judge imports it) and the judge program, by default at
# ../shared/platform/botzone/FightTheLandlord2.py from the repository root (BOTZONE_JUDGE).
# GAMES and ARENA_DEALS change the counts (defaults 200 and 500).
set -euo pipefail
cd "$(dirname "$0")/.."
# The judge beside the repository, or beside the one this is a clone or worktree of.
judge_path=shared/platform/botzone/FightTheLandlord2.py
origin=$(git config --get remote.origin.url 2>/dev/null || true)
common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
judge=${BOTZONE_JUDGE:-}
for candidate in "../$judge_path" "$origin/../$judge_path" "$common/../../$judge_path"; do
    if [ -z "$judge" ] && [ -f "$candidate" ]; then judge=$candidate; fi
done
games=${GAMES:-200}
deals=${ARENA_DEALS:-500}
[ -f "$judge" ] || { echo "no Botzone judge at ../$judge_path (set BOTZONE_JUDGE)" >&2; exit 1; }
echo "Botzone's judge: $judge"
# The interpreter itself, not a version manager's shim that costs a start-up of its own.
python=$(python3 -c 'import sys; print(sys.executable)')
"$python" -c 'import numpy' 2>/dev/null || "$python" -m pip install --quiet numpy
cargo build --release --quiet
ddz=$PWD/target/release/ddz
minimal="$python $PWD/scripts/botzone-minimal-bot.py"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
host() { nice "$python" scripts/botzone-host.py --judge "$judge" "$@"; }

echo "== plays read by the judge and by ddz botzone read"
"$python" scripts/botzone-host.py --judge "$judge" --readings 50000 --ddz "$ddz"

echo "== three ddz botzone, started every turn"
host --games "$games" --out "$out/simple.jsonl" --bot "$ddz botzone --player ddz:samples=2"
"$ddz" botzone check "$out/simple.jsonl"

echo "== three ddz botzone, kept running"
host --games "$games" --keep-running --out "$out/kept.jsonl" \
    --bot "$ddz botzone --player ddz:samples=2 --keep-running"
"$ddz" botzone check "$out/kept.jsonl"

echo "== one ddz botzone against two minimal bots"
host --games 50 --seed 1001 --out "$out/mixed.jsonl" \
    --bot "$ddz botzone --player ddz:samples=2" --bot "$minimal" --bot "$minimal"
"$ddz" botzone check "$out/mixed.jsonl"

echo "== ddz arena: the minimal bot (botzone:) against builtin:ddz"
nice "$ddz" arena --games "$deals" --platform botzone --no-progress --max-errors 0 \
    --players "botzone:$minimal" builtin:ddz:samples=2 builtin:ddz:samples=2 | grep -v '^RESULT'
echo "botzone: all checks passed"
