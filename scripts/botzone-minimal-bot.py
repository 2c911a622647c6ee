#!/usr/bin/env python3
"""A minimal Botzone bot for 斗地主·改 (FightTheLandlord2), written apart from ddz: a second
program speaking Botzone's protocol, for the test host and `ddz arena` (`botzone:…`).

It reads {"requests": […], "responses": […]}, prints {"response": …} and Botzone's keep-running
marker, then answers each further request (one a line) until its input ends: started every
turn, it is a simple-interaction bot; kept alive, a keep-running one. It bids 1 with three or more 2s and jokers when nobody bid before, and plays
the lowest single on a lead, the lowest higher single on a single, the lowest higher pair on a
pair, and passes on anything else.
"""

import json
import sys

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def rank(card):
    """0 for a 3 … 12 for a 2, 13 the small joker, 14 the big one."""
    return card // 4 if card < 52 else card - 39


def respond(requests, responses):
    """The response to the last request."""
    last = requests[-1]
    if "history" not in last:
        strong = sum(1 for c in last["own"] if rank(c) >= 12)
        return 1 if strong >= 3 and not any(last["bid"]) else 0
    deal = next(r for r in requests if "history" in r and "own" in r)
    hand = set(deal["own"])
    if deal["landlord"] == deal["pos"]:
        hand |= set(deal["publiccard"])
    for request, response in zip(requests, responses):
        if "history" in request:
            hand -= set(response)
    before, previous = last["history"]
    target = previous or before
    by_rank = {}
    for c in sorted(hand):
        by_rank.setdefault(rank(c), []).append(c)
    if not target:
        return [min(hand, key=rank)]
    if len(target) == 1:
        higher = [c for c in hand if rank(c) > rank(target[0])]
        return [min(higher, key=rank)] if higher else []
    if len(target) == 2 and rank(target[0]) == rank(target[1]):
        pairs = [r for r, cs in by_rank.items() if len(cs) >= 2 and r > rank(target[0])]
        return by_rank[min(pairs)][:2] if pairs else []
    return []


def main():
    data = json.loads(sys.stdin.readline())
    requests, responses = data["requests"], data.get("responses", [])
    while True:
        response = respond(requests, responses)
        responses.append(response)
        print(json.dumps({"response": response}))
        print(KEEP_RUNNING, flush=True)
        line = sys.stdin.readline()
        if not line.strip():
            return
        requests.append(json.loads(line))


if __name__ == "__main__":
    main()
