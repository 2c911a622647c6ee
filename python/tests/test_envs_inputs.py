"""What the environments take as an action and hand out: an index as an int or a numpy
integer and nothing else, every other input a ValueError that names it with the game left as it
was; the legal indices in ascending order; the game handed out a copy that cannot desync."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from ddz.envs.gymnasium_env import DdzEnv  # noqa: E402
from ddz.envs.pettingzoo_env import raw_env  # noqa: E402

# Each was once read as a number (a string's digits, a float's whole part) or failed inside
# the environment's own comparison with a TypeError.
JUNK = ["33", 1.5, None, (1, 2), True, np.float64(2.0), [0], b"0"]


def position(e):
    game = e.game
    return (game.to_move, game.hands, game.observation())


def fresh_pettingzoo():
    e = raw_env(bidding=True)
    e.reset(seed=3)
    return e


@pytest.mark.parametrize("junk", JUNK, ids=repr)
def test_pettingzoo_refuses_what_is_no_index_and_changes_nothing(junk):
    e = fresh_pettingzoo()
    before = (e.agent_selection, position(e))
    with pytest.raises(ValueError, match=r"^action .*(an action index|not legal)"):
        e.step(junk)
    assert (e.agent_selection, position(e)) == before


@pytest.mark.parametrize("junk", JUNK, ids=repr)
def test_gymnasium_refuses_what_is_no_index_and_changes_nothing(junk):
    e = DdzEnv(seat=0, landlord=0, opponents="builtin:random", illegal="raise")
    e.reset(seed=4)
    before = position(e)
    with pytest.raises(ValueError, match=r"^action .*(an action index|not legal)"):
        e.step(junk)
    assert position(e) == before


def test_numpy_integers_are_indices_like_ints():
    def lead():  # the landlord leads: a small index (a single) is legal
        e = raw_env(landlord=0)
        e.reset(seed=3)
        return e

    for kind in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.intp):
        a, b = lead(), lead()
        action = a.infos[a.agent_selection]["legal_actions"][0]
        assert action <= np.iinfo(kind).max
        a.step(action)
        b.step(kind(action))
        assert position(a) == position(b)


def test_legal_actions_ascend_and_are_the_masks_ones():
    e = raw_env()
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    for agent in e.agent_iter():
        observation, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = info["legal_actions"]
        assert legal == sorted(legal)
        assert legal == np.flatnonzero(observation["action_mask"]).tolist()
        e.step(int(rng.choice(legal)))
    g = DdzEnv(seat=1, opponents="builtin:random")
    _, info = g.reset(seed=2)
    assert info["legal_actions"] == sorted(info["legal_actions"])


def test_stepping_the_game_handed_out_leaves_the_environment_as_it_was():
    e = fresh_pettingzoo()
    before = (e.agent_selection, position(e))
    copy = e.game
    copy.step(copy.legal_actions()[0])
    assert (e.agent_selection, position(e)) == before
    legal = e.infos[e.agent_selection]["legal_actions"]
    e.step(legal[0])  # the environment's own game moves on from where it was, and only then
    assert position(e) != before[1]


def play_out(e, seed):
    """A PettingZoo game to its end with seeded random actions; each agent's final reward."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(rng.choice(info["legal_actions"])))
    return final


@pytest.mark.parametrize("seed", range(12))
def test_douzeros_objectives_follow_the_official_score(seed):
    # The same game under each objective: every objective agrees with the official score on
    # who won, wp is ±1, adp is ±2**(bombs and rockets) by the game's own count.
    by = {o: play_out(raw_env(objective=o), seed) for o in ("score", "wp", "adp", "logadp")}
    e = raw_env()
    e.reset(seed=seed)
    for agent, score in by["score"].items():
        assert np.sign(by["wp"][agent]) == np.sign(score) != 0
        assert abs(by["wp"][agent]) == 1.0
        assert np.sign(by["adp"][agent]) == np.sign(score)
        assert np.log2(abs(by["adp"][agent])) + 1 == abs(by["logadp"][agent])
    assert sum(by["wp"].values()) == 1.0 or sum(by["wp"].values()) == -1.0


def test_an_unknown_objective_is_refused():
    with pytest.raises(ValueError, match="objective 'points'"):
        raw_env(objective="points")
    with pytest.raises(ValueError, match="objective 'points'"):
        DdzEnv(objective="points")


def test_gymnasium_reward_under_wp_is_the_sign_of_the_score():
    for seed in range(6):
        signs = []
        for objective in ("score", "wp"):
            e = DdzEnv(seat=0, landlord=0, opponents="builtin:random", objective=objective)
            _, info = e.reset(seed=seed)
            rng = np.random.default_rng(seed)
            terminated = False
            while not terminated:
                _, reward, terminated, _, info = e.step(int(rng.choice(info["legal_actions"])))
            signs.append(reward)
        assert np.sign(signs[0]) == signs[1] and abs(signs[1]) == 1.0
