//! What the search tests share: seeded open-hand positions.

use ddz::cards::{Cards, Counts};
use ddz::game::{BySeat, Seat};
use ddz::rules::legal_plays;
use ddz::search::SolverPosition;

/// The rank counts of these card codes.
pub fn cards_of(codes: &[u8]) -> Counts {
    codes.iter().copied().collect::<Cards>().counts()
}

/// A seeded position: `total` cards split among the three seats (each at least one), a random
/// landlord and seat to move, and half the time a play to beat taken from cards outside the
/// hands, made by one of the other seats.
pub fn random_position(rng: &mut fastrand::Rng, total: usize) -> SolverPosition {
    let mut deck: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut deck);
    let a = rng.usize(1..=total - 2);
    let b = rng.usize(1..=total - a - 1);
    let hands = BySeat([
        cards_of(&deck[..a]),
        cards_of(&deck[a..a + b]),
        cards_of(&deck[a + b..total]),
    ]);
    let landlord = Seat::ALL[rng.usize(..3)];
    let to_move = Seat::ALL[rng.usize(..3)];
    let last = if rng.bool() {
        let spare = cards_of(&deck[total..total + 8]);
        let plays = legal_plays(spare, None);
        let by = if rng.bool() {
            to_move.prev()
        } else {
            to_move.next()
        };
        Some((by, plays[rng.usize(..plays.len())]))
    } else {
        None
    };
    SolverPosition::new(hands, landlord, to_move, last).expect("a consistent position")
}
