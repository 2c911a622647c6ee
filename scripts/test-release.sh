#!/usr/bin/env bash
# The release recipe end to end (run by .ci/run after the Windows test, so Wine is there to run
# the exe): scripts/release.sh, then its folder checked from the outside:
#   - exactly ddz, ddz.exe, ddz-botzone, SHA256SUMS and NOTES.md;
#   - SHA256SUMS names the three binaries and `sha256sum -c` passes;
#   - each binary is what it says: ddz an x86-64 ELF, ddz-botzone a statically linked one,
#     ddz.exe a PE32+ x86-64 executable;
#   - each prints `ddz VERSION (commit C)`, VERSION Cargo.toml's and C this checkout's commit
#     (ddz.exe under Wine when it is installed, else the string it holds);
#   - NOTES.md holds CHANGELOG.md's section of VERSION and the sums.
# Passes its arguments to release.sh (--allow-dirty for a tree with uncommitted sources).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
fail() { printf '[test-release] FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf '[test-release] ok: %s\n' "$*"; }

bash scripts/release.sh "$@"

version=$(sed -n '/^\[package\]/,/^\[/{s/^version *= *"\(.*\)"/\1/p}' Cargo.toml | head -n 1)
commit=$(git rev-parse --short=10 HEAD)
if [ -n "$(git status --porcelain --untracked-files=no -- src build.rs Cargo.toml Cargo.lock)" ]; then
  commit="$commit-modified"
fi
expected="ddz $version (commit $commit)"
dir=build/release/ddz-$version
[ -d "$dir" ] || fail "no folder $dir"

files=$(cd "$dir" && ls -A | sort | tr '\n' ' ')
[ "$files" = "NOTES.md SHA256SUMS ddz ddz-botzone ddz.exe " ] || fail "$dir holds: $files"
ok "$dir holds the three binaries, SHA256SUMS and NOTES.md"

summed=$(awk '{ print $2 }' "$dir/SHA256SUMS" | sed 's/^\*//' | sort | tr '\n' ' ')
[ "$summed" = "ddz ddz-botzone ddz.exe " ] || fail "SHA256SUMS names: $summed"
(cd "$dir" && sha256sum --quiet -c SHA256SUMS) || fail "sha256sum -c SHA256SUMS"
ok "SHA256SUMS: the three binaries' sums, all matching"

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

# The notes: the version's section of CHANGELOG.md, its heading made the page's title.
section=$(awk -v v="$version" '/^## / { inside = ($2 == v) } inside { print }' CHANGELOG.md | sed '1d')
body=$(sed '1d' "$dir/NOTES.md")
case $body in
  *"$section"*) ;;
  *) fail "NOTES.md does not hold CHANGELOG.md's section of $version" ;;
esac
head -n 1 "$dir/NOTES.md" | grep -q "^# ddz $version" || fail "NOTES.md's title: $(head -n 1 "$dir/NOTES.md")"
while read -r sum name; do
  grep -qF "$sum  $name" "$dir/NOTES.md" || fail "NOTES.md lacks the sum of $name"
done <"$dir/SHA256SUMS"
ok "NOTES.md: CHANGELOG.md's section of $version and the sums"
echo "release: $dir checked"
