//! ddz: a Doudizhu (二打一, "fight the landlord") engine for the Chinese Computer Games
//! Championship, and the tools around it.
//!
//! Layers, each using only those before it (tests/suite/layering.rs reads this list and checks
//! every `crate::` path of `src/` against it):
//! - [`near_names`], [`named`], [`cards`], [`rules`], [`game`], [`actions`], [`encode`]: the
//!   card core, the crate `ddz-core` (crates/ddz-core), which depends on no crate of ours and
//!   is re-exported here under these names: near names for "did you mean …?", an enum's names,
//!   ranks and card sets, the rules (classify, compare, generate), seats, the game model and the
//!   tracker, the learners' action space and the networks' encodings (DouZero's arrays);
//! - [`estimate`]: the mean and standard error of a sample (used by any layer above);
//! - [`registry`]: the settings registries' machinery (a setting's names, reading, usage
//!   lines), on which the engine, the thinking player and its time declare theirs;
//! - [`os`]: the operating system's calls (whether a stream is a terminal, SIGPIPE), the
//!   crate's one home of `extern` blocks;
//! - [`cli`]: the command line, read one way by the engine and every tool, and the binary's
//!   usage;
//! - [`shards`]: a run cut into shards, for the arena and self-play alike: the slicing, the
//!   "same run?" check and the merge's walk;
//! - [`time`]: each platform's reply limit, the one time control every host builds a
//!   decision's deadline from, and a search's limit ([`time::SearchLimit`]);
//! - [`search`]: the exact open-hand solver and the sampler of the hidden hands;
//! - [`strategy`]: bidding and play decisions behind the [`strategy::Strategy`] trait;
//! - [`protocol`]: the referee's messages and the line loop;
//! - [`engine`]: one seat's player: tracks the game, asks the strategy, checks the answer;
//! - [`arena`]: the tournament referee: engines against engines on the same deals;
//! - [`botzone`]: the engine as a Botzone bot, and Botzone bots at the arena's tables;
//! - [`training`]: the training data: self-play positions, the learned policy's labelled
//!   decisions and the networks' matrices, on the arena's games;
//! - [`play`]: a person at the table against engines, on the arena's referee;
//! - [`web`]: the table in a browser: replay pages and `ddz serve`;
//! - [`tools`]: the subcommands beside the engine (moves, bench, arena, …), each a front end
//!   over the layers before it.

#![warn(missing_docs)]
// The docs are the developers' (`cargo doc --document-private-items`): a public item's comment
// may name the internal item that does the work.
#![allow(rustdoc::private_intra_doc_links)]

/// The version and the commit the binary was built from (`build.rs`): `ddz 0.4.0 (commit
/// 1a2b3c4d5e)`, `-modified` after the commit when the sources differed from it, `unknown`
/// when the build had no git. `ddz --version` prints it and every log starts with it.
pub const VERSION: &str = concat!(
    "ddz ",
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("DDZ_COMMIT"),
    ")"
);

// The card core, a crate of its own (crates/ddz-core), under the names it always had here.
pub use ddz_core::{actions, cards, encode, game, named, named_enum, near_names, rules};

pub mod arena;
pub mod botzone;
pub mod cli;
pub mod engine;
pub mod estimate;
pub mod os;
pub mod play;
pub mod protocol;
pub mod registry;
pub mod search;
pub mod shards;
pub mod strategy;
pub mod time;
pub mod tools;
pub mod training;
pub mod web;
