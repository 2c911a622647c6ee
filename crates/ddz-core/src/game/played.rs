//! One game as a front end plays it (`ddz.Game`, a slot of [`crate::batch`], a player following
//! a table): a seeded deal, its [`Round`], and the legal actions of each position listed once.
//!
//! Moves come in layers, as in [`Round`]: [`Game::step`] judges an [`Action`] and refuses it
//! with a [`Refusal`], changing nothing; [`Game::step_index`] and [`Game::apply`] play an action
//! listed as legal, unjudged; `record_*` follow a table that judged for us. A game travels as
//! what it was made from (the seed, the variant, the deal, the fixed landlord) and
//! [`Game::actions`], and is restored by stepping them again.

use super::deal::Deal;
use super::legal::{IllegalBid, IllegalPlay};
use super::round::{Phase, Round};
use super::seat::{BySeat, Seat};
use crate::cards::Cards;
use crate::rules::Platform;
use std::fmt;

/// One action: a bid in the bid phase, a play (`None`: a pass) in the play phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A bid, 0 (none) to 3.
    Bid(u8),
    /// The cards played, `None` for the pass.
    Play(Option<Cards>),
}

/// Why a game refused an action; the game is as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over: won by this seat, or (`None`) every seat passed the bidding.
    Over(Option<Seat>),
    /// A bid the rules refuse.
    Bid(Seat, u8, IllegalBid),
    /// A play the rules refuse.
    Play(Seat, IllegalPlay),
    /// Cards of ranks the seat holds, but in other suits: these codes.
    OtherSuits(Seat, Cards),
    /// A play while the seat is to bid one of these bids.
    BidDue(Seat, Vec<u8>),
    /// A bid while the seat is to play.
    PlayDue(Seat),
    /// No legal action at `index`: the position has `count`.
    NoIndex {
        /// The index given.
        index: usize,
        /// How many legal actions there are.
        count: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Over(Some(winner)) => {
                write!(f, "the game is over: {} emptied its hand", winner)
            }
            Refusal::Over(None) => f.write_str("the game is over: every seat passed the bidding"),
            Refusal::Bid(seat, bid, why) => write!(f, "{} bids {}: {}", seat, bid, why),
            Refusal::Play(seat, why) => write!(f, "{}", why.said_of(*seat)),
            Refusal::OtherSuits(seat, cards) => write!(
                f,
                "not in {}'s hand: card codes {:?} (it holds those ranks in other suits)",
                seat,
                cards.codes().collect::<Vec<_>>()
            ),
            Refusal::BidDue(seat, bids) => write!(f, "{} is to bid one of {:?}", seat, bids),
            Refusal::PlayDue(seat) => write!(f, "{} is to play, not to bid", seat),
            Refusal::NoIndex { index, count } => write!(
                f,
                "index {}: this position has {} legal actions, 0 to {}",
                index,
                count,
                count.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// A game: a seeded deal played out by its variant's rules, every hand known.
///
/// ```
/// use ddz_core::game::deal::Deal;
/// use ddz_core::game::played::{Action, Game, Refusal};
/// use ddz_core::game::Seat;
/// use ddz_core::rules::Platform;
///
/// let mut game = Game::new(7, Platform::Canonical, Deal::seeded(7, 0), None);
/// assert_eq!(game.legal(), [0, 1, 2, 3].map(Action::Bid));
/// assert!(matches!(game.step(Action::Play(None)), Err(Refusal::BidDue(Seat::A, _))));
/// game.step(Action::Bid(3)).unwrap(); // a 3 ends the bidding
/// assert_eq!(game.round.landlord(), Some(Seat::A));
/// while game.to_move().is_some() {
///     game.step_index(0).unwrap();
/// }
/// // Made again from what it was made from, the actions lead to the same game.
/// let mut again = Game::new(7, Platform::Canonical, Deal::seeded(7, 0), game.fixed_landlord());
/// for action in game.actions() {
///     again.step(action).unwrap();
/// }
/// assert_eq!(again.played(), game.played());
/// assert_eq!(again.round.score(), game.round.score());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// The seed the deal was drawn from (0 where none was).
    pub seed: u64,
    /// The deal: the hands as dealt and the bottom.
    pub deal: Deal,
    /// The deal played out so far, moved by the game's methods (or, being public, set whole):
    /// the legal list is keyed by the moves made, so it follows either.
    pub round: Round,
    /// The legal actions listed, and the move count of the position they are of.
    legal: (usize, Vec<Action>),
}

impl Game {
    /// A game of `deal` under `platform`: bidding from seat A (a 3 ends it, as no later bid
    /// could be above it), or with `landlord` fixed at base 1 and play begun.
    #[must_use]
    pub fn new(seed: u64, platform: Platform, deal: Deal, landlord: Option<Seat>) -> Game {
        let mut round = Round::new(platform, deal.hands, deal.bottom);
        round.stop_bidding_at_3();
        if let Some(seat) = landlord {
            round.reveal(seat, 1);
        }
        Game {
            seed,
            deal,
            round,
            legal: (usize::MAX, Vec::new()),
        }
    }

    /// The seat to act, `None` once the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<Seat> {
        Some(self.round.to_move()).filter(|_| self.round.phase() != Phase::Done)
    }

    /// The refusal of any action once the game is over.
    #[must_use]
    pub fn over(&self) -> Refusal {
        Refusal::Over(self.round.winner())
    }

    /// The landlord fixed when the game was made (a landlord with no bids: with bidding the
    /// bids come first), `None` for a game with bidding.
    #[must_use]
    pub fn fixed_landlord(&self) -> Option<Seat> {
        self.round
            .landlord()
            .filter(|_| self.round.bids().is_empty())
    }

    /// Every action taken, in order: the bids, then the plays.
    pub fn actions(&self) -> impl Iterator<Item = Action> + '_ {
        let bids = self.round.bids().iter().map(|&(_, bid)| Action::Bid(bid));
        bids.chain(self.round.plays().iter().map(|&(_, c)| Action::Play(c)))
    }

    /// The concrete cards of the play to beat: the last play made, as the trick is still on.
    #[must_use]
    pub fn to_beat_cards(&self) -> Option<Cards> {
        self.round
            .to_beat()
            .filter(|_| self.round.phase() == Phase::Play)?;
        self.round.plays().iter().rev().find_map(|&(_, c)| c)
    }

    /// The cards each seat has played so far.
    #[must_use]
    pub fn played(&self) -> BySeat<Cards> {
        let mut played = BySeat([Cards::EMPTY; 3]);
        for &(seat, cards) in self.round.plays() {
            played[seat] = played[seat].or(cards.unwrap_or(Cards::EMPTY));
        }
        played
    }

    /// The moves made: a position's mark, for the legal list.
    fn moves(&self) -> usize {
        let revealed = usize::from(self.round.landlord().is_some());
        self.round.bids().len() + self.round.plays().len() + revealed
    }

    /// The legal actions here, listed once a position: the legal bids lowest first, or the
    /// legal plays in the generator's order (kind by kind, the pass last); none once over.
    pub fn legal(&mut self) -> &[Action] {
        let moves = self.moves();
        if self.legal.0 != moves {
            let (round, list) = (&self.round, &mut self.legal.1);
            list.clear();
            if round.phase() == Phase::Bid {
                list.extend(round.legal_bids().map(Action::Bid));
            }
            let mut combos = Vec::with_capacity(64);
            round.legal_plays(&mut combos);
            let hand = round.hands()[round.to_move()];
            // A legal play is held: its cards are picked from the hand.
            let held = |c: &crate::rules::Combo| hand.pick(c.cards).filter(|_| !c.is_pass());
            list.extend(combos.iter().map(|c| Action::Play(held(c))));
            self.legal.0 = moves;
        }
        &self.legal.1
    }

    /// Judges and applies `action` for the seat to move; a refused action changes nothing.
    pub fn step(&mut self, action: Action) -> Result<(), Refusal> {
        let seat = self.to_move().ok_or_else(|| self.over())?;
        match (self.round.phase(), action) {
            (Phase::Bid, Action::Bid(bid)) => self
                .round
                .try_bid(seat, bid, true)
                .map_err(|e| Refusal::Bid(seat, bid, e)),
            (Phase::Bid, Action::Play(_)) => {
                Err(Refusal::BidDue(seat, self.round.legal_bids().collect()))
            }
            (_, Action::Bid(_)) => Err(Refusal::PlayDue(seat)),
            (_, Action::Play(cards)) => {
                // Cards of held ranks but other suits: the rule's words name no rank short, so
                // the codes not held are named.
                let foreign = cards.map_or(Cards::EMPTY, |c| c.minus(self.round.hands()[seat]));
                match self.round.try_play(cards) {
                    Ok(_) => Ok(()),
                    Err(e) if e.missing().is_empty() && !foreign.is_empty() => {
                        Err(Refusal::OtherSuits(seat, foreign))
                    }
                    Err(e) => Err(Refusal::Play(seat, e)),
                }
            }
        }
    }

    /// Plays legal action `index` of [`Game::legal`], unjudged (it was judged when listed).
    pub fn step_index(&mut self, index: usize) -> Result<(), Refusal> {
        let count = self.legal().len();
        match self.legal().get(index).copied() {
            Some(action) => {
                self.apply(action);
                Ok(())
            }
            None if self.to_move().is_none() => Err(self.over()),
            None => Err(Refusal::NoIndex { index, count }),
        }
    }

    /// Plays `action`, one of the legal actions here, unjudged: a play is recorded as the
    /// variant reads it ([`Round::play_recorded`]).
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Bid(bid) => {
                let seat = self.round.to_move();
                // A listed bid is legal: the bidding's end is settled as for any bid.
                let _ = self.round.try_bid(seat, bid, true);
            }
            Action::Play(cards) => self.round.play_recorded(cards),
        }
    }

    /// A bid the referee accepted, recorded as told (the bidding's end is the referee's to
    /// say): for a player following a table rather than judging it.
    pub fn record_bid(&mut self, seat: Seat, bid: u8) {
        self.round.record_bid(seat, bid);
    }

    /// The referee named the landlord: the bottom joins its hand, at the highest bid (1 when
    /// nobody bid: a fixed landlord, or Botzone's first bidder).
    pub fn record_landlord(&mut self, landlord: Seat) {
        let base = self.round.highest_bid().map_or(1, |(_, b)| b);
        self.round.reveal(landlord, base);
    }

    /// A play the referee accepted, recorded as told; `false` when it cannot be `seat`'s
    /// (another seat is to play, or it holds no such cards): the table was not followed.
    pub fn record_play(&mut self, seat: Seat, cards: Option<Cards>) -> bool {
        let held = cards.map_or(true, |c| self.round.hands()[seat].contains_all(c));
        if self.round.phase() != Phase::Play || self.round.to_move() != seat || !held {
            return false;
        }
        self.round.play_recorded(cards);
        true
    }
}
