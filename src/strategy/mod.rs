//! Strategies: how a seat bids and what it plays. The engine asks its strategy through the
//! [`Strategy`] trait and checks every answer; the arena's built-in players are strategies too.

use crate::game::GameState;
use crate::rules::Combo;
use std::time::Instant;

/// When a decision is due. Past `soft`, start no new work; by `hard`, answer with the best so
/// far. The engine keeps its own safety margin beyond `hard` before the referee's limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// Start no new work after this.
    pub soft: Instant,
    /// Answer by this.
    pub hard: Instant,
}

impl Deadline {
    /// A deadline far in the future (tests, tools).
    #[must_use]
    pub fn unlimited() -> Deadline {
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        Deadline {
            soft: far,
            hard: far,
        }
    }

    /// Both deadlines `hard` after `start`: an answer due then, and no earlier aim.
    #[must_use]
    pub fn after(start: Instant, hard: std::time::Duration) -> Deadline {
        Deadline {
            soft: start + hard,
            hard: start + hard,
        }
    }

    /// The same deadline aiming to stop new work `think` after `start` at the latest (never
    /// past the hard deadline): how a thinking time narrows a budget, whoever sets it.
    #[must_use]
    pub fn thinking(self, start: Instant, think: std::time::Duration) -> Deadline {
        Deadline {
            soft: self.soft.min(start + think).min(self.hard),
            hard: self.hard,
        }
    }

    /// Whether the soft deadline has passed.
    #[must_use]
    pub fn soft_passed(&self) -> bool {
        Instant::now() >= self.soft
    }

    /// Whether the hard deadline has passed.
    #[must_use]
    pub fn hard_passed(&self) -> bool {
        Instant::now() >= self.hard
    }
}

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
}

pub mod bench_games;
pub mod candidates;
pub mod greedy;
pub mod knowledge;
pub mod learned;
pub mod net;
pub mod position;
pub mod random;
pub mod rules_player;
pub mod split;
pub mod thinker;
pub mod tricky;
pub mod value;
