//! Card knowledge: what the other seats may hold, and the chance that a seat can beat a group.
//!
//! From our seat, the unseen cards (neither ours, nor played, nor the landlord's public bottom
//! cards) are shared between the two other hands; each seat's card count is public, and the
//! landlord's unplayed bottom cards are known to be in the landlord's hand. The chance that a
//! seat holds the cards of one answer is counted exactly per rank (a hypergeometric draw of the
//! seat's unknown cards from the unseen pool), ranks taken as independent, and the answers
//! combined as "any of them" (the design text's estimate, with exact per-rank counting in place
//! of its binomial). As the design text says, ordinary bombs are not counted against ordinary
//! plays (players rarely spend a bomb, and counting them makes every group look beatable); the
//! rocket is, and bombs are counted against bombs.
//!
//! Inference from passes (one simple rule): a seat that passed on an enemy's single of rank `k`
//! below `T` probably holds no loose single between `k` and `A` (it would have covered cheaply),
//! so its chance of holding such a single is scaled by [`PASS_BELIEF`].

use crate::cards::{Counts, Rank};
use crate::game::{BySeat, GameState, Seat};
use crate::rules::{Combo, Kind};

/// How much a pass on a small single lowers the chance of holding a middle single: halved, not
/// zeroed (the seat may have kept the card for a pair or a straight).
pub(crate) const PASS_BELIEF: f64 = 0.5;

/// Singles below this rank count as "small" for the pass rule (the design text's "< 10").
pub(crate) const PASS_SMALL_BELOW: Rank = Rank::TEN;

/// What our seat knows about the other hands.
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// Cards that are in one of the two other hands, not known where.
    pub(crate) unseen: Counts,
    /// Cards known to be in a seat (the landlord's unplayed bottom cards).
    pub(crate) known: BySeat<Counts>,
    /// Cards each seat holds.
    pub(crate) left: BySeat<u8>,
    /// The lowest enemy single each seat passed on while it was small (pass rule).
    pub(crate) passed_single: BySeat<Option<Rank>>,
    /// `holds[seat][rank][n - 1]`: the chance `seat` holds at least `n` cards of `rank`, counted
    /// once per decision (every beat chance is a product of these).
    holds: BySeat<[[f64; 4]; 15]>,
}

impl Knowledge {
    /// The knowledge of `state.me` now.
    #[must_use]
    pub fn from_state(state: &GameState) -> Knowledge {
        let mut known = BySeat([Counts::EMPTY; 3]);
        if let Some(l) = state.landlord {
            if l != state.me {
                known[l] = state.landlord_known_cards().counts();
            }
        }
        let mut passed_single: BySeat<Option<Rank>> = BySeat::default();
        let mut last: Option<(Seat, Combo)> = None;
        let mut passes = 0;
        for turn in &state.history {
            if turn.combo.is_pass() {
                if let Some((by, c)) = last {
                    let enemies = match state.landlord {
                        Some(l) => (by == l) != (turn.seat == l),
                        None => true,
                    };
                    if enemies && c.kind == Kind::Single && c.key < PASS_SMALL_BELOW {
                        let slot = &mut passed_single[turn.seat];
                        *slot = Some(slot.map_or(c.key, |k| k.min(c.key)));
                    }
                }
                passes += 1;
                if passes >= 2 {
                    last = None;
                    passes = 0;
                }
            } else {
                last = Some((turn.seat, turn.combo));
                passes = 0;
            }
        }
        let mut know = Knowledge {
            unseen: state.unseen().counts(),
            known,
            left: state.cards_left,
            passed_single,
            holds: BySeat([[[0.0; 4]; 15]; 3]),
        };
        for seat in Seat::ALL {
            if seat == state.me {
                continue;
            }
            let pool = know.unseen.total();
            let draws = know.drawn(seat);
            // The draw's distribution depends on the rank only through how many of it are
            // unseen (0 to 4): five tables serve all fifteen ranks. tails[g][x] = P(X ≥ x).
            let mut tails = [[0.0; 6]; 5];
            for (good, tail) in tails.iter_mut().enumerate() {
                let dist = pmf(pool, good as u32, draws);
                for x in (0..5).rev() {
                    tail[x] = tail[x + 1] + dist[x];
                }
            }
            for rank in Rank::ALL {
                let have = know.known[seat].get(rank) as usize;
                // P(have + X ≥ need) from the tail sums of X's distribution.
                let tail = &tails[(know.unseen.get(rank) as usize).min(4)];
                for need in 1..=4usize {
                    know.holds[seat][rank.index()][need - 1] =
                        tail[need.saturating_sub(have).min(5)].min(1.0);
                }
            }
        }
        know
    }

    /// Unknown cards of `seat`: its count less the cards known to be there.
    fn drawn(&self, seat: Seat) -> u32 {
        (self.left[seat] as u32).saturating_sub(self.known[seat].total())
    }

    /// The chance that `seat` holds at least `need` (1 to 4) cards of `rank`, from the table.
    fn holds(&self, seat: Seat, rank: Rank, need: u8) -> f64 {
        self.holds[seat][rank.index()][need.clamp(1, 4) as usize - 1]
    }

    /// The chance that `seat` holds the rocket.
    fn rocket(&self, seat: Seat) -> f64 {
        if self.left[seat] < 2 {
            return 0.0;
        }
        let mut in_pool = 0;
        for j in [Rank::SMALL_JOKER, Rank::BIG_JOKER] {
            if self.known[seat].get(j) == 0 {
                if self.unseen.get(j) == 0 {
                    return 0.0;
                }
                in_pool += 1;
            }
        }
        let n = self.unseen.total() as f64;
        let m = self.drawn(seat) as f64;
        match in_pool {
            0 => 1.0,
            1 => m / n,
            _ => m * (m - 1.0) / (n * (n - 1.0)),
        }
    }

    /// The chance that `seat` can beat `group` with a play of the same kind (or the rocket; or a
    /// higher bomb when `group` is a bomb).
    #[must_use]
    pub fn beat_chance(&self, seat: Seat, group: &Combo) -> f64 {
        let n = self.left[seat] as u32;
        if n == 0 || group.kind == Kind::Rocket || group.is_pass() {
            return 0.0;
        }
        let rocket = self.rocket(seat);
        let mut miss = 1.0 - rocket;
        if group.kind == Kind::Bomb {
            for r in group.key.index() + 1..=Rank::TWO.index() {
                miss *= 1.0 - self.holds(seat, Rank::ALL[r], 4);
            }
            return 1.0 - miss;
        }
        if n < group.size() {
            return rocket;
        }
        let width = group.kind.width();
        let len = group.len.max(1) as usize;
        let chain = group.kind.is_chain();
        let top = if chain {
            Rank::ACE.index()
        } else if width >= 2 {
            Rank::TWO.index()
        } else {
            Rank::BIG_JOKER.index()
        };
        for key in group.key.index() + 1..=top {
            let mut p = 1.0;
            for r in key + 1 - len..=key {
                p *= self.holds(seat, Rank::ALL[r], width);
                if p == 0.0 {
                    break;
                }
            }
            if group.kind == Kind::Single {
                if let Some(k) = self.passed_single[seat] {
                    if key > k.index() && key <= Rank::ACE.index() {
                        p *= PASS_BELIEF;
                    }
                }
            }
            miss *= 1.0 - p;
        }
        1.0 - miss
    }

    /// The chance that any of `seats` can beat `group` (taken as independent).
    #[must_use]
    pub(crate) fn any_beats(&self, seats: &[Seat], group: &Combo) -> f64 {
        1.0 - seats
            .iter()
            .map(|&s| 1.0 - self.beat_chance(s, group))
            .product::<f64>()
    }
}

/// The distribution of X, hypergeometric (`draws` cards from a pool of `pool` holding `good`, at
/// most 4): `P(X = 0)` is a product of `good` ratios, and each next term follows by the ratio
/// `P(x+1)/P(x) = (good−x)(draws−x) / ((x+1)(pool−good−draws+x+1))`.
fn pmf(pool: u32, good: u32, draws: u32) -> [f64; 5] {
    let mut out = [0.0; 5];
    let draws = draws.min(pool);
    let good = good.min(4).min(pool);
    // Fewer non-good cards than draws: some good cards are certainly drawn.
    let first = (draws + good).saturating_sub(pool);
    let mut p = 1.0;
    if first == 0 {
        for i in 0..good {
            p *= (pool - draws - i) as f64 / (pool - i) as f64;
        }
    } else {
        p = choose(good, first) * choose(pool - good, draws - first) / choose(pool, draws);
    }
    let last = good.min(draws);
    for x in first..=last {
        out[x as usize] = p;
        if x < last {
            let num = ((good - x) * (draws - x)) as f64;
            // x >= first >= draws + good - pool, so this order never goes below zero.
            let den = ((x + 1) * (pool + x + 1 - good - draws)) as f64;
            p *= num / den;
        }
    }
    out
}

/// The binomial coefficient as a float (exact enough for pools of at most 54 cards).
fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    let mut c = 1.0;
    for i in 0..k {
        c = c * (n - i) as f64 / (i + 1) as f64;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P(X ≥ want), summed directly: the cross-check of `pmf`. P(X ≥ want) for X hypergeometric: `draws` cards from a pool of `pool` holding `good` cards.
    fn at_least(pool: u32, good: u32, draws: u32, want: u32) -> f64 {
        if draws >= pool {
            return if good >= want { 1.0 } else { 0.0 };
        }
        let mut total = 0.0;
        for x in want..=good.min(draws) {
            total += choose(good, x) * choose(pool - good, draws - x);
        }
        (total / choose(pool, draws)).min(1.0)
    }

    #[test]
    fn pmf_matches_binomial_coefficients() {
        for (pool, good, draws) in [(34, 4, 10), (12, 3, 5), (5, 2, 5), (6, 4, 4), (20, 1, 0)] {
            let d = pmf(pool, good, draws);
            for x in 0..=4u32 {
                let direct = if x <= good && x <= draws {
                    choose(good, x) * choose(pool - good, draws - x) / choose(pool, draws)
                } else {
                    0.0
                };
                assert!(
                    (d[x as usize] - direct).abs() < 1e-12,
                    "{:?} x={}",
                    (pool, good, draws),
                    x
                );
            }
        }
    }

    #[test]
    fn hypergeometric_sums_to_one() {
        let total: f64 = (0..=4)
            .map(|x| choose(4, x) * choose(30, 10 - x) / choose(34, 10))
            .sum();
        assert!((total - 1.0).abs() < 1e-9);
        assert!((at_least(34, 4, 10, 0) - 1.0).abs() < 1e-9);
        // Drawing every card: certain.
        assert_eq!(at_least(5, 2, 5, 2), 1.0);
        assert_eq!(at_least(5, 1, 5, 2), 0.0);
    }
}
