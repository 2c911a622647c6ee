//! A player whose decisions a function of the caller makes ([`Decide`]: the Python package's
//! callables), seated by value ([`super::spec::PlayerSpec::Supplied`]). It follows the table
//! on the referee's own model of the deal (the core's [`Game`], of the deal shown to it before
//! the game by [`Player::show_deal`]) and asks the function for each bid and play, with that
//! model and its seat: what the seat may see of it is the function's to show.

use super::players::{Answer, Fault, FaultKind, Player};
use crate::game::deal::Deal;
use crate::game::{Action, Game, Seat};
use crate::protocol::{Command, Reply};
use crate::rules::Platform;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// A decision function the caller supplies.
pub trait Decide: Send + Sync {
    /// The bid or play of `seat`, to move in `game`: the table followed so far on the
    /// referee's model of the deal; a fault when the function failed.
    fn decide(&self, seat: Seat, game: &mut Game) -> Result<Action, Fault>;
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
    table: Option<(Game, Seat)>,
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
        let (game, seat) = self
            .table
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Malformed, "asked before any DEAL"))?;
        let (seat, label) = (*seat, &self.supplied.label);
        let wrong = |what: String| Err(Fault::new(FaultKind::Malformed, what));
        match self.supplied.decide.decide(seat, game)? {
            Action::Bid(bid) if bidding => {
                game.record_bid(seat, bid);
                Ok((Reply::Bid { seat, bid }, None))
            }
            Action::Play(cards) if !bidding => {
                game.record_play(seat, cards);
                Ok((Reply::Play { seat, cards }, None))
            }
            Action::Bid(bid) => wrong(format!(
                "{} returned the bid {} when asked for a play",
                label, bid
            )),
            Action::Play(_) => wrong(format!("{} returned a play when asked for a bid", label)),
        }
    }

    /// Follows what the table told: the deal (the one shown before the game), a bid, the
    /// landlord named, a play.
    fn follow(&mut self, command: &Command) -> Result<(), Fault> {
        if let Command::Deal { seat, cards } = command {
            // The deal shown before this game must be the one dealt (the team format's spare
            // is dealt in later without being shown one).
            let deal = self
                .shown
                .take()
                .filter(|d| d.hands[*seat] == *cards)
                .ok_or_else(|| Fault::new(FaultKind::Malformed, "DEAL of no deal shown"))?;
            self.table = Some((Game::new(0, self.platform, deal, None), *seat));
            return Ok(());
        }
        if let Some((game, _)) = self.table.as_mut() {
            match *command {
                Command::Bid { seat, bid } => game.record_bid(seat, bid),
                Command::Leftover { landlord, .. } => game.record_landlord(landlord),
                Command::Play { seat, cards } => {
                    game.record_play(seat, cards);
                }
                _ => {}
            }
        }
        Ok(())
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
