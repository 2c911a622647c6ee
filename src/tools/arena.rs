//! `ddz arena`: engines against engines on the same deals (see [`crate::arena`]).

use crate::arena::deals::{parse_dat, write_dat};
use crate::arena::log::{game_json, transcript, transcript_name};
use crate::arena::referee::CardOrder;
use crate::arena::{labels, run, Config, Format};
use crate::game::Seat;
use crate::tools::terminal::{is_terminal, Stream};
use anyhow::{bail, Context};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Usage of `ddz arena`.
pub const USAGE: &str = "\
usage: ddz arena [--games N] [--seed S] [--deals FILE] [--save-deals FILE]
                 [--players P1 P2 P3 | --player P ...] [--duplicate | --pair X Y]
                 [--fixed-landlord] [--time SECS] [--jobs N] [--json FILE] [--transcripts DIR]
                 [--info6] [--no-handshake] [--card-order asc|desc|random] [--crlf] [--auto-pass]
                 [--bid-stop-at-3] [--error-as-gameover] [--progress | --no-progress] [--show-stderr]
                 [--max-errors N] [--threaded]
A player is builtin:random, builtin:greedy, builtin:ddz, or a shell command line running an engine.
Seats not given are filled with builtin:ddz. --games counts deals (default 100, or the whole deal
file); --duplicate plays each deal 3 times with the players rotated, --pair 6 times.
--max-errors N: fail (exit status 2) when the players made more than N errors (for CI scripts).
--threaded: built-in players think on the engine's worker thread under its clock, as the binary
does, so their reply times include the hop to the worker and back.";

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> anyhow::Result<&'a str> {
    *i += 1;
    args.get(*i)
        .map(String::as_str)
        .with_context(|| format!("{} needs a value", flag))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> anyhow::Result<T> {
    text.parse()
        .map_err(|_| anyhow::anyhow!("{}: '{}' is not a valid number", flag, text))
}

/// Runs `ddz arena`.
pub fn run_arena(args: &[String]) -> anyhow::Result<()> {
    let mut config = Config {
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        progress: is_terminal(Stream::Stderr),
        ..Config::default()
    };
    let mut players: Vec<String> = Vec::new();
    let mut pair: Option<(String, String)> = None;
    let mut duplicate = false;
    let mut games: Option<usize> = None;
    let mut deals_file: Option<PathBuf> = None;
    let mut save_deals: Option<PathBuf> = None;
    let mut json_file: Option<PathBuf> = None;
    let mut transcripts: Option<PathBuf> = None;
    let mut max_errors: Option<u64> = None;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        match flag {
            "--games" | "-n" => games = Some(number(value(args, &mut i, flag)?, flag)?),
            "--seed" => config.seed = number(value(args, &mut i, flag)?, flag)?,
            "--max-errors" => max_errors = Some(number(value(args, &mut i, flag)?, flag)?),
            "--deals" => deals_file = Some(value(args, &mut i, flag)?.into()),
            "--save-deals" => save_deals = Some(value(args, &mut i, flag)?.into()),
            "--player" => players.push(value(args, &mut i, flag)?.to_string()),
            "--players" => {
                while players.len() < 3 && args.get(i + 1).map_or(false, |a| !a.starts_with("--")) {
                    i += 1;
                    players.push(args[i].clone());
                }
            }
            "--duplicate" => duplicate = true,
            "--pair" => {
                let x = value(args, &mut i, flag)?.to_string();
                let y = value(args, &mut i, flag)?.to_string();
                pair = Some((x, y));
            }
            "--fixed-landlord" => config.rules.fixed_landlord = true,
            "--time" => {
                let secs: f64 = number(value(args, &mut i, flag)?, flag)?;
                if !(secs > 0.0 && secs < 1e6) {
                    bail!("--time must be a positive number of seconds");
                }
                config.rules.time = Duration::from_secs_f64(secs);
            }
            "--jobs" | "-j" => config.jobs = number(value(args, &mut i, flag)?, flag)?,
            "--json" => json_file = Some(value(args, &mut i, flag)?.into()),
            "--transcripts" => transcripts = Some(value(args, &mut i, flag)?.into()),
            "--info6" => config.rules.info6 = true,
            "--no-handshake" => config.rules.no_handshake = true,
            "--card-order" => {
                config.rules.card_order = match value(args, &mut i, flag)? {
                    "asc" => CardOrder::Asc,
                    "desc" => CardOrder::Desc,
                    "random" => CardOrder::Random,
                    other => bail!("--card-order: '{}' is not asc, desc or random", other),
                }
            }
            "--crlf" => config.crlf = true,
            "--auto-pass" => config.rules.auto_pass = true,
            "--bid-stop-at-3" => config.rules.bid_stop_at_3 = true,
            "--error-as-gameover" => config.rules.error_as_gameover = true,
            "--progress" => config.progress = true,
            "--no-progress" => config.progress = false,
            "--show-stderr" => config.show_stderr = true,
            "--threaded" => config.threaded = true,
            "--help" | "-h" => {
                println!("{}", USAGE);
                return Ok(());
            }
            other => bail!("unknown option '{}'\n{}", other, USAGE),
        }
        i += 1;
    }

    if let Some((x, y)) = pair {
        if duplicate || !players.is_empty() {
            bail!("--pair takes its two players itself: no --duplicate or --players with it");
        }
        config.format = Format::Pair;
        config.players = vec![x, y];
    } else {
        if players.len() > 3 {
            bail!("a table seats 3 players, {} given", players.len());
        }
        while players.len() < 3 {
            players.push("builtin:ddz".to_string());
        }
        config.players = players;
        config.format = if duplicate {
            Format::Duplicate
        } else {
            Format::Seats
        };
    }
    if let Some(path) = &deals_file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading deals from {}", path.display()))?;
        let deals = parse_dat(&text).with_context(|| format!("deal file {}", path.display()))?;
        if deals.is_empty() {
            bail!("deal file {} holds no deal", path.display());
        }
        config.games = games.unwrap_or(deals.len());
        config.deals = Some(deals);
    } else {
        config.games = games.unwrap_or(config.games);
    }
    if let Some(path) = &save_deals {
        let deals: Vec<_> = (0..config.deal_count()).map(|i| config.deal(i)).collect();
        std::fs::write(path, write_dat(&deals))
            .with_context(|| format!("writing deals to {}", path.display()))?;
    }
    config.rules.transcripts = transcripts.is_some();
    if let Some(dir) = &transcripts {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut json_out = match &json_file {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => None,
    };
    let names = labels(&config.players);
    let time_secs = config.rules.time.as_secs_f64();
    let report = run(&config, &mut |games| {
        for g in games {
            if let Some(out) = json_out.as_mut() {
                writeln!(out, "{}", game_json(g, &names)).context("writing the JSON log")?;
            }
            if let Some(dir) = &transcripts {
                for seat in Seat::ALL {
                    if let Some(text) = transcript(g, seat, &names, time_secs) {
                        let path = dir.join(transcript_name(g, seat));
                        std::fs::write(&path, text)
                            .with_context(|| format!("writing {}", path.display()))?;
                    }
                }
            }
        }
        Ok(())
    })?;
    if let Some(mut out) = json_out {
        out.flush().context("writing the JSON log")?;
    }
    match print_summary(&config, &names, &report) {
        // A reader that stopped early (`| head`) is no failure of the match.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.context("writing the summary")?,
    }
    let errors: u64 = report.players.iter().map(|p| p.error_total()).sum();
    match max_errors {
        Some(limit) if errors > limit => {
            bail!("{} errors, more than --max-errors {}", errors, limit)
        }
        _ => Ok(()),
    }
}

/// Writes the summary and the `RESULT` line to stdout (written, not printed: a closed pipe is
/// an error to handle, not a panic).
fn print_summary(
    config: &Config,
    names: &[String],
    report: &crate::arena::report::Report,
) -> std::io::Result<()> {
    let format = match config.format {
        Format::Seats => "seats as given",
        Format::Duplicate => "duplicate",
        Format::Pair => "pair",
    };
    let time_secs = config.rules.time.as_secs_f64();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "ddz arena: {}, {}{}, seed {}, {} jobs, time {} s{}",
        names.join(" / "),
        format,
        if config.rules.fixed_landlord {
            ", fixed landlord"
        } else {
            ""
        },
        config.seed,
        config.jobs,
        time_secs,
        if config.threaded { ", threaded" } else { "" }
    )?;
    write!(out, "{}", report.summary())?;
    writeln!(out, "RESULT {}", report.to_json())?;
    out.flush()
}
