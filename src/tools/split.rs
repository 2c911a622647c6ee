//! `ddz split HAND`: the best split of a hand under the value model, its value and the fewest
//! plays it needs.

use crate::cards::{Cards, Counts};
use crate::cli::{Arg, Args};
use crate::strategy::splitter::{Mode, Splitter};
use crate::strategy::value::SCALE;
use anyhow::Context;

/// Usage of `ddz split`.
pub(crate) const USAGE: &str = "\
usage: ddz split HAND [--few-singles]
The best split of HAND under the value model (each group and its type), then its value, the
number of groups and the fewest plays it needs. --few-singles: the split that keeps as few
single cards as it can. Cards in human notation or codes, spaces allowed:
ddz split 3334556789TJJK22X, ddz split 3 3 3 4 5.";

/// `ddz split HAND [--few-singles]`: prints each group, then the value and the minimum rounds.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut mode = Mode::Normal;
    let mut hand_text = Vec::new();
    let mut line = Args::new("split", USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Flag(f) if f == "--few-singles" => mode = Mode::FewSingles,
            Arg::Word(w) => hand_text.push(w),
            other => return Err(line.unknown(&other).into()),
        }
    }
    if hand_text.is_empty() {
        anyhow::bail!("no HAND given (usage: ddz split HAND [--few-singles])");
    }
    let joined = hand_text.join(" ");
    // Human notation unless the text lists codes (with commas): `33344455` is eight cards.
    let counts: Counts = if joined.contains(',') {
        Cards::parse_codes(&joined)
            .with_context(|| format!("reading hand '{}'", joined))?
            .counts()
    } else {
        joined
            .parse()
            .with_context(|| format!("reading hand '{}'", joined))?
    };
    if counts.total() > 20 {
        anyhow::bail!("a hand holds at most 20 cards, not {}", counts.total());
    }
    let split = Splitter::new().split(counts, mode);
    println!(
        "hand {} ({} {})",
        counts,
        counts.total(),
        if counts.total() == 1 { "card" } else { "cards" }
    );
    for g in &split.groups {
        println!("  {:<14} {}", g.to_string(), g.kind.name());
    }
    println!(
        "value {:.1}  groups {}  min_rounds {}",
        split.value as f64 / SCALE as f64,
        split.groups.len(),
        split.min_rounds
    );
    Ok(())
}
