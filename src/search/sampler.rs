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

/// Most hidden cards the seat with fewer of them can receive (half of the 37 a farmer cannot
/// see at the start, rounded up).
const MOST_FIRST_GETS: usize = 27;

/// Deals drawn with a chance for each hidden card to lie in the hand of the seat after ours
/// ([`Sampler::by_chances`]): each consistent deal is drawn with probability proportional to
/// the product, over the hidden cards, of the chance of the hand each card is dealt to (the
/// chances conditioned on the hands' counts). Built once per decision; each deal is then a
/// walk over the cards.
#[derive(Clone, Debug)]
pub struct ChanceDeals {
    sampler: Sampler,
    /// Per card of the pool: its odds of going to `seats[0]` rather than `seats[1]`.
    odds: ArrayVec<f64, 54>,
    /// `ways[i][j]`: the sum over the sets of `j` cards among `pool[i..]` of their odds'
    /// product (the weight of every way the rest of a deal can go).
    ways: ArrayVec<[f64; MOST_FIRST_GETS + 1], 55>,
}

/// A chance is kept inside this distance of 0 and 1: no card is ever ruled out or certain by
/// a network's say (the counts and the play do that).
const CHANCE_FLOOR: f64 = 0.01;

impl Sampler {
    /// Deals drawn by `chance_next(code)`, the chance that the hidden card `code` lies with the
    /// seat after ours (`state.me.next()`) rather than the one before ours.
    #[must_use]
    pub(crate) fn by_chances(&self, chance_next: impl Fn(u8) -> f64, me: Seat) -> ChanceDeals {
        let first_is_next = self.seats[0] == me.next();
        let odds: ArrayVec<f64, 54> = self
            .pool
            .iter()
            .map(|&code| {
                let p = chance_next(code).clamp(CHANCE_FLOOR, 1.0 - CHANCE_FLOOR);
                let p = if first_is_next { p } else { 1.0 - p };
                p / (1.0 - p)
            })
            .collect();
        let n = self.pool.len();
        let k = self.first_gets.min(MOST_FIRST_GETS);
        let mut ways: ArrayVec<[f64; MOST_FIRST_GETS + 1], 55> = ArrayVec::new();
        for _ in 0..=n {
            ways.push([0.0; MOST_FIRST_GETS + 1]);
        }
        ways[n][0] = 1.0;
        for i in (0..n).rev() {
            for j in 0..=k {
                let without = ways[i + 1][j];
                let with = if j > 0 {
                    odds[i] * ways[i + 1][j - 1]
                } else {
                    0.0
                };
                ways[i][j] = without + with;
            }
        }
        ChanceDeals {
            sampler: self.clone(),
            odds,
            ways,
        }
    }
}

impl ChanceDeals {
    /// One deal: all three hands.
    #[must_use]
    pub(crate) fn deal(&self, rng: &mut fastrand::Rng) -> BySeat<Cards> {
        let s = &self.sampler;
        if s.first_gets > MOST_FIRST_GETS {
            return s.deal(rng);
        }
        let mut left = s.first_gets;
        let mut first = Cards::EMPTY;
        for (i, &code) in s.pool.iter().enumerate() {
            if left == 0 {
                break;
            }
            let total = self.ways[i][left];
            let with = self.odds[i] * self.ways[i + 1][left - 1];
            if rng.f64() * total < with {
                first = first.or(Cards::single(code));
                left -= 1;
            }
        }
        let all = s.pool.iter().copied().collect::<Cards>();
        let mut hands = s.known;
        hands[s.seats[0]] = hands[s.seats[0]].or(first);
        hands[s.seats[1]] = hands[s.seats[1]].or(all.minus(first));
        hands
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sampler over six hidden cards, two of which the seat after B (C) receives.
    fn six_cards(first: Seat) -> Sampler {
        let mut known = BySeat([Cards::EMPTY; 3]);
        known[Seat::B] = [0u8, 1, 2].iter().copied().collect();
        let other = if first == Seat::C { Seat::A } else { Seat::C };
        Sampler {
            known,
            seats: [first, other],
            first_gets: 2,
            pool: [10u8, 20, 30, 40, 50, 53].into_iter().collect(),
        }
    }

    /// Every split of the hidden cards is drawn as often as the product of its cards' chances
    /// says (counted against all 15 splits enumerated here), whichever of the two seats the
    /// sampler fills first.
    #[test]
    fn deals_by_chances_follow_the_product_of_the_chances() {
        let chance = |code: u8| 0.15 + 0.7 * f64::from(code) / 53.0;
        for first in [Seat::C, Seat::A] {
            let sampler = six_cards(first);
            let deals = sampler.by_chances(chance, Seat::B);
            let pool: Vec<u8> = sampler.pool.iter().copied().collect();
            let c_gets = if first == Seat::C { 2 } else { 4 };
            // The exact law: each set of cards C may hold, weighed by the chances.
            let mut law: Vec<(Cards, f64)> = Vec::new();
            for mask in 0u32..64 {
                if mask.count_ones() != c_gets {
                    continue;
                }
                let mut w = 1.0;
                let mut set = Cards::EMPTY;
                for (i, &c) in pool.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        w *= chance(c);
                        set = set.or(Cards::single(c));
                    } else {
                        w *= 1.0 - chance(c);
                    }
                }
                law.push((set, w));
            }
            let total: f64 = law.iter().map(|(_, w)| w).sum();
            let mut rng = fastrand::Rng::with_seed(11);
            let n = 150_000;
            let mut seen = vec![0u32; law.len()];
            for _ in 0..n {
                let hands = deals.deal(&mut rng);
                assert_eq!(hands[Seat::B], sampler.known[Seat::B]);
                let at = law
                    .iter()
                    .position(|(set, _)| *set == hands[Seat::C])
                    .expect("C holds one of the splits");
                seen[at] += 1;
            }
            for ((set, w), &k) in law.iter().zip(&seen) {
                let p = w / total;
                let sd = (p * (1.0 - p) / f64::from(n)).sqrt();
                let f = f64::from(k) / f64::from(n);
                assert!((f - p).abs() < 5.0 * sd + 1e-4, "{:?}: {} vs {}", set, f, p);
            }
        }
    }

    /// With every chance one half, the deals are the uniform sampler's.
    #[test]
    fn even_chances_deal_uniformly() {
        let sampler = six_cards(Seat::C);
        let deals = sampler.by_chances(|_| 0.5, Seat::B);
        let mut rng = fastrand::Rng::with_seed(3);
        let n = 60_000;
        let mut hits = [0u32; 6];
        for _ in 0..n {
            let c = deals.deal(&mut rng)[Seat::C];
            for (i, code) in sampler.pool.iter().enumerate() {
                hits[i] += u32::from(c.contains(*code));
            }
        }
        for h in hits {
            let f = f64::from(h) / f64::from(n);
            assert!((f - 2.0 / 6.0).abs() < 0.01, "{:?}", hits);
        }
    }
}
