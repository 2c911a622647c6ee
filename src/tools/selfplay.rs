//! `ddz selfplay`: three in-process engines play seeded games through [`Engine::handle`],
//! judged by a small independent referee (its own hands, classification and comparison); prints
//! the number of illegal or malformed replies and the reply-time median, p99 and max.

use crate::cards::Cards;
use crate::engine::Engine;
use crate::game::{BySeat, Seat};
use crate::protocol::{Ack, Command, Info, Reply};
use crate::rules::{classify, Combo};
use crate::strategy::Deadline;
use std::time::{Duration, Instant};

/// Most turns a game can take: every turn but passes removes a card, and at most two passes
/// follow a play, so 54 cards give fewer than 54 × 3 turns.
const MAX_TURNS: usize = 54 * 3;

/// What a run of games showed.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Deals played (a deal where all three bid 0 counts, with no play).
    pub games: u32,
    /// Deals where all three bid 0.
    pub all_passed: u32,
    /// Games played to the end (someone emptied their hand).
    pub finished: u32,
    /// Games the landlord won.
    pub landlord_wins: u32,
    /// Replies judged.
    pub replies: u32,
    /// Replies that were illegal, malformed or unexpected, with what was wrong.
    pub faults: Vec<String>,
    /// Time of each `BID WHAT` / `PLAY WHAT` reply.
    pub times: Vec<Duration>,
}

impl Stats {
    /// The reply time at quantile `q` (0..=1), zero when nothing was timed.
    #[must_use]
    pub fn quantile(&self, q: f64) -> Duration {
        let mut t = self.times.clone();
        t.sort();
        if t.is_empty() {
            return Duration::ZERO;
        }
        let i = ((t.len() - 1) as f64 * q).round() as usize;
        t[i.min(t.len() - 1)]
    }
}

/// How the table behaves: the platform differences it can show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    /// Ask the remaining seats after a bid of 3 (the official example) instead of stopping
    /// (the 2015 platform).
    pub ask_after_three: bool,
    /// Pass for this seat with `PLAY x-1` instead of asking it, when it has no legal play but
    /// the pass (the platform passing for a stuck player).
    pub pass_for_stuck: Option<Seat>,
    /// Send INFO with no time field (the 2015 platform).
    pub info_without_time: bool,
    /// Record this seat's view as a transcript.
    pub record: Option<Seat>,
}

/// The referee's seat-by-seat knowledge of one game.
struct Table<'a> {
    engines: &'a mut BySeat<Engine>,
    stats: &'a mut Stats,
    game: u32,
    options: TableOptions,
    transcript: Vec<String>,
}

impl Table<'_> {
    fn fault(&mut self, text: String) {
        self.stats
            .faults
            .push(format!("game {}: {}", self.game, text));
    }

    fn record(&mut self, seat: Seat, command: &Command, reply: &Option<Reply>) {
        if self.options.record == Some(seat) {
            self.transcript.push(format!("> {}", command));
            if let Some(r) = reply {
                self.transcript.push(format!("< {}", r));
            }
        }
    }

    /// Sends a message that expects `OK ack` to `seat`.
    fn tell(&mut self, seat: Seat, command: &Command, ack: Ack) {
        let reply = self.engines[seat].handle(command, Deadline::unlimited());
        self.record(seat, command, &reply);
        self.stats.replies += 1;
        if reply != Some(Reply::Ok(ack)) {
            self.fault(format!("{} answered {:?} to '{}'", seat, reply, command));
        }
    }

    fn tell_others(&mut self, seat: Seat, command: &Command, ack: Ack) {
        for other in Seat::ALL {
            if other != seat {
                self.tell(other, command, ack);
            }
        }
    }

    /// Asks `seat` a question, timing the answer.
    fn ask(&mut self, seat: Seat, command: &Command) -> Option<Reply> {
        let start = Instant::now();
        let reply = self.engines[seat].handle(command, Deadline::unlimited());
        self.stats.times.push(start.elapsed());
        self.record(seat, command, &reply);
        self.stats.replies += 1;
        reply
    }
}

/// Plays `games` seeded deals with the three engines (which keep their state between games,
/// like one process on a platform).
pub fn play_games(engines: &mut BySeat<Engine>, games: u32, seed: u64) -> Stats {
    play_games_with(engines, games, seed, TableOptions::default()).0
}

/// [`play_games`] with table options; also the recorded transcript lines, if asked for.
pub fn play_games_with(
    engines: &mut BySeat<Engine>,
    games: u32,
    seed: u64,
    options: TableOptions,
) -> (Stats, Vec<String>) {
    let mut stats = Stats::default();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut table = Table {
        engines,
        stats: &mut stats,
        game: 0,
        options,
        transcript: Vec::new(),
    };
    for seat in Seat::ALL {
        let version = Command::Version("1.0".into());
        let r = table.engines[seat].handle(&version, Deadline::unlimited());
        table.record(seat, &version, &r);
        if !matches!(r, Some(Reply::Name(_))) {
            table.fault(format!("{} answered {:?} to DOUDIZHUVER", seat, r));
        }
    }
    for game in 0..games {
        table.game = game;
        table.stats.games += 1;
        let info = Command::Info(Info {
            turn: 1,
            turns: 1,
            round: game + 1,
            rounds: games,
            up: 0,
            max_score: 0,
            time: if options.info_without_time {
                None
            } else {
                Some(15)
            },
        });
        for seat in Seat::ALL {
            table.tell(seat, &info, Ack::Info);
        }
        let mut deck: Vec<u8> = (0..54).collect();
        rng.shuffle(&mut deck);
        let set = |codes: &[u8]| {
            codes
                .iter()
                .fold(Cards::EMPTY, |a, &c| a.or(Cards::single(c)))
        };
        let mut hands = BySeat([set(&deck[0..17]), set(&deck[17..34]), set(&deck[34..51])]);
        let bottom = set(&deck[51..54]);
        play_one(&mut table, &mut hands, bottom);
    }
    let transcript = std::mem::take(&mut table.transcript);
    (stats, transcript)
}

/// One deal: bidding, then play to the end or the first fault.
fn play_one(table: &mut Table<'_>, hands: &mut BySeat<Cards>, bottom: Cards) {
    for seat in Seat::ALL {
        table.tell(
            seat,
            &Command::Deal {
                seat,
                cards: hands[seat],
            },
            Ack::Deal,
        );
    }
    let mut best: Option<(Seat, u8)> = None;
    for seat in Seat::ALL {
        let bid = match table.ask(seat, &Command::BidWhat) {
            Some(Reply::Bid { seat: s, bid }) if s == seat => bid,
            other => {
                table.fault(format!("{} answered {:?} to BID WHAT", seat, other));
                return;
            }
        };
        let high = best.map_or(0, |(_, b)| b);
        if bid != 0 && (bid <= high || bid > 3) {
            table.fault(format!("{} bid {} after {}", seat, bid, high));
            return;
        }
        table.tell_others(seat, &Command::Bid { seat, bid }, Ack::Bid);
        if bid > high {
            best = Some((seat, bid));
        }
        if bid == 3 && !table.options.ask_after_three {
            break; // the 2015 platform stops asking after a 3
        }
    }
    let landlord = match best {
        Some((s, _)) => s,
        None => {
            table.stats.all_passed += 1;
            return;
        }
    };
    hands[landlord] = hands[landlord].or(bottom);
    for seat in Seat::ALL {
        table.tell(
            seat,
            &Command::Leftover {
                landlord,
                cards: bottom,
            },
            Ack::Leftover,
        );
    }
    let mut mover = landlord;
    let mut last: Option<(Seat, Combo)> = None;
    for _ in 0..MAX_TURNS {
        if matches!(last, Some((s, _)) if s == mover) {
            last = None; // both others passed: the mover leads
        }
        let stuck = table.options.pass_for_stuck == Some(mover)
            && last.map_or(false, |(_, on)| {
                crate::rules::legal_plays(hands[mover].counts(), Some(&on)).len() == 1
            });
        if stuck {
            // The platform passes for the stuck player: everyone, the player too, is told.
            let pass = Command::Play {
                seat: mover,
                cards: None,
            };
            for seat in Seat::ALL {
                table.tell(seat, &pass, Ack::Play);
            }
            mover = mover.next();
            continue;
        }
        let cards = match table.ask(mover, &Command::PlayWhat) {
            Some(Reply::Play { seat, cards }) if seat == mover => cards,
            other => {
                table.fault(format!("{} answered {:?} to PLAY WHAT", mover, other));
                return;
            }
        };
        match cards {
            None if last.is_none() => {
                table.fault(format!("{} passed while leading", mover));
                return;
            }
            None => {}
            Some(c) => {
                let combo = classify(c.counts());
                let ok = hands[mover].contains_all(c)
                    && combo.map_or(false, |p| last.map_or(true, |(_, on)| p.beats(&on)));
                match combo {
                    Some(p) if ok => last = Some((mover, p)),
                    _ => {
                        table.fault(format!(
                            "{} played {} illegally (hand {}, on {:?})",
                            mover,
                            c,
                            hands[mover],
                            last.map(|(_, p)| p.to_string())
                        ));
                        return;
                    }
                }
                hands[mover] = hands[mover].minus(c);
            }
        }
        table.tell_others(mover, &Command::Play { seat: mover, cards }, Ack::Play);
        if hands[mover].is_empty() {
            table.stats.finished += 1;
            if mover == landlord {
                table.stats.landlord_wins += 1;
            }
            for seat in Seat::ALL {
                table.tell(
                    seat,
                    &Command::GameOver {
                        winner: Some(mover),
                    },
                    Ack::GameOver,
                );
            }
            return;
        }
        mover = mover.next();
    }
    table.fault("the game did not end".into());
}

/// `ddz selfplay [--games N] [--seed S] [--record SEAT --transcript FILE] [--ask-after-three]
/// [--pass-for-stuck SEAT] [--info-without-time] [--threaded]`.
pub fn run(args: &[String]) -> anyhow::Result<()> {
    let mut games = 1000u32;
    let mut seed = 1u64;
    let mut options = TableOptions::default();
    let mut out: Option<String> = None;
    let mut threaded = false;
    let seat = |v: &str| {
        v.chars()
            .next()
            .and_then(Seat::from_letter)
            .ok_or_else(|| anyhow::anyhow!("'{}' is no seat", v))
    };
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).map(String::as_str).unwrap_or("");
        let mut step = 2;
        match args[i].as_str() {
            "--games" => games = value.parse()?,
            "--seed" => seed = value.parse()?,
            "--record" => options.record = Some(seat(value)?),
            "--transcript" => out = Some(value.to_string()),
            "--pass-for-stuck" => options.pass_for_stuck = Some(seat(value)?),
            "--ask-after-three" => {
                options.ask_after_three = true;
                step = 1;
            }
            "--info-without-time" => {
                options.info_without_time = true;
                step = 1;
            }
            "--threaded" => {
                threaded = true;
                step = 1;
            }
            other => anyhow::bail!("unknown argument '{}'", other),
        }
        i += step;
    }
    // `--threaded`: the strategy on a worker thread, as the binary's protocol loop runs it.
    let mut engines = BySeat::from_fn(|_| {
        if threaded {
            Engine::threaded(
                "simple",
                Box::new(|| {
                    Box::new(crate::strategy::simple::Simple) as Box<dyn crate::strategy::Strategy>
                }),
            )
        } else {
            Engine::new("simple", Box::new(crate::strategy::simple::Simple))
        }
    });
    let start = Instant::now();
    let (stats, transcript) = play_games_with(&mut engines, games, seed, options);
    let wall = start.elapsed();
    if let Some(path) = out {
        let mut text = transcript.join("\n");
        text.push('\n');
        std::fs::write(&path, text)?;
    }
    for f in stats.faults.iter().take(10) {
        println!("fault: {}", f);
    }
    println!(
        "{} games ({} all passed, {} finished, landlord won {}), {} replies, {} faults, {:.2} s",
        stats.games,
        stats.all_passed,
        stats.finished,
        stats.landlord_wins,
        stats.replies,
        stats.faults.len(),
        wall.as_secs_f64()
    );
    println!(
        "reply time over {} decisions: median {:.1} us, p99 {:.1} us, max {:.1} us",
        stats.times.len(),
        stats.quantile(0.5).as_secs_f64() * 1e6,
        stats.quantile(0.99).as_secs_f64() * 1e6,
        stats.quantile(1.0).as_secs_f64() * 1e6
    );
    if stats.faults.is_empty() {
        Ok(())
    } else {
        anyhow::bail!("{} faults", stats.faults.len())
    }
}
