//! The random player (the arena's `builtin:random`): a uniformly random legal play and a random
//! legal bid, from a seeded generator so games can be replayed.

use crate::game::GameState;
use crate::rules::Combo;
use crate::strategy::player::Strategy;
use crate::time::Deadline;

/// Uniformly random legal answers.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: fastrand::Rng,
}

impl RandomPlayer {
    /// A random player whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: fastrand::Rng::with_seed(seed),
        }
    }
}

impl Strategy for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn bid(&mut self, state: &GameState, _deadline: Deadline) -> u8 {
        let mut bids = vec![0u8];
        bids.extend((state.highest_bid() + 1)..=3);
        bids[self.rng.usize(..bids.len())]
    }

    fn play(&mut self, state: &GameState, _deadline: Deadline) -> Combo {
        let legal = state.legal_plays();
        if legal.is_empty() {
            return Combo::PASS;
        }
        legal[self.rng.usize(..legal.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::game::Seat;

    #[test]
    fn answers_are_legal_and_seeded() {
        let mut deck: Vec<u8> = (0..54).collect();
        fastrand::Rng::with_seed(7).shuffle(&mut deck);
        let hand = deck[..17].iter().copied().collect::<Cards>();
        let mut s = GameState::new(Seat::C, hand);
        s.record_bid(Seat::A, 1).unwrap();
        s.set_landlord(Seat::C, Cards::EMPTY).unwrap();
        let picks = |seed| {
            let mut p = RandomPlayer::new(seed);
            (0..20)
                .map(|_| {
                    (
                        p.bid(&s, Deadline::unlimited()),
                        p.play(&s, Deadline::unlimited()),
                    )
                })
                .collect::<Vec<_>>()
        };
        let a = picks(1);
        assert_eq!(a, picks(1));
        assert_ne!(a, picks(2));
        let legal = s.legal_plays();
        for (bid, play) in a {
            assert!(s.bid_is_legal(bid) && bid != 1);
            assert!(legal.contains(&play) && !play.is_pass());
        }
    }
}
