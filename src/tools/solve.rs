//! `ddz solve`: an open-hand position in human notation → which side wins with best play, a
//! winning play for the side to move if it has one, nodes and time.
//!
//! ```text
//! ddz solve A=HAND B=HAND C=HAND --landlord SEAT [--turn SEAT] [--beat PLAY --by SEAT]
//!           [--nodes N] [--table-mb M]
//! ```
//! The first line is exactly `landlord wins` or `farmers win`; `play: <notation or pass>`
//! follows when the side to move wins; then `nodes:` and `time:`. With `--nodes` the search may
//! stop before it knows: it prints `unknown` and exits non-zero.

use crate::cards::Counts;
use crate::game::{BySeat, Seat};
use crate::rules::classify;
use crate::search::{Position, Solver};
use anyhow::{anyhow, bail, Context};
use std::time::Instant;

const USAGE: &str = "usage: ddz solve A=HAND B=HAND C=HAND --landlord SEAT [--turn SEAT] \
[--beat PLAY --by SEAT] [--nodes N] [--table-mb M]\n  e.g. ddz solve A=33 B=4 C=5 --landlord A";

/// Table size for the command line: large enough for full-deal searches of a few seconds.
const CLI_TABLE_MB: usize = 256;

/// A parsed `ddz solve` command line.
#[derive(Clone, Debug)]
pub struct SolveArgs {
    /// The position.
    pub position: Position,
    /// The node budget (none: search to the end).
    pub nodes: Option<u64>,
    /// Transposition table size in MiB.
    pub table_mb: usize,
}

/// Reads a `ddz solve` command line (without the `solve` word).
pub fn parse(args: &[String]) -> anyhow::Result<SolveArgs> {
    let mut hands: BySeat<Option<Counts>> = BySeat([None; 3]);
    let mut landlord = None;
    let mut turn = None;
    let mut beat = None;
    let mut by = None;
    let mut nodes = None;
    let mut table_mb = CLI_TABLE_MB;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| anyhow!("{} needs a value\n{}", name, USAGE))
        };
        match arg.as_str() {
            "--landlord" => landlord = Some(seat(&value("--landlord")?)?),
            "--turn" => turn = Some(seat(&value("--turn")?)?),
            "--by" => by = Some(seat(&value("--by")?)?),
            "--beat" => {
                let text = value("--beat")?;
                let counts: Counts = text
                    .parse()
                    .with_context(|| format!("reading --beat '{}'", text))?;
                let combo =
                    classify(counts).ok_or_else(|| anyhow!("--beat '{}' is not a play", text))?;
                beat = Some(combo);
            }
            "--nodes" => {
                let text = value("--nodes")?;
                nodes =
                    Some(text.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                        anyhow!("--nodes takes a positive number, not '{}'", text)
                    })?);
            }
            "--table-mb" => {
                let text = value("--table-mb")?;
                table_mb = text
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=4096).contains(&n))
                    .ok_or_else(|| anyhow!("--table-mb takes 1 to 4096, not '{}'", text))?;
            }
            other => {
                let (name, hand) = other
                    .split_once('=')
                    .ok_or_else(|| anyhow!("unexpected argument '{}'\n{}", other, USAGE))?;
                let s = seat(name)?;
                if hands[s].is_some() {
                    bail!("seat {} is given twice", s);
                }
                let counts: Counts = hand
                    .parse()
                    .with_context(|| format!("reading {}'s hand '{}'", s, hand))?;
                hands[s] = Some(counts);
            }
        }
    }
    let mut all = BySeat([Counts::EMPTY; 3]);
    for s in Seat::ALL {
        all[s] = hands[s]
            .ok_or_else(|| anyhow!("seat {}'s hand is missing ({}=HAND)\n{}", s, s, USAGE))?;
    }
    let landlord = landlord.ok_or_else(|| anyhow!("--landlord is missing\n{}", USAGE))?;
    let to_move = turn.unwrap_or(landlord);
    let last = match (beat, by) {
        (Some(c), Some(s)) => Some((s, c)),
        (None, None) => None,
        (Some(_), None) => bail!("--beat needs --by SEAT (who made the play)"),
        (None, Some(_)) => bail!("--by needs --beat PLAY"),
    };
    let position = Position::new(all, landlord, to_move, last)?;
    Ok(SolveArgs {
        position,
        nodes,
        table_mb,
    })
}

fn seat(text: &str) -> anyhow::Result<Seat> {
    let mut chars = text.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(s), None) => Ok(s),
        _ => bail!("'{}' is not a seat (A, B or C)", text),
    }
}

/// Runs `ddz solve`.
pub fn run(args: &[String]) -> anyhow::Result<()> {
    let parsed = parse(args)?;
    let mut solver = Solver::new(parsed.table_mb << 20);
    let start = Instant::now();
    let solution = solver.solve(&parsed.position, parsed.nodes.unwrap_or(u64::MAX));
    let took = start.elapsed();
    match solution.winner {
        Some(side) => println!("{}", side),
        None => println!("unknown"),
    }
    if let Some(play) = solution.play {
        println!("play: {}", play);
    }
    println!("nodes: {}", solution.nodes);
    println!("time: {:.3} ms", took.as_secs_f64() * 1000.0);
    if solution.winner.is_none() {
        bail!(
            "the node budget ({}) was spent before the search knew the answer",
            solution.nodes - 1
        );
    }
    Ok(())
}
