//! A player whose decisions a function of the caller makes ([`Decide`]: the Python package's
//! callables), seated by value ([`super::spec::PlayerSpec::Supplied`]). It follows the table
//! on the referee's own model of the deal ([`Round`], the deal shown to it before the game by
//! [`Player::show_deal`]) and asks the function for each bid and play, with that model and its
//! seat: what the seat may see of it is the function's to show.

use super::players::{Answer, Fault, FaultKind, Player};
use crate::cards::Cards;
use crate::game::deal::Deal;
use crate::game::{Phase, Round, Seat};
use crate::protocol::{Command, Reply};
use crate::rules::Platform;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// A decision function the caller supplies.
pub trait Decide: Send + Sync {
    /// The bid ([`Reply::Bid`]) or play ([`Reply::Play`]) of `seat`, to move in `round`, the
    /// table followed so far on the model of `deal`; a fault when the function failed.
    fn decide(&self, seat: Seat, deal: &Deal, round: &Round) -> Result<Reply, Fault>;
}

/// A caller's decision function with the label the reports give it; two are the same player
/// when they share the function.
#[derive(Clone)]
pub struct Supplied {
    /// The player's label (its text in reports).
    pub label: String,
    /// The function.
    pub decide: Arc<dyn Decide>,
}

impl fmt::Debug for Supplied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Supplied({})", self.label)
    }
}

impl PartialEq for Supplied {
    fn eq(&self, other: &Supplied) -> bool {
        self.label == other.label && Arc::ptr_eq(&self.decide, &other.decide)
    }
}

/// A [`Supplied`] function at a table, following it on the referee's model.
pub(crate) struct Caller {
    supplied: Supplied,
    platform: Platform,
    /// The deal of the game about to begin ([`Player::show_deal`]).
    shown: Option<Deal>,
    /// The game as told so far, and our seat.
    table: Option<(Deal, Round, Seat)>,
}

impl Caller {
    /// `supplied` at a table of `platform`'s rules.
    pub(crate) fn new(supplied: Supplied, platform: Platform) -> Caller {
        Caller {
            supplied,
            platform,
            shown: None,
            table: None,
        }
    }

    /// Asks the function for our bid (`bidding`) or play, recorded in the model when it is
    /// one (the referee judges it; when it refuses, this game is over anyway).
    fn ask(&mut self, bidding: bool) -> Answer {
        let (deal, round, seat) = self
            .table
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Malformed, "asked before any DEAL"))?;
        let label = &self.supplied.label;
        let wrong = |what: String| Err(Fault::new(FaultKind::Malformed, what));
        match self.supplied.decide.decide(*seat, deal, round)? {
            Reply::Bid { bid, .. } if bidding => {
                round.record_bid(*seat, bid);
                Ok((Reply::Bid { seat: *seat, bid }, None))
            }
            Reply::Play { cards, .. } if !bidding => {
                record_play(round, *seat, cards);
                Ok((Reply::Play { seat: *seat, cards }, None))
            }
            Reply::Bid { bid, .. } => wrong(format!(
                "{} returned the bid {} when asked for a play",
                label, bid
            )),
            _ if bidding => wrong(format!("{} returned a play when asked for a bid", label)),
            _ => wrong(format!("{} returned no play", label)),
        }
    }

    /// Follows what the table told: the deal (the one shown before the game), a bid, the
    /// landlord named (at the highest bid, 1 when nobody bid), a play.
    fn follow(&mut self, command: &Command) -> Result<(), Fault> {
        if let Command::Deal { seat, cards } = command {
            // The deal shown before this game must be the one dealt (the team format's spare
            // is dealt in later without being shown one).
            let deal = self
                .shown
                .take()
                .filter(|d| d.hands[*seat] == *cards)
                .ok_or_else(|| Fault::new(FaultKind::Malformed, "DEAL of no deal shown"))?;
            let mut round = Round::new(self.platform, deal.hands, deal.bottom);
            round.stop_bidding_at_3();
            self.table = Some((deal, round, *seat));
            return Ok(());
        }
        let round = match self.table.as_mut() {
            Some((_, round, _)) => round,
            None => return Ok(()),
        };
        match *command {
            Command::Bid { seat, bid } => round.record_bid(seat, bid),
            Command::Leftover { landlord, .. } => {
                let base = round.highest_bid().map_or(1, |(_, b)| b);
                round.reveal(landlord, base);
            }
            Command::Play { seat, cards } => record_play(round, seat, cards),
            _ => {}
        }
        Ok(())
    }
}

/// Records `seat`'s play as the table told it, unjudged, when it can be `seat`'s (its turn, cards
/// it holds): a play that cannot be is one the referee refused, which ends the game anyway.
fn record_play(round: &mut Round, seat: Seat, cards: Option<Cards>) {
    let held = cards.map_or(true, |c| round.hands()[seat].contains_all(c));
    if round.phase() == Phase::Play && round.to_move() == seat && held {
        round.play_recorded(cards);
    }
}

impl Player for Caller {
    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        self.table = None;
        // Nothing to greet: a function needs no handshake.
        Ok(false)
    }

    fn show_deal(&mut self, deal: &Deal) {
        self.shown = Some(*deal);
    }

    fn exchange(&mut self, command: &Command, _line: &str, _limit: Duration) -> Answer {
        match command {
            Command::Version(_) => return Ok((Reply::Name(self.supplied.label.clone()), None)),
            Command::BidWhat => return self.ask(true),
            Command::PlayWhat => return self.ask(false),
            other => self.follow(other)?,
        }
        command
            .ack()
            .map(|ack| (Reply::Ok(ack), None))
            .ok_or_else(|| Fault::new(FaultKind::Malformed, "no answer"))
    }
}
