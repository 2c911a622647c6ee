#!/usr/bin/env bash
# The browser pages in a real browser: Chromium and its driver from Debian's packages (no
# browser is downloaded at test time), driven by Selenium (python3-selenium, Debian's, run by
# Debian's own /usr/bin/python3). scripts/browser_test.py opens a `ddz replay --html` page and
# plays a whole game through `ddz serve` by clicking, checking both against the logs, and writes
# screenshots of both pages at two window sizes under target/browser/.
set -euo pipefail
DDZ_LOG_TAG=browser
. "$(dirname "$(readlink -f "$0")")/windows-lib.sh"
cd "$DDZ_ROOT"

ensure_debian_pkgs chromium chromium-driver python3-selenium
cargo build --release --quiet
rm -rf target/browser && mkdir -p target/browser
/usr/bin/python3 scripts/browser_test.py --ddz target/release/ddz --out target/browser
