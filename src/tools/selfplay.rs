//! `ddz selfplay`: seeded self-play games written as training data (`ddz encode` turns it into
//! a network's training matrix: [`super::encode`]). The formats are in [`crate::training::data`]
//! and [`crate::training::encode`]; the trainer is `scripts/train.py`.

use crate::cli::{Arg, Args};
use crate::os::{is_terminal, Stream};
use crate::tools::run_flags::read_run_flags;
use crate::training::data::{Sample, GAMES_PER_DEAL, HEADER};
use crate::training::data_merge::{deals_in, end_line, merge, shard_line};
use crate::training::run::{self, SelfPlay};
use anyhow::{bail, Context};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Usage of `ddz selfplay`.
pub(crate) const SELFPLAY_USAGE: &str = "\
usage: ddz selfplay --out FILE [--deals N] [--players P [P P]] [--seed S] [--jobs J] [--scoring official|team]
                    [--shard K/N]
       ddz selfplay merge --out FILE SHARD...
  Plays N seeded deals (--deals N, default 1000), each three times with seat A, B, then C as
  the landlord (base 1, no bidding), and writes every position of every game with its outcome
  to FILE (tab-separated, one line per position; the columns are documented in
  src/training/data.rs).
  --players   one player for all seats or one per seat, in the arena's syntax
              (default builtin:rules; builtin:ddz:samples=8 plays better and slower)
  --seed      the run's seed (default 1): same seed, same file
  --jobs      tables played at once (default: every core)
  --scoring   the rule the players weigh their decisions by (default official)
  --shard K/N play only the K-th of N slices of the run's deals (K from 1): the deals i (from 0)
              with i mod N = K - 1, each as the whole run plays it; the file also says which
              shard it is and, last, that the shard finished
  merge: the files of all N shards of one run (any order, each once, each finished) joined into
  the file the whole run writes, byte for byte (ddz encode also reads the shards as they are)
example: ddz selfplay --deals 20000 --players builtin:rules --seed 1 --out data/rules-1.tsv";

/// Runs `ddz selfplay` (and `ddz selfplay merge`).
pub(crate) fn run_selfplay(args: &[String]) -> anyhow::Result<()> {
    if args.first().map(String::as_str) == Some("merge") {
        return run_merge(&args[1..]);
    }
    let mut run = SelfPlay {
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        progress: is_terminal(Stream::Stderr),
        ..SelfPlay::of_deals(1000)
    };
    let mut line = Args::new("selfplay", SELFPLAY_USAGE, args);
    let (out, shard) = read_run_flags(&mut line, &mut run, &mut |flag, line, run| {
        match flag {
            "--jobs" | "-j" => run.jobs = line.parse()?,
            "--scoring" => {
                run.scoring = crate::engine::config::read_scoring(&line.value()?)
                    .map_err(|e| anyhow::anyhow!("--scoring: {}", e))?
            }
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    if run.deals == 0 {
        bail!("--deals must be at least 1");
    }
    if run.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let mut w = super::create(&out)?;
    writeln!(
        w,
        "# ddz selfplay --deals {} --players {} {} {} --seed {} --scoring {} ({})",
        run.deals,
        run.players[0],
        run.players[1],
        run.players[2],
        run.seed,
        run.scoring,
        crate::VERSION
    )?;
    if let Some(shard) = shard {
        writeln!(w, "{}", shard_line(shard, run.deals))?;
    }
    writeln!(w, "{}", HEADER)?;
    let start = Instant::now();
    let (mut games, mut positions) = (0u64, 0u64);
    let report = run::run_shard(&run, shard, &mut |samples: &[Sample]| {
        games += 1;
        positions += samples.len() as u64;
        for s in samples {
            writeln!(w, "{}", s)?;
        }
        Ok(())
    })?;
    let deals = shard.map_or(run.deals, |s| deals_in(s, run.deals));
    if let Some(shard) = shard {
        writeln!(w, "{}", end_line(shard, deals, games, positions))?;
    }
    w.flush()?;
    let played = deals * GAMES_PER_DEAL;
    let shard_note = match shard {
        Some(s) => format!(" (shard {}/{})", s.index, s.count),
        None => String::new(),
    };
    eprintln!(
        "ddz selfplay: {} deals{}, {} games ({} kept), {} positions to {} in {:.1} s ({} faults)",
        deals,
        shard_note,
        played,
        games,
        positions,
        out.display(),
        start.elapsed().as_secs_f64(),
        report.faulted
    );
    Ok(())
}

/// Opens files for [`merge`], each read through a buffer.
pub(crate) fn open_all(
    paths: &[PathBuf],
) -> anyhow::Result<Vec<(String, std::io::BufReader<std::fs::File>)>> {
    paths
        .iter()
        .map(|p| {
            let file =
                std::fs::File::open(p).with_context(|| format!("opening {}", p.display()))?;
            Ok((p.display().to_string(), std::io::BufReader::new(file)))
        })
        .collect()
}

/// Usage of `ddz selfplay merge`.
pub(crate) const MERGE_USAGE: &str = "\
usage: ddz selfplay merge --out FILE SHARD...
  Joins the files of all N shards of one self-play run (ddz selfplay --shard K/N --out SHARD,
  K = 1..N; in any order) into FILE: the file the whole run writes, byte for byte. Refuses a
  file that is no shard, a shard of another run, a missing or repeated shard and one that did
  not finish (no end line), naming the file; FILE is then not written.";

/// Runs `ddz selfplay merge`.
fn run_merge(args: &[String]) -> anyhow::Result<()> {
    let mut out: Option<PathBuf> = None;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut line = Args::new("selfplay merge", MERGE_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match &arg {
            Arg::Word(w) => files.push(w.into()),
            Arg::Flag(f) if f == "--out" || f == "-o" => out = Some(line.value()?.into()),
            _ => return Err(line.unknown(&arg).into()),
        }
    }
    let out = out.with_context(|| format!("--out FILE is required{}", line.hint()))?;
    if files.is_empty() {
        bail!("no SHARD file given{}", line.hint());
    }
    // Written aside and renamed once whole, so a refused merge leaves no file behind.
    let partial = PathBuf::from(format!("{}.partial", out.display()));
    let mut w = super::create(&partial)?;
    let start = Instant::now();
    let merged = merge(open_all(&files)?, &mut |line: &str| writeln!(w, "{}", line))
        .map_err(anyhow::Error::msg)
        .and_then(|m| {
            w.flush()?;
            Ok(m)
        });
    drop(w);
    let merged = match merged {
        Ok(m) => m,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    std::fs::rename(&partial, &out)
        .with_context(|| format!("renaming {} to {}", partial.display(), out.display()))?;
    eprintln!(
        "ddz selfplay merge: {} shards, {} deals, {} positions to {} in {:.1} s",
        merged.shards,
        merged.deals,
        merged.positions,
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
