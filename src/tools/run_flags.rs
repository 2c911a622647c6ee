//! The flags shared by the tools that play a self-play run (`ddz selfplay`, `ddz label`): a
//! helper of those tools, not a tool (it is the tools' command line, kept out of `training`).

use crate::cli::{Arg, Args};
use crate::shards::Shard;
use crate::training::run::{SelfPlay, DEFAULT_PLAYER};
use anyhow::bail;
use std::path::PathBuf;

/// Reads the command line of a tool that plays a self-play run (`ddz selfplay`, `ddz label`):
/// the flags they share (`--out FILE`, `--deals N`, `--seed S`, `--players P [P P]`, `--shard
/// K/N`) into `run`, the tool's own through `more`, which may set `run` too (it returns
/// whether it knew the flag).
/// Returns the output file, which is required, and the shard.
pub(crate) fn read_run_flags(
    line: &mut Args,
    run: &mut SelfPlay,
    more: &mut dyn FnMut(&str, &mut Args, &mut SelfPlay) -> anyhow::Result<bool>,
) -> anyhow::Result<(PathBuf, Option<Shard>)> {
    let mut out: Option<PathBuf> = None;
    let mut players: Vec<String> = Vec::new();
    let mut shard: Option<Shard> = None;
    while let Some(arg) = line.next_arg()? {
        let flag = match &arg {
            Arg::Flag(f) => f.clone(),
            Arg::Word(_) => return Err(line.unknown(&arg).into()),
        };
        match flag.as_str() {
            "--out" | "-o" => out = Some(line.value()?.into()),
            "--deals" | "-n" => run.deals = line.parse()?,
            "--seed" => run.seed = line.parse()?,
            "--players" => players.extend(line.values(3)?),
            "--shard" => {
                let text = line.value()?;
                shard = Some(Shard::parse(&text).map_err(|e| anyhow::anyhow!("--shard: {}", e))?);
            }
            other => {
                if !more(other, line, run)? {
                    return Err(line.unknown(&arg).into());
                }
            }
        }
    }
    let out = out.ok_or_else(|| anyhow::anyhow!("--out FILE is required{}", line.hint()))?;
    run.players = seat_players(&players, DEFAULT_PLAYER)?;
    Ok((out, shard))
}

/// The players of a run from `--players`: none (the default `default` in every seat), one for
/// every seat, or one per seat.
pub(crate) fn seat_players(given: &[String], default: &str) -> anyhow::Result<[String; 3]> {
    match given.len() {
        0 => Ok([
            default.to_string(),
            default.to_string(),
            default.to_string(),
        ]),
        1 => Ok([given[0].clone(), given[0].clone(), given[0].clone()]),
        3 => Ok([given[0].clone(), given[1].clone(), given[2].clone()]),
        n => bail!("--players takes one player or three, not {}", n),
    }
}
