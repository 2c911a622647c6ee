//! Positions as the networks read them, made once here so that the Python package, the batch
//! and the engine's own networks read the very same arrays:
//! - [`douzero`]: DouZero's arrays (Zha et al., 2021; its `env.py` `get_obs`), the state once
//!   and one row of card columns per legal play, or the expanded batches its networks read;
//! - [`observation`]: the 641-wide vector of the Python environments (`ddz.envs.observation`).
//!
//! Both write into buffers the caller owns (a row of a batch's array, a network's input), so a
//! position costs no allocation.

pub mod douzero;
pub mod observation;

use crate::cards::{Cards, Counts, Rank};

/// Whether a play doubles the stakes as a bomb: four of a rank, or the rocket.
#[must_use]
pub(crate) fn is_bomb(cards: Counts) -> bool {
    let rocket = Counts::of(Rank::SMALL_JOKER, 1).plus(Counts::of(Rank::BIG_JOKER, 1));
    cards == rocket || (cards.total() == 4 && cards.ranks().count() == 1)
}

/// The rank counts of the whole deck.
#[must_use]
pub(crate) fn deck() -> Counts {
    Cards::DECK.counts()
}

/// Writes a one-hot of `size` at `at` into `out` (`size` long); nothing set when `at` is past
/// the end (a count the encoding has no room for).
fn one_hot(out: &mut [i8], at: usize) {
    for v in out.iter_mut() {
        *v = 0;
    }
    if let Some(v) = out.get_mut(at) {
        *v = 1;
    }
}
