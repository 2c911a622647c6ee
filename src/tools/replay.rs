//! `ddz replay FILE`: a finished game in human notation, from an arena JSON log (one game per
//! line) or from a transcript (one seat's view): the hands, the bids, each trick, the result.

use crate::arena::json::{GameLine, LogLine};
use crate::arena::transcript;
use crate::cards::Cards;
use crate::cli::{Arg, Args};
use crate::game::{trick_numbers, Outcome, Seat, Shown};
use crate::protocol::{Command, Reply};
use anyhow::{bail, Context};
use std::fmt::Write;

/// A game as far as the file tells it.
#[derive(Default)]
struct View {
    title: String,
    players: [String; 3],
    hands: [Option<Cards>; 3],
    bottom: Option<Cards>,
    bids: Vec<(Seat, u8)>,
    landlord: Option<Seat>,
    base: Option<u8>,
    plays: Vec<(Seat, Option<Cards>)>,
    winner: Option<Seat>,
    multiplier: Option<i64>,
    scores: Option<[i64; 3]>,
    errors: Vec<String>,
}

/// A game line of a log as the replay shows it.
fn from_line(g: &GameLine) -> View {
    View {
        title: format!("deal {}, seating {}", g.deal, g.seating),
        players: g.players.clone(),
        hands: Seat::ALL.map(|s| Some(g.hands.hands[s])),
        bottom: Some(g.hands.bottom),
        bids: g.bids.clone(),
        landlord: g.landlord,
        base: Some(g.base),
        plays: g.plays.clone(),
        winner: g.winner,
        multiplier: Some(i64::from(g.multiplier)),
        scores: Some(g.scores.map(i64::from)),
        errors: g
            .errors
            .iter()
            .map(|e| {
                format!(
                    "{} {}: {}{}",
                    e.seat,
                    e.kind.name(),
                    e.detail,
                    if e.scored {
                        ""
                    } else {
                        " (after the end; no score change)"
                    }
                )
            })
            .collect(),
    }
}

/// One seat's view of a game, from a transcript read by [`transcript::parse`]; of several
/// games (several `DEAL`s) the last one.
fn from_transcript(text: &str) -> anyhow::Result<View> {
    let t = transcript::parse(text).map_err(anyhow::Error::msg)?;
    let mut view = View::default();
    let mut me: Option<Seat> = None;
    let mut notes = t.notes.iter().peekable();
    // A comment: part of the title, and a fault when it says an answer is missing.
    let note = |view: &mut View, me: Option<Seat>, text: &str| {
        if text.starts_with("no answer") {
            view.errors
                .push(format!("{}: {}", me.map_or('?', Seat::letter), text));
        }
    };
    for step in &t.steps {
        while let Some(n) = notes.next_if(|n| n.line < step.line) {
            note(&mut view, me, &n.text);
        }
        match Command::parse(&step.send) {
            Ok(Command::Deal { seat, cards }) => {
                // A new DEAL starts a new game: keep only the last one.
                view = View::default();
                me = Some(seat);
                view.hands[seat.index()] = Some(cards);
                view.players[seat.index()] = "(this transcript)".to_string();
            }
            Ok(Command::Bid { seat, bid }) => view.bids.push((seat, bid)),
            Ok(Command::Leftover { landlord, cards }) => {
                view.landlord = Some(landlord);
                view.bottom = Some(cards);
                view.base = Some(view.bids.iter().map(|b| b.1).max().unwrap_or(1).max(1));
            }
            Ok(Command::Play { seat, cards }) => view.plays.push((seat, cards)),
            Ok(Command::GameOver { winner }) => view.winner = winner,
            Ok(Command::Error { seat, .. }) => view.errors.push(format!(
                "{} erred (ERROR sent)",
                seat.map_or('?', Seat::letter)
            )),
            _ => {}
        }
        match step.expect.as_deref().map(Reply::parse) {
            Some(Ok(Reply::Bid { seat, bid })) => view.bids.push((seat, bid)),
            Some(Ok(Reply::Play { seat, cards })) => view.plays.push((seat, cards)),
            _ => {}
        }
    }
    for n in notes {
        note(&mut view, me, &n.text);
    }
    if me.is_none() {
        bail!("the transcript has no DEAL");
    }
    view.title = t
        .notes
        .iter()
        .map(|n| n.text.as_str())
        .filter(|c| !c.starts_with("time:") && !c.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    Ok(view)
}

fn show(cards: Option<Cards>) -> String {
    match cards {
        Some(c) if !c.is_empty() => c.to_string(),
        Some(_) => "-".to_string(),
        None => "pass".to_string(),
    }
}

fn render(view: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "== {}", view.title);
    for seat in Seat::ALL {
        let i = seat.index();
        let role = match view.landlord {
            Some(l) if l == seat => "landlord",
            Some(_) => "farmer",
            None => "",
        };
        let hand = match view.hands[i] {
            Some(h) => h.to_string(),
            None => "(unseen)".to_string(),
        };
        let _ = writeln!(
            out,
            "{}  {:<8} {:<20} {}",
            seat, role, hand, view.players[i]
        );
    }
    if let Some(b) = view.bottom {
        let _ = writeln!(out, "bottom       {}", b);
    }
    if !view.bids.is_empty() {
        let bids: Vec<String> = view
            .bids
            .iter()
            .map(|(s, b)| format!("{} {}", s, b))
            .collect();
        let _ = write!(out, "bids: {}", bids.join(", "));
        match view.landlord {
            Some(l) => {
                let _ = writeln!(out, "  -> landlord {}, base {}", l, view.base.unwrap_or(1));
            }
            None => {
                let _ = writeln!(out);
            }
        }
    } else if let Some(l) = view.landlord {
        let _ = writeln!(
            out,
            "no bidding: landlord {}, base {}",
            l,
            view.base.unwrap_or(1)
        );
    }
    if view.landlord.is_none() && view.errors.is_empty() {
        let _ = writeln!(out, "nobody bid: no score");
    }
    // One line per trick (game::tricks says where each starts).
    let mut left: [Option<usize>; 3] = [None; 3];
    for seat in Seat::ALL {
        left[seat.index()] = view.hands[seat.index()]
            .map(|h| h.len() + if view.landlord == Some(seat) { 3 } else { 0 });
    }
    let tricks = trick_numbers(view.plays.iter().map(|(_, cards)| cards.is_none()));
    let mut line = String::new();
    for (i, (seat, cards)) in view.plays.iter().enumerate() {
        if i == 0 || tricks[i] != tricks[i - 1] {
            if !line.is_empty() {
                let _ = writeln!(out, "{}", line);
            }
            line = format!("{:>3}.", tricks[i] + 1);
        }
        if let (Some(c), Some(n)) = (cards, left[seat.index()].as_mut()) {
            *n = n.saturating_sub(c.len());
        }
        let _ = write!(line, "  {} {}", seat, show(*cards));
        if let (Some(c), Some(n)) = (cards, left[seat.index()]) {
            if n <= 2 && !c.is_empty() {
                let _ = write!(line, " ({} left)", n);
            }
        }
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{}", line);
    }
    for e in &view.errors {
        let _ = writeln!(out, "fault: {}", e);
    }
    if let (Some(w), Some(l)) = (view.winner, view.landlord) {
        let side = if w == l {
            "the landlord wins"
        } else {
            "the farmers win"
        };
        let _ = write!(out, "{} emptied its hand: {}", w, side);
        if let Some(m) = view.multiplier {
            // The recorded multiplier, with what made it read from the plays.
            let outcome = Outcome::of_plays(l, view.base.unwrap_or(1), w, &view.plays);
            let shown = Shown {
                value: m,
                ..outcome.shown()
            };
            let _ = write!(out, ", multiplier {}", shown);
        }
        let _ = writeln!(out);
    }
    if let Some(s) = view.scores {
        let _ = writeln!(out, "score: A {}  B {}  C {}", s[0], s[1], s[2]);
    }
    out
}

/// Usage of `ddz replay`.
pub const USAGE: &str = "\
usage: ddz replay FILE [--game N] [--html OUT.html]
A finished game as people read it: every hand as dealt, the bids, each trick, the result and the
score. FILE is a JSON game log (ddz arena --json, ddz play --save) or a transcript. --game N:
only the Nth game of a JSON log, counted from 1: the game headed `== game N: deal D, seating S`
(D is the deal's number in the log, from 0, as ddz play --deal D and the arena count deals);
default: every game.
--html OUT.html: write the games of a JSON log as one page instead, which any browser opens from
disk (nothing is fetched): the table with every hand face up, stepped through with the buttons
or the arrow keys, a list to choose the game and one to jump to a trick.";

/// Runs `ddz replay FILE [--game N] [--html OUT]` (N counts the JSON log's games from 1;
/// default: every game in the file).
pub fn run_replay(args: &[String]) -> anyhow::Result<()> {
    let mut file = None;
    let mut game: Option<usize> = None;
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
            Arg::Flag(f) if f == "--html" => html = Some(line.value()?),
            Arg::Word(w) if file.is_none() => file = Some(w),
            other => return Err(line.unknown(&other)),
        }
    }
    let file = file.context("usage: ddz replay FILE [--game N] [--html OUT.html]")?;
    let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file))?;
    match html {
        None => print!("{}", replay_text(&text, game)?),
        Some(out) => {
            let page = replay_html(&text, game, &file)?;
            std::fs::write(&out, page).with_context(|| format!("writing {}", out))?;
        }
    }
    Ok(())
}

/// The replay page ([`crate::web::replay`]) of the games of a JSON log, `game` picking one
/// (from 1); `source` names the log on the page.
pub fn replay_html(text: &str, game: Option<usize>, source: &str) -> anyhow::Result<String> {
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
    Ok(crate::web::replay::page(&picked, source))
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

/// One game of a log as people read it (the account `ddz play` shows after a game).
#[must_use]
pub fn replay_game(g: &GameLine) -> String {
    render(&from_line(g))
}

/// The human account of the games in `text` (a JSON log or a transcript); `game` picks one
/// game of a JSON log, counted from 1. Each game of a log is headed `== game N: deal D,
/// seating S`: N is what `--game` counts, D the deal's number in the log (from 0).
pub fn replay_text(text: &str, game: Option<usize>) -> anyhow::Result<String> {
    if text.trim_start().starts_with('{') {
        let mut out = String::new();
        let games = log_games(text)?;
        for (n, g) in games.iter().enumerate() {
            if game.map_or(false, |g| g != n + 1) {
                continue;
            }
            let mut view = from_line(g);
            // The number `--game` picks it by, beside the deal's own (from 0, as in the log).
            view.title = format!("game {}: {}", n + 1, view.title);
            out.push_str(&render(&view));
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
        Ok(render(&from_transcript(text)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_result_line_says_what_made_the_multiplier() {
        let cards = |text: &str| Some(Cards::parse_any(text).unwrap());
        // Landlord A leads once; B bombs and goes out: 1 bomb and an anti-spring.
        let view = View {
            landlord: Some(Seat::A),
            base: Some(2),
            plays: vec![
                (Seat::A, cards("3")),
                (Seat::B, cards("4444")),
                (Seat::C, None),
                (Seat::A, None),
                (Seat::B, cards("5")),
            ],
            winner: Some(Seat::B),
            multiplier: Some(4),
            ..View::default()
        };
        let text = render(&view);
        assert!(
            text.contains(
                "B emptied its hand: the farmers win, multiplier 4 (1 bomb, anti-spring)"
            ),
            "{}",
            text
        );
    }
}
