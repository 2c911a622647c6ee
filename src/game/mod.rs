//! The game: seats and the state tracker.

pub mod seat;
pub mod state;

pub use seat::{BySeat, Seat};
pub use state::{GameState, TrackError, Turn};
