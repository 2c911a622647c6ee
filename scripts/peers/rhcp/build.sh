#!/bin/sh
# Builds RHCP, the rule engine of qq456cvb/doudizhu-C (the "RHCP" that DouZero's paper measured
# against), as a protocol engine. Its source is not kept in this repository (it carries no
# licence): fetch it first, `git clone --bare https://github.com/qq456cvb/doudizhu-C.git`
# (scripts/peers.sh setup does), or use a clone you have.
#
#   sh scripts/peers/rhcp/build.sh SOURCE [OUT_DIR]      (OUT_DIR default: target/peers/rhcp)
#
# SOURCE: a clone of the repository (bare or with a work tree; it must hold the pinned commit
# below), or a folder holding the seven C++ files (OUT_DIR/src of an earlier build: OUT_DIR is
# self-contained, so it can be carried to another machine and rebuilt there with
# `sh OUT_DIR/build.sh OUT_DIR/src NEW_OUT`).
# Needs g++ and python3 with venv (pybind11 and numpy come from PyPI into OUT_DIR/venv; set
# RHCP_PYTHON to a python3 that already has both, e.g. on a machine without PyPI, to skip it).
# Writes OUT_DIR/rhcp_engine, the command to seat in `ddz arena`.
set -eu
SOURCE=${1:?usage: build.sh SOURCE [OUT_DIR]}
OUT=${2:-target/peers/rhcp}
COMMIT=33e80a4d5ca933f43577e5e0dd4b0f605a725926
FILES="main.cpp card.cpp card.hpp game.cpp game.hpp dancing_link.cpp dancing_link.h"
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT/src" "$OUT/bots"
OUT=$(cd "$OUT" && pwd)
SOURCE=$(cd "$SOURCE" && pwd)
if [ -f "$SOURCE/card.cpp" ]; then
  [ "$SOURCE" = "$OUT/src" ] || for f in $FILES; do cp "$SOURCE/$f" "$OUT/src/$f"; done
else
  GIT_DIR=$SOURCE
  [ -d "$SOURCE/.git" ] && GIT_DIR=$SOURCE/.git
  git --git-dir="$GIT_DIR" cat-file -e "$COMMIT^{commit}" || { echo "build.sh: commit $COMMIT not in $SOURCE" >&2; exit 1; }
  for f in $FILES; do git --git-dir="$GIT_DIR" cat-file blob "$COMMIT:$f" > "$OUT/src/$f"; done
fi
# the wrapper and what it imports, beside the build, so OUT_DIR stands on its own
for f in rhcp_bot.py botbase.py; do [ -f "$HERE/../bots/$f" ] && cp "$HERE/../bots/$f" "$OUT/bots/$f"; done
[ -f "$HERE/../rules.py" ] && cp "$HERE/../rules.py" "$OUT/rules.py"
[ -f "$HERE/../bots/rhcp_bot.py" ] || [ -f "$OUT/bots/rhcp_bot.py" ] || { echo "build.sh: no rhcp_bot.py" >&2; exit 1; }
[ "$HERE" = "$OUT" ] || cp "$0" "$OUT/build.sh"
if [ -n "${RHCP_PYTHON:-}" ]; then PY=$RHCP_PYTHON; else
  PY=$OUT/venv/bin/python
  if ! "$PY" -c 'import pybind11, numpy' 2>/dev/null; then
    python3 -m venv "$OUT/venv"
    "$OUT/venv/bin/pip" install -q --disable-pip-version-check pybind11 numpy
  fi
fi
EXT=$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
INC=$("$PY" -m pybind11 --includes)
# What the repository's CMakeLists.txt (pybind11_add_module(env ...)) builds, the sources unchanged;
# the four files compile side by side.
for f in main card game dancing_link; do
  # shellcheck disable=SC2086
  g++ -O2 -std=c++14 -fPIC -fvisibility=hidden $INC -I"$OUT/src" -c "$OUT/src/$f.cpp" -o "$OUT/src/$f.o" -w &
done
wait
g++ -shared -o "$OUT/env$EXT" "$OUT/src/main.o" "$OUT/src/card.o" "$OUT/src/game.o" "$OUT/src/dancing_link.o"
printf '#!/bin/sh\nexec "%s" "%s/bots/rhcp_bot.py" --ext-dir "%s" "$@"\n' "$PY" "$OUT" "$OUT" > "$OUT/rhcp_engine"
chmod +x "$OUT/rhcp_engine"
printf 'DOUDIZHUVER 1.0\nEXIT\n' | "$OUT/rhcp_engine" 2>/dev/null | grep -q '^NAME ' || { echo "build.sh: the engine does not answer" >&2; exit 1; }
echo "$OUT/rhcp_engine"
