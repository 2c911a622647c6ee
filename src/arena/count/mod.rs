//! The counting: the figures of a match, counted deal by deal from the table's records
//! ([`super::table`]) and given as the wire's `RESULT` line ([`super::wire::json`]).
//!
//! - [`report`]: the figures per player, with confidence intervals over deals;
//! - [`team`]: the 2019 server's team format and its scoring;
//! - [`sprt`]: the sequential test that stops a match once it is decided.

pub mod report;
pub mod sprt;
pub(crate) mod team;
