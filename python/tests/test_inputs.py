"""Every bad input a ValueError that names it (issue 67): ints read as ``operator.index`` reads
them (numpy ints taken wherever an int is, bools, floats and strings not), out of range or not
an int at all refused with the argument's name and the value given, never an OverflowError or a
TypeError; the card codes a hand lacks named; the classes documented."""

import numpy as np
import pytest

import ddz


def bidding_game() -> ddz.Game:
    return ddz.Game(seed=3, bidding=True)


def playing_game() -> ddz.Game:
    return ddz.Game(seed=3, landlord=1)


# (what is called, the words its ValueError must hold): each raised OverflowError (or a
# TypeError, or was taken) in 0.4.0.
REFUSED = [
    (lambda: bidding_game().step(10**30), "bid 1000000000000000000000000000000 is not an int"),
    (lambda: bidding_game().step(2**64 + 1), "bid 18446744073709551617"),
    (lambda: playing_game().step_index(-1), "index -1 is not an int from 0 to"),
    (lambda: playing_game().step_index(10**30), "index 1000000000000000000000000000000"),
    (lambda: ddz.Game(seed=-1), "seed -1 is not an int from 0 to 2**64 - 1"),
    (lambda: ddz.Game(seed=2**64), "seed 18446744073709551616"),
    (lambda: ddz.Game(deal=-1), "deal -1 is not an int"),
    (lambda: ddz.Game(landlord=10**30), "seat 1000000000000000000000000000000 is not an int"),
    (lambda: ddz.Game(landlord=-1), "seat -1"),
    (lambda: playing_game().observation(10**30), "seat 1000000000000000000000000000000"),
    (lambda: playing_game().step((), seat=-(10**30)), "seat -1000000000000000000000000000000"),
    (lambda: ddz.Agent("builtin:rules", seed=-1), "seed -1"),
    (lambda: ddz.Agent("builtin:rules", seed=10**30), "seed 1000000000000000000000000000000"),
    # Not ints: a float, a string, a bool where an int is due.
    (lambda: ddz.Game(seed=1.5), "seed 1.5 is not an int"),
    (lambda: ddz.Game(seed="7"), "seed '7' is not an int"),
    (lambda: ddz.Game(seed=True), "seed True is not an int"),
    (lambda: ddz.Game(deal=np.float64(2.0)), "deal np.float64(2.0) is not an int"),
    (lambda: playing_game().step_index(1.0), "index 1.0 is not an int"),
    (lambda: playing_game().step_index("3"), "index '3' is not an int"),
    (lambda: playing_game().step_index(True), "index True is not an int"),
    (lambda: playing_game().observation("1"), "seat '1' is not an int"),
    (lambda: bidding_game().step(np.int64(7)), "bid np.int64(7) is not an int from 0 to 3"),
    (lambda: playing_game().step((np.int64(54),)), "play: card code np.int64(54) is not an int"),
    (lambda: ddz.parse_cards([3, 54]), "cards: card code 54 is not an int from 0 to 53"),
    (lambda: ddz.parse_cards([3, 10**30]), "card code 1000000000000000000000000000000"),
]


@pytest.mark.parametrize("call, words", REFUSED, ids=[w for _, w in REFUSED])
def test_a_bad_int_is_a_value_error_naming_it(call, words):
    with pytest.raises(ValueError) as e:
        call()
    assert type(e.value) is ValueError and words in str(e.value), str(e.value)


def test_an_index_past_the_last_says_the_range_in_pythons_words():
    g = playing_game()
    n = g.legal_action_count()
    with pytest.raises(ValueError) as e:
        g.step_index(n)
    assert f"index {n} is not an int from 0 to {n - 1}" == str(e.value)
    assert ".." not in str(e.value)


def test_cards_of_held_ranks_in_other_suits_are_named():
    """A play of ranks the seat holds but suits it does not: the codes it lacks are named."""
    g = playing_game()
    hand = set(g.hands[g.to_move])
    # A card of the hand swapped for a code of the same rank (codes 4r..4r+3) it lacks.
    for card in sorted(c for c in hand if c < 52):
        others = [c for c in range(card // 4 * 4, card // 4 * 4 + 4) if c not in hand]
        if others:
            break
    before = g.observation()
    with pytest.raises(ValueError) as e:
        g.step((others[0],))
    said = str(e.value)
    assert f"card codes [{others[0]}]" in said and "those very cards" not in said, said
    assert g.observation() == before


def same_game(a: ddz.Game, b: ddz.Game) -> bool:
    return (a.hands, a.seed, a.landlord, a.phase, a.to_move) == (b.hands, b.seed, b.landlord,
                                                                 b.phase, b.to_move)


@pytest.mark.parametrize("np_int", [np.int8, np.int32, np.int64, np.uint8, np.uint64])
def test_numpy_ints_are_taken_wherever_ints_are(np_int):
    """Each int argument given as a numpy int does what the Python int does."""
    assert same_game(ddz.Game(seed=np_int(7), deal=np_int(2), landlord=np_int(2)),
                     ddz.Game(seed=7, deal=2, landlord=2))
    by_np, by_int = bidding_game(), bidding_game()
    by_np.step(np_int(2))  # a bid: refused in 0.4.0 ("not int64")
    by_int.step(2)
    assert same_game(by_np, by_int) and by_np.observation() == by_int.observation()
    a, b = playing_game(), playing_game()
    a.step_index(np_int(1))
    b.step_index(1)
    assert a.observation(np_int(0)) == b.observation(0)
    play = a.legal_actions()[0]
    a.step(tuple(np_int(c) for c in play), seat=np_int(a.to_move))
    b.step(play)
    assert a.observation() == b.observation()
    assert ddz.parse_cards([np_int(3), np_int(4)]) == (3, 4)
    agent = ddz.Agent("builtin:rules", seed=np_int(5))
    assert agent.seed == 5 and agent.act(a) == ddz.Agent("builtin:rules", seed=5).act(a)


def test_an_observation_with_numpy_ints_is_read_by_an_agent():
    g = playing_game()
    obs = g.observation()
    obs["seat"] = np.int64(obs["seat"])
    obs["landlord"] = np.int8(obs["landlord"])
    agent = ddz.Agent("builtin:rules", seed=1)
    assert agent.act(obs) == agent.act(g.observation())


JUNK = [-1, 3, 54, 10**30, -(10**30), 2**64, 1.5, "3", True, np.float32(1), np.int64(-5),
        np.uint64(2**63), [], (1, 1), object(), b"1"]


def test_junk_at_every_int_taking_entry_point_is_a_value_error_and_changes_nothing():
    """A fuzz of junk over the entry points that take ints: each answer is a result or a
    ValueError, and a refused input leaves the game as it was."""
    entry_points = [
        lambda g, x: g.step(x),
        lambda g, x: g.step_index(x),
        lambda g, x: g.observation(x),
        lambda g, x: g.step(g.legal_actions()[0], seat=x),
        lambda g, x: g.step((x,)),
        lambda g, x: ddz.Game(seed=x),
        lambda g, x: ddz.Game(deal=x),
        lambda g, x: ddz.Game(landlord=x),
        lambda g, x: ddz.Agent("builtin:random", seed=x),
        lambda g, x: ddz.parse_cards([x]),
    ]
    refused = 0
    for make in (bidding_game, playing_game):
        for call in entry_points:
            for junk in JUNK:
                g = make()
                before = [g.observation(s) for s in range(3)]
                try:
                    call(g, junk)
                except ValueError:
                    refused += 1
                    assert [g.observation(s) for s in range(3)] == before, junk
    assert refused > 100


@pytest.mark.parametrize("cls", [ddz.Game, ddz.Agent, ddz.Batch])
def test_the_classes_have_docstrings(cls):
    doc = cls.__doc__ or ""
    assert len(doc.split()) > 15, doc


NO_PLAYER = [
    ("rules", "no program 'rules' on the PATH or on disk (did you mean 'builtin:rules'?)"),
    ("buildin:rules", "(did you mean 'builtin:rules'?)"),
    ("ruls --fast", "no program 'ruls' on the PATH or on disk (did you mean 'builtin:rules'?)"),
    ("", "no program named"),
    ("botzone:", "no program named"),
    ("   ", "no program named"),
    ("/nonexistent/x", "no program '/nonexistent/x' on the PATH or on disk"),
    ("botzone:/nonexistent/bot --x", "no program '/nonexistent/bot'"),
    ("DDZ_X=1 ddz-no-such-engine-38 --flag", "no program 'ddz-no-such-engine-38'"),
    ("builtin:DDZ", "unknown built-in player 'DDZ' (did you mean 'ddz'?)"),
]


@pytest.mark.parametrize("spec, words", NO_PLAYER, ids=[s or "empty" for s, _ in NO_PLAYER])
def test_a_spec_naming_no_player_is_refused_when_made(spec, words):
    """An agent, a match and a gauntlet refuse it at once: none is asked a decision, no deal
    is played (0.4.0 took it and failed at the first act(), or gave six "crashed" faults)."""
    for make in (lambda: ddz.Agent(spec),
                 lambda: ddz.arena([spec, "builtin:random", "builtin:random"], games=2),
                 lambda: ddz.gauntlet("builtin:random", [spec], games=2)):
        with pytest.raises(ValueError) as e:
            make()
        assert f"player '{spec}'" in str(e.value) and words in str(e.value), str(e.value)


def test_a_command_whose_program_is_found_is_taken_unrun(tmp_path):
    """A program on the PATH, a file on disk, a shell's own word or a variable: taken (not run:
    its arguments are its own business)."""
    import sys
    script = tmp_path / "engine.sh"
    script.write_text("#!/bin/sh\n")
    for spec in [f"{sys.executable} -c pass", "python3 engine.py --samples 4",
                 "DDZ_LOG=1 X=2 sh -c 'exit 0'", f"'{script}' --x", f"botzone:{script}",
                 "exec /nonexistent/engine", "$HOME/engine", "cd /tmp && ./engine"]:
        assert ddz.Agent(spec).spec == spec


ARENA_BAD = [
    (dict(games=-1), "games -1 is not an int from 0 to 2**64 - 1"),
    (dict(games=1.5), "games 1.5 is not an int"),
    (dict(games=True), "games True is not an int"),
    (dict(seed=-1), "seed -1 is not an int"),
    (dict(seed=2**64), "seed 18446744073709551616"),
    (dict(jobs=10**30), "jobs 1000000000000000000000000000000 is not an int"),
    (dict(match_deals=-2), "match_deals -2 is not an int"),
    (dict(format=3), "format"),
    (dict(time="1"), "time"),
]


@pytest.mark.parametrize("kwargs, words", ARENA_BAD, ids=[w for _, w in ARENA_BAD])
def test_the_arenas_bad_settings_are_value_errors_naming_them(kwargs, words):
    players = ["builtin:random", "builtin:random", "builtin:greedy"]
    for run in (lambda: ddz.arena(players, **kwargs),
                lambda: ddz.gauntlet(players[0], players[2:], **kwargs)):
        with pytest.raises(ValueError) as e:
            run()
        assert type(e.value) is ValueError and words in str(e.value), str(e.value)


def test_the_arena_takes_numpy_ints():
    players = ["builtin:random", "builtin:random", "builtin:greedy"]
    by_np = ddz.arena(players, games=np.int64(3), seed=np.uint64(5), jobs=np.int8(1))
    by_int = ddz.arena(players, games=3, seed=5, jobs=1)
    strip = lambda r: {k: v for k, v in r.result.items() if k != "seconds"}
    assert strip(by_np)["games"] == 3
    assert [p["score"] for p in by_np.players] == [p["score"] for p in by_int.players]
