//! Helpers the test modules share: cards from codes, random deals and random legal plays.

use ddz_core::cards::Cards;
use ddz_core::game::{BySeat, Round};
use ddz_core::rules::legal_plays;

/// The cards of a comma-separated list of codes (`"0,4,5"`).
pub fn cards(codes: &str) -> Cards {
    Cards::parse_codes(codes).unwrap()
}

/// A random deal: the three hands and the bottom.
pub fn random_deal(rng: &mut fastrand::Rng) -> (BySeat<Cards>, Cards) {
    let mut deck: Vec<u8> = (0..54).collect();
    rng.shuffle(&mut deck);
    let hand = |codes: &[u8]| {
        codes
            .iter()
            .fold(Cards::EMPTY, |h, &c| h.or(Cards::single(c)))
    };
    let dealt = BySeat([hand(&deck[0..17]), hand(&deck[17..34]), hand(&deck[34..51])]);
    (dealt, hand(&deck[51..]))
}

/// A random legal play (`None` = pass) for the seat to move in `round`.
pub fn random_legal(rng: &mut fastrand::Rng, round: &Round) -> Option<Cards> {
    let hand = round.hands()[round.to_move()];
    let options = legal_plays(hand.counts(), round.to_beat());
    let pick = options[rng.usize(..options.len())];
    hand.pick(pick.cards).filter(|_| !pick.is_pass())
}
