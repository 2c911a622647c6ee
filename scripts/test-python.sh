#!/usr/bin/env bash
# The Python package (python/, docs/python.md): built and installed with pip into a virtual
# environment kept at target/venv-python (made when missing, reused after), with its test and
# environment extras and DouZero's environment code (douzero 1.1.0 without its dependencies:
# its game needs only numpy), then its tests run with pytest. The tests compare the package
# with the engine's binary (ddz moves, ddz arena), built here first. A failing test, or a run
# that collects no test at all (pytest's exit 5), fails the script.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cargo build --release --quiet
venv=target/venv-python
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --quiet --disable-pip-version-check)
"${pip[@]}" install "./python[test,envs]"
"${pip[@]}" install --no-deps douzero==1.1.0

status=0
DDZ_BIN="$PWD/target/release/ddz" "$venv/bin/python" -m pytest python/tests -q || status=$?
if [ "$status" -eq 5 ]; then
  echo "test-python: pytest collected no tests" >&2
fi
[ "$status" -eq 0 ] || exit "$status"
# The native module's stub (python/ddz/_ddz.pyi) against the module itself: every name,
# signature and class of the one is the other's (mypy's stubtest, from the test extra).
echo "test-python: the stub against the module (mypy.stubtest ddz._ddz)"
(cd target && "../$venv/bin/python" -m mypy.stubtest ddz._ddz)
