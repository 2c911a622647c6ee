//! Ranks, card sets and rank counts: the bit tricks against counting, parsing and printing.

use ddz_core::cards::{Cards, Counts, ParseError, Rank};

/// Nibble mask with 1 in every rank's lowest bit: the only bits a nibble mask of ranks sets.
const LOW_BITS: u64 = 0x0111_1111_1111_1111;

/// The rank of index `index` (0 for 3, up to 14 for the big joker).
fn rank(index: u8) -> Rank {
    Rank::new(index).unwrap()
}

/// Every multiset with at most `max` cards of each of the first few ranks and one fixed
/// tail, so the bit tricks meet every count they can see in a hand.
fn small_multisets(max: u8) -> Vec<Counts> {
    let tail: Counts = "9TTJJJQQQQKA2XD".parse().unwrap();
    let mut out = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            for c in 0..=max {
                out.push(
                    tail.with_added(Rank::THREE, a)
                        .with_added(rank(1), b)
                        .with_added(rank(2), c),
                );
            }
        }
    }
    out
}

#[test]
fn holds_is_rank_by_rank_containment() {
    let sets = small_multisets(4);
    let parts: Vec<Counts> = small_multisets(4)
        .into_iter()
        .map(|c| Counts(c.0 & 0xFFF))
        .chain(
            ["33344", "2XD", "JJJJ", "QQQQKKK"]
                .iter()
                .map(|t| t.parse().unwrap()),
        )
        .collect();
    for &set in &sets {
        for &part in &parts {
            let by_rank = Rank::ALL.iter().all(|&r| set.get(r) >= part.get(r));
            assert_eq!(set.holds(part), by_rank, "{} holds {}", set, part);
        }
    }
}

#[test]
fn rank_masks_match_counting() {
    for hand in small_multisets(4) {
        for n in 1..=4u8 {
            let nibbles = hand.nibbles_with_at_least(n);
            let ranks = hand.ranks_with_at_least(n);
            for r in Rank::ALL {
                let enough = hand.get(r) >= n;
                assert_eq!(
                    nibbles >> (4 * r.index()) & 1 == 1,
                    enough,
                    "{} {}",
                    hand,
                    n
                );
                assert_eq!(ranks >> r.index() & 1 == 1, enough, "{} {}", hand, n);
            }
            assert_eq!(nibbles & !LOW_BITS, 0);
        }
        let per_rank = hand.per_rank();
        assert_eq!(
            per_rank.iter().map(|&c| u32::from(c)).sum::<u32>(),
            hand.total()
        );
        for r in Rank::ALL {
            assert_eq!(per_rank[r.index()], hand.get(r));
        }
    }
}

#[test]
fn counts_of_concrete_cards() {
    let cards = Cards::parse_codes("0,1,2,4,52,53,51").unwrap();
    let c = cards.counts();
    assert_eq!(c.get(Rank::THREE), 3);
    assert_eq!(c.get(rank(1)), 1);
    assert_eq!(c.get(Rank::TWO), 1);
    assert_eq!(c.get(Rank::SMALL_JOKER), 1);
    assert_eq!(c.get(Rank::BIG_JOKER), 1);
    assert_eq!(c.total(), 7);
    assert_eq!(c.to_string(), "33342XD");
}

#[test]
fn human_round_trip_and_ten() {
    let c: Counts = "10 10 J 3".parse().unwrap();
    assert_eq!(c.to_string(), "3TTJ");
    assert_eq!("3TTJ".parse::<Counts>().unwrap(), c);
    assert_eq!(
        "33333".parse::<Counts>(),
        Err(ParseError::TooMany(Rank::THREE))
    );
    assert_eq!(
        "XX".parse::<Counts>(),
        Err(ParseError::TooMany(Rank::SMALL_JOKER))
    );
    assert!(matches!("3Z".parse::<Counts>(), Err(ParseError::BadToken(t)) if t == "Z"));
}

#[test]
fn code_errors_name_the_token() {
    assert_eq!(
        Cards::parse_codes("1,54"),
        Err(ParseError::OutOfRange("54".into()))
    );
    assert_eq!(Cards::parse_codes("1,1"), Err(ParseError::Repeated(1)));
    assert_eq!(Cards::parse_codes(" , "), Err(ParseError::Empty));
    assert_eq!(
        Cards::parse_codes("1,a"),
        Err(ParseError::BadToken("a".into()))
    );
    assert_eq!(Cards::parse_codes("53,0,9").unwrap().to_codes(), "0,9,53");
}

#[test]
fn pick_takes_lowest_codes_of_each_rank() {
    let hand = Cards::parse_codes("1,2,3,5,52").unwrap();
    let pick = hand.pick("33X".parse().unwrap()).unwrap();
    assert_eq!(pick.to_codes(), "1,2,52");
    assert_eq!(hand.pick("44".parse().unwrap()), None);
}

#[test]
fn run_total_lowest_highest() {
    let r = Counts::run(rank(2), rank(5), 2);
    assert_eq!(r.to_string(), "55667788");
    assert_eq!(r.total(), 8);
    assert_eq!(r.lowest(), Some(rank(2)));
    assert_eq!(r.highest(), Some(rank(5)));
    assert_eq!(Cards::DECK.counts().total(), 54);
}

#[test]
fn the_codes_are_each_card_once_ascending_and_count_down() {
    let mut rng = fastrand::Rng::with_seed(2);
    for _ in 0..500 {
        let set = Cards(rng.u64(..) & Cards::DECK.0);
        let mut codes = set.codes();
        assert_eq!(codes.len(), set.len());
        let listed: Vec<u8> = codes.by_ref().take(3).collect();
        assert_eq!(codes.len(), set.len() - listed.len());
        let all: Vec<u8> = set.codes().collect();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all.iter().copied().collect::<Cards>(), set);
        assert!(all.iter().all(|&c| set.contains_all(Cards::single(c))));
    }
}
