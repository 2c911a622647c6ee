"""ddz.Game: seeded deals that replay identically, the bidding, every refusal leaving the game
as it was, the legal actions against ``ddz moves`` and the rules' own judge, the score."""

import random

import pytest

import ddz
from engine_cli import moves

KEYS = {"seat", "phase", "hand", "landlord", "bottom", "counts", "bids", "plays", "to_beat",
        "played", "base", "bombs"}


def snapshot(game: ddz.Game) -> tuple:
    """Everything a game shows: each seat's observation, the hands, whose turn, the actions."""
    return (
        [game.observation(s) for s in range(3)],
        game.hands,
        game.phase,
        game.to_move,
        game.legal_actions(),
        game.winner,
    )


def play_out(game: ddz.Game, rng: random.Random, record: list = None) -> ddz.Game:
    while not game.done:
        if record is not None:
            record.append(snapshot(game))
        game.step(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("bidding", [False, True])
@pytest.mark.parametrize("rules", ["platform", "botzone"])
def test_a_seeded_game_replays_identically(bidding, rules):
    for seed in range(20):
        first, second = [], []
        a = play_out(ddz.Game(seed=seed, bidding=bidding, rules=rules), random.Random(seed), first)
        b = play_out(ddz.Game(seed=seed, bidding=bidding, rules=rules), random.Random(seed), second)
        assert first == second
        assert a.scores() == b.scores() and a.winner == b.winner
        assert a.observation(0) == b.observation(0)


def test_the_deal_is_whole_and_the_seed_is_kept():
    g = ddz.Game(seed=11)
    hands = g.hands
    assert g.seed == 11 and g.rules == "platform"
    assert len(hands[0]) == 20 and len(hands[1]) == len(hands[2]) == 17
    bottom = g.observation()["bottom"]
    assert set(bottom) <= set(hands[0])
    assert sorted(c for h in hands for c in h) == list(range(54))
    assert ddz.Game(seed=12).hands != hands
    unseeded = ddz.Game()
    assert ddz.Game(seed=unseeded.seed).hands == unseeded.hands
    b = ddz.Game(seed=11, bidding=True)
    assert [len(h) for h in b.hands] == [17, 17, 17]
    assert b.observation(1)["bottom"] is None and b.phase == "bid" and b.to_move == 0
    assert ddz.Game(seed=11, landlord=2).to_move == 2


def test_a_game_deals_what_the_arena_deals_from_the_seed(tmp_path):
    from engine_cli import run
    path = tmp_path / "deals.dat"
    run("arena", "--games", "3", "--seed", "5", "--save-deals", str(path), "--players",
        "builtin:random", "builtin:random", "builtin:random", "--no-progress")
    lines = [tuple(sorted(int(c) for c in line.split())) for line in path.read_text().splitlines()
             if line.strip()]
    for i in range(3):
        g = ddz.Game(seed=5, deal=i, bidding=True)
        assert g.hands == tuple(lines[4 * i: 4 * i + 3])
        g = ddz.Game(seed=5, deal=i, landlord=0)
        assert g.observation()["bottom"] == lines[4 * i + 3]
    assert ddz.Game(seed=5).hands == ddz.Game(seed=5, deal=0).hands


def test_an_observation_shows_the_seat_and_the_public_record():
    rng = random.Random(5)
    g = ddz.Game(seed=5, landlord=1)
    dealt = g.hands
    while not g.done:
        for seat in range(3):
            obs = g.observation(seat)
            assert set(obs) == KEYS
            assert obs["seat"] == seat and obs["hand"] == g.hands[seat]
            assert obs["counts"] == tuple(len(h) for h in g.hands)
            assert obs["landlord"] == 1 and obs["base"] == 1
            # What each seat played and what it holds make what it was dealt.
            assert sorted(obs["played"][seat] + obs["hand"]) == list(dealt[seat])
            played = [c for s, p in obs["plays"] if s == seat for c in p]
            assert sorted(played) == list(obs["played"][seat])
        obs = g.observation()
        assert obs["seat"] == g.to_move
        last = [p for _, p in obs["plays"] if p]
        if obs["to_beat"] is not None:
            assert obs["to_beat"] == last[-1]
            assert () in g.legal_actions()
        else:
            assert () not in g.legal_actions()
        g.step(rng.choice(g.legal_actions()))
    obs = g.observation(0)
    bombs = sum(1 for _, p in obs["plays"] if is_bomb(p))
    assert obs["bombs"] == bombs


def is_bomb(play: tuple) -> bool:
    return play == (52, 53) or (len(play) == 4 and len({c // 4 for c in play}) == 1)


def test_the_bidding_follows_the_platform():
    g = ddz.Game(seed=1, bidding=True)
    assert g.legal_actions() == [0, 1, 2, 3]
    g.step(1)
    assert g.to_move == 1 and g.legal_actions() == [0, 2, 3]
    g.step(0)
    g.step(2)
    assert g.phase == "play" and g.landlord == 2 and g.to_move == 2
    obs = g.observation(0)
    assert obs["bids"] == [(0, 1), (1, 0), (2, 2)] and obs["base"] == 2
    assert len(g.hands[2]) == 20 and obs["bottom"] is not None
    # A 3 ends the bidding at once.
    g = ddz.Game(seed=1, bidding=True)
    g.step(0)
    g.step(3)
    assert g.phase == "play" and g.landlord == 1
    # Nobody bids: no game, no score (the platform deals again).
    g = ddz.Game(seed=1, bidding=True)
    for _ in range(3):
        g.step(0)
    assert g.done and g.winner is None and g.landlord is None and g.scores() == (0, 0, 0)
    # Botzone: the first bidder takes it at stake 1.
    g = ddz.Game(seed=1, bidding=True, rules="botzone")
    for _ in range(3):
        g.step(0)
    assert g.phase == "play" and g.landlord == 0 and g.observation()["base"] == 1


def first_play(g: ddz.Game):
    return next(a for a in g.legal_actions() if a)


def refusals(g: ddz.Game):
    """Bad actions for the position of `g`, each with what its message must say."""
    obs = g.observation()
    hand = obs["hand"]
    not_held = tuple(c for c in range(54) if c not in hand)[:1]
    bad = [
        (None, "an action is an int bid or a tuple"),
        (3.5, "an action is an int bid or a tuple"),
        ("33", "an action is an int bid or a tuple"),
        (True, "an action is an int bid or a tuple"),
        ((99,), "card code 99 is not an int from 0 to 53"),
        ((hand[0], hand[0]), "listed twice"),
        (("a",), "card code 'a' is not an int"),
    ]
    if g.phase == "bid":
        bad += [(4, "bid 4 is not an int from 0 to 3"), (-1, "bid -1 is not"),
                ((hand[0],), "is to bid")]
    else:
        bad += [(1, "is to play"), (not_held, "not in"), ]
        if obs["to_beat"] is None:
            bad.append(((), "leads: a pass is not allowed"))
        else:
            bad.append(((hand[0],) if not ddz.beats((hand[0],), obs["to_beat"]) else None, None))
    other = (g.to_move + 1) % 3
    return [(a, why) for a, why in bad if why], other


def test_every_bad_action_raises_and_changes_nothing():
    rng = random.Random(9)
    positions = 0
    for seed in range(12):
        g = ddz.Game(seed=seed, bidding=True)
        while not g.done:
            before = snapshot(g)
            bad, other = refusals(g)
            for action, why in bad:
                with pytest.raises(ValueError) as e:
                    g.step(action)
                assert why in str(e.value), (action, str(e.value))
                assert snapshot(g) == before, action
            with pytest.raises(ValueError, match="is not to move"):
                g.step(g.legal_actions()[0], seat=other)
            with pytest.raises(ValueError, match="index .* is not an int from 0 to"):
                g.step_index(g.legal_action_count())
            assert snapshot(g) == before
            positions += 1
            g.step(rng.choice(g.legal_actions()), seat=g.to_move)
        over = snapshot(g)
        for action in [0, (), (1,), None]:
            with pytest.raises(ValueError, match="the game is over"):
                g.step(action)
        with pytest.raises(ValueError, match="the game is over"):
            g.step_index(0)
        with pytest.raises(ValueError, match="the game is over"):
            g.observation()
        assert snapshot(g) == over and g.legal_actions() == []
    assert positions > 300


def test_a_play_that_does_not_beat_is_refused_with_the_reason():
    """Answers too low, or of another kind, are refused in the rules' words."""
    rng = random.Random(6)
    refused = {"too low": 0, "other kind": 0}
    for seed in range(30):
        g = ddz.Game(seed=seed)
        while not g.done:
            obs = g.observation()
            target = obs["to_beat"]
            if target and len(target) == 1:
                lower = [(c,) for c in obs["hand"] if not ddz.beats((c,), target)]
                pairs = [p for p in ddz.legal_plays(obs["hand"]) if len(p) == 2 and p != (52, 53)]
                before = snapshot(g)
                for bad, why, count in [(lower, "is not above", "too low"),
                                        (pairs, "needs a single", "other kind")]:
                    if bad:
                        with pytest.raises(ValueError, match=why):
                            g.step(bad[0])
                        assert snapshot(g) == before
                        refused[count] += 1
            g.step(rng.choice(g.legal_actions()))
    assert min(refused.values()) > 10, refused


def test_scores_are_the_official_rules():
    """The score read again from the plays: 100 × base × multiplier a farmer, twice that the
    landlord, × (1 + bombs) when bombs were played, × 2 for the rocket, × 2 for a spring or
    an anti-spring; zero-sum."""
    rng = random.Random(4)
    for seed in range(200):
        g = play_out(ddz.Game(seed=seed, bidding=True), rng)
        scores = g.scores()
        assert sum(scores) == 0
        if g.landlord is None:
            assert scores == (0, 0, 0)
            continue
        obs = g.observation(0)
        plays = [(s, p) for s, p in obs["plays"] if p]
        bombs = sum(1 for _, p in plays if is_bomb(p) and p != (52, 53))
        rocket = any(p == (52, 53) for _, p in plays)
        lord = g.landlord
        spring = g.winner == lord and all(s == lord for s, _ in plays)
        anti = g.winner != lord and sum(1 for s, _ in plays if s == lord) == 1
        multiplier = (1 + bombs if bombs else 1) * (2 if rocket else 1) * (2 if spring or anti else 1)
        unit = 100 * obs["base"] * multiplier
        sign = 1 if g.winner == lord else -1
        assert scores[lord] == 2 * sign * unit
        assert all(scores[s] == -sign * unit for s in range(3) if s != lord)
    with pytest.raises(ValueError, match="the game is not over"):
        ddz.Game(seed=1).scores()


def test_botzone_scores_double_per_bomb():
    rng = random.Random(8)
    for seed in range(100):
        g = play_out(ddz.Game(seed=seed, rules="botzone"), rng)
        obs = g.observation(0)
        plays = [(s, p) for s, p in obs["plays"] if p]
        doublings = sum(1 for _, p in plays if is_bomb(p))
        lord = g.landlord
        spring = (g.winner == lord and all(s == lord for s, _ in plays)) or (
            g.winner != lord and sum(1 for s, _ in plays if s == lord) == 1)
        stake = 100 * 2 ** (doublings + spring)
        sign = 1 if g.winner == lord else -1
        assert g.scores()[lord] == 2 * sign * stake and sum(g.scores()) == 0


def test_the_legal_actions_agree_with_ddz_moves_in_played_positions():
    """Positions of random games (leads and answers, every seat): the same plays as the
    command line lists for that hand after that play."""
    rng = random.Random(21)
    checked = 0
    for seed in range(40):
        g = ddz.Game(seed=seed, landlord=seed % 3)
        for _ in range(rng.randint(0, 25)):
            if g.done:
                break
            g.step(rng.choice(g.legal_actions()))
        if g.done:
            continue
        obs = g.observation()
        hand = ddz.format_cards(obs["hand"], notation="codes")
        after = obs["to_beat"] and ddz.format_cards(obs["to_beat"], notation="codes")
        mine = sorted(ddz.format_cards(a) if a else "pass" for a in g.legal_actions())
        assert mine == sorted(moves(hand, after)), (hand, after)
        checked += 1
    assert checked >= 30


def test_every_listed_action_is_accepted_and_step_index_is_step():
    rng = random.Random(13)
    for seed in range(30):
        g = ddz.Game(seed=seed, bidding=True, rules=rng.choice(["platform", "botzone"]))
        while not g.done:
            actions = g.legal_actions()
            assert g.legal_action_count() == len(actions)
            for a in actions:
                copy = g.clone()
                copy.step(a)
            i = rng.randrange(len(actions))
            by_index, by_step = g.clone(), g.clone()
            by_index.step_index(i)
            by_step.step(actions[i])
            assert snapshot(by_index) == snapshot(by_step)
            g = by_index


def test_a_clone_is_independent():
    g = ddz.Game(seed=3)
    c = g.clone()
    g.step(first_play(g))
    assert c.observation(0)["plays"] == [] and len(g.observation(0)["plays"]) == 1
    import copy
    assert copy.deepcopy(g).observation(0) == g.observation(0)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown rules"):
        ddz.Game(rules="plattform")
    with pytest.raises(ValueError, match="seat 3 is not an int from 0 to 2"):
        ddz.Game(landlord=3)
    with pytest.raises(ValueError, match="landlord= is for a game without bidding"):
        ddz.Game(bidding=True, landlord=1)
    with pytest.raises(ValueError, match="seat 5 is not"):
        ddz.Game(seed=1).observation(5)


def test_legal_keys_pack_the_legal_plays_rank_counts_in_order():
    from ddz.envs.actions import key_of

    rng = random.Random(7)
    for seed in range(20):
        g = ddz.Game(seed=seed, bidding=True, rules=rng.choice(["platform", "botzone"]))
        while not g.done:
            if g.phase == "bid":
                with pytest.raises(ValueError):
                    g.legal_keys()
            else:
                assert g.legal_keys() == [key_of(a) for a in g.legal_actions()]
            g.step_index(rng.randrange(g.legal_action_count()))
        assert g.legal_keys() == []
