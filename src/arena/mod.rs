//! The arena: the tournament referee. It seats three players per table, plays seeded deals
//! the way the tournament does, judges every reply, scores by the official rules and reports
//! each player's strength with confidence intervals.
//!
//! It is built in six parts whose imports point one way, each on those before it:
//!
//! - [`table`]: the players and the table (player specs, built-in and external players, a
//!   Botzone bot, deals, the referee of one game, the official score);
//! - [`wire`]: the wire format and the logs (the JSON lines, game logs and transcripts, the
//!   engine's own log read back);
//! - [`count`]: the counting (the figures per player, the team format, the sequential test);
//! - [`config`]: the match as the runner takes it (the players, the format and its seatings,
//!   the deals, the table's rules) and the player a spec names;
//! - the runner (`runner`): a match played ([`run`]), its progress line on stderr (`progress`),
//!   with [`request`] (the rules of a valid match: a match as asked for, checked into one to
//!   run), [`gauntlet`] (one candidate against a list of opponents, each in pairs, same deals),
//!   [`log_merge`] (a match cut into runs of every N-th deal, and their logs merged) and
//!   [`text`] (the reports as people read them: match, team turns, gauntlet);
//! - [`ask`]: one decision asked of any player away from a match (the Python package's
//!   `ddz.Agent`), on the players of [`table`] and [`config`].
//!
//! This file is the folder's face: it defines nothing, and names what callers outside take.
//!
//! Results do not depend on the number of threads: each deal and each game draws its
//! randomness from its own seed, and results are gathered in deal order.

pub(crate) mod ask;
pub(crate) mod config;
pub mod count;
pub(crate) mod gauntlet;
pub(crate) mod log_merge;
mod progress;
pub(crate) mod request;
mod runner;
pub(crate) mod table;
pub(crate) mod text;
pub mod wire;

// The arena's face: what a caller outside the crate takes (a tool, tests/suite, the Python
// package), named here so that the rooms behind it (table/, request, gauntlet, text) can move
// without a caller noticing. `count` (the report, the SPRT, the team score) and `wire` (the
// logs' and transcripts' formats) are faces of their own.
pub use ask::{Adviser, Position};
pub use config::{labels, make_player, ArenaConfig, Format, DEFAULT_PLAYER};
pub use gauntlet::{head_to_head, run_gauntlet, run_gauntlet_with, Role};
pub use request::{CheckedMatch, DealFile, Gauntlet, MatchRequest, RequestError, MOST_TIME_SECS};
pub(crate) use runner::game_seed;
pub use runner::{run, run_with, MatchError, Stop};
pub use table::caller::{Decide, Supplied};
pub use table::players::{Answer, Fault, FaultKind, Hosting, Player};
pub use table::referee::{play_game, CardOrder, ErrorRecord, GameRecord, GameSlot, MatchRules};
pub use table::spec::{Lineup, PlayerSpec};
pub use text::{jobs_text, match_text};
