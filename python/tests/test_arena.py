"""The arena from Python: the same report as ``ddz arena`` for the same players, games and
seed; Python callables seated, their faults counted as an engine's."""

import random

import pytest

import ddz
from engine_cli import arena_result, arena_results

#: What differs between two runs of one match: the clock's figures.
TIMED = {"seconds", "reply_ms"}


def untimed(result: dict) -> dict:
    out = {k: v for k, v in result.items() if k not in TIMED}
    out["players"] = [{k: v for k, v in p.items() if k not in TIMED} for p in result["players"]]
    return out


@pytest.mark.parametrize(
    "python_args, cli_args",
    [
        (dict(players=["builtin:rules", "builtin:random"], format="h2h", games=20, seed=7,
              fixed_landlord=True),
         ["--h2h", "builtin:rules", "builtin:random", "--games", "20", "--seed", "7",
          "--fixed-landlord"]),
        (dict(players=["builtin:rules", "builtin:greedy", "builtin:random"], games=15, seed=3),
         ["--players", "builtin:rules", "builtin:greedy", "builtin:random", "--games", "15",
          "--seed", "3"]),
        (dict(players=["builtin:ddz:samples=4", "builtin:rules"], format="alone", games=4,
              seed=2, jobs=2),
         ["--alone", "builtin:ddz:samples=4", "builtin:rules", "--games", "4", "--seed", "2",
          "--jobs", "2"]),
        (dict(players=["builtin:rules", "builtin:random"], format="pair", games=6, seed=5,
              rules="botzone"),
         ["--pair", "builtin:rules", "builtin:random", "--games", "6", "--seed", "5",
          "--platform", "botzone"]),
    ],
)
def test_a_match_reports_what_the_command_line_reports(python_args, cli_args):
    report = ddz.arena(**python_args)
    assert untimed(report.result) == untimed(arena_result(*cli_args))
    assert report.text.startswith("ddz arena: ")
    assert report.text.splitlines()[-1].startswith("RESULT {")
    assert report.faults == []


def test_a_gauntlet_reports_what_the_command_line_reports():
    report = ddz.gauntlet("builtin:rules", ["builtin:random", "builtin:greedy"], format="h2h",
                          games=8, seed=4)
    *matches, whole = arena_results("--gauntlet", "builtin:rules", "builtin:random",
                                    "builtin:greedy", "--format", "h2h", "--games", "8",
                                    "--seed", "4")
    assert report.result == whole
    assert [untimed(m.result) for m in report.matches] == [untimed(m) for m in matches]
    assert [m.players[1]["player"] for m in report.matches] == ["builtin:random",
                                                                "builtin:greedy"]


def test_a_callable_plays_as_the_builtin_it_copies():
    """A callable choosing as builtin:random would (a fresh rng per game cannot match the
    arena's seeds, so this one plays the first legal action) keeps the table's count: every
    game played out, no fault, and its figures are those of its games."""
    def first(observation, legal):
        assert observation["hand"] and legal
        assert observation["seat"] in (0, 1, 2)
        return legal[0]
    report = ddz.arena([first, "builtin:random"], format="h2h", games=10, seed=1)
    assert report.faults == [] and report.result["faulted"] == 0
    me = report.players[0]
    assert me["player"] == "python:first" and me["games"] == report.players[1]["games"]
    assert sum(p["score"] for p in report.players) == 0


def test_a_callable_sees_its_seats_observation_and_the_legal_actions():
    seen = []
    rng = random.Random(0)

    def watch(observation, legal):
        seen.append((observation, legal))
        return rng.choice(legal)
    ddz.arena([watch, "builtin:rules", "builtin:rules"], games=5, seed=9)
    assert seen
    for obs, legal in seen:
        if obs["phase"] == "bid":
            assert all(isinstance(b, int) for b in legal) and 0 in legal
            continue
        assert obs["seat"] == 0
        assert all(set(a) <= set(obs["hand"]) for a in legal)
        assert (() in legal) == (obs["to_beat"] is not None)
        assert sum(obs["counts"]) == 54 - sum(len(p) for p in obs["played"])


def test_a_callable_that_raises_or_cheats_is_charged_a_fault():
    def boom(observation, legal):
        raise RuntimeError("boom")

    def cheat(observation, legal):
        return 0 if observation["phase"] == "bid" else (99,)

    def lead_pass(observation, legal):
        return 0 if observation["phase"] == "bid" else ()

    for player, kind, detail in [(boom, "crashed", "raised RuntimeError: boom"),
                                 (cheat, "malformed", "card code 99 is not an int from 0 to 53"),
                                 (lead_pass, "illegal", "a pass is not allowed")]:
        report = ddz.arena([player, "builtin:random"], format="h2h", games=3, seed=1,
                           fixed_landlord=True)
        mine = report.players[0]
        assert mine["errors"][kind] > 0, (kind, report.text)
        assert mine["score"] < 0
        assert report.faults and all(f["kind"] == kind for f in report.faults)
        assert detail in report.faults[0]["detail"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_an_interrupt_out_of_a_callable_stops_the_match_and_is_raised(stop):
    """Not a fault of the player: the person's or the program's wish to stop, raised from
    ddz.arena once the arena's table stops (deals already under way are played out)."""
    def quit_now(observation, legal):
        raise stop("enough")
    with pytest.raises(stop, match="enough"):
        ddz.arena([quit_now, "builtin:random"], format="h2h", games=50, seed=1)
    with pytest.raises(stop, match="enough"):
        ddz.gauntlet(quit_now, ["builtin:random"], format="h2h", games=5, seed=1)


def test_the_same_callable_twice_is_one_entry_two_of_one_name_are_two():
    def a(observation, legal):
        return legal[0]
    report = ddz.arena([a, a, "builtin:rules"], games=2, seed=1)
    assert [p["player"] for p in report.players] == ["python:a", "python:a#2", "builtin:rules"]
    other = (lambda observation, legal: legal[-1])
    same_name = (lambda observation, legal: legal[0])
    report = ddz.arena([other, same_name], format="h2h", games=2, seed=1)
    assert [p["player"] for p in report.players] == ["python:<lambda>", "python:<lambda>~2"]


def test_an_agent_is_seated_by_its_spec():
    report = ddz.arena([ddz.Agent("builtin:rules"), "builtin:random"], format="h2h", games=2)
    assert report.players[0]["player"] == "builtin:rules"


@pytest.mark.parametrize(
    "kwargs, why",
    [
        (dict(players=["builtin:rules", "builtin:random"]), "name the format"),
        (dict(players=["builtin:rules"] * 3, format="h2h"), "takes two players"),
        (dict(players=["builtin:rules"] * 2, format="duel"), "unknown format 'duel'"),
        (dict(players=["builtin:rulez", "builtin:random"], format="h2h"), "did you mean 'rules'"),
        (dict(players=["builtin:rules", 42], format="h2h"), "a spec string, an Agent or a callable"),
        (dict(players=["builtin:rules"] * 3, games=0), "--games must be at least 1"),
        (dict(players=["builtin:rules"] * 3, jobs=0), "--jobs must be at least 1"),
        (dict(players=["builtin:rules"] * 3, rules="bottzone"), "unknown rules"),
        (dict(players=[lambda o, l: l[0], "builtin:rules"], format="team"),
         "cannot play the team format"),
    ],
)
def test_a_match_that_cannot_be_played_says_why(kwargs, why):
    with pytest.raises(ValueError) as e:
        ddz.arena(**kwargs)
    assert why in str(e.value)
