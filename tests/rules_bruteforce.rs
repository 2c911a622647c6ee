//! The generator checked against brute force: every sub-multiset of a hand, classified
//! directly, must give exactly the generator's leads; those that beat a target, plus the pass,
//! exactly its follows.

use ddz::cards::{Cards, Counts, Rank};
use ddz::rules::{classify, follows, leads, Combo};
use std::collections::BTreeSet;

/// Every non-empty sub-multiset of `hand`.
fn sub_multisets(hand: Counts) -> Vec<Counts> {
    let mut all = vec![Counts::EMPTY];
    for r in Rank::ALL {
        let mut next = Vec::with_capacity(all.len() * (hand.get(r) as usize + 1));
        for base in &all {
            for n in 0..=hand.get(r) {
                next.push(base.with_added(r, n));
            }
        }
        all = next;
    }
    all.retain(|c| !c.is_empty());
    all
}

fn random_hand(rng: &mut fastrand::Rng, size: usize) -> Counts {
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    let mut cards = Cards::EMPTY;
    for &code in &codes[..size] {
        cards = cards.or(Cards::single(code));
    }
    cards.counts()
}

/// A hand biased towards repeated ranks, so planes, bombs and four-with-two show up often.
fn dense_hand(rng: &mut fastrand::Rng, size: usize) -> Counts {
    let mut c = Counts::EMPTY;
    while c.total() < size as u32 {
        let r = Rank::ALL[rng.usize(0..8)];
        if c.get(r) < r.deck_count() {
            c.add(r, 1);
        }
    }
    c
}

#[test]
fn leads_and_follows_match_brute_force() {
    let mut rng = fastrand::Rng::with_seed(20261122);
    let mut checked_follows = 0;
    for round in 0..600 {
        let size = rng.usize(1..=14);
        let hand = if round % 2 == 0 {
            random_hand(&mut rng, size)
        } else {
            dense_hand(&mut rng, size)
        };
        let subs = sub_multisets(hand);
        let brute: BTreeSet<Combo> = subs.iter().filter_map(|&s| classify(s)).collect();
        let mut generated = Vec::new();
        leads(hand, &mut generated);
        let gen_set: BTreeSet<Combo> = generated.iter().copied().collect();
        assert_eq!(
            gen_set.len(),
            generated.len(),
            "duplicate leads for {}",
            hand
        );
        assert_eq!(gen_set, brute, "leads of {}", hand);

        // Follows against plays drawn from another random hand.
        let other = dense_hand(&mut rng, 12);
        let mut targets = Vec::new();
        leads(other, &mut targets);
        for _ in 0..8 {
            let target = targets[rng.usize(0..targets.len())];
            let mut expect: BTreeSet<Combo> =
                brute.iter().filter(|c| c.beats(&target)).copied().collect();
            expect.insert(Combo::PASS);
            let mut got = Vec::new();
            follows(hand, &target, &mut got);
            let got_set: BTreeSet<Combo> = got.iter().copied().collect();
            assert_eq!(
                got_set.len(),
                got.len(),
                "duplicate follows for {} on {}",
                hand,
                target
            );
            assert_eq!(got_set, expect, "follows of {} on {}", hand, target);
            checked_follows += 1;
        }
    }
    assert!(checked_follows > 1000);
}
