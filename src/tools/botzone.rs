//! `ddz botzone`: the engine as a Botzone bot ([`crate::botzone::bot`]), and `ddz botzone check
//! FILE`: games played under Botzone's own judge, judged again by our rules and scored by ours.

use crate::botzone::bot::{self, BotSettings};
use crate::botzone::parse_cards;
use crate::cards::Cards;
use crate::cli::{Arg, Args};
use crate::game::score::Outcome;
use crate::game::{GameState, Seat};
use crate::registry::{set, synopsis, Flag};
use crate::rules::{botzone_variant, Platform};
use crate::strategy::kinds::BuiltinSpec;
use crate::time::{samples_flag, think_flag};
use anyhow::{anyhow, bail, Context};
use serde_json::Value;
use std::io::{BufRead, Write};
use std::time::Instant;

/// `ddz botzone`'s flags: the bot's settings, declared once for its usage and its reading.
pub(crate) static BOT_FLAGS: &[Flag<BotSettings>] = &[
    crate::flag!("player", "NAME", |bot, words| {
        set(&mut bot.player, words[0].clone())
    }),
    crate::flag!("think", "SECONDS", think_flag),
    crate::flag!("samples", "N", samples_flag),
    crate::flag!("keep-running", "", |bot, _| {
        set(&mut bot.keep_running, true)
    }),
];

/// Usage of `ddz botzone`, after its synopsis.
const USAGE_TAIL: &str = "       ddz botzone check FILE
       ddz botzone read
The engine as a Botzone bot (斗地主·改, FightTheLandlord2): reads Botzone's JSON input on
stdin and writes {\"response\": …}. Started every turn by default; --keep-running stays alive
and prints Botzone's keep-running marker after each answer. --player: the built-in player
deciding (ddz, rules, greedy, random; ddz:samples=N for a fixed budget; default ddz),
--think: seconds of thought per turn (default 0.5; the answer is out by 0.8 s whatever it says),
or --samples N: N deals a turn; the last given wins, and the player's own think or samples over it.
check FILE: games logged by the test host (one JSON object a line: allocation, publiccard,
bids, plays, the judge's scores) judged by our rules and scored by ours; exit 2 on any
disagreement.
read: card id lists on stdin (JSON, one a line), each play's reading by Botzone's rules on stdout:
its kind, lowest body rank (0 = 3 … 14 = big joker) and links, or `none`.";

/// Usage of `ddz botzone`: its flags listed from [`BOT_FLAGS`].
pub(crate) fn usage() -> &'static str {
    crate::tools::leak(format!(
        "{}\n{}",
        synopsis("usage: ddz botzone", BOT_FLAGS.iter().map(Flag::synopsis)),
        USAGE_TAIL
    ))
}

/// Runs `ddz botzone …`.
pub(crate) fn run(args: &[String]) -> anyhow::Result<()> {
    let start = Instant::now();
    match args.first().map(String::as_str) {
        Some("check") => return run_check(&args[1..]),
        Some("read") => return run_read(),
        _ => {}
    }
    let mut settings = BotSettings::default();
    let mut line = Args::new("botzone", usage(), args);
    while let Some(arg) = line.next_arg()? {
        let known = match &arg {
            Arg::Flag(flag) => line.read_flag(BOT_FLAGS, flag, &mut settings)?,
            Arg::Word(_) => false,
        };
        if !known {
            return Err(line.unknown(&arg).into());
        }
    }
    // A limit given after another plays, and says so: the bot's, the player's own.
    let spec = settings.player.parse::<BuiltinSpec>();
    let own = spec.map_or(Vec::new(), |s| s.limit_notes(settings.search.limit));
    let own = own.iter().map(|n| format!("in {}, {}", settings.player, n));
    for note in settings.search.notes.iter().cloned().chain(own) {
        eprintln!("ddz botzone: {}", note);
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    bot::run(settings, stdin.lock(), stdout.lock(), stderr.lock(), start).context("botzone bot")?;
    Ok(())
}

/// `ddz botzone read`: how our Botzone rules read each play, for a comparison with the judge's
/// own reading (`scripts/botzone-host.py --readings`).
fn run_read() -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        let value = serde_json::from_str::<Value>(&line)
            .map_err(|e| anyhow::anyhow!("line {}: {}", n + 1, e))?;
        let cards = parse_cards(&value).map_err(|e| anyhow::anyhow!("line {}: {}", n + 1, e))?;
        match botzone_variant::read(cards.counts()) {
            Some(p) => writeln!(out, "{:?} {} {}", p.kind, p.low.index(), p.links)?,
            None => writeln!(out, "none")?,
        }
    }
    Ok(())
}

/// One game as the test host logs it.
struct LoggedGame {
    hands: [Cards; 3],
    bottom: Cards,
    bids: Vec<u8>,
    plays: Vec<Cards>,
    scores: [i64; 3],
}

fn read_game(value: &Value) -> anyhow::Result<LoggedGame> {
    let field = |k: &str| value.get(k).ok_or_else(|| anyhow!("no {}", k));
    let allocation = field("allocation")?
        .as_array()
        .filter(|a| a.len() == 3)
        .ok_or_else(|| anyhow!("allocation is not three hands"))?;
    let mut hands = [Cards::EMPTY; 3];
    for (h, a) in hands.iter_mut().zip(allocation) {
        *h = parse_cards(a)?;
    }
    let bids = field("bids")?
        .as_array()
        .ok_or_else(|| anyhow!("bids is not a list"))?
        .iter()
        .map(|b| {
            b.as_u64()
                .map(|b| b as u8)
                .ok_or_else(|| anyhow!("a bid is not a number"))
        })
        .collect::<Result<Vec<u8>, _>>()?;
    let plays = field("plays")?
        .as_array()
        .ok_or_else(|| anyhow!("plays is not a list"))?
        .iter()
        .map(parse_cards)
        .collect::<Result<Vec<Cards>, _>>()?;
    let mut scores = [0; 3];
    for (i, s) in scores.iter_mut().enumerate() {
        *s = field("scores")?
            .get(i.to_string())
            .and_then(Value::as_i64)
            .ok_or_else(|| anyhow!("scores lacks a seat"))?;
    }
    Ok(LoggedGame {
        hands,
        bottom: parse_cards(field("publiccard")?)?,
        bids,
        plays,
        scores,
    })
}

/// The landlord and stake of Botzone's bidding: a 3 ends it, otherwise the highest bidder (the
/// first to bid it), seat 0 at stake 1 when all pass.
fn landlord_of(bids: &[u8]) -> (Seat, u8) {
    let mut best = (Seat::A, 0u8);
    for (seat, &b) in Seat::ALL.iter().zip(bids) {
        if b > best.1 {
            best = (*seat, b);
        }
    }
    (best.0, best.1.max(1))
}

/// Judges one logged game with our rules; `Ok` holds our scores.
fn judge_game(game: &LoggedGame) -> anyhow::Result<[i64; 3]> {
    let (landlord, stake) = landlord_of(&game.bids);
    // Each seat's tracker sees the game from its seat, as the bot does.
    let mut views: Vec<GameState> = Seat::ALL
        .iter()
        .map(|&s| {
            let mut v = GameState::new(s, game.hands[s.index()]);
            v.platform = Platform::Botzone;
            for (seat, &b) in Seat::ALL.iter().zip(&game.bids) {
                let _ = v.record_bid(*seat, b);
            }
            let _ = v.set_landlord(landlord, game.bottom);
            v
        })
        .collect();
    let mut seat = landlord;
    let mut plays = Vec::new();
    for (n, &cards) in game.plays.iter().enumerate() {
        let mover = &views[seat.index()];
        // Our generator lists every play the judge took, except a shuttle (we never play one).
        let listed = cards.is_empty()
            || mover
                .legal_plays()
                .iter()
                .any(|c| c.cards == cards.counts());
        let shuttle = botzone_variant::read(cards.counts()).map_or(false, |p| {
            matches!(
                p.kind,
                botzone_variant::BotzoneKind::Shuttle
                    | botzone_variant::BotzoneKind::ShuttleSingles
                    | botzone_variant::BotzoneKind::ShuttlePairs
            )
        });
        if !listed && !shuttle {
            anyhow::bail!(
                "play {} {} by seat {} is not among our legal plays",
                n + 1,
                cards,
                seat.index()
            );
        }
        let played = Some(cards).filter(|c| !c.is_empty());
        for v in views.iter_mut() {
            v.record_play(seat, played)
                .with_context(|| format!("play {} by seat {}", n + 1, seat.index()))?;
        }
        plays.push((seat, played));
        if views[0].cards_left[seat] == 0 {
            let winner = seat;
            let outcome = Outcome::of_plays(landlord, stake, winner, &plays);
            let doublings = outcome.tally.doublings();
            let spring = outcome.spring() || outcome.anti_spring();
            let (lord, farmer) =
                botzone_variant::scores(stake, doublings, spring, winner == landlord);
            if n + 1 != game.plays.len() {
                anyhow::bail!("plays go on after a hand is empty");
            }
            return Ok([0, 1, 2].map(|i| if i == landlord.index() { lord } else { farmer }));
        }
        seat = seat.next();
    }
    anyhow::bail!("the game ends with no empty hand")
}

/// `ddz botzone check FILE`.
fn run_check(args: &[String]) -> anyhow::Result<()> {
    let mut file = None;
    let mut line = Args::new("botzone", usage(), args);
    while let Some(arg) = line.next_arg()? {
        match arg {
            Arg::Word(w) if file.is_none() => file = Some(w),
            other => return Err(line.unknown(&other).into()),
        }
    }
    let file = file.context("no FILE given (usage: ddz botzone check FILE)")?;
    let text = std::io::BufReader::new(
        std::fs::File::open(&file).with_context(|| format!("opening {}", file))?,
    );
    let (mut games, mut agree) = (0, 0);
    let mut total = [0i64; 3];
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (n, row) in text.lines().enumerate() {
        let row = row?;
        if row.trim().is_empty() {
            continue;
        }
        games += 1;
        let verdict = serde_json::from_str::<Value>(&row)
            .map_err(anyhow::Error::from)
            .and_then(|v| read_game(&v))
            .and_then(|g| judge_game(&g).map(|ours| (g.scores, ours)));
        match verdict {
            Ok((theirs, ours)) if theirs == ours => {
                agree += 1;
                for (t, s) in total.iter_mut().zip(ours) {
                    *t += s;
                }
            }
            Ok((theirs, ours)) => writeln!(
                out,
                "game {}: the judge scored {:?}, we score {:?}",
                n + 1,
                theirs,
                ours
            )?,
            Err(e) => writeln!(out, "game {}: {:#}", n + 1, e)?,
        }
    }
    writeln!(
        out,
        "{} games, {} judged and scored as Botzone's judge did; seat totals {:?}",
        games, agree, total
    )?;
    if games == 0 || agree != games {
        bail!("{} of {} games disagree", games - agree, games);
    }
    Ok(())
}
