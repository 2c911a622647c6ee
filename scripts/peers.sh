#!/usr/bin/env bash
# The outside engines that the README's strength figures are measured against, built from this
# repository's recipe into target/peers/ (scripts/peers/README.md: what each is, where it comes
# from, what the wrappers do). Runs from any cwd; paths are the repository root's.
#
#   bash scripts/peers.sh setup [--sample DIR] [--doudizhu-c CLONE] [--only NAME,...]
#   bash scripts/peers.sh commands
#
# setup builds each engine it can, says on stderr why it skipped the others, then prints what
# `commands` prints: the engines' commands as the docs name them, and the arena lines.
#   SAMPLE  the 2015 official sample engine, target/peers/sample_engine (g++, python3). Its
#           source is the organisers' and not kept here: --sample DIR (or DDZ_SAMPLE_SRC), the
#           folder DDZAI of the 2015 platform archive (DdzAi.cpp, DdzV200.h). Skipped without it.
#   RLCARD  RLCard 1.2.0's rule agent behind our wrapper, target/peers/rlcard/rlcard_engine
#           (python3 with venv; rlcard==1.2.0 and numpy from PyPI, about half a minute).
#   RHCP    RHCP, the rule engine of qq456cvb/doudizhu-C at its pinned commit,
#           target/peers/rhcp/rhcp_engine (g++, python3 with venv; pybind11 and numpy from
#           PyPI; 1-2 min on two cores). --doudizhu-c CLONE (or DDZ_DOUDIZHU_C): a clone of that
#           repository, bare or not; without one, setup clones it (bare) from GitHub into
#           target/peers/doudizhu-C.git, once.
# --only sample,rlcard,rhcp builds only those named.
# Exit status: 0 when each engine was built or skipped for a missing prerequisite; 1 when a
# build failed (the others are still tried); 2 for a wrong command line.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PEERS=target/peers
DOUDIZHU_C_URL=https://github.com/qq456cvb/doudizhu-C.git
SAMPLE=$PEERS/sample_engine
RLCARD=$PEERS/rlcard/rlcard_engine
RHCP=$PEERS/rhcp/rhcp_engine

say() { printf '[peers] %s\n' "$*" >&2; }
usage() {
  sed -n '6,7p' "${BASH_SOURCE[0]}" | sed 's/^# *//' >&2
  exit 2
}

# An engine is there when its command answers the protocol's first line with its name.
answers() {
  [ -x "$1" ] && printf 'DOUDIZHUVER 1.0\n' | timeout 60 "$1" 2>/dev/null | grep -q '^NAME '
}

commands() {
  local built=() name cmd
  for name in SAMPLE RLCARD RHCP; do
    cmd=${!name}
    if answers "$cmd"; then
      printf '%s=%s\n' "$name" "$cmd"
      built+=("\"\$$name\"")
    else
      printf '# %s: not built (bash scripts/peers.sh setup)\n' "$name"
    fi
  done
  if [ ${#built[@]} -eq 0 ]; then
    return 0
  fi
  # The figures' settings (docs/figures.md): play only, seed 1, a generous reply limit (a Python
  # agent's start can pass 15 s on a loaded machine), faults told as the 2015 platform did.
  local flags='--fixed-landlord --seed 1 --time 60 --error-as-gameover'
  printf '# a short check, seconds:\n'
  printf './target/release/ddz arena --games 10 %s --gauntlet builtin:rules %s\n' "$flags" "${built[*]}"
  printf '# the README'"'"'s line, 300 deals at 64 sampled deals per decision (half an hour and more on two cores):\n'
  printf './target/release/ddz arena --games 300 %s --gauntlet builtin:ddz:samples=64 %s\n' "$flags" "${built[*]}"
}

build_sample() {
  local src=${sample_src:-${DDZ_SAMPLE_SRC:-}}
  if [ -z "$src" ]; then
    say "SAMPLE skipped: its source is not in the repository; give --sample DIR (the folder DDZAI of the 2015 platform archive: DdzAi.cpp, DdzV200.h)"
    return 0
  fi
  command -v g++ >/dev/null || { say "SAMPLE skipped: g++ is missing"; return 0; }
  command -v python3 >/dev/null || { say "SAMPLE skipped: python3 is missing"; return 0; }
  say "SAMPLE: building from $src"
  sh scripts/peers/sample/build.sh "$src" "$SAMPLE" >/dev/null
}

build_rlcard() {
  command -v python3 >/dev/null || { say "RLCARD skipped: python3 is missing"; return 0; }
  if [ -z "${RLCARD_PYTHON:-}" ] && ! python3 -m venv --help >/dev/null 2>&1; then
    say "RLCARD skipped: python3 has no venv (or set RLCARD_PYTHON to a python3 with rlcard 1.2.0 and numpy)"
    return 0
  fi
  say "RLCARD: rlcard==1.2.0 and numpy (PyPI, once) and the wrapper"
  if ! sh scripts/peers/rlcard/build.sh "$(dirname "$RLCARD")" >/dev/null; then
    # PyPI out of reach is a missing prerequisite, not a broken recipe.
    if [ -z "${RLCARD_PYTHON:-}" ] && ! "$(dirname "$RLCARD")/venv/bin/python" -c 'import rlcard' 2>/dev/null; then
      say "RLCARD skipped: rlcard==1.2.0 and numpy could not be installed from PyPI"
      return 0
    fi
    return 1
  fi
}

build_rhcp() {
  command -v g++ >/dev/null || { say "RHCP skipped: g++ is missing"; return 0; }
  command -v python3 >/dev/null || { say "RHCP skipped: python3 is missing"; return 0; }
  # The sources are the pinned commit's whatever the clone: a build from the same recipe is
  # kept (the compile is the 1-2 minutes).
  local stamp recipe src=${doudizhu_c:-${DDZ_DOUDIZHU_C:-}}
  stamp=$(dirname "$RHCP")/.recipe.sha256
  recipe=$(cat scripts/peers/rhcp/build.sh scripts/peers/bots/*.py scripts/peers/rules.py | sha256sum)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$recipe" ] && answers "$RHCP"; then
    say "RHCP: built already from this recipe (remove $(dirname "$RHCP") to build it again)"
    return 0
  fi
  if [ -z "$src" ]; then
    src=$PEERS/doudizhu-C.git
    if [ ! -d "$src" ]; then
      command -v git >/dev/null || { say "RHCP skipped: git is missing (or give --doudizhu-c CLONE)"; return 0; }
      say "RHCP: cloning $DOUDIZHU_C_URL"
      if ! git clone --quiet --bare "$DOUDIZHU_C_URL" "$src.tmp" 2>/dev/null; then
        rm -rf "$src.tmp"
        say "RHCP skipped: $DOUDIZHU_C_URL cannot be cloned from here (give --doudizhu-c CLONE)"
        return 0
      fi
      mv "$src.tmp" "$src"
    fi
  fi
  say "RHCP: building from $src (1-2 min)"
  rm -f "$stamp"
  sh scripts/peers/rhcp/build.sh "$src" "$(dirname "$RHCP")" >/dev/null &&
    printf '%s\n' "$recipe" >"$stamp"
}

[ $# -ge 1 ] || usage
action=$1
shift
sample_src=
doudizhu_c=
only=sample,rlcard,rhcp
while [ $# -gt 0 ]; do
  case $1 in
    --sample) [ $# -ge 2 ] || usage; sample_src=$2; shift 2 ;;
    --doudizhu-c) [ $# -ge 2 ] || usage; doudizhu_c=$2; shift 2 ;;
    --only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    *) say "unknown argument: $1"; usage ;;
  esac
done
case $action in
  commands) commands; exit 0 ;;
  setup) ;;
  *) usage ;;
esac
for name in ${only//,/ }; do
  case $name in
    sample | rlcard | rhcp) ;;
    *) say "--only: '$name' is not sample, rlcard or rhcp"; exit 2 ;;
  esac
done
mkdir -p "$PEERS"
failed=()
for name in sample rlcard rhcp; do
  case ",$only," in *",$name,"*) ;; *) continue ;; esac
  if ! "build_$name"; then
    failed+=("$name")
    say "${name^^}: the build failed (its messages above)"
  fi
done
commands
if [ ${#failed[@]} -gt 0 ]; then
  say "failed: ${failed[*]}"
  exit 1
fi
