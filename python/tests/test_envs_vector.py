"""The Gymnasium vector environment over ddz.Batch: its spaces hold what it returns, its legal
actions, mask and rewards are the batch's (the mask, updated in place, equal at every step to
one built whole from the legal actions), a new game's mask after an automatic reset, the same
seed the same games."""

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import ddz
from ddz.envs.vector_env import DdzVectorEnv


def choose(info, rng):
    offsets, legal = info["legal_actions"]
    return np.array([legal[rng.randrange(offsets[g], offsets[g + 1])] for g in range(len(offsets) - 1)])


def test_every_step_is_the_batchs_and_the_mask_its_legal_actions():
    env = DdzVectorEnv(num_envs=6, seed=4, objective="adp", mask=True, threads=2)
    twin = ddz.Batch(games=6, seed=4, objective="adp", threads=1)
    obs, info = env.reset(seed=4)
    rng = random.Random(2)
    resets = 0
    for _ in range(300):
        assert env.observation_space.contains(obs)
        offsets, legal = info["legal_actions"]
        assert all(np.array_equal(a, b) for a, b in zip((offsets, legal), twin.legal()))
        assert np.array_equal(obs["observation"], twin.observation())
        whole = np.zeros_like(obs["action_mask"])
        for g in range(6):
            whole[g, legal[offsets[g]:offsets[g + 1]]] = 1
            assert env.single_action_space.sample(mask=obs["action_mask"][g]) in legal[offsets[g]:offsets[g + 1]]
        assert np.array_equal(obs["action_mask"], whole)
        actions = choose(info, rng)
        movers = twin.to_move()
        want_rewards, want_done = twin.step(actions)
        obs, reward, terminated, truncated, info = env.step(actions)
        assert np.array_equal(terminated, want_done) and not truncated.any()
        assert np.array_equal(info["rewards"], want_rewards)
        assert np.array_equal(reward, want_rewards[np.arange(6), movers])
        resets += int(terminated.sum())
    assert resets > 5


def test_the_same_seed_replays_the_same_games():
    def trace(seed):
        env = DdzVectorEnv(num_envs=4, seed=seed)
        obs, info = env.reset(seed=seed)
        rng = random.Random(0)
        seen = [obs.tobytes()]
        for _ in range(60):
            obs, reward, terminated, _, info = env.step(choose(info, rng))
            seen.append((obs.tobytes(), reward.tobytes(), terminated.tobytes()))
        return seen

    assert trace(7) == trace(7)
    assert trace(7) != trace(8)


def test_an_illegal_action_is_refused_and_moves_no_game():
    env = DdzVectorEnv(num_envs=3, seed=1)
    obs, info = env.reset()
    actions = choose(info, random.Random(1))
    actions[1] = 10**6
    with pytest.raises(ValueError, match="game 1: action 1000000"):
        env.step(actions)
    assert np.array_equal(env.batch.observation(), obs)
