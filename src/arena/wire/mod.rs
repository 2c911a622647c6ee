//! The wire format and the logs: what the arena writes about its games and reads back, on the
//! table's records ([`super::table`]).
//!
//! - [`json`]: the JSON lines (game, shard header and end, `RESULT`), one serde type each;
//! - [`game_log`]: a game's JSON line and each seat's transcript, and a person's table's log;
//! - [`transcript`]: one seat's protocol transcript read back, and an engine checked on it;
//! - [`engine_log`]: the engine's own log read back, its games by seat with their notes.

pub(crate) mod engine_log;
pub mod game_log;
pub mod json;
pub mod transcript;
