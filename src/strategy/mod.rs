//! Strategies: how a seat bids and what it plays. The engine asks its strategy through the
//! [`Strategy`] trait and checks every answer; the arena's built-in players are strategies too.

use crate::game::GameState;
use crate::rules::Combo;

use crate::time::Deadline;
pub use explain::Note;

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

    /// What the last `bid` or `play` saw, taken (so it is handed back once), as its log line:
    /// the engine writes it into its log ([`explain`]). Strategies that keep none answer `None`.
    fn take_explanation(&mut self) -> Option<Note> {
        None
    }
}

pub mod bench_games;
pub mod choices;
pub mod explain;
pub mod greedy;
pub mod knowledge;
pub mod learned_policy;
pub mod networks;
pub mod random;
pub mod rules_player;
pub mod splitter;
pub mod thinker;
pub mod tricky;
pub mod value;
