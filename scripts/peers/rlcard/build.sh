#!/bin/sh
# RLCard 1.2.0's rule agent (DouDizhuRuleAgentV1) behind the protocol: rlcard==1.2.0 and numpy
# from PyPI into OUT_DIR/venv, our wrapper (../bots/rlcard_bot.py, with ../rules.py) copied
# beside it, and OUT_DIR/rlcard_engine, the command to seat in `ddz arena`.
#
#   sh scripts/peers/rlcard/build.sh [OUT_DIR]          (OUT_DIR default: target/peers/rlcard)
#
# Needs python3 with venv and PyPI (about half a minute the first time). Set RLCARD_PYTHON to a
# python3 that already has rlcard 1.2.0 and numpy (a machine without PyPI) to make no venv.
set -eu
OUT=${1:-target/peers/rlcard}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT/bots"
OUT=$(cd "$OUT" && pwd)
cp "$HERE/../bots/rlcard_bot.py" "$HERE/../bots/botbase.py" "$OUT/bots/"
cp "$HERE/../rules.py" "$OUT/rules.py"
if [ -n "${RLCARD_PYTHON:-}" ]; then PY=$RLCARD_PYTHON; else
  PY=$OUT/venv/bin/python
  if ! "$PY" -c 'import rlcard, numpy' 2>/dev/null; then
    python3 -m venv "$OUT/venv"
    "$OUT/venv/bin/pip" install --quiet --disable-pip-version-check rlcard==1.2.0 numpy
  fi
fi
"$PY" -c 'import rlcard, numpy; assert rlcard.__version__ == "1.2.0", rlcard.__version__' ||
  { echo "build.sh: $PY has no rlcard 1.2.0 and numpy" >&2; exit 1; }
printf '#!/bin/sh\nexec "%s" "%s/bots/rlcard_bot.py" "$@"\n' "$PY" "$OUT" > "$OUT/rlcard_engine"
chmod +x "$OUT/rlcard_engine"
printf 'DOUDIZHUVER 1.0\nEXIT\n' | "$OUT/rlcard_engine" 2>/dev/null | grep -q '^NAME ' ||
  { echo "build.sh: the RLCard engine does not answer" >&2; exit 1; }
echo "$OUT/rlcard_engine"
