//! Strategies: how a seat bids and what it plays. The engine asks its strategy through the
//! [`Strategy`] trait and checks every answer; the arena's built-in players are strategies too.

pub(crate) mod bench_games;
pub(crate) mod choices;
pub(crate) mod douzero_player;
pub(crate) mod explain;
pub(crate) mod greedy;
pub(crate) mod kinds;
pub(crate) mod knowledge;
pub(crate) mod learned_policy;
pub mod networks;
pub(crate) mod player;
pub(crate) mod random;
pub(crate) mod rules_player;
pub(crate) mod splitter;
pub mod thinker;
pub(crate) mod tricky;
pub(crate) mod value;

pub(crate) use explain::Note;
pub use player::{Ending, Strategy};

// The face: the players and their parts that callers outside the crate take; `thinker` and
// `networks` are faces of their own.
pub use bench_games::self_play_positions;
pub use douzero_player::douzero_player;
pub use greedy::Greedy;
pub use kinds::{builtin_names, BuiltinSpec};
pub use knowledge::Knowledge;
pub use random::RandomPlayer;
pub use rules_player::{explain, RulesPlayer};
pub use splitter::{Mode, Splitter};
