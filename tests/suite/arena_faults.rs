//! Deliberately broken external players: a small Python engine that plays legally (lowest
//! single when leading, pass when following, bid 0) except at its Nth `PLAY WHAT` in every
//! second game of a process, where it misbehaves in one chosen way. Each fault must be caught with the right kind,
//! penalised by the official rule, and survived: the program is restarted and the match goes on.

use crate::arena_common;

use arena_common::{check_game, expected_penalty, play};
use ddz::arena::FaultKind;
use ddz::arena::{ArenaConfig, Format};
use ddz::game::Seat;
use std::path::PathBuf;
use std::sync::Once;
use std::time::Duration;

const PLAYER: &str = r#"
import time
mode = sys.argv[1]
nth = int(sys.argv[2])
hand, me, passes, asked, games = [], None, 2, 0, 0
def out(s):
    sys.stdout.write(s + "\n")
    sys.stdout.flush()
for cmd, arg in commands():
    if cmd == "DOUDIZHUVER":
        out("NAME broken-" + mode)
    elif cmd == "INFO":
        out("OK INFO")
    elif cmd == "DEAL":
        me, hand, passes, asked, games = arg[0], sorted(codes(arg[1:])), 2, 0, games + 1
        out("OK DEAL")
    elif cmd == "BID":
        out("BID %s0" % me if arg.upper() == "WHAT" else "OK BID")
    elif cmd == "LEFTOVER":
        if arg[0] == me:
            hand = sorted(hand + codes(arg[1:]))
        passes = 2
        out("OK LEFTOVER")
    elif cmd == "PLAY" and arg.upper() == "WHAT":
        asked += 1
        lead = passes >= 2
        if mode == "passlead" and lead and asked >= nth and games % 2 == 0:
            out("PLAY %s-1" % me)
            continue
        if asked == nth and games % 2 == 0:
            if mode == "illegal":
                out("PLAY %s%d" % (me, min(c for c in range(54) if c not in hand)))
                continue
            if mode == "late":
                time.sleep(60)
            if mode == "crash":
                sys.exit(3)
            if mode == "garbage":
                out("HELLO THERE")
                continue
            if mode == "seat":
                out("PLAY %s-1" % ("B" if me == "A" else "A"))
                continue
        if lead:
            out("PLAY %s%d" % (me, hand.pop(0)))
            passes = 0
        else:
            out("PLAY %s-1" % me)
            passes += 1
    elif cmd == "PLAY":
        passes = passes + 1 if arg.endswith("-1") else 0
        out("OK PLAY")
    elif cmd in ("GAMEOVER", "GAME"):
        out("OK GAMEOVER")
    elif cmd == "ERROR":
        out("OK ERROR")
    elif cmd == "EXIT":
        sys.exit(0)
"#;

/// The player's script, written once per test process ([`arena_common::script_once`]).
fn script() -> PathBuf {
    static WRITTEN: Once = Once::new();
    arena_common::script_once(&WRITTEN, "ddz-arena-faults", "player.py", PLAYER)
}

/// Runs `deals` deals with the broken player rotated through the seats (duplicate) against
/// built-ins, and checks every fault.
fn run_broken(mode: &str, nth: u32, kind: FaultKind, deals: usize, time: f64) -> u64 {
    run_broken_with(mode, nth, kind, deals, time, false)
}

/// As [`run_broken`]; with `fixed` the landlord is given by the deal (no bidding), so the
/// broken player, which never bids, also leads.
fn run_broken_with(
    mode: &str,
    nth: u32,
    kind: FaultKind,
    deals: usize,
    time: f64,
    fixed: bool,
) -> u64 {
    let spec = format!("python3 {} {} {}", script().display(), mode, nth);
    let mut config = ArenaConfig {
        players: vec![spec, "builtin:random".into(), "builtin:greedy".into()],
        format: Format::Duplicate,
        games: deals,
        seed: 3,
        jobs: 2,
        ..ArenaConfig::default()
    };
    config.rules.time = Duration::from_secs_f64(time);
    config.rules.transcripts = true;
    config.rules.fixed_landlord = fixed;
    let (report, games) = play(&config);
    let mut faults = 0;
    for g in &games {
        check_game(g);
        let scored: Vec<_> = g.errors.iter().filter(|e| e.scored).collect();
        assert!(scored.len() <= 1);
        let broken_seat = g.lineup.iter().find(|(_, &e)| e == 0).unwrap().0;
        if let Some(e) = scored.first() {
            faults += 1;
            assert_eq!(e.seat, broken_seat, "only the broken player errs: {:?}", e);
            assert_eq!(e.kind, kind, "{}", e.detail);
            if kind == FaultKind::Late {
                // The planted one, at a question (not a slow start-up's handshake).
                assert!(e.detail.contains("PLAY WHAT"), "{}", e.detail);
            }
            assert_eq!(g.scores.0, expected_penalty(g, e.seat), "{:?}", g.errors);
            assert!(g.winner.is_none());
            // The others were told, and acknowledged.
            let t = g.transcripts.as_ref().unwrap();
            for s in Seat::ALL {
                if s != e.seat {
                    assert!(t[s].contains(&format!("> ERROR {}\n< OK ERROR\n", e.seat)));
                }
            }
        } else {
            assert!(g.winner.is_some() || g.landlord.is_none());
        }
        assert!(g.errors.iter().all(|e| e.seat == broken_seat));
    }
    assert!(
        faults > 1,
        "{}: the fault recurs after a restart ({} faults)",
        mode,
        faults
    );
    assert_eq!(report.players[0].error_total(), faults);
    assert_eq!(report.players[1].error_total(), 0);
    // Survived: the match played every game, and some games after a fault ended normally.
    assert_eq!(games.len(), deals * 3);
    assert!(
        games.iter().any(|g| g.winner.is_some()),
        "some games finish normally"
    );
    faults
}

#[test]
fn illegal_plays_are_caught_and_penalised() {
    run_broken("illegal", 2, FaultKind::Illegal, 4, 15.0);
    run_broken_with("passlead", 1, FaultKind::Illegal, 4, 15.0, true);
}

#[test]
fn malformed_and_wrong_seat_replies_are_caught() {
    run_broken("garbage", 2, FaultKind::Malformed, 4, 15.0);
    run_broken("seat", 2, FaultKind::WrongSeat, 4, 15.0);
}

#[test]
fn crashes_are_caught_and_the_program_restarted() {
    run_broken("crash", 3, FaultKind::Crashed, 4, 15.0);
}

/// The reply limit of the late-reply test: each fault waits it out, so it is short; every
/// other reply (a restarted python3's start-up included, under a second on a loaded machine)
/// still comes well inside it. The late reply never comes (a minute's sleep, and the program
/// is stopped at its fault).
const LATE_TEST_LIMIT: f64 = 2.0;

#[test]
fn late_replies_are_caught() {
    // Two deals on two threads: a fault on each, waited out side by side.
    run_broken("late", 4, FaultKind::Late, 2, LATE_TEST_LIMIT);
}

#[test]
fn a_program_that_cannot_start_is_a_crash_before_the_deal() {
    let mut config = ArenaConfig {
        players: vec![
            "exec /nonexistent/ddz-engine".into(),
            "builtin:random".into(),
            "builtin:greedy".into(),
        ],
        games: 4,
        jobs: 1,
        ..ArenaConfig::default()
    };
    config.rules.error_as_gameover = true;
    config.rules.transcripts = true;
    let (report, games) = play(&config);
    for g in &games {
        let e = &g.errors[0];
        assert_eq!(
            (e.seat, e.kind, e.scored),
            (Seat::A, FaultKind::Crashed, true)
        );
        assert_eq!(g.scores.0, [-700, 350, 350]);
        // With --error-as-gameover the others hear GAMEOVER, not ERROR.
        let t = g.transcripts.as_ref().unwrap();
        assert!(t[Seat::B].contains("> GAMEOVER A\n< OK GAMEOVER\n"));
    }
    assert_eq!(report.players[0].errors[4], 4);
}
