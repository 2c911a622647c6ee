//! The arena's shards' logs: one match's deals played as N separate runs (the slicing, the
//! "same run?" check and the merge's walk are [`crate::shards`]', shared with self-play), and
//! their JSON logs merged into the report one run of all the deals would give.
//!
//! Shard K of N (`--shard K/N`, K from 1) plays the deals i with `i mod N = K - 1`. Deals, game
//! seeds and the `INFO` a player hears depend on the deal's number in the whole match only, so
//! a deal is played the same in a shard as in a whole run.
//!
//! A shard's JSON log is the game lines of `--json` between two more lines (all of them a
//! [`LogLine`]): first `{"arena":{…}}`, the run's settings (a [`ShardHeader`]: what the
//! report's header and figures need), and last `{"arena_end":{"deals":D,"seconds":S}}`,
//! written once every deal was played (a shard killed before the end has none, and merging
//! refuses it). [`merge`] checks the shards belong to one run, are all there once, and cover
//! every deal (two headers are one run's when they differ only in the shard, its jobs and its
//! command line); then it adds the deals up in order, as the run would have. Its `seconds` is the
//! shards' wall times added up, and reply times come from the log's whole microseconds.

use super::config::{labels, ArenaConfig, Format, ParseFormatError};
use super::count::report::Report;
use super::count::team::TeamScore;
use super::table::referee::GameRecord;
use super::wire::json::{LogLine, ShardEnd, ShardHeader};
use crate::shards::{Shard, ShardFile, Shards, ShardsError};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// The first line of a shard's log (and of a whole run's, as shard 1/1): the build, the
/// command line after `ddz` and the run's settings.
#[must_use]
pub(crate) fn header_line(config: &ArenaConfig, shard: Shard, command: &[String]) -> String {
    LogLine::Header {
        arena: ShardHeader {
            version: crate::VERSION.to_string(),
            command: command.to_vec(),
            players: config.players.clone(),
            format: config.format.to_string(),
            seed: config.seed,
            deals: config.deal_count(),
            shard: [shard.index, shard.count],
            jobs: config.jobs,
            time: config.rules.time.as_secs_f64(),
            platform: config.rules.platform.to_string(),
            scoring: config.rules.scoring.to_string(),
            fixed_landlord: config.rules.fixed_landlord,
            threaded: config.threaded,
            turn_deals: config.turn_deals,
            match_deals: config.rules.match_deals,
        },
    }
    .write()
}

/// The last line of a shard's log: it finished, with its deals and wall time.
#[must_use]
pub(crate) fn end_line(report: &Report) -> String {
    LogLine::End {
        arena_end: ShardEnd {
            deals: report.deals,
            seconds: report.seconds,
        },
    }
    .write()
}

/// The settings of the run the shards came from, as far as the report needs them.
fn config_of(header: &ShardHeader) -> Result<ArenaConfig, MergeError> {
    let format: Format = header
        .format
        .parse()
        .map_err(|e: ParseFormatError| MergeError::Header(format!("format: {}", e)))?;
    let mut config = ArenaConfig {
        players: header.players.clone(),
        format,
        games: header.deals,
        seed: header.seed,
        jobs: header.jobs,
        threaded: header.threaded,
        turn_deals: header.turn_deals.max(1),
        ..ArenaConfig::default()
    };
    config.rules.time = Duration::from_secs_f64(header.time.max(0.0));
    config.rules.platform = header
        .platform
        .parse()
        .map_err(|_| MergeError::Header(format!("unknown platform '{}'", header.platform)))?;
    config.rules.scoring = header
        .scoring
        .parse()
        .map_err(|e: crate::game::ParseScoringError| MergeError::Header(e.to_string()))?;
    config.rules.fixed_landlord = header.fixed_landlord;
    config.rules.match_deals = header.match_deals;
    if config.players.len() != config.format.entries() {
        return Err(MergeError::Header(format!(
            "{} players for a format that takes {}",
            config.players.len(),
            config.format.entries()
        )));
    }
    Ok(config)
}

/// The header without what may differ between the shards of one run.
fn run_identity(header: &ShardHeader) -> ShardHeader {
    ShardHeader {
        shard: [0, 0],
        jobs: 0,
        command: Vec::new(),
        ..header.clone()
    }
}

/// The run's settings in which two shards' headers differ, each as `name X, not Y` (X the
/// first header's): every field of the header line but the shard and its jobs, so a setting
/// added to the header is compared and named without more code.
fn differences(header: &ShardHeader, other: &ShardHeader) -> Vec<String> {
    let fields = |h: &ShardHeader| match serde_json::to_value(run_identity(h)) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let (mine, theirs) = (fields(header), fields(other));
    let differ: Vec<String> = mine
        .iter()
        .filter(|(key, value)| theirs.get(key.as_str()) != Some(value))
        .map(|(key, value)| {
            let there = theirs
                .get(key.as_str())
                .map_or("none".to_string(), |v| v.to_string());
            format!("{} {}, not {}", key, value, there)
        })
        .collect();
    if differ.is_empty() {
        vec!["settings differ".to_string()]
    } else {
        differ
    }
}

/// Shards' logs that do not merge into one run's report.
#[derive(Debug)]
pub(crate) enum MergeError {
    /// One log is not a finished shard's: its name, and what is wrong.
    File { name: String, why: FileProblem },
    /// The logs are not the shards of one run, each once.
    Shards(ShardsError),
    /// The deals' games do not add up to the run's (which, in words).
    Deals(String),
    /// The header's settings name no run this binary can score (which, in words).
    Header(String),
}

/// What is wrong with one shard's log.
#[derive(Debug)]
pub(crate) enum FileProblem {
    /// Nothing in it.
    Empty,
    /// Its first line is no shard's header.
    NoHeader,
    /// Its header names no shard.
    Shard(crate::shards::ShardSpecError),
    /// A line (numbered from 1) is wrong.
    Line { number: usize, why: LineProblem },
    /// It has no end line: the shard did not finish.
    Unfinished(Shard),
}

/// What is wrong with one line of a shard's log.
#[derive(Debug)]
pub(crate) enum LineProblem {
    /// It does not read.
    Unreadable(super::wire::json::LogError),
    /// A header after the first line.
    SecondHeader,
    /// Text after the end line.
    AfterEnd,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::File { name, why } => match why {
                FileProblem::Empty => write!(f, "{} is empty", name),
                FileProblem::NoHeader => write!(
                    f,
                    "{} does not start with a shard's header line (written by ddz arena --shard K/N --json)",
                    name
                ),
                FileProblem::Shard(e) => e.fmt(f),
                FileProblem::Line { number, why } => {
                    write!(f, "{} line {}: ", name, number)?;
                    match why {
                        LineProblem::Unreadable(e) => e.fmt(f),
                        LineProblem::SecondHeader => f.write_str("a second header line"),
                        LineProblem::AfterEnd => f.write_str("text after the end line"),
                    }
                }
                FileProblem::Unfinished(shard) => write!(
                    f,
                    "{} has no end line: shard {}/{} did not finish",
                    name, shard.index, shard.count
                ),
            },
            MergeError::Shards(e) => e.fmt(f),
            MergeError::Deals(why) | MergeError::Header(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MergeError {}

/// One shard's log, read.
struct ShardLog {
    header: ShardHeader,
    shard: Shard,
    /// Its games by deal number.
    games: BTreeMap<usize, Vec<GameRecord>>,
    seconds: f64,
}

impl ShardFile for ShardLog {
    fn shard(&self) -> Shard {
        self.shard
    }

    fn deals(&self) -> usize {
        self.header.deals
    }

    fn run_difference(&self, first: &ShardLog) -> Option<String> {
        if run_identity(&self.header) == run_identity(&first.header) {
            None
        } else {
            Some(format!(
                "its {}",
                differences(&self.header, &first.header).join(", ")
            ))
        }
    }
}

fn read_shard(name: &str, text: &str) -> Result<ShardLog, MergeError> {
    let file = |why| MergeError::File {
        name: name.to_string(),
        why,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let first = lines.next().ok_or_else(|| file(FileProblem::Empty))?.1;
    let header = match LogLine::read(first) {
        Ok(LogLine::Header { arena }) => arena,
        _ => return Err(file(FileProblem::NoHeader)),
    };
    let shard = Shard::parse(&format!("{}/{}", header.shard[0], header.shard[1]))
        .map_err(|e| file(FileProblem::Shard(e)))?;
    let labels = labels(&header.players);
    let mut games: BTreeMap<usize, Vec<GameRecord>> = BTreeMap::new();
    let mut seconds = None;
    for (n, line) in lines {
        let at = |why| file(FileProblem::Line { number: n + 1, why });
        if seconds.is_some() {
            return Err(at(LineProblem::AfterEnd));
        }
        match LogLine::read(line).map_err(|e| at(LineProblem::Unreadable(e)))? {
            LogLine::End { arena_end } => seconds = Some(arena_end.seconds),
            LogLine::Game(g) => {
                let game = g
                    .to_record(&labels)
                    .map_err(|e| at(LineProblem::Unreadable(e)))?;
                games.entry(game.deal_index).or_default().push(game);
            }
            LogLine::Header { .. } => return Err(at(LineProblem::SecondHeader)),
        }
    }
    let seconds = seconds.ok_or_else(|| file(FileProblem::Unfinished(shard)))?;
    Ok(ShardLog {
        header,
        shard,
        games,
        seconds,
    })
}

/// Merges shards' logs, given as (name, text): the run's settings and the report of all its
/// deals, as one run would have made it, and the number of shards.
pub(crate) fn merge(logs: &[(String, String)]) -> Result<(ArenaConfig, Report, usize), MergeError> {
    let read = logs
        .iter()
        .map(|(name, text)| Ok((name.clone(), read_shard(name, text)?)))
        .collect::<Result<Vec<_>, MergeError>>()?;
    let mut shards = Shards::of(read).map_err(MergeError::Shards)?;
    let config = config_of(&shards.first().header)?;
    let count = shards.count();
    for (_, log) in shards.files() {
        if let Some(deal) = log.games.keys().find(|&&d| !log.shard.holds(d)) {
            return Err(MergeError::Deals(format!(
                "deal {} is not shard {}'s",
                deal + 1,
                log.shard.name()
            )));
        }
    }
    let seatings = config.format.games_per_deal();
    let mut report = Report::new(&labels(&config.players));
    if config.format == Format::Team {
        report.team = Some(TeamScore::new(config.turn_deals));
    }
    shards.each_deal(|i, _, log| {
        let mut games = log.games.remove(&i).unwrap_or_default();
        games.sort_by_key(|g| g.seating);
        let complete =
            games.len() == seatings && games.iter().enumerate().all(|(k, g)| g.seating == k);
        if !complete {
            return Err(MergeError::Deals(format!(
                "deal {} has {} of its {} games",
                i + 1,
                games.len(),
                seatings
            )));
        }
        report.add_deal(&games);
        Ok(())
    })?;
    let past = shards
        .files()
        .iter()
        .filter_map(|(_, log)| log.games.keys().next())
        .min();
    if let Some(i) = past {
        return Err(MergeError::Deals(format!(
            "deal {} is past the run's {} deals",
            i + 1,
            config.games
        )));
    }
    report.seconds = shards.files().iter().map(|(_, s)| s.seconds).sum();
    Ok((config, report, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_line_gives_back_the_runs_settings() {
        let mut config = ArenaConfig {
            players: vec!["builtin:rules".into(), "builtin:greedy".into()],
            format: Format::Pair,
            seed: u64::MAX - 12345,
            jobs: 3,
            ..ArenaConfig::default()
        };
        config.rules.fixed_landlord = true;
        config.rules.time = Duration::from_millis(2500);
        let line = header_line(&config, Shard::parse("2/5").unwrap(), &[]);
        assert!(line.starts_with("{\"arena\":{"), "{}", line);
        assert!(
            line.contains("\"seed\":\"18446744073709539270\""),
            "{}",
            line
        );
        let header = match LogLine::read(&line).unwrap() {
            LogLine::Header { arena } => arena,
            other => panic!("{:?}", other),
        };
        assert_eq!(header.shard, [2, 5]);
        let back = config_of(&header).unwrap();
        assert_eq!(back.seed, config.seed);
        assert_eq!(back.players, config.players);
        assert_eq!(back.format, Format::Pair);
        assert_eq!(back.jobs, 3);
        assert_eq!(back.rules.time, config.rules.time);
        assert!(back.rules.fixed_landlord);
        config.jobs = 1;
        let other = match LogLine::read(&header_line(&config, Shard::parse("1/5").unwrap(), &[])) {
            Ok(LogLine::Header { arena }) => arena,
            other => panic!("{:?}", other),
        };
        assert_eq!(run_identity(&other), run_identity(&header));
        config.seed -= 1;
        let moved = match LogLine::read(&header_line(&config, Shard::parse("1/5").unwrap(), &[])) {
            Ok(LogLine::Header { arena }) => arena,
            other => panic!("{:?}", other),
        };
        assert_ne!(run_identity(&moved), run_identity(&header));
    }
}
