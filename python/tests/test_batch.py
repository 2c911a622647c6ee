"""ddz.Batch against the single-game path: every game of a seeded batch followed by its own
ddz.Game (stepped by the environments' Table, whose 641-wide observation is encoded in
Python), and every array the batch gives compared at every position; DouZero's arrays
against the douzero package's own get_obs, its GameEnv replaying the batch's games; the same
seed the same games whatever the thread count; bad input refused with no game moved."""

import random

import numpy as np
import pytest

import ddz
from ddz.douzero import POSITIONS, douzero_cards, get_obs, position_of
from ddz.envs.actions import action_space
from ddz.envs.observation import Table

SPACE = action_space()


def pick_random(batch, rng):
    """One random legal action per game."""
    offsets, actions = batch.legal()
    return np.array([actions[rng.randrange(offsets[g], offsets[g + 1])] for g in range(batch.games)])


def fresh_tables(batch, games):
    """Each game's own single game, taken at its deal's start (nothing played yet)."""
    return [Table(batch.game(g), SPACE) for g in games]


def compare_position(batch, tables):
    """Every array of the batch at this position against each game's single-game path."""
    seats, roles = batch.to_move(), batch.position()
    offsets, legal = batch.legal()
    observation = batch.observation()
    douzero = batch.douzero(expanded=True)
    where = {}
    for role, arrays in enumerate(douzero):
        for k, g in enumerate(arrays["games"]):
            where[int(g)] = (role, k)
    for g, table in enumerate(tables):
        game = table.game
        assert seats[g] == game.to_move
        assert POSITIONS[roles[g]] == position_of(game.to_move, game.landlord)
        assert legal[offsets[g]:offsets[g + 1]].tolist() == table.legal()
        assert np.array_equal(observation[g], table.encode(game.to_move))
        role, k = where[g]
        assert role == roles[g]
        arrays = douzero[role]
        rows = slice(arrays["offsets"][k], arrays["offsets"][k + 1])
        assert arrays["actions"][rows].tolist() == table.legal()
        single = get_obs(game)
        assert np.array_equal(arrays["x_no_action"][k], single["x_no_action"])
        assert np.array_equal(arrays["z"][k], single["z"])
        assert np.array_equal(arrays["action_cards"][rows], SPACE.matrix[table.legal()])
        assert np.array_equal(arrays["x_batch"][rows], single["x_batch"])
        assert np.array_equal(arrays["z_batch"][rows], single["z_batch"])


def expected_reward(game, objective):
    """What a finished single game pays each seat under ``objective``."""
    scores = game.scores()
    if objective == "score":
        return list(scores)
    sign = 1.0 if game.winner == game.landlord else -1.0
    plays = [cards for _, cards in game.observation(0)["plays"]]
    bombs = sum(1 for p in plays if set(p) == {52, 53} or (len(p) == 4 and len({c // 4 for c in p}) == 1))
    r = sign * (2.0 ** bombs if objective == "adp" else 1.0)
    return [r if s == game.landlord else -r for s in range(3)]


@pytest.mark.parametrize("objective,rules", [("score", "platform"), ("adp", "botzone"), ("wp", "platform")])
def test_every_array_equals_the_single_games_at_every_position(objective, rules):
    batch = ddz.Batch(games=12, seed=7, rules=rules, objective=objective, threads=2)
    tables = fresh_tables(batch, range(batch.games))
    rng = random.Random(65)
    positions = finished = 0
    while finished < 40:
        compare_position(batch, tables)
        positions += batch.games
        actions = pick_random(batch, rng)
        rewards, done = batch.step(actions)
        for g, table in enumerate(tables):
            table.step(int(actions[g]))
            if done[g]:
                assert table.game.done
                assert rewards[g].tolist() == expected_reward(table.game, objective)
                tables[g] = Table(batch.game(g), SPACE)
                finished += 1
            else:
                assert not table.game.done and not rewards[g].any()
    assert positions > 1_000


def test_a_game_taken_from_the_batch_is_the_game_played():
    batch = ddz.Batch(games=4, seed=3, threads=1)
    rng = random.Random(1)
    for _ in range(30):
        batch.step(pick_random(batch, rng))
    for g in range(batch.games):
        game = batch.game(g)
        assert game.to_move == batch.to_move()[g]
        offsets, legal = batch.legal()
        assert [SPACE.index_of(a) for a in game.legal_actions()] == legal[offsets[g]:offsets[g + 1]].tolist()


class Forced:
    """A DouZero player that plays what it is told."""

    def __init__(self):
        self.action = None

    def act(self, infoset):
        return self.action


def test_douzeros_arrays_equal_the_douzero_packages_row_for_row():
    denv = pytest.importorskip("douzero.env.env")
    dgame = pytest.importorskip("douzero.env.game")
    batch = ddz.Batch(games=6, seed=11, threads=2)
    rng = random.Random(4)
    envs, forced = {}, {}

    def start(g):
        game = batch.game(g)
        seat_of = {position_of(s, game.landlord): s for s in range(3)}
        forced[g] = {p: Forced() for p in POSITIONS}
        env = dgame.GameEnv(forced[g])
        env.card_play_init({
            **{p: douzero_cards(game.hands[seat_of[p]]) for p in POSITIONS},
            "three_landlord_cards": douzero_cards(game.observation(game.landlord)["bottom"]),
        })
        envs[g] = (env, game)

    for g in range(batch.games):
        start(g)
    compared = {p: 0 for p in POSITIONS}
    while min(compared.values()) < 300:
        arrays = batch.douzero(expanded=True)
        actions = pick_random(batch, rng)
        for role, part in enumerate(arrays):
            for k, g in enumerate(part["games"]):
                env, game = envs[int(g)]
                info = env.game_infoset
                assert info.player_position == POSITIONS[role]
                rows = slice(part["offsets"][k], part["offsets"][k + 1])
                legal = [SPACE.play_of(int(i), game.observation()["hand"]) for i in part["actions"][rows]]
                info.legal_actions = [douzero_cards(a) for a in legal]
                want = denv.get_obs(info)
                assert np.array_equal(part["x_batch"][rows], want["x_batch"])
                assert np.array_equal(part["z_batch"][rows], want["z_batch"])
                assert np.array_equal(part["x_no_action"][k], want["x_no_action"])
                assert np.array_equal(part["z"][k], want["z"])
                compared[POSITIONS[role]] += 1
        _, done = batch.step(actions)
        for g in range(batch.games):
            env, game = envs[g]
            play = SPACE.play_of(int(actions[g]), game.observation()["hand"])
            forced[g][env.game_infoset.player_position].action = douzero_cards(play)
            game.step(play)
            env.step()
            assert env.game_over == bool(done[g])
            if done[g]:
                start(g)


def run(threads, steps=120):
    """A seeded batch driven by seeded random actions: everything it gave, step by step."""
    batch = ddz.Batch(games=100, seed=21, objective="adp", threads=threads)
    rng = random.Random(9)
    seen = []
    for _ in range(steps):
        offsets, legal = batch.legal()
        dz = batch.douzero()
        seen.append((offsets.tobytes(), legal.tobytes(), batch.observation().tobytes(),
                     tuple(a.tobytes() for part in dz for a in part.values())))
        rewards, done = batch.step(pick_random(batch, rng))
        seen.append((rewards.tobytes(), done.tobytes()))
    return seen


def test_a_seeded_batch_is_the_same_whatever_the_thread_count():
    one = run(1)
    assert run(2) == one
    assert run(5) == one


def test_bad_input_names_the_game_and_the_action_and_moves_no_game():
    batch = ddz.Batch(games=5, seed=2, threads=2)
    twin = ddz.Batch(games=5, seed=2, threads=1)
    rng = random.Random(3)
    good = pick_random(batch, rng)
    offsets, legal = batch.legal()
    illegal = next(i for i in range(1, SPACE.num_plays) if i not in legal[offsets[2]:offsets[3]].tolist())
    bad = good.copy()
    bad[2] = illegal
    with pytest.raises(ValueError, match=f"game 2: action {illegal} "):
        batch.step(bad)
    for value in (-1, SPACE.num_plays, 10**9):
        bad = good.copy()
        bad[4] = value
        with pytest.raises(ValueError, match=f"game 4: action {value} "):
            batch.step(bad)
    with pytest.raises(ValueError, match="shape"):
        batch.step(good[:4])
    with pytest.raises(ValueError, match="int array"):
        batch.step(good.astype(np.float64))
    with pytest.raises(ValueError, match="game 1: action 18446744073709551615"):
        batch.step(np.array([good[0], 2**64 - 1, *good[2:]], dtype=np.uint64))
    with pytest.raises(ValueError, match="objective"):
        ddz.Batch(games=2, objective="elo")
    with pytest.raises(ValueError, match="games"):
        ddz.Batch(games=0)
    with pytest.raises(ValueError, match="rules"):
        ddz.Batch(games=2, rules="poker")
    with pytest.raises(ValueError, match="no game 5"):
        batch.game(5)
    # Nothing moved: the refused batch goes on exactly as its twin that saw no bad input.
    for _ in range(50):
        assert np.array_equal(batch.observation(), twin.observation())
        assert all(np.array_equal(a, b) for a, b in zip(batch.legal(), twin.legal()))
        actions = pick_random(batch, rng)
        for x, y in zip(batch.step(actions), twin.step(actions)):
            assert np.array_equal(x, y)
