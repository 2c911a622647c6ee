//! `ddz play`'s command line ([`USAGE`], [`parse`]), which `ddz serve` extends with flags of
//! its own ([`parse_with`]), into the table's [`PlaySettings`]: a helper of those two tools,
//! not a tool (the tools' command line, kept out of `play`).

use crate::cli::{Arg, Args};
use crate::play::setup::{PlaySettings, DEFAULT_SEAT};
use crate::strategy::clock::parse_think;

/// Usage of `ddz play`.
pub const USAGE: &str = "\
usage: ddz play [--seat A|B|C] [--opponents P1 [P2]] [--seed S] [--deal N] [--fixed-landlord]
                [--think SECONDS] [--save FILE]
You take one seat (default B); the others are players in the arena's syntax (default
builtin:ddz; one opponent given plays both seats):
  builtin:ddz      the engine's default player, thinking up to 1 s a move
  builtin:rules    the rule player: quick (--opponents builtin:rules builtin:rules)
  builtin:learned  the policy learned from the thinking player's decisions
  builtin:greedy, builtin:random   weaker players
  builtin:tricky   a test opponent leading the plays platforms read differently
  a shell command line running an engine
The deals are the arena's for the seed (default: from the clock, shown at the start), from deal
N (default 0). --fixed-landlord: no bidding, the deal's number gives the landlord and the base is
1. --think: seconds the built-in opponents and the hints aim at per decision (default: the
engine's 1 s). --save FILE: keep the session as a JSON game log (ddz replay FILE); `s FILE` after
a game does the same.";

/// Reads `ddz play`'s command line.
pub fn parse(args: &[String]) -> anyhow::Result<PlaySettings> {
    parse_with("play", USAGE, args, &mut |_, _| Ok(false))
}

/// Reads the command line of `tool` (`usage` for its near names): `ddz play`'s flags, and those
/// `more` takes (it returns whether it knew the flag; `ddz serve` adds its own).
pub fn parse_with(
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
        think: None,
        save: None,
    };
    let mut line = Args::new(tool, usage, args);
    while let Some(arg) = line.next_arg()? {
        let flag = match &arg {
            Arg::Flag(f) => f.clone(),
            Arg::Word(_) => return Err(line.unknown(&arg).into()),
        };
        match flag.as_str() {
            "--seat" => {
                let v = line.value()?;
                settings.seat = v.parse().map_err(|e| anyhow::anyhow!("--seat: {}", e))?;
            }
            "--opponents" => {
                let given = line.values(2)?;
                let second = given.get(1).unwrap_or(&given[0]).clone();
                settings.opponents = [given[0].clone(), second];
            }
            "--seed" => {
                let v = line.value()?;
                settings.seed = v
                    .parse()
                    .map_err(|_| anyhow::anyhow!("--seed: '{}' is not a number", v))?;
            }
            "--deal" => {
                let v = line.value()?;
                settings.first_deal = v
                    .parse()
                    .map_err(|_| anyhow::anyhow!("--deal: '{}' is not a number", v))?;
            }
            "--fixed-landlord" => settings.fixed_landlord = true,
            "--think" => {
                // The one reading of `think`, so the engine and the tools accept the same.
                let think =
                    parse_think(&line.value()?).map_err(|e| anyhow::anyhow!("--think: {}", e))?;
                settings.think = Some(think);
            }
            "--save" => settings.save = Some(line.value()?.into()),
            other => {
                if !more(other, &mut line)? {
                    return Err(line.unknown(&arg).into());
                }
            }
        }
    }
    Ok(settings)
}

/// A seed from the clock, for a session that names none (it is shown, to play the deals again).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Small numbers are easier to retype: the seed is only a name for the deals.
    crate::arena::deals::mix(nanos, 0) % 1_000_000
}
