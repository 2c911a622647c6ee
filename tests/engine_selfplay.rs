//! Self-play: three engines in memory play seeded games to the end, judged by the selfplay
//! tool's own referee; no reply may be illegal or malformed.

use ddz::engine::Engine;
use ddz::game::{BySeat, Seat};
use ddz::strategy::random::RandomPlayer;
use ddz::strategy::simple::Simple;
use ddz::strategy::Strategy;
use ddz::tools::selfplay::{play_games, play_games_with, TableOptions};

/// Games per line-up: a few hundred, well under a second in release mode.
const GAMES: u32 = 300;

#[test]
fn simple_players_finish_every_game_legally() {
    let mut engines = BySeat::from_fn(|_| Engine::new("simple", Box::new(Simple)));
    let stats = play_games(&mut engines, GAMES, 11);
    assert!(
        stats.faults.is_empty(),
        "{:?}",
        &stats.faults[..stats.faults.len().min(5)]
    );
    assert_eq!(stats.games, GAMES);
    assert_eq!(stats.finished + stats.all_passed, GAMES);
    assert!(stats.finished > GAMES / 2);
    // Each finished game has at least one decision per card of the winner.
    assert!(stats.times.len() as u32 > stats.finished * 7);
}

#[test]
fn random_and_simple_mixed_with_every_table_option() {
    for (i, seat) in Seat::ALL.iter().enumerate() {
        let mut engines = BySeat::from_fn(|s| {
            let strategy: Box<dyn Strategy> = if s == *seat {
                Box::new(Simple)
            } else {
                Box::new(RandomPlayer::new(i as u64 * 10 + s.index() as u64))
            };
            Engine::new("mixed", strategy)
        });
        let options = TableOptions {
            ask_after_three: i % 2 == 0,
            pass_for_stuck: Some(*seat),
            info_without_time: i == 1,
            record: None,
        };
        let (stats, _) = play_games_with(&mut engines, GAMES, 100 + i as u64, options);
        assert!(
            stats.faults.is_empty(),
            "{:?}",
            &stats.faults[..stats.faults.len().min(5)]
        );
        assert_eq!(stats.finished + stats.all_passed, GAMES);
        // Random bidders leave some deals with no bid: the table moved on each time.
        assert!(stats.all_passed > 0);
    }
}

#[test]
fn threaded_engines_play_like_inline_ones() {
    let make = |threaded: bool| {
        BySeat::from_fn(|_| {
            if threaded {
                Engine::threaded("t", Box::new(|| Box::new(Simple) as Box<dyn Strategy>))
            } else {
                Engine::new("t", Box::new(Simple))
            }
        })
    };
    let (mut a, mut b) = (make(false), make(true));
    let opts = TableOptions {
        record: Some(Seat::B),
        ..TableOptions::default()
    };
    let (sa, ta) = play_games_with(&mut a, 20, 5, opts);
    let (sb, tb) = play_games_with(&mut b, 20, 5, opts);
    assert!(sa.faults.is_empty() && sb.faults.is_empty());
    // The simple player is deterministic: both paths give the same conversation.
    assert_eq!(ta, tb);
    assert!(ta.len() > 200);
}
