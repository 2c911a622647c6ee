//! Hosting an engine with the 2015 official sample engine's habits (scripts/peers/README.md):
//! a small Python engine that names itself in GBK bytes, leads a triple with the two jokers as
//! its "pair" whenever it can, has no `ERROR` handler, keeps its table state across `INFO` and
//! `DEAL` (only `GAMEOVER` resets it), and exits after the `GAMEOVER` of the game `INFO`
//! announces as the last one. The arena must host it as a platform does: the exit after the
//! match's last game is no crash (the program is started afresh), the joker "pair" is an
//! illegal play (SPEC: the two jokers are never a pair) and the match goes on; told of a fault
//! by `GAMEOVER` (`--error-as-gameover`) instead of `ERROR`, it makes no fault but its own.

use crate::arena_common;

use arena_common::{check_game, expected_penalty, play};
use ddz::arena::count::report::Report;
use ddz::arena::FaultKind;
use ddz::arena::GameRecord;
use ddz::arena::{ArenaConfig, Format};
use ddz::cards::Cards;
use ddz::game::Seat;
use ddz::rules::classify;
use std::path::PathBuf;
use std::sync::Once;

const SAMPLE_LIKE: &str = r#"
mode = sys.argv[1]
out_bytes = sys.stdout.buffer
def out(s):
    out_bytes.write(s.encode("gbk") + b"\n")
    out_bytes.flush()
hand, me, passes, round_now, rounds = [], None, 2, 1, 1
for cmd, arg in commands():
    if cmd == "DOUDIZHUVER":
        out("NAME 参赛选手名称")
    elif cmd == "INFO":
        f = codes(arg)
        round_now, rounds = f[2], f[3]
        out("OK INFO")
    elif cmd == "DEAL":
        # Only the hand: the table state (passes) is reset by GAMEOVER alone.
        me, hand = arg[0], sorted(codes(arg[1:]))
        out("OK DEAL")
    elif cmd == "BID":
        out("BID %s0" % me if arg.upper() == "WHAT" else "OK BID")
    elif cmd == "LEFTOVER":
        if arg[0] == me:
            hand = sorted(hand + codes(arg[1:]))
        out("OK LEFTOVER")
    elif cmd == "PLAY" and arg.upper() == "WHAT":
        if passes >= 2:
            triple = [r for r in range(13) if sum(1 for c in hand if c // 4 == r) >= 3]
            # (Not in "early" mode: there an illegal play's restart would hide the exits.)
            if 52 in hand and 53 in hand and triple and mode != "early":
                play = [c for c in hand if c // 4 == triple[0]][:3] + [52, 53]
            else:
                play = [hand[0]]
            for c in play:
                hand.remove(c)
            out("PLAY %s%s" % (me, ",".join(str(c) for c in play)))
            passes = 0
        else:
            out("PLAY %s-1" % me)
            passes += 1
    elif cmd == "PLAY":
        passes = passes + 1 if arg.endswith("-1") else 0
        out("OK PLAY")
    elif cmd in ("GAMEOVER", "GAME"):
        passes = 2
        out("OK GAMEOVER")
        if mode == "early" or round_now == rounds:
            sys.exit(0)
    elif cmd == "EXIT":
        sys.exit(0)
    else:
        out("ERROR at module AnalyzeMsg,sCommandIn without match")
"#;

/// The engine's script, written once per test process ([`arena_common::script_once`]).
fn script() -> PathBuf {
    static WRITTEN: Once = Once::new();
    arena_common::script_once(
        &WRITTEN,
        "ddz-arena-peer-habits",
        "sample_like.py",
        SAMPLE_LIKE,
    )
}

fn spec(mode: &str) -> String {
    format!("python3 {} {}", script().display(), mode)
}

/// The cards of the last play `seat` answered in `g`, read from its transcript.
fn last_play(g: &GameRecord, seat: Seat) -> Cards {
    let t = &g.transcripts.as_ref().expect("transcripts kept")[seat];
    let line = t
        .lines()
        .rfind(|l| l.starts_with("< PLAY "))
        .expect("it played");
    Cards::parse_codes(&line[8..]).expect("cards")
}

/// Deals of the sample-like engine paired with the greedy player, play only, each checked by
/// the independent tracker; a fault is told by `GAMEOVER` when `error_as_gameover`.
const PAIR_DEALS: usize = 12;

fn pair_match(error_as_gameover: bool) -> (Report, Vec<GameRecord>) {
    let mut config = ArenaConfig {
        players: vec![spec("last"), "builtin:greedy".into()],
        format: Format::Pair,
        games: PAIR_DEALS,
        seed: 5,
        jobs: 2,
        ..ArenaConfig::default()
    };
    config.rules.fixed_landlord = true;
    config.rules.transcripts = true;
    config.rules.error_as_gameover = error_as_gameover;
    let (report, games) = play(&config);
    assert_eq!(games.len(), PAIR_DEALS * 6, "every game was played");
    for g in &games {
        check_game(g);
    }
    (report, games)
}

#[test]
fn the_sample_engines_habits_are_hosted_without_crashes() {
    let deals = PAIR_DEALS;
    let (report, games) = pair_match(false);
    let mut joker_pairs = 0;
    for g in &games {
        for e in &g.errors {
            assert_ne!(
                e.kind,
                FaultKind::Crashed,
                "deal {}: {}",
                g.deal_index,
                e.detail
            );
            assert_eq!(g.lineup[e.seat], 0, "only the sample-like engine errs");
            if e.scored {
                // Its one illegal habit: a triple with both jokers, which no reading accepts.
                assert_eq!(e.kind, FaultKind::Illegal, "{}", e.detail);
                let cards = last_play(g, e.seat);
                assert!(cards.contains_all(Cards::single(52).or(Cards::single(53))));
                assert_eq!(cards.len(), 5);
                assert!(classify(cards.counts()).is_none());
                assert_eq!(g.scores.0, expected_penalty(g, e.seat));
                joker_pairs += 1;
            } else {
                // Its other copy at the table has no ERROR handler: an answer that changes
                // nothing, and a restart.
                assert_eq!(e.kind, FaultKind::Malformed, "{}", e.detail);
                assert!(e.detail.contains("ERROR at module"), "{}", e.detail);
            }
        }
    }
    assert!(joker_pairs > 0, "the joker pair was tried and refused");
    assert_eq!(report.players[0].errors[FaultKind::Crashed as usize], 0);
    // The last deal's games are each announced as a match's last game: after each, the engine
    // is started afresh (a handshake) for its next game. A deal is played on one thread, where
    // the engine has two instances (one per seat it takes at once); each one's first game of
    // the deal may go on with the process of an earlier deal, every later one starts afresh.
    let last: Vec<&GameRecord> = games.iter().filter(|g| g.deal_index == deals - 1).collect();
    assert_eq!(last.len(), 6);
    let (mut seat_games, mut fresh) = (0, 0);
    for g in &last {
        let t = g.transcripts.as_ref().unwrap();
        for seat in Seat::ALL {
            if g.lineup[seat] == 0 {
                seat_games += 1;
                fresh += t[seat].starts_with("> DOUDIZHUVER 1.0\n< NAME ") as usize;
            }
        }
    }
    assert_eq!(seat_games, 9);
    assert!(fresh >= seat_games - 2, "{} fresh starts", fresh);
    assert!(last.iter().any(|g| g.winner.is_some()));
}

#[test]
fn told_of_a_fault_by_gameover_it_makes_no_fault_but_its_own() {
    // The sample engine's protocol has no `ERROR` (its message loop knows the handshake, the
    // deal, bids, plays, `GAMEOVER` and `Exit`): hosted as the platforms that end a faulty game
    // with `GAMEOVER x` (SPEC), a copy told of the other copy's fault acknowledges it, and the
    // faults left are its own illegal plays.
    let (report, games) = pair_match(true);
    let mut told_a_copy = 0;
    for g in &games {
        for e in &g.errors {
            assert!(
                e.scored,
                "deal {}: a fault that changed nothing: {}",
                g.deal_index, e.detail
            );
            assert_eq!(e.kind, FaultKind::Illegal, "{}", e.detail);
            assert_eq!(g.lineup[e.seat], 0, "only the sample-like engine errs");
            assert_eq!(g.scores.0, expected_penalty(g, e.seat));
            let transcripts = g.transcripts.as_ref().expect("transcripts kept");
            let told = format!("> GAMEOVER {}\n< OK GAMEOVER", e.seat);
            for seat in Seat::ALL {
                if seat != e.seat && g.lineup[seat] == 0 {
                    assert!(transcripts[seat].contains(&told), "{}", transcripts[seat]);
                    told_a_copy += 1;
                }
            }
        }
    }
    assert!(told_a_copy > 0, "a copy was told of the other's fault");
    let errors = &report.players[0].errors;
    assert_eq!(errors[FaultKind::Malformed as usize], 0);
    assert_eq!(errors[FaultKind::Crashed as usize], 0);
    assert!(
        errors[FaultKind::Illegal as usize] > 0,
        "the joker pair was tried"
    );
}

#[test]
fn an_exit_after_a_game_not_announced_as_the_last_is_a_crash() {
    // The same engine leaving after every game: the game after each exit starts with a crash
    // (and a restart), so with one thread the deals alternate, fine and crashed.
    let deals = 4;
    let mut config = ArenaConfig {
        players: vec![
            spec("early"),
            "builtin:greedy".into(),
            "builtin:random".into(),
        ],
        games: deals,
        seed: 5,
        jobs: 1,
        ..ArenaConfig::default()
    };
    config.rules.fixed_landlord = true;
    config.rules.transcripts = true;
    let (report, games) = play(&config);
    assert_eq!(games.len(), deals);
    for g in &games {
        check_game(g);
        let crashed: Vec<_> = g
            .errors
            .iter()
            .filter(|e| e.kind == FaultKind::Crashed)
            .collect();
        if g.deal_index % 2 == 0 {
            assert!(crashed.is_empty(), "deal {}: {:?}", g.deal_index, g.errors);
        } else {
            assert_eq!(crashed.len(), 1, "deal {}: {:?}", g.deal_index, g.errors);
            assert_eq!(crashed[0].seat, Seat::A);
            assert!(crashed[0].scored);
        }
    }
    assert_eq!(
        report.players[0].errors[FaultKind::Crashed as usize],
        deals as u64 / 2
    );
}
