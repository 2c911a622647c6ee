#!/usr/bin/env bash
# The release recipe end to end (run by .ci/run after the Windows test, so Wine is there to run
# the exe). First the refusals of stale notes, on scratch changelogs, each of which must stop
# release.sh with its reason before anything is built:
#   - an "Unreleased" section (`## Unreleased`, or a heading that says `(unreleased)`);
#   - a top section that is not Cargo.toml's version.
# Then scripts/release.sh for real, and its folder checked from the outside:
#   - exactly ddz, ddz.exe, ddz-botzone, SHA256SUMS and NOTES.md;
#   - SHA256SUMS names the three binaries and `sha256sum -c` passes;
#   - each binary is what it says: ddz an x86-64 ELF, ddz-botzone a statically linked one,
#     ddz.exe a PE32+ x86-64 executable;
#   - each prints `ddz VERSION (commit C)`, VERSION Cargo.toml's and C this checkout's commit
#     (ddz.exe under Wine when it is installed, else the string it holds);
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
    *cargo*|*Windows:*|*Botzone:*) fail "release.sh started building before refusing '$heading': $out" ;;
  esac
done
ok "release.sh refuses, before building, an unreleased section, a heading marked unreleased and a top section not $version"

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
echo "would release from $changelog"; grep -n "^## " "$changelog" | head -5; awk "/^## / { n++ } n == 1 { print }" "$changelog" | head -3; bash scripts/release.sh --changelog "$changelog" 2>&1 | head -3
