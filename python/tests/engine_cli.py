"""The engine's binary, run by the tests that compare the Python API with the command line.

The binary is the repository's release build (``cargo build --release``), or the one
``DDZ_BIN`` names; scripts/test-python.sh builds it first. A missing binary fails those tests
with the command that makes it, rather than skipping them.
"""

import json
import os
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]


def binary() -> str:
    path = os.environ.get("DDZ_BIN") or str(REPO / "target" / "release" / "ddz")
    if not os.path.exists(path):
        raise AssertionError(
            f"no engine binary at {path}: run `cargo build --release` in {REPO} "
            "(or set DDZ_BIN)"
        )
    return path


def run(*args: str) -> str:
    """Runs ``ddz ARGS…`` and returns its standard output; a failure raises with its stderr."""
    done = subprocess.run(
        [binary(), *args], capture_output=True, text=True, cwd=REPO, timeout=600
    )
    if done.returncode != 0:
        raise AssertionError(f"ddz {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def moves(hand: str, follow: str = None) -> list:
    """``ddz moves``' lines, each a play in rank notation (``pass`` last when following),
    the ``# refused by`` notes dropped."""
    args = ["moves", hand] + (["--follow", follow] if follow else [])
    return [line.split("#")[0].strip() for line in run(*args).splitlines()]


def arena_results(*args: str) -> list:
    """The JSON of each ``RESULT`` line ``ddz arena ARGS…`` prints, in order (one for a match;
    each match's, then the whole's, for a gauntlet)."""
    lines = run("arena", "--no-progress", *args).splitlines()
    return [json.loads(l[len("RESULT "):]) for l in lines if l.startswith("RESULT ")]


def arena_result(*args: str) -> dict:
    """The JSON of a match's ``RESULT`` line."""
    results = arena_results(*args)
    assert len(results) == 1, results
    return results[0]
