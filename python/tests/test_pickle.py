"""Games, agents and batches that travel: pickled (every protocol), copied and sent to a
spawned process, each comes back the same in every observable and plays on identically; a
corrupt state is a ValueError naming what is wrong, leaving the object as it was."""

import copy
import multiprocessing
import pickle
import random

import numpy as np
import pytest

import ddz

RULES = ["platform", "botzone", "sample2015", "icga2019"]


def snapshot(game: ddz.Game) -> tuple:
    """Everything a game shows: what it was made from, each seat's observation, the hands,
    whose turn, the legal actions, the outcome."""
    return (
        game.seed, game.rules, game.phase, game.done, game.to_move, game.landlord, game.winner,
        [game.observation(s) for s in range(3)],
        game.hands,
        game.legal_actions(),
        game.scores() if game.done else None,
        repr(game),
    )


def travelled(game, protocol):
    return pickle.loads(pickle.dumps(game, protocol=protocol))


@pytest.mark.parametrize("bidding", [False, True])
@pytest.mark.parametrize("rules", RULES)
def test_a_game_round_trips_at_every_position_and_plays_on_identically(rules, bidding):
    protocols, phases = range(pickle.HIGHEST_PROTOCOL + 1), set()
    for seed in range(6):
        rng = random.Random(seed)
        game = ddz.Game(seed=seed, rules=rules, bidding=bidding, landlord=None if bidding
                        else seed % 3, deal=seed)
        restored = None
        while True:
            # The game restored a move ago, stepped as the game was: the same game now.
            if restored is not None:
                assert snapshot(restored) == snapshot(game)
            restored = travelled(game, protocols[len(game.observation(0)["plays"]) % len(protocols)])
            assert type(restored) is ddz.Game and restored is not game
            assert snapshot(restored) == snapshot(game)
            phases.add(game.phase)
            if game.done:
                break
            action = rng.choice(game.legal_actions())
            game.step(action)
            restored.step(action)
    assert phases == ({"bid", "play", "done"} if bidding else {"play", "done"})


def test_a_game_copies_as_an_independent_game():
    game = ddz.Game(seed=4, bidding=True)
    for _ in range(5):
        game.step(game.legal_actions()[-1])
    for duplicate in (copy.copy(game), copy.deepcopy(game), game.clone(),
                      copy.deepcopy([game])[0]):
        before = snapshot(game)
        assert snapshot(duplicate) == before
        duplicate.step(duplicate.legal_actions()[0])
        assert snapshot(game) == before != snapshot(duplicate)


def test_a_game_state_is_its_deal_and_its_actions():
    game = ddz.Game(seed=9, bidding=True, rules="botzone", deal=2)
    rng = random.Random(1)
    actions = []
    for _ in range(12):
        actions.append(rng.choice(game.legal_actions()))
        game.step(actions[-1])
    fmt, seed, rules, hands, bottom, landlord, taken = game.__getstate__()
    dealt = ddz.Game(seed=9, bidding=True, rules="botzone", deal=2)
    assert (fmt, seed, rules, landlord) == (1, 9, "botzone", None)
    assert hands == dealt.hands
    assert set(bottom) == set(range(54)) - set(sum(dealt.hands, ()))
    assert list(taken) == actions


def corruptions(state):
    """(a state broken one way, a word its refusal must name)."""
    fmt, seed, rules, hands, bottom, landlord, actions = state
    swapped = ((hands[0][1:] + bottom[:1]), hands[1], hands[2])
    yield "not a game", "tuple"
    yield state[:6], "tuple of 7"
    yield (2,) + state[1:], "tuple of 7 beginning with 1"
    yield (fmt, -1) + state[2:], "seed"
    yield (fmt, seed, "nope") + state[3:], "nope"
    yield (fmt, seed, rules, swapped, bottom, landlord, actions), "not a deal"
    yield (fmt, seed, rules, hands[:2], bottom, landlord, actions), "not a deal"
    yield (fmt, seed, rules, hands, (54,), landlord, actions), "54"
    yield (fmt, seed, rules, hands, bottom, 3, actions), "seat"
    yield (fmt, seed, rules, hands, bottom, landlord, actions + [(0, 0)]), "action"
    yield (fmt, seed, rules, hands, bottom, landlord, [3] + actions), "action 0"
    yield (fmt, seed, rules, hands, bottom, landlord, actions + ["x"]), "action"


def test_a_corrupt_state_is_refused_naming_it_and_changes_nothing():
    source = ddz.Game(seed=3)
    for _ in range(7):
        source.step(source.legal_actions()[0])
    state = source.__getstate__()
    game = ddz.Game(seed=11, bidding=True)
    game.step(1)
    before = snapshot(game)
    for broken, word in corruptions(state):
        with pytest.raises(ValueError, match="Game state|" + word) as refusal:
            game.__setstate__(broken)
        assert word in str(refusal.value), (broken, str(refusal.value))
        assert snapshot(game) == before
    with pytest.raises(ValueError, match="platfoam"):
        pickle.loads(pickle.dumps(source).replace(b"platform", b"platfoam"))


@pytest.mark.parametrize("spec", ["builtin:random", "builtin:rules", "builtin:ddz:samples=4"])
def test_an_agent_travels_by_spec_and_seed_and_decides_as_a_fresh_one(spec):
    agent = ddz.Agent(spec, seed=17)
    for duplicate in (travelled(agent, 2), copy.copy(agent), copy.deepcopy(agent)):
        fresh = ddz.Agent(spec, seed=17)
        assert (duplicate.spec, duplicate.seed, repr(duplicate)) == (agent.spec, 17, repr(agent))
        game = ddz.Game(seed=5, bidding=True)
        for _ in range(15):
            if game.done:
                break
            choice = duplicate.act(game)
            assert choice == fresh.act(game) == agent.act(game)
            game.step(choice)


def play_on(game_and_agent):
    """In a spawned process: the game played to its end by the agent; what a parent can
    compare (the actions, the scores) and the game itself, pickled back."""
    game, agent = game_and_agent
    actions = []
    while not game.done:
        actions.append(agent.act(game))
        game.step(actions[-1])
    return actions, game.scores(), game


def test_games_and_agents_travel_to_a_spawned_process_and_play_on_identically():
    work = []
    for seed, rules in enumerate(RULES):
        game = ddz.Game(seed=seed, rules=rules, bidding=seed % 2 == 1)
        rng = random.Random(seed)
        for _ in range(4 + seed):
            game.step(rng.choice(game.legal_actions()))
        work.append((game, ddz.Agent("builtin:random", seed=seed)))
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        theirs = pool.map(play_on, work)
    ours = [play_on((game.clone(), agent)) for game, agent in work]
    for (actions, scores, game), (their_actions, their_scores, their_game) in zip(ours, theirs):
        assert their_actions == actions and their_scores == scores
        assert snapshot(their_game) == snapshot(game)


def batch_view(batch: ddz.Batch) -> list:
    offsets, actions = batch.legal()
    return [batch.to_move().tolist(), batch.position().tolist(), offsets.tolist(),
            actions.tolist(), batch.observation().tolist(), repr(batch)]


def random_actions(batch, rng):
    offsets, actions = batch.legal()
    return np.array([actions[rng.randrange(offsets[g], offsets[g + 1])]
                     for g in range(batch.games)])


@pytest.mark.parametrize("objective,rules", [("score", "platform"), ("adp", "botzone"),
                                             ("wp", "sample2015"), ("score", "icga2019")])
def test_a_batch_round_trips_and_steps_on_identically(objective, rules):
    batch = ddz.Batch(games=24, seed=3, rules=rules, objective=objective, threads=2)
    rng = random.Random(0)
    for step in range(120):
        if step % 40 == 7:
            for duplicating in (lambda b: travelled(b, 4), copy.deepcopy, copy.copy):
                duplicate, same = duplicating(batch), random.Random(step)
                assert batch_view(duplicate) == batch_view(batch)
                for _ in range(30):
                    actions = random_actions(batch, same)
                    (r1, d1), (r2, d2) = duplicate.step(actions), batch.step(actions)
                    assert (r1.tolist(), d1.tolist()) == (r2.tolist(), d2.tolist())
                    assert batch_view(duplicate) == batch_view(batch)
        batch.step(random_actions(batch, rng))
    g = 5
    assert snapshot(travelled(batch, 4).game(g)) == snapshot(batch.game(g))


def test_a_corrupt_batch_state_is_refused_naming_it():
    batch = ddz.Batch(games=4, seed=1, threads=1)
    for _ in range(5):
        batch.step(random_actions(batch, random.Random(2)))
    state = batch.__getstate__()
    deal, actions = state["positions"][2]
    broken = [
        ({"made": state["made"]}, "positions"),
        ({**state, "positions": state["positions"][:3]}, "3 positions for 4 games"),
        ({**state, "made": (4, -1, "platform", "adp", 1)}, "seed"),
        ({**state, "positions": state["positions"][:2] + [(deal, list(actions) + [10**6])]
          + state["positions"][3:]}, "game 2"),
        ({**state, "positions": state["positions"][:2] + [(deal,)] + state["positions"][3:]},
         "game 2"),
    ]
    before = batch_view(batch)
    for bad, word in broken:
        with pytest.raises(ValueError, match=word):
            batch.__setstate__(bad)
        assert batch_view(batch) == before
    batch.__setstate__(ddz.Batch(games=4, seed=1, threads=1).__getstate__())
    assert batch_view(batch) == batch_view(ddz.Batch(games=4, seed=1, threads=1))


def test_cloudpickle_as_ray_and_gymnasium_use_it_carries_them_too():
    cloudpickle = pytest.importorskip("cloudpickle")
    game = ddz.Game(seed=2, bidding=True, rules="icga2019")
    rng = random.Random(1)
    for _ in range(10):
        game.step(rng.choice(game.legal_actions()))
    batch = ddz.Batch(games=6, seed=2, threads=1)
    agent = ddz.Agent("builtin:random", seed=5)
    arrived_game, arrived_batch, arrived_agent = cloudpickle.loads(
        cloudpickle.dumps((game, batch, agent)))
    assert snapshot(arrived_game) == snapshot(game)
    assert batch_view(arrived_batch) == batch_view(batch)
    assert arrived_agent.act(game) == agent.act(game)
