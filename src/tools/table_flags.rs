//! `ddz play`'s command line ([`usage`], [`parse`]), which `ddz serve` extends with flags of
//! its own ([`parse_with`]), into the table's [`PlaySettings`]: a helper of those two tools,
//! not a tool (the tools' command line, kept out of `play`).

use crate::arena::table::spec::limit_notes;
use crate::cli::{Arg, Args};
use crate::play::setup::{PlaySettings, DEFAULT_SEAT};
use crate::registry::{set, synopsis, Flag, FlagRefusal};
use crate::time::{parse_samples, parse_think, SearchLimit};

/// The flags of a person's table, `ddz play`'s and `ddz serve`'s: declared once for both
/// tools' usages and their reading.
pub(crate) static TABLE_FLAGS: &[Flag<PlaySettings>] = &[
    crate::flag!("seat", "A|B|C", |table, words| {
        set(&mut table.seat, words[0].parse()?)
    }),
    crate::flag!("opponents", "P1 [P2]", |table, words| {
        // One opponent given plays both seats.
        let second = words.get(1).unwrap_or(&words[0]);
        table.opponents = [words[0].clone(), second.clone()];
        Ok(())
    }),
    crate::flag!("seed", "S", |table, words| {
        set(&mut table.seed, number(&words[0])?)
    }),
    crate::flag!("deal", "N", |table, words| {
        set(&mut table.first_deal, number(&words[0])?)
    }),
    crate::flag!("fixed-landlord", "", |table, _| {
        set(&mut table.fixed_landlord, true)
    }),
    // The one reading of `think` and `samples`, so the engine and the tools accept the same.
    crate::flag!("think", "SECONDS", |table, words| {
        let limit = SearchLimit::Time(parse_think(&words[0])?);
        let by = format!("--think {}", words[0]);
        table.limits.give(&mut table.search, limit, &by);
        Ok(())
    }),
    crate::flag!("samples", "N", |table, words| {
        let limit = SearchLimit::Deals(parse_samples(&words[0])?);
        let by = format!("--samples {}", words[0]);
        table.limits.give(&mut table.search, limit, &by);
        Ok(())
    }),
    crate::flag!("save", "FILE", |table, words| {
        set(&mut table.save, Some(words[0].clone().into()))
    }),
];

/// A whole number, or why not.
fn number<T: std::str::FromStr>(word: &str) -> Result<T, FlagRefusal> {
    word.parse()
        .map_err(|_| format!("'{}' is not a number", word).into())
}

/// Usage of `ddz play`, after its synopsis.
const USAGE_TAIL: &str = "\
You take one seat (--seat, default B); the others are players in the arena's syntax
(--opponents, default builtin:ddz; one opponent given plays both seats):
  builtin:ddz      the engine's default player, 256 sampled deals a move
  builtin:rules    the rule player: quick (--opponents builtin:rules builtin:rules)
  builtin:learned  the policy learned from the thinking player's decisions
  builtin:greedy, builtin:random   weaker players
  builtin:tricky   a test opponent leading the plays platforms read differently
  builtin:douzero:PATH  DouZero's networks in PATH (docs/douzero.md)
  a shell command line running an engine
The deals are the arena's for the seed (--seed; default: from the clock, shown at the start),
from deal N (--deal N, default 0). --fixed-landlord: no bidding, the deal's number gives the landlord and the base is
1. --think S or --samples N: what the built-in opponents and the hints spend a decision, seconds
or deals, the last given winning (default: none, the engine's 256 deals a decision; an opponent's
own think or samples wins for it). --save FILE: keep the session as a JSON game log (ddz replay
FILE); `s FILE` after a game does the same.";

/// Usage of `ddz play`: its flags listed from [`TABLE_FLAGS`].
pub(crate) fn usage() -> &'static str {
    crate::tools::leak(format!(
        "{}\n{}",
        synopsis("usage: ddz play", TABLE_FLAGS.iter().map(Flag::synopsis)),
        USAGE_TAIL
    ))
}

/// Reads `ddz play`'s command line.
pub(crate) fn parse(args: &[String]) -> anyhow::Result<PlaySettings> {
    parse_with("play", usage(), args, &mut |_, _| Ok(false))
}

/// Reads the command line of `tool` (`usage` for its near names): `ddz play`'s flags, and those
/// `more` takes (it returns whether it knew the flag; `ddz serve` adds its own).
pub(crate) fn parse_with(
    tool: &'static str,
    usage: &'static str,
    args: &[String],
    more: &mut dyn FnMut(&str, &mut Args) -> anyhow::Result<bool>,
) -> anyhow::Result<PlaySettings> {
    let mut settings = PlaySettings {
        seat: DEFAULT_SEAT,
        opponents: ["builtin:ddz".into(), "builtin:ddz".into()],
        seed: clock_seed(),
        first_deal: 0,
        fixed_landlord: false,
        search: None,
        limits: Default::default(),
        save: None,
    };
    let mut line = Args::new(tool, usage, args);
    while let Some(arg) = line.next_arg()? {
        let flag = match &arg {
            Arg::Flag(f) => f.clone(),
            Arg::Word(_) => return Err(line.unknown(&arg).into()),
        };
        if !line.read_flag(TABLE_FLAGS, &flag, &mut settings)? && !more(&flag, &mut line)? {
            return Err(line.unknown(&arg).into());
        }
    }
    // A limit given after another plays, and says so: the table's, an opponent's own (which
    // wins over the table's for it).
    let specs = limit_notes(&settings.opponents, settings.search);
    for note in settings.limits.notes.iter().chain(&specs) {
        eprintln!("ddz {}: {}", tool, note);
    }
    Ok(settings)
}

/// A seed from the clock, for a session that names none (it is shown, to play the deals again).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Small numbers are easier to retype: the seed is only a name for the deals.
    crate::game::deal::mix(nanos, 0) % 1_000_000
}
