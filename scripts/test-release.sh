#!/usr/bin/env bash
# The release recipe end to end (run by .ci/run after the Windows test, so Wine is there to run
# the exe). First the refusals, each of which must stop release.sh with its reason before
# anything is built: stale notes, on scratch changelogs,
#   - an "Unreleased" section (`## Unreleased`, or a heading that says `(unreleased)`);
#   - a top section that is not Cargo.toml's version;
# and, in a scratch tree holding release.sh and the manifests, a Python package of another
# version than Cargo.toml's (python/Cargo.toml's), and a lock file recording a crate at another
# version than its manifest (python/Cargo.lock's ddz-python).
# Then scripts/release.sh for real, and its folder checked from the outside:
#   - exactly ddz, ddz.exe, ddz-botzone, ddz-VERSION.tar.gz, the wheels
#     ddz-VERSION-cp39-abi3-manylinux_2_34_x86_64.whl and
#     ddz-VERSION-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl, SHA256SUMS and
#     NOTES.md;
#   - SHA256SUMS names the six files and `sha256sum -c` passes;
#   - `auditwheel show` names manylinux_2_17_x86_64 for the second wheel (glibc 2.17 and on);
#   - each binary is what it says: ddz an x86-64 ELF, ddz-botzone a statically linked one,
#     ddz.exe a PE32+ x86-64 executable;
#   - each prints `ddz VERSION (commit C)`, VERSION Cargo.toml's and C this checkout's commit
#     (ddz.exe under Wine when it is installed, else the string it holds);
#   - each wheel installs into a fresh virtual environment (`pip install --no-index --no-deps`:
#     `import ddz` needs none of its dependencies), where pip's version of ddz and
#     `ddz.__version__` are VERSION, `ddz.ENGINE_VERSION` is `ddz VERSION (commit C)`, and a
#     game plays to its end; then with its dependency numpy from the index, for `ddz.douzero`
#     and `ddz.envs` (skipped with a message when pip cannot reach an index);
#   - the sdist holds the package's pyproject.toml with PKG-INFO of VERSION, and the crates it
#     builds: the root crate (Cargo.toml, Cargo.lock, build.rs, every file git tracks in src/),
#     crates/ddz-core and python/ (their manifests, lock and tracked sources), python/ddz as ddz/;
#   - NOTES.md holds the changelog's section of VERSION and the sums.
# Between versions CHANGELOG.md has an "Unreleased" section, which release.sh refuses: the
# release is then built from a copy made ready as the release commit will make it (the
# Unreleased section named after Cargo.toml's version, an older section of that version
# dropped), so the whole recipe is tested before the version moves as after.
# Passes its arguments to release.sh (--allow-dirty for a tree with uncommitted sources).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
fail() { printf '[test-release] FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf '[test-release] ok: %s\n' "$*"; }

version=$(sed -n '/^\[package\]/,/^\[/{s/^version *= *"\(.*\)"/\1/p}' Cargo.toml | head -n 1)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The refusals: each stale changelog, the words its refusal must hold, and its top heading.
older="## 0.0.1"$'\n\n'"- the first"$'\n'
refusals=(
  "unreleased|has an unreleased section|## Unreleased"$'\n\n'"- not yet released"$'\n\n'"## $version"$'\n\n'"- what changed"$'\n\n'"$older"
  "marked|has an unreleased section|## $version (unreleased)"$'\n\n'"- what changed"$'\n\n'"$older"
  "behind|top section is '0.0.1', not Cargo.toml's version $version|$older"
)
for refusal in "${refusals[@]}"; do
  IFS='|' read -r -d '' name reason sections <<<"$refusal" || true
  printf '# Changelog\n\n%s' "$sections" >"$scratch/$name.md"
  heading=$(grep -m 1 '^## ' "$scratch/$name.md")
  if out=$(bash scripts/release.sh "$@" --changelog "$scratch/$name.md" 2>&1); then
    fail "release.sh built with a stale changelog ('$heading' on top)"
  fi
  case $out in
    *"$reason"*) ;;
    *) fail "release.sh refused '$heading' without saying '$reason': $out" ;;
  esac
  case $out in
    *cargo*|*Windows:*|*Botzone:*|*Python:*) fail "release.sh started building before refusing '$heading': $out" ;;
  esac
done
ok "release.sh refuses, before building, an unreleased section, a heading marked unreleased and a top section not $version"

# The Python package's version and the lock files, refused in a scratch tree: release.sh with
# the manifests and locks it reads before building, one of them moved, and a ready changelog.
ready="# Changelog"$'\n\n'"## $version"$'\n\n'"- what changed"$'\n'
mismatches=(
  "python/Cargo.toml|python/Cargo.toml's version is '0.0.0-other', not Cargo.toml's version $version"
  "python/Cargo.lock|python/Cargo.lock records ddz-python 0.0.0-other, while python/Cargo.toml says $version"
)
for mismatch in "${mismatches[@]}"; do
  IFS='|' read -r moved reason <<<"$mismatch"
  tree=$scratch/tree
  rm -rf "$tree"
  mkdir -p "$tree/scripts" "$tree/python" "$tree/crates/ddz-core"
  for f in scripts/release.sh Cargo.toml Cargo.lock python/Cargo.toml python/Cargo.lock crates/ddz-core/Cargo.toml; do
    cp "$f" "$tree/$f"
  done
  printf '%s' "$ready" >"$tree/CHANGELOG.md"
  case $moved in
    python/Cargo.toml) sed -i '/^\[package\]/,/^\[/s/^version *= *".*"/version = "0.0.0-other"/' "$tree/$moved" ;;
    python/Cargo.lock) sed -i '/^name = "ddz-python"$/{n;s/^version = ".*"/version = "0.0.0-other"/}' "$tree/$moved" ;;
  esac
  if out=$(bash "$tree/scripts/release.sh" "$@" 2>&1); then
    fail "release.sh built with $moved moved to 0.0.0-other"
  fi
  case $out in
    *"$reason"*) ;;
    *) fail "release.sh refused $moved moved without saying '$reason': $out" ;;
  esac
  case $out in
    *cargo\ build*|*Windows:*|*Botzone:*|*Python:*) fail "release.sh started building before refusing $moved moved: $out" ;;
  esac
done
ok "release.sh refuses, before building, a Python package not $version and a lock file behind its manifest"

# The release itself: from CHANGELOG.md when it is ready, else from a ready copy of it.
changelog=CHANGELOG.md
if grep -qi '^## .*unreleased' CHANGELOG.md || [ "$(awk '/^## / { print $2; exit }' CHANGELOG.md)" != "$version" ]; then
  changelog=$scratch/CHANGELOG.md
  awk -v v="$version" '
    /^## / { drop = ($2 == v) }
    /^## +[Uu]nreleased/ { print "## " v " (the next section of CHANGELOG.md, named so by scripts/test-release.sh)"; drop = 0; next }
    !drop { print }' CHANGELOG.md >"$changelog"
  ok "CHANGELOG.md is not ready for a release (an Unreleased section, or its top section not $version): releasing from a copy made ready"
fi
bash scripts/release.sh "$@" --changelog "$changelog"

commit=$(git rev-parse --short=10 HEAD)
if [ -n "$(git status --porcelain --untracked-files=no -- src crates build.rs Cargo.toml Cargo.lock)" ]; then
  commit="$commit-modified"
fi
expected="ddz $version (commit $commit)"
dir=build/release/ddz-$version
[ -d "$dir" ] || fail "no folder $dir"

sdist=ddz-$version.tar.gz
wheel=ddz-$version-cp39-abi3-manylinux_2_34_x86_64.whl
wheel2014=ddz-$version-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
sorted() { printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' '; }
files=$(cd "$dir" && sorted $(ls -A))
[ "$files" = "$(sorted NOTES.md SHA256SUMS ddz ddz.exe ddz-botzone "$sdist" "$wheel" "$wheel2014")" ] ||
  fail "$dir holds: $files"
ok "$dir holds the three binaries, $sdist, $wheel, $wheel2014, SHA256SUMS and NOTES.md"

summed=$(sorted $(awk '{ print $2 }' "$dir/SHA256SUMS" | sed 's/^\*//'))
[ "$summed" = "$(sorted ddz ddz.exe ddz-botzone "$sdist" "$wheel" "$wheel2014")" ] ||
  fail "SHA256SUMS names: $summed"
(cd "$dir" && sha256sum --quiet -c SHA256SUMS) || fail "sha256sum -c SHA256SUMS"
ok "SHA256SUMS: the six files' sums, all matching"
# auditwheel came with release.sh into its venv.
tags=$(target/venv-python/bin/python -m auditwheel show "$dir/$wheel2014" | tr '\n' ' ')
grep -q '"manylinux_2_17_x86_64"' <<<"$tags" || fail "auditwheel show $wheel2014: $tags"
ok "auditwheel show: $wheel2014 is manylinux_2_17_x86_64 (glibc 2.17 and later)"

if command -v file >/dev/null 2>&1; then
  file "$dir/ddz" | grep -q 'ELF 64-bit.*x86-64' || fail "ddz: $(file "$dir/ddz")"
  file "$dir/ddz-botzone" | grep -q 'ELF 64-bit.*x86-64.*\(statically linked\|static-pie linked\)' ||
    fail "ddz-botzone: $(file "$dir/ddz-botzone")"
  file "$dir/ddz.exe" | grep -q 'PE32+ executable.*x86-64' || fail "ddz.exe: $(file "$dir/ddz.exe")"
  ok "ddz: ELF x86-64; ddz-botzone: static ELF x86-64; ddz.exe: PE32+ x86-64"
fi

for bin in ddz ddz-botzone; do
  said=$("$dir/$bin" --version)
  [ "$said" = "$expected" ] || fail "$bin --version: '$said', not '$expected'"
done
if command -v wine >/dev/null 2>&1; then
  # The Windows test's prefix when it made one (a fresh one takes seconds to create).
  export WINEPREFIX=${WINEPREFIX:-$PWD/build/windows/wineprefix}
  said=$(WINEDEBUG=-all timeout 120 wine "$dir/ddz.exe" --version </dev/null 2>/dev/null | tr -d '\r')
  [ "$said" = "$expected" ] || fail "ddz.exe --version under Wine: '$said', not '$expected'"
  ok "each binary prints '$expected' (ddz.exe under Wine)"
else
  grep -qaF "$expected" "$dir/ddz.exe" || fail "ddz.exe holds no '$expected'"
  ok "ddz and ddz-botzone print '$expected'; ddz.exe holds it (no Wine to run it)"
fi

# The wheel, installed into a fresh virtual environment without an index: `import ddz` needs
# none of its dependencies. python/ changed and not committed, the wheel says -modified.
python_commit=$commit
if [ -n "$(git status --porcelain --untracked-files=no -- python)" ]; then
  python_commit="${commit%-modified}-modified"
fi
# Each wheel in a fresh virtual environment of its own.
check_wheel() { # the wheel's file name
  local whl=$1 venv=$scratch/venv-${1%.whl}
  python3 -m venv "$venv"
  local pip=("$venv/bin/python" -m pip --quiet --disable-pip-version-check)
  "${pip[@]}" install --no-index --no-deps "$dir/$whl" || fail "pip install --no-index --no-deps $whl"
  # From the scratch folder, so no ddz of the checkout is imported in its place.
  said=$(cd "$scratch" && "$venv/bin/python" -c '
import importlib.metadata, random, ddz
game = ddz.Game(seed=1, bidding=True)
rng = random.Random(1)
while not game.done:
    game.step(rng.choice(game.legal_actions()))
assert sum(game.scores()) == 0, game.scores()
print(ddz.__version__, importlib.metadata.version("ddz"), ddz.ENGINE_VERSION, sep="|")') ||
    fail "$whl installed, but ddz would not import and play a game"
  [ "$said" = "$version|$version|ddz $version (commit $python_commit)" ] ||
    fail "$whl's ddz says (ddz.__version__|pip's version|ENGINE_VERSION) '$said', not '$version|$version|ddz $version (commit $python_commit)'"
  ok "$whl installs with pip into a fresh venv (no index): ddz.__version__ and pip's version $version, ENGINE_VERSION 'ddz $version (commit $python_commit)', a game played"
  # Its dependencies (numpy) come from the index: without one, that part is skipped.
  if "${pip[@]}" install --timeout 30 --retries 1 "$dir/$whl" >"$scratch/pip.log" 2>&1; then
    (cd "$scratch" && "$venv/bin/python" -c '
import ddz, ddz.envs
from ddz.douzero import get_obs
obs = get_obs(ddz.Game(seed=5, landlord=0))
assert obs["x_batch"].shape[1] == 373, obs["x_batch"].shape') ||
      fail "$whl with numpy installed: ddz.douzero or ddz.envs failed"
    ok "$whl with its dependencies from the index: ddz.envs imports, ddz.douzero encodes a game"
  else
    printf '[test-release] skipped: pip could not install the dependencies of %s (numpy; no index reachable?), so ddz.envs and ddz.douzero were not checked: %s\n' \
      "$whl" "$(tail -n 1 "$scratch/pip.log")"
  fi
}
check_wheel "$wheel"
check_wheel "$wheel2014"

# The sdist: the package's files and the crates it builds, the sources git tracks all there.
listing=$(tar -tzf "$dir/$sdist") || fail "$sdist is no gzipped tar"
needed=(pyproject.toml PKG-INFO Cargo.toml Cargo.lock build.rs crates/ddz-core/Cargo.toml
  python/Cargo.toml python/Cargo.lock)
while read -r tracked; do
  case $tracked in python/ddz/*) tracked=ddz/${tracked#python/ddz/} ;; esac
  needed+=("$tracked")
done < <(git ls-files src crates/ddz-core/src python/src python/ddz)
for f in "${needed[@]}"; do
  grep -qxF "ddz-$version/$f" <<<"$listing" || fail "$sdist lacks ddz-$version/$f"
done
tar -xzOf "$dir/$sdist" "ddz-$version/PKG-INFO" | grep -qx "Version: $version" || fail "$sdist's PKG-INFO is not version $version"
ok "$sdist: pyproject.toml, PKG-INFO of $version, the root crate, crates/ddz-core and python/ (${#needed[@]} files checked)"

# The notes: the version's section of the changelog, its heading made the page's title.
section=$(awk -v v="$version" '/^## / { inside = ($2 == v) } inside { print }' "$changelog" | sed '1d')
body=$(sed '1d' "$dir/NOTES.md")
case $body in
  *"$section"*) ;;
  *) fail "NOTES.md does not hold $changelog's section of $version" ;;
esac
head -n 1 "$dir/NOTES.md" | grep -q "^# ddz $version" || fail "NOTES.md's title: $(head -n 1 "$dir/NOTES.md")"
while read -r sum name; do
  grep -qF "$sum  $name" "$dir/NOTES.md" || fail "NOTES.md lacks the sum of $name"
done <"$dir/SHA256SUMS"
ok "NOTES.md: $changelog's section of $version and the sums"
echo "release: $dir checked"
