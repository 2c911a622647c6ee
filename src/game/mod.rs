//! The game: seats and the state tracker.

pub mod score;
pub mod seat;
pub mod state;

pub use score::{Outcome, ParseScoringError, Scoring, Shown, Tally};
pub use seat::{BySeat, ParseSeatError, Seat};
pub use state::{GameState, SidePlays, TrackError, Turn};
