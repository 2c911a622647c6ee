//! `ddz replay FILE`: a finished game in human notation, from an arena JSON log (one game per
//! line), from a transcript (one seat's view) or from the engine's own log (one seat's view of
//! each game, with each decision's thinking when the log has it): the hands, the bids, each
//! trick, the result.

use crate::arena::wire::engine_log::{is_engine_log, EngineLog, LoggedGame};
use crate::arena::wire::json::{GameLine, LogLine};
use crate::arena::wire::transcript;
use crate::cli::{Arg, Args};
use crate::game::Seat;
use crate::play::narration::Narration;
use crate::web::thinking::{decision_title, narration_of};
use anyhow::{anyhow, bail, Context};

/// One seat's view of a game, from a transcript; of several games the last one.
fn from_transcript(text: &str) -> anyhow::Result<Narration> {
    let t = transcript::parse(text)?;
    Narration::of_transcript(&t).context("the transcript has no DEAL")
}

/// Usage of `ddz replay`.
pub(crate) const USAGE: &str = "\
usage: ddz replay FILE [--seat SEAT] [--game N] [--html OUT.html]
A finished game as people read it: every hand as dealt, the bids, each trick, the result and the
score. FILE is a JSON game log (ddz arena --json, ddz play --save), a transcript, or the engine's
own log (ddz.cfg's log = FILE, its lines tagged [PID SEAT]). --game N: only the Nth game of a
JSON log (default: every game), counted from 1: the game headed `== game N: deal D, seating S`
(D is the deal's number in the log, from 0, as ddz play --deal D and the arena count deals).
The engine's log holds one seat's view of each game and the engine's thinking at each decision:
--seat SEAT chooses the seat when the log holds several (three seats' processes share one log),
--game N its Nth game in the file (default: every game of the seat).
--html OUT.html: write the games as one page instead, which any browser opens from disk (nothing
is fetched): the table (a JSON log's hands all face up; a log's seat face up, the others face
down), stepped through with the buttons or the arrow keys, a list to choose the game and one to
jump to a trick, and beside the table the engine's thinking at each decision of a log; one line
says what was written.";

/// Runs `ddz replay FILE [--game N] [--html OUT]` (N counts the JSON log's games from 1;
/// default: every game in the file).
pub(crate) fn run_replay(args: &[String]) -> anyhow::Result<()> {
    let mut file = None;
    let mut game: Option<usize> = None;
    let mut seat: Option<Seat> = None;
    let mut html: Option<String> = None;
    let mut line = Args::new("replay", USAGE, args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Flag(f) if f == "--game" => {
                let n: usize = line.parse()?;
                if n == 0 {
                    bail!("--game counts from 1");
                }
                game = Some(n);
            }
            Arg::Flag(f) if f == "--seat" => seat = Some(line.value()?.parse::<Seat>()?),
            Arg::Flag(f) if f == "--html" => html = Some(line.value()?),
            Arg::Word(w) if file.is_none() => file = Some(w),
            other => return Err(line.unknown(&other).into()),
        }
    }
    let file = file.context("usage: ddz replay FILE [--seat SEAT] [--game N] [--html OUT.html]")?;
    let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file))?;
    let from_log = is_engine_log(&text);
    if seat.is_some() && !from_log {
        bail!(
            "--seat chooses a seat of the engine's log (tagged lines); {} is none",
            file
        );
    }
    match html {
        None if from_log => print!("{}", log_text(&text, seat, game, &file)?),
        None => print!("{}", replay_text(&text, game)?),
        Some(out) => {
            let (page, games) = if from_log {
                log_html(&text, seat, game, &file)?
            } else {
                replay_html(&text, game, &file)?
            };
            std::fs::write(&out, page).with_context(|| format!("writing {}", out))?;
            // One line, so a run that succeeded says so and where to look.
            println!(
                "wrote {}: {} game{} of {}; open it in a browser",
                out,
                games,
                if games == 1 { "" } else { "s" },
                file
            );
        }
    }
    Ok(())
}

/// The replay page ([`crate::web::replay_page`]) of the games of a JSON log, `game` picking one
/// (from 1), and how many games it holds; `source` names the log on the page.
pub(crate) fn replay_html(
    text: &str,
    game: Option<usize>,
    source: &str,
) -> anyhow::Result<(String, usize)> {
    if !text.trim_start().starts_with('{') {
        bail!(
            "--html needs a JSON game log (ddz arena --json, ddz play --save): a transcript \
             holds one seat's view, without the others' hands"
        );
    }
    let games = log_games(text)?;
    let picked: Vec<(usize, &GameLine)> = games
        .iter()
        .enumerate()
        .map(|(i, g)| (i + 1, g))
        .filter(|(n, _)| game.map_or(true, |g| g == *n))
        .collect();
    if picked.is_empty() && game.is_some() {
        bail!(
            "no game {} in the log ({} games)",
            game.unwrap_or(0),
            games.len()
        );
    }
    Ok((crate::web::replay_page::page(&picked, source), picked.len()))
}

/// The games of an engine's log chosen by `seat` (needed when it holds several) and `game` (a
/// number among the seat's; default every game of the seat).
fn logged_games<'a>(
    log: &'a EngineLog,
    seat: Option<Seat>,
    game: Option<usize>,
    file: &str,
) -> anyhow::Result<Vec<&'a LoggedGame>> {
    let named = |e| anyhow!("{}: {}", file, e);
    match game {
        Some(_) => Ok(vec![log.game(seat, game).map_err(named)?]),
        None => {
            let seat = log.seat(seat).map_err(named)?;
            Ok(log.games_of(seat).collect())
        }
    }
}

/// The games of an engine's log for people, each followed by the engine's thinking at its
/// decisions (the log's notes, `explain = on`).
pub(crate) fn log_text(
    text: &str,
    seat: Option<Seat>,
    game: Option<usize>,
    file: &str,
) -> anyhow::Result<String> {
    let log = EngineLog::read(text);
    if !log.untagged.is_empty() {
        eprintln!(
            "ddz replay: {}: {} line(s) without a [PID SEAT] tag skipped (the first: line {})",
            file,
            log.untagged.len(),
            log.untagged[0]
        );
    }
    let mut out = String::new();
    for g in logged_games(&log, seat, game, file)? {
        let narration = match narration_of(g) {
            Some(n) => n,
            None => continue,
        };
        out.push_str(&narration.text());
        let decisions = g.decisions();
        if !decisions.is_empty() {
            out.push_str(&format!("{}'s thinking (the engine's notes):\n", g.seat));
        }
        for (line, decided, note) in decisions {
            let described = note.describe();
            out.push_str(&format!(
                "  {} (line {}): {}\n",
                decision_title(decided, &narration),
                line,
                described.first().map_or("", String::as_str)
            ));
            for rest in described.iter().skip(1) {
                out.push_str(&format!("  {}\n", rest));
            }
        }
        out.push('\n');
    }
    Ok(out)
}

/// The replay page of an engine's log's games (chosen as [`log_text`] chooses them), with the
/// engine's thinking beside the table, and how many games it holds.
pub(crate) fn log_html(
    text: &str,
    seat: Option<Seat>,
    game: Option<usize>,
    file: &str,
) -> anyhow::Result<(String, usize)> {
    let log = EngineLog::read(text);
    let games = logged_games(&log, seat, game, file)?;
    Ok((crate::web::thinking::log_page(&games, file), games.len()))
}

/// The games of a JSON log, in order (a shard's first and last lines are no game).
fn log_games(text: &str) -> anyhow::Result<Vec<GameLine>> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let read = LogLine::read(line).map_err(|e| anyhow::anyhow!("line {}: {}", n + 1, e))?;
        match read {
            LogLine::Game(g) => games.push(*g),
            LogLine::Header { .. } | LogLine::End { .. } => {}
        }
    }
    Ok(games)
}

/// The human account of the games in `text` (a JSON log or a transcript); `game` picks one
/// game of a JSON log, counted from 1. Each game of a log is headed `== game N: deal D,
/// seating S`: N is what `--game` counts, D the deal's number in the log (from 0).
pub(crate) fn replay_text(text: &str, game: Option<usize>) -> anyhow::Result<String> {
    if text.trim_start().starts_with('{') {
        let mut out = String::new();
        let games = log_games(text)?;
        for (n, g) in games.iter().enumerate() {
            if game.map_or(false, |g| g != n + 1) {
                continue;
            }
            let mut view = Narration::of_line(g);
            // The number `--game` picks it by, beside the deal's own (from 0, as in the log).
            view.title = format!("game {}: {}", n + 1, view.title);
            out.push_str(&view.text());
            out.push('\n');
        }
        if out.is_empty() {
            bail!(
                "no game {} in the log ({} games)",
                game.unwrap_or(0),
                games.len()
            );
        }
        Ok(out)
    } else {
        Ok(from_transcript(text)?.text())
    }
}
