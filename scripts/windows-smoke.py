#!/usr/bin/env python3
"""Play a scripted protocol session against an engine command and check every reply.

Usage: windows-smoke.py --engine "wine build/windows/ddz.exe" SESSION [--lf] [--timeout S]

SESSION lines: "> TEXT" is sent, "< REGEX" must fully match the next reply line.
Two runs are made on fresh engine processes:
  interactive  one line sent, its reply awaited, then the next (how a host plays);
  batch        every line written and stdin closed first, then all replies read
               (catches engines that stop at EOF before answering what they read).
After each run stdin is closed and the engine must exit with code 0.
Prints one PASS/FAIL line per check and a closing "N passed, N failed"; exit 1 on failure.
"""
import argparse
import queue
import re
import shlex
import subprocess
import sys
import threading
import time

import check_tally


def load_session(path):
    steps = []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\r\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line[:2] == "> ":
                steps.append(("send", line[2:], n))
            elif line[:2] == "< ":
                steps.append(("expect", re.compile(line[2:]), n))
            else:
                sys.exit(f"{path}:{n}: line must start with '> ' or '< ': {line!r}")
    return steps


class Engine:
    def __init__(self, argv):
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._drain_err, daemon=True).start()

    @staticmethod
    def _pump(stream, q):
        for raw in iter(stream.readline, b""):
            q.put(raw)
        q.put(None)  # EOF

    def _drain_err(self):
        for raw in iter(self.proc.stderr.readline, b""):
            self.stderr.append(raw.decode("utf-8", "replace").rstrip())

    def send(self, text, eol):
        self.proc.stdin.write(text.encode("utf-8") + eol)
        self.proc.stdin.flush()

    def close_stdin(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass

    def reply(self, timeout):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return "timeout"

    def finish(self, timeout):
        self.close_stdin()
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


class Tally(check_tally.Tally):
    """The checks, and the reply line ends seen (the platform's are CRLF)."""

    def __init__(self):
        super().__init__()
        self.crlf = self.lf = 0


def expect(engine, pattern, n, mode, timeout, tally):
    raw = engine.reply(timeout)
    if raw is None or raw == "timeout":
        why = "engine closed stdout" if raw is None else f"no reply within {timeout}s"
        return tally.check(False, f"[{mode}] line {n}: /{pattern.pattern}/: {why}")
    if raw.endswith(b"\r\n"):
        tally.crlf += 1
    else:
        tally.lf += 1
    text = raw.decode("utf-8", "replace").rstrip("\r\n")
    return tally.check(pattern.fullmatch(text) is not None,
                       f"[{mode}] line {n}: /{pattern.pattern}/ got {text!r}")


def run(argv, steps, mode, eol, timeout, tally):
    engine = Engine(argv)
    ok = True
    if mode == "batch":
        try:
            for kind, val, _ in steps:
                if kind == "send":
                    engine.send(val, eol)
        except BrokenPipeError:
            pass  # the engine quit early: the missing replies below will tell
        engine.close_stdin()
    for kind, val, n in steps:
        if kind == "send" and mode == "interactive":
            try:
                engine.send(val, eol)
            except BrokenPipeError:
                ok = tally.check(False, f"[{mode}] line {n}: engine stopped reading") and ok
                break
        elif kind == "expect":
            if not expect(engine, val, n, mode, timeout, tally):
                ok = False
                break
    code = engine.finish(timeout)
    ok = tally.check(code == 0, f"[{mode}] engine exits with 0 at end of input (got {code})") and ok
    if ok:
        # The protocol allows exactly one reply line per message: nothing may follow.
        extra = []
        while True:
            raw = engine.reply(5.0)
            if raw is None or raw == "timeout":
                break
            extra.append(raw)
        ok = tally.check(not extra, f"[{mode}] no output beyond the expected replies"
                         + (f" (got {extra[:3]!r})" if extra else ""))
    print(f"note [{mode}]: session took {time.monotonic() - engine.t0:.2f}s", flush=True)
    if not ok and engine.stderr:
        print(f"engine stderr [{mode}]:\n  " + "\n  ".join(engine.stderr[-20:]))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True, help="engine command line (split like a shell)")
    ap.add_argument("session")
    ap.add_argument("--lf", action="store_true", help="send LF instead of CRLF line ends")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds to wait per reply")
    args = ap.parse_args()
    steps = load_session(args.session)
    argv = shlex.split(args.engine)
    eol = b"\n" if args.lf else b"\r\n"
    tally = Tally()
    for mode in ("interactive", "batch"):
        run(argv, steps, mode, eol, args.timeout, tally)
    print(f"note: reply line ends seen: {tally.crlf} CRLF, {tally.lf} LF")
    tally.finish()


if __name__ == "__main__":
    main()
