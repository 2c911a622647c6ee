//! ddz: a Doudizhu (二打一, "fight the landlord") engine for the Chinese Computer Games
//! Championship, and the tools around it.
//!
//! Layers, each using only those above it:
//! - [`cards`]: ranks, concrete card sets, rank counts, parsing and printing;
//! - [`rules`]: classification, comparison and generation of legal plays.

pub mod cards;
pub mod game;
pub mod protocol;
pub mod rules;
pub mod strategy;
pub mod tools;
