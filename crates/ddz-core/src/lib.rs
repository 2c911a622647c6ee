//! ddz-core: the bottom of the ddz engine, a crate of its own so that the compiler, not a
//! comment, keeps it from reaching up into the search, the players or the tools.
//!
//! Layers, each using only those before it:
//! - [`near_names`]: near names for "did you mean …?";
//! - [`named`]: an enum's names: one table, `Display`, `FromStr`, errors;
//! - [`cards`]: ranks, concrete card sets, rank counts, parsing and printing;
//! - [`rules`]: classification, comparison and generation of legal plays, each platform's
//!   readings and Botzone's variant;
//! - [`game`]: seats, what is legal, a deal played out ([`game::Round`]), one seat's tracker
//!   ([`game::GameState`]) and the score of a finished game;
//! - [`actions`]: the learning front ends' action space, every play one index;
//! - [`encode`]: positions as the networks read them (DouZero's arrays, the 641-wide vector);
//! - [`batch`]: many games stepped at once, across threads, for learners.
//!
//! The `ddz` crate (the engine, its players and tools) and the Python package build on it; `ddz`
//! re-exports these modules under the same names (`ddz::cards` is `ddz_core::cards`).
//!
//! ```
//! use ddz_core::cards::Cards;
//! use ddz_core::rules::{classify, legal_plays, Kind};
//!
//! let hand = Cards::from_code_list("0,1,2,4,5").unwrap(); // 3 3 3 4 4
//! let full_house = classify(hand.counts()).unwrap();
//! assert_eq!(full_house.kind, Kind::TriplePair);
//! // The hand may lead any of its plays: singles, pairs, the trio, the trio with its pair, …
//! let leads = legal_plays(hand.counts(), None);
//! assert!(leads.iter().any(|p| p.cards == hand.counts()));
//! ```

// The public items are the API this crate means, for `ddz` and the Python package alike: each
// one documented (`cargo clippy -- -D warnings` makes a missing doc an error), the rest
// `pub(crate)` or private.
#![warn(missing_docs)]

pub mod actions;
pub mod batch;
pub mod cards;
pub mod encode;
pub mod game;
pub mod named;
pub mod near_names;
pub mod rules;
