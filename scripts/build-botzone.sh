#!/usr/bin/env bash
# The Botzone upload (docs/botzone.md): a statically linked Linux x86-64 `ddz` built for the
# musl target, copied to build/botzone/ddz, with its size and start-up time (the median wall
# time of 20 runs answering a bidding request, as Botzone starts a bot every turn) printed.
# Needs rustup (the musl target is added if missing; Rust ships musl's C library with it).
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-unknown-linux-musl
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
fi
cargo build --release --quiet --target "$target"
mkdir -p build/botzone
cp "target/$target/release/ddz" build/botzone/ddz
strip build/botzone/ddz 2>/dev/null || true
bin=build/botzone/ddz
if command -v file >/dev/null 2>&1; then
    file "$bin" | grep -q 'statically linked\|static-pie linked' || {
        echo "build-botzone: $bin is not statically linked: $(file "$bin")" >&2
        exit 1
    }
fi
request='{"requests":[{"own":[0,4,8,12,16,20,24,28,32,36,40,44,48,1,5,9,52],"bid":[]}],"responses":[]}'
echo "$request" | "$bin" botzone | grep -q '"response"' || { echo "build-botzone: no answer" >&2; exit 1; }
python3 - "$bin" "$request" <<'EOF'
import os, statistics, subprocess, sys, time
binary, request = sys.argv[1], sys.argv[2] + "\n"
times = []
for _ in range(20):
    start = time.perf_counter()
    subprocess.run([binary, "botzone"], input=request, capture_output=True, text=True, check=True)
    times.append(time.perf_counter() - start)
print("%s: %.1f MB, statically linked; a bidding turn from process start: median %.1f ms, "
      "max %.1f ms (20 runs, load average %s)" % (
          binary, os.path.getsize(binary) / 1e6, 1000 * statistics.median(times),
          1000 * max(times), " ".join("%.2f" % l for l in os.getloadavg())))
EOF
