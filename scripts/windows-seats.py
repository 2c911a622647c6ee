#!/usr/bin/env python3
"""Three seats from one folder, the way the platform starts them, and their shared log.

Usage: windows-seats.py --exe build/windows/ddz.exe [--runner wine] [--work DIR] [--games N]

The exe is copied into WORK/team/ with a ddz.cfg saved as Notepad saves it (a UTF-8 byte-order
mark, CRLF line ends, a Chinese comment, one line the engine cannot read, `log = ddz.log`).
Three engine processes are started at once from WORK/platform/ (a working directory that is
not the exe's folder, as on the platform), one per seat, each sent GAMES quick games (a deal,
a bid, the end) in one go. Checks:
  - every process answers DOUDIZHUVER with the cfg's name and exits with 0 at end of input;
  - the log is WORK/team/ddz.log, beside the exe, and nothing is written in WORK/platform/;
  - every log line is whole and tagged `[PID SEAT] `, three processes in all;
  - each process's lines (found by its tag) are exactly what it was sent (`> `) and answered
    (`< `), in order, tagged `-` before its first DEAL and with its seat from it on;
  - the cfg line it cannot read is in each process's log lines (the platform shows no stderr).
Prints one PASS/FAIL line per check and a closing "N passed, N failed"; exit 1 on failure.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import threading

from check_tally import Tally

NAME = "SeatsTeam"
CFG = (
    "\ufeff# 参赛队伍的设置\r\n"
    f"name = {NAME}\r\n"
    "log = ddz.log      # 日志, beside the exe\r\n"
    "samples = 4\r\n"
    "colour = red\r\n"
)
BAD_LINE = "ddz.cfg line 5: unknown key 'colour'"
TAG = re.compile(r"\[(\d+) ([ABC-])\] ([<>#!]) (.*)")
SEATS = "ABC"


def seat_lines(seat, games):
    """What the platform sends one seat: the handshake, then quick games."""
    lines = ["DOUDIZHUVER 1.0", "INFO 1,4,1,6,9,2100,15"]
    offset = 17 * SEATS.index(seat)
    for game in range(games):
        cards = ",".join(str((game * 7 + offset + i) % 54) for i in range(17))
        lines += [f"DEAL {seat}{cards}", "BID WHAT", f"GAMEOVER {seat}"]
    return lines


def run_seats(argv, cwd, games, timeout):
    """Starts one process per seat at once; (sent lines, stdout, stderr, exit code) each."""
    procs = {}
    for seat in SEATS:
        procs[seat] = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    results = {}

    def talk(seat):
        sent = seat_lines(seat, games)
        data = "".join(line + "\r\n" for line in sent).encode()
        try:
            out, err = procs[seat].communicate(data, timeout=timeout)
            code = procs[seat].returncode
        except subprocess.TimeoutExpired:
            procs[seat].kill()
            out, err = procs[seat].communicate()
            code = None
        results[seat] = (sent, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                         code)

    threads = [threading.Thread(target=talk, args=(seat,)) for seat in SEATS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exe", required=True, help="the engine executable to copy")
    ap.add_argument("--runner", default="", help="command line to run it with, e.g. wine")
    ap.add_argument("--work", help="folder for team/ and platform/ (default: a temporary one)")
    ap.add_argument("--games", type=int, default=100, help="games per seat")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds allowed per process")
    args = ap.parse_args()

    work = args.work or tempfile.mkdtemp(prefix="ddz-seats-")
    team, platform = os.path.join(work, "team"), os.path.join(work, "platform")
    shutil.rmtree(team, ignore_errors=True)
    shutil.rmtree(platform, ignore_errors=True)
    os.makedirs(team)
    os.makedirs(platform)
    exe = os.path.join(team, os.path.basename(args.exe))
    shutil.copy(args.exe, exe)
    with open(os.path.join(team, "ddz.cfg"), "wb") as f:
        f.write(CFG.encode("utf-8"))
    argv = shlex.split(args.runner) + [os.path.abspath(exe)]

    tally = Tally()
    results = run_seats(argv, platform, args.games, args.timeout)
    for seat in SEATS:
        _, out, err, code = results[seat]
        first = out.splitlines()[0] if out else ""
        tally.check(first == f"NAME {NAME}", f"seat {seat}: NAME from the cfg (got {first!r})")
        if not tally.check(code == 0, f"seat {seat}: exits with 0 at end of input (got {code})"):
            print("  stderr:\n  " + "\n  ".join(err.splitlines()[-20:]))

    stray = os.listdir(platform)
    tally.check(not stray, f"nothing written in the working directory (found {stray})")
    log_path = os.path.join(team, "ddz.log")
    if not tally.check(os.path.isfile(log_path), f"the log is beside the exe ({log_path})"):
        return finish(tally)
    with open(log_path, encoding="utf-8", errors="replace", newline="") as f:
        raw = f.read().split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    parsed = [TAG.fullmatch(line) for line in raw]
    torn = [line for line, m in zip(raw, parsed) if m is None]
    tally.check(not torn, f"every one of {len(raw)} log lines is whole and tagged"
                + (f" (first bad: {torn[0]!r})" if torn else ""))
    by_process = {}
    for m in parsed:
        if m:
            by_process.setdefault(m.group(1), []).append((m.group(2), m.group(3), m.group(4)))
    tally.check(len(by_process) == 3, f"three processes in the log (found {len(by_process)})")

    for pid, lines in sorted(by_process.items()):
        received = [text for _, kind, text in lines if kind == ">"]
        deal = next((t for t in received if t.startswith("DEAL ")), "DEAL ?")
        seat = deal[5]
        if seat not in results:
            tally.check(False, f"process {pid}: no DEAL for a seat in its lines")
            continue
        sent, out, _, _ = results[seat]
        who = f"process {pid} (seat {seat})"
        tally.check(received == sent, f"{who}: its '>' lines are what it was sent")
        answered = [text for _, kind, text in lines if kind == "<"]
        tally.check(answered == out.splitlines(), f"{who}: its '<' lines are what it answered")
        dealt = next(i for i, (_, kind, t) in enumerate(lines) if kind == ">" and t == deal)
        tags = "".join(s for s, _, _ in lines)
        tally.check(tags == "-" * dealt + seat * (len(lines) - dealt),
                    f"{who}: tagged '-' before its first DEAL, {seat} from it on")
        problems = [text for _, kind, text in lines if kind == "!"]
        tally.check(any(p.startswith(BAD_LINE) for p in problems),
                    f"{who}: the cfg line it cannot read is in the log ({problems[:1]})")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return finish(tally)


def finish(tally):
    tally.finish()


if __name__ == "__main__":
    main()
