//! The arena's JSON lines, each one serde type read and written by `serde_json`. Seeds are
//! 64-bit numbers, written as decimal text (`"seed":"18446744073709539270"`): jq, JavaScript
//! and spreadsheets hold every JSON number as a double, exact only up to 2^53, and would
//! change the digits of most seeds. Logs written before, with seeds as numbers, still read.
//! The lines:
//!
//! - [`GameLine`]: one game, a line of `ddz arena --json`, of a shard's log and of `ddz play
//!   --save`; [`ddz replay`](crate::tools::replay), `ddz arena merge` and the tests read it back;
//! - [`LogLine`]: any line of such a log, a game or a shard's first ([`ShardHeader`]) or last
//!   ([`ShardEnd`]) line;
//! - [`ResultLine`]: the `RESULT` line that ends the arena's output, with its [`TeamLine`] and
//!   [`SprtLine`].
//!
//! In them a seat is its letter and cards are their codes (the serde of those core types is
//! beside them, in `game/seat.rs` and `cards.rs`), `"-1"` a pass as in the protocol, and a
//! fault kind is its name.

use crate::arena::table::players::{FaultKind, FAULT_KINDS};
use crate::arena::table::referee::{ErrorRecord, GameRecord};
use crate::cards::{Cards, CodesError};
use crate::game::deal::Deal;
use crate::game::{BySeat, Seat};
use crate::named::Named;
use serde::de::{self, Deserializer};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One game as the logs hold it. The fields and their order are the log's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    /// The deal's number in the match, from 0.
    pub deal: usize,
    /// Which seating of the deal, from 0.
    pub seating: usize,
    /// The game's own seed (text in the line: see the module's note).
    #[serde(with = "seed_text")]
    pub seed: u64,
    /// The label of the player in each seat (after a team format's seat swap).
    pub players: [String; 3],
    /// The deal: `{"A":…,"B":…,"C":…,"bottom":…}`.
    #[serde(with = "hands")]
    pub(crate) hands: Deal,
    /// The bids in order, `[seat, bid]` each.
    pub(crate) bids: Vec<(Seat, u8)>,
    /// The landlord; `null` when nobody bid or the game ended before.
    pub(crate) landlord: Option<Seat>,
    /// The base.
    pub(crate) base: u8,
    /// Every play and pass in order, `[seat, codes]` each (`"-1"` a pass).
    #[serde(with = "plays")]
    pub plays: Vec<(Seat, Option<Cards>)>,
    /// Who emptied their hand; `null` when nobody did.
    pub winner: Option<Seat>,
    /// The seat a team format's spare process took after the bidding; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) swapped: Option<Seat>,
    /// The score multiplier.
    pub(crate) multiplier: i32,
    /// Each seat's score.
    pub scores: [i32; 3],
    /// Faulty replies.
    pub(crate) errors: Vec<ErrorRecord>,
    /// Each seat's reply times, whole microseconds.
    #[serde(default)]
    pub(crate) reply_us: [Vec<u64>; 3],
}

impl GameLine {
    /// The log's line of a game, `labels` naming the player entries.
    #[must_use]
    pub fn new(g: &GameRecord, labels: &[String]) -> GameLine {
        GameLine {
            deal: g.deal_index,
            seating: g.seating,
            seed: g.seed,
            players: g.lineup.map(|entry| labels[entry].clone()).0,
            hands: g.deal,
            bids: g.bids.clone(),
            landlord: g.landlord,
            base: g.base,
            plays: g.plays.clone(),
            winner: g.winner,
            swapped: g.swapped,
            multiplier: g.multiplier,
            scores: g.scores.0,
            errors: g.errors.clone(),
            // Whole microseconds, as the log has always had them.
            reply_us: g
                .times
                .0
                .clone()
                .map(|t| t.iter().map(|ns| ns / 1000).collect()),
        }
    }

    /// The game as the arena's record, with `labels` naming the player entries as they did
    /// when it was written (a line's own [`GameLine::players`] will do when no run's labels are
    /// at hand). Reply times come back in whole microseconds; transcripts are not in the log.
    pub fn to_record(&self, labels: &[String]) -> Result<GameRecord, LogError> {
        let mut lineup = BySeat([0; 3]);
        for (slot, name) in lineup.values_mut().zip(&self.players) {
            *slot = labels
                .iter()
                .position(|l| l == name)
                .ok_or_else(|| LogError::UnknownPlayer(name.clone()))?;
        }
        Ok(GameRecord {
            deal_index: self.deal,
            seating: self.seating,
            lineup,
            seed: self.seed,
            deal: self.hands,
            bids: self.bids.clone(),
            landlord: self.landlord,
            base: self.base,
            plays: self.plays.clone(),
            winner: self.winner,
            multiplier: self.multiplier,
            scores: BySeat(self.scores),
            errors: self.errors.clone(),
            times: BySeat(
                self.reply_us
                    .clone()
                    .map(|t| t.iter().map(|us| us * 1000).collect()),
            ),
            transcripts: None,
            swapped: self.swapped,
        })
    }

    /// Reads one game line.
    pub fn read(line: &str) -> Result<GameLine, LogError> {
        serde_json::from_str(line).map_err(|why| LogError::Line {
            what: "a game line",
            why,
        })
    }

    /// The line (no line end), as the logs hold it and [`GameLine::read`] reads it back.
    #[must_use]
    pub fn write(&self) -> String {
        to_line(self)
    }
}

/// The first line of an arena's JSON log (a whole run's or a shard's) and of a saved `ddz play`
/// session: the build, the command line and the run's settings, as far as the report needs
/// them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardHeader {
    /// The build that wrote the log: version and commit ([`crate::VERSION`]); empty in logs
    /// written before it was recorded.
    #[serde(default)]
    pub version: String,
    /// The command line after `ddz`, as typed: every setting of the run.
    #[serde(default)]
    pub command: Vec<String>,
    /// The player specs as given.
    pub(crate) players: Vec<String>,
    /// The format's name.
    pub(crate) format: String,
    /// The match seed (text in the line: see the module's note).
    #[serde(with = "seed_text")]
    pub(crate) seed: u64,
    /// Deals in the whole run.
    pub(crate) deals: usize,
    /// Which shard, `[K, N]`.
    pub shard: [usize; 2],
    /// Jobs of this shard's run.
    pub(crate) jobs: usize,
    /// The reply limit, seconds.
    pub(crate) time: f64,
    /// The platform's name.
    pub(crate) platform: String,
    /// The scoring rule's name.
    pub(crate) scoring: String,
    /// No bidding.
    pub(crate) fixed_landlord: bool,
    /// Built-in players on the engine's worker thread.
    pub(crate) threaded: bool,
    /// Deals per turn of the team format.
    pub(crate) turn_deals: usize,
    /// Deals per match when the run was played as matches (`--match-deals`); absent in
    /// logs written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) match_deals: Option<u32>,
}

/// The last line of a shard's log, written once every deal was played.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardEnd {
    /// Deals played.
    pub deals: u64,
    /// Wall time, seconds.
    pub(crate) seconds: f64,
}

/// Any line of a JSON game log: `{"arena":{…}}`, `{"arena_end":{…}}` or a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum LogLine {
    /// A shard's first line.
    Header {
        /// The settings.
        arena: ShardHeader,
    },
    /// A shard's last line.
    End {
        /// The figures.
        arena_end: ShardEnd,
    },
    /// A game.
    Game(Box<GameLine>),
}

impl LogLine {
    /// Reads one line of a log; the error says what is wrong with it.
    pub fn read(line: &str) -> Result<LogLine, LogError> {
        let v: serde_json::Value = serde_json::from_str(line).map_err(LogError::NotJson)?;
        let (what, read) = if let Some(h) = v.get("arena") {
            (
                "the shard header",
                ShardHeader::deserialize(h).map(|arena| LogLine::Header { arena }),
            )
        } else if let Some(e) = v.get("arena_end") {
            (
                "the shard's end line",
                ShardEnd::deserialize(e).map(|arena_end| LogLine::End { arena_end }),
            )
        } else {
            (
                "a game line",
                GameLine::deserialize(&v).map(|g| LogLine::Game(Box::new(g))),
            )
        };
        read.map_err(|why| LogError::Line { what, why })
    }

    /// The line (no line end).
    #[must_use]
    pub(crate) fn write(&self) -> String {
        to_line(self)
    }
}

/// The `RESULT` line: the match's figures for scripts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultLine {
    /// Deals played.
    pub(crate) deals: u64,
    /// Games played.
    pub games: u64,
    /// Games nobody bid in.
    pub(crate) all_passed: u64,
    /// Games decided by a fault.
    pub(crate) faulted: u64,
    /// Faults, all players.
    pub errors: u64,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Each player's figures, in entry order.
    pub players: Vec<PlayerLine>,
    /// The team format's figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) team: Option<TeamLine>,
    /// The sequential test's state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) sprt: Option<SprtLine>,
}

impl ResultLine {
    /// Reads the line (without its `RESULT ` prefix).
    pub fn read(line: &str) -> Result<ResultLine, LogError> {
        serde_json::from_str(line).map_err(|why| LogError::Line {
            what: "the RESULT line",
            why,
        })
    }

    /// The line (without the `RESULT ` prefix, no line end).
    #[must_use]
    pub(crate) fn write(&self) -> String {
        to_line(self)
    }
}

/// One player's figures in the `RESULT` line (see [`crate::arena::count::report::PlayerStats`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerLine {
    /// The label.
    pub player: String,
    /// Seats taken.
    pub(crate) games: u64,
    /// Decided seats won.
    pub(crate) wins: u64,
    /// Seats in decided games.
    pub(crate) decided: u64,
    /// `wins / decided`.
    pub(crate) win_rate: f64,
    /// Decided games as landlord.
    pub(crate) landlord_games: u64,
    /// Of those, won.
    pub(crate) landlord_wins: u64,
    /// Decided games as farmer.
    pub(crate) farmer_games: u64,
    /// Of those, won.
    pub(crate) farmer_wins: u64,
    /// The head-to-head figures.
    pub(crate) h2h: H2hLine,
    /// Total score.
    pub(crate) score: i64,
    /// Score per seat taken.
    pub(crate) score_per_game: f64,
    /// Mean score per deal.
    pub(crate) per_deal: f64,
    /// Half-width of its 95% interval; `null` when not finite (fewer than two deals).
    pub(crate) per_deal_ci95: Option<f64>,
    /// Reply times, milliseconds.
    pub reply_ms: ReplyMs,
    /// Faults by kind.
    #[serde(with = "fault_counts")]
    pub(crate) errors: [u64; FAULT_KINDS],
}

/// Reply-time figures of one player, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ReplyMs {
    /// The mean.
    pub mean: f64,
    /// The median.
    pub median: f64,
    /// The 99th percentile.
    pub p99: f64,
    /// The slowest reply.
    pub max: f64,
}

/// The head-to-head figures of one player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct H2hLine {
    /// Games as landlord against one other player.
    pub(crate) landlord_games: u64,
    /// Of those, won.
    pub(crate) landlord_wins: u64,
    /// Games as both farmers against one other player.
    pub(crate) farmer_games: u64,
    /// Of those, won.
    pub(crate) farmer_wins: u64,
    /// Share won of all of them.
    pub(crate) win_rate: f64,
}

/// The team format's figures (see [`crate::arena::count::team::TeamScore`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TeamLine {
    /// The two teams' labels.
    pub(crate) teams: Vec<String>,
    /// Deals per turn.
    pub(crate) turn_deals: usize,
    /// Turns won by each team.
    pub(crate) turns_won: [u32; 2],
    /// Turns drawn.
    pub(crate) turns_drawn: u32,
    /// Points per team.
    pub(crate) points: [i32; 2],
    /// Each turn's points per team.
    pub(crate) turns: Vec<[i32; 2]>,
}

/// The sequential test's state (see [`crate::arena::count::sprt::Sprt`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SprtLine {
    /// The H0 margin.
    pub(crate) margin0: f64,
    /// The H1 margin.
    pub(crate) margin1: f64,
    /// The false-positive rate.
    pub(crate) alpha: f64,
    /// The false-negative rate.
    pub(crate) beta: f64,
    /// The log-likelihood ratio.
    pub(crate) llr: f64,
    /// Its lower bound.
    pub(crate) lower: f64,
    /// Its upper bound.
    pub(crate) upper: f64,
    /// Deals seen.
    pub(crate) deals: u64,
    /// The mean difference.
    pub(crate) mean: f64,
    /// `"H0"`, `"H1"`, or `null` while undecided.
    pub(crate) decision: Option<String>,
}

/// A line of one of the types above. They hold no maps with other keys than strings, which
/// is all `serde_json` can refuse.
fn to_line<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the arena's lines are always JSON")
}

/// A line of the arena's logs that cannot be read, and why.
#[derive(Debug)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum LogError {
    /// Not JSON.
    NotJson(serde_json::Error),
    /// JSON, but not the line it should be (`what`: `a game line`, `the RESULT line`, …).
    Line {
        what: &'static str,
        why: serde_json::Error,
    },
    /// A game's player who is not one of the run's.
    UnknownPlayer(String),
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::NotJson(why) => why.fmt(f),
            LogError::Line { what, why } => write!(f, "{}: {}", what, why),
            LogError::UnknownPlayer(name) => {
                write!(f, "player '{}' is not one of the run's", name)
            }
        }
    }
}

impl std::error::Error for LogError {}

/// Cards from their codes (none: empty), or why not: [`Cards`]' own reading of its text in
/// the logs (its serde, beside the type in `cards.rs`).
fn codes(text: &str) -> Result<Cards, CodesError> {
    Cards::from_code_list(text)
}

impl Serialize for FaultKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for FaultKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FaultKind, D::Error> {
        let text = String::deserialize(d)?;
        FaultKind::from_name(&text)
            .ok_or_else(|| de::Error::custom(format!("unknown fault '{}'", text)))
    }
}

/// The fields of a fault, in the log's order (serde's remote derive for [`ErrorRecord`]).
#[derive(Serialize, Deserialize)]
#[serde(remote = "ErrorRecord")]
struct ErrorFields {
    seat: Seat,
    kind: FaultKind,
    scored: bool,
    detail: String,
}

impl Serialize for ErrorRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ErrorFields::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for ErrorRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ErrorRecord, D::Error> {
        ErrorFields::deserialize(d)
    }
}

/// A deal as `{"A":…,"B":…,"C":…,"bottom":…}`.
mod hands {
    use super::*;

    #[derive(Serialize, Deserialize)]
    struct Hands {
        #[serde(rename = "A")]
        a: Cards,
        #[serde(rename = "B")]
        b: Cards,
        #[serde(rename = "C")]
        c: Cards,
        bottom: Cards,
    }

    pub(crate) fn serialize<S: Serializer>(deal: &Deal, s: S) -> Result<S::Ok, S::Error> {
        let [a, b, c] = deal.hands.0;
        Hands {
            a,
            b,
            c,
            bottom: deal.bottom,
        }
        .serialize(s)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Deal, D::Error> {
        let h = Hands::deserialize(d)?;
        Ok(Deal {
            hands: BySeat([h.a, h.b, h.c]),
            bottom: h.bottom,
        })
    }
}

/// Plays as `[seat, codes]` pairs, `"-1"` for a pass.
mod plays {
    use super::*;

    /// One play's cards, or a pass.
    struct Play(Option<Cards>);

    impl Serialize for Play {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self.0 {
                Some(cards) => cards.serialize(s),
                None => s.serialize_str("-1"),
            }
        }
    }

    impl<'de> Deserialize<'de> for Play {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Play, D::Error> {
            let text = String::deserialize(d)?;
            match text.trim() {
                "-1" => Ok(Play(None)),
                "" => Err(de::Error::custom("a play without cards")),
                _ => codes(&text)
                    .map(|c| Play(Some(c)))
                    .map_err(de::Error::custom),
            }
        }
    }

    pub(crate) fn serialize<S: Serializer>(
        plays: &[(Seat, Option<Cards>)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(plays.iter().map(|(seat, cards)| (seat, Play(*cards))))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(Seat, Option<Cards>)>, D::Error> {
        let plays: Vec<(Seat, Play)> = Vec::deserialize(d)?;
        Ok(plays.into_iter().map(|(seat, p)| (seat, p.0)).collect())
    }
}

/// Fault counts as `{"malformed":n,…}`, in [`FaultKind::ALL`] order.
mod fault_counts {
    use super::*;
    use std::collections::BTreeMap;

    pub(crate) fn serialize<S: Serializer>(
        counts: &[u64; FAULT_KINDS],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(FAULT_KINDS))?;
        for (kind, n) in FaultKind::ALL.iter().zip(counts) {
            map.serialize_entry(kind.name(), n)?;
        }
        map.end()
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[u64; FAULT_KINDS], D::Error> {
        let named: BTreeMap<String, u64> = BTreeMap::deserialize(d)?;
        let mut counts = [0; FAULT_KINDS];
        for (name, n) in named {
            let kind = FaultKind::from_name(&name)
                .ok_or_else(|| de::Error::custom(format!("unknown fault '{}'", name)))?;
            let at = FaultKind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
            counts[at] = n;
        }
        Ok(counts)
    }
}

/// A seed written as decimal text; read from text or, as older logs have it, from a number.
mod seed_text {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(n: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(n)
    }

    /// The two forms a seed has had in the logs.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(u64),
        Text(String),
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = match Written::deserialize(d) {
            Ok(Written::Number(n)) => return Ok(n),
            Ok(Written::Text(text)) => text,
            Err(_) => return Err(de::Error::custom("a seed is a 64-bit number, as text")),
        };
        text.parse()
            .map_err(|_| de::Error::custom(format!("seed '{}' is no 64-bit number", text)))
    }
}
