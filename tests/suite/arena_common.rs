//! Shared checks for the arena tests: every recorded game replayed through the tracker
//! (`game::GameState`), an independent path from the referee's own judging; the built binary
//! run as a tool; a game line of a JSON log read back as a record.

#![allow(dead_code)]

use ddz::arena::wire::json::{GameLine, ResultLine};
use ddz::arena::GameRecord;
use ddz::arena::{run, ArenaConfig};
use ddz::cards::{Cards, Rank};
use ddz::game::{BySeat, GameState, Seat};
use ddz::rules::Kind;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output};

/// The start of a fake engine in Python ([`script_once`] writes it before the engine's own
/// text): the referee's lines read as `(COMMAND, argument)` pairs, the argument without its
/// spaces (blank lines skipped), and a list of card codes read from text.
pub const PY_ENGINE_START: &str = r#"
import sys
def codes(text):
    return [int(c) for c in text.split(",") if c != ""]
def commands():
    for raw in sys.stdin:
        parts = raw.strip().split(None, 1)
        if parts:
            yield parts[0].upper(), (parts[1].replace(" ", "") if len(parts) > 1 else "")
"#;

/// A fresh scratch directory for one test.
/// A script for a fake engine in Python, [`PY_ENGINE_START`] then `text`, written once per test
/// process under `folder` (in the temporary directory, named with the process id) as `file`:
/// the tests run in parallel, and a
/// rewrite (truncate, then write) while another test's python3 is reading the file gave that
/// python3 an empty program, which exits at once with status 0 (a "crash" where a late reply
/// was expected). `written` is the caller's own `static Once`.
#[allow(dead_code)]
pub fn script_once(
    written: &'static std::sync::Once,
    folder: &str,
    file: &str,
    text: &str,
) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{}-{}", folder, std::process::id()));
    let path = dir.join(file);
    written.call_once(|| {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, format!("{}{}", PY_ENGINE_START, text)).unwrap();
    });
    path
}

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-test-{}-{}", name, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the built binary with `args`, whatever it exits with (a refusal is checked by the
/// caller).
pub fn ddz_output(args: &[&str]) -> Output {
    Process::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .output()
        .expect("ddz runs")
}

/// Runs the built binary with `args` and `input` on its stdin (closed after it), whatever it
/// exits with: a person's typing, or a referee's lines.
pub fn ddz_fed(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Process::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddz starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input)
        .expect("ddz reads its input");
    child.wait_with_output().unwrap()
}

/// Runs the built binary with `args`; it must succeed. Returns its stdout.
pub fn ddz(args: &[&str]) -> String {
    let out = ddz_output(args);
    assert!(
        out.status.success(),
        "ddz {:?} failed: {}",
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs the built binary with `args`: whether it succeeded, its standard output and error.
pub fn ddz_parts(args: &[&str]) -> (bool, String, String) {
    let out = ddz_output(args);
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// A path as a command-line argument.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A game line of the log as the arena's record (the log's reader, the players labelled by
/// the line's own names), for the shared tracker check.
pub fn record_of(line: &str) -> GameRecord {
    let g = GameLine::read(line).unwrap();
    g.to_record(&g.players).unwrap()
}

/// Runs a match and returns every game in deal order.
pub fn play(config: &ArenaConfig) -> (ddz::arena::count::report::Report, Vec<GameRecord>) {
    let mut games = Vec::new();
    let report = run(config, &mut |deal| {
        games.extend_from_slice(deal);
        Ok(())
    })
    .expect("the match runs");
    (report, games)
}

/// Replays `g` through a tracker for each seat and checks every play is legal, the cards are
/// conserved (54, each in exactly one place) at every point, and the result and score agree.
/// Games ended by a fault are checked up to the fault.
pub fn check_game(g: &GameRecord) {
    assert!(
        g.deal.is_valid(),
        "deal {} is not a whole deck",
        g.deal_index
    );
    let mut trackers = BySeat::from_fn(|s| GameState::new(s, g.deal.hands[s]));
    for &(seat, bid) in &g.bids {
        for t in trackers.0.iter_mut() {
            t.record_bid(seat, bid).expect("a legal bid");
        }
    }
    let faulted = g.errors.iter().any(|e| e.scored);
    assert_eq!(g.scores.0.iter().sum::<i32>(), 0, "scores are zero-sum");
    let landlord = match g.landlord {
        Some(l) => l,
        None => {
            assert!(g.plays.is_empty());
            if !faulted {
                assert!(g.bids.iter().all(|b| b.1 == 0) || g.bids.is_empty());
                assert_eq!(g.scores.0, [0, 0, 0]);
            }
            return;
        }
    };
    for t in trackers.0.iter_mut() {
        t.set_landlord(landlord, g.deal.bottom)
            .expect("consistent bottom");
    }
    let mut held = g.deal.hands;
    held[landlord] = held[landlord].or(g.deal.bottom);
    let mut played = Cards::EMPTY;
    for &(seat, cards) in &g.plays {
        for (observer, t) in trackers.0.iter_mut().enumerate() {
            t.record_play(seat, cards).unwrap_or_else(|e| {
                panic!(
                    "deal {} seating {}: {} plays {:?}, tracker of {} says {}",
                    g.deal_index, g.seating, seat, cards, observer, e
                )
            });
        }
        if let Some(c) = cards {
            assert!(held[seat].contains_all(c));
            held[seat] = held[seat].minus(c);
            assert!(played.and(c).is_empty());
            played = played.or(c);
        }
        let mut all = played;
        let mut total = played.len();
        for (_, h) in held.iter() {
            assert!(all.and(*h).is_empty(), "a card in two places");
            all = all.or(*h);
            total += h.len();
        }
        assert_eq!((all, total), (Cards::DECK, 54), "54 cards at every point");
        for (s, h) in held.iter() {
            assert_eq!(trackers[s].hand, *h);
            assert_eq!(trackers[Seat::A].cards_left[s] as usize, h.len());
        }
    }
    if faulted {
        return;
    }
    let winner = g.winner.expect("a finished game has a winner");
    assert!(held[winner].is_empty(), "the winner emptied its hand");
    assert_eq!(trackers[Seat::A].winner(), Some(winner));
    // The multiplier by SPEC's rule, computed here from the cards played (not with the score
    // module): a bomb is four cards of one rank, the rocket the two jokers.
    let played: Vec<(Seat, Vec<u8>)> = g
        .plays
        .iter()
        .filter_map(|(s, c)| c.map(|c| (*s, c.codes().collect())))
        .collect();
    let is_bomb =
        |codes: &[u8]| codes.len() == 4 && codes.iter().all(|&c| c < 52 && c / 4 == codes[0] / 4);
    let bombs = played.iter().filter(|(_, c)| is_bomb(c)).count() as i32;
    let rocket = played.iter().any(|(_, c)| c[..] == [52, 53]);
    let lord_plays = played.iter().filter(|(s, _)| *s == landlord).count();
    let farmer_plays = played.len() - lord_plays;
    let spring =
        (winner == landlord && farmer_plays == 0) || (winner != landlord && lord_plays == 1);
    let mut expected = 1;
    if bombs > 0 {
        expected *= 1 + bombs;
    }
    if rocket {
        expected *= 2;
    }
    if spring {
        expected *= 2;
    }
    assert_eq!(g.multiplier, expected);
    // The tracker read the same bombs from its own history.
    let t = &trackers[Seat::A];
    let tracked = t
        .history
        .iter()
        .filter(|h| h.combo.kind == Kind::Bomb)
        .count();
    assert_eq!(
        (tracked as i32, t.counted.bombs as i32, t.counted.rocket),
        (bombs, bombs, rocket)
    );
    let unit = 100 * g.base as i32 * expected;
    for s in Seat::ALL {
        let sign = if (s == landlord) == (winner == landlord) {
            1
        } else {
            -1
        };
        let share = if s == landlord { 2 } else { 1 };
        assert_eq!(g.scores[s], sign * share * unit, "score of {}", s);
    }
}

/// The penalty the official rule gives for a fault by `offender` in `g`, computed here
/// without the score module.
pub fn expected_penalty(g: &GameRecord, offender: Seat) -> [i32; 3] {
    let landlord = match g.landlord {
        None => {
            let mut p = [350; 3];
            p[offender.index()] = -700;
            return p;
        }
        Some(l) => l,
    };
    let mut bombs = 0;
    let mut rocket = false;
    for s in Seat::ALL {
        let mut hand = g.deal.hands[s];
        if s == landlord {
            hand = hand.or(g.deal.bottom);
        }
        let counts = hand.counts();
        for r in Rank::ALL {
            if counts.get(r) == 4 {
                bombs += 1;
            }
        }
        if counts.get(Rank::SMALL_JOKER) + counts.get(Rank::BIG_JOKER) == 2 {
            rocket = true;
        }
    }
    let unit = (bombs + 1) * g.base as i32 * 100 * if rocket { 2 } else { 1 };
    // Every other seat is paid the unit, the landlord twice it; the offender pays it all.
    let mut p = [0; 3];
    for s in Seat::ALL.iter().filter(|&&s| s != offender) {
        let paid = if *s == landlord { 2 * unit } else { unit };
        p[s.index()] = paid;
        p[offender.index()] -= paid;
    }
    p
}

/// The `RESULT {...}` line of an arena run's output, read, without its wall-clock figures
/// (`seconds`, and each player's `reply_ms`), which differ between runs of the same games.
pub fn result_without_clock(stdout: &str) -> ResultLine {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("RESULT "))
        .unwrap_or_else(|| panic!("no RESULT line in {}", stdout));
    let mut result = ResultLine::read(line).expect("RESULT is its JSON");
    result.seconds = 0.0;
    for p in &mut result.players {
        p.reply_ms = Default::default();
    }
    result
}
