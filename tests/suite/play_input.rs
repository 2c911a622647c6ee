//! What a person types at the table, read: plays in human notation in any order and case,
//! bids, and every refusal saying why; what is accepted is exactly the move generator's legal
//! set, and a refused bid offers exactly the bids the tracker allows.

use ddz::cards::{Cards, Counts, Rank};
use ddz::game::{IllegalBid, IllegalPlay};
use ddz::play::{read_bid, read_pass, read_play, Refusal};
use ddz::rules::{classify, legal_plays, Combo, Kind, Platform};

fn hand(text: &str) -> Cards {
    Cards::parse_any(text).unwrap()
}

#[test]
fn human_notation_in_any_order_and_case() {
    let h = hand("33344TTJQKA2XD");
    let (cards, combo) = read_play("43433", h, None).unwrap();
    assert_eq!(combo.kind, Kind::TriplePair);
    assert!(h.contains_all(cards) && cards.len() == 5);
    for rocket in ["xd", "DX", "d x"] {
        assert_eq!(read_play(rocket, h, None).unwrap().1.kind, Kind::Rocket);
    }
    for ten in ["10", "t", "T"] {
        assert_eq!(read_play(ten, h, None).unwrap().1.key, Rank::TEN);
    }
    assert_eq!(read_play("10 10", h, None).unwrap().1.kind, Kind::Pair);
}

#[test]
fn every_refusal_says_why() {
    let h = hand("33344TJQK2");
    assert!(matches!(
        read_play("zz", h, None),
        Err(Refusal::Unreadable(..))
    ));
    let not_held = read_play("3333", h, None).unwrap_err();
    match &not_held {
        Refusal::Illegal(reason) => assert_eq!(reason.missing(), [(Rank::THREE, 4, 3)]),
        other => panic!("{:?}", other),
    }
    assert!(not_held.to_string().contains("you hold 333, not 3333"));
    assert!(read_play("AA", h, None)
        .unwrap_err()
        .to_string()
        .contains("you hold no A"));
    assert_eq!(
        read_play("34", h, None),
        Err(Refusal::Illegal(IllegalPlay::NotAPlay {
            cards: "34".parse().unwrap(),
            platform: Platform::Canonical
        }))
    );
    let on = classify("Q".parse().unwrap()).unwrap();
    let low = read_play("J", h, Some(&on)).unwrap_err();
    assert!(matches!(
        low,
        Refusal::Illegal(IllegalPlay::DoesNotBeat { .. })
    ));
    assert!(low.to_string().contains("not above"), "{}", low);
    let other = read_play("44", h, Some(&on)).unwrap_err();
    assert!(other.to_string().contains("needs a single"), "{}", other);
    assert_eq!(
        read_pass(None),
        Err(Refusal::Illegal(IllegalPlay::PassOnLead))
    );
    assert_eq!(read_pass(Some(&on)), Ok(()));
    let not_a_bid = |text: &str| Refusal::NotABid {
        text: text.into(),
        highest: 0,
    };
    assert_eq!(read_bid("x", 0), Err(not_a_bid("x")));
    assert_eq!(
        read_bid("4", 0),
        Err(Refusal::Bid(IllegalBid::NoSuchBid { bid: 4, highest: 0 }))
    );
    assert_eq!(
        read_bid("2", 2),
        Err(Refusal::Bid(IllegalBid::NotAbove { bid: 2, highest: 2 }))
    );
    assert_eq!(read_bid(" 0 ", 3), Ok(0));
    assert_eq!(read_bid("3", 2), Ok(3));
}

/// The digits a refusal offers as bids (`0 (no bid), 2 or 3` offers 0, 2 and 3).
fn offered(refusal: &Refusal) -> Vec<u8> {
    let text = refusal.to_string();
    text.rsplit(": ")
        .next()
        .unwrap()
        .chars()
        .filter_map(|c| c.to_digit(10))
        .map(|d| d as u8)
        .collect()
}

#[test]
fn a_refused_bid_offers_exactly_the_bids_the_tracker_allows() {
    use ddz::game::{GameState, Seat};
    // Every bidding so far that leaves C to bid (0 is no bid), on the tracker's rule.
    for a in 0..=3u8 {
        for b in (0..=3u8).filter(|&b| b == 0 || b > a) {
            let mut state = GameState::new(Seat::C, Cards::EMPTY);
            state.record_bid(Seat::A, a).unwrap();
            state.record_bid(Seat::B, b).unwrap();
            let allowed: Vec<u8> = (0..=9).filter(|&x| state.bid_is_legal(x)).collect();
            let highest = state.highest_bid();
            let accepted: Vec<u8> = (0..=9)
                .filter(|x| read_bid(&x.to_string(), highest).is_ok())
                .collect();
            assert_eq!(accepted, allowed, "after A {} B {}", a, b);
            let garbage = read_bid("zz", highest).unwrap_err();
            assert_eq!(offered(&garbage), allowed, "{}", garbage);
            for x in (1..=3).filter(|x| !allowed.contains(x)) {
                let low = read_bid(&x.to_string(), highest).unwrap_err();
                assert!(matches!(low, Refusal::Bid(_)), "{}", low);
                assert_eq!(offered(&low), allowed, "{}", low);
            }
        }
    }
}

#[test]
fn what_is_accepted_is_exactly_the_generators_legal_set() {
    // Every sub-multiset of a small hand, typed as text, on every target from the hand's
    // own plays: accepted exactly when the move generator lists it.
    let h = hand("3334445566");
    let counts = h.counts();
    let mut subsets = vec![Counts::EMPTY];
    for r in counts.ranks() {
        let mut next = Vec::new();
        for s in &subsets {
            for n in 0..=counts.get(r) {
                next.push(s.with_added(r, n));
            }
        }
        subsets = next;
    }
    let mut targets: Vec<Option<Combo>> = vec![None];
    targets.extend(legal_plays(counts, None).into_iter().map(Some));
    for target in &targets {
        let legal = legal_plays(counts, target.as_ref());
        for s in subsets.iter().filter(|s| !s.is_empty()) {
            let accepted = read_play(&s.to_string(), h, target.as_ref()).is_ok();
            let listed = legal.iter().any(|c| c.cards == *s);
            assert_eq!(accepted, listed, "{} on {:?}", s, target);
        }
    }
}
