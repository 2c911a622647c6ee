//! The property tests' generator, without a property-testing crate (the Windows build's cargo
//! 1.63 could not resolve one): each case is drawn from its own seed, so a failure names the
//! seed and the value, and that one case runs again alone with `DDZ_PROP_SEED=<seed>`.

use ddz::cards::{Cards, Counts, Rank};
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Checks `property` on `cases` values, case `i` drawn by `draw` from an RNG seeded with
/// `first_seed + i`: the fixed seed list that makes every run check the same values. A failed
/// assertion inside `property` is reported again with the property's name, the seed and the
/// value.
pub fn for_all<T: Debug>(
    name: &str,
    first_seed: u64,
    cases: u64,
    mut draw: impl FnMut(&mut fastrand::Rng) -> T,
    mut property: impl FnMut(&T),
) {
    let only: Option<u64> = std::env::var("DDZ_PROP_SEED")
        .ok()
        .and_then(|s| s.parse().ok());
    for seed in first_seed..first_seed + cases {
        if only.map_or(false, |o| o != seed) {
            continue;
        }
        let value = draw(&mut fastrand::Rng::with_seed(seed));
        if let Err(cause) = catch_unwind(AssertUnwindSafe(|| property(&value))) {
            let why = cause
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| cause.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            panic!(
                "{} fails at seed {} (alone: DDZ_PROP_SEED={}) on {:?}: {}",
                name, seed, seed, value, why
            );
        }
    }
}

/// Whether `DDZ_PROP_SEED` runs one case alone: then a test's count of what it checked is
/// no measure of its reach.
pub fn replaying_one() -> bool {
    std::env::var_os("DDZ_PROP_SEED").is_some()
}

/// Any set of concrete cards, the empty set and the whole deck included: a size drawn
/// uniformly, then that many codes.
pub fn any_cards(rng: &mut fastrand::Rng) -> Cards {
    let size = rng.usize(0..=54);
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    codes[..size].iter().copied().collect()
}

/// A hand as dealt: `size` cards of a shuffled deck.
pub fn dealt_hand(rng: &mut fastrand::Rng, size: usize) -> Cards {
    let mut codes: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut codes);
    codes[..size].iter().copied().collect()
}

/// A hand of `size` cards from 7 neighbouring ranks, so planes, bombs and four-with-two show
/// up often (a dealt hand rarely holds them): the lowest codes of each rank drawn.
pub fn dense_hand(rng: &mut fastrand::Rng, size: usize) -> Cards {
    let first = rng.usize(0..=8);
    let mut counts = Counts::EMPTY;
    while (counts.total() as usize) < size {
        let r = Rank::ALL[rng.usize(first..first + 7)];
        if counts.get(r) < r.deck_count() {
            counts.add(r, 1);
        }
    }
    Cards::DECK.pick(counts).expect("counts within the deck")
}
