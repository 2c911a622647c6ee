//! The built `ddz` binary hosted as an external player beside the built-in ones, under each
//! platform's habits: every game must finish with zero errors, and replay legally through the
//! tracker. Then every seat's transcript of every game goes through the transcript checker
//! into the built binary again: the arena's referee and the checker are two independent
//! judges of the same conversations, and both must pass them all.

use crate::arena_common;

use arena_common::{check_game, play};
use ddz::arena::wire::game_log::transcript;
use ddz::arena::wire::transcript::{check, parse};
use ddz::arena::CardOrder;
use ddz::arena::{labels, ArenaConfig, Format};
use ddz::game::Seat;
use std::time::Duration;

/// The built engine with a small fixed search budget: the thinking player's path, at a pace
/// that keeps the suite quick.
fn engine() -> String {
    format!("'{}' --samples 4", env!("CARGO_BIN_EXE_ddz"))
}

/// Deals per platform's habits: each seat of each game is replayed into the binary again, so
/// a few deals already hold hundreds of the engine's answers.
const DEALS: usize = 4;

fn hosted(setup: impl Fn(&mut ArenaConfig)) {
    let mut config = ArenaConfig {
        players: vec![engine(), "builtin:greedy".into(), "builtin:random".into()],
        format: Format::Duplicate,
        games: DEALS,
        seed: 11,
        jobs: 2,
        ..ArenaConfig::default()
    };
    // A generous limit: the engine answers in milliseconds, the machine may be busy.
    config.rules.time = Duration::from_secs(15);
    config.rules.transcripts = true;
    setup(&mut config);
    let (report, games) = play(&config);
    for g in &games {
        assert!(g.errors.is_empty(), "deal {}: {:?}", g.deal_index, g.errors);
        check_game(g);
    }
    assert_eq!(report.error_total(), 0);
    let seats = if config.format == Format::Pair { 9 } else { 3 };
    assert_eq!(report.players[0].games as usize, config.games * seats);
    assert!(
        report.players[0].times.len() > config.games * 3,
        "the engine was asked to decide"
    );
    replay_into_the_binary(&config, &games);
}

/// Every seat's view of every game, as `--transcripts` writes it, replayed into the built
/// binary by the transcript checker.
fn replay_into_the_binary(config: &ArenaConfig, games: &[ddz::arena::GameRecord]) {
    let names = labels(&config.players);
    let binary: Vec<String> = [env!("CARGO_BIN_EXE_ddz"), "--samples", "4"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut failures = Vec::new();
    let mut replies = 0;
    for g in games {
        for seat in Seat::ALL {
            let text = transcript(g, seat, &names, config.rules.time.as_secs_f64())
                .expect("transcripts were kept");
            let parsed = parse(&text).expect("the arena writes the common format");
            let r = check(&binary, &parsed);
            replies += r.replies;
            for f in r.failures {
                failures.push(format!("deal {} seat {}: {}", g.deal_index, seat, f));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Each seat answers at least DEAL, a bid or LEFTOVER, and GAMEOVER in each game.
    assert!(replies >= games.len() * 3 * 3, "{} replies", replies);
}

#[test]
fn the_engine_plays_official_form_without_errors() {
    hosted(|_| {});
}

#[test]
fn the_engine_handles_the_2015_platform_habits() {
    hosted(|c| {
        c.rules.info6 = true;
        c.rules.card_order = CardOrder::Desc;
        c.rules.bid_stop_at_3 = true;
        c.crlf = true;
    });
}

#[test]
fn the_engine_handles_a_bare_server_and_random_card_order() {
    hosted(|c| {
        c.rules.no_handshake = true;
        c.rules.card_order = CardOrder::Random;
        c.rules.auto_pass = true;
        c.rules.fixed_landlord = true;
        // Pair plays six games a deal where duplicate plays three: half the deals.
        c.format = Format::Pair;
        c.games = DEALS / 2;
        c.players = vec![engine(), "builtin:ddz:samples=4".into()];
    });
}

/// Under a short limit the engine at its default budget (256 deals, which a decision on a busy
/// machine need not finish in a second) answers every question with its own search, none late:
/// the search gives up the deal under way at the hard deadline, and the host waits for it a
/// little past that. The log holds no fallback's note ("missed the hard deadline").
#[test]
fn a_one_second_limit_is_met_by_the_search_itself() {
    let dir = arena_common::temp_dir("one-second");
    let log = dir.join("ddz.log");
    let mut config = ArenaConfig {
        players: vec![
            format!("'{}' --log '{}'", env!("CARGO_BIN_EXE_ddz"), log.display()),
            "builtin:rules".into(),
            "builtin:rules".into(),
        ],
        format: Format::Seats,
        games: 6,
        seed: 3,
        jobs: 2,
        ..ArenaConfig::default()
    };
    config.rules.time = Duration::from_secs(1);
    let (report, games) = play(&config);
    assert_eq!(games.len(), 6);
    for g in &games {
        assert!(g.errors.is_empty(), "deal {}: {:?}", g.deal_index, g.errors);
    }
    assert_eq!(report.error_total(), 0);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains("missed the hard deadline"), "{}", text);
    let plays = text.matches("# think play").count();
    assert!(plays > 20, "{} decisions", plays);
    let _ = std::fs::remove_dir_all(&dir);
}
