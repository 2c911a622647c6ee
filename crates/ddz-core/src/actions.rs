//! The action space of the learning front ends: every play as a multiset of ranks, one index
//! each, made once per process and shared (the Python package takes its table from here).
//!
//! Suits never matter to the rules, so an action is a play's ranks. Every play of at most
//! [`MAX_PLAY`] cards (a hand's most) is listed once, in a fixed order:
//! - index 0 is the pass ([`PASS`]);
//! - then the plays, grouped by kind in the official table's order ([`crate::rules::Kind`]'s order: rocket,
//!   bomb, single, pair, triple, triple with a single, …, four with two pairs), and inside a
//!   kind by size (cards in the play), then key rank ([`crate::rules::classify`]'s), then the ranks of all
//!   the cards, lowest first.
//!
//! The bids, when a front end has them, follow the plays: bid `b` at `len() + b`
//! ([`ActionSpace::index_of_action`]). The
//! plays are the canonical generator's leads from a hand holding the whole deck, so each is read
//! as [`crate::rules::classify`] reads it: 93,772 plays and the pass.
//!
//! ```
//! use ddz_core::actions::{ActionSpace, PASS};
//! use ddz_core::rules::Kind;
//!
//! let space = ActionSpace::shared();
//! assert_eq!(space.len(), 93_773);
//! assert_eq!(space.play(PASS).map(|p| p.kind), Some(Kind::Pass));
//! assert_eq!(space.play(1).map(|p| p.kind), Some(Kind::Rocket));
//! let index = space.index_of("333444".parse().unwrap()).unwrap();
//! assert_eq!(space.play(index).map(|p| p.kind), Some(Kind::Plane));
//! ```

use crate::cards::{Cards, Counts, Rank};
use crate::game::{Action, Game, Phase, Round};
use crate::rules::{leads, Combo, Kind, Platform};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

/// The index of the pass.
pub const PASS: usize = 0;
/// The most cards a play holds: the landlord's whole hand (17 and the bottom's 3).
pub const MAX_PLAY: u32 = 20;
/// Columns of DouZero's card form: four for each rank 3..2, one for each joker.
pub const CARD_COLUMNS: usize = 54;

/// A hasher for packed rank counts: one multiply, as the keys are already well spread bits
/// (the std SipHash costs more than the rest of a lookup).
#[derive(Default)]
struct CountsHasher(u64);

impl Hasher for CountsHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, value: u64) {
        let mixed = (self.0 ^ value).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 29);
    }
}

/// The index ↔ play mapping: each play's reading, its 54 card columns, and the index of each
/// rank multiset.
pub struct ActionSpace {
    /// Each index's play (index 0 the pass).
    plays: Vec<Combo>,
    /// Each play's card columns ([`card_columns`]), [`CARD_COLUMNS`] a play.
    columns: Vec<i8>,
    /// The index of each play's rank counts (`Counts::0`).
    index: HashMap<u64, u32, BuildHasherDefault<CountsHasher>>,
}

/// The table, made by the first caller and shared by all.
static SHARED: Mutex<Option<Arc<ActionSpace>>> = Mutex::new(None);

impl ActionSpace {
    /// The shared table (made on the first call, about a tenth of a second).
    #[must_use]
    pub fn shared() -> Arc<ActionSpace> {
        let mut slot = match SHARED.lock() {
            Ok(slot) => slot,
            // A panic while making it left nothing half-made: the slot is still None.
            Err(poisoned) => poisoned.into_inner(),
        };
        slot.get_or_insert_with(|| Arc::new(ActionSpace::enumerate()))
            .clone()
    }

    /// Every play, in the order of the module's doc.
    fn enumerate() -> ActionSpace {
        let mut found = Vec::with_capacity(100_000);
        leads(Cards::DECK.counts(), &mut found);
        found.retain(|p| p.size() <= MAX_PLAY);
        found.sort_by_key(|p| (p.kind, p.size(), p.key, rank_sequence(p.cards)));
        found.dedup_by_key(|p| p.cards);
        let mut plays = Vec::with_capacity(found.len() + 1);
        plays.push(Combo::PASS);
        plays.extend(found);
        let mut columns = vec![0; plays.len() * CARD_COLUMNS];
        let mut index = HashMap::with_capacity_and_hasher(plays.len(), Default::default());
        for (i, (play, row)) in plays
            .iter()
            .zip(columns.chunks_exact_mut(CARD_COLUMNS))
            .enumerate()
        {
            card_columns(play.cards, row);
            index.insert(play.cards.0, i as u32);
        }
        ActionSpace {
            plays,
            columns,
            index,
        }
    }

    /// How many indices there are: the pass and the plays (93,773).
    #[must_use]
    pub fn len(&self) -> usize {
        self.plays.len()
    }

    /// Never: the space always holds the pass.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }

    /// Every play, index by index.
    #[must_use]
    pub fn plays(&self) -> &[Combo] {
        &self.plays
    }

    /// Play `index` (the pass at [`PASS`]), `None` past the end.
    #[must_use]
    pub fn play(&self, index: usize) -> Option<&Combo> {
        self.plays.get(index)
    }

    /// The index of the play of these ranks (`Counts::EMPTY`: the pass), `None` when no play
    /// has them.
    #[must_use]
    pub fn index_of(&self, cards: Counts) -> Option<usize> {
        self.index.get(&cards.0).map(|&i| i as usize)
    }

    /// Play `index`'s card columns ([`card_columns`]); empty past the end.
    #[must_use]
    pub fn columns(&self, index: usize) -> &[i8] {
        let start = index * CARD_COLUMNS;
        self.columns.get(start..start + CARD_COLUMNS).unwrap_or(&[])
    }

    /// Every play's card columns, [`CARD_COLUMNS`] a play, index by index.
    #[must_use]
    pub fn all_columns(&self) -> &[i8] {
        &self.columns
    }

    /// The table as the Python package views it, a byte an entry, index by index: each play's
    /// 15 rank counts, its kind (its place in [`Kind::ALL`], 0 the pass), its key rank's index.
    #[must_use]
    pub fn table(&self) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let plays = self.plays.iter();
        let counts = plays
            .clone()
            .flat_map(|p| Rank::ALL.map(|r| p.cards.get(r)));
        let kind_of = |kind| Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u8;
        let kinds = plays.clone().map(|p| kind_of(p.kind));
        let keys = plays.map(|p| p.key.index() as u8);
        (counts.collect(), kinds.collect(), keys.collect())
    }

    /// The index of `action`: a play's (the pass 0), bid `b` at `len() + b`, after the plays.
    #[must_use]
    pub fn index_of_action(&self, action: Action) -> u32 {
        match action {
            Action::Bid(bid) => (self.len() + usize::from(bid)) as u32,
            // Every play of a hand of at most 20 cards is in the space.
            Action::Play(cards) => {
                let counts = cards.map_or(Counts::EMPTY, Cards::counts);
                self.index_of(counts).unwrap_or(PASS) as u32
            }
        }
    }

    /// The action `index` names for a seat holding `hand`: `None` when it names none, or a
    /// play the hand does not hold.
    #[must_use]
    pub fn action(&self, hand: Cards, index: usize) -> Option<Action> {
        match self.play(index) {
            Some(play) if play.is_pass() => Some(Action::Play(None)),
            Some(play) => hand.pick(play.cards).map(|c| Action::Play(Some(c))),
            None => u8::try_from(index - self.len()).ok().map(Action::Bid),
        }
    }

    /// The legal actions of `round`'s seat to move as indices, in [`Game::legal`]'s order
    /// (the generator's), into `out`; none once the round is done.
    pub fn legal_indices(&self, round: &Round, out: &mut Vec<u32>) {
        out.clear();
        if round.phase() == Phase::Bid {
            out.extend(
                round
                    .legal_bids()
                    .map(|b| self.index_of_action(Action::Bid(b))),
            );
        }
        let mut plays = Vec::with_capacity(64);
        round.legal_plays(&mut plays);
        // Every play of a hand of at most 20 cards is in the space.
        out.extend(
            plays
                .iter()
                .map(|p| self.index_of(p.cards).unwrap_or(PASS) as u32),
        );
    }

    /// Plays action `index` in `game` when it is legal there: the seat that moved, or `None`
    /// (nothing changes) when it is not.
    pub fn step(&self, game: &mut Game, index: i64) -> Option<crate::game::Seat> {
        let mut legal = Vec::with_capacity(64);
        self.legal_indices(&game.round, &mut legal);
        let index = u32::try_from(index).ok().filter(|i| legal.contains(i))?;
        let seat = game.round.to_move();
        self.play_listed(game, index as usize);
        Some(seat)
    }

    /// Plays action `index`, one of `game`'s legal indices here, unjudged ([`Game::apply`]);
    /// a play under the canonical rules is read as the space reads it, which is their reading
    /// (the batch's steps skip reading it again).
    pub fn play_listed(&self, game: &mut Game, index: usize) {
        let round = &mut game.round;
        let hand = round.hands()[round.to_move()];
        match self.play(index) {
            Some(&play) if round.platform() == Platform::Canonical && !play.is_pass() => {
                round.play_unchecked(hand.pick(play.cards), Some(play));
            }
            _ => {
                if let Some(action) = self.action(hand, index) {
                    game.apply(action);
                }
            }
        }
    }
}

/// The ranks of `cards`, lowest first, padded with a rank above all (so a shorter sequence that
/// is a prefix sorts first, as Python's tuples do).
fn rank_sequence(cards: Counts) -> [u8; MAX_PLAY as usize + 1] {
    let mut out = [u8::MAX; MAX_PLAY as usize + 1];
    let mut at = 0;
    for rank in cards.ranks() {
        for _ in 0..cards.get(rank) {
            if at < out.len() {
                out[at] = rank.index() as u8;
                at += 1;
            }
        }
    }
    out
}

/// Writes `cards` in DouZero's 54-column card form into `out` (54 long): for each rank 3..2 four
/// columns with the first `count` set, then one column for each joker.
///
/// ```
/// use ddz_core::actions::{card_columns, CARD_COLUMNS};
///
/// let mut row = [0i8; CARD_COLUMNS];
/// card_columns("334D".parse().unwrap(), &mut row);
/// assert_eq!(&row[..8], &[1, 1, 0, 0, 1, 0, 0, 0]);
/// assert_eq!(&row[52..], &[0, 1]);
/// ```
pub fn card_columns(cards: Counts, out: &mut [i8]) {
    debug_assert_eq!(out.len(), CARD_COLUMNS);
    for (r, four) in out[..52].chunks_exact_mut(4).enumerate() {
        let n = cards.get(Rank::ALL[r]);
        for (k, column) in four.iter_mut().enumerate() {
            *column = i8::from((k as u8) < n);
        }
    }
    out[52] = i8::from(cards.get(Rank::SMALL_JOKER) > 0);
    out[53] = i8::from(cards.get(Rank::BIG_JOKER) > 0);
}
