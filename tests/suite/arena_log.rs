//! The arena's JSON game log read back by the reader `ddz replay` and `ddz arena merge` use:
//! every number exact, 64-bit game seeds included, and every game as it was played.

use crate::arena_common;

use arena_common::{ddz, play, temp_dir};
use ddz::arena::make_player;
use ddz::arena::wire::game_log::game_json;
use ddz::arena::wire::json::{GameLine, LogLine};
use ddz::arena::Hosting;
use ddz::arena::{labels, ArenaConfig, Format};
use ddz::arena::{play_game, GameSlot, MatchRules};
use ddz::game::Seat;

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

/// Replays the game of `line` at a fresh table of its players (`specs` as labelled in the log),
/// the built-ins' randomness drawn from `seed`: its plays.
fn replayed_with_seed(
    line: &GameLine,
    specs: &[String],
    seed: u64,
) -> Vec<(Seat, Option<ddz::cards::Cards>)> {
    let record = line.to_record(&labels(specs)).unwrap();
    let mut players = record.lineup.map(|entry| {
        make_player(
            &specs[entry].parse().expect("a built-in"),
            Hosting::default(),
        )
    });
    let slot = GameSlot {
        deal_index: record.deal_index,
        seating: record.seating,
        lineup: record.lineup,
        seed,
    };
    let game = play_game(&mut players, &MatchRules::default(), &record.deal, slot);
    for p in players.values_mut() {
        p.finish();
    }
    game.plays
}

#[test]
fn the_arena_logs_each_games_own_seed() {
    // The seed in each game line is the one its game was played with: the same game played
    // again at a fresh table with that seed makes the same plays (the random player draws them
    // from it; another seed makes other plays), and no two games share one.
    let dir = temp_dir("arena-log-seeds");
    let log = dir.join("games.jsonl");
    let seed = u64::MAX - 12345;
    let specs: Vec<String> = ["builtin:greedy", "builtin:random", "builtin:greedy"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut args: Vec<String> = ["arena", "--games", "2", "--seed", &seed.to_string()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(["--duplicate".to_string(), "--players".to_string()]);
    args.extend(specs.iter().cloned());
    args.extend(["--no-progress", "--json", log.to_str().unwrap()].map(String::from));
    ddz(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let games = games_of(&std::fs::read_to_string(&log).unwrap());
    assert_eq!(games.len(), 6);
    let mut seeds: Vec<u64> = games.iter().map(|g| g.seed).collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), games.len(), "each game its own seed");
    let mut another_seed_differs = false;
    for g in &games {
        assert_eq!(replayed_with_seed(g, &specs, g.seed), g.plays, "{:?}", g);
        another_seed_differs |= replayed_with_seed(g, &specs, g.seed ^ 1) != g.plays;
    }
    assert!(another_seed_differs, "the plays depend on the seed");
    let _ = std::fs::remove_dir_all(&dir);
}
