#!/usr/bin/env python3
"""Converts the 2019 team-format server's files (DIR: its logs and records, not kept in this
repository) into protocol transcripts (fixtures/transcripts/README.md): the engine's own logs as
they are, and the server's game records of table A as each process there saw them. Run from the
repository:

    python3 scripts/icga2019-transcripts.py DIR fixtures/transcripts

A record (`NN.pbn`) holds the three deals, the bids, the bottom (LEFTOVER), every play and the
GAMEOVER. The server (SPEC, "The 2019 team-format server") sends no handshake, asks every seat
to bid, and when A or C becomes landlord replaces the landlord's teammate by the other team's
spare process, which gets DEAL and all three bids; the process swapped out hears nothing more
of that game. So the seat-X file holds every game as the process first seated at X saw it, and
the spare file the games where a swap brought the spare in. The answers are the ones recorded
(informative only: the checker judges the engine's own answers).
"""
import os
import sys


def read_record(path):
    deals, bids, plays = {}, [], []
    leftover, winner = None, None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        word, rest = line.split(" ", 1)
        seat, arg = rest[0], rest[1:]
        if word == "DEAL":
            deals[seat] = arg
        elif word == "BID":
            bids.append((seat, arg))
        elif word == "LEFTOVER":
            leftover = rest
        elif word == "PLAY":
            plays.append((seat, arg))
        elif word == "GAMEOVER":
            winner = seat
    return deals, bids, leftover, plays, winner


def view(record, seat, spare):
    """The lines the process at `seat` (the spare, when `spare`) exchanged, or [] if none."""
    deals, bids, leftover, plays, winner = record
    landlord = leftover[0]
    teammate = {"A": "C", "C": "A"}.get(landlord)
    out = ["> DEAL %s%s" % (seat, deals[seat]), "< OK DEAL"]
    for s, w in bids:
        if s == seat and not spare:
            out += ["> BID WHAT", "< BID %s%s" % (s, w)]
        else:
            out += ["> BID %s%s" % (s, w), "< OK BID"]
    if seat == teammate and not spare:
        return out  # swapped out: the next line this process gets is a new DEAL
    out += ["> LEFTOVER %s" % leftover, "< OK LEFTOVER"]
    for s, cards in plays:
        if s == seat:
            out += ["> PLAY WHAT", "< PLAY %s%s" % (s, cards)]
        else:
            out += ["> PLAY %s%s" % (s, cards), "< OK PLAY"]
    out += ["> GAMEOVER %s" % winner, "< OK GAMEOVER"]
    return out


def main(src, dst):
    header = "# From the 2019 server's %s (not kept here) by scripts/icga2019-transcripts.py.\n"
    for name in ("engine-c1.log", "engine-c2.log"):
        lines = open(os.path.join(src, name), encoding="utf-8").read().splitlines()
        kept = [l for l in lines if l.startswith(("> ", "< ", "#"))]
        text = header % name
        text += "# This engine's own log on the 2019 team-format server: no handshake, cards in\n"
        text += "# random order, every seat asked to bid, DEAL without GAMEOVER after a swap.\n"
        text += "\n".join(kept) + "\n"
        out = "icga2019-" + name.replace(".log", ".txt")
        open(os.path.join(dst, out), "w", encoding="utf-8").write(text)
    table = os.path.join(src, "server-turn01-table-A")
    records = [read_record(os.path.join(table, f)) for f in sorted(os.listdir(table))]
    for who in ("A", "B", "C", "spare"):
        text = header % "game records of table A, turn 1"
        if who == "spare":
            text += "# The spare process of table A's first turn: brought in by the seat swap\n"
            text += "# (DEAL, then all three bids, its seat's own included, never asked).\n"
        else:
            text += "# The process seated at %s in every game of table A's first turn, as the\n" % who
            text += "# server's records show them (swapped out when its teammate became landlord).\n"
        for record in records:
            if who == "spare":
                landlord = record[2][0]
                seat = {"A": "C", "C": "A"}.get(landlord)
                if seat is None:
                    continue
                lines = view(record, seat, True)
            else:
                lines = view(record, who, False)
            text += "\n".join(lines) + "\n"
        out = "icga2019-table-A-%s.txt" % who
        open(os.path.join(dst, out), "w", encoding="utf-8").write(text)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
