//! `ddz label`: the thinking player's decisions in self-play games, recorded with the learned
//! policy's features (the format is in [`crate::training::decisions`]; the trainer is
//! `scripts/train-policy.py`).

use crate::cli::Args;
use crate::os::{is_terminal, Stream};
use crate::registry::pair;
use crate::strategy::thinker::ThinkerSettings;
use crate::time::SearchLimit;
use crate::tools::run_flags::read_run_flags;
use crate::training::data::GAMES_PER_DEAL;
use crate::training::data_merge::deals_in;
use crate::training::decisions::{header, label_run, Candidate, Labeller};
use crate::training::run::SelfPlay;
use anyhow::{bail, Context};
use std::io::Write;
use std::time::Instant;

/// The thinker's settings `ddz label` searches with unless told otherwise: the budget at which
/// it played best against the outside engines (docs/figures.md).
pub(crate) const DEFAULT_JUDGE: &str = "samples=64:net-weight=0";

/// Usage of `ddz label`.
pub(crate) const LABEL_USAGE: &str = "\
usage: ddz label --out FILE [--deals N] [--players P [P P]] [--judge SETTINGS] [--every K]
                 [--seed S] [--shard K/N] [--threads T]
  Plays N seeded deals (--deals N, default 100), each three times with seat A, B, then C as the
  landlord (base 1, no bidding), and at every decision with a choice lets the thinking player search
  the deciding seat's own view; every candidate it searched is written to FILE with its mean
  score, deals, whether it was chosen, and the learned policy's features (tab-separated; the
  columns are documented in src/training/decisions.rs). scripts/train-policy.py fits the policy.
  --players   who plays the games, in the arena's syntax (default builtin:rules)
  --judge     the thinker's settings, KEY=VALUE joined by ':' (default samples=64:net-weight=0)
  --every K   search one decision in K of each game (default 1: all)
  --seed      the run's seed (default 1): same seed, same file
  --shard K/N only the K-th of N slices of the deals, as ddz selfplay --shard (cat the files)
  --threads   the thinker's search threads (default 1; run shards side by side instead)
example: ddz label --deals 500 --judge samples=64:net-weight=0 --out data/decisions-1.tsv";

/// Runs `ddz label`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut run = SelfPlay::of_deals(100);
    let mut judge = DEFAULT_JUDGE.to_string();
    let mut every = 1u32;
    let mut threads = 1usize;
    let mut line = Args::new("label", LABEL_USAGE, args);
    let (out, shard) = read_run_flags(&mut line, &mut run, &mut |flag, line, _| {
        match flag {
            "--judge" => judge = line.value()?,
            "--every" => every = line.parse()?,
            "--threads" => threads = line.parse()?,
            _ => return Ok(false),
        }
        Ok(true)
    })?;
    if run.deals == 0 || every == 0 || threads == 0 {
        bail!("--deals, --every and --threads must be at least 1");
    }
    let mut settings = ThinkerSettings::default();
    for kv in judge.split(':').filter(|kv| !kv.is_empty()) {
        let (k, v) = pair(kv).context("--judge")?;
        settings.set(k, v).context("--judge")?;
    }
    if let SearchLimit::Time(_) = settings.limit() {
        bail!("--judge needs a fixed budget (samples=N, not think), so that a run gives the same file");
    }
    settings.threads = Some(threads);
    let progress = is_terminal(Stream::Stderr);
    let mut w = super::create(&out)?;
    writeln!(
        w,
        "# ddz label --deals {} --players {} {} {} --judge {} --every {} --seed {}{} ({})",
        run.deals,
        run.players[0],
        run.players[1],
        run.players[2],
        judge,
        every,
        run.seed,
        shard.map_or(String::new(), |s| format!(
            " --shard {}/{}",
            s.index, s.count
        )),
        crate::VERSION
    )?;
    writeln!(w, "{}", header())?;
    let start = Instant::now();
    let deals = shard.map_or(run.deals, |s| deals_in(s, run.deals));
    let (mut games, mut decisions, mut lines) = (0usize, 0usize, 0usize);
    let mut labeller = Labeller::new(settings);
    let report = label_run(
        &run,
        shard,
        &mut labeller,
        every,
        &mut |candidates: &[Candidate]| {
            games += 1;
            lines += candidates.len();
            decisions += candidates.iter().filter(|c| c.chosen).count();
            for c in candidates {
                writeln!(w, "{}", c)?;
            }
            if progress {
                eprint!(
                    "\r\x1b[Kddz label: {}/{} games, {} decisions",
                    games,
                    deals * GAMES_PER_DEAL,
                    decisions
                );
            }
            Ok(())
        },
    )?;
    w.flush()?;
    if progress {
        eprint!("\r\x1b[K");
    }
    eprintln!(
        "ddz label: {} games ({} faults), {} decisions, {} candidates to {} in {:.1} s",
        games,
        report.faulted,
        decisions,
        lines,
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
