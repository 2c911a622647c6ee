//! The 641-wide observation of the Python environments (`ddz.envs.observation`): what one seat
//! sees as one vector of 0s and 1s, seats relative to it (`self`, `next`: the seat after it,
//! `prev`), cards in the 54-column form. The parts, in order ([`PARTS`]): hand 54, unseen 54
//! (the two other hands), played 3 × 54, the last three moves 3 × 54 (most recent first, a pass
//! all 0s), which of them were passes 3, the play to beat 54, cards left 3 × 21 (one-hot 0..20),
//! the landlord 3, the bids 3 × 5 (one-hot: none yet, 0, 1, 2, 3), the phase 2 (bidding,
//! playing), bombs and rockets played 15 (one-hot, 14 for that many or more), the bottom 54
//! once shown.
//!
//! ```
//! use ddz_core::encode::observation::{encode, Table, WIDTH};
//! use ddz_core::game::deal::Deal;
//! use ddz_core::game::{Round, Seat};
//! use ddz_core::rules::Platform;
//!
//! let deal = Deal::seeded(1, 0);
//! let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
//! round.reveal(Seat::B, 1);
//! let mut out = [0i8; WIDTH];
//! encode(&Table::of_round(&round, deal.bottom.counts()), Seat::B, &mut out);
//! assert_eq!(out[..54].iter().filter(|&&c| c == 1).count(), 20); // B's hand, the bottom in it
//! assert_eq!(&out[54 + 54 + 162 + 162 + 3 + 54 + 63..][..3], &[1, 0, 0]); // B is the landlord
//! ```

use super::{is_bomb, one_hot};
use crate::actions::{card_columns, CARD_COLUMNS};
use crate::cards::Counts;
use crate::game::{BySeat, Round, Seat};

/// The parts and their widths, in the vector's order.
pub const PARTS: [(&str, usize); 12] = [
    ("hand", 54),
    ("unseen", 54),
    ("played", 162),
    ("last_moves", 162),
    ("last_passes", 3),
    ("to_beat", 54),
    ("counts", 63),
    ("landlord", 3),
    ("bids", 15),
    ("phase", 2),
    ("bombs", 15),
    ("bottom", 54),
];
/// The vector's width: 641.
pub const WIDTH: usize = 641;
/// The one-hot of cards left runs 0..=20.
const COUNT_COLUMNS: usize = 21;
/// The one-hot of bombs runs 0..=14 (14 for that many or more).
const MAX_BOMBS: usize = 14;

/// A game as the observation reads it, every hand known (the referee's view).
#[derive(Clone, Debug)]
pub struct Table {
    /// Each seat's cards.
    pub hands: BySeat<Counts>,
    /// Each seat's cards played.
    pub played: BySeat<Counts>,
    /// The last three moves of the play, most recent first: `None` before the play had that
    /// many, no cards for a pass.
    pub recent: [Option<Counts>; 3],
    /// The play to beat (no cards at a lead).
    pub to_beat: Counts,
    /// The landlord, once known.
    pub landlord: Option<Seat>,
    /// Each seat's bid, once made.
    pub bids: BySeat<Option<u8>>,
    /// Bombs and rockets played.
    pub bombs: usize,
    /// The bottom cards once shown (no cards while bidding).
    pub bottom: Counts,
}

impl Table {
    /// The table of `round`, whose bottom is `bottom`.
    #[must_use]
    pub fn of_round(round: &Round, bottom: Counts) -> Table {
        let mut table = Table {
            hands: round.hands().map(|h| h.counts()),
            played: BySeat::default(),
            recent: [None; 3],
            to_beat: round.to_beat().map_or(Counts::EMPTY, |p| p.cards),
            landlord: round.landlord(),
            bids: BySeat::default(),
            bombs: 0,
            bottom: if round.landlord().is_some() {
                bottom
            } else {
                Counts::EMPTY
            },
        };
        for &(seat, bid) in round.bids() {
            table.bids[seat] = Some(bid);
        }
        for &(seat, cards) in round.plays() {
            let cards = cards.map_or(Counts::EMPTY, |c| c.counts());
            table.played[seat] = table.played[seat].plus(cards);
            table.bombs += usize::from(is_bomb(cards));
        }
        for (k, &(_, cards)) in round.plays().iter().rev().take(3).enumerate() {
            table.recent[k] = Some(cards.map_or(Counts::EMPTY, |c| c.counts()));
        }
        table
    }
}

/// Writes `seat`'s observation of `table` into `out` ([`WIDTH`] long).
pub fn encode(table: &Table, seat: Seat, out: &mut [i8]) {
    let seats = [seat, seat.next(), seat.prev()];
    let t = table;
    let (cards, rest) = out.split_at_mut(2 * CARD_COLUMNS);
    let unseen = t.hands[seat.next()].plus(t.hands[seat.prev()]);
    card_columns(t.hands[seat], &mut cards[..CARD_COLUMNS]);
    card_columns(unseen, &mut cards[CARD_COLUMNS..]);
    let (played, rest) = rest.split_at_mut(3 * CARD_COLUMNS);
    for (row, &s) in played.chunks_exact_mut(CARD_COLUMNS).zip(&seats) {
        card_columns(t.played[s], row);
    }
    let (moves, rest) = rest.split_at_mut(3 * CARD_COLUMNS);
    let (passes, rest) = rest.split_at_mut(3);
    for (k, row) in moves.chunks_exact_mut(CARD_COLUMNS).enumerate() {
        let cards = t.recent[k].unwrap_or(Counts::EMPTY);
        card_columns(cards, row);
        passes[k] = i8::from(t.recent[k] == Some(Counts::EMPTY));
    }
    let (to_beat, rest) = rest.split_at_mut(CARD_COLUMNS);
    card_columns(t.to_beat, to_beat);
    let (counts, rest) = rest.split_at_mut(3 * COUNT_COLUMNS);
    for (hot, &s) in counts.chunks_exact_mut(COUNT_COLUMNS).zip(&seats) {
        one_hot(hot, t.hands[s].total() as usize);
    }
    let (landlord, rest) = rest.split_at_mut(3);
    let relative = t.landlord.map(|l| (l.index() + 3 - seat.index()) % 3);
    one_hot(landlord, relative.unwrap_or(usize::MAX));
    let (bids, rest) = rest.split_at_mut(15);
    for (hot, &s) in bids.chunks_exact_mut(5).zip(&seats) {
        one_hot(hot, t.bids[s].map_or(0, |b| usize::from(b) + 1));
    }
    let (phase, rest) = rest.split_at_mut(2);
    one_hot(phase, usize::from(t.landlord.is_some()));
    let (bombs, bottom) = rest.split_at_mut(MAX_BOMBS + 1);
    one_hot(bombs, t.bombs.min(MAX_BOMBS));
    card_columns(t.bottom, bottom);
}
