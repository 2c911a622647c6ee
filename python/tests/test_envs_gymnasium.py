"""The Gymnasium single-seat environment: Gymnasium's own checker, the other seats played by
the players asked for, the learner's score as its reward, seeded replays, illegal actions."""

import random

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from ddz.envs.gymnasium_env import ILLEGAL_REWARD, DdzEnv  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402


@pytest.mark.parametrize(
    "kwargs",
    [dict(), dict(seat=1, bidding=True, opponents="builtin:random"), dict(seat=2, landlord=2, rules="botzone")],
)
def test_gymnasiums_env_checker(kwargs):
    check_env(DdzEnv(**kwargs), skip_render_check=True)


def test_registered_with_gymnasium():
    e = gym.make("ddz/Doudizhu-v0", opponents="builtin:random")
    obs, info = e.reset(seed=1)
    assert obs["action_mask"].sum() == len(info["legal_actions"]) > 0


def episode(e, seed, rng):
    obs, info = e.reset(seed=seed)
    trace = [obs["observation"].tobytes()]
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(info["legal_actions"]) == list(legal)
        assert e.game.to_move == e.seat
        a = int(legal[rng.randrange(len(legal))])
        obs, reward, terminated, truncated, info = e.step(a)
        trace.append((a, reward, obs["observation"].tobytes()))
        assert not truncated
        if terminated:
            return trace, reward
        assert reward == 0


def test_the_learners_score_is_its_reward_and_the_others_play_as_their_players():
    calls = []

    def logged(observation, legal_actions):
        # A callable opponent as the arena seats them: the last legal action, recorded.
        action = legal_actions[-1]
        calls.append((observation["seat"], action))
        return action

    e = DdzEnv(seat=1, opponents=("builtin:random", logged), bidding=True)
    rng = random.Random(4)
    for seed in range(25):
        calls.clear()
        _, reward = episode(e, seed, rng)
        g = e.game
        assert g.done and reward == g.scores()[1]
        # The opponents sit in order after the learner's seat: seat 2 plays at random, seat 0
        # is the callable, which made every one of seat 0's moves.
        assert {s for s, _ in calls} <= {0}
        record = [(s, b) for s, b in g.observation(1)["bids"]]
        record += [(s, p) for s, p in g.observation(1)["plays"]]
        assert [a for s, a in record if s == 0] == [a for _, a in calls]
        assert calls


def test_a_seed_replays():
    rng = random.Random(9)
    e1, e2 = DdzEnv(opponents="builtin:random"), DdzEnv(opponents="builtin:random")
    a = episode(e1, 5, random.Random(1))
    b = episode(e2, 5, random.Random(1))
    c = episode(e2, 6, rng)
    assert a == b and a != c


def test_a_learner_playing_at_random_loses_to_the_rule_players():
    e = DdzEnv(seat=0, landlord=0)  # always the landlord, against two rule players
    rng = random.Random(0)
    rewards = [episode(e, seed, rng)[1] for seed in range(30)]
    assert sum(r > 0 for r in rewards) < 10
    assert all(r != 0 for r in rewards)


def test_an_illegal_action_ends_the_game_as_a_fault_or_raises():
    e = DdzEnv()
    obs, _ = e.reset(seed=3)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == ILLEGAL_REWARD and info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    e = DdzEnv(illegal="raise")
    obs, _ = e.reset(seed=3)
    before = e.game.observation()
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.game.observation() == before


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        DdzEnv(seat=3)
    with pytest.raises(ValueError):
        DdzEnv(opponents="builtin:nonesuch")
    with pytest.raises(ValueError, match="one player or two"):
        DdzEnv(opponents=("builtin:rules",) * 3)
    with pytest.raises(ValueError, match="illegal"):
        DdzEnv(illegal="ignore")
