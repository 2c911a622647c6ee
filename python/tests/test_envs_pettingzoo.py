"""The PettingZoo AEC environment: PettingZoo's own tests, the observation against the game's
own record, the mask against the legal actions, the scores as rewards, seeded replays."""

import random
from collections import Counter
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import ddz  # noqa: E402
from ddz.envs import actions  # noqa: E402
from ddz.envs.observation import LAYOUT, OBSERVATION_SIZE, counts_of  # noqa: E402
from ddz.envs.pettingzoo_env import AGENTS, env, raw_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

CONFIGS = [
    dict(),
    dict(bidding=True),
    dict(bidding=True, rules="botzone"),
    dict(landlord=2),
]


@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoos_api_test(kwargs):
    with warnings.catch_warnings():
        # The seats keep the game's names A, B, C rather than PettingZoo's "player_0".
        warnings.filterwarnings("ignore", message="We recommend agents to be named")
        # A Dict with the action mask is what PettingZoo's own classic games observe.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(**kwargs), num_cycles=300)


@pytest.mark.parametrize("kwargs", CONFIGS[:3])
def test_pettingzoos_seed_test(kwargs):
    seed_test(lambda: env(**kwargs), num_cycles=100)


def cards(vector):
    """Rank counts back from a 54-column card part."""
    body = vector[:52].reshape(13, 4).sum(axis=1)
    return np.concatenate([body, vector[52:54]]).astype(np.int8)


def play_random(e, seed, check=None):
    """One game with uniformly random legal actions; returns the trajectory."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    trajectory = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if check:
            check(e, agent, obs, reward, term, info)
        if term or trunc:
            trajectory.append((agent, reward))
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.randrange(len(legal))])
        trajectory.append((agent, a, obs["observation"].tobytes()))
        e.step(a)
    return trajectory


@pytest.mark.parametrize("kwargs", CONFIGS[:3])
def test_observations_say_what_the_game_says(kwargs):
    e = raw_env(**kwargs)
    space = e.actions
    checked = [0]

    def check(e, agent, obs, reward, term, info):
        g = e.game
        vec = obs["observation"]
        assert vec.shape == (OBSERVATION_SIZE,) and vec.dtype == np.int8
        assert set(np.unique(vec)) <= {0, 1}
        if term:
            return
        seat = AGENTS.index(agent)
        assert g.to_move == seat
        mine = g.observation(seat)
        order = [seat, (seat + 1) % 3, (seat + 2) % 3]
        # The mask and the info list are the legal actions, and nothing else.
        legal = sorted(space.index_of(a) for a in g.legal_actions())
        assert list(np.flatnonzero(obs["action_mask"])) == legal
        assert sorted(info["legal_actions"]) == legal
        assert np.array_equal(cards(vec[LAYOUT["hand"]]), counts_of(mine["hand"]))
        others = [c for s in order[1:] for c in g.hands[s]]
        assert np.array_equal(cards(vec[LAYOUT["unseen"]]), counts_of(others))
        for k, s in enumerate(order):
            part = vec[LAYOUT["played"]][54 * k : 54 * (k + 1)]
            assert np.array_equal(cards(part), counts_of(mine["played"][s]))
            count = vec[LAYOUT["counts"]][21 * k : 21 * (k + 1)]
            assert list(np.flatnonzero(count)) == [mine["counts"][s]]
            assert vec[LAYOUT["landlord"]][k] == (mine["landlord"] == s)
            bids = dict(mine["bids"])
            expect = 0 if s not in bids else bids[s] + 1
            assert list(np.flatnonzero(vec[LAYOUT["bids"]][5 * k : 5 * (k + 1)])) == [expect]
        to_beat = mine["to_beat"] or ()
        assert np.array_equal(cards(vec[LAYOUT["to_beat"]]), counts_of(to_beat))
        plays = mine["plays"][-3:][::-1]
        for k in range(3):
            part = vec[LAYOUT["last_moves"]][54 * k : 54 * (k + 1)]
            move = plays[k][1] if k < len(plays) else ()
            assert np.array_equal(cards(part), counts_of(move))
            passed = k < len(plays) and plays[k][1] == ()
            assert vec[LAYOUT["last_passes"]][k] == passed
        assert vec[LAYOUT["phase"]][0] == (mine["phase"] == "bid")
        bombs = sum(1 for _, p in mine["plays"] if space.kind_of(space.index_of(p)) in ("bomb", "rocket"))
        assert list(np.flatnonzero(vec[LAYOUT["bombs"]])) == [bombs]
        bottom = mine["bottom"] or ()
        assert np.array_equal(cards(vec[LAYOUT["bottom"]]), counts_of(bottom))
        checked[0] += 1

    for seed in range(40):
        play_random(e, seed, check)
    assert checked[0] > 1_000


def test_rewards_are_the_official_scores():
    e = raw_env(bidding=True)
    nonzero = 0
    for seed in range(60):
        trajectory = play_random(e, seed)
        finals = {t[0]: t[1] for t in trajectory if len(t) == 2}
        assert set(finals) == set(AGENTS)
        scores = e.game.scores()
        assert [finals[a] for a in AGENTS] == list(scores)
        assert sum(scores) == 0
        nonzero += any(scores)
        if any(scores):
            landlord = e.game.landlord
            won = e.game.winner == landlord
            assert (scores[landlord] > 0) == won
    assert nonzero > 30
    assert e.agents == []


def test_a_seed_replays_and_another_differs():
    a = play_random(raw_env(bidding=True), 7)
    b = play_random(raw_env(bidding=True), 7)
    c = play_random(raw_env(bidding=True), 8)
    assert a == b
    assert a != c
    # reset() without a seed goes on from the seeded generator: the same sequence of deals.
    e1, e2 = raw_env(), raw_env()
    e1.reset(seed=3)
    e2.reset(seed=3)
    for _ in range(3):
        e1.reset()
        e2.reset()
        assert e1.game.hands == e2.game.hands


def test_landlord_drawn_or_fixed():
    e = raw_env()
    landlords = set()
    for seed in range(30):
        e.reset(seed=seed)
        landlords.add(e.game.landlord)
        assert e.agent_selection == AGENTS[e.game.landlord]
        assert e.infos[e.agent_selection]["landlord"] == AGENTS[e.game.landlord]
    assert landlords == {0, 1, 2}
    e = raw_env(landlord=1)
    e.reset(seed=1)
    assert e.game.landlord == 1 and e.agent_selection == "B"


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = raw_env()
    e.reset(seed=11)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = (e.agent_selection, e.game.hands, e.game.observation())
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    with pytest.raises(ValueError, match="not legal"):
        e.step(e.actions.n + 5)
    assert (e.agent_selection, e.game.hands, e.game.observation()) == before
    assert np.array_equal(e.observe(e.agent_selection)["observation"], obs["observation"])


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown rules"):
        raw_env(rules="nope")
    with pytest.raises(ValueError, match="landlord"):
        raw_env(bidding=True, landlord=0)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")


def test_render_ansi_shows_the_hands():
    e = raw_env(render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    for seat, hand in enumerate(e.game.hands):
        assert ddz.format_cards(hand) in text
    assert f"to move: {e.agent_selection}" in text
    assert actions.action_space().n == e.action_space("A").n


def test_sampling_from_the_mask_picks_only_and_every_legal_action():
    from ddz.envs.spaces import MaskedDiscrete

    space = MaskedDiscrete(93_777, seed=5)
    mask = np.zeros(93_777, dtype=np.int8)
    legal = [0, 17, 500, 93_776]
    mask[legal] = 1
    picks = Counter(int(space.sample(mask)) for _ in range(4_000))
    assert set(picks) == set(legal)
    assert min(picks.values()) > 850  # about 1,000 each: uniform
    assert space.sample(np.zeros(93_777, dtype=np.int8)) == 0  # Gymnasium's answer to no 1s
    with pytest.raises(AssertionError):
        space.sample(mask.astype(bool))  # a mask of another dtype gets Gymnasium's own check
    assert isinstance(raw_env().action_space("A"), MaskedDiscrete)
    # Told the legal indices of the mask it will see, the space samples from them; a mask
    # that differs from the hint in any entry is searched instead.
    space.hint(legal)
    assert {int(space.sample(mask)) for _ in range(300)} == set(legal)
    changed = mask.copy()
    changed[17] = 0
    assert {int(space.sample(changed)) for _ in range(300)} == {0, 500, 93_776}
    changed[17], changed[18] = 1, 1
    assert 18 in {int(space.sample(changed)) for _ in range(600)}
    for odd in (2, -1):  # entries other than 0 and 1 are nonzero: never hidden by the hint
        weird = mask.copy()
        weird[18] = odd
        assert 18 in {int(space.sample(weird)) for _ in range(600)}
    other = np.zeros(93_777, dtype=np.int8)
    other[[1, 2]] = 1
    assert {int(space.sample(other)) for _ in range(100)} == {1, 2}


def test_the_mask_is_read_only_and_sampled_from_the_legal_indices_unread():
    e = raw_env()
    e.reset(seed=3)
    space = e.action_space(e.agent_selection)
    obs = e.observe(e.agent_selection)
    mask = obs["action_mask"]
    legal = list(e.infos[e.agent_selection]["legal_actions"])
    assert not mask.flags.writeable
    with pytest.raises(ValueError):
        mask[0] = 1
    other = next(a for a in AGENTS if a != e.agent_selection)
    assert not e.observe(other)["action_mask"].flags.writeable
    assert {int(space.sample(mask)) for _ in range(2_000)} == set(legal)
    # Made writeable again and changed, the mask is read, not trusted.
    mask.setflags(write=True)
    mask[legal[0]] = 0
    assert legal[0] not in {int(space.sample(mask)) for _ in range(2_000)}