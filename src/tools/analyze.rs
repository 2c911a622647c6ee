//! `ddz analyze`: what the thinking player sees in one decision — every candidate play with its
//! expected score, win rate, deals and confidence interval, and the play chosen.
//!
//! ```text
//! ddz analyze --transcript FILE --at N            [SETTINGS] [--scoring R]
//! ddz analyze --transcript ddz.log [--seat S] [--game G] --at N   [SETTINGS] [--scoring R]
//! ddz analyze A=HAND B=HAND C=HAND --landlord SEAT --seat SEAT [--turn SEAT]
//!             [--beat PLAY --by SEAT]             [SETTINGS] [--scoring R]
//! ```
//! SETTINGS are the thinking player's, as the engine's flags spell them (`--think S`,
//! `--samples N`, `--infer on|off`, `--stick Z`, ...).
//! From a transcript (the fixtures' format, one seat's view), the messages before the `N`th are
//! replayed into a tracker, the seat's own recorded answers included; message `N` (counting the
//! platform's `>` lines from 1, not the comments nor the answers) must be a `BID WHAT` or
//! `PLAY WHAT`, and an `N` that is not one is refused with the list of those that are. The
//! engine's own log (`log = FILE`: tagged lines, three seats, many games) is read as written:
//! `--seat` and `--game` choose one game ([`EngineLog`]), `N` counts its `>` lines from its
//! `DEAL`, and the engine's note of that decision (`explain = on`) is shown after the analysis.
//! From a position (the syntax of `ddz solve`), `--seat` says whose
//! view it is: that seat knows its own hand and the others' card counts; the cards in no hand
//! count as played.

use super::position_line::{view_of, PositionLine};
use crate::arena::wire::engine_log::{is_engine_log, EngineLog};
use crate::arena::wire::transcript::{Step, Transcript};
use crate::cli::{Arg, Args};
use crate::engine::config::read_scoring;
use crate::engine::seen_ending;
use crate::game::{GameState, Scoring, Seat};
use crate::protocol::message::question;
use crate::protocol::Command;
use crate::registry::{entries, set, synopsis, valid, Flag};
use crate::strategy::thinker::{player_setting_names, Aim, Bidder, Thinker, ThinkerSettings};
use crate::strategy::{Ending, Strategy};
use crate::time::{Deadline, GivenLimit, TimeControl};
use anyhow::{anyhow, bail, Context};
use std::time::Instant;

/// `ddz analyze`'s own flags (beside the position's, `ddz solve`'s, and the thinking player's
/// settings), declared once for its usage's synopsis and its reading.
static ANALYZE_FLAGS: &[Flag<Asked>] = &[
    crate::flag!("transcript", "FILE", |asked, w| {
        set(&mut asked.transcript, Some(w[0].clone()))
    }),
    // Read with the transcript: a bad number is answered with the valid ones.
    crate::flag!("at", "N", |asked, w| set(&mut asked.at, Some(w[0].clone()))),
    crate::flag!("seat", "SEAT", |asked, w| {
        set(&mut asked.seat, Some(w[0].parse()?))
    }),
    crate::flag!("game", "G", |asked, w| match valid(&w[0])? {
        0 => Err("counts from 1".into()),
        n => set(&mut asked.game, Some(n)),
    }),
    crate::flag!("scoring", "official|team", |asked, w| {
        set(&mut asked.scoring, read_scoring(&w[0])?)
    }),
];

/// What `ddz analyze` is asked, as [`ANALYZE_FLAGS`] read it.
struct Asked {
    transcript: Option<String>,
    at: Option<String>,
    seat: Option<Seat>,
    game: Option<usize>,
    scoring: Scoring,
}

/// Usage of `ddz analyze` after its first form's synopsis, before the settings' list.
const USAGE_HEAD: &str = "       ddz analyze A=HAND B=HAND C=HAND --landlord SEAT --seat SEAT [--turn SEAT] [--beat PLAY --by SEAT]
                   [SETTINGS] [--scoring official|team]
N counts the messages the platform sends (the transcript's `>` lines, from 1; comments and the
engine's `<` answers are not counted) and must be a BID WHAT or PLAY WHAT: without --at, or with
one that is not a question, the transcript's questions are listed. FILE may be the engine's own
log (ddz.cfg's log = FILE, every line tagged [PID SEAT]): --seat and --game G (the seat's games
counted from 1, in the file's order) choose one game when it holds several, N counts that
game's > lines from its DEAL, and the engine's note of the decision is shown after the analysis.
SETTINGS are the thinking player's, as the engine's flags spell them:";

/// Usage of `ddz analyze`, after the settings' list.
const USAGE_TAIL: &str =
    "The column `net` is the play network's mean value of the candidate on 64 deals of its own.";

/// Usage of `ddz analyze`: its flags listed from [`ANALYZE_FLAGS`] (the transcript, first,
/// is what the form reads: no brackets), the settings from their registry.
pub(crate) fn usage() -> &'static str {
    let mut flags = entries(ANALYZE_FLAGS, &[]);
    flags[0] = flags[0].trim_matches(|c| c == '[' || c == ']').to_string();
    flags.push("[SETTINGS]".to_string());
    let head = format!("{}\n{}", synopsis("usage: ddz analyze", flags), USAGE_HEAD);
    crate::tools::usage_with_settings(&head, true, USAGE_TAIL)
}

/// Deals on which the play network judges each candidate (its column `net`: the mean over
/// them, our side's points).
const NET_DEALS: u32 = 64;

/// Runs `ddz analyze`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let usage = usage();
    let (settings, asked, position) = read_args(usage, args)?;
    let (seat, game, scoring) = (asked.seat, asked.game, asked.scoring);
    let transcript_path = asked.transcript.clone();
    let (mut state, question, logged) = match (asked.transcript, asked.at) {
        (Some(path), at) => {
            if !position.is_empty() {
                bail!("give a transcript or a position, not both\n{}", usage);
            }
            from_transcript(&path, at.as_deref(), seat, game)?
        }
        (None, Some(_)) => bail!("--at goes with --transcript"),
        (None, None) => {
            if position.is_empty() {
                bail!("{}", usage);
            }
            if game.is_some() {
                bail!("--game goes with --transcript");
            }
            let seat = seat.ok_or_else(|| anyhow!("--seat is missing: whose view?\n{}", usage))?;
            (from_position(&position, seat)?, Question::Play, None)
        }
    };
    state.scoring = scoring;
    // The engine's time control at the default limit: the deadlines the engine would have.
    let start = Instant::now();
    let deadline = TimeControl::default().deadline(start);
    let mut thinker = Thinker::new(settings);
    print_view(&state);
    // What the engine had learned of the match: the seat's earlier games in the log.
    if thinker.learns_from_games() {
        let mut shown = 0;
        if let Some(path) = &transcript_path {
            for (state, ending) in earlier_endings(path, seat, game)? {
                thinker.game_over(&state, &ending);
                shown += 1;
            }
        }
        if question == Question::Bid {
            println!(
                "the table, from {} earlier game{} of this seat's process: {}",
                shown,
                if shown == 1 { "" } else { "s" },
                thinker.table_text()
            );
        }
    }
    match question {
        Question::Bid => answer_bid(&mut thinker, &state, deadline),
        Question::Play => answer_play(&mut thinker, &state, deadline),
    }
    println!("time: {:.3} s", start.elapsed().as_secs_f64());
    for line in logged.into_iter().flatten() {
        println!("{}", line);
    }
    Ok(())
}

/// `ddz analyze`'s command line: the thinking player's settings (a limit given after another
/// noted on stderr), what is asked, and the position when one is given in `ddz solve`'s
/// syntax.
fn read_args(
    usage: &'static str,
    args: &[String],
) -> anyhow::Result<(ThinkerSettings, Asked, PositionLine)> {
    let mut settings = ThinkerSettings::default();
    let mut limits = GivenLimit::default();
    let mut asked = Asked {
        transcript: None,
        at: None,
        seat: None,
        game: None,
        scoring: Scoring::Official,
    };
    let mut position = PositionLine::default();
    let mut line = Args::new("analyze", usage, args);
    while let Some(arg) = line.next_arg()? {
        // The position, in the syntax of `ddz solve`.
        if position.take(&arg, &mut line)? {
            continue;
        }
        let flag = match &arg {
            Arg::Flag(f) => f.clone(),
            Arg::Word(_) => return Err(line.unknown(&arg).into()),
        };
        if line.read_flag(ANALYZE_FLAGS, &flag, &mut asked)? {
            continue;
        }
        // The thinking player's settings, as the engine's flags spell them.
        match flag.strip_prefix("--") {
            Some(key) if player_setting_names().any(|name| name == key) => {
                let v = line.value()?;
                settings
                    .set(key, &v)
                    .map_err(|e| anyhow!("{}: {}", flag, e))?;
                limits.follow(settings.limit, &format!("{} {}", flag, v));
            }
            _ => return Err(line.unknown(&arg).into()),
        }
    }
    // A limit given after another plays, and says so.
    for note in &limits.notes {
        eprintln!("ddz analyze: {}", note);
    }
    Ok((settings, asked, position))
}

/// A bid: the bid network's view, and the bid chosen.
fn answer_bid(thinker: &mut Thinker, state: &GameState, deadline: Deadline) {
    let net = thinker.net_bid(state);
    let whose = if thinker.settings().bidder == Bidder::Table {
        "the bid network at this table"
    } else {
        "the bid network"
    };
    println!(
        "{}: as landlord at base 1 {:+.1} (win {:.1}%), passing {:+.1}; bid {} at margin {}",
        whose,
        net.value,
        100.0 * net.win_chance,
        net.pass,
        net.bid,
        thinker.settings().bid_margin
    );
    let chosen = Strategy::bid(thinker, state, deadline);
    let by = match thinker.settings().bidder {
        Bidder::Value => "the value thresholds",
        Bidder::Net => "the bid network",
        Bidder::Table => "the bid network at this table",
    };
    println!(
        "chosen: bid {} (by {}; the bid network's: bid {})",
        chosen, by, net.bid
    );
}

/// A play: each candidate's figures, the search's and the play network's, and the play
/// chosen.
fn answer_play(thinker: &mut Thinker, state: &GameState, deadline: Deadline) {
    let a = thinker.analyze(state, deadline);
    // The play network's value of each candidate on deals of its own (so the search's
    // figures are the engine's, untouched), beside the search's.
    let plays: Vec<_> = a.candidates.iter().map(|c| c.play).collect();
    let net = thinker.net_means(state, &plays, NET_DEALS);
    if state.my_role().map(|r| thinker.settings().judge(r).aim) == Some(Aim::Wins) {
        println!("aim: wins (a deal is a plain stake won or lost; the net by its win head)");
    }
    println!(
        "{:<16} {:>9} {:>8} {:>6} {:>6} {:>9}",
        "play", "mean", "±95%", "win%", "deals", "net"
    );
    for (c, n) in a.candidates.iter().zip(&net) {
        println!(
            "{:<16} {:>+9.1} {:>8.1} {:>6.1} {:>6} {:>+9.1}",
            c.play.to_string(),
            c.mean,
            c.ci95,
            100.0 * c.win_rate,
            c.deals,
            n
        );
    }
    // Whose choice the search started from and keeps unless another is clearly better.
    let prior = "the rule player's";
    println!("chosen: {} ({}: {})", a.chosen, prior, a.policy_choice);
    // The best mean among the candidates still in play at the end (a dropped one's
    // mean stands on fewer deals), when it is better than the rule player's choice.
    let chosen_mean = a
        .candidates
        .iter()
        .find(|c| c.play == a.chosen)
        .map(|c| c.mean);
    let top = a
        .candidates
        .iter()
        .find(|c| c.deals == a.deals && chosen_mean.map_or(false, |m| c.mean > m));
    if let Some(top) = top {
        if a.chosen == a.policy_choice {
            println!(
                "kept: {} has the best mean but leads {} choice by at most {} standard error(s)",
                top.play,
                prior,
                thinker.settings().stick
            );
        }
    }
    println!("deals: {}", a.deals);
    println!("stopped: {}", a.stopped);
}

/// What is asked of the seat.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Question {
    Bid,
    Play,
}

/// Message numbers listed per question kind at most, so a long log's list stays readable.
const QUESTIONS_LISTED: usize = 24;

/// The questions of a transcript by kind, as `--at` numbers them (its messages from 1):
/// `BID WHAT at 5; PLAY WHAT at 8, 11 (in FILE, counting its > lines from 1)`.
fn questions(path: &str, steps: &[Step]) -> String {
    let at = |asked: &Command| -> Vec<usize> {
        steps
            .iter()
            .enumerate()
            .filter(|(_, step)| asked_in(&step.send).as_ref() == Some(asked))
            .map(|(i, _)| i + 1)
            .collect()
    };
    let mut kinds = Vec::new();
    for (name, asked) in [
        ("BID WHAT", Command::BidWhat),
        ("PLAY WHAT", Command::PlayWhat),
    ] {
        let numbers = at(&asked);
        let listed: Vec<String> = numbers
            .iter()
            .take(QUESTIONS_LISTED)
            .map(usize::to_string)
            .collect();
        let more = match numbers.len().checked_sub(QUESTIONS_LISTED) {
            Some(rest) if rest > 0 => format!(
                ", … ({} more, the last {})",
                rest,
                numbers[numbers.len() - 1]
            ),
            _ => String::new(),
        };
        if !listed.is_empty() {
            kinds.push(format!("{} at {}{}", name, listed.join(", "), more));
        }
    }
    if kinds.is_empty() {
        format!("{} asks nothing: it has no BID WHAT or PLAY WHAT", path)
    } else {
        format!(
            "the questions in {} (its > lines counted from 1): {}",
            path,
            kinds.join("; ")
        )
    }
}

/// The question a message asks, read as the engine reads it: `BID WHAT` or `PLAY WHAT`, with
/// whatever follows it.
fn asked_in(send: &str) -> Option<Command> {
    match Command::parse(send) {
        Ok(c @ (Command::BidWhat | Command::PlayWhat)) => Some(c),
        Ok(_) => None,
        Err(_) => question(send).map(|(c, _)| c),
    }
}

/// The seat's state at message `at` of a transcript, or of one game of an engine's log
/// (`seat`, `game`), which must be a question to it; a missing or wrong `at` is refused with
/// the questions there are. With the log, the engine's note of that decision for people.
fn from_transcript(
    path: &str,
    at: Option<&str>,
    seat: Option<Seat>,
    game: Option<usize>,
) -> anyhow::Result<(GameState, Question, Option<Vec<String>>)> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path))?;
    let log;
    let parsed;
    let (transcript, logged, name): (&Transcript, _, String) = if is_engine_log(&text) {
        log = EngineLog::read(&text);
        let chosen = log
            .game(seat, game)
            .map_err(|e| anyhow!("{}: {}", path, e))?;
        let name = format!("{}, {}", path, chosen.title());
        (&chosen.transcript, Some(chosen), name)
    } else {
        if seat.is_some() || game.is_some() {
            bail!(
                "{}: --seat and --game choose a game of the engine's log (tagged lines); \
                 this is a transcript of one game",
                path
            );
        }
        parsed =
            crate::arena::wire::transcript::parse(&text).map_err(|e| anyhow!("{}: {}", path, e))?;
        (&parsed, None, path.to_string())
    };
    let path = name.as_str();
    let steps = &transcript.steps;
    let at = match at {
        Some(at) => at,
        None => bail!(
            "--transcript needs --at N, the number of the message to stop at\n{}",
            questions(path, steps)
        ),
    };
    let n = match at.parse::<usize>() {
        Ok(n) if n >= 1 => n,
        _ => bail!(
            "--at takes a message number (1 for the first message sent), not '{}'\n{}",
            at,
            questions(path, steps)
        ),
    };
    if n > steps.len() {
        bail!(
            "{} has {} messages; --at {} is past its end\n{}",
            path,
            steps.len(),
            n,
            questions(path, steps)
        );
    }
    let (state, problems) = transcript.state_before(n - 1);
    let last = &steps[n - 1];
    let question = match asked_in(&last.send) {
        Some(Command::BidWhat) => Question::Bid,
        Some(_) => Question::Play,
        None => bail!(
            "message {} ('{}', line {}) is not BID WHAT or PLAY WHAT\n{}",
            n,
            last.send.trim(),
            last.line,
            questions(path, steps)
        ),
    };
    let state = state.ok_or_else(|| anyhow!("no DEAL before message {}", n))?;
    for p in problems {
        eprintln!("ddz analyze: {}", p);
    }
    let note = logged.and_then(|g| g.note_at(n - 1)).map(|(line, note)| {
        let mut lines = vec![format!("the engine's note in the log (line {}):", line)];
        lines.extend(note.describe().into_iter().map(|l| format!("  {}", l)));
        lines
    });
    Ok((state, question, note))
}

/// How the games before game `game` of `seat` in the engine log `path` ended, those the
/// engine saw end ([`seen_ending`]), from the same process (the same match): what `bid = table`
/// had learned when it bid. A plain transcript (one game) has none.
fn earlier_endings(
    path: &str,
    seat: Option<Seat>,
    game: Option<usize>,
) -> anyhow::Result<Vec<(GameState, Ending)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path))?;
    if !is_engine_log(&text) {
        return Ok(Vec::new());
    }
    let log = EngineLog::read(&text);
    let chosen = log
        .game(seat, game)
        .map_err(|e| anyhow!("{}: {}", path, e))?;
    let mut endings = Vec::new();
    for g in log.games_of(chosen.seat) {
        if g.process != chosen.process || g.number >= chosen.number {
            continue;
        }
        let steps = &g.transcript.steps;
        let gameover = steps
            .iter()
            .rev()
            .find_map(|s| match Command::parse(&s.send) {
                Ok(Command::GameOver { winner }) => Some(winner),
                _ => None,
            });
        let (state, _) = g.transcript.state_before(steps.len());
        let ending = state
            .as_ref()
            .and_then(|s| seen_ending(s, gameover.flatten()));
        if let (Some(state), Some(ending)) = (state, ending) {
            endings.push((state, ending));
        }
    }
    Ok(endings)
}

/// The view of `seat` in a position given in the syntax of `ddz solve`.
fn from_position(line: &PositionLine, seat: Seat) -> anyhow::Result<GameState> {
    let position = line.position()?;
    Ok(view_of(&position, seat)?)
}

fn print_view(state: &GameState) {
    let role = match state.landlord {
        Some(l) if l == state.me => "landlord",
        Some(_) => "farmer",
        None => "bidding",
    };
    println!("seat {} ({}), hand {}", state.me, role, state.hand);
    let counts: Vec<String> = Seat::ALL
        .iter()
        .map(|&s| format!("{} {}", s, state.cards_left[s]))
        .collect();
    println!("cards left: {}", counts.join(", "));
    if let Some((by, c)) = state.last {
        println!("to beat: {} by {}", c, by);
    }
}
