//! A person at the table: `ddz play` seats a person among engines on the arena's referee.
//!
//! - [`human`]: the person's seat, a [`crate::arena::players::Player`] like any engine;
//! - [`input`]: what the person types, read, and why a play is refused;
//! - [`settings`]: what a person's table is played with (`ddz play`, `ddz serve`);
//! - [`view`]: how the table, the events and the legal plays look (colour optional);
//! - [`console`]: the terminal lines, shared by the session and the seat.

pub mod console;
pub mod human;
pub mod input;
pub mod settings;
pub mod view;

pub use console::{Console, SharedConsole};
pub use human::Human;
