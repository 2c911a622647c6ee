//! `ddz arena`: engines against engines on the same deals (see [`crate::arena`]).

use crate::arena::count::sprt::SprtConfig;
use crate::arena::log_merge::{end_line, header_line, merge};
use crate::arena::request::{CheckedMatch, DealFile, Gauntlet, MatchRequest};
use crate::arena::table::referee::CardOrder;
use crate::arena::table::spec::limit_notes;
use crate::arena::text::{jobs_text, match_text};
use crate::arena::wire::game_log::{game_json, transcript, transcript_name};
use crate::arena::{labels, run, ArenaConfig, Format};
use crate::cli::{Arg, Args};
use crate::engine::config::read_scoring;
use crate::game::deal::{parse_dat, write_dat};
use crate::game::Seat;
use crate::named::Named;
use crate::os::{is_terminal, Stream};
use crate::registry::{entries, set, synopsis, valid, Flag, FlagRefusal};
use crate::rules::Platform;
use crate::shards::Shard;
use anyhow::{bail, Context};
use std::io::Write;
use std::path::PathBuf;

/// Usage of `ddz arena` after its synopsis, before the settings' list.
const USAGE_HEAD: &str = "       ddz arena merge FILE...
A player is builtin:random, builtin:greedy, builtin:rules (strategy v1, the rule-based player),
builtin:learned (the policy learned from the thinking player's decisions),
builtin:ddz (the engine's default, the thinking player), builtin:tricky,
builtin:douzero:PATH (DouZero's networks in PATH, docs/douzero.md), or a shell command line
running an engine. builtin:ddz takes the engine's settings after colons, e.g.
builtin:ddz:samples=16:infer=off, each KEY=VALUE one of:";

/// Usage of `ddz arena`, after the settings' list.
const USAGE_TAIL: &str = "\
Without think or samples it takes 256 deals per decision, as the engine does (a fixed budget:
the same games on any machine).
builtin:ddz:peek=on (the arena's, measurement only): it searches the deal the arena shows it
instead of sampled deals, every card seen (the ceiling of sampling; never a program's). Seats
not given are filled with builtin:ddz:samples=16 (a fixed budget). --games
counts deals (default 100, or the whole deal file); --duplicate plays each deal 3 times with the players rotated, --pair 6
times (X alone against two Y in each seat, then Y alone), --h2h 2 times (X alone, then Y alone, in
the deal's landlord seat: with --fixed-landlord each side alone as the landlord, the papers'
evaluation; the pair's head-to-head games at a third of the cost), --alone 3 times (X alone
against two Y in each seat: the pair's first half, as a championship seats an engine, never
beside its own copy; the measure of a bidder and of what X learns across a match).
--format seats|duplicate|pair|h2h|alone|team: the same formats by name; team takes two players (teams),
plays each deal at two tables with their seats swapped and scores by the team rule, reported per
turn of R deals (--turn, default 8).
--match-deals N: play the deals as matches of N, as the platform runs a match: each player
hosted afresh for a match (a program started, a built-in player made) and kept across its games,
INFO numbering the match as a turn and its deals as games, so a player learns the table as it
plays (bid=table); each match played in order by one table. Default: every built-in player fresh
each game, programs kept for the whole run.
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
--gauntlet CANDIDATE OPPONENT...: CANDIDATE against each opponent in --pair matches (--format h2h
or alone: those matches) over the same deals, then a line per opponent (head-to-head win% overall, as
landlord and as farmers, and points per deal, ±95% over deals, faults) and one for all of them.
ddz arena merge FILE...: the shards' --json logs (all N, each once, each finished) read back into
the report and RESULT line one run of all the deals prints (seconds: the shards' added up).
Recipes (--jobs defaults to all cores; the time each takes, quiet and loaded, is in
docs/arena.md, Recipes sized for two cores):
  ddz arena --games 100 --pair builtin:ddz:samples=16 builtin:rules --fixed-landlord
      screen a change to the thinking player: 600 games
  ddz arena --games 10 --pair builtin:ddz builtin:rules --fixed-landlord
      the engine as it plays (256 deals per decision): 60 games
  ddz arena --games 1000 --pair builtin:ddz:samples=16 builtin:greedy --sprt 0,20
      stops once decided (H1 after 37 deals)
  ddz arena --games 100 --pair \"/path/to/engine --flags\" builtin:ddz:samples=16
      another engine against ours
  ddz arena --games 2000 --pair builtin:rules builtin:greedy --fixed-landlord
      the rule player against the greedy one: 12,000 games";

/// Usage of `ddz arena`: its flags listed from [`ARENA_FLAGS`], the settings of `builtin:ddz`
/// from their registry.
pub(crate) fn usage() -> &'static str {
    let flags = entries(ARENA_FLAGS, EITHER);
    let head = format!("{}\n{}", synopsis("usage: ddz arena", flags), USAGE_HEAD);
    crate::tools::usage_with_settings(&head, false, USAGE_TAIL)
}

/// Usage of `ddz arena merge`.
pub(crate) const MERGE_USAGE: &str = "\
usage: ddz arena merge FILE...
Reads the JSON logs of all N shards of one run (ddz arena --shard K/N --json FILE, K = 1..N) and
prints the report and RESULT line that one run of all the deals prints. The shards must come from
the same settings, each once, each finished; seconds is their wall times added up.";

/// Runs `ddz arena`: its flags read into a [`MatchRequest`], checked into the match to run
/// (the rules of a valid match are the library's, [`crate::arena::request`]), then played.
pub(crate) fn run_arena(args: &[String]) -> anyhow::Result<()> {
    if args.first().map(String::as_str) == Some("merge") {
        return run_merge(&args[1..]);
    }
    let flags = read_flags(args)?;
    let mut request = flags.request;
    if let Some(path) = &flags.deals_file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading deals from {}", path.display()))?;
        let deals = parse_dat(&text).with_context(|| format!("deal file {}", path.display()))?;
        request.deal_file = Some(DealFile {
            name: path.display().to_string(),
            deals,
        });
    }
    let CheckedMatch { config, gauntlet } = CheckedMatch::try_from(request)?;
    // A spec whose later key replaced a limit plays it, and says so.
    let gauntlet_specs = gauntlet
        .iter()
        .flat_map(|g| g.opponents.iter().chain([&g.candidate]));
    for note in limit_notes(config.players.iter().chain(gauntlet_specs), None) {
        eprintln!("ddz arena: {}", note);
    }
    let shard = config.shard;
    // A shard may get no deals (more shards than deals, as a job array sized for the largest
    // run gives): it plays nothing and writes a finished empty log, which the merge needs.
    let empty_shard = shard.is_some() && config.deal_numbers().is_empty();
    if let Some(save_deals) = &flags.save_deals {
        let deals: Vec<_> = (0..config.deal_count()).map(|i| config.deal(i)).collect();
        std::fs::write(save_deals, write_dat(&deals))
            .with_context(|| format!("writing deals to {}", save_deals.display()))?;
    }
    let (json_file, transcripts, max_errors) = (flags.json, flags.transcripts, flags.max_errors);
    if let Some(gauntlet) = gauntlet {
        return run_gauntlet_cli(&config, &gauntlet, json_file.as_deref(), max_errors);
    }
    if let Some(dir) = &transcripts {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut json_out = json_file.as_deref().map(super::create).transpose()?;
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
    let shard_note = match shard {
        Some(s) => format!(", shard {}/{}", s.index, s.count),
        None => String::new(),
    };
    match print_summary(&config, &report, &(jobs_text(config.jobs) + &shard_note)) {
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

/// `ddz arena`'s command line read: the match asked for, and what the tool does around it.
struct ArenaFlags {
    /// The match, unchecked (its deal file is read after the flags).
    request: MatchRequest,
    /// `--deals FILE`.
    deals_file: Option<PathBuf>,
    /// `--save-deals FILE`.
    save_deals: Option<PathBuf>,
    /// `--json FILE`.
    json: Option<PathBuf>,
    /// `--transcripts DIR`.
    transcripts: Option<PathBuf>,
    /// `--max-errors N`.
    max_errors: Option<u64>,
}

/// `ddz arena`'s flags, declared once for its usage's synopsis (in this order) and its
/// reading; whether they make a match is [`CheckedMatch::try_from`]'s to say.
static ARENA_FLAGS: &[Flag<ArenaFlags>] = &[
    crate::flag!("games", "N", |a, w| {
        set(&mut a.request.games, Some(valid(&w[0])?))
    }),
    crate::flag!("seed", "S", |a, w| set(&mut a.request.seed, valid(&w[0])?)),
    crate::flag!("deals", "FILE", |a, w| {
        set(&mut a.deals_file, Some(w[0].clone().into()))
    }),
    crate::flag!("save-deals", "FILE", |a, w| {
        set(&mut a.save_deals, Some(w[0].clone().into()))
    }),
    crate::flag!("players", "P1 P2 P3", |a, w| {
        a.request.players.extend_from_slice(w);
        Ok(())
    }),
    crate::flag!("player", "P ...", |a, w| {
        a.request.players.push(w[0].clone());
        Ok(())
    }),
    crate::flag!("duplicate", "", |a, _| set(&mut a.request.duplicate, true)),
    crate::flag!("pair", "X Y", |a, w| pair(a, Format::Pair, w)),
    crate::flag!("h2h", "X Y", |a, w| pair(a, Format::H2h, w)),
    crate::flag!("alone", "X Y", |a, w| pair(a, Format::Alone, w)),
    crate::flag!("format", "F", |a, w| {
        set(&mut a.request.format, Some(w[0].parse::<Format>()?))
    }),
    crate::flag!("fixed-landlord", "", |a, _| {
        set(&mut a.request.rules.fixed_landlord, true)
    }),
    crate::flag!("time", "SECS", |a, w| {
        set(&mut a.request.time, Some(valid(&w[0])?))
    }),
    crate::flag!("jobs", "N", |a, w| set(&mut a.request.jobs, valid(&w[0])?)),
    crate::flag!("json", "FILE", |a, w| {
        set(&mut a.json, Some(w[0].clone().into()))
    }),
    crate::flag!("transcripts", "DIR", |a, w| {
        set(&mut a.transcripts, Some(w[0].clone().into()))
    }),
    crate::flag!("info6", "", |a, _| set(&mut a.request.rules.info6, true)),
    crate::flag!("no-handshake", "", |a, _| {
        set(&mut a.request.rules.no_handshake, true)
    }),
    crate::flag!("card-order", "asc|desc|random", |a, w| {
        a.request.rules.card_order = match w[0].as_str() {
            "asc" => CardOrder::Asc,
            "desc" => CardOrder::Desc,
            "random" => CardOrder::Random,
            other => return Err(format!("'{}' is not asc, desc or random", other).into()),
        };
        Ok(())
    }),
    crate::flag!("crlf", "", |a, _| set(&mut a.request.crlf, true)),
    crate::flag!("auto-pass", "", |a, _| {
        set(&mut a.request.rules.auto_pass, true)
    }),
    crate::flag!("bid-stop-at-3", "", |a, _| {
        set(&mut a.request.rules.bid_stop_at_3, true)
    }),
    crate::flag!("error-as-gameover", "", |a, _| {
        set(&mut a.request.rules.error_as_gameover, true)
    }),
    crate::flag!(
        "platform",
        "canonical|sample2015|icga2019|botzone",
        |a, w| {
            let platform = Platform::from_name(&w[0]).ok_or_else(|| {
                format!(
                    "'{}' is not canonical, sample2015, icga2019 or botzone",
                    w[0]
                )
            })?;
            a.request.rules.set_platform(platform);
            Ok(())
        },
    ),
    crate::flag!("scoring", "official|team", |a, w| {
        set(&mut a.request.rules.scoring, read_scoring(&w[0])?)
    }),
    crate::flag!("turn", "R", |a, w| {
        set(&mut a.request.turn, Some(valid(&w[0])?))
    }),
    crate::flag!("match-deals", "N", |a, w| {
        set(&mut a.request.match_deals, Some(valid(&w[0])?))
    }),
    crate::flag!("sprt", "MARGIN0,MARGIN1[,ALPHA,BETA]", |a, w| {
        set(&mut a.request.sprt, Some(SprtConfig::parse(&w[0])?))
    }),
    crate::flag!("progress", "", |a, _| set(&mut a.request.progress, true)),
    crate::flag!("no-progress", "", |a, _| {
        set(&mut a.request.progress, false)
    }),
    crate::flag!("show-stderr", "", |a, _| {
        set(&mut a.request.show_stderr, true)
    }),
    crate::flag!("max-errors", "N", |a, w| {
        set(&mut a.max_errors, Some(valid(&w[0])?))
    }),
    crate::flag!("threaded", "", |a, _| set(&mut a.request.threaded, true)),
    crate::flag!("shard", "K/N", |a, w| {
        set(&mut a.request.shard, Some(Shard::parse(&w[0])?))
    }),
    crate::flag!("gauntlet", "CANDIDATE OPPONENT...", |a, w| {
        set(&mut a.request.gauntlet, Some(w.to_vec()))
    }),
];

/// The flags of [`ARENA_FLAGS`] that the synopsis shows as another way to say the one before.
const EITHER: &[&str] = &["player", "pair", "h2h", "alone", "format", "no-progress"];

/// `--pair X Y`, `--h2h X Y` or `--alone X Y`: the two players, in `format`.
fn pair(flags: &mut ArenaFlags, format: Format, both: &[String]) -> Result<(), FlagRefusal> {
    match both {
        [x, y] => set(
            &mut flags.request.pair,
            Some((format, x.clone(), y.clone())),
        ),
        _ => Err("takes two players, X and Y".into()),
    }
}

/// Reads `ddz arena`'s flags ([`ARENA_FLAGS`]; `-n` is `--games`, `-j` is `--jobs`).
fn read_flags(args: &[String]) -> anyhow::Result<ArenaFlags> {
    let mut flags = ArenaFlags {
        request: MatchRequest {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            progress: is_terminal(Stream::Stderr),
            ..MatchRequest::default()
        },
        deals_file: None,
        save_deals: None,
        json: None,
        transcripts: None,
        max_errors: None,
    };
    let mut line = Args::new("arena", usage(), args);
    while let Some(arg) = line.next_arg()? {
        let name = match &arg {
            Arg::Flag(f) if f == "-n" => "--games",
            Arg::Flag(f) if f == "-j" => "--jobs",
            Arg::Flag(f) => f.as_str(),
            Arg::Word(_) => "",
        };
        if !line.read_flag(ARENA_FLAGS, name, &mut flags)? {
            return Err(line.unknown(&arg).into());
        }
    }
    flags.request.transcripts = flags.transcripts.is_some();
    Ok(flags)
}

/// Runs `ddz arena --gauntlet CANDIDATE OPPONENT...`: a `--pair` match against each opponent
/// (each report printed as it ends), then the gauntlet's table and its `RESULT` line.
fn run_gauntlet_cli(
    config: &ArenaConfig,
    gauntlet: &Gauntlet,
    json_file: Option<&std::path::Path>,
    max_errors: Option<u64>,
) -> anyhow::Result<()> {
    let (candidate, opponents) = (&gauntlet.candidate, &gauntlet.opponents);
    let mut json_out = json_file.map(super::create).transpose()?;
    let mut notes: Vec<FaultNotes> = opponents.iter().map(|_| FaultNotes::new(2)).collect();
    let names: Vec<Vec<String>> = opponents
        .iter()
        .map(|o| labels(&[candidate.clone(), o.clone()]))
        .collect();
    let progress = config.progress;
    let jobs = jobs_text(config.jobs);
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
        &mut |one, report| match print_summary(one, report, &jobs) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => Ok(other.context("writing the summary")?),
        },
    )?;
    if let Some(mut out) = json_out {
        out.flush().context("writing the JSON log")?;
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = write!(out, "{}", report.text()).and_then(|_| out.flush());
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
    let jobs = format!(
        "merged from {} shard{}",
        shards,
        if shards == 1 { "" } else { "s" }
    );
    match print_summary(&config, &report, &jobs) {
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
/// [`Report::unmeasured`]: crate::arena::count::report::Report::unmeasured
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
    fn tell(
        &mut self,
        game: &crate::arena::table::referee::GameRecord,
        names: &[String],
        bar: bool,
    ) {
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
                    e.kind,
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
    report: &crate::arena::count::report::Report,
    jobs: &str,
) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(match_text(config, report, jobs).as_bytes())?;
    out.flush()
}
