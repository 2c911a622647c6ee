//! The game: seats, and (next) the state tracker.

pub mod seat;

pub use seat::{BySeat, Seat};
