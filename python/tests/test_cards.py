"""Cards and rules from Python: every notation the project reads, the readings of plays on
each platform, comparison, and the legal plays checked against ``ddz moves``."""

import random

import pytest

import ddz
from engine_cli import moves


@pytest.mark.parametrize(
    "text, codes",
    [
        ("33344", (0, 1, 2, 4, 5)),
        ("3 3 4", (0, 1, 4)),
        ("10JQKA", (28, 32, 36, 40, 44)),
        ("TJQKA", (28, 32, 36, 40, 44)),
        ("XD", (52, 53)),
        ("2", (48,)),
        ("0,4,5", (0, 4, 5)),
        ("53,0", (0, 53)),
        ("45,", (45,)),
        ((7, 3, 52), (3, 7, 52)),
        ([], ()),
    ],
)
def test_every_notation_reads_to_codes(text, codes):
    assert ddz.parse_cards(text) == codes


@pytest.mark.parametrize(
    "bad, why",
    [
        ("33Z", "'Z' is not a card"),
        ("3,60", "'60' is out of range"),
        ("3,3", "card 3 is listed twice"),
        ("XX", "more X than the deck holds"),
        ("33333", "more 3 than the deck holds"),
        ("", "no cards given"),
        ((1, 1), "card 1 is listed twice"),
        ((54,), "card code 54 is not an int from 0 to 53"),
        ((-1,), "card code -1 is not an int from 0 to 53"),
        (("3",), "card code '3' is not an int"),
        ((True,), "card code True is not an int"),
        (3, "not int"),
    ],
)
def test_malformed_cards_raise_a_value_error_naming_the_fault(bad, why):
    with pytest.raises(ValueError) as e:
        ddz.parse_cards(bad)
    assert why in str(e.value)


def test_cards_written_read_back():
    rng = random.Random(1)
    for _ in range(200):
        cards = tuple(sorted(rng.sample(range(54), rng.randint(1, 20))))
        assert ddz.parse_cards(ddz.format_cards(cards, notation="codes")) == cards
        ranks = ddz.format_cards(cards)
        # Rank notation keeps the ranks: read back, the lowest codes of each rank.
        assert ddz.format_cards(ddz.parse_cards(ranks)) == ranks
    assert ddz.format_cards((0, 1, 4, 52, 53)) == "334XD"
    assert ddz.format_cards((0, 1, 4, 52, 53), notation="codes") == "0,1,4,52,53"
    with pytest.raises(ValueError, match="unknown notation"):
        ddz.format_cards((0,), notation="suits")


def test_plays_are_classified_as_each_platform_reads_them():
    plane = ddz.classify("33334444")
    assert plane["kind"] == "plane with single wings"
    assert plane["key"] == "4" and plane["length"] == 2 and plane["size"] == 8
    assert plane["ambiguous"]
    assert ddz.classify("33334444", rules="sample2015")["kind"] == "four with two pairs"
    assert ddz.classify("33334444", rules="botzone")["kind"] == "shuttle"
    assert ddz.classify("34567")["kind"] == "straight"
    assert ddz.classify("XD")["kind"] == "rocket"
    assert ddz.classify("34") is None
    assert ddz.classify("JQKA2") is None
    # Four with two singles of one rank: a play by the official table, none on Botzone.
    assert ddz.classify("333355")["kind"] == "four with two singles"
    assert ddz.classify("333355", rules="botzone") is None
    with pytest.raises(ValueError, match="unknown rules 'botzon'"):
        ddz.classify("3", rules="botzon")


def test_beats_compares_as_the_rules_say():
    assert ddz.beats("44", "33")
    assert not ddz.beats("33", "44")
    assert ddz.beats("3333", "22")
    assert ddz.beats("XD", "2222")
    assert not ddz.beats("2222", "XD")
    assert not ddz.beats("34567", "33")
    assert not ddz.beats("34", "33"), "no play beats nothing"
    assert ddz.beats("44445555", "33334444", rules="botzone")
    with pytest.raises(ValueError, match="target 34 is no play"):
        ddz.beats("55", "34")


def test_legal_plays_of_a_small_hand():
    assert ddz.legal_plays("334") == [(0,), (4,), (0, 1)]
    assert ddz.legal_plays("334", after="3") == [(4,), ()]
    assert ddz.legal_plays("3345XD", after="2") == [(52, 53), (52,), (53,), ()]


def random_hand(rng: random.Random, size: int) -> tuple:
    return tuple(sorted(rng.sample(range(54), size)))


def test_legal_plays_agree_with_ddz_moves_on_generated_hands():
    """150 generated hands, each as a lead and after a play drawn from another hand's leads:
    the same plays in the same order as the command line prints them."""
    rng = random.Random(58)
    checked = 0
    for _ in range(150):
        deck = list(range(54))
        rng.shuffle(deck)
        hand = tuple(sorted(deck[: rng.randint(1, 20)]))
        other = tuple(sorted(deck[20 : 20 + rng.randint(1, 20)]))
        text = ddz.format_cards(hand, notation="codes")
        mine = [ddz.format_cards(p) for p in ddz.legal_plays(hand)]
        assert mine == moves(text), text
        target = rng.choice(ddz.legal_plays(other))
        after = ddz.format_cards(target, notation="codes")
        mine = [ddz.format_cards(p) if p else "pass" for p in ddz.legal_plays(hand, after=target)]
        assert mine == moves(text, follow=after), (text, after)
        checked += 2
    assert checked == 300


def test_legal_plays_are_the_plays_the_rules_accept():
    """Generator against classifier: every subset of a small hand is listed exactly when it
    is a play (as a lead) or beats the target (as an answer)."""
    rng = random.Random(3)
    for _ in range(40):
        hand = random_hand(rng, 9)
        leads = {ddz.format_cards(p) for p in ddz.legal_plays(hand)}
        target = rng.choice(ddz.legal_plays(random_hand(rng, 12)))
        answers = {ddz.format_cards(p) for p in ddz.legal_plays(hand, after=target) if p}
        subsets = {ddz.format_cards(tuple(c for i, c in enumerate(hand) if m >> i & 1))
                   for m in range(1, 1 << len(hand))}
        for ranks in subsets:
            assert (ranks in leads) == (ddz.classify(ranks) is not None), ranks
            assert (ranks in answers) == ddz.beats(ranks, target), (ranks, target)


def test_botzone_legal_plays_are_the_plays_its_judge_accepts_but_winged_shuttles():
    """Botzone's variant: on hands holding consecutive fours, every subset is listed exactly
    when Botzone's judge reads it as a play (or lets it beat the target), except its space
    shuttles with wings, which the engine's generator does not make (docs/python.md); the
    plain shuttle is listed."""
    rng = random.Random(17)
    kinds = set()
    winged = {"shuttle with single wings", "shuttle with pair wings"}
    for _ in range(25):
        low = rng.randint(0, 9)
        fours = tuple(range(4 * low, 4 * low + 8))
        others = [r for r in range(13) if r not in (low, low + 1)]
        if rng.random() < 0.5:
            rest = rng.sample([c for c in range(54) if c // 4 in others or c > 51], 7)
        else:
            # Pairs of four other ranks: the wings of a shuttle with pairs.
            rest = [4 * r + k for r in rng.sample(others, 4) for k in (0, 1)]
        hand = tuple(sorted(fours + tuple(rest)))
        leads = {ddz.format_cards(p) for p in ddz.legal_plays(hand, rules="botzone")}
        target = rng.choice(ddz.legal_plays(hand, rules="botzone"))
        answers = {ddz.format_cards(p)
                   for p in ddz.legal_plays(hand, after=target, rules="botzone") if p}
        ranks_seen = set()
        for m in range(1, 1 << len(hand)):
            ranks = ddz.format_cards(tuple(c for i, c in enumerate(hand) if m >> i & 1))
            if ranks in ranks_seen:
                continue
            ranks_seen.add(ranks)
            reading = ddz.classify(ranks, rules="botzone")
            kind = reading and reading["kind"]
            kinds.add(kind)
            listed = reading is not None and kind not in winged
            assert (ranks in leads) == listed, ranks
            beats = ddz.beats(ranks, target, rules="botzone") and kind not in winged
            assert (ranks in answers) == beats, (ranks, target)
    assert {"shuttle"} | winged <= kinds, kinds
