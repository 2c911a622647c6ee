//! The arena's JSON game log read back by the reader `ddz replay` and `ddz arena merge` use:
//! every number exact, 64-bit game seeds included, and every game as it was played.

mod arena_common;

use arena_common::{ddz, play, temp_dir};
use ddz::arena::json::{GameLine, LogLine};
use ddz::arena::log::game_json;
use ddz::arena::{game_seed, labels, ArenaConfig, Format};

/// Every game line of a log, read.
fn games_of(text: &str) -> Vec<GameLine> {
    text.lines()
        .filter_map(|l| match LogLine::read(l).unwrap() {
            LogLine::Game(g) => Some(*g),
            _ => None,
        })
        .collect()
}

#[test]
fn a_64_bit_seed_survives_the_log_and_the_replay() {
    let config = ArenaConfig {
        players: vec!["builtin:greedy".into(), "builtin:random".into()],
        format: Format::Pair,
        games: 2,
        seed: 11,
        jobs: 1,
        ..ArenaConfig::default()
    };
    let names = labels(&config.players);
    let (_, mut games) = play(&config);
    // The arena's seeds use all 64 bits: a double holds integers exactly only up to 2^53.
    assert!(games.iter().any(|g| g.seed > 1 << 53));
    games[0].seed = u64::MAX - 12345;
    let dir = temp_dir("arena-log");
    let log = dir.join("games.jsonl");
    let text: String = games.iter().map(|g| game_json(g, &names) + "\n").collect();
    std::fs::write(&log, &text).unwrap();

    let read = games_of(&text);
    assert_eq!(read.len(), games.len());
    for (line, g) in read.iter().zip(&games) {
        assert_eq!(line.seed, g.seed);
        assert_eq!(*line, GameLine::new(g, &names));
        let back = line.to_record(&names).unwrap();
        assert_eq!((back.deal_index, back.seating), (g.deal_index, g.seating));
        assert_eq!(back.plays, g.plays);
    }
    assert_eq!(read[0].seed, 18_446_744_073_709_539_270);
    // The replay reads the same file, every game of it.
    let replay = ddz(&["replay", log.to_str().unwrap()]);
    assert_eq!(
        replay.matches("== game ").count(),
        games.len(),
        "{}",
        replay
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_arena_logs_each_games_own_seed() {
    let dir = temp_dir("arena-log-seeds");
    let log = dir.join("games.jsonl");
    let seed = u64::MAX - 12345;
    ddz(&[
        "arena",
        "--games",
        "2",
        "--seed",
        &seed.to_string(),
        "--duplicate",
        "--players",
        "builtin:greedy",
        "builtin:random",
        "builtin:greedy",
        "--no-progress",
        "--json",
        log.to_str().unwrap(),
    ]);
    let games = games_of(&std::fs::read_to_string(&log).unwrap());
    assert_eq!(games.len(), 6);
    for g in &games {
        assert_eq!(g.seed, game_seed(seed, g.deal, g.seating), "{:?}", g);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
