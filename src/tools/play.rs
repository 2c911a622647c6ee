//! `ddz play`: a person at the table against engines, in the terminal. The games are the
//! arena's (the same deals and game seeds for a seed, the same referee, the same players); the
//! person's seat is a [`Human`] player. After each game the whole game is shown as `ddz replay`
//! shows it, with the score by the official rule, and the next deal is offered; the session can
//! be saved as a JSON game log that `ddz replay` reads.

use crate::arena::table::referee::GameRecord;
use crate::arena::wire::game_log::{append_game, start_log};
use crate::arena::wire::json::GameLine;
use crate::game::Seat;
use crate::os::{is_terminal, Stream};
use crate::play::narration::Narration;
use crate::play::setup::PlaySettings;
use crate::play::table::Table;
use crate::play::view::{colour_wanted, Paint, Style};
use crate::play::{Console, Human, SharedConsole};
use anyhow::Context;
use std::io::BufReader;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Runs `ddz play` on the terminal.
pub(crate) fn run_play(args: &[String]) -> anyhow::Result<()> {
    let settings = crate::tools::table_flags::parse(args)?;
    let no_color = std::env::var_os("NO_COLOR");
    let term = std::env::var_os("TERM");
    let style = Style {
        colour: colour_wanted(
            is_terminal(Stream::Stdout),
            no_color.as_deref(),
            term.as_deref(),
        ),
    };
    let console = Console::new(
        Box::new(BufReader::new(std::io::stdin())),
        Box::new(std::io::stdout()),
        style,
    );
    session(&settings, &Arc::new(Mutex::new(console)))
}

/// Plays deals until the person stops, on `console`.
pub(crate) fn session(settings: &PlaySettings, console: &SharedConsole) -> anyhow::Result<()> {
    let person = Human::on_console(console.clone(), settings.search.limit);
    let mut table = Table::seat(settings, Box::new(person))?;
    let names = table.names().clone();
    let header = settings.log_header("play");
    if let Some(path) = &settings.save {
        start_log(path, &header).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let others: Vec<String> = Seat::ALL
        .iter()
        .zip(&names)
        .filter(|(s, _)| **s != settings.seat)
        .map(|(s, n)| format!("{} {}", s, n))
        .collect();
    Console::lock(console).say(&format!(
        "ddz play: you sit at {}; {} · seed {} · {} · type help at any prompt",
        settings.seat,
        others.join(", "),
        settings.seed,
        if settings.fixed_landlord {
            "fixed landlord, no bidding"
        } else {
            "bidding"
        }
    ));

    let mut games: Vec<GameLine> = Vec::new();
    let mut total: i64 = 0;
    let mut deal_index = settings.first_deal;
    loop {
        Console::lock(console).title = format!("deal {} of seed {}", deal_index, settings.seed);
        let (record, line) = table.play(deal_index);
        total += i64::from(record.scores[settings.seat]);
        let mut c = Console::lock(console);
        if let Some(path) = &settings.save {
            if let Err(e) = append_game(path, &header, &line) {
                c.say_in(
                    Paint::Red,
                    &format!("cannot save to {}: {}", path.display(), e),
                );
            }
        }
        games.push(line);
        let account = end_of_game(&record, &games, settings.seat, total, c.left, c.style);
        c.say(&account);
        if !after_game(&mut c, &header, &games) {
            break;
        }
        deal_index += 1;
    }
    table.finish();
    let mut c = Console::lock(console);
    c.say(&format!(
        "session over: you {:+} over {} deal{}{}",
        total,
        games.len(),
        if games.len() == 1 { "" } else { "s" },
        match &settings.save {
            Some(p) => format!(" (saved to {})", p.display()),
            None => String::new(),
        }
    ));
    Ok(())
}

/// The game as `ddz replay` shows it (every hand as dealt, the bids, each trick, the result and
/// the score by the official rule), then the person's score and the session's; `left` when the
/// person left during the game.
fn end_of_game(
    record: &GameRecord,
    games: &[GameLine],
    me: Seat,
    total: i64,
    left: bool,
    style: Style,
) -> String {
    let mut out = games
        .last()
        .map_or_else(String::new, |g| Narration::of_line(g).text());
    let mine = record.scores[me];
    let paint = if mine >= 0 { Paint::Green } else { Paint::Red };
    if left {
        out.push_str("you left the table: the game is scored as a fault of your seat\n");
    }
    out.push_str(&style.paint(
        paint,
        &format!(
            "you ({}): {:+} this deal · session {:+} over {} deal{}",
            me,
            mine,
            total,
            games.len(),
            if games.len() == 1 { "" } else { "s" }
        ),
    ));
    out
}

/// Offers the next deal and saving; `true` to play on. A person who left is only offered to
/// save.
fn after_game(console: &mut Console, header: &str, games: &[GameLine]) -> bool {
    let left = console.left;
    let prompt = if left {
        "save the session as a JSON game log: s FILE · leave: Enter or q"
    } else {
        "next deal: Enter · save the session as a JSON game log: s FILE · quit: q"
    };
    let prompt = console.style.paint(Paint::Bold, prompt);
    loop {
        let line = match console.ask(&prompt) {
            Some(l) => l,
            None => return false,
        };
        let mut words = line.splitn(2, char::is_whitespace);
        let word = words.next().unwrap_or("").to_ascii_lowercase();
        let rest = words.next().unwrap_or("").trim();
        match word.as_str() {
            "" => return !left,
            "q" | "quit" | "exit" => return false,
            "s" | "save" if rest.is_empty() => {
                console.say_in(Paint::Red, "   s needs a file name, e.g. s games.jsonl")
            }
            "s" | "save" => match save(Path::new(rest), header, games) {
                Ok(()) => console.say(&format!(
                    "   saved {} game{} to {} (ddz replay {})",
                    games.len(),
                    if games.len() == 1 { "" } else { "s" },
                    rest,
                    rest
                )),
                Err(e) => console.say_in(Paint::Red, &format!("   cannot save to {}: {}", rest, e)),
            },
            _ => console.say_in(Paint::Red, "   type Enter, s FILE or q"),
        }
    }
}

/// Writes the session to `path` as a JSON game log: the header line, then the games.
fn save(path: &Path, header: &str, games: &[GameLine]) -> std::io::Result<()> {
    start_log(path, header)?;
    games.iter().try_for_each(|g| append_game(path, header, g))
}
