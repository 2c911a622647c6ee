//! DouZero's encoding of a position in the play (its `douzero/env/env.py` `get_obs`), for the
//! seat to move:
//! - `x_no_action` (`x_width` columns: 319 for the landlord, 430 for a farmer): the seat's
//!   cards, the cards it has not seen, the play to beat, what each other seat played and last
//!   played, the cards they hold (one-hot), the bombs played (one-hot);
//! - `z` ([`Z_WIDTH`] = 5 × 162): the last [`HISTORY`] moves, oldest first, three to a row;
//! - one row of [`CARD_COLUMNS`] per legal play; DouZero's `x_batch` is `x_no_action` beside
//!   each row, and its `z_batch` repeats `z` ([`x_batch`], [`z_batch`]).
//!
//! Cards are in the 54-column form ([`card_columns`]). [`Position`] is what a seat knows, made
//! from a [`Round`] (the batch, the referee) or a [`GameState`] (the engine's own tracker).
//!
//! ```
//! use ddz_core::encode::douzero::{encode, x_width, Position, Z_WIDTH};
//! use ddz_core::game::deal::Deal;
//! use ddz_core::game::{Round, Seat};
//! use ddz_core::rules::Platform;
//!
//! let deal = Deal::seeded(1, 0);
//! let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
//! round.reveal(Seat::A, 1);
//! let position = Position::of_round(&round).unwrap();
//! assert_eq!(position.role, 0); // the landlord leads
//! let mut x = vec![0i8; x_width(position.role)];
//! let mut z = vec![0i8; Z_WIDTH];
//! encode(&position, &mut x, &mut z);
//! assert_eq!(x.iter().take(54).filter(|&&c| c == 1).count(), 20); // the landlord's 20 cards
//! assert!(z.iter().all(|&c| c == 0)); // nothing played yet
//! ```

use super::{deck, is_bomb, one_hot};
use crate::actions::{card_columns, CARD_COLUMNS};
use crate::cards::Counts;
use crate::game::{GameState, Round, Seat};

/// Moves of history in `z`: DouZero's 15, three to a row.
pub const HISTORY: usize = 15;
/// Columns of `z` (5 rows of 162).
pub const Z_WIDTH: usize = HISTORY * CARD_COLUMNS;
/// The positions, in DouZero's names and `ddz.douzero.POSITIONS`'s order: the landlord, the
/// seat before it (`landlord_up`), the seat after it (`landlord_down`).
pub const POSITIONS: [&str; 3] = ["landlord", "landlord_up", "landlord_down"];
/// The one-hot of the bombs played has 15 entries (0 to 14 bombs).
const BOMB_COLUMNS: usize = 15;
/// Cards a hand may hold, the top of the one-hots of cards left: the landlord's, a farmer's.
const LANDLORD_CARDS: usize = 20;
const FARMER_CARDS: usize = 17;

/// Columns of `x_no_action` for a role (0 landlord, else a farmer): 319 or 430.
#[must_use]
pub const fn x_width(role: usize) -> usize {
    if role == 0 {
        5 * CARD_COLUMNS + 2 * FARMER_CARDS + BOMB_COLUMNS
    } else {
        7 * CARD_COLUMNS + LANDLORD_CARDS + FARMER_CARDS + BOMB_COLUMNS
    }
}

/// The role (the index of [`POSITIONS`]) of `seat` when `landlord` is the landlord.
#[must_use]
pub fn role_of(seat: Seat, landlord: Seat) -> usize {
    if seat == landlord {
        0
    } else if seat == landlord.prev() {
        1
    } else {
        2
    }
}

/// What the seat to move knows of a position, as DouZero's encoding reads it. Per-position
/// arrays are in [`POSITIONS`]' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The seat's position (0 landlord, 1 landlord_up, 2 landlord_down).
    pub role: usize,
    /// The seat's cards.
    pub hand: Counts,
    /// Cards the seat has not seen: those in the two other hands.
    pub unseen: Counts,
    /// The play to beat as DouZero sees it: the last move, or the one before it when the last
    /// was a pass (nothing after two passes).
    pub last_move: Counts,
    /// Each position's cards played so far.
    pub played: [Counts; 3],
    /// Each position's last move (a pass: no cards).
    pub last_by: [Counts; 3],
    /// Each position's cards left.
    pub left: [u8; 3],
    /// Bombs and rockets played.
    pub bombs: usize,
    /// The last [`HISTORY`] moves, oldest first, no cards where fewer were made.
    pub history: [Counts; HISTORY],
}

impl Position {
    /// The position of `seat` (the seat to move) from the moves of the play in order (`moves`:
    /// the seat and its cards, none for a pass), its `hand` and each seat's cards `left`.
    pub fn new(
        seat: Seat,
        landlord: Seat,
        hand: Counts,
        left: [u8; 3],
        moves: impl Iterator<Item = (Seat, Counts)>,
    ) -> Position {
        let mut position = Position {
            role: role_of(seat, landlord),
            hand,
            unseen: Counts::EMPTY,
            last_move: Counts::EMPTY,
            played: [Counts::EMPTY; 3],
            last_by: [Counts::EMPTY; 3],
            left: [0; 3],
            bombs: 0,
            history: [Counts::EMPTY; HISTORY],
        };
        let mut recent = [Counts::EMPTY; HISTORY];
        let mut made = 0;
        let mut all_played = Counts::EMPTY;
        for (mover, cards) in moves {
            let role = role_of(mover, landlord);
            position.played[role] = position.played[role].plus(cards);
            position.last_by[role] = cards;
            all_played = all_played.plus(cards);
            position.bombs += usize::from(is_bomb(cards));
            recent[made % HISTORY] = cards;
            made += 1;
        }
        // The ring of the last moves, read oldest first and right-aligned.
        let kept = made.min(HISTORY);
        for k in 0..kept {
            position.history[HISTORY - kept + k] = recent[(made - kept + k) % HISTORY];
        }
        let last = position.history[HISTORY - 1];
        let before = position.history[HISTORY - 2];
        position.last_move = if last.is_empty() { before } else { last };
        for s in Seat::ALL {
            position.left[role_of(s, landlord)] = left[s.index()];
        }
        position.unseen = deck().minus(hand).minus(all_played);
        position
    }

    /// The position of the seat to move in `round`; `None` before the landlord is known.
    #[must_use]
    pub fn of_round(round: &Round) -> Option<Position> {
        let landlord = round.landlord()?;
        let seat = round.to_move();
        let hands = round.hands();
        let left = [0, 1, 2].map(|i| hands.0[i].len() as u8);
        let moves = round
            .plays()
            .iter()
            .map(|&(s, cards)| (s, cards.map_or(Counts::EMPTY, |c| c.counts())));
        Some(Position::new(
            seat,
            landlord,
            hands[seat].counts(),
            left,
            moves,
        ))
    }

    /// The position of the seat `state` tracks (the engine's view, for a seat about to play);
    /// `None` before the landlord is known.
    #[must_use]
    pub fn of_state(state: &GameState) -> Option<Position> {
        let landlord = state.landlord?;
        let moves = state.history.iter().map(|t| (t.seat, t.cards.counts()));
        Some(Position::new(
            state.me,
            landlord,
            state.hand.counts(),
            state.cards_left.0,
            moves,
        ))
    }
}

/// Writes `position`'s `x_no_action` (`x_width(position.role)` long) and `z` ([`Z_WIDTH`]
/// long), as DouZero's `get_obs` makes them.
pub fn encode(position: &Position, x_no_action: &mut [i8], z: &mut [i8]) {
    let p = position;
    let mut parts: [Counts; 7] = [Counts::EMPTY; 7];
    let (cards, hots): (usize, [(usize, usize); 3]) = if p.role == 0 {
        parts[..5].copy_from_slice(&[p.hand, p.unseen, p.last_move, p.played[1], p.played[2]]);
        let hots = [
            (FARMER_CARDS, usize::from(p.left[1])),
            (FARMER_CARDS, usize::from(p.left[2])),
            (BOMB_COLUMNS, p.bombs + 1),
        ];
        (5, hots)
    } else {
        let mate = 3 - p.role;
        parts.copy_from_slice(&[
            p.hand,
            p.unseen,
            p.played[0],
            p.played[mate],
            p.last_move,
            p.last_by[0],
            p.last_by[mate],
        ]);
        let hots = [
            (LANDLORD_CARDS, usize::from(p.left[0])),
            (FARMER_CARDS, usize::from(p.left[mate])),
            (BOMB_COLUMNS, p.bombs + 1),
        ];
        (7, hots)
    };
    let (card_part, mut rest) = x_no_action.split_at_mut(cards * CARD_COLUMNS);
    for (row, &counts) in card_part.chunks_exact_mut(CARD_COLUMNS).zip(&parts) {
        card_columns(counts, row);
    }
    // A count n is written at n - 1 (DouZero's one-hots of cards left), so is the bombs'
    // (the +1 above keeps one rule for the three).
    for &(size, count) in &hots {
        let (hot, tail) = rest.split_at_mut(size);
        one_hot(hot, count.wrapping_sub(1));
        rest = tail;
    }
    for (row, &counts) in z.chunks_exact_mut(CARD_COLUMNS).zip(&p.history) {
        card_columns(counts, row);
    }
}

/// DouZero's `x_batch` from the compact form: for each play's card columns in `actions`
/// ([`CARD_COLUMNS`] each), a row of `out`: `x_no_action`, then the play, as floats.
pub fn x_batch(x_no_action: &[i8], actions: &[i8], out: &mut [f32]) {
    let width = x_no_action.len() + CARD_COLUMNS;
    for (row, play) in out
        .chunks_exact_mut(width)
        .zip(actions.chunks_exact(CARD_COLUMNS))
    {
        let (state, action) = row.split_at_mut(x_no_action.len());
        widen(x_no_action, state);
        widen(play, action);
    }
}

/// DouZero's `z_batch`: `z` as floats in every row of `out` ([`Z_WIDTH`] each).
pub fn z_batch(z: &[i8], out: &mut [f32]) {
    for row in out.chunks_exact_mut(Z_WIDTH) {
        widen(z, row);
    }
}

/// `values` as floats in `out`.
fn widen(values: &[i8], out: &mut [f32]) {
    for (o, &v) in out.iter_mut().zip(values) {
        *o = f32::from(v);
    }
}

/// One position as a DouZero network reads it, for the engine's own networks: `z` as
/// [`Z_WIDTH`] floats (the history, read once per position) and `x_batch`, one row of
/// `x_width(position.role) + 54` floats per play of `plays` (the state beside the play), both
/// cleared and refilled.
///
/// ```
/// use ddz_core::encode::douzero::{network_input, x_width, Position, Z_WIDTH};
/// use ddz_core::game::deal::Deal;
/// use ddz_core::game::{Round, Seat};
/// use ddz_core::rules::{legal_plays, Platform};
///
/// let deal = Deal::seeded(3, 0);
/// let mut round = Round::new(Platform::Canonical, deal.hands, deal.bottom);
/// round.reveal(Seat::C, 1);
/// let position = Position::of_round(&round).unwrap();
/// let plays: Vec<_> = legal_plays(position.hand, None).iter().map(|p| p.cards).collect();
/// let (mut z, mut x_batch) = (Vec::new(), Vec::new());
/// network_input(&position, &plays, &mut z, &mut x_batch);
/// assert_eq!((z.len(), x_batch.len()), (Z_WIDTH, plays.len() * (x_width(0) + 54)));
/// ```
pub fn network_input(
    position: &Position,
    plays: &[Counts],
    z: &mut Vec<f32>,
    x_batch: &mut Vec<f32>,
) {
    let (x, history, columns) = arrays(position, plays);
    z.clear();
    z.extend(history.iter().map(|&v| f32::from(v)));
    x_batch.clear();
    x_batch.resize(plays.len() * (x.len() + CARD_COLUMNS), 0.0);
    self::x_batch(&x, &columns, x_batch);
}

/// One position's arrays in the compact form: `x_no_action` and `z` ([`encode`]) and the card
/// columns of each play of `plays` ([`CARD_COLUMNS`] a play).
#[must_use]
pub fn arrays(position: &Position, plays: &[Counts]) -> (Vec<i8>, Vec<i8>, Vec<i8>) {
    let mut x = vec![0i8; x_width(position.role)];
    let mut z = vec![0i8; Z_WIDTH];
    encode(position, &mut x, &mut z);
    let mut columns = vec![0i8; plays.len() * CARD_COLUMNS];
    for (row, &play) in columns.chunks_exact_mut(CARD_COLUMNS).zip(plays) {
        card_columns(play, row);
    }
    (x, z, columns)
}
