//! The action space against the rules: every play read as `classify` reads it, in the documented
//! order, each index found again from its ranks, every lead of random hands listed.

use crate::common::random_deal;
use ddz_core::actions::{card_columns, ActionSpace, CARD_COLUMNS, MAX_PLAY, PASS};
use ddz_core::cards::{Counts, Rank};
use ddz_core::rules::{classify, legal_plays, Kind};

#[test]
fn every_play_reads_as_classify_reads_it_once() {
    let space = ActionSpace::shared();
    assert_eq!(space.len(), 93_773);
    assert_eq!(space.play(PASS).map(|p| p.kind), Some(Kind::Pass));
    for (i, play) in space.plays().iter().enumerate().skip(1) {
        assert_eq!(classify(play.cards).as_ref(), Some(play), "index {}", i);
        assert!(play.size() <= MAX_PLAY);
        assert_eq!(space.index_of(play.cards), Some(i));
    }
    assert_eq!(space.index_of(Counts::EMPTY), Some(PASS));
    assert_eq!(space.index_of("3334444".parse().unwrap()), None);
}

#[test]
fn the_order_is_kind_size_key_then_ranks() {
    let space = ActionSpace::shared();
    let order = |i: usize| {
        let p = space.play(i).unwrap();
        let ranks: Vec<usize> = p
            .cards
            .ranks()
            .flat_map(|r| std::iter::repeat(r.index()).take(p.cards.get(r) as usize))
            .collect();
        (p.kind, p.size(), p.key, ranks)
    };
    for i in 2..space.len() {
        assert!(order(i - 1) < order(i), "{} before {}", i - 1, i);
    }
    let shown: Vec<String> = (1..4).map(|i| space.play(i).unwrap().to_string()).collect();
    assert_eq!(shown, ["XD", "3333", "4444"]);
}

#[test]
fn every_lead_of_random_hands_has_an_index_and_its_columns() {
    let space = ActionSpace::shared();
    let mut rng = fastrand::Rng::with_seed(65);
    for _ in 0..200 {
        let (hands, bottom) = random_deal(&mut rng);
        let hand = hands.0[0].or(bottom).counts();
        for play in legal_plays(hand, None) {
            let index = space.index_of(play.cards).expect("a lead is in the space");
            let mut row = [0i8; CARD_COLUMNS];
            card_columns(play.cards, &mut row);
            assert_eq!(space.columns(index), &row[..]);
            // The columns count the cards: rank by rank, the ones set are the count.
            let ones: i32 = row.iter().map(|&c| i32::from(c)).sum();
            assert_eq!(ones as u32, play.size());
            assert_eq!(
                i32::from(row[4 * Rank::TEN.index()]),
                i32::from(play.cards.get(Rank::TEN) > 0)
            );
        }
    }
}

#[test]
fn the_table_rows_name_each_play_again() {
    let space = ActionSpace::shared();
    let (counts, kinds, keys) = space.table();
    assert_eq!(
        (counts.len(), kinds.len(), keys.len()),
        (15 * space.len(), space.len(), space.len())
    );
    for (index, play) in space.plays().iter().enumerate() {
        let row = &counts[15 * index..15 * (index + 1)];
        let ranks = Rank::ALL.iter().zip(row);
        let text: String = ranks
            .map(|(r, &n)| r.symbol().to_string().repeat(n.into()))
            .collect();
        let cards: Counts = text.parse().unwrap_or(Counts::EMPTY);
        assert_eq!(space.index_of(cards), Some(index));
        assert_eq!(Kind::ALL[usize::from(kinds[index])], play.kind);
        assert_eq!(Rank::ALL[usize::from(keys[index])], play.key);
    }
}
