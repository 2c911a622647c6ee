//! The brute-force path the rules tests check the generator against.

use ddz::cards::{Counts, Rank};

/// Every non-empty sub-multiset of `hand`.
pub fn sub_multisets(hand: Counts) -> Vec<Counts> {
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
