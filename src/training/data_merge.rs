//! Self-play shards: one run's deals played as N separate runs (on a batch system, one job
//! each), and their data files merged into the file one run of all the deals writes, byte for
//! byte.
//!
//! Shard K of N (`ddz selfplay --shard K/N`) plays the run's deals i (from 0) with
//! `i mod N = K - 1`, as the arena's shards do (the slicing, the "same run?" check and the
//! merge's walk are [`crate::shards`]', shared with the arena), each deal's three
//! games (landlord A, B, C) together, every game exactly as the whole run plays it. Its file is
//! the whole run's (the run's comment line, the column header, the positions in game order)
//! with two more comment lines, which readers of data files skip: after the run's line, which
//! shard it is ([`shard_line`]), and last, once every deal was played, that it finished
//! ([`end_line`], with its count of positions). A shard killed before the end has no end line.
//!
//! [`merge`] checks the shards are of one run (the same first line and deals), all there once, each
//! finished and holding only its own deals in order; then it writes the run's line, the column
//! header and every deal's positions in deal order, taking deal i from shard `i mod N + 1`:
//! the whole run's file. `ddz selfplay merge` writes it; `ddz encode` reads shards through it,
//! so a matrix made from the shards is the one made from the whole file.

use super::data::{GAMES_PER_DEAL, HEADER};
use crate::shards::{Shard, ShardFile, Shards, ShardsError};
use std::io::BufRead;

/// The start of a shard's second line, before `K/N`.
const SHARD_MARK: &str = "# shard ";

/// The shard of a self-play run: its deals' three games go together.
#[must_use]
pub(crate) fn deal_shard(shard: Shard) -> Shard {
    Shard {
        group: GAMES_PER_DEAL,
        ..shard
    }
}

/// How many of the run's `deals` the shard plays.
#[must_use]
pub(crate) fn deals_in(shard: Shard, deals: usize) -> usize {
    (0..deals)
        .filter(|&i| i % shard.count + 1 == shard.index)
        .count()
}

/// The second line of a shard's file: which shard of how many deals.
#[must_use]
pub(crate) fn shard_line(shard: Shard, deals: usize) -> String {
    format!(
        "{}{}/{} of {} deals: the deals i (from 0) with i mod {} = {}; ddz selfplay merge joins the shards",
        SHARD_MARK,
        shard.index,
        shard.count,
        deals,
        shard.count,
        shard.index - 1
    )
}

/// The last line of a shard's file, written once every deal was played.
#[must_use]
pub(crate) fn end_line(shard: Shard, deals: usize, games: u64, positions: u64) -> String {
    format!(
        "{}{}/{} finished: {} deals, {} games kept, {} positions",
        SHARD_MARK, shard.index, shard.count, deals, games, positions
    )
}

/// Reads a shard's second line: the shard and the run's deals; `None` for any other line.
#[must_use]
pub(crate) fn parse_shard_line(line: &str) -> Option<(Shard, usize)> {
    let rest = line.strip_prefix(SHARD_MARK)?;
    let (shard, rest) = rest.split_once(' ')?;
    let shard = Shard::parse(shard).ok()?;
    let deals = rest.strip_prefix("of ")?.split_once(' ')?.0.parse().ok()?;
    Some((shard, deals))
}

/// Reads an end line: the positions it counts; `None` for any other line.
fn parse_end_line(line: &str, shard: Shard) -> Option<u64> {
    let rest = line.strip_prefix(&format!(
        "{}{}/{} finished: ",
        SHARD_MARK, shard.index, shard.count
    ))?;
    rest.strip_suffix(" positions")?
        .rsplit(' ')
        .next()?
        .parse()
        .ok()
}

/// Self-play shards' files that do not merge into the whole run's file.
#[derive(Debug)]
pub(crate) enum RunMergeError {
    /// A file could not be read.
    Read { name: String, error: std::io::Error },
    /// The merged file could not be written.
    Write(std::io::Error),
    /// A file that is no finished shard, or a line out of its place (which, in words naming
    /// the file and the line).
    File(String),
    /// The files are not the shards of one run, each once.
    Shards(ShardsError),
}

impl std::fmt::Display for RunMergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunMergeError::Read { name, error } => write!(f, "reading {}: {}", name, error),
            RunMergeError::Write(e) => write!(f, "writing the merged file: {}", e),
            RunMergeError::File(why) => f.write_str(why),
            RunMergeError::Shards(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RunMergeError {}

/// One shard's file being read, a line ahead.
struct ShardReader<R> {
    name: String,
    shard: Shard,
    /// The run's first line.
    run: String,
    /// The run's deals.
    deals: usize,
    lines: std::io::Lines<R>,
    line_number: usize,
    /// The next position's game number and line.
    next: Option<(u64, String)>,
    positions: u64,
}

impl<R: BufRead> ShardReader<R> {
    /// Reads the first three lines: the run's line, the shard line, the column header.
    fn open(name: String, reader: R) -> Result<ShardReader<R>, RunMergeError> {
        let mut lines = reader.lines();
        let mut line = |what: &str| -> Result<String, RunMergeError> {
            match lines.next() {
                Some(Ok(l)) => Ok(l),
                Some(Err(error)) => Err(RunMergeError::Read {
                    name: name.clone(),
                    error,
                }),
                None => Err(RunMergeError::File(format!(
                    "{} ends before its {}",
                    name, what
                ))),
            }
        };
        let run = line("first line")?;
        let second = line("shard line")?;
        let (shard, deals) = parse_shard_line(&second).ok_or_else(|| {
            RunMergeError::File(format!(
                "{} is no shard: its second line is not '{}K/N of D deals…' (written by ddz selfplay --shard K/N)",
                name, SHARD_MARK
            ))
        })?;
        if !run.starts_with("# ddz selfplay ") {
            return Err(RunMergeError::File(format!(
                "{} does not start with a ddz selfplay line",
                name
            )));
        }
        if line("column header")? != HEADER {
            return Err(RunMergeError::File(format!(
                "{} line 3 is not the column header",
                name
            )));
        }
        let mut reader = ShardReader {
            name,
            shard,
            run,
            deals,
            lines,
            line_number: 3,
            next: None,
            positions: 0,
        };
        reader.advance()?;
        Ok(reader)
    }

    /// Reads the next position into `next`; at the end line, checks it and that nothing
    /// follows it; at the end of the file without one, fails: the shard did not finish.
    fn advance(&mut self) -> Result<(), RunMergeError> {
        self.next = None;
        let line = match self.lines.next() {
            Some(Ok(l)) => l,
            Some(Err(error)) => {
                return Err(RunMergeError::Read {
                    name: self.name.clone(),
                    error,
                })
            }
            None => {
                return Err(RunMergeError::File(format!(
                    "{} has no end line: shard {}/{} did not finish",
                    self.name, self.shard.index, self.shard.count
                )))
            }
        };
        self.line_number += 1;
        if line.starts_with('#') {
            let counted = parse_end_line(&line, self.shard).ok_or_else(|| {
                RunMergeError::File(format!(
                    "{} line {}: a comment that is not shard {}/{}'s end line",
                    self.name, self.line_number, self.shard.index, self.shard.count
                ))
            })?;
            if counted != self.positions {
                return Err(RunMergeError::File(format!(
                    "{}: the end line counts {} positions, the file holds {}",
                    self.name, counted, self.positions
                )));
            }
            if let Some(Ok(_)) | Some(Err(_)) = self.lines.next() {
                return Err(RunMergeError::File(format!(
                    "{} line {}: text after the end line",
                    self.name,
                    self.line_number + 1
                )));
            }
            return Ok(());
        }
        let game = line
            .split('\t')
            .next()
            .and_then(|g| g.parse::<u64>().ok())
            .ok_or_else(|| {
                RunMergeError::File(format!(
                    "{} line {}: no game number in the first column",
                    self.name, self.line_number
                ))
            })?;
        self.positions += 1;
        self.next = Some((game, line));
        Ok(())
    }
}

impl<R> ShardFile for ShardReader<R> {
    fn shard(&self) -> Shard {
        self.shard
    }

    fn deals(&self) -> usize {
        self.deals
    }

    fn run_difference(&self, first: &ShardReader<R>) -> Option<String> {
        if self.run != first.run {
            Some(run_difference(&self.run, &first.run))
        } else if self.deals != first.deals {
            Some(format!("of {} deals, not {}", self.deals, first.deals))
        } else {
            None
        }
    }
}

/// What a merge read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Merged {
    /// Shards merged.
    pub(crate) shards: usize,
    /// Deals of the run.
    pub(crate) deals: usize,
    /// Positions written.
    pub(crate) positions: u64,
}

/// Merges the files of all N shards of one run, given as (name, reader) in any order: hands
/// `out` each line of the file the whole run writes (without its newline), in order. Fails,
/// naming the file, on a file that is no shard, a shard of another run, a missing or repeated
/// shard, one that did not finish, or a position out of its shard's place.
pub(crate) fn merge<R: BufRead>(
    files: Vec<(String, R)>,
    out: &mut dyn FnMut(&str) -> std::io::Result<()>,
) -> Result<Merged, RunMergeError> {
    let readers = files
        .into_iter()
        .map(|(name, file)| Ok((name.clone(), ShardReader::open(name, file)?)))
        .collect::<Result<Vec<_>, RunMergeError>>()?;
    let mut shards = Shards::of(readers).map_err(RunMergeError::Shards)?;
    let write = RunMergeError::Write;
    out(&shards.first().run).map_err(write)?;
    out(HEADER).map_err(write)?;
    let mut positions = 0;
    shards.each_deal(|deal, _, reader| {
        while let Some((game, line)) = reader.next.take() {
            if game / GAMES_PER_DEAL as u64 != deal as u64 {
                reader.next = Some((game, line));
                break;
            }
            out(&line).map_err(write)?;
            positions += 1;
            reader.advance()?;
        }
        Ok(())
    })?;
    let deals = shards.deals();
    for (_, reader) in shards.files() {
        if let Some((game, _)) = &reader.next {
            return Err(RunMergeError::File(format!(
                "{} line {}: game {} (deal {}) is out of place: shard {}/{} holds the deals i \
                 with i mod {} = {} of {}, in order",
                reader.name,
                reader.line_number,
                game,
                game / GAMES_PER_DEAL as u64,
                reader.shard.index,
                reader.shard.count,
                reader.shard.count,
                reader.shard.index - 1,
                deals
            )));
        }
    }
    Ok(Merged {
        shards: shards.count(),
        deals,
        positions,
    })
}

/// How two runs' first lines differ: the words that do, each after the flag it belongs to.
fn run_difference(line: &str, other: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (
        line.split_whitespace().collect(),
        other.split_whitespace().collect(),
    );
    if a.len() != b.len() {
        return format!("'{}', not '{}'", line, other);
    }
    let differ: Vec<String> = (0..a.len())
        .filter(|&i| a[i] != b[i])
        .map(|i| {
            let flag = (0..i).rev().map(|j| a[j]).find(|w| w.starts_with("--"));
            format!(
                "{} {}, not {}",
                flag.unwrap_or("its first line:"),
                a[i],
                b[i]
            )
        })
        .collect();
    differ.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shard_and_end_lines_read_back() {
        let shard = deal_shard(Shard::parse("3/7").unwrap());
        assert_eq!(
            parse_shard_line(&shard_line(shard, 41)),
            Some((Shard::parse("3/7").unwrap(), 41))
        );
        assert_eq!(
            parse_end_line(&end_line(shard, 6, 18, 1234), shard),
            Some(1234)
        );
        assert_eq!(
            parse_end_line(&end_line(shard, 6, 18, 1234), Shard::parse("2/7").unwrap()),
            None
        );
        assert_eq!(parse_shard_line("# ddz selfplay --deals 3"), None);
        // Deals 2, 9, 16, …, 37 of 41: six of them.
        assert_eq!(deals_in(shard, 41), 6);
        assert_eq!(deals_in(Shard::parse("5/8").unwrap(), 3), 0);
    }

    #[test]
    fn a_run_line_difference_names_the_flag() {
        let a = "# ddz selfplay --deals 20 --players x y z --seed 7 --scoring official (ddz 0.1.0)";
        let b = "# ddz selfplay --deals 20 --players x y z --seed 1 --scoring official (ddz 0.1.0)";
        assert_eq!(run_difference(a, b), "--seed 7, not 1");
    }
}
