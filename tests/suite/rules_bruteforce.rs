//! The generator checked against brute force: every sub-multiset of a hand, classified
//! directly, must give exactly the generator's leads; those that beat a target, plus the pass,
//! exactly its follows.

use crate::rules_common;

use ddz::cards::{Cards, Counts, Rank};
use ddz::rules::{classify, follows, leads, legal_plays, Combo};
use rules_common::sub_multisets;
use std::collections::BTreeSet;

fn random_hand(rng: &mut fastrand::Rng, size: usize) -> Counts {
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    codes[..size].iter().copied().collect::<Cards>().counts()
}

/// A hand biased towards repeated ranks, so planes, bombs and four-with-two show up often:
/// its cards come from 8 neighbouring ranks, the low ones or the high ones (2 and jokers).
fn dense_hand(rng: &mut fastrand::Rng, size: usize) -> Counts {
    let first = if rng.bool() { 0 } else { 7 };
    let mut c = Counts::EMPTY;
    while c.total() < size as u32 {
        let r = Rank::ALL[rng.usize(first..first + 8)];
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
    for round in 0..800 {
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

        assert_eq!(
            legal_plays(hand, None),
            generated,
            "legal_plays of {}",
            hand
        );
        let mut on_pass = Vec::new();
        follows(hand, &Combo::PASS, &mut on_pass);
        assert_eq!(on_pass, generated, "nothing to beat: the leads of {}", hand);

        // Follows against plays drawn from another random hand, and against the hand's own
        // plays (same shapes, so many answers), bombs and the rocket.
        let other = if round % 3 == 0 {
            random_hand(&mut rng, 14)
        } else {
            dense_hand(&mut rng, 14)
        };
        let mut targets = Vec::new();
        leads(other, &mut targets);
        let mut own = Vec::new();
        for _ in 0..2 {
            own.push(generated[rng.usize(0..generated.len())]);
        }
        let special = [
            classify("XD".parse().unwrap()).unwrap(),
            classify(Counts::of(Rank::ALL[rng.usize(0..13)], 4)).unwrap(),
        ];
        for i in 0..12 {
            let target = match i {
                0 | 1 => own[i],
                2 | 3 => special[i - 2],
                _ => targets[rng.usize(0..targets.len())],
            };
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
            assert_eq!(
                legal_plays(hand, Some(&target)).len(),
                got.len(),
                "legal_plays of {} on {}",
                hand,
                target
            );
            checked_follows += 1;
        }
    }
    assert!(checked_follows > 5000);
}
