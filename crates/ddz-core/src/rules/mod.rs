//! The rules: what a play is ([`combo`]), what a hand may play ([`generate`]), and how each
//! known platform reads the plays it could read differently ([`platform`]); Botzone's variant
//! of the game ([`botzone_variant`]).

pub mod botzone_variant;
pub mod combo;
pub mod generate;
pub mod platform;

pub use combo::{classify, readings, Combo, Kind};
pub use generate::{follows, leads, legal_plays};
pub(crate) use platform::beats_somewhere;
pub use platform::{safe_answer, DealRules, Described, Payout, Platform};
