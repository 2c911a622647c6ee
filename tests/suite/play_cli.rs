//! `ddz play` driven through stdin, as a person would: a scripted person reads each prompt,
//! tries garbage, cards not held, non-plays, plays that do not beat, a pass on a free lead,
//! `?` and `hint`, then plays; the table shown at each turn is checked against the saved game
//! log replayed through the tracker, and the log against `ddz replay` and the arena's deals.

use crate::arena_common;

use arena_common::{check_game, ddz, ddz_fed, expected_penalty, record_of, temp_dir};
use ddz::cards::{Counts, Rank};
use ddz::game::deal::Deal;
use ddz::game::{GameState, Seat};
use ddz::play::spaced;
use ddz::rules::{classify, legal_plays, Combo};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A guard against a hung test, not a measure of speed: the opponents answer in milliseconds.
const HANG_GUARD: Duration = Duration::from_secs(120);
/// Deals the scripted person plays at most to meet every kind of input (one is usually
/// enough: it leads, follows, and has lower plays to try).
const MAX_DEALS: u64 = 6;

/// `ddz play` on pipes, read prompt by prompt.
struct Session {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<Vec<u8>>,
    pending: String,
    /// Everything the session printed so far.
    all: String,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Process::new(env!("CARGO_BIN_EXE_ddz"))
            .arg("play")
            .args(args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ddz play starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            output,
            pending: String::new(),
            all: String::new(),
        }
    }

    /// The text up to the next prompt (`> ` at the start of a line), or to the end of the
    /// output (`None` then).
    fn until_prompt(&mut self) -> (String, bool) {
        loop {
            if self.pending.ends_with("\n> ") || self.pending == "> " {
                let text = std::mem::take(&mut self.pending);
                return (text[..text.len() - 2].to_string(), true);
            }
            match self.output.recv_timeout(HANG_GUARD) {
                Ok(bytes) => {
                    let text = String::from_utf8(bytes).expect("UTF-8 output");
                    self.all.push_str(&text);
                    self.pending.push_str(&text);
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return (std::mem::take(&mut self.pending), false)
                }
                Err(e) => panic!("ddz play hangs ({}); so far:\n{}", e, self.all),
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{}", line).unwrap();
    }

    /// Sends `line` and expects the answer, up to the next prompt, to contain `want`.
    fn expect(&mut self, line: &str, want: &str) -> String {
        self.send(line);
        let (text, prompted) = self.until_prompt();
        assert!(prompted, "'{}' ended the session:\n{}", line, text);
        assert!(
            text.contains(want),
            "'{}' should answer '{}', got:\n{}",
            line,
            want,
            text
        );
        text
    }
}

/// The prompt's kind: its last line.
fn last_line(text: &str) -> &str {
    text.trim_end_matches('\n').lines().last().unwrap_or("")
}

/// The highest bid in the table's seat lines (`   A           bid 3`; 0 when none).
fn shown_highest_bid(text: &str) -> u8 {
    text.lines()
        .filter_map(|l| {
            let (_, bid) = l.trim_end().rsplit_once(" bid ")?;
            bid.parse::<u8>().ok()
        })
        .max()
        .unwrap_or(0)
}

/// The bids a refusal offers: the digits after its last `: ` (`… : the legal bids are 0 (no
/// bid), 2 or 3`), of its first line.
fn offered_bids(refusal: &str) -> Vec<u8> {
    let line = refusal.lines().find(|l| l.contains("bid")).unwrap_or("");
    line.rsplit(": ")
        .next()
        .unwrap_or("")
        .chars()
        .filter_map(|c| c.to_digit(10))
        .map(|d| d as u8)
        .collect()
}

/// The person's hand as shown at a turn.
fn shown_hand(text: &str) -> Counts {
    let line = text
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with("your hand ("))
        .unwrap_or_else(|| panic!("no hand shown in:\n{}", text));
    let (head, cards) = line.split_once("):").unwrap();
    let counts: Counts = cards.parse().unwrap();
    let n: u32 = head
        .trim()
        .trim_start_matches("your hand (")
        .parse()
        .unwrap();
    assert_eq!(counts.total(), n, "the count shown is the hand's: {}", line);
    counts
}

/// The play to beat in a play prompt (`None` on a lead).
fn shown_target(prompt: &str) -> Option<Combo> {
    if prompt.contains("you lead") {
        return None;
    }
    // "beat 33344 (…) or p to pass", or "nothing of yours beats 33344 (…): p to pass".
    let after = prompt.split("beat").nth(1)?.trim_start_matches('s');
    let cards = after.trim().split(" (").next().unwrap();
    Some(classify(cards.parse().unwrap()).expect("the target is a play"))
}

/// What the table showed at one of the person's turns.
#[derive(Debug)]
struct Shown {
    counts: Vec<(Seat, u8)>,
    landlord: Option<Seat>,
    bottom: String,
    trick: String,
    multiplier: String,
}

/// The table shown at a turn: `ddz play` prints only the lines that changed since the last
/// turn of the game, so what a turn does not show is what `before` showed.
fn shown_table(text: &str, me: Seat, before: Option<&Shown>) -> Shown {
    let now = shown_lines(text, me);
    let before = match before {
        Some(b) => b,
        None => return now,
    };
    let mut counts = before.counts.clone();
    for &(seat, n) in &now.counts {
        counts.retain(|c| c.0 != seat);
        counts.push((seat, n));
    }
    let or = |a: &String, b: &String| if a.is_empty() { b.clone() } else { a.clone() };
    Shown {
        counts,
        landlord: now.landlord.or(before.landlord),
        bottom: or(&now.bottom, &before.bottom),
        trick: or(&now.trick, &before.trick),
        multiplier: or(&now.multiplier, &before.multiplier),
    }
}

fn shown_lines(text: &str, me: Seat) -> Shown {
    let mut counts = Vec::new();
    let mut trick = String::new();
    let mut multiplier = String::new();
    let mut landlord = None;
    let mut bottom = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(m) = line.split("multiplier ").nth(1) {
            multiplier = m.split_whitespace().next().unwrap().to_string();
        }
        if let Some(b) = line.split("bottom ").nth(1) {
            bottom = b.split(" · ").next().unwrap().to_string();
        }
        if let Some(t) = line.trim_start().strip_prefix("trick: ") {
            trick = t.to_string();
        }
        if let Some(t) = line.trim_start().strip_prefix("last trick: ") {
            trick = t.to_string();
        }
        if words.len() >= 3
            && words[0].len() == 1
            && (words[1] == "landlord" || words[1] == "farmer")
        {
            let seat: Seat = words[0].parse().unwrap();
            if words[1] == "landlord" {
                assert_eq!(landlord, None, "one landlord");
                landlord = Some(seat);
            }
            if seat == me {
                assert_eq!(words[2], "you");
            } else {
                counts.push((seat, words[2].parse().unwrap()));
            }
        }
    }
    Shown {
        counts,
        landlord,
        bottom,
        trick,
        multiplier,
    }
}

/// A rank the hand lacks, typed as one card.
fn not_held(hand: Counts) -> Option<String> {
    Rank::ALL
        .iter()
        .find(|&&r| hand.get(r) == 0)
        .map(|r| r.symbol().to_string())
}

/// Two cards of different ranks (no rocket): no play.
fn not_a_play(hand: Counts) -> Option<String> {
    let ranks: Vec<Rank> = hand.ranks().filter(|&r| r < Rank::SMALL_JOKER).collect();
    if ranks.len() >= 2 {
        Some(format!("{}{}", ranks[0].symbol(), ranks[1].symbol()))
    } else {
        None
    }
}

/// A play of the hand that does not beat `target`.
fn too_low(hand: Counts, target: &Combo) -> Option<String> {
    legal_plays(hand, None)
        .into_iter()
        .find(|c| !c.beats(target))
        .map(|c| c.to_string())
}

/// The plays listed by `?`, and the count it announces.
fn listed(text: &str) -> (Vec<String>, usize, bool) {
    let mut plays = Vec::new();
    let mut count = 0;
    let mut cut = false;
    let mut inside = false;
    for line in text.lines() {
        if let Some(rest) = line.trim_start().strip_prefix("legal plays (") {
            count = rest.trim_end_matches("):").parse().unwrap();
            inside = true;
            continue;
        }
        if inside && line.starts_with("     ") && line.len() > 30 {
            let words = &line[30..];
            cut |= words.contains('…');
            plays.extend(
                words
                    .split_whitespace()
                    .take_while(|w| *w != "…")
                    .map(String::from),
            );
        }
    }
    (plays, count, cut)
}

#[test]
fn a_scripted_person_plays_a_whole_game() {
    let dir = temp_dir("game");
    let saved = dir.join("session.jsonl");
    let seed = 11u64;
    let me = Seat::C;
    // A short think keeps a searching default player quick; the rules player ignores it.
    let mut s = Session::start(&[
        "--seed",
        &seed.to_string(),
        "--seat",
        "C",
        "--think",
        "0.05",
    ]);
    let mut shown: Vec<Shown> = Vec::new();
    let (mut text, mut prompted) = s.until_prompt();
    let mut tried_bid = false;
    let (mut tried_garbage, mut tried_lead_pass, mut tried_low, mut tried_list) =
        (false, false, false, false);
    let mut games_ended = 0u64;
    let mut expected_shown = false;
    while prompted {
        let prompt = last_line(&text).to_string();
        if prompt.starts_with("your bid") {
            if !tried_bid {
                tried_bid = true;
                s.expect("zz", "is not a bid");
                s.expect("?", "legal bids:");
                s.expect("hint", "hint:");
                // A refused bid offers exactly the bids legal after those the table shows.
                let highest = shown_highest_bid(&text);
                let legal: Vec<u8> = (0..=3).filter(|&b| b == 0 || b > highest).collect();
                let refused = s.expect("5", "is not a bid");
                assert_eq!(offered_bids(&refused), legal, "{}\n{}", text, refused);
                if highest > 0 {
                    let refused = s.expect(&highest.to_string(), "is not above");
                    assert_eq!(offered_bids(&refused), legal, "{}\n{}", text, refused);
                }
            }
            let bid = if prompt.contains('3') { "3" } else { "p" };
            s.send(bid);
        } else if prompt.starts_with("your play") {
            assert!(!text.contains('\x1b'), "no colour on a pipe");
            // A new game's first table is shown whole, so it overrides what the last game left.
            let table = shown_table(&text, me, shown.last());
            shown.push(table);
            let hand = shown_hand(&text);
            let target = shown_target(&prompt);
            let legal = legal_plays(hand, target.as_ref());
            if !tried_garbage {
                tried_garbage = true;
                s.expect("hello?", "cannot read 'hello?'");
                if let Some(t) = not_held(hand) {
                    s.expect(&t, "not in your hand");
                }
                if let Some(t) = not_a_play(hand) {
                    s.expect(&t.to_lowercase(), "not a play");
                }
            }
            if target.is_none() && !tried_lead_pass {
                tried_lead_pass = true;
                s.expect("pass", "a pass is not allowed");
            }
            if let Some(t) = target.as_ref() {
                if !tried_low {
                    if let Some(low) = too_low(hand, t) {
                        tried_low = true;
                        s.expect(&low, "does not beat");
                    }
                }
            }
            if !tried_list || legal.len() <= 30 {
                tried_list = true;
                let answer = s.expect("?", "legal plays (");
                let (plays, count, cut) = listed(&answer);
                assert_eq!(count, legal.len(), "{}", answer);
                if !cut {
                    let mut want: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
                    let mut got = plays.clone();
                    want.sort();
                    got.sort();
                    assert_eq!(got, want, "? lists exactly the legal plays");
                }
            }
            let answer = s.expect("HINT", "hint: ");
            let hint = answer
                .split("hint: ")
                .nth(1)
                .unwrap()
                .lines()
                .next()
                .unwrap();
            // `hint: PLAY (kind) · expected score +N`: the thinking player's search gives the
            // score when it compared candidates.
            expected_shown |= hint.contains(" · expected score ");
            let play = hint
                .split(" · ")
                .next()
                .unwrap()
                .split(" (")
                .next()
                .unwrap()
                .trim();
            let combo = if play == "pass" {
                Combo::PASS
            } else {
                classify(play.parse().unwrap()).unwrap()
            };
            assert!(legal.contains(&combo), "the hint {} is legal", hint);
            // Play the hint, typed in another order and case to exercise the reading.
            let typed: String = if play == "pass" {
                "p".into()
            } else if play == "Q" {
                // A lone queen is `Q`: `q` quits.
                "Q".into()
            } else {
                play.chars().rev().collect::<String>().to_lowercase()
            };
            s.send(&typed);
        } else if prompt.starts_with("next deal") {
            let deal = Deal::seeded(seed, games_ended);
            games_ended += 1;
            let all_tried = tried_garbage && tried_lead_pass && tried_low && tried_list;
            if text.contains("nobody bid") {
                s.send("");
            } else if !all_tried && games_ended < MAX_DEALS {
                // Some kind of input had no occasion yet (the course of a game is the
                // opponents'): on to the next deal.
                s.send("");
            } else {
                for seat in Seat::ALL {
                    assert!(
                        text.contains(&deal.hands[seat].to_string()),
                        "every hand as dealt:\n{}",
                        text
                    );
                }
                assert!(text.contains("emptied its hand"), "{}", text);
                assert!(text.contains("score: A "), "{}", text);
                s.expect("what now", "type Enter, s FILE or q");
                s.expect("s", "needs a file name");
                s.expect(&format!("s {}", saved.display()), "saved");
                s.send("q");
            }
        } else {
            panic!("unknown prompt '{}':\n{}", prompt, text);
        }
        let next = s.until_prompt();
        text = next.0;
        prompted = next.1;
    }
    assert!(text.contains("session over"), "{}", text);
    assert!(s.child.wait().unwrap().success());
    assert!(
        tried_bid && tried_garbage && tried_lead_pass && tried_low && tried_list,
        "every kind of input was tried within {} deals",
        MAX_DEALS
    );
    assert!(games_ended >= 1);
    assert!(expected_shown, "a hint showed the search's expected score");

    // The log: the last game, replayed through the tracker (every play legal, the score by
    // the official rule), shown by `ddz replay`, dealt as the arena deals.
    let log = std::fs::read_to_string(&saved).unwrap();
    // The first line: the build and the session's settings, as a command line.
    match ddz::arena::wire::json::LogLine::read(log.lines().next().unwrap()).unwrap() {
        ddz::arena::wire::json::LogLine::Header { arena } => {
            assert_eq!(arena.version, ddz::VERSION);
            assert_eq!(arena.command[0], "play");
            let at = arena.command.iter().position(|w| w == "--seed").unwrap();
            assert_eq!(arena.command[at + 1], seed.to_string());
        }
        other => panic!("{:?}", other),
    }
    let line = log.lines().last().unwrap();
    let record = record_of(line);
    check_game(&record);
    assert!(record.winner.is_some());
    assert_eq!(record.deal, Deal::seeded(seed, record.deal_index as u64));
    let replay = ddz(&[
        "replay",
        saved.to_str().unwrap(),
        "--game",
        &(log.lines().count() - 1).to_string(),
    ]);
    let score = format!(
        "score: A {}  B {}  C {}",
        record.scores[Seat::A],
        record.scores[Seat::B],
        record.scores[Seat::C]
    );
    assert!(replay.contains(&score), "{}\n{}", score, replay);
    assert!(s.all.contains(&score), "the session showed the same score");
    let arena_log = dir.join("arena.jsonl");
    ddz(&[
        "arena",
        "--seed",
        &seed.to_string(),
        "--games",
        &(record.deal_index + 1).to_string(),
        "--json",
        arena_log.to_str().unwrap(),
        "--no-progress",
        "--jobs",
        "1",
    ]);
    let arena_text = std::fs::read_to_string(&arena_log).unwrap();
    // After the log's header line.
    let arena_game = record_of(arena_text.lines().nth(record.deal_index + 1).unwrap());
    assert_eq!(
        arena_game.deal, record.deal,
        "the arena deals the same cards for the seed"
    );

    // What the table showed at each of the person's turns, against the tracker on the log.
    let landlord = record.landlord.unwrap();
    let mut tracker = GameState::new(me, record.deal.hands[me]);
    for &(seat, bid) in &record.bids {
        tracker.record_bid(seat, bid).unwrap();
    }
    tracker.set_landlord(landlord, record.deal.bottom).unwrap();
    let mut turns = shown
        .iter()
        .skip(shown.len() - record.plays.iter().filter(|p| p.0 == me).count());
    for &(seat, cards) in &record.plays {
        if seat == me {
            let table = turns.next().unwrap();
            assert_eq!(table.landlord, Some(landlord), "{:?}", table);
            assert_eq!(table.bottom, spaced(record.deal.bottom.counts()));
            assert_eq!(
                table.counts.len(),
                2,
                "both other seats' counts: {:?}",
                table
            );
            for &(other, n) in &table.counts {
                assert_eq!(n, tracker.cards_left[other], "cards of {} shown", other);
            }
            assert_eq!(table.multiplier, format!("x{}", tracker.multiplier()));
            if let Some((last_seat, combo)) = tracker.last {
                assert!(
                    table.trick.contains(&format!("{} {}", last_seat, combo)),
                    "{:?}",
                    table
                );
            }
        }
        tracker.record_play(seat, cards).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ddz play` at seat A of seed 3 with a fixed landlord, so that deal 0 has the person as the
/// landlord, who leads; `more` flags, the session saved to `saved`, `typed` as the person's input.
fn play_as_landlord(more: &[&str], saved: &Path, typed: &[u8]) -> std::process::Output {
    let mut args = vec!["play", "--seed", "3", "--seat", "a", "--fixed-landlord"];
    args.extend_from_slice(more);
    args.extend_from_slice(&["--save", saved.to_str().unwrap()]);
    ddz_fed(&args, typed)
}

#[test]
fn a_person_who_leaves_pays_the_fault_and_the_session_ends() {
    // Fixed landlord, deal 0: seat A is the landlord, here the person, who leads; one opponent
    // is an external engine (this binary over pipes). Pass on the lead is refused, then `q`.
    let engine = env!("CARGO_BIN_EXE_ddz");
    let dir = temp_dir("leave");
    let saved = dir.join("left.jsonl");
    let out = play_as_landlord(
        &["--think", "0.05", "--opponents", "builtin:greedy", engine],
        &saved,
        b"p\n\nq\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let deal = Deal::seeded(3, 0);
    for want in [
        "landlord A (no bidding, base 1)",
        "multiplier x1",
        "17 cards",
        "your hand (20)",
        "you lead",
        "a pass is not allowed",
        "scored as a fault",
        "session over",
    ] {
        assert!(text.contains(want), "'{}' missing from:\n{}", want, text);
    }
    assert!(text.contains(&format!("bottom {}", spaced(deal.bottom.counts()))));
    let hand = deal.hands[Seat::A].or(deal.bottom).counts();
    assert!(text.contains(&spaced(hand)), "the hand, spaced by rank");
    let record = record_of(
        std::fs::read_to_string(&saved)
            .unwrap()
            .lines()
            .nth(1)
            .unwrap(),
    );
    check_game(&record);
    assert_eq!(record.scores.0, expected_penalty(&record, Seat::A));
    let _ = std::fs::remove_dir_all(&dir);

    // The end of input is leaving too, at any prompt.
    let out = Process::new(engine)
        .args(["play", "--seed", "3"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("session over"));
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["play", "--seat", "Z"][..],
        &["play", "--opponents", "builtin:nobody"],
        &["play", "--think", "-1"],
        &["play", "--seed", "x"],
        &["play", "--opponents"],
        &["play", "--bogus"],
    ] {
        let out = Process::new(env!("CARGO_BIN_EXE_ddz"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{:?} should fail", args);
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn q_during_a_game_asks_first_and_the_record_says_the_person_left() {
    let dir = temp_dir("leave-asked");
    let saved = dir.join("asked.jsonl");
    // Help, then q declined (the game goes on), then q confirmed.
    let out = play_as_landlord(
        &["--opponents", "builtin:greedy"],
        &saved,
        b"help\nq\nn\nq\ny\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("expected score is the engine's estimate"),
        "{}",
        text
    );
    assert_eq!(text.matches("leave this game?").count(), 2, "{}", text);
    assert!(text.contains("the game goes on"), "{}", text);
    assert!(text.contains("A left: typed q and confirmed"), "{}", text);
    assert!(!text.contains("crashed"), "{}", text);
    let line = std::fs::read_to_string(&saved).unwrap();
    let record = record_of(line.lines().nth(1).unwrap());
    assert_eq!(record.errors.len(), 1, "{}", line);
    assert_eq!(record.errors[0].kind, ddz::arena::FaultKind::Left);
    assert_eq!(record.scores.0, expected_penalty(&record, Seat::A));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the person typed comes back bounded (a pasted page is not echoed whole) and with its
/// control characters named (never "''"), at a bid and at a play.
#[test]
fn what_the_person_typed_is_quoted_bounded_and_visible() {
    let mut typed = "Z".repeat(5000).into_bytes();
    typed.extend_from_slice(b"\n\x01\n0\nq\ny\n");
    let out = ddz_fed(
        &[
            "play",
            "--seed",
            "11",
            "--seat",
            "C",
            "--opponents",
            "builtin:rules",
            "builtin:rules",
        ],
        &typed,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().all(|l| l.chars().count() < 300), "{}", text);
    assert!(text.contains("more characters) is not a bid"), "{}", text);
    assert!(text.contains("'\\u{1}' is not a bid"), "{}", text);

    let dir = temp_dir("typed");
    let mut typed = "Z".repeat(5000).into_bytes();
    typed.extend_from_slice(b"\n3\x01\nq\ny\n");
    let out = play_as_landlord(
        &["--opponents", "builtin:rules", "builtin:rules"],
        &dir.join("typed.jsonl"),
        &typed,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().all(|l| l.chars().count() < 300), "{}", text);
    assert!(text.contains("cannot read 'ZZZZ"), "{}", text);
    assert!(
        text.contains("cannot read '3\\u{1}': '\\u{1}' is not a card"),
        "{}",
        text
    );
    let _ = std::fs::remove_dir_all(&dir);
}
