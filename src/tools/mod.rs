//! The tools beside the engine, one module each; `main` dispatches subcommands here.

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod botzone;
pub mod check_transcripts;
pub mod label;
pub mod moves;
pub mod play;
pub mod replay;
pub mod selfplay;
pub mod serve;
pub mod solve;
pub mod split;
