# Shared helpers for scripts/build-windows.sh and scripts/test-windows.sh.
# Sourced, not run. Expects `set -euo pipefail` in the caller.

# Repo root from this file's own location, so the scripts work from any cwd.
DDZ_ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
DDZ_WIN_DIR="$DDZ_ROOT/build/windows"

say() { printf '[%s] %s\n' "${DDZ_LOG_TAG:-windows}" "$*"; }
die() { printf '[%s] ERROR: %s\n' "${DDZ_LOG_TAG:-windows}" "$*" >&2; exit 1; }

# Seconds since the epoch with fractions, and a difference in seconds.
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# The regular (rustup) cargo, not Debian's (also reachable as /bin/cargo): Debian's 1.65 knows
# only the git index of crates.io, which this network cannot reach. Prints nothing if none.
regular_cargo() {
    local c
    for c in $(type -ap cargo) "$HOME/.cargo/bin/cargo"; do
        if [ -x "$c" ] && [ "$(readlink -f "$c")" != /usr/bin/cargo ]; then echo "$c"; return; fi
    done
}

pkg_installed() {
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

# ensure_debian_pkgs PKG...: install those not yet installed, or fail loudly.
# apt-get update runs first (a fresh machine has no usable package lists).
# Sets APT_SECONDS to the time spent (0 when nothing was missing).
ensure_debian_pkgs() {
    APT_SECONDS=0
    local missing=() p
    for p in "$@"; do pkg_installed "$p" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null || die "missing Debian packages (${missing[*]}) and no apt-get on this machine"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || die "missing Debian packages (${missing[*]}); run as root or install them by hand"
        sudo=(sudo -n)
    fi
    say "installing Debian packages: ${missing[*]}"
    local t0 log="${TMPDIR:-/tmp}/ddz-apt.$$.log"
    t0=$(now)
    # Wait for a dpkg lock held by someone else rather than failing at once.
    if ! { "${sudo[@]}" apt-get -q -o DPkg::Lock::Timeout=300 update &&
           DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -q -y \
               -o DPkg::Lock::Timeout=300 install --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
        tail -n 30 "$log" >&2
        die "apt-get could not install: ${missing[*]} (full log: $log)"
    fi
    for p in "${missing[@]}"; do
        pkg_installed "$p" || die "package $p still not installed after apt-get (log: $log)"
    done
    rm -f "$log"
    APT_SECONDS=$(since "$t0")
    say "apt-get install took ${APT_SECONDS}s"
}
