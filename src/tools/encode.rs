//! `ddz encode`: self-play data (`ddz selfplay`) or arena logs turned into a network's training
//! matrix ([`crate::training::encode`]), as `scripts/train.py` reads it.

use super::selfplay::open_all;
use crate::cli::{Arg, Args};
use crate::named::Named;
use crate::training::data::Sample;
use crate::training::data_merge::{merge, parse_shard_line};
use crate::training::encode::{MatrixWriter, Net};
use anyhow::{bail, Context};
use std::io::BufRead;
use std::path::PathBuf;

/// Usage of `ddz encode`.
pub(crate) const ENCODE_USAGE: &str = "\
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

/// Runs `ddz encode`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
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
