//! `ddz selfplay`: seeded self-play games written as training data; `ddz encode`: that data
//! turned into a network's training matrix. The formats are in [`crate::training::data`] and
//! [`crate::training::encode`]; the trainer is `scripts/train.py`.

use crate::cli::{Arg, Args};
use crate::named::Named;
use crate::os::{is_terminal, Stream};
use crate::tools::judge::{judge_data, JUDGE_POSITIONS};
use crate::tools::run_flags::read_run_flags;
use crate::training::data::{Sample, GAMES_PER_DEAL, HEADER};
use crate::training::data_merge::{deals_in, end_line, merge, parse_shard_line, shard_line};
use crate::training::encode::{MatrixWriter, Net};
use crate::training::run::{self, SelfPlay};
use anyhow::{bail, Context};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Usage of `ddz selfplay`.
pub const SELFPLAY_USAGE: &str = "\
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

/// Usage of `ddz encode`.
pub const ENCODE_USAGE: &str = "\
usage: ddz encode --net play|bid|hidden DATA... --out FILE [--every K]
  Turns self-play data into a network's training matrix (inputs and targets, f32; the format
  is documented in src/training/encode.rs), as scripts/train.py reads it.
  --net play    every position (all hands open) → the landlord's outcome
  --net bid     the landlord's 17 dealt cards, once per game → the landlord's outcome
  --net hidden  DATA are arena game logs (ddz arena --json): each seat's view before a turn →
                where the hidden cards are (src/training/hidden_data.rs)
  --every K     keep one position in K, by game and turn (default 1; not the bid network)
  The shards of a run (ddz selfplay --shard K/N) are read together, all N of them, as the file
  ddz selfplay merge joins them into: the matrix is the one the whole run's file gives.";

/// Usage of `ddz netcheck`.
pub const NETCHECK_USAGE: &str = "\
usage: ddz netcheck PREFIX
       ddz netcheck --policy PREFIX
       ddz netcheck --data FILE [--positions N]
       ddz netcheck --hidden LOG... [--every K] [--deals M] [--hidden-net FILE]
  PREFIX: compares this binary's forward pass of PREFIX.bin with the trainer's outputs in
  PREFIX.check (both written by scripts/train.py); fails when they differ by more than 1e-4
  (relative).
  --policy: the learned policy's model PREFIX.txt (LightGBM's file, scripts/train-policy.py)
  scored by this binary against the trainer's scores in PREFIX.check (within 1e-9).
  --data: how well the embedded play network judges positions of a self-play file (--positions
  N of them, default 3000, more than 16 cards left), against the recorded outcome and against the
  thinking player's judge (a rollout of the rule player with the solver at the end).
  --hidden: where each way of drawing the search's deals (infer = on, net, both) puts
  the hidden cards of the arena logs' games (ddz arena --json), seen by every seat before one
  turn in K (--every K, default 5): the log loss per hidden card of the share of M deals
  (--deals M, default 64) that put it with the seat after ours, against uniform deals (each card at that seat's share).";

/// `ddz netcheck --policy PREFIX`: a trained policy model scored against the trainer's own.
fn check_policy(prefix: &str) -> anyhow::Result<()> {
    use crate::strategy::learned_policy::trees::Trees;
    use crate::strategy::learned_policy::{compare_with_trainer, TRAINER_TOLERANCE};
    let text = std::fs::read_to_string(format!("{}.txt", prefix))
        .with_context(|| format!("reading {}.txt", prefix))?;
    let model = Trees::parse(&text).map_err(|e| anyhow::anyhow!("{}.txt: {}", prefix, e))?;
    let check = std::fs::read_to_string(format!("{}.check", prefix))
        .with_context(|| format!("reading {}.check", prefix))?;
    let (worst, rows) = compare_with_trainer(&model, &check)
        .map_err(|e| anyhow::anyhow!("{}.check: {}", prefix, e))?;
    println!(
        "{}: {} trees, {} rows, largest difference {:.2e} (tolerance {:.0e})",
        prefix,
        model.len(),
        rows,
        worst,
        TRAINER_TOLERANCE
    );
    if rows == 0 || worst > TRAINER_TOLERANCE {
        bail!("the trees do not give the trainer's scores");
    }
    Ok(())
}

/// The largest relative difference `ddz netcheck` accepts.
const NETCHECK_TOLERANCE: f32 = 1e-4;

/// Runs `ddz netcheck`.
pub fn run_netcheck(args: &[String]) -> anyhow::Result<()> {
    let mut prefix: Option<String> = None;
    let mut data: Option<String> = None;
    let mut positions = JUDGE_POSITIONS;
    let mut policy: Option<String> = None;
    let mut hidden: Vec<String> = Vec::new();
    let mut every: u64 = 5;
    let mut deals: u32 = 64;
    let mut hidden_net: Option<String> = None;
    let mut line = Args::new("netcheck", NETCHECK_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match &arg {
            Arg::Flag(f) if f == "--hidden" => hidden.push(line.value()?),
            Arg::Word(w) if !hidden.is_empty() => hidden.push(w.clone()),
            Arg::Flag(f) if f == "--every" => every = line.parse::<u64>()?.max(1),
            Arg::Flag(f) if f == "--deals" => deals = line.parse::<u32>()?.max(1),
            Arg::Flag(f) if f == "--hidden-net" => hidden_net = Some(line.value()?),
            Arg::Word(w) if prefix.is_none() => prefix = Some(w.clone()),
            Arg::Flag(f) if f == "--data" => data = Some(line.value()?),
            Arg::Flag(f) if f == "--policy" => policy = Some(line.value()?),
            Arg::Flag(f) if f == "--positions" => {
                positions = line.parse()?;
                if positions == 0 {
                    bail!("--positions must be at least 1");
                }
            }
            _ => return Err(line.unknown(&arg).into()),
        }
    }
    if !hidden.is_empty() {
        return check_hidden(&hidden, every, deals, hidden_net.as_deref());
    }
    let prefix = match (prefix, data, policy) {
        (None, Some(file), None) => return judge_data(&file, positions),
        (None, None, Some(p)) => return check_policy(&p),
        (Some(p), None, None) => p,
        _ => bail!(
            "give a PREFIX, --policy PREFIX or --data FILE{}",
            line.hint()
        ),
    };
    let weights = std::fs::read(format!("{}.bin", prefix))
        .with_context(|| format!("reading {}.bin", prefix))?;
    let check = std::fs::read_to_string(format!("{}.check", prefix))
        .with_context(|| format!("reading {}.check", prefix))?;
    let (worst, rows) = crate::training::encode::compare_with_trainer(&weights, &check)
        .map_err(|e| anyhow::anyhow!("{}.check: {}", prefix, e))?;
    println!(
        "{}: {} rows, largest relative difference {:.2e} (tolerance {:.0e})",
        prefix, rows, worst, NETCHECK_TOLERANCE
    );
    if rows == 0 || worst > NETCHECK_TOLERANCE {
        bail!("the forward pass does not give the trainer's outputs");
    }
    Ok(())
}

/// `ddz netcheck --hidden LOG...`: the log loss per hidden card of each way of drawing deals
/// on the views of the logs' games.
fn check_hidden(
    logs: &[String],
    every: u64,
    deals: u32,
    hidden_net: Option<&str>,
) -> anyhow::Result<()> {
    use crate::strategy::thinker::{Thinker, ThinkerSettings};
    use crate::training::hidden_data::{calibrate, games_of_log};
    let mut records = Vec::new();
    for path in logs {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path))?;
        records.extend(
            games_of_log(&text)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("{} is not an arena log", path))?,
        );
    }
    let names = ["net"];
    let mut ways: Vec<Thinker> = Vec::new();
    for name in names {
        let mut settings = ThinkerSettings::default();
        settings.set("infer", name).map_err(anyhow::Error::msg)?;
        if let Some(file) = hidden_net {
            settings.set("net", file).map_err(anyhow::Error::msg)?;
        }
        ways.push(Thinker::new(settings));
    }
    let cal = calibrate(&records, every, &mut ways, deals);
    println!(
        "{} games, {} views, {} hidden cards; log loss per hidden card ({} deals each):",
        records.len(),
        cal.views,
        cal.cards,
        deals
    );
    println!("  uniform     {:.4}", cal.per_card(0));
    for (k, name) in names.iter().enumerate() {
        println!(
            "  {:<10}  {:.4}  ({:+.1}% against uniform)",
            name,
            cal.per_card(k + 1),
            100.0 * (cal.per_card(k + 1) / cal.per_card(0) - 1.0)
        );
    }
    Ok(())
}

/// Runs `ddz selfplay` (and `ddz selfplay merge`).
pub fn run_selfplay(args: &[String]) -> anyhow::Result<()> {
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

/// Runs `ddz encode`.
pub fn run_encode(args: &[String]) -> anyhow::Result<()> {
    let mut net: Option<Net> = None;
    let mut hidden = false;
    let mut out: Option<PathBuf> = None;
    let mut every: u64 = 1;
    let mut inputs: Vec<PathBuf> = Vec::new();
    let mut line = Args::new("encode", ENCODE_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match &arg {
            Arg::Word(w) => inputs.push(w.into()),
            Arg::Flag(f) => match f.as_str() {
                "--net" => {
                    let name = line.value()?;
                    hidden = name == "hidden";
                    if !hidden {
                        net = Some(Net::from_name(&name).with_context(|| {
                            format!("--net: '{}' is not play, bid or hidden", name)
                        })?);
                    }
                }
                "--out" | "-o" => out = Some(line.value()?.into()),
                "--every" => {
                    every = line.parse()?;
                    if every == 0 {
                        bail!("--every must be at least 1");
                    }
                }
                _ => return Err(line.unknown(&arg).into()),
            },
        }
    }
    let out = out.with_context(|| format!("--out FILE is required{}", line.hint()))?;
    if inputs.is_empty() {
        bail!("no DATA file given{}", line.hint());
    }
    if hidden {
        return encode_hidden(&inputs, &out, every);
    }
    let net = net.with_context(|| format!("--net play|bid|hidden is required{}", line.hint()))?;
    let mut matrix = MatrixWriter::new(super::create(&out)?, net)?;
    let mut take = |line: &str| -> anyhow::Result<()> {
        if line.starts_with('#') || line.starts_with("game\t") || line.is_empty() {
            return Ok(());
        }
        let sample = Sample::parse(line)?;
        let keep = net == Net::Bid || (sample.game * 131 + u64::from(sample.turn)) % every == 0;
        if keep {
            matrix.add(&sample)?;
        }
        Ok(())
    };
    for source in data_sources(&inputs)? {
        match source {
            DataSource::File(path) => {
                let file = std::fs::File::open(&path)
                    .with_context(|| format!("opening {}", path.display()))?;
                for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
                    let line = line.with_context(|| format!("reading {}", path.display()))?;
                    take(&line).with_context(|| format!("{} line {}", path.display(), n + 1))?;
                }
            }
            DataSource::Shards(paths) => {
                // Read as the merged file, so the matrix is the one the whole run's file gives.
                let mut failed: Option<anyhow::Error> = None;
                let mut n = 0;
                merge(open_all(&paths)?, &mut |line: &str| {
                    n += 1;
                    take(line).map_err(|e| {
                        failed = Some(e);
                        std::io::Error::new(std::io::ErrorKind::Other, "a bad position")
                    })
                })
                .map_err(|e| match failed.take() {
                    Some(bad) => bad.context(format!(
                        "line {} of the run merged from {}",
                        n,
                        paths[0].display()
                    )),
                    None => anyhow::anyhow!(e),
                })?;
            }
        }
    }
    let rows = matrix.rows();
    matrix.finish()?;
    eprintln!(
        "ddz encode: {} rows of {} inputs for the {} network to {}",
        rows,
        net.inputs(),
        net,
        out.display()
    );
    Ok(())
}

/// Where `ddz encode` reads positions: a data file as it is, or the shards of one run merged.
enum DataSource {
    File(PathBuf),
    Shards(Vec<PathBuf>),
}

/// `ddz encode --net hidden`: every `every`-th turn of each game of the arena logs `inputs`,
/// seen from each seat, into the hidden-hand model's matrix at `out`.
fn encode_hidden(inputs: &[PathBuf], out: &std::path::Path, every: u64) -> anyhow::Result<()> {
    use crate::training::hidden_data::{games_of_log, views_of, HiddenMatrix};
    let mut matrix = HiddenMatrix::new(super::create(out)?)?;
    let mut games = 0;
    for path in inputs {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let records = games_of_log(&text)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("{} is not an arena log", path.display()))?;
        for record in &records {
            if let Some(views) = views_of(record, every) {
                games += 1;
                for (view, hands) in &views {
                    matrix.add(view, hands)?;
                }
            }
        }
    }
    let rows = matrix.rows();
    matrix.finish()?;
    println!(
        "ddz encode: {} rows from {} games into {} (hidden-hand model)",
        rows,
        games,
        out.display()
    );
    Ok(())
}

/// The inputs in order, a run's shards together where its first shard stands (a file is a
/// shard when its second line says so; shards of one run share their first line).
fn data_sources(inputs: &[PathBuf]) -> anyhow::Result<Vec<DataSource>> {
    let mut sources = Vec::new();
    let mut runs: Vec<(String, usize)> = Vec::new();
    for path in inputs {
        let file =
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
        let mut head = std::io::BufReader::new(file).lines().take(2);
        let first = head.next().transpose()?.unwrap_or_default();
        let second = head.next().transpose()?.unwrap_or_default();
        if parse_shard_line(&second).is_none() {
            sources.push(DataSource::File(path.clone()));
            continue;
        }
        match runs.iter().find(|(line, _)| *line == first) {
            Some(&(_, at)) => match &mut sources[at] {
                DataSource::Shards(paths) => paths.push(path.clone()),
                DataSource::File(_) => unreachable!("runs point at shard groups"),
            },
            None => {
                runs.push((first, sources.len()));
                sources.push(DataSource::Shards(vec![path.clone()]));
            }
        }
    }
    Ok(sources)
}

/// Opens files for [`merge`], each read through a buffer.
fn open_all(paths: &[PathBuf]) -> anyhow::Result<Vec<(String, std::io::BufReader<std::fs::File>)>> {
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
pub const MERGE_USAGE: &str = "\
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
