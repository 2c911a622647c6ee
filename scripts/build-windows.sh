#!/usr/bin/env bash
# Cross-build ddz.exe for x86_64-pc-windows-gnu (the official platform runs the engine as a
# Windows .exe) with Debian 12's own Rust 1.63 and MinGW-w64, then strip it into
# build/windows/ddz.exe. Idempotent; runs from any cwd.
#
# Steps:
#  1. apt-get installs rustc, cargo, libstd-rust-dev-windows, gcc-mingw-w64-x86-64 if missing.
#  2. The regular (rustup) cargo vendors the locked crates into build/windows/vendor; Debian's
#     cargo 1.65 cannot fetch from crates.io itself (no sparse index support). Skipped when the
#     vendor folder already matches Cargo.lock.
#  3. Debian's cargo builds offline from that folder, with RUSTC=/usr/bin/rustc (else it picks
#     the rustup rustc, which has no Windows std: "can't find crate for `core`").
#  4. x86_64-w64-mingw32-strip: the symbols stripped, about 5 MB left; the exe needs only Windows system DLLs.
#
# Environment:
#  DDZ_VENDOR_CARGO  cargo used for vendoring (default: first non-Debian cargo on PATH,
#                    then ~/.cargo/bin/cargo)
set -euo pipefail
DDZ_LOG_TAG=build-windows
. "$(dirname "$(readlink -f "$0")")/windows-lib.sh"
cd "$DDZ_ROOT"

TARGET=x86_64-pc-windows-gnu
VENDOR="$DDZ_WIN_DIR/vendor"
OUT="$DDZ_WIN_DIR/ddz.exe"
mkdir -p "$DDZ_WIN_DIR"
t_all=$(now)

# 1. Debian's toolchain.
ensure_debian_pkgs rustc cargo libstd-rust-dev-windows gcc-mingw-w64-x86-64
for tool in /usr/bin/rustc /usr/bin/cargo x86_64-w64-mingw32-gcc x86_64-w64-mingw32-strip; do
    command -v "$tool" >/dev/null || die "$tool not found although its package is installed"
done
[ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/$TARGET" ] ||
    die "Debian's rustc has no std for $TARGET (package libstd-rust-dev-windows)"

# Debian's cargo 1.65 reads lockfile versions up to 3 only. The regular cargo keeps v3 as long
# as Cargo.toml says rust-version = "1.63"; say so plainly if a v4 file slips in.
if grep -qx 'version = 4' Cargo.lock; then
    die "Cargo.lock is version 4, which Debian's cargo 1.65 cannot read; regenerate it as version 3 (keep rust-version = \"1.63\" in Cargo.toml, then: rm Cargo.lock && cargo generate-lockfile)"
fi

# 2. Vendor the locked crates (needs the registry once; later runs reuse the folder).
stamp="$VENDOR/.ddz-cargo-lock.sha256"
want=$(sha256sum Cargo.lock | cut -d' ' -f1)
t_vendor=$(now)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    say "vendor folder matches Cargo.lock, not vendoring again"
    vendor_note="reused"
else
    vcargo="${DDZ_VENDOR_CARGO:-}"
    [ -n "$vcargo" ] || vcargo=$(regular_cargo)
    [ -n "$vcargo" ] || die "no regular (rustup) cargo to vendor crates with; set DDZ_VENDOR_CARGO"
    say "vendoring crates with $vcargo"
    rm -rf "$VENDOR"
    "$vcargo" vendor --locked --versioned-dirs "$VENDOR" >/dev/null 2>"$DDZ_WIN_DIR/vendor.log" ||
        { tail -n 20 "$DDZ_WIN_DIR/vendor.log" >&2
          die "cargo vendor failed (it needs the crates.io registry the first time)"; }
    echo "$want" >"$stamp"
    vendor_note="$(since "$t_vendor")s"
    say "vendored in $vendor_note"
fi

# 3. Offline release build with Debian's cargo and rustc. Variables that would pull in the
#    other toolchain or change flags are cleared. Debian's cargo ignores the unknown
#    [resolver] key of .cargo/config.toml silently, so the tree builds as it is.
t_build=$(now)
env -u RUSTC_WRAPPER -u RUSTC_WORKSPACE_WRAPPER -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS \
    -u CARGO_BUILD_TARGET -u CARGO_TARGET_DIR -u CARGO_BUILD_RUSTC \
    RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
    /usr/bin/cargo build --release --locked --offline --bin ddz \
        --target "$TARGET" --target-dir "$DDZ_WIN_DIR/target" \
        --config 'source.crates-io.replace-with="vendored-sources"' \
        --config "source.vendored-sources.directory=\"$VENDOR\"" \
        --config "target.$TARGET.linker=\"x86_64-w64-mingw32-gcc\"" ||
    die "Debian cargo build for $TARGET failed"
build_s=$(since "$t_build")

# 4. Strip into place (atomically, so a half-written exe is never left behind).
x86_64-w64-mingw32-strip -o "$OUT.tmp" "$DDZ_WIN_DIR/target/$TARGET/release/ddz.exe"
mv -f "$OUT.tmp" "$OUT"

dlls=$(x86_64-w64-mingw32-objdump -p "$OUT" | awk '/DLL Name:/ { printf "%s ", $3 }')
size=$(stat -c %s "$OUT")
say "exe:        $OUT"
say "size:       $size bytes ($((size / 1024)) KiB, stripped)"
say "imports:    $dlls"
say "times:      apt ${APT_SECONDS}s, vendor $vendor_note, cargo build ${build_s}s, total $(since "$t_all")s"
