#!/usr/bin/env python3
"""A Botzone host: runs Botzone's own judge of 斗地主·改 (FightTheLandlord2.py, GPL, kept
outside this repository: ../shared/platform/botzone/) with three bots speaking Botzone's
protocol, over seeded games, as Botzone's own loop does (the judge's README describes it).

The judge is stateless: each call reads the log so far and prints the next request or the
final scores. Starting Python and numpy for each of its ~60 calls a game would take most of a
test's time, so the host loads the judge's program once and runs its main() in-process for
each call, with a fresh copy of its module state, its output captured and its exit caught:
the same program on the same input.

Every game is written as one JSON line (the deal, the bids, the plays, the judge's scores)
for `ddz botzone check`, which judges and scores them again by our rules. Prints each bot's
reply times (median, p99, max, from the request sent to the answer read: the process start
included when started every turn), the machine's load and the bots' peak memory. Exit status 1 when
the judge reported an error for any bot, or a bot failed to answer.

usage: botzone-host.py [--judge FILE] --games N [--seed S] [--keep-running] --out FILE
                       --bot CMD [--bot CMD --bot CMD]   (one command: all three seats)
       botzone-host.py [--judge FILE] --readings N --ddz BINARY [--seed S]
The second form draws N card sets (runs, repeated ranks, kickers, jokers), reads each with the
judge's own checkPokerType and with `ddz botzone read`, and fails on any difference of kind,
lowest body rank or number of body ranks.
"""

import argparse
import contextlib
import copy
import io
import json
import os
import random
import resource
import shlex
import statistics
import subprocess
import sys
import time

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
TURN_LIMIT = 5.0  # seconds before a bot is declared late (the measured times are reported)


class Judge:
    """Botzone's judge program, loaded once, run once per call."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.code = compile(f.read(), path, "exec")

    def __call__(self, full_input):
        # The program's own __main__ block: a fresh module, `errored` from the log, then main.
        module = {"__name__": "botzone_judge"}
        exec(self.code, module)
        full_input = copy.deepcopy(full_input)
        for x in full_input["log"]:
            if "output" in x and "display" in x["output"] and "errored" in x["output"]["display"]:
                module["errored"] = x["output"]["display"]["errored"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                module["main"](full_input)
            except SystemExit:
                pass
        lines = [l for l in out.getvalue().splitlines() if l.strip()]
        if not lines:
            raise RuntimeError("the judge printed nothing")
        return json.loads(lines[0])


class Bot:
    """One seat's bot: started every turn, or kept running for the game."""

    def __init__(self, command, keep_running, times):
        self.command = shlex.split(command)
        times = times.setdefault(command, [])
        self.keep_running = keep_running
        self.times = times
        self.requests, self.responses = [], []
        self.process = None

    def ask(self, request):
        self.requests.append(request)
        start = time.perf_counter()
        if self.keep_running and self.process is not None:
            line = json.dumps(request)
        else:
            line = json.dumps({"requests": self.requests, "responses": self.responses})
        if self.keep_running:
            if self.process is None:
                self.process = subprocess.Popen(
                    self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL, text=True, bufsize=1)
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            answer = self.process.stdout.readline()
            marker = self.process.stdout.readline().strip()
            if marker != KEEP_RUNNING:
                raise RuntimeError("no keep-running marker after %r (got %r)" % (answer, marker))
        else:
            done = subprocess.run(self.command, input=line + "\n", capture_output=True,
                                  text=True, timeout=TURN_LIMIT)
            answer = done.stdout.splitlines()[0] if done.stdout.strip() else ""
        self.times.append(time.perf_counter() - start)
        response = json.loads(answer)["response"]
        self.responses.append(response)
        return response

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(timeout=10)
            self.process = None


def play_game(judge, commands, seed, keep_running, times):
    """One seeded game; returns its record, or raises on any error."""
    bots = [Bot(c, keep_running, times) for c in commands]
    init = {"seed": str(seed)}
    log = []
    record = {"seed": seed, "bids": [], "plays": []}
    try:
        while True:
            out = judge({"log": log, "initdata": init})
            errored = out.get("display", {}).get("errored")
            if errored and any(errored):
                raise RuntimeError("the judge reports errors: %s" % errored)
            if "initdata" in out and not log:
                init = out["initdata"]
                record["allocation"] = init["allocation"]
                record["publiccard"] = init["publiccard"]
            if out["command"] == "finish":
                record["scores"] = out["content"]
                return record
            log.append({"output": out})
            ((seat, request),) = out["content"].items()
            response = bots[int(seat)].ask(request)
            (record["plays"] if "history" in request else record["bids"]).append(response)
            log.append({seat: {"verdict": "OK", "response": response}})
    finally:
        for b in bots:
            b.close()


# The judge's names of plays, as `ddz botzone read` spells them.
KINDS = {
    "单张": "Single", "一对": "Pair", "火箭": "Rocket", "炸弹": "Bomb", "单顺": "Straight",
    "双顺": "PairStraight", "三带零": "Triple", "三带一": "TripleSingle", "三带二": "TriplePair",
    "四带两只": "FourSingles", "四带两对": "FourPairs", "飞机不带翼": "Plane",
    "飞机带小翼": "PlaneSingles", "飞机带大翼": "PlanePairs", "航天飞机不带翼": "Shuttle",
    "航天飞机带小翼": "ShuttleSingles", "航天飞机带大翼": "ShuttlePairs",
}


def random_play(rng):
    """A card set shaped like plays: a chain of 1 to 4 cards a rank with kickers (some of them
    clashing with it), or a few ranks near each other each 1 to 4 times; jokers now and then."""
    counts = {}
    if rng.random() < 0.6:
        width, links = rng.randint(1, 4), rng.randint(1, 7)
        low = rng.randrange(13)
        for r in range(low, min(13, low + links)):
            counts[r] = width
        for _ in range(rng.choice([0, 0, 1, 2, 2, 3, 4])):
            r = rng.randrange(13)
            counts[r] = min(4, counts.get(r, 0) + rng.choice([1, 1, 2]))
    else:
        low = rng.randrange(13)
        for _ in range(rng.randint(1, 8)):
            r = min(12, low + rng.randrange(5)) if rng.random() < 0.8 else rng.randrange(13)
            counts[r] = min(4, counts.get(r, 0) + rng.randint(1, 4))
    cards = [4 * r + s for r, n in counts.items() for s in range(n)]
    cards += [j for j in (52, 53) if rng.random() < 0.1]
    return sorted(cards)[:20]


def compare_readings(judge_path, n, seed, ddz):
    module = {"__name__": "botzone_judge"}
    with open(judge_path, encoding="utf-8") as f:
        exec(compile(f.read(), judge_path, "exec"), module)
    rng = random.Random(seed)
    plays = [random_play(rng) for _ in range(n)]
    ours = subprocess.run([ddz, "botzone", "read"], input="".join(json.dumps(p) + "\n" for p in plays),
                          capture_output=True, text=True, check=True).stdout.splitlines()
    differ, kinds = 0, {}
    for play, our in zip(plays, ours):
        kind, main, _ = module["checkPokerType"](list(play))
        if kind == "错误":
            theirs = "none"
        else:
            points = sorted({module["convertToPoint"](c) - 3 for c in main})
            theirs = "%s %d %d" % (KINDS[kind], points[0], len(points))
        kinds[theirs.split()[0]] = kinds.get(theirs.split()[0], 0) + 1
        if theirs != our:
            differ += 1
            if differ <= 10:
                print("%s: the judge reads %s, we read %s" % (play, theirs, our), file=sys.stderr)
    print("%d card sets read by the judge and by ddz botzone read: %d differ; kinds %s"
          % (len(plays), differ, dict(sorted(kinds.items()))))
    return differ == 0 and len(ours) == len(plays)


# Where the judge goes in a clone (git ignores it: it is GPL, a test instrument, not ours).
DEFAULT_JUDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "judge",
                             "FightTheLandlord2.py")

# Where it comes from: Botzone's public repository of its games' judges.
JUDGE_SOURCE = ("https://github.com/ailab-pku/botzone-local, file "
                "botzone/online/game/FightTheLandlord2.py36 (GPL-3.0)")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--judge", default=DEFAULT_JUDGE,
                   help="Botzone's judge program (default: judge/FightTheLandlord2.py in the clone)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keep-running", action="store_true")
    p.add_argument("--bot", action="append")
    p.add_argument("--out")
    p.add_argument("--readings", type=int)
    p.add_argument("--ddz")
    a = p.parse_args()
    if not os.path.isfile(a.judge):
        print("botzone-host.py: no Botzone judge at %s.\nGet it from %s,\nsave it as %s "
              "(or pass --judge FILE), and install numpy, which it imports."
              % (os.path.normpath(a.judge), JUDGE_SOURCE, os.path.normpath(DEFAULT_JUDGE)),
              file=sys.stderr)
        sys.exit(2)
    if a.readings:
        sys.exit(0 if compare_readings(a.judge, a.readings, a.seed, a.ddz) else 1)
    if not a.bot or not a.out:
        p.error("--bot and --out are needed to play games")
    commands = a.bot * 3 if len(a.bot) == 1 else a.bot
    if len(commands) != 3:
        p.error("give one --bot for all seats, or three")
    judge = Judge(a.judge)
    times, totals, failures = {}, [0, 0, 0], 0
    with open(a.out, "w") as out:
        for g in range(a.games):
            seed = a.seed + g
            try:
                record = play_game(judge, commands, seed, a.keep_running, times)
            except Exception as e:  # noqa: BLE001 - every failure is reported and counted
                failures += 1
                print("game with seed %d: %s" % (seed, e), file=sys.stderr)
                continue
            out.write(json.dumps(record) + "\n")
            for i in range(3):
                totals[i] += record["scores"][str(i)]
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    mode = "kept running" if a.keep_running else "started every turn"
    print("%d games (%s), %d failed; judge's seat totals %s; peak bot memory %.1f MB; "
          "load average %s" % (a.games, mode, failures, totals, peak_mb,
                               " ".join("%.2f" % l for l in os.getloadavg())))
    for command, replies in times.items():
        replies.sort()
        if replies:
            p99 = replies[min(len(replies) - 1, int(len(replies) * 0.99))]
            print("  %s: %d replies, median %.3f s, p99 %.3f s, max %.3f s" % (
                command, len(replies), statistics.median(replies), p99, replies[-1]))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
