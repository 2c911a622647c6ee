//! The sampler of the hidden hands: deals the cards we cannot see to the two other seats,
//! consistently with everything the table has shown.
//!
//! What is known, from our seat: our own hand, every card played, each seat's card count, and
//! the bottom cards the landlord showed (those it has not played are still in its hand). The
//! rest, the unseen cards, lie in the two other hands in some split that fits their counts. The
//! sampler draws such a split uniformly: every consistent deal is equally likely (a partial
//! Fisher–Yates shuffle of the unseen cards), reproducibly from the caller's RNG.
//!
//! Weights are the caller's: a search that believes some deals more than others (because of
//! how the opponents played) weighs each sample as it is drawn; the sampler stays uniform.

use crate::cards::Cards;
use crate::game::{BySeat, GameState, Seat};
use arrayvec::ArrayVec;
use std::fmt;

/// Why the hidden hands cannot be dealt: the state's counts do not fit what is unseen (a
/// tracker out of step with the table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleError {
    /// Cards the other seats must still receive, by their counts.
    pub needed: usize,
    /// Unseen cards there are to give.
    pub unseen: usize,
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the other seats' card counts need {} hidden cards, but {} are unseen",
            self.needed, self.unseen
        )
    }
}

impl std::error::Error for SampleError {}

/// Deals the hidden cards of one decision, as many times as asked.
#[derive(Clone, Debug)]
pub struct Sampler {
    /// What each seat is known to hold: our hand, the landlord's unplayed bottom cards.
    known: BySeat<Cards>,
    /// The two other seats, the one receiving fewer hidden cards first (fewer draws).
    seats: [Seat; 2],
    /// Hidden cards the first of `seats` receives; the second gets the rest.
    first_gets: usize,
    /// The unseen card codes.
    pool: ArrayVec<u8, 54>,
}

impl Sampler {
    /// The sampler for `state`'s decision, from `state.me`'s view.
    pub fn new(state: &GameState) -> Result<Sampler, SampleError> {
        let me = state.me;
        let mut known = BySeat([Cards::EMPTY; 3]);
        known[me] = state.hand;
        if let Some(l) = state.landlord {
            if l != me {
                known[l] = state.landlord_known_cards();
            }
        }
        let pool: ArrayVec<u8, 54> = state.unseen().codes().collect();
        let others = [me.next(), me.prev()];
        let mut need = [0usize; 2];
        let mut fits = true;
        for (i, &s) in others.iter().enumerate() {
            match (state.cards_left[s] as usize).checked_sub(known[s].len()) {
                Some(n) => need[i] = n,
                None => fits = false,
            }
        }
        if !fits || need[0] + need[1] != pool.len() {
            return Err(SampleError {
                needed: need[0] + need[1],
                unseen: pool.len(),
            });
        }
        let (seats, first_gets) = if need[0] <= need[1] {
            (others, need[0])
        } else {
            ([others[1], others[0]], need[1])
        };
        Ok(Sampler {
            known,
            seats,
            first_gets,
            pool,
        })
    }

    /// The seats whose hands are drawn.
    #[must_use]
    pub fn hidden_seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// How many hidden cards there are to deal.
    #[must_use]
    pub fn unseen(&self) -> usize {
        self.pool.len()
    }

    /// One deal: all three hands, drawn uniformly among those consistent with the state.
    #[must_use]
    pub fn deal(&self, rng: &mut fastrand::Rng) -> BySeat<Cards> {
        let mut pool = self.pool.clone();
        let n = pool.len();
        let mut first = Cards::EMPTY;
        for i in 0..self.first_gets {
            let j = rng.usize(i..n);
            pool.swap(i, j);
            first = first.or(Cards::single(pool[i]));
        }
        let all = pool.iter().copied().collect::<Cards>();
        let mut hands = self.known;
        hands[self.seats[0]] = hands[self.seats[0]].or(first);
        hands[self.seats[1]] = hands[self.seats[1]].or(all.minus(first));
        hands
    }
}
