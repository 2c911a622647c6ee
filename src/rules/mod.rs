//! The rules: what a play is ([`combo`]), and what a hand may play ([`generate`]).

pub mod combo;
pub mod generate;

pub use combo::{classify, readings, Combo, Kind};
pub use generate::{follows, leads, legal_plays};
