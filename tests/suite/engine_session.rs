//! The protocol loop in memory: the official example, bytes that are not protocol, a strategy
//! that panics or overruns, and a seeded randomized run of thousands of games mixed with
//! garbage and mutated lines.

use crate::arena_common;

use ddz::cards::Cards;
use ddz::engine::Engine;
use ddz::engine::Session;
use ddz::game::{BySeat, GameState, Seat};
use ddz::protocol::{Command, Reply};
use ddz::rules::{classify, legal_plays, Combo};
use ddz::strategy::thinker::{Thinker, ThinkerSettings};
use ddz::strategy::Greedy;
use ddz::strategy::RandomPlayer;
use ddz::strategy::Strategy;
use ddz::time::Deadline;
use std::io::Cursor;
use std::time::{Duration, Instant};

fn session() -> Session {
    Session::new(Engine::new("ddz", Box::new(Greedy)))
}

fn run(input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    session()
        .run(Cursor::new(input.to_vec()), &mut out)
        .unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn the_official_example_by_hand() {
    let out = run(b"DOUDIZHUVER 1.0\nINFO 1,4,1,6,9,2100,15\nDEAL B0,4,5,7,9,10,17,21,25, 33,34,39,41,43,44,45,46\nBID A1\nBID WHAT\nBID C0\nLEFTOVER B27,48,53\nPLAY WHAT\nPLAY C-1\nPLAY A12,13,14,20\nPLAY WHAT\nGAMEOVER C\n");
    assert_eq!(out.len(), 12, "{:?}", out);
    assert_eq!(out[0], "NAME ddz");
    assert_eq!(out[1], "OK INFO");
    assert_eq!(out[2], "OK DEAL");
    assert_eq!(out[3], "OK BID");
    assert!(
        matches!(Reply::parse(&out[4]), Ok(Reply::Bid { seat: Seat::B, bid }) if bid == 0 || bid >= 2)
    );
    assert_eq!(&out[5..7], ["OK BID", "OK LEFTOVER"]);
    // Leading: a real play from the hand (deal + bottom), never a pass.
    let hand =
        Cards::parse_codes("0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46,27,48,53").unwrap();
    match Reply::parse(&out[7]) {
        Ok(Reply::Play {
            seat: Seat::B,
            cards: Some(c),
        }) => assert!(hand.contains_all(c) && classify(c.counts()).is_some()),
        other => panic!("{:?}", other),
    }
    assert_eq!(&out[8..10], ["OK PLAY", "OK PLAY"]);
    assert!(out[10].starts_with("PLAY B"));
    assert_eq!(out[11], "OK GAMEOVER");
}

#[test]
fn bytes_that_are_not_protocol() {
    let mut input = Vec::new();
    input.extend_from_slice(b"\xEF\xBB\xBFDOUDIZHUVER 1.0\r\n");
    input.extend(std::iter::repeat(b'Z').take(1 << 20));
    input.extend_from_slice(b"\n\xff\xfe\x00garbage\n\n   \n");
    input.extend_from_slice(b"DEAL A0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16\xff\r\n");
    input.extend_from_slice(b"PLAY WHAT\nexit\nINFO 1,1,1,1,1,1\n");
    let out = run(&input);
    assert_eq!(out.len(), 3, "{:?}", out);
    assert_eq!(out[0], "NAME ddz");
    assert_eq!(out[1], "OK DEAL");
    // The deal was read despite the stray byte: a lead from those 17 cards.
    match Reply::parse(&out[2]) {
        Ok(Reply::Play {
            seat: Seat::A,
            cards: Some(c),
        }) => assert!(c.codes().all(|x| x <= 16)),
        other => panic!("{:?}", other),
    }
}

#[test]
fn a_command_followed_by_junk_past_the_line_limit_is_answered() {
    let limit = ddz::engine::MAX_LINE;
    let mut input = Vec::new();
    input.extend_from_slice(b"DOUDIZHUVER 1.0");
    input.extend(std::iter::repeat(b' ').take(limit + 10));
    input.extend_from_slice(b"\nDEAL A0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16\n");
    input.extend_from_slice(b"PLAY WHAT");
    input.extend(std::iter::repeat(b' ').take(3 * limit));
    input.extend_from_slice(b"trailing junk\n");
    // Junk alone, however long, is still no command.
    input.extend(std::iter::repeat(b'Z').take(2 * limit));
    input.extend_from_slice(b"\n");
    let out = run(&input);
    assert_eq!(out.len(), 3, "{:?}", out);
    assert_eq!(out[0], "NAME ddz");
    assert_eq!(out[1], "OK DEAL");
    assert!(
        matches!(
            Reply::parse(&out[2]),
            Ok(Reply::Play {
                seat: Seat::A,
                cards: Some(_)
            })
        ),
        "{:?}",
        out
    );
}

/// A strategy that panics on every decision.
struct Panicker;

impl Strategy for Panicker {
    fn name(&self) -> &str {
        "panicker"
    }
    fn bid(&mut self, _: &GameState, _: Deadline) -> u8 {
        panic!("bid bug")
    }
    fn play(&mut self, _: &GameState, _: Deadline) -> Combo {
        panic!("play bug")
    }
}

/// A strategy that thinks far past any deadline, then plays the greedy move.
struct Sleeper(Duration);

impl Strategy for Sleeper {
    fn name(&self) -> &str {
        "sleeper"
    }
    fn bid(&mut self, s: &GameState, d: Deadline) -> u8 {
        std::thread::sleep(self.0);
        Greedy.bid(s, d)
    }
    fn play(&mut self, s: &GameState, d: Deadline) -> Combo {
        std::thread::sleep(self.0);
        Greedy.play(s, d)
    }
}

const GAME: &[&str] = &[
    "DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46",
    "BID A1",
    "BID WHAT",
    "BID C0",
    "LEFTOVER B27,48,53",
    "PLAY WHAT",
    "PLAY C-1",
    "PLAY A12,13,14,20",
    "PLAY WHAT",
];

fn check_safe_replies(engine: Engine, limit: Option<Duration>) {
    let mut s = Session::new(engine);
    for line in GAME {
        let start = Instant::now();
        let deadline = Deadline::by(start, Duration::from_millis(100));
        let cmd = Command::parse(line).unwrap();
        let reply = s.engine.handle(&cmd, deadline);
        if let Some(limit) = limit {
            assert!(
                start.elapsed() < limit,
                "{} took {:?}",
                line,
                start.elapsed()
            );
        }
        let state = s.engine.state().unwrap();
        match (line, reply) {
            (&"BID WHAT", Some(Reply::Bid { seat, bid })) => {
                assert_eq!((seat, bid), (Seat::B, 0))
            }
            (&"PLAY WHAT", Some(Reply::Play { seat, cards })) => {
                assert_eq!(seat, Seat::B);
                // The safe reply: pass when following, the smallest card when leading.
                let led = state.history.iter().filter(|t| t.seat == Seat::B).count() == 1
                    && state.history.len() == 1;
                if led {
                    assert_eq!(cards.map(|c| c.to_codes()), Some("0".to_string()));
                } else {
                    assert_eq!(cards, None);
                }
            }
            (_, Some(Reply::Ok(_))) => {}
            (l, r) => panic!("{} -> {:?}", l, r),
        }
    }
}

#[test]
fn a_panicking_strategy_costs_nothing() {
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    check_safe_replies(Engine::new("p", Box::new(Panicker)), None);
    check_safe_replies(
        Engine::threaded("p", Box::new(|| Box::new(Panicker) as Box<dyn Strategy>)),
        None,
    );
    std::panic::set_hook(prev);
}

#[test]
fn an_overrunning_strategy_is_answered_for_at_the_hard_deadline() {
    // Hard deadline 100 ms; the strategy sleeps a minute. Each reply comes long before the
    // sleep ends (10 s: a hundred times the deadline, so a loaded machine does not make it
    // late, yet an engine that waited for the strategy would be), and each decision goes to a
    // fresh instance (which overruns again). The sleeping threads are abandoned, not joined.
    check_safe_replies(
        Engine::threaded(
            "s",
            Box::new(|| Box::new(Sleeper(Duration::from_secs(60))) as Box<dyn Strategy>),
        ),
        Some(Duration::from_secs(10)),
    );
}

// ---- The randomized run -------------------------------------------------------------------

/// Games in the randomized run: thousands, still a few seconds in release mode.
const FUZZ_GAMES: u32 = 3000;
/// Chance (in 1/1000) of a garbage line before each message.
const GARBAGE_PER_MILLE: u32 = 60;
/// Chance (in 1/1000) that a game has one of its lines mutated (it is then "confused").
const MUTATED_GAME_PER_MILLE: u32 = 250;

/// Formats a platform message in one of the styles real platforms use.
fn styled(command: &Command, style: u32, rng: &mut fastrand::Rng) -> Vec<u8> {
    let mut text = command.to_string();
    if style & 1 != 0 {
        // Cards in some other order.
        if let Some(pos) = text.find(|c: char| c.is_ascii_digit()) {
            let (head, codes) = text.split_at(pos);
            if !codes.contains('-') && codes.contains(',') && head.len() > 5 {
                let mut v: Vec<&str> = codes.split(',').collect();
                rng.shuffle(&mut v);
                text = format!("{}{}", head, v.join(","));
            }
        }
    }
    if style & 2 != 0 {
        text = format!("  {}  ", text.replace(' ', "   "));
    }
    if style & 4 != 0 {
        text.push('\r');
    }
    text.into_bytes()
}

/// A line no platform sends and no salvage can read.
fn garbage(rng: &mut fastrand::Rng) -> Vec<u8> {
    match rng.u32(..4) {
        0 => Vec::new(),
        1 => b"HELLO THERE".to_vec(),
        2 => (0..rng.usize(1..40)).map(|_| rng.u8(128..)).collect(),
        _ => {
            let mut v = b"ZZ".to_vec();
            v.extend(
                (0..rng.usize(..30))
                    .map(|_| rng.u8(..))
                    .filter(|&b| b != b'\n'),
            );
            v
        }
    }
}

/// A mutated form of a real line (may or may not still parse).
fn mutate(line: &[u8], rng: &mut fastrand::Rng) -> Vec<u8> {
    let mut v = line.to_vec();
    match rng.u32(..4) {
        0 if !v.is_empty() => {
            let i = rng.usize(..v.len());
            v[i] = rng.u8(..);
        }
        1 => v.extend_from_slice(b",99"),
        2 => v.truncate(rng.usize(..=v.len())),
        _ => v.extend_from_slice(b",7,7"),
    }
    v.retain(|&b| b != b'\n');
    v
}

struct Fuzz {
    session: Session,
    rng: fastrand::Rng,
    /// Whether a mutated line went in this game (replies are then only checked for form).
    confused: bool,
    mutate_game: bool,
    style: u32,
    messages: u64,
}

impl Fuzz {
    /// Sends one message (maybe preceded by garbage, maybe mutated); returns the reply line.
    fn send(&mut self, command: &Command) -> Option<String> {
        if self.rng.u32(..1000) < GARBAGE_PER_MILLE {
            let g = garbage(&mut self.rng);
            let out = self.session.handle_line(&g, Instant::now());
            assert_eq!(out.reply, None, "garbage {:?} was answered", g);
        }
        let mut line = styled(command, self.style, &mut self.rng);
        if self.mutate_game && !self.confused && self.rng.u32(..20) == 0 {
            line = mutate(&line, &mut self.rng);
            self.confused = true;
        }
        self.messages += 1;
        let out = self.session.handle_line(&line, Instant::now());
        if let Some(r) = &out.reply {
            assert!(!r.contains('\n'), "two lines for one message: {:?}", r);
            assert!(Reply::parse(r).is_ok(), "unreadable reply {:?}", r);
        }
        if !self.confused {
            assert_eq!(
                out.reply.is_some(),
                !matches!(command, Command::Exit),
                "{} -> {:?}",
                command,
                out.reply
            );
        }
        out.reply
    }
}

fn set(codes: &[u8]) -> Cards {
    codes.iter().copied().collect::<Cards>()
}

/// One game from seat B's side; A and C play random legal moves.
fn fuzz_game(f: &mut Fuzz, game: u32) {
    let me = Seat::ALL[(game % 3) as usize];
    let mut deck: Vec<u8> = (0..54).collect();
    f.rng.shuffle(&mut deck);
    let mut hands = BySeat([set(&deck[0..17]), set(&deck[17..34]), set(&deck[34..51])]);
    let bottom = set(&deck[51..54]);
    if f.rng.bool() {
        let time = if f.rng.bool() { Some(15) } else { None };
        f.send(&Command::Info(ddz::protocol::Info {
            turn: 1,
            turns: 1,
            round: game,
            rounds: FUZZ_GAMES,
            up: 0,
            max_score: 0,
            time,
        }));
    }
    f.send(&Command::Deal {
        seat: me,
        cards: hands[me],
    });
    let mut high = 0u8;
    let mut landlord = None;
    let skip_bidding = f.rng.u32(..10) == 0;
    let ask_after_three = f.rng.bool();
    if !skip_bidding {
        for seat in Seat::ALL {
            if high == 3 && !ask_after_three {
                break;
            }
            let bid = if seat == me {
                let r = f.send(&Command::BidWhat);
                match r.as_deref().map(Reply::parse) {
                    Some(Ok(Reply::Bid { seat: s, bid })) if !f.confused => {
                        assert_eq!(s, me);
                        assert!(bid == 0 || bid > high, "bid {} after {}", bid, high);
                        bid
                    }
                    Some(Ok(Reply::Bid { bid, .. })) if bid == 0 || bid > high => bid,
                    _ => 0,
                }
            } else {
                let b = if f.rng.bool() { 0 } else { f.rng.u8(high..=3) };
                let b = if b > high { b } else { 0 };
                f.send(&Command::Bid { seat, bid: b });
                b
            };
            if bid > high {
                high = bid;
                landlord = Some(seat);
            }
        }
        if landlord.is_none() {
            return; // all bid 0: the next DEAL follows
        }
    }
    let landlord = landlord.unwrap_or(Seat::ALL[f.rng.usize(..3)]);
    hands[landlord] = hands[landlord].or(bottom);
    f.send(&Command::Leftover {
        landlord,
        cards: bottom,
    });
    let pass_for_us = f.rng.bool();
    let end_early = if f.rng.u32(..10) == 0 {
        Some(f.rng.usize(..60))
    } else {
        None
    };
    let mut mover = landlord;
    let mut last: Option<(Seat, Combo)> = None;
    for turn in 0..200 {
        if end_early == Some(turn) {
            let seat = Some(Seat::ALL[f.rng.usize(..3)]);
            let end = match f.rng.u32(..3) {
                0 => Command::Error { seat, short: false },
                1 => Command::Error { seat, short: true },
                _ => Command::GameOver { winner: seat },
            };
            f.send(&end);
            return;
        }
        if matches!(last, Some((s, _)) if s == mover) {
            last = None;
        }
        let target = last.map(|(_, c)| c);
        let options = legal_plays(hands[mover].counts(), target.as_ref());
        let cards = if mover == me && !(pass_for_us && options.len() == 1 && target.is_some()) {
            let r = f.send(&Command::PlayWhat);
            let reply = r.as_deref().map(Reply::parse);
            let cards = match reply {
                Some(Ok(Reply::Play { seat, cards })) => {
                    if !f.confused {
                        assert_eq!(seat, me);
                    }
                    cards
                }
                // A mutated PLAY WHAT may read as something else: the game is over for us.
                _ if f.confused => return,
                other => panic!("PLAY WHAT -> {:?}", other),
            };
            let legal = match cards {
                None => target.is_some(),
                Some(c) => {
                    hands[me].contains_all(c)
                        && classify(c.counts())
                            .map_or(false, |p| target.map_or(true, |t| p.beats(&t)))
                }
            };
            if !legal {
                assert!(f.confused, "illegal reply {:?} in a well-formed game", r);
                return; // the referee would end the game here
            }
            cards
        } else {
            let choice = if options.is_empty() {
                Combo::PASS
            } else {
                options[f.rng.usize(..options.len())]
            };
            let cards = if choice.is_pass() {
                None
            } else {
                hands[mover].pick(choice.cards)
            };
            f.send(&Command::Play { seat: mover, cards });
            cards
        };
        if let Some(c) = cards {
            hands[mover] = hands[mover].minus(c);
            last = classify(c.counts()).map(|p| (mover, p));
            if hands[mover].is_empty() {
                let winner = Some(mover);
                f.send(&Command::GameOver { winner });
                return;
            }
        }
        mover = mover.next();
    }
}

/// Plays `games` fuzzed games into one session after another: a new process after every
/// 500th game (after `EXIT`), its strategy from `strategy` (given the game number).
fn fuzz_run(
    seed: u64,
    games: u32,
    strategy: &dyn Fn(&mut fastrand::Rng, u32) -> Box<dyn Strategy>,
) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let first = strategy(&mut rng, 0);
    let mut f = Fuzz {
        session: Session::new(Engine::new("fuzz", first)),
        rng,
        confused: false,
        mutate_game: false,
        style: 0,
        messages: 0,
    };
    f.send(&Command::Version("1.0".into()));
    let mut confused_games = 0;
    for game in 0..games {
        f.confused = false;
        f.mutate_game = f.rng.u32(..1000) < MUTATED_GAME_PER_MILLE;
        f.style = f.rng.u32(..8);
        if game % 500 == 499 {
            f.send(&Command::Exit);
            let next = strategy(&mut f.rng, game);
            f.session = Session::new(Engine::new("fuzz", next));
        }
        fuzz_game(&mut f, game);
        confused_games += u32::from(f.confused);
    }
    // Most deals are played out (a whole game is some 40 to 60 messages to one seat).
    assert!(f.messages > 30 * u64::from(games), "{}", f.messages);
    assert!(confused_games > games / 20, "{}", confused_games);
}

#[test]
fn thousands_of_games_with_garbage_and_mutations() {
    // The greedy player, sometimes a random player after a restart.
    fuzz_run(20240601, FUZZ_GAMES, &|rng, game| {
        if game > 0 && rng.bool() {
            Box::new(RandomPlayer::new(u64::from(game)))
        } else {
            Box::new(Greedy)
        }
    });
}

/// Games in the randomized run of the thinking player (the engine's default player).
const THINKER_FUZZ_GAMES: u32 = 150;

#[test]
fn the_thinking_player_under_garbage_and_mutations() {
    // The default player on a small fixed budget, so the run stays short: hostile input must
    // reach its inference and search as it reaches the greedy player.
    fuzz_run(20240602, THINKER_FUZZ_GAMES, &|_, _| {
        let mut settings = ThinkerSettings::default();
        settings.set("samples", "2").expect("a setting");
        Box::new(Thinker::new(settings))
    });
}

#[test]
fn the_loop_stops_at_exit_and_at_end_of_input() {
    assert_eq!(
        run(b"DOUDIZHUVER 1.0\nEXIT\nDOUDIZHUVER 1.0\n"),
        ["NAME ddz"]
    );
    assert_eq!(run(b"DOUDIZHUVER 1.0"), ["NAME ddz"]);
    assert!(run(b"").is_empty());
}

/// A strategy that bids the number of the scoring rule it sees in the game state (0 official,
/// 1 team), to show the setting reaching it.
struct ScoringSpy;

impl Strategy for ScoringSpy {
    fn name(&self) -> &str {
        "spy"
    }
    fn bid(&mut self, s: &GameState, _: Deadline) -> u8 {
        match s.scoring {
            ddz::game::Scoring::Official => 0,
            ddz::game::Scoring::Team => 1,
        }
    }
    fn play(&mut self, s: &GameState, d: Deadline) -> Combo {
        Greedy.play(s, d)
    }
}

#[test]
fn the_scoring_setting_reaches_the_strategy_through_the_game_state() {
    let bid = |scoring: Option<ddz::game::Scoring>, threaded: bool| {
        let mut engine = if threaded {
            Engine::threaded(
                "spy",
                Box::new(|| Box::new(ScoringSpy) as Box<dyn Strategy>),
            )
        } else {
            Engine::new("spy", Box::new(ScoringSpy))
        };
        if let Some(s) = scoring {
            engine.set_scoring(s);
        }
        let mut session = Session::new(engine);
        let mut out = Vec::new();
        session
            .run(
                Cursor::new(
                    b"DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46\nBID WHAT\n".to_vec(),
                ),
                &mut out,
            )
            .unwrap();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(bid(None, false), "OK DEAL\nBID B0\n");
    assert_eq!(
        bid(Some(ddz::game::Scoring::Team), false),
        "OK DEAL\nBID B1\n"
    );
    assert_eq!(
        bid(Some(ddz::game::Scoring::Team), true),
        "OK DEAL\nBID B1\n"
    );
    // From the settings, as the binary reads them.
    let (config, warnings) =
        ddz::engine::EngineConfig::load(None, &["--scoring".to_string(), "team".to_string()]);
    assert!(warnings.is_empty());
    assert_eq!(bid(Some(config.scoring), true), "OK DEAL\nBID B1\n");
}

/// A log file in memory, to read what the session logged.
#[derive(Clone, Default)]
struct SharedFile(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for SharedFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every command word the fixtures' transcripts send that the parser accepts (`BID`, `PLAY`,
/// `GAMEOVER`, `GAME`, `ERR`, `EXIT`, …): what a referee really says.
fn commands_sent_in_the_fixtures() -> std::collections::BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts");
    let mut words = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "txt") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let sent = match line.strip_prefix("> ") {
                Some(s) => s,
                None => continue,
            };
            if Command::parse(sent).is_ok() {
                if let Some(word) = sent.split_whitespace().next() {
                    words.insert(word.to_ascii_uppercase());
                }
            }
        }
    }
    words
}

#[test]
fn help_is_answered_on_stderr_and_is_no_problem() {
    use ddz::engine::HELP;
    let file = SharedFile::default();
    let mut s = session();
    s.log = ddz::engine::Log::new(Some(Box::new(file.clone())));
    for asked in ["help", "HELP", "  Help \r", "?"] {
        let r = s.handle_line(asked.as_bytes(), Instant::now());
        assert_eq!(r.reply, None, "nothing on stdout for {:?}", asked);
        assert_eq!(r.note, Some(HELP), "{:?}", asked);
        assert!(!r.exit);
    }
    // An unknown command is still a problem, and gets no help.
    let r = s.handle_line(b"HELLO", Instant::now());
    assert_eq!((r.reply, r.note), (None, None));
    let log = String::from_utf8(file.0.lock().unwrap().clone()).unwrap();
    // Each log line is tagged `[PID SEAT] ` before its text.
    let problems: Vec<&str> = log
        .lines()
        .map(|l| l.split_once("] ").map_or(l, |(_, text)| text))
        .filter(|l| l.starts_with("! "))
        .collect();
    assert_eq!(problems.len(), 1, "{}", log);
    assert!(problems[0].contains("HELLO"), "{}", log);

    // The help names every command a referee sends in the fixtures.
    let words = commands_sent_in_the_fixtures();
    assert!(words.len() >= 8, "{:?}", words);
    for word in &words {
        assert!(
            HELP.to_ascii_uppercase().contains(word.as_str()),
            "{}",
            word
        );
    }
    // Its example, typed as it says, is answered: the name, the deal, a bid for seat B.
    let example = HELP
        .lines()
        .find_map(|l| l.strip_prefix("Try: "))
        .expect("an example line");
    let lines: Vec<&str> = example.trim_end_matches('.').split(", then ").collect();
    let out = run(format!("{}\n", lines.join("\n")).as_bytes());
    assert_eq!(out.len(), 3, "{:?}", out);
    assert!(out[0].starts_with("NAME "));
    assert_eq!(out[1], "OK DEAL");
    assert!(matches!(
        Reply::parse(&out[2]),
        Ok(Reply::Bid { seat: Seat::B, .. })
    ));
}

/// The built engine with `stdin`, its stdout and stderr once it ends (an `EXIT` among the
/// lines written to `feed` ends it). A guard kills it if it hangs.
#[cfg(target_os = "linux")]
fn engine_binary(
    stdin: std::process::Stdio,
    feed: &mut dyn std::io::Write,
    lines: &[u8],
) -> (String, String) {
    use std::process::{Command as Process, Stdio};
    let mut child = Process::new(env!("CARGO_BIN_EXE_ddz"))
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let _ = feed.write_all(lines);
    let _ = feed.flush();
    // A guard against a hung test, not a speed check.
    let give_up = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > give_up {
            let _ = child.kill();
            panic!("the engine did not stop at EXIT");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_binary_answers_help_on_stderr_and_keeps_stdout_protocol() {
    use ddz::engine::{HELP, TERMINAL_HINT};
    // Stdin a pipe (as from a referee): no hint; `help` lists the messages on stderr.
    let out = arena_common::ddz_fed(&[], b"help\nDOUDIZHUVER 1.0\nHELP\nEXIT\n");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{}", stdout);
    assert!(stdout.starts_with("NAME "), "{}", stdout);
    assert_eq!(stderr.matches(HELP).count(), 2, "{}", stderr);
    assert!(
        !stderr.contains(TERMINAL_HINT),
        "no hint on a pipe: {}",
        stderr
    );
    assert!(!stderr.contains("unknown command"), "{}", stderr);
}

/// A pseudo-terminal (Linux): the master to type into, the slave for the engine's stdin.
#[cfg(target_os = "linux")]
fn pseudo_terminal() -> (std::fs::File, std::fs::File) {
    use std::os::unix::io::FromRawFd;
    extern "C" {
        fn posix_openpt(flags: i32) -> i32;
        fn grantpt(fd: i32) -> i32;
        fn unlockpt(fd: i32) -> i32;
        fn ptsname(fd: i32) -> *const std::os::raw::c_char;
    }
    const O_RDWR: i32 = 2;
    const O_NOCTTY: i32 = 0o400;
    // SAFETY: plain calls on a descriptor this function owns; ptsname's string is copied at
    // once, before any other pty call could reuse its buffer.
    unsafe {
        let master = posix_openpt(O_RDWR | O_NOCTTY);
        assert!(master >= 0, "no pseudo-terminal");
        assert_eq!(grantpt(master), 0);
        assert_eq!(unlockpt(master), 0);
        let name = std::ffi::CStr::from_ptr(ptsname(master))
            .to_str()
            .unwrap()
            .to_string();
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&name)
            .unwrap();
        (std::fs::File::from_raw_fd(master), slave)
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_engine_started_in_a_terminal_says_what_it_waits_for() {
    use ddz::engine::{HELP, TERMINAL_HINT};
    let (mut master, slave) = pseudo_terminal();
    let (stdout, stderr) = engine_binary(slave.into(), &mut master, b"help\nEXIT\n");
    assert!(stdout.is_empty(), "{}", stdout);
    assert!(stderr.starts_with(TERMINAL_HINT), "{}", stderr);
    assert_eq!(stderr.matches(TERMINAL_HINT).count(), 1, "{}", stderr);
    assert!(stderr.contains(HELP), "{}", stderr);
}

/// `--log /dev/stdout` with standard output sent to a file: the log's lines and the protocol's
/// are all there, in order, none written over another (the log shares the process's stdout
/// rather than opening the device again at a position of its own).
#[test]
fn a_log_to_stdout_sent_to_a_file_keeps_every_line() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("ddz-stdout-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.txt");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["--log", "/dev/stdout"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"DOUDIZHUVER 1.0\nINFO 1,1,1,1,0,100,15\nEXIT\n")
        .unwrap();
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("# ddz engine 'ddz' starts"), "{}", text);
    let protocol: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with('['))
        .collect();
    assert_eq!(protocol, ["NAME ddz", "OK INFO"], "{}", text);
    for logged in [
        "> DOUDIZHUVER 1.0",
        "< NAME ddz",
        "> INFO 1,1,1,1,0,100,15",
        "> EXIT",
    ] {
        assert!(
            lines.iter().any(|l| l.ends_with(logged)),
            "{}: {}",
            logged,
            text
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
