//! A person at the table: `ddz play` seats a person among engines on the arena's referee.
//!
//! - [`person`]: the person's seat, a [`crate::arena::table::players::Player`] like any engine, whose
//!   choices come through a [`person::Front`] and are judged there, once;
//! - [`human`]: the terminal's front of the seat, and the hints;
//! - [`input`]: what the person types, read, and why a play is refused;
//! - [`setup`]: what a person's table is played with (`ddz play`, `ddz serve`);
//! - [`narration`]: one game told from its record, as text here and as the pages' JSON;
//! - [`table`]: the person's seat among the opponents, each deal played on the referee;
//! - [`view`]: how the table, the events and the legal plays look (colour optional);
//! - [`console`]: the terminal lines, shared by the session and the seat.

pub(crate) mod console;
pub(crate) mod human;
pub(crate) mod input;
pub(crate) mod narration;
pub(crate) mod person;
pub(crate) mod setup;
pub(crate) mod table;
pub(crate) mod view;

// The face: what callers outside the crate take.
pub use input::{read_bid, read_cards, read_pass, read_play, Refusal};
pub use view::spaced;

pub(crate) use console::{Console, SharedConsole};
pub(crate) use human::Human;
