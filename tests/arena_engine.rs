//! The built `ddz` binary hosted as an external player beside the built-in ones, under each
//! platform's habits: every game must finish with zero errors, and replay legally through the
//! tracker.

mod arena_common;

use arena_common::{check_game, play};
use ddz::arena::referee::CardOrder;
use ddz::arena::{Config, Format};
use std::time::Duration;

fn engine() -> String {
    format!("'{}'", env!("CARGO_BIN_EXE_ddz"))
}

fn hosted(setup: impl Fn(&mut Config)) {
    let mut config = Config {
        players: vec![engine(), "builtin:greedy".into(), "builtin:random".into()],
        format: Format::Duplicate,
        games: 12,
        seed: 11,
        jobs: 2,
        ..Config::default()
    };
    // A generous limit: the engine answers in milliseconds, the machine may be busy.
    config.rules.time = Duration::from_secs(15);
    setup(&mut config);
    let (report, games) = play(&config);
    for g in &games {
        assert!(g.errors.is_empty(), "deal {}: {:?}", g.deal_index, g.errors);
        check_game(g);
    }
    assert_eq!(report.error_total(), 0);
    let seats = if config.format == Format::Pair { 9 } else { 3 };
    assert_eq!(report.players[0].games, 12 * seats);
    assert!(
        report.players[0].times.len() > 36,
        "the engine was asked to decide"
    );
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
        c.format = Format::Pair;
        c.players = vec![engine(), "builtin:ddz".into()];
    });
}
