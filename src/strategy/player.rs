//! A player's decisions, as every host asks them: the [`Strategy`] trait, and how a game ended
//! ([`Ending`]) as a strategy is told it.

use crate::game::{GameState, Outcome};
use crate::rules::Combo;

use super::explain::Note;
use crate::time::Deadline;

/// A player's decisions. The engine calls `bid` on `BID WHAT` and `play` on `PLAY WHAT`; both
/// see the tracked state of the game from our seat.
pub trait Strategy: Send {
    /// A short name for logs and reports.
    fn name(&self) -> &str;

    /// Our bid: 0 (no bid) or 1..=3 above every earlier bid. The engine replaces an illegal
    /// answer with 0.
    fn bid(&mut self, state: &GameState, deadline: Deadline) -> u8;

    /// Our play at the rank level (`Combo::PASS` to pass when following). The engine turns it
    /// into concrete cards from our hand and replaces an illegal answer with a safe legal play.
    fn play(&mut self, state: &GameState, deadline: Deadline) -> Combo;

    /// Called when a new game starts, so a strategy can reset what it learned of the last one.
    fn new_game(&mut self) {}

    /// A game this seat saw to its end, `state` as the tracker left it (our cards, the bids,
    /// the bottom, every play) and how it ended, so a strategy can learn how it fares at this
    /// table. A game whose end is never seen (no `GAMEOVER`, a fault, a seat swapped out by the
    /// team server) is never told: it teaches nothing.
    fn game_over(&mut self, _state: &GameState, _ending: &Ending) {}

    /// The table changed (a new match: `INFO` of another turn, or a new match's numbers):
    /// forget what the games of the last one taught.
    fn new_table(&mut self) {}

    /// What the last `bid` or `play` saw, taken (so it is handed back once), as its log line:
    /// the engine writes it into its log ([`explain`](mod@super::explain)). Strategies that keep none answer `None`.
    fn take_explanation(&mut self) -> Option<Note> {
        None
    }
}

/// How a game ended, as the tracker saw it ([`Strategy::game_over`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A landlord played it out: who won, at what base and multiplier.
    Played(Outcome),
    /// Every seat passed: no landlord, no score (the platform deals again).
    NoBid,
}

/// Makes a player from a game's seed (its randomness): what a kind of player read from a file
/// hands the table of kinds ([`super::kinds`]), which keeps it in the spec.
pub(crate) type MakePlayer = Box<dyn Fn(u64) -> Box<dyn Strategy> + Send + Sync>;
