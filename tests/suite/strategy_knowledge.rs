//! Card knowledge and the bidder: the chance a seat can beat a group is checked against an
//! exhaustive count over every way the unseen cards could lie, the pass rule lowers it, and the
//! bidder's answers are legal and follow the hand's strength.

use ddz::cards::{Cards, Counts, Rank};
use ddz::game::{GameState, Seat};
use ddz::rules::classify;
use ddz::strategy::Knowledge;
use ddz::strategy::RulesPlayer;
use ddz::strategy::Strategy;
use ddz::time::Deadline;

/// A game where we (B) hold `hand`, A is landlord with `left_a` cards, C holds the rest of
/// `unseen`; every other card has been played.
fn endgame(hand: &str, unseen: &str, left_a: u8) -> GameState {
    let hand = Cards::parse_any(hand).unwrap();
    let unseen_counts: Counts = unseen.parse().unwrap();
    let unseen = Cards::DECK.minus(hand).pick(unseen_counts).unwrap();
    let mut s = GameState::new(Seat::B, hand);
    s.landlord = Some(Seat::A);
    s.played[Seat::C] = Cards::DECK.minus(hand).minus(unseen);
    s.cards_left[Seat::B] = hand.len() as u8;
    s.cards_left[Seat::A] = left_a;
    s.cards_left[Seat::C] = unseen.len() as u8 - left_a;
    s
}

/// Exact chance over every subset of the unseen cards the landlord may hold.
fn exhaustive(state: &GameState, beats: impl Fn(Counts) -> bool) -> f64 {
    let codes: Vec<u8> = state.unseen().codes().collect();
    let n = state.cards_left[Seat::A] as u32;
    let (mut yes, mut all) = (0u64, 0u64);
    for mask in 0u32..(1 << codes.len()) {
        if mask.count_ones() != n {
            continue;
        }
        let held = codes
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &c)| c)
            .collect::<Cards>();
        all += 1;
        if beats(held.counts()) {
            yes += 1;
        }
    }
    yes as f64 / all as f64
}

#[test]
fn one_answer_chance_is_exact() {
    // Only a pair of aces beats our pair of kings; the landlord holds 4 of the 10 unseen cards.
    let state = endgame("KK", "AA33456789", 4);
    let know = Knowledge::from_state(&state);
    let kk = classify("KK".parse().unwrap()).unwrap();
    let ours = know.beat_chance(Seat::A, &kk);
    let exact = exhaustive(&state, |h| h.get(Rank::ACE) >= 2);
    assert!((ours - exact).abs() < 1e-9, "{} vs {}", ours, exact);
}

#[test]
fn several_answers_chance_is_close() {
    // Any of Q, K, A beats our J: ranks are taken as independent, so close but not exact.
    let state = endgame("J", "QKA3456789", 4);
    let know = Knowledge::from_state(&state);
    let j = classify("J".parse().unwrap()).unwrap();
    let ours = know.beat_chance(Seat::A, &j);
    let exact = exhaustive(&state, |h| {
        h.get(Rank::new(9).unwrap()) + h.get(Rank::new(10).unwrap()) + h.get(Rank::ACE) > 0
    });
    assert!((ours - exact).abs() < 0.1, "{} vs {}", ours, exact);
    // No card above the 2 is unseen: nothing beats it.
    let two = classify("2".parse().unwrap()).unwrap();
    assert_eq!(know.beat_chance(Seat::A, &two), 0.0);
}

#[test]
fn known_bottom_cards_count_as_held() {
    // The landlord still holds the bottom's ace: it certainly beats our king.
    let mut state = endgame("K", "3456789", 4);
    let ace = Cards::DECK
        .minus(state.hand)
        .pick("A".parse().unwrap())
        .unwrap();
    state.played[Seat::C] = state.played[Seat::C].minus(ace);
    state.bottom = ace;
    let know = Knowledge::from_state(&state);
    let k = classify("K".parse().unwrap()).unwrap();
    assert_eq!(know.beat_chance(Seat::A, &k), 1.0);
}

#[test]
fn a_pass_on_a_small_single_lowers_the_chance() {
    let mut state = GameState::new(Seat::B, Cards::parse_any("3456789TJQKA2").unwrap());
    state
        .set_landlord(Seat::C, Cards::parse_codes("52,53,51").unwrap())
        .unwrap();
    let before = Knowledge::from_state(&state);
    // C (landlord) leads a 5; A passes although it was C's (its enemy's) small single.
    let five = Cards::DECK
        .minus(state.hand)
        .minus(state.bottom)
        .pick("5".parse().unwrap());
    state.record_play(Seat::C, five).unwrap();
    state.record_play(Seat::A, None).unwrap();
    let after = Knowledge::from_state(&state);
    let q = classify("Q".parse().unwrap()).unwrap();
    let b = before.beat_chance(Seat::A, &q);
    let a = after.beat_chance(Seat::A, &q);
    assert!(a < b, "{} !< {}", a, b);
}

#[test]
fn bids_are_legal_and_follow_strength() {
    let mut player = RulesPlayer::new();
    let strong = Cards::parse_any("XD2222AAKKQQJJT98").unwrap();
    let weak = Cards::parse_any("33579JQ4468TK3579").unwrap();
    let mut s = GameState::new(Seat::A, strong);
    assert_eq!(player.bid(&s, Deadline::unlimited()), 3);
    s = GameState::new(Seat::A, weak);
    assert_eq!(player.bid(&s, Deadline::unlimited()), 0);
    assert!(player.expected_value(strong) > player.expected_value(weak));
    // A later bidder never bids at or below an earlier bid.
    let mut rng = fastrand::Rng::with_seed(9);
    for _ in 0..200 {
        let mut deck: Vec<u8> = (0..54).collect();
        rng.shuffle(&mut deck);
        let hand = deck[..17].iter().copied().collect::<Cards>();
        let mut s = GameState::new(Seat::C, hand);
        s.record_bid(Seat::A, 0).unwrap();
        s.record_bid(Seat::B, 2).unwrap();
        let bid = player.bid(&s, Deadline::unlimited());
        assert!(s.bid_is_legal(bid), "bid {} after a 2", bid);
    }
}
