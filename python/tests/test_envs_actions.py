"""The action space (ddz.envs.actions): the same plays as the engine's generator, one index
each, in the documented order, and the index <-> play mapping on real games."""

import random

import pytest

import ddz
from ddz.envs import actions
from ddz.envs.actions import KINDS, RANK_SYMBOLS, action_space, index_of, key_of, play_of

SPACE = action_space(bidding=True)


def ranks(codes):
    return "".join(sorted((RANK_SYMBOLS[actions.rank_of(c)] for c in codes), key=RANK_SYMBOLS.index))


def test_the_plays_are_the_engines_leads_from_the_whole_deck():
    # Every play of at most 20 cards is a lead of a hand holding the whole deck: the engine's
    # generator and the space's own enumeration must list the same card sets.
    engine = {key_of(p) for p in ddz.legal_plays(tuple(range(54))) if len(p) <= actions.MAX_PLAY}
    ours = set(SPACE.index_of_key) - {0}
    assert len(ours) == SPACE.num_plays - 1 == 93_772
    assert ours == engine


def test_each_play_reads_as_the_engine_reads_it():
    for i in range(1, SPACE.num_plays):
        reading = ddz.classify(SPACE.ranks_of(i))
        assert reading is not None, SPACE.ranks_of(i)
        assert reading["kind"] == SPACE.kind_of(i), SPACE.ranks_of(i)
        assert reading["key"] == SPACE.key_of(i), SPACE.ranks_of(i)


def test_the_order_is_kind_size_key_then_ranks():
    def sort_key(i):
        text = SPACE.ranks_of(i)
        reading = ddz.classify(text)
        return (
            KINDS.index(reading["kind"]),
            len(text),
            RANK_SYMBOLS.index(reading["key"]),
            tuple(RANK_SYMBOLS.index(ch) for ch in text),
        )

    keys = [sort_key(i) for i in range(1, SPACE.num_plays)]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert SPACE.kind_of(0) == "pass" and SPACE.ranks_of(0) == ""
    assert [SPACE.ranks_of(i) for i in (1, 2, 14, 15)] == ["XD", "3333", "2222", "3"]


def test_bids_follow_the_plays():
    assert SPACE.n == SPACE.num_plays + 4
    for bid in range(4):
        i = SPACE.index_of(bid)
        assert i == SPACE.num_plays + bid and SPACE.is_bid(i) and SPACE.kind_of(i) == "bid"
        assert SPACE.action_of(i) == bid
    assert action_space(False).n == SPACE.num_plays


@pytest.mark.parametrize("rules", ["platform", "botzone"])
def test_every_legal_action_of_random_games_has_its_own_index(rules):
    rng = random.Random(58)
    positions = 0
    for seed in range(150):
        g = ddz.Game(seed=seed, bidding=True, rules=rules)
        while not g.done:
            legal = g.legal_actions()
            indices = [SPACE.index_of(a) for a in legal]
            assert len(set(indices)) == len(indices), "two legal actions share an index"
            if g.phase == "play":
                hand = g.observation()["hand"]
                for a, i in zip(legal, indices):
                    made = play_of(i, hand)
                    assert ranks(made) == ranks(a) == SPACE.ranks_of(i)
                    assert set(made) <= set(hand)
                positions += 1
            g.step(legal[rng.randrange(len(legal))])
    assert positions > 5_000


def test_play_of_takes_the_lowest_codes_of_each_rank():
    hand = ddz.parse_cards("3334445XD")
    i = index_of("333444XD")
    assert play_of(i, hand) == (0, 1, 2, 4, 5, 6, 52, 53)
    assert index_of(play_of(i, hand)) == i
    assert play_of(actions.PASS, hand) == ()


def test_bad_input_says_why():
    with pytest.raises(ValueError, match="no play"):
        index_of("3334444")
    with pytest.raises(ValueError, match="no rank"):
        index_of("333Z")
    with pytest.raises(ValueError, match="twice"):
        index_of((0, 0))
    with pytest.raises(ValueError, match="not a bid"):
        index_of(4)
    with pytest.raises(ValueError, match="no bids"):
        action_space(False).index_of(1)
    with pytest.raises(ValueError, match="does not hold"):
        play_of(index_of("33"), ddz.parse_cards("34"))
    with pytest.raises(ValueError, match="no action"):
        play_of(SPACE.n, ())


def rlcard_actions():
    """RLCard 1.2.0's doudizhu action list, where scripts/peers.sh installed RLCard (its
    jsondata.zip holds action_space.txt: the 27,472 actions as rank strings, B and R the
    jokers, 'pass' among them); None when it is not there."""
    import glob
    import os
    import zipfile

    root = os.path.join(os.path.dirname(__file__), "..", "..", "target", "peers", "rlcard", "venv")
    for path in glob.glob(os.path.join(root, "lib", "python*", "site-packages", "rlcard", "games",
                                       "doudizhu", "jsondata.zip")):
        with zipfile.ZipFile(path) as z:
            name = next(n for n in z.namelist() if n.endswith("action_space.txt"))
            return z.read(name).decode().split()
    return None


def test_rlcards_actions_are_all_in_the_space():
    listed = rlcard_actions()
    if listed is None:
        pytest.skip("RLCard is not installed in target/peers (bash scripts/peers.sh setup --only rlcard)")
    assert len(listed) == 27_472
    plays = [a.replace("B", "X").replace("R", "D") for a in listed if a != "pass"]
    indices = {SPACE.index_of(p) for p in plays}
    assert len(indices) == len(plays) == 27_471
    # RLCard lists every play our space has of the kinds without kickers, and fewer of those
    # with them: its kickers are of distinct ranks, none of a body's rank.
    by_kind = {}
    for i in indices:
        by_kind[SPACE.kind_of(i)] = by_kind.get(SPACE.kind_of(i), 0) + 1
    for i in range(1, SPACE.num_plays):
        kind = SPACE.kind_of(i)
        if kind in ("plane with single wings", "plane with pair wings", "four with two singles",
                    "four with two pairs"):
            continue
        assert i in indices, SPACE.ranks_of(i)
    ours = {}
    for i in range(1, SPACE.num_plays):
        ours[SPACE.kind_of(i)] = ours.get(SPACE.kind_of(i), 0) + 1
    for kind in ("plane with single wings", "plane with pair wings", "four with two singles",
                 "four with two pairs"):
        assert by_kind[kind] < ours[kind], kind
