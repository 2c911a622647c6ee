//! `ddz arena`: engines against engines on the same deals (see [`crate::arena`]).

use crate::arena::deals::Shard;
use crate::arena::deals::{parse_dat, write_dat};
use crate::arena::game_log::{game_json, transcript, transcript_name};
use crate::arena::log_merge::{end_line, header_line, merge};
use crate::arena::referee::CardOrder;
use crate::arena::sprt::SprtConfig;
use crate::arena::{labels, run, ArenaConfig, Format, DEFAULT_PLAYER};
use crate::cli::{Arg, Args};
use crate::game::{Scoring, Seat};
use crate::os::{is_terminal, Stream};
use crate::rules::Platform;
use anyhow::{bail, Context};
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// Usage of `ddz arena`, before the settings' list.
const USAGE_HEAD: &str = "\
usage: ddz arena [--games N] [--seed S] [--deals FILE] [--save-deals FILE]
                 [--players P1 P2 P3 | --player P ...] [--duplicate | --pair X Y | --h2h X Y | --format F]
                 [--fixed-landlord] [--time SECS] [--jobs N] [--json FILE] [--transcripts DIR]
                 [--info6] [--no-handshake] [--card-order asc|desc|random] [--crlf] [--auto-pass]
                 [--bid-stop-at-3] [--error-as-gameover] [--platform canonical|sample2015|icga2019|botzone]
                 [--scoring official|team] [--turn R] [--sprt MARGIN0,MARGIN1[,ALPHA,BETA]]
                 [--progress | --no-progress] [--show-stderr] [--max-errors N] [--threaded]
                 [--shard K/N] [--gauntlet CANDIDATE OPPONENT...]
       ddz arena merge FILE...
A player is builtin:random, builtin:greedy, builtin:rules (strategy v1, the rule-based player),
builtin:learned (the policy learned from the thinking player's decisions),
builtin:ddz (the engine's default, the thinking player), builtin:tricky, or a shell command line
running an engine. builtin:ddz takes the engine's settings after colons, e.g.
builtin:ddz:samples=16:eval=blend, each KEY=VALUE one of:";

/// Usage of `ddz arena`, after the settings' list.
const USAGE_TAIL: &str = "\
Without think or samples it thinks up to 1 s per decision, as the engine does: a game of three
such players takes about 12 s of a core. Seats not given are filled with builtin:ddz:samples=16 (a fixed
budget: a bare `ddz arena`, 100 deals, takes about 20 s on two cores). --games
counts deals (default 100, or the whole deal file); --duplicate plays each deal 3 times with the players rotated, --pair 6
times (X alone against two Y in each seat, then Y alone), --h2h 2 times (X alone, then Y alone, in
the deal's landlord seat: with --fixed-landlord each side alone as the landlord, the papers'
evaluation; the pair's head-to-head games at a third of the cost).
--format seats|duplicate|pair|h2h|team: the same formats by name; team takes two players (teams),
plays each deal at two tables with their seats swapped and scores by the team rule, reported per
turn of R deals (--turn, default 8).
--platform P: judge plays by P's reading; icga2019 also imitates that server (no handshake, cards
in random order, every seat bids and bids are not checked, GAMEOVER after a fault).
--platform botzone: Botzone's variant (its plays, bidding, scoring); botzone:COMMAND seats a
Botzone bot, started every turn or kept running as it asks (docs/botzone.md).
--scoring team: built-in players weigh decisions by the team rule (implied by --format team).
--sprt M0,M1[,A,B]: stop once the sequential test on the per-deal difference of the first two
players (H0: mean M0, H1: mean M1, error rates A and B, default 0.05) is decided.
--seed S: the deals' seed (default 1). --time SECS: the limit per reply (default 15, the official
one). --card-order: how other seats' cards are sent (default asc). --progress: a line per deal on
stderr (default: when stderr is a terminal).
--max-errors N: fail (exit status 2) when the players made more than N errors (for CI scripts;
default: no limit).
A run that measured nothing fails the same way after its report: no game was played, or a player
never finished a game through its own faults (it cannot start, exits at once, never answers); a
gauntlet fails when that is so against any one opponent. An interval that cannot be computed
(one deal) reads n/a.
--threaded: built-in players think on the engine's worker thread under its clock, as the binary
does, so their reply times include the hop to the worker and back.
--shard K/N: play only the K-th of N slices of the run's deals (K from 1): the deals i (from 0)
with i mod N = K-1, each played exactly as in the whole run. A --json log, a shard's or a whole
run's, starts with a line of the build and the run's settings and ends with one saying it finished.
--gauntlet CANDIDATE OPPONENT...: CANDIDATE against each opponent in --pair matches (--format h2h:
--h2h matches) over the same deals, then a line per opponent (head-to-head win% overall, as
landlord and as farmers, and points per deal, ±95% over deals, faults) and one for all of them.
ddz arena merge FILE...: the shards' --json logs (all N, each once, each finished) read back into
the report and RESULT line one run of all the deals prints (seconds: the shards' added up).
Recipes, with the time each took on two cores (both busy with other work; --jobs defaults to
all cores):
  ddz arena --games 100 --pair builtin:ddz:samples=16 builtin:rules --fixed-landlord
      screen a change to the thinking player: 600 games, under a minute
  ddz arena --games 10 --pair builtin:ddz builtin:rules --fixed-landlord
      the engine as it plays (up to 1 s per decision): 60 games, about 3 minutes
  ddz arena --games 1000 --pair builtin:ddz:samples=16 builtin:greedy --sprt 0,20
      stops once decided (H1 after 81 deals): under a minute
  ddz arena --games 100 --pair \"/path/to/engine --flags\" builtin:ddz:samples=16
      another engine against ours: about 70 s when it is as fast as ours at 16 deals
  ddz arena --games 2000 --pair builtin:rules builtin:greedy --fixed-landlord
      the rule player against the greedy one: 12,000 games in about 1 s";

/// Usage of `ddz arena`: the settings of `builtin:ddz` listed from their registry.
pub fn usage() -> &'static str {
    crate::tools::usage_with_settings(USAGE_HEAD, false, USAGE_TAIL)
}

/// Usage of `ddz arena merge`.
pub const MERGE_USAGE: &str = "\
usage: ddz arena merge FILE...
Reads the JSON logs of all N shards of one run (ddz arena --shard K/N --json FILE, K = 1..N) and
prints the report and RESULT line that one run of all the deals prints. The shards must come from
the same settings, each once, each finished; seconds is their wall times added up.";

/// Runs `ddz arena`.
pub fn run_arena(args: &[String]) -> anyhow::Result<()> {
    if args.first().map(String::as_str) == Some("merge") {
        return run_merge(&args[1..]);
    }
    let mut config = ArenaConfig {
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        progress: is_terminal(Stream::Stderr),
        ..ArenaConfig::default()
    };
    let mut players: Vec<String> = Vec::new();
    // `--pair X Y` or `--h2h X Y`: the format and its two players.
    let mut pair: Option<(Format, String, String)> = None;
    let mut duplicate = false;
    let mut format: Option<Format> = None;
    let mut games: Option<usize> = None;
    let mut deals_file: Option<PathBuf> = None;
    let mut save_deals: Option<PathBuf> = None;
    let mut json_file: Option<PathBuf> = None;
    let mut transcripts: Option<PathBuf> = None;
    let mut max_errors: Option<u64> = None;
    let mut shard: Option<Shard> = None;
    let mut gauntlet: Option<Vec<String>> = None;
    let mut line = Args::new("arena", usage(), args);
    while let Some(arg) = line.next_arg()? {
        let flag = match &arg {
            Arg::Flag(f) => f.clone(),
            Arg::Word(_) => return Err(line.unknown(&arg).into()),
        };
        match flag.as_str() {
            "--games" | "-n" => {
                games = Some(line.parse()?);
                if games == Some(0) {
                    bail!("--games must be at least 1 deal");
                }
            }
            "--seed" => config.seed = line.parse()?,
            "--max-errors" => max_errors = Some(line.parse()?),
            "--deals" => deals_file = Some(line.value()?.into()),
            "--save-deals" => save_deals = Some(line.value()?.into()),
            "--player" => players.push(line.value()?),
            "--players" => {
                let room = 3usize.saturating_sub(players.len()).max(1);
                players.extend(line.values(room)?);
            }
            "--duplicate" => duplicate = true,
            "--format" => {
                format = Some(
                    line.value()?
                        .parse::<Format>()
                        .map_err(|e| anyhow::anyhow!("--format: {}", e))?,
                )
            }
            "--platform" => {
                let name = line.value()?;
                let platform = Platform::from_name(&name).with_context(|| {
                    format!(
                        "--platform: '{}' is not canonical, sample2015, icga2019 or botzone",
                        name
                    )
                })?;
                config.rules.set_platform(platform);
            }
            "--scoring" => {
                config.rules.scoring = crate::engine::config::scoring_flag(&line.value()?)?;
            }
            "--turn" => {
                config.turn_deals = line.parse()?;
                if config.turn_deals == 0 {
                    bail!("--turn must be at least 1 deal");
                }
            }
            "--sprt" => {
                config.sprt = Some(
                    SprtConfig::parse(&line.value()?)
                        .map_err(|e| anyhow::anyhow!("--sprt: {}", e))?,
                )
            }
            "--pair" | "--h2h" => {
                let both = line.values(2)?;
                if both.len() != 2 {
                    bail!("{} takes two players, X and Y{}", flag, line.hint());
                }
                let f = if flag == "--pair" {
                    Format::Pair
                } else {
                    Format::H2h
                };
                pair = Some((f, both[0].clone(), both[1].clone()));
            }
            "--fixed-landlord" => config.rules.fixed_landlord = true,
            "--time" => {
                let secs: f64 = line.parse()?;
                if !(secs > 0.0 && secs < 1e6) {
                    bail!("--time must be a positive number of seconds");
                }
                config.rules.time = Duration::from_secs_f64(secs);
            }
            "--jobs" | "-j" => {
                config.jobs = line.parse()?;
                if config.jobs == 0 {
                    bail!("--jobs must be at least 1");
                }
            }
            "--json" => json_file = Some(line.value()?.into()),
            "--transcripts" => transcripts = Some(line.value()?.into()),
            "--info6" => config.rules.info6 = true,
            "--no-handshake" => config.rules.no_handshake = true,
            "--card-order" => {
                config.rules.card_order = match line.value()?.as_str() {
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
            "--shard" => {
                shard = Some(
                    Shard::parse(&line.value()?).map_err(|e| anyhow::anyhow!("--shard: {}", e))?,
                )
            }
            "--gauntlet" => gauntlet = Some(line.values(usize::MAX)?),
            _ => return Err(line.unknown(&arg).into()),
        }
    }

    let two_sided = |f: Format| f == Format::Pair || f == Format::H2h;
    if gauntlet.is_some()
        && (pair.is_some()
            || duplicate
            || !players.is_empty()
            || format.map_or(false, |f| !two_sided(f)))
    {
        bail!("--gauntlet takes its players itself and plays them in pairs: no --pair, --h2h, --players, --duplicate or --format other than pair or h2h with it");
    }
    if gauntlet.is_some() {
        config.format = format.unwrap_or(Format::Pair);
    } else if let Some((f, x, y)) = pair {
        if duplicate || !players.is_empty() || format.map_or(false, |other| other != f) {
            bail!(
                "--{} takes its two players itself: no --duplicate, --players or other --format with it",
                f.name()
            );
        }
        config.format = f;
        config.players = vec![x, y];
    } else {
        config.format = match (format, duplicate) {
            (Some(f), false) | (Some(f @ Format::Duplicate), true) => f,
            (None, true) => Format::Duplicate,
            (None, false) => Format::Seats,
            (Some(_), true) => bail!("--duplicate and another --format given"),
        };
        let entries = config.format.entries();
        if players.len() > entries {
            bail!(
                "this format takes {} players, {} given",
                entries,
                players.len()
            );
        }
        while players.len() < entries {
            players.push(DEFAULT_PLAYER.to_string());
        }
        config.players = players;
    }
    if config.format == Format::Team {
        config.rules.scoring = Scoring::Team;
    }
    if config.sprt.is_some() && shard.is_some() {
        bail!("--sprt decides on the deals in order, as they come: run it whole, not in shards");
    }
    config.shard = shard;
    if config.sprt.is_some() && config.format == Format::Seats {
        bail!("--sprt compares two players over the same deals: use --pair, --h2h, --duplicate or --format team");
    }
    if let Some(path) = &deals_file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading deals from {}", path.display()))?;
        let deals = parse_dat(&text).with_context(|| format!("deal file {}", path.display()))?;
        if deals.is_empty() {
            bail!("deal file {} holds no deal", path.display());
        }
        if let Some(asked) = games.filter(|&n| n > deals.len()) {
            bail!(
                "--games {}: deal file {} holds only {} deals",
                asked,
                path.display(),
                deals.len()
            );
        }
        config.games = games.unwrap_or(deals.len());
        config.deals = Some(deals);
    } else {
        config.games = games.unwrap_or(config.games);
    }
    // A shard may get no deals (more shards than deals, as a job array sized for the largest
    // run gives): it plays nothing and writes a finished empty log, which the merge needs.
    let empty_shard = shard.is_some() && config.deal_numbers().is_empty();
    if let Some(path) = &save_deals {
        let deals: Vec<_> = (0..config.deal_count()).map(|i| config.deal(i)).collect();
        std::fs::write(path, write_dat(&deals))
            .with_context(|| format!("writing deals to {}", path.display()))?;
    }
    if let Some(specs) = gauntlet {
        if config.sprt.is_some() || shard.is_some() || transcripts.is_some() {
            bail!("--gauntlet runs whole matches: no --sprt, --shard or --transcripts with it");
        }
        return run_gauntlet_cli(&config, &specs, json_file.as_deref(), max_errors);
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
    // A whole run's log is shard 1/1's: the same first and last lines.
    let slice = shard.unwrap_or(Shard::WHOLE);
    if let Some(out) = json_out.as_mut() {
        let mut command = vec!["arena".to_string()];
        command.extend_from_slice(args);
        writeln!(out, "{}", header_line(&config, slice, &command))
            .context("writing the JSON log")?;
    }
    let names = labels(&config.players);
    let time_secs = config.rules.time.as_secs_f64();
    let mut notes = FaultNotes::new(names.len());
    let report = run(&config, &mut |games| {
        for g in games {
            notes.tell(g, &names, config.progress);
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
        writeln!(out, "{}", end_line(&report)).context("writing the JSON log")?;
        out.flush().context("writing the JSON log")?;
    }
    let jobs = format!("{} jobs", config.jobs);
    let shard_note = match shard {
        Some(s) => format!(", shard {}/{}", s.index, s.count),
        None => String::new(),
    };
    match print_summary(&config, &names, &report, &(jobs + &shard_note)) {
        // A reader that stopped early (`| head`) is no failure of the match.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.context("writing the summary")?,
    }
    let errors: u64 = report.players.iter().map(|p| p.error_total()).sum();
    if let Some(limit) = max_errors.filter(|&limit| errors > limit) {
        bail!("{} errors, more than --max-errors {}", errors, limit)
    }
    // A run that measured nothing fails, whatever its report reads (an empty shard is its
    // run's part, measured when the shards are merged).
    match report.unmeasured() {
        Some(why) if !empty_shard => bail!("{}", why),
        _ => Ok(()),
    }
}

/// Runs `ddz arena --gauntlet CANDIDATE OPPONENT...`: a `--pair` match against each opponent
/// (each report printed as it ends), then the gauntlet's table and its `RESULT` line.
fn run_gauntlet_cli(
    config: &ArenaConfig,
    specs: &[String],
    json_file: Option<&std::path::Path>,
    max_errors: Option<u64>,
) -> anyhow::Result<()> {
    let (candidate, opponents) = match specs.split_first() {
        Some((c, o)) if !o.is_empty() => (c, o),
        _ => bail!("--gauntlet takes a candidate and at least one opponent"),
    };
    for spec in specs {
        spec.parse::<crate::arena::spec::PlayerSpec>()
            .map_err(anyhow::Error::msg)?;
    }
    let mut json_out = match json_file {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => None,
    };
    let mut notes: Vec<FaultNotes> = opponents.iter().map(|_| FaultNotes::new(2)).collect();
    let names: Vec<Vec<String>> = opponents
        .iter()
        .map(|o| labels(&[candidate.clone(), o.clone()]))
        .collect();
    let progress = config.progress;
    let jobs = format!("{} jobs", config.jobs);
    let report = crate::arena::gauntlet::run_gauntlet(
        config,
        candidate,
        opponents,
        &mut |opponent, games| {
            for g in games {
                notes[opponent].tell(g, &names[opponent], progress);
                if let Some(out) = json_out.as_mut() {
                    writeln!(out, "{}", game_json(g, &names[opponent]))
                        .context("writing the JSON log")?;
                }
            }
            Ok(())
        },
        &mut |one, report| {
            let names = labels(&one.players);
            match print_summary(one, &names, report, &jobs) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => Ok(other.context("writing the summary")?),
            }
        },
    )?;
    if let Some(mut out) = json_out {
        out.flush().context("writing the JSON log")?;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = write!(out, "{}", report.summary())
        .and_then(|_| writeln!(out, "RESULT {}", report.to_json()))
        .and_then(|_| out.flush());
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.context("writing the summary")?,
    }
    let errors: u64 = report
        .standings
        .iter()
        .flat_map(|s| s.report.players.iter())
        .map(|p| p.error_total())
        .sum();
    if let Some(limit) = max_errors.filter(|&limit| errors > limit) {
        bail!("{} errors, more than --max-errors {}", errors, limit)
    }
    // Each opponent's match is measured or the gauntlet fails: a line per opponent that never
    // played would read as the candidate's win by the opponent's penalties.
    let unmeasured: Vec<String> = report
        .standings
        .iter()
        .filter_map(|s| {
            s.report
                .unmeasured()
                .map(|why| format!("against '{}': {}", s.opponent, why))
        })
        .collect();
    if unmeasured.is_empty() {
        Ok(())
    } else {
        bail!("{}", unmeasured.join("; "))
    }
}

/// Runs `ddz arena merge FILE...`.
fn run_merge(args: &[String]) -> anyhow::Result<()> {
    let mut files = Vec::new();
    let mut line = Args::new("arena merge", MERGE_USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Word(w) => files.push(w),
            other => return Err(line.unknown(&other).into()),
        }
    }
    if files.is_empty() {
        bail!("no FILE given{}", line.hint());
    }
    let mut logs = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).with_context(|| format!("reading {}", f))?;
        logs.push((f.clone(), text));
    }
    let (config, report, shards) = merge(&logs).map_err(anyhow::Error::msg)?;
    let names = labels(&config.players);
    let jobs = format!(
        "merged from {} shard{}",
        shards,
        if shards == 1 { "" } else { "s" }
    );
    match print_summary(&config, &names, &report, &jobs) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.context("writing the summary")?,
    }
    // The whole run is judged as one run would be: a player that never finished a game in any
    // shard was not measured.
    match report.unmeasured() {
        Some(why) => bail!("{}", why),
        None => Ok(()),
    }
}

/// Faults shown on stderr per player, at most; the rest are only counted in the report.
const FAULTS_SHOWN: usize = 3;

/// Tells faults on stderr as they happen (the report only counts them): an engine that cannot
/// start, exits at once or closes its input says so, with its command, while the match goes on.
/// (Whether a player was measured at all is the report's to say: [`Report::unmeasured`].)
///
/// [`Report::unmeasured`]: crate::arena::report::Report::unmeasured
struct FaultNotes {
    shown: Vec<usize>,
}

impl FaultNotes {
    fn new(players: usize) -> FaultNotes {
        FaultNotes {
            shown: vec![0; players],
        }
    }

    /// Tells the faults of one game (the first [`FAULTS_SHOWN`] of each player).
    fn tell(&mut self, game: &crate::arena::referee::GameRecord, names: &[String], bar: bool) {
        for e in &game.errors {
            let entry = game.lineup[e.seat];
            let shown = &mut self.shown[entry];
            if *shown > FAULTS_SHOWN {
                continue;
            }
            *shown += 1;
            // Clear the progress bar's line first.
            let clear = if bar {
                format!("\r{:110}\r", "")
            } else {
                String::new()
            };
            if *shown > FAULTS_SHOWN {
                eprintln!(
                    "{}ddz arena: '{}': further faults are counted in the report, not shown",
                    clear, names[entry]
                );
            } else {
                eprintln!(
                    "{}ddz arena: '{}' (deal {}, seat {}) {}: {}{}",
                    clear,
                    names[entry],
                    game.deal_index + 1,
                    e.seat,
                    e.kind.name(),
                    e.detail,
                    if e.scored { "" } else { " (no score change)" }
                );
            }
        }
    }
}

/// Writes the summary and the `RESULT` line to stdout (written, not printed: a closed pipe is
/// an error to handle, not a panic).
fn print_summary(
    config: &ArenaConfig,
    names: &[String],
    report: &crate::arena::report::Report,
    jobs: &str,
) -> std::io::Result<()> {
    let format = match config.format {
        Format::Seats => "seats as given",
        other => other.name(),
    };
    let time_secs = config.rules.time.as_secs_f64();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "ddz arena: {}, {}{}{}{}, seed {}, {}, time {} s{}",
        names.join(" / "),
        format,
        if config.rules.fixed_landlord {
            ", fixed landlord"
        } else {
            ""
        },
        if config.rules.platform == Platform::Canonical {
            String::new()
        } else {
            format!(", {} platform", config.rules.platform.name())
        },
        if config.rules.scoring == Scoring::Team {
            ", team scoring"
        } else {
            ""
        },
        config.seed,
        jobs,
        time_secs,
        if config.threaded { ", threaded" } else { "" }
    )?;
    write!(out, "{}", report.summary())?;
    writeln!(out, "RESULT {}", report.to_json())?;
    out.flush()
}
