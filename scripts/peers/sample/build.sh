#!/bin/sh
# Builds the 2015 official sample engine into OUT (default: target/peers/sample_engine).
#
#   sh scripts/peers/sample/build.sh SOURCE_DIR [OUT]
#
# SOURCE_DIR: the organisers' sample, folder DDZAI of the 2015 platform archive (DdzAi.cpp and
# DdzV200.h; its source is not kept in this repository, ../README.md says why and where to get
# it), or a copy already fixed. fix.py makes its line ends LF and applies three memory fixes to
# DdzV200.h (no change of strategy) into OUT's folder, sample_src/; g++ compiles that.
# Needs g++ and python3.
set -eu
SOURCE=${1:?usage: build.sh SOURCE_DIR [OUT]}
OUT=${2:-target/peers/sample_engine}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$(dirname "$OUT")"
SRC=$(dirname "$OUT")/sample_src
python3 "$HERE/fix.py" "$SOURCE" "$SRC"
# -O0 as the organisers' project built it: its bugs past the fixes (README.md) read the stack,
# and an optimiser could make them read something else.
g++ -O0 -w -o "$OUT" "$SRC/DdzAi.cpp"
printf 'DOUDIZHUVER 1.0\n' | "$OUT" 2>/dev/null | grep -q '^NAME ' ||
  { echo "build.sh: the sample engine does not answer" >&2; exit 1; }
echo "$OUT"
