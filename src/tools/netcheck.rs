//! `ddz netcheck`: a trained network or policy checked against its trainer's outputs, or against
//! the data it judges.

use crate::cli::{Arg, Args};
use crate::tools::judge::{judge_data, JUDGE_POSITIONS};
use anyhow::{bail, Context};

/// Usage of `ddz netcheck`.
pub(crate) const NETCHECK_USAGE: &str = "\
usage: ddz netcheck PREFIX
       ddz netcheck --policy PREFIX
       ddz netcheck --data FILE [--positions N]
       ddz netcheck --hidden LOG... [--every K] [--deals M] [--hidden-net FILE]
       ddz netcheck --douzero FILE --arrays ARRAYS
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
  (--deals M, default 64) that put it with the seat after ours, against uniform deals (each card at that seat's share).
  --douzero: DouZero's networks in FILE (safetensors, python -m ddz.douzero_convert) against
  PyTorch's values of the positions in ARRAYS (scripts/douzero_parity.py writes it): fails when
  a value differs by more than 1e-4; prints each position's median time a decision.";

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
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let mut prefix: Option<String> = None;
    let mut data: Option<String> = None;
    let mut positions = JUDGE_POSITIONS;
    let mut policy: Option<String> = None;
    let mut hidden: Vec<String> = Vec::new();
    let mut every: u64 = 5;
    let mut deals: u32 = 64;
    let mut hidden_net: Option<String> = None;
    let (mut douzero, mut arrays) = (None, None);
    let mut line = Args::new("netcheck", NETCHECK_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match &arg {
            Arg::Flag(f) if f == "--hidden" => hidden.push(line.value()?),
            Arg::Word(w) if !hidden.is_empty() => hidden.push(w.clone()),
            Arg::Flag(f) if f == "--every" => every = line.parse::<u64>()?.max(1),
            Arg::Flag(f) if f == "--deals" => deals = line.parse::<u32>()?.max(1),
            Arg::Flag(f) if f == "--hidden-net" => hidden_net = Some(line.value()?),
            Arg::Flag(f) if f == "--douzero" => douzero = Some(line.value()?),
            Arg::Flag(f) if f == "--arrays" => arrays = Some(line.value()?),
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
    if let Some(file) = douzero {
        let arrays = arrays.ok_or_else(|| anyhow::anyhow!("--douzero needs --arrays ARRAYS"))?;
        return check_douzero(&file, &arrays);
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

/// `ddz netcheck --douzero FILE --arrays ARRAYS`: DouZero's networks' forward pass here against
/// PyTorch's values, and the time it takes a decision (the LSTM once, the dense layers on every
/// legal play), by position.
fn check_douzero(file: &str, arrays: &str) -> anyhow::Result<()> {
    use crate::strategy::networks::douzero::{check_arrays, DouZeroNets, Position};
    let nets = DouZeroNets::read(file)?;
    println!(
        "{}: {} parameters a landlord's network, {} a farmer's",
        nets.path(),
        nets.parameters(Position::Landlord),
        nets.parameters(Position::LandlordUp)
    );
    let reports = check_arrays(&nets, arrays)?;
    let mut failed = false;
    for (position, report) in Position::ALL.iter().zip(&reports) {
        println!(
            "{}: {} positions, {} plays, largest difference {:.2e} (tolerance {:.0e}); \
             a decision: median {:.3} ms, {:.1} plays on average",
            position.name(),
            report.positions,
            report.plays,
            report.worst,
            NETCHECK_TOLERANCE,
            report.median_seconds * 1e3,
            report.plays as f64 / report.positions.max(1) as f64,
        );
        failed |=
            report.positions == 0 || report.worst.is_nan() || report.worst > NETCHECK_TOLERANCE;
    }
    if failed {
        bail!(
            "{}: the forward pass does not give PyTorch's values of {}",
            file,
            arrays
        );
    }
    Ok(())
}
