#!/usr/bin/env bash
# A release: the three binaries of this commit and the Python package `ddz`, with their SHA-256
# sums and release notes, in one folder, build/release/ddz-VERSION/ (VERSION is Cargo.toml's):
#   ddz          Linux x86-64 (glibc), cargo build --release, stripped
#   ddz.exe      Windows x86-64 for the official platform (scripts/build-windows.sh: Debian's
#                Rust 1.63 and MinGW, installed with apt when missing; root or sudo)
#   ddz-botzone  static Linux x86-64 (musl) for the Botzone upload (scripts/build-botzone.sh)
#   ddz-VERSION.tar.gz
#                the Python package's source distribution (`maturin sdist`): python/ with the
#                crates it builds on (the root crate ddz and crates/ddz-core), so `pip install
#                ddz-VERSION.tar.gz` builds it on any machine with a recent stable Rust
#   ddz-VERSION-cp39-abi3-manylinux_2_34_x86_64.whl
#                the Python package built from that sdist: one abi3 wheel for CPython 3.9 and
#                later on Linux x86-64 with glibc 2.34 or later (Debian 12, Ubuntu 22.04,
#                RHEL 9 and newer), linked here against the machine's glibc; maturin checks the
#                native module needs no newer glibc symbol and no library outside the policy
#                (`--auditwheel check`, no docker). 2.34: Rust's std takes pthread_create and
#                its siblings at the version glibc 2.34 gave them.
#   ddz-VERSION-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
#                the same package for glibc 2.17 and later (CentOS 7, Ubuntu 18.04/20.04, most
#                HPC clusters): linked by maturin's --zig against glibc 2.17's symbols (zig from
#                PyPI's `ziglang`), checked the same way and by `auditwheel show` (which must
#                name manylinux_2_17_x86_64). pip takes the newer tag where both fit. No
#                musllinux wheel: it builds the same way (rustup's musl target), but no musl
#                Python here can install and test it, and an untested wheel is not shipped.
#                Each wheel's `ddz.ENGINE_VERSION` says `ddz VERSION (commit C)`.
#   SHA256SUMS   the six files' sums (`sha256sum -c SHA256SUMS` in the folder checks them)
#   NOTES.md     CHANGELOG.md's section of this version, under the commit it was built from
# Maturin, ziglang and auditwheel come from the virtual environment target/venv-python
# (scripts/test-python.sh's), made when missing, installed there by pip when it lacks them
# (PyPI, once).
# Each binary must say `ddz VERSION (commit C)` for this commit C (`--version`; the exe under
# Wine when Wine is installed, else the string it holds), so a tree with changes to the
# sources that are not committed is refused unless --allow-dirty (the binaries then say
# `C-modified`, and so do the notes; python/ changed alone, the wheel alone says it). Stale
# notes are refused before anything is built: the release stops with the reason when
# CHANGELOG.md has an "Unreleased" section (a `## ` heading that says unreleased: changes not
# yet given a version) or when its top section is not Cargo.toml's version (the version was
# not moved, or the notes were not). So is a Python
# package of another version: the package `ddz`'s version is python/Cargo.toml's
# (pyproject.toml's `dynamic = ["version"]`: maturin reads it there, and python/ is a workspace
# of its own, so it cannot inherit the root's), and it must be Cargo.toml's, as must the
# versions Cargo.lock and python/Cargo.lock record for our crates.
#
#   bash scripts/release.sh [--allow-dirty] [--changelog FILE]
#
# --changelog FILE reads the notes from FILE instead of CHANGELOG.md: scripts/test-release.sh
# checks the refusals and the release on scratch copies with it, whatever the real file holds.
#
# Runs from any cwd. Prints the folder's listing at the end. scripts/test-release.sh checks it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
say() { printf '[release] %s\n' "$*"; }
die() { printf '[release] ERROR: %s\n' "$*" >&2; exit 1; }

usage='bash scripts/release.sh [--allow-dirty] [--changelog FILE]'
allow_dirty=false
changelog=CHANGELOG.md
while [ $# -gt 0 ]; do
  case $1 in
    --allow-dirty) allow_dirty=true ;;
    --changelog)
      [ $# -ge 2 ] || die "--changelog needs a FILE (usage: $usage)"
      changelog=$2
      shift ;;
    *) die "unknown argument '$1' (usage: $usage)" ;;
  esac
  shift
done
[ -f "$changelog" ] || die "no changelog at $changelog"

# The version: the [package] table's first `version = "…"` line.
version=$(sed -n '/^\[package\]/,/^\[/{s/^version *= *"\(.*\)"/\1/p}' Cargo.toml | head -n 1)
[ -n "$version" ] || die "no version in Cargo.toml's [package]"

# Stale notes, refused before the builds so the reason comes at once.
unreleased=$(grep -i -m 1 '^## .*unreleased' "$changelog" || true)
[ -z "$unreleased" ] || die "$changelog has an unreleased section ('$unreleased'): give its notes a version (the heading '## VERSION', and Cargo.toml's version the same; it is $version now), then release"
top=$(awk '/^## / { print $2; exit }' "$changelog")
[ "$top" = "$version" ] || die "$changelog's top section is '${top:-none}', not Cargo.toml's version $version: the notes of this version go on top"
# The Python package's version, refused as the notes are when it is not this one: maturin
# names the sdist and the wheel after python/Cargo.toml's version, and pip installs that, while
# `ddz.__version__` is the engine's (Cargo.toml's). The lock files record our crates' versions
# too, and the builds are --locked: a stale lock would stop them halfway, so it stops the
# release here.
package_version() { sed -n '/^\[package\]/,/^\[/{s/^version *= *"\(.*\)"/\1/p}' "$1" | head -n 1; }
locked_version() { awk -v n="$2" '$0 == "name = \"" n "\"" { getline; gsub(/^version = "|"$/, ""); print; exit }' "$1"; }
python_version=$(package_version python/Cargo.toml)
[ "$python_version" = "$version" ] || die "python/Cargo.toml's version is '${python_version:-none}', not Cargo.toml's version $version: the Python package ddz takes its version from python/Cargo.toml (pyproject.toml's dynamic version); move it with Cargo.toml's"
for entry in "Cargo.lock ddz Cargo.toml" "Cargo.lock ddz-core crates/ddz-core/Cargo.toml" \
  "python/Cargo.lock ddz-python python/Cargo.toml" "python/Cargo.lock ddz Cargo.toml" \
  "python/Cargo.lock ddz-core crates/ddz-core/Cargo.toml"; do
  read -r lock crate manifest <<<"$entry"
  locked=$(locked_version "$lock" "$crate")
  want=$(package_version "$manifest")
  [ "$locked" = "$want" ] || die "$lock records $crate ${locked:-nowhere}, while $manifest says $want: update the lock (cargo metadata --format-version 1 --manifest-path ${lock%Cargo.lock}Cargo.toml >/dev/null) and commit it"
done
commit=$(git rev-parse --short=10 HEAD 2>/dev/null) || die "not a git checkout: the binaries could not name their commit"
# What build.rs watches: a change there makes the binaries say -modified.
if [ -n "$(git status --porcelain --untracked-files=no -- src crates build.rs Cargo.toml Cargo.lock)" ]; then
  $allow_dirty || die "the sources differ from commit $commit (git status): commit them, or pass --allow-dirty"
  commit="$commit-modified"
fi
expected="ddz $version (commit $commit)"
# The wheel is built from python/ too: changes there not committed are refused as well, and
# under --allow-dirty the wheel's ENGINE_VERSION says -modified (the binaries need not).
python_commit=$commit
if [ -n "$(git status --porcelain --untracked-files=no -- python)" ]; then
  $allow_dirty || die "python/ differs from commit $commit (git status): commit it, or pass --allow-dirty"
  python_commit="${commit%-modified}-modified"
fi

# The notes: the changelog from its top heading, `## VERSION` (the heading may go on: a date),
# to the next `## ` heading.
notes=$(awk '/^## / { n++ } n == 1 { print }' "$changelog")

out=build/release/ddz-$version
say "$expected -> $out/"
rm -rf "$out"
mkdir -p "$out"

say "Linux: cargo build --release"
cargo build --release --quiet --locked
strip -o "$out/ddz" target/release/ddz

say "Windows: scripts/build-windows.sh"
bash scripts/build-windows.sh >&2
cp build/windows/ddz.exe "$out/ddz.exe"

say "Botzone: scripts/build-botzone.sh"
bash scripts/build-botzone.sh >&2
cp build/botzone/ddz "$out/ddz-botzone"

# Each binary says which build it is.
for bin in ddz ddz-botzone; do
  said=$("$out/$bin" --version)
  [ "$said" = "$expected" ] || die "$bin --version says '$said', not '$expected'"
done
if command -v wine >/dev/null 2>&1; then
  # The Windows test's prefix when it made one (a fresh one takes seconds to create).
  export WINEPREFIX=${WINEPREFIX:-$PWD/build/windows/wineprefix}
  said=$(WINEDEBUG=-all timeout 120 wine "$out/ddz.exe" --version </dev/null 2>/dev/null | tr -d '\r')
  [ "$said" = "$expected" ] || die "ddz.exe --version (Wine) says '$said', not '$expected'"
else
  grep -qaF "$expected" "$out/ddz.exe" || die "ddz.exe holds no '$expected'"
  say "ddz.exe: version read from the file (no Wine to run it)"
fi

# The Python package: its sdist, then the wheel built from that sdist unpacked (so the sdist is
# known to build), in a target folder of its own kept between releases. Unpacked outside git,
# build.rs could not name the commit: DDZ_COMMIT tells it. The files get the time of unpacking
# (--touch), so cargo rebuilds our crates rather than trust a stale build of older sources.
venv=target/venv-python
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
for tool in maturin:"maturin>=1.5,<2" ziglang:ziglang auditwheel:auditwheel; do
  if ! "$venv/bin/python" -m "${tool%%:*}" --help >/dev/null 2>&1; then
    say "Python: installing ${tool#*:} into $venv"
    "$venv/bin/python" -m pip --quiet --disable-pip-version-check install "${tool#*:}"
  fi
done
sdist=ddz-$version.tar.gz
say "Python: maturin sdist -> $sdist"
"$venv/bin/python" -m maturin sdist --manifest-path python/Cargo.toml --out "$out" >&2
[ -f "$out/$sdist" ] || die "maturin sdist made no $sdist"
root=$PWD
work=$root/target/release-python
rm -rf "$work/src"
mkdir -p "$work/src"
tar -xzf "$out/$sdist" --touch -C "$work/src"
# One wheel a policy, each from the sdist unpacked, each in a target folder of its own (zig's
# linker changes every crate's fingerprint, so a shared folder would rebuild both each time).
# The venv's bin leads PATH: maturin finds zig as `python3 -m ziglang` there.
build_wheel() { # policy, then maturin's extra flags
  local policy=$1
  shift
  say "Python: the wheel (abi3, $policy), built from $sdist"
  (cd "$work/src/ddz-$version" &&
    PATH="$root/$venv/bin:$PATH" DDZ_COMMIT=$python_commit CARGO_TARGET_DIR=$work/target-$policy \
      "$root/$venv/bin/python" -m maturin build --release --locked \
      --interpreter "$root/$venv/bin/python" --compatibility "$policy" --auditwheel check \
      --out "$root/$out" "$@" >&2)
}
build_wheel manylinux_2_34
wheel=ddz-$version-cp39-abi3-manylinux_2_34_x86_64.whl
[ -f "$out/$wheel" ] || die "maturin built no $wheel: $(cd "$out" && ls ./*.whl 2>/dev/null)"
build_wheel manylinux2014 --zig
wheel2014=ddz-$version-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
[ -f "$out/$wheel2014" ] || die "maturin built no $wheel2014: $(cd "$out" && ls ./*.whl 2>/dev/null)"
"$venv/bin/python" -m auditwheel show "$out/$wheel2014" | tr '\n' ' ' | grep -q '"manylinux_2_17_x86_64"' ||
  die "auditwheel show does not name manylinux_2_17_x86_64 for $wheel2014"

(cd "$out" && sha256sum ddz ddz.exe ddz-botzone "$sdist" "$wheel" "$wheel2014" > SHA256SUMS)
{
  printf '%s\n\n' "$notes" | sed '1s/^## /# ddz /'
  printf 'Built from commit `%s` by `scripts/release.sh`: `ddz` (Linux x86-64, glibc), `ddz.exe`\n' "$commit"
  printf '(Windows x86-64, Debian'"'"'s %s), `ddz-botzone` (static Linux x86-64, musl); the\n' \
    "$(/usr/bin/rustc --version 2>/dev/null || echo 'rustc 1.63')"
  printf 'Python package `ddz`: `%s` (the source, for `pip install` with a recent Rust) and\n' "$sdist"
  printf '`%s` (CPython 3.9+ on Linux x86-64, glibc 2.34+) and\n`%s` (glibc 2.17+: CentOS 7,\nUbuntu 18.04, most clusters). SHA-256:\n\n' "$wheel" "$wheel2014"
  sed 's/^/    /' "$out/SHA256SUMS"
} > "$out/NOTES.md"
say "done:"
(cd "$out" && ls -l ddz ddz.exe ddz-botzone "$sdist" "$wheel" "$wheel2014" SHA256SUMS NOTES.md)
