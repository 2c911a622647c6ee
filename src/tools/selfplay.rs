//! `ddz selfplay`: seeded self-play games written as training data; `ddz encode`: that data
//! turned into a network's training matrix. The formats are in [`crate::learn::data`] and
//! [`crate::learn::encode`]; the trainer is `scripts/train.py`.

use crate::game::Scoring;
use crate::learn::data::{Sample, HEADER};
use crate::learn::encode::{MatrixWriter, Net};
use crate::learn::selfplay::{self, SelfPlay, GAMES_PER_DEAL};
use crate::tools::terminal::{is_terminal, Stream};
use anyhow::{bail, Context};
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Usage of `ddz selfplay`.
pub const SELFPLAY_USAGE: &str = "\
usage: ddz selfplay --out FILE [--deals N] [--players P [P P]] [--seed S] [--jobs J] [--scoring official|team]
  Plays N seeded deals (default 1000), each three times with seat A, B, then C as the landlord
  (base 1, no bidding), and writes every position of every game with its outcome to FILE
  (tab-separated, one line per position; the columns are documented in src/learn/data.rs).
  --players   one player for all seats or one per seat, in the arena's syntax
              (default builtin:rules; builtin:ddz:samples=8 plays better and slower)
  --seed      the run's seed (default 1): same seed, same file
  --jobs      tables played at once (default: every core)
  --scoring   the rule the players weigh their decisions by (default official)
example: ddz selfplay --deals 20000 --players builtin:rules --seed 1 --out data/rules-1.tsv";

/// Usage of `ddz encode`.
pub const ENCODE_USAGE: &str = "\
usage: ddz encode --net play|bid DATA... --out FILE [--every K]
  Turns self-play data into a network's training matrix (inputs and targets, f32; the format
  is documented in src/learn/encode.rs), as scripts/train.py reads it.
  --net play  every position (all hands open) → the landlord's outcome
  --net bid   the landlord's 17 dealt cards, once per game → the landlord's outcome
  --every K   keep one position in K, by game and turn (default 1; play network only)";

/// Splits `--flag=value` and `--flag value`; `Ok(None)` for an argument that is no flag.
fn flag_value<'a>(
    args: &'a [String],
    i: &mut usize,
) -> anyhow::Result<Option<(&'a str, Option<&'a str>)>> {
    let a = args[*i].as_str();
    if !a.starts_with('-') || a == "-" {
        return Ok(None);
    }
    Ok(Some(match a.split_once('=') {
        Some((f, v)) => (f, Some(v)),
        None => (a, None),
    }))
}

/// The value of a flag: after `=`, or the next argument.
fn take<'a>(
    args: &'a [String],
    i: &mut usize,
    flag: &str,
    inline: Option<&'a str>,
) -> anyhow::Result<&'a str> {
    if let Some(v) = inline {
        return Ok(v);
    }
    *i += 1;
    args.get(*i)
        .map(String::as_str)
        .with_context(|| format!("{} needs a value", flag))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> anyhow::Result<T> {
    text.parse()
        .map_err(|_| anyhow::anyhow!("{}: '{}' is not a valid number", flag, text))
}

/// Runs `ddz selfplay`.
pub fn run_selfplay(args: &[String]) -> anyhow::Result<()> {
    let mut run = SelfPlay {
        players: [
            "builtin:rules".to_string(),
            "builtin:rules".to_string(),
            "builtin:rules".to_string(),
        ],
        deals: 1000,
        seed: 1,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        scoring: Scoring::Official,
        progress: is_terminal(Stream::Stderr),
    };
    let mut out: Option<PathBuf> = None;
    let mut players: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let (flag, inline) = match flag_value(args, &mut i)? {
            Some(f) => f,
            None => bail!("unexpected argument '{}'\n{}", args[i], SELFPLAY_USAGE),
        };
        match flag {
            "-h" | "--help" => {
                println!("{}", SELFPLAY_USAGE);
                return Ok(());
            }
            "--out" | "-o" => out = Some(take(args, &mut i, flag, inline)?.into()),
            "--deals" | "-n" => run.deals = number(take(args, &mut i, flag, inline)?, flag)?,
            "--seed" => run.seed = number(take(args, &mut i, flag, inline)?, flag)?,
            "--jobs" | "-j" => run.jobs = number(take(args, &mut i, flag, inline)?, flag)?,
            "--scoring" => {
                run.scoring = match take(args, &mut i, flag, inline)? {
                    "official" => Scoring::Official,
                    "team" => Scoring::Team,
                    other => bail!("--scoring: '{}' is not official or team", other),
                }
            }
            "--players" => {
                if let Some(v) = inline {
                    players.push(v.to_string());
                }
                while players.len() < 3 && args.get(i + 1).map_or(false, |a| !a.starts_with('-')) {
                    i += 1;
                    players.push(args[i].clone());
                }
                if players.is_empty() {
                    bail!("--players needs one player or three");
                }
            }
            other => bail!("unknown flag '{}'\n{}", other, SELFPLAY_USAGE),
        }
        i += 1;
    }
    let out = out.with_context(|| format!("--out FILE is required\n{}", SELFPLAY_USAGE))?;
    run.players = match players.len() {
        0 => run.players,
        1 => [players[0].clone(), players[0].clone(), players[0].clone()],
        3 => [players[0].clone(), players[1].clone(), players[2].clone()],
        n => bail!("--players takes one player or three, not {}", n),
    };
    if run.deals == 0 {
        bail!("--deals must be at least 1");
    }
    if run.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let file =
        std::fs::File::create(&out).with_context(|| format!("creating {}", out.display()))?;
    let mut w = BufWriter::new(file);
    writeln!(
        w,
        "# ddz selfplay --deals {} --players {} {} {} --seed {} --scoring {} (ddz {})",
        run.deals,
        run.players[0],
        run.players[1],
        run.players[2],
        run.seed,
        match run.scoring {
            Scoring::Official => "official",
            Scoring::Team => "team",
        },
        env!("CARGO_PKG_VERSION")
    )?;
    writeln!(w, "{}", HEADER)?;
    let start = Instant::now();
    let (mut games, mut positions) = (0u64, 0u64);
    let report = selfplay::run(&run, &mut |samples: &[Sample]| {
        games += 1;
        positions += samples.len() as u64;
        for s in samples {
            writeln!(w, "{}", s)?;
        }
        Ok(())
    })?;
    w.flush()?;
    let played = run.deals * GAMES_PER_DEAL;
    eprintln!(
        "ddz selfplay: {} deals, {} games ({} kept), {} positions to {} in {:.1} s ({} faults)",
        run.deals,
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
    let mut out: Option<PathBuf> = None;
    let mut every: u64 = 1;
    let mut inputs: Vec<PathBuf> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match flag_value(args, &mut i)? {
            None => inputs.push(args[i].clone().into()),
            Some((flag, inline)) => match flag {
                "-h" | "--help" => {
                    println!("{}", ENCODE_USAGE);
                    return Ok(());
                }
                "--net" => {
                    let name = take(args, &mut i, flag, inline)?;
                    net = Some(
                        Net::from_name(name)
                            .with_context(|| format!("--net: '{}' is not play or bid", name))?,
                    );
                }
                "--out" | "-o" => out = Some(take(args, &mut i, flag, inline)?.into()),
                "--every" => {
                    every = number(take(args, &mut i, flag, inline)?, flag)?;
                    if every == 0 {
                        bail!("--every must be at least 1");
                    }
                }
                other => bail!("unknown flag '{}'\n{}", other, ENCODE_USAGE),
            },
        }
        i += 1;
    }
    let net = net.with_context(|| format!("--net play|bid is required\n{}", ENCODE_USAGE))?;
    let out = out.with_context(|| format!("--out FILE is required\n{}", ENCODE_USAGE))?;
    if inputs.is_empty() {
        bail!("no DATA file given\n{}", ENCODE_USAGE);
    }
    let file =
        std::fs::File::create(&out).with_context(|| format!("creating {}", out.display()))?;
    let mut matrix = MatrixWriter::new(BufWriter::new(file), net)?;
    for path in &inputs {
        let file =
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
        for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("reading {}", path.display()))?;
            if line.starts_with('#') || line.starts_with("game\t") || line.is_empty() {
                continue;
            }
            let sample = Sample::parse(&line)
                .with_context(|| format!("{} line {}", path.display(), n + 1))?;
            let keep = net == Net::Bid || (sample.game * 131 + u64::from(sample.turn)) % every == 0;
            if keep {
                matrix.add(&sample)?;
            }
        }
    }
    let rows = matrix.rows();
    matrix.finish()?;
    eprintln!(
        "ddz encode: {} rows of {} inputs for the {} network to {}",
        rows,
        net.inputs(),
        net.name(),
        out.display()
    );
    Ok(())
}
