//! The game: seats, the state tracker, tricks and the score of a finished game.

pub mod score;
pub mod seat;
pub mod state;
pub mod tricks;

pub use score::{Outcome, ParseScoringError, Scoring, Shown, Tally};
pub use seat::{BySeat, ParseSeatError, Seat};
pub use state::{GameState, SidePlays, TrackError, Turn};
pub use tricks::trick_numbers;
