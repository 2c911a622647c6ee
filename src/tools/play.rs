//! `ddz play`: a person at the table against engines, in the terminal. The games are the
//! arena's (the same deals and game seeds for a seed, the same referee, the same players); the
//! person's seat is a [`Human`] player. After each game the whole game is shown as `ddz replay`
//! shows it, with the score by the official rule, and the next deal is offered; the session can
//! be saved as a JSON game log that `ddz replay` reads.

use crate::arena::deals::Deal;
use crate::arena::json::GameLine;
use crate::arena::players::{greet, make_player, Player};
use crate::arena::referee::{play_game, GameRecord};
use crate::arena::shard::{header_line, Shard};
use crate::arena::{game_seed, labels, ArenaConfig};
use crate::engine::config::EngineConfig;
use crate::game::Seat;
use crate::play::settings::{PlaySettings, DEFAULT_SEAT};
use crate::play::view::{colour_wanted, Paint, Style};
use crate::play::{Console, Human, SharedConsole};
use crate::tools::cli::{Arg, Args, Help};
use crate::tools::replay::replay_game;
use crate::tools::terminal::{is_terminal, Stream};
use anyhow::{bail, Context};
use std::io::BufReader;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Usage of `ddz play`.
pub const USAGE: &str = "\
usage: ddz play [--seat A|B|C] [--opponents P1 [P2]] [--seed S] [--deal N] [--fixed-landlord]
                [--think SECONDS] [--save FILE]
You take one seat (default B); the others are players in the arena's syntax: builtin:ddz (the
engine's default player, the default here), builtin:greedy, builtin:random, or a shell command
line running an engine (one opponent given plays both seats). The deals are the arena's for the
seed (default: from the clock, shown at the start), from deal N (default 0). --fixed-landlord:
no bidding, the deal's number gives the landlord and the base is 1. --think: seconds the built-in
opponents and the hints aim at per decision. --save FILE: keep the session as a JSON game log
(ddz replay FILE); `s FILE` after a game does the same.";

impl PlaySettings {
    /// Reads the command line; `None` for `--help`.
    pub fn parse(args: &[String]) -> anyhow::Result<Option<PlaySettings>> {
        PlaySettings::parse_with("play", USAGE, args, &mut |_, _| Ok(false))
    }

    /// Reads the command line of `tool` (`usage` for `--help`): `ddz play`'s flags, and those
    /// `more` takes (it returns whether it knew the flag; `ddz serve` adds its own). `None`
    /// for `--help`.
    pub fn parse_with(
        tool: &'static str,
        usage: &'static str,
        args: &[String],
        more: &mut dyn FnMut(&str, &mut Args) -> anyhow::Result<bool>,
    ) -> anyhow::Result<Option<PlaySettings>> {
        let mut settings = PlaySettings {
            seat: DEFAULT_SEAT,
            opponents: ["builtin:ddz".into(), "builtin:ddz".into()],
            seed: clock_seed(),
            first_deal: 0,
            fixed_landlord: false,
            think: None,
            save: None,
        };
        let mut line = Args::new(tool, usage, args);
        loop {
            let arg = match line.next_arg() {
                Ok(Some(arg)) => arg,
                Ok(None) => break,
                Err(e) if e.is::<Help>() => return Ok(None),
                Err(e) => return Err(e),
            };
            let flag = match &arg {
                Arg::Flag(f) => f.clone(),
                Arg::Word(_) => return Err(line.unknown(&arg)),
            };
            match flag.as_str() {
                "--seat" => {
                    let v = line.value()?;
                    settings.seat = v.parse().map_err(|e| anyhow::anyhow!("--seat: {}", e))?;
                }
                "--opponents" => {
                    let given = line.values(2)?;
                    let second = given.get(1).unwrap_or(&given[0]).clone();
                    settings.opponents = [given[0].clone(), second];
                }
                "--seed" => {
                    let v = line.value()?;
                    settings.seed = v
                        .parse()
                        .map_err(|_| anyhow::anyhow!("--seed: '{}' is not a number", v))?;
                }
                "--deal" => {
                    let v = line.value()?;
                    settings.first_deal = v
                        .parse()
                        .map_err(|_| anyhow::anyhow!("--deal: '{}' is not a number", v))?;
                }
                "--fixed-landlord" => settings.fixed_landlord = true,
                "--think" => {
                    // The engine's own reading of `--think`, so both accept the same values.
                    let mut engine = EngineConfig::default();
                    engine
                        .set("think", &line.value()?)
                        .map_err(|e| anyhow::anyhow!("--think: {}", e))?;
                    settings.think = engine.player.think;
                }
                "--save" => settings.save = Some(line.value()?.into()),
                other => {
                    if !more(other, &mut line)? {
                        return Err(line.unknown(&arg));
                    }
                }
            }
        }
        Ok(Some(settings))
    }
}

/// A seed from the clock, for a session that names none (it is shown, to play the deals again).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Small numbers are easier to retype: the seed is only a name for the deals.
    crate::arena::deals::mix(nanos, 0) % 1_000_000
}

/// Runs `ddz play` on the terminal.
pub fn run_play(args: &[String]) -> anyhow::Result<()> {
    let settings = match PlaySettings::parse(args)? {
        Some(s) => s,
        None => return Err(Help(USAGE).into()),
    };
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
pub fn session(settings: &PlaySettings, console: &SharedConsole) -> anyhow::Result<()> {
    let specs = settings.specs();
    let names = labels(&specs);
    let mut seated: Vec<Box<dyn Player>> = Vec::with_capacity(3);
    for (seat, spec) in Seat::ALL.iter().zip(&specs) {
        if *seat == settings.seat {
            seated.push(Box::new(Human::new(console.clone(), settings.think)));
        } else {
            let spec = spec.parse().map_err(anyhow::Error::msg)?;
            seated.push(make_player(&spec, settings.hosting()));
        }
    }
    let mut players: [Box<dyn Player>; 3] = match seated.try_into() {
        Ok(p) => p,
        Err(_) => bail!("a table seats three players"),
    };
    // The saved session's first line: the build, the command line and the table's settings.
    let header = {
        let table = ArenaConfig {
            players: specs.clone(),
            games: 1,
            seed: settings.seed,
            jobs: 1,
            rules: settings.rules(),
            ..ArenaConfig::default()
        };
        header_line(&table, Shard::WHOLE, &command_of(settings))
    };
    if let Some(path) = &settings.save {
        save(path, &header, &[]).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let rules = settings.rules();
    for (i, player) in players.iter_mut().enumerate() {
        if Seat::ALL[i] != settings.seat {
            greet(player.as_mut(), rules.time)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("the opponent '{}' at {}", specs[i], Seat::ALL[i]))?;
        }
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
        let deal = Deal::seeded(settings.seed, deal_index as u64);
        let record = play_game(
            &mut players,
            &rules,
            &deal,
            deal_index,
            0,
            [0, 1, 2],
            game_seed(settings.seed, deal_index, 0),
        );
        total += i64::from(record.scores[settings.seat]);
        games.push(GameLine::new(&record, &names));
        let mut c = Console::lock(console);
        if let Some(path) = &settings.save {
            if let Err(e) = save(path, &header, &games) {
                c.say_in(
                    Paint::Red,
                    &format!("cannot save to {}: {}", path.display(), e),
                );
            }
        }
        let account = end_of_game(&record, &games, settings.seat, total, c.left, c.style);
        c.say(&account);
        if !after_game(&mut c, &header, &games) {
            break;
        }
        deal_index += 1;
    }
    for p in players.iter_mut() {
        p.finish();
    }
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
    let mut out = games.last().map_or_else(String::new, replay_game);
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

/// The session's settings as the command line that plays it again (for the saved log).
fn command_of(settings: &PlaySettings) -> Vec<String> {
    let mut command: Vec<String> = vec![
        "play".into(),
        "--seat".into(),
        settings.seat.to_string(),
        "--opponents".into(),
        settings.opponents[0].clone(),
        settings.opponents[1].clone(),
        "--seed".into(),
        settings.seed.to_string(),
        "--deal".into(),
        settings.first_deal.to_string(),
    ];
    if settings.fixed_landlord {
        command.push("--fixed-landlord".into());
    }
    if let Some(think) = settings.think {
        command.extend(["--think".to_string(), think.as_secs_f64().to_string()]);
    }
    command
}

/// Writes the header line, then the games, one JSON line each (the arena's `--json` form).
fn save(path: &Path, header: &str, games: &[GameLine]) -> std::io::Result<()> {
    let mut text = format!("{}\n", header);
    text.extend(games.iter().map(|g| g.write() + "\n"));
    std::fs::write(path, text)
}
