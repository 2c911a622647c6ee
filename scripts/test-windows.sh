#!/usr/bin/env bash
# Test the Windows build of ddz under Wine. Runs from any cwd; exit status 0 only if every
# check that ran passed. Closes with "windows: N passed, N failed".
#
# Stages:
#  1. build  scripts/build-windows.sh, if build/windows/ddz.exe is missing or older than the
#            sources (src/, Cargo.toml, Cargo.lock, .cargo/) or DDZ_WIN_REBUILD=1.
#  2. wine   apt-get installs wine + wine64 if missing (64-bit only: no i386 architecture);
#            the prefix is build/windows/wineprefix, created on first use; a persistent
#            wineserver is kept for the run (and stopped at exit) so each start is fast.
#  3. launch the exe starts under Wine and exits 0 when stdin is at EOF (3 timed starts).
#  4. smoke  scripts/windows-smoke.py plays scripts/windows-smoke.session (the official
#            example, South seat, CRLF line ends) over pipes, interactive and batch.
#  5. seats  scripts/windows-seats.py starts three copies of the exe at once from one folder
#            with one ddz.cfg saved as Notepad saves it (byte-order mark, CRLF), from another
#            working directory as the platform does: each must answer NAME with the cfg's name,
#            and their one log must sit beside the exe, every line whole and tagged with its
#            process and seat, each process's lines exactly what it was sent and answered.
#  6. hooks  the engine's own test tools, run against the exe, when the Linux build of ddz has
#            them (its --help names the subcommand) - or always, when a command is given:
#              replay: $DDZ_HOST_BIN check-transcripts --engine "$DDZ_WIN_ENGINE --samples 4" fixtures/transcripts
#                      replays every transcript into the engine, checking every reply;
#              arena:  $DDZ_HOST_BIN arena --games $DDZ_WIN_ARENA_GAMES --duplicate --crlf --max-errors 0 --players "$DDZ_WIN_ENGINE --samples 4" builtin:greedy builtin:random
#                      a short match with the exe as an external player.
#            DDZ_WIN_ENGINE is a command line ("wine /abs/path/ddz.exe"): split it like a shell.
#            WINEPREFIX, WINEDEBUG and WINEDLLOVERRIDES are exported for the tools' children.
#
# Environment (all optional):
#  DDZ_WIN_EXE=PATH        test this exe instead of build/windows/ddz.exe (never rebuilt)
#  DDZ_WIN_REBUILD=1       always run the build script first
#  DDZ_WIN_ENGINE=CMD      engine command line for stages 4 and 6 (default: wine <the exe>)
#  DDZ_WIN_SMOKE=full|launch-only   launch-only skips stages 4-5 (loudly), e.g. before the
#                          engine speaks the protocol
#  DDZ_HOST_BIN=PATH       Linux ddz for the hooks (default target/release/ddz, built with the
#                          regular cargo when this variable is unset)
#  DDZ_WIN_HOOKS=auto|require|off   require: a hook whose tool is missing fails instead of
#                          being reported as skipped; off: no stage 6
#  DDZ_WIN_REPLAY_CMD, DDZ_WIN_ARENA_CMD   bash command lines replacing the defaults above (run
#                          in the repo root; may use $DDZ_HOST_BIN and $DDZ_WIN_ENGINE); when
#                          set, the hook runs without probing --help
#  DDZ_WIN_ARENA_GAMES=N   games in the arena hook (default 10, each played in all three seats)
#  DDZ_WIN_TIMEOUT=S       seconds allowed per reply in the smoke test (default 30)
set -euo pipefail
DDZ_LOG_TAG=test-windows
. "$(dirname "$(readlink -f "$0")")/windows-lib.sh"
cd "$DDZ_ROOT"

passed=0 failed=0 skipped=0
ok()   { passed=$((passed + 1)); say "PASS $*"; }
bad()  { failed=$((failed + 1)); say "FAIL $*"; }
skip() { skipped=$((skipped + 1)); say "SKIP $*"; }
finish() {
    say "times: ${timings[*]:-}"
    printf 'windows: %d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
    [ "$failed" -eq 0 ]
}
timings=()
t_all=$(now)

# 1. The exe.
if [ -n "${DDZ_WIN_EXE:-}" ]; then
    EXE=$(readlink -f "$DDZ_WIN_EXE")
    [ -f "$EXE" ] || die "DDZ_WIN_EXE=$DDZ_WIN_EXE does not exist"
else
    EXE="$DDZ_WIN_DIR/ddz.exe"
    why=""
    if [ "${DDZ_WIN_REBUILD:-0}" = 1 ]; then why="DDZ_WIN_REBUILD=1"
    elif [ ! -f "$EXE" ]; then why="no exe yet"
    elif [ -n "$(find src crates Cargo.toml Cargo.lock .cargo -newer "$EXE" -print -quit 2>/dev/null)" ]; then
        why="sources newer than the exe"
    fi
    if [ -n "$why" ]; then
        say "building the exe ($why)"
        t0=$(now)
        bash "$DDZ_ROOT/scripts/build-windows.sh" || die "scripts/build-windows.sh failed"
        timings+=("build=$(since "$t0")s")
    fi
fi
say "exe: $EXE ($(stat -c %s "$EXE") bytes)"

# 2. Wine: 64-bit only; wine (the /usr/bin/wine wrapper) + wine64 (the loader and libraries).
ensure_debian_pkgs wine wine64
[ "$APT_SECONDS" = 0 ] || timings+=("apt-wine=${APT_SECONDS}s")
command -v python3 >/dev/null || ensure_debian_pkgs python3
export WINEPREFIX="$DDZ_WIN_DIR/wineprefix"
export WINEDEBUG=-all
# No .NET or HTML engine in the prefix (they cannot be fetched, and a console exe needs neither).
export WINEDLLOVERRIDES="mscoree,mshtml="
export WINEARCH=win64
mkdir -p "$DDZ_WIN_DIR"
if [ ! -f "$WINEPREFIX/system.reg" ]; then
    say "creating the Wine prefix $WINEPREFIX"
    rm -rf "$WINEPREFIX"
    t0=$(now)
    # "failed to open ...syswow64\rundll32.exe" in this log is expected without wine32.
    { wineboot --init && wineserver --wait; } >"$DDZ_WIN_DIR/wineboot.log" 2>&1 ||
        { cat "$DDZ_WIN_DIR/wineboot.log" >&2; die "wineboot could not create $WINEPREFIX"; }
    [ -f "$WINEPREFIX/system.reg" ] || die "wineboot left no $WINEPREFIX/system.reg"
    timings+=("prefix=$(since "$t0")s")
fi
# One wineserver for the whole run, so that each engine start costs ~0.1 s, not ~0.5-3 s.
wineserver --persistent
trap 'wineserver --kill >/dev/null 2>&1 || true' EXIT
DDZ_WIN_ENGINE="${DDZ_WIN_ENGINE:-wine $(printf %q "$EXE")}"
export DDZ_WIN_ENGINE

# 3. Launch: starts and stops cleanly with stdin at EOF.
starts=()
launch_ok=1
for i in 1 2 3; do
    t0=$(now)
    set +e
    timeout 60 wine "$EXE" </dev/null >"$DDZ_WIN_DIR/launch.out" 2>"$DDZ_WIN_DIR/launch.err"
    rc=$?
    set -e
    starts+=("$(since "$t0")s")
    if [ "$rc" -ne 0 ]; then
        launch_ok=0
        bad "launch: wine $EXE </dev/null exited with $rc (124 = timed out); stderr:"
        tail -n 20 "$DDZ_WIN_DIR/launch.err" >&2
        break
    fi
done
[ "$launch_ok" = 1 ] && ok "launch: exe runs under Wine and exits 0 at end of input"
timings+=("starts=$(IFS=,; echo "${starts[*]}")")

# 4. Smoke: the official example over pipes.
if [ "${DDZ_WIN_SMOKE:-full}" = launch-only ]; then
    skip "smoke: DDZ_WIN_SMOKE=launch-only, the protocol was not checked"
else
    t0=$(now)
    if python3 "$DDZ_ROOT/scripts/windows-smoke.py" --engine "$DDZ_WIN_ENGINE" \
        --timeout "${DDZ_WIN_TIMEOUT:-30}" "$DDZ_ROOT/scripts/windows-smoke.session"; then
        ok "smoke: protocol session under Wine"
    else
        bad "smoke: protocol session under Wine (see the FAIL lines above)"
    fi
    timings+=("smoke=$(since "$t0")s")
fi

# 5. Seats: three processes, one folder, one cfg with a byte-order mark, started elsewhere.
if [ "${DDZ_WIN_SMOKE:-full}" = launch-only ]; then
    skip "seats: DDZ_WIN_SMOKE=launch-only, the platform's set-up was not checked"
else
    t0=$(now)
    if python3 "$DDZ_ROOT/scripts/windows-seats.py" --exe "$EXE" --runner wine \
        --work "$DDZ_WIN_DIR/seats"; then
        ok "seats: three seats from one folder and one ddz.cfg under Wine"
    else
        bad "seats: three seats from one folder and one ddz.cfg under Wine (see the FAIL lines above)"
    fi
    timings+=("seats=$(since "$t0")s")
fi

# 6. Hooks: the engine's replay and arena tools, hosting the exe.
hooks="${DDZ_WIN_HOOKS:-auto}"
missing_tool() {  # missing_tool WHAT: skip in auto mode, fail in require mode
    if [ "$hooks" = require ]; then bad "$1"; else skip "$1"; fi
}
host_has() {  # host_has SUBCOMMAND: the Linux ddz names it in its help
    { "$DDZ_HOST_BIN" --help 2>&1 || true; } | grep -qw -- "$1"
}
run_hook() {  # run_hook NAME COMMAND
    say "$1: $2"
    local t0
    t0=$(now)
    if bash -c "$2"; then ok "$1 hook"; else bad "$1 hook (exit $?)"; fi
    timings+=("$1=$(since "$t0")s")
}
if [ "$hooks" != off ]; then
    if [ -z "${DDZ_HOST_BIN:-}" ]; then
        DDZ_HOST_BIN="$DDZ_ROOT/target/release/ddz"
        # The regular toolchain (not Debian's): this is the Linux build the tests also use.
        host_cargo=$(regular_cargo)
        if [ -n "$host_cargo" ]; then
            "$host_cargo" build --release --locked --bin ddz -q || bad "cargo build --release of the Linux ddz"
        fi
    fi
    export DDZ_HOST_BIN
    if [ ! -x "$DDZ_HOST_BIN" ] && [ -z "${DDZ_WIN_REPLAY_CMD:-}${DDZ_WIN_ARENA_CMD:-}" ]; then
        missing_tool "hooks: no Linux ddz at $DDZ_HOST_BIN"
    else
        if [ -n "${DDZ_WIN_REPLAY_CMD:-}" ]; then
            run_hook replay "$DDZ_WIN_REPLAY_CMD"
        elif ! host_has check-transcripts; then
            missing_tool "replay: ddz has no check-transcripts subcommand yet"
        elif ! compgen -G "fixtures/transcripts/*" >/dev/null; then
            missing_tool "replay: no transcripts in fixtures/transcripts"
        else
            # A small fixed search budget: every transcript's questions are answered by the
            # thinking player's code path without a second of thinking each.
            run_hook replay '"$DDZ_HOST_BIN" check-transcripts --engine "$DDZ_WIN_ENGINE --samples 4" fixtures/transcripts'
        fi
        export DDZ_WIN_ARENA_GAMES="${DDZ_WIN_ARENA_GAMES:-10}"
        if [ -n "${DDZ_WIN_ARENA_CMD:-}" ]; then
            run_hook arena "$DDZ_WIN_ARENA_CMD"
        elif ! host_has arena; then
            missing_tool "arena: ddz has no arena subcommand yet"
        else
            run_hook arena '"$DDZ_HOST_BIN" arena --games "$DDZ_WIN_ARENA_GAMES" --duplicate --crlf --max-errors 0 --players "$DDZ_WIN_ENGINE --samples 4" builtin:greedy builtin:random'
        fi
    fi
fi

timings+=("total=$(since "$t_all")s")
finish
