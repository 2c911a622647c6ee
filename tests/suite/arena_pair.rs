//! Built-in players in the arena: greedy must beat random by a wide margin on the same deals,
//! every game must replay legally through the tracker, and results must not depend on the
//! number of threads.

use crate::arena_common;

use arena_common::{check_game, play};
use ddz::arena::wire::game_log::game_json;
use ddz::arena::CardOrder;
use ddz::arena::{labels, ArenaConfig, Format};
use ddz::game::Seat;

fn pair(x: &str, y: &str, deals: usize, jobs: usize) -> ArenaConfig {
    ArenaConfig {
        players: vec![x.to_string(), y.to_string()],
        format: Format::Pair,
        games: deals,
        seed: 2024,
        jobs,
        ..ArenaConfig::default()
    }
}

#[test]
fn greedy_beats_random_in_pair_mode() {
    let deals = 300;
    let (report, games) = play(&pair("builtin:greedy", "builtin:random", deals, 2));
    assert_eq!(games.len(), deals * 6);
    assert_eq!(report.error_total(), 0);
    for g in &games {
        check_game(g);
    }
    let greedy = &report.players[0];
    let random = &report.players[1];
    // Each plays 9 seats per deal: alone 3 times, as one of two copies 6 times.
    assert_eq!(greedy.games, deals as u64 * 9);
    assert_eq!(random.games, deals as u64 * 9);
    let (g_mean, g_half) = greedy.per_deal_ci();
    let (r_mean, r_half) = random.per_deal_ci();
    println!("{}", report.summary());
    // A wide margin: the intervals are far apart, and greedy wins most decided games.
    assert!(
        g_mean - g_half > r_mean + r_half,
        "{} vs {}",
        g_mean,
        r_mean
    );
    assert!(
        greedy.win_rate() > 0.75,
        "greedy win rate {}",
        greedy.win_rate()
    );
    // Random's seats win less, though a random copy partnering greedy often shares its wins.
    assert!(greedy.win_rate() > random.win_rate() + 0.3);
    // Zero-sum over the match, seat by seat.
    assert_eq!(greedy.score + random.score, 0);
}

/// The game lines without reply times, which are the only thing allowed to vary.
fn lines_without_times(config: &ArenaConfig) -> Vec<String> {
    let names = labels(&config.players);
    let (_, games) = play(config);
    games
        .iter()
        .map(|g| {
            let line = game_json(g, &names);
            line[..line.find("\"reply_us\"").unwrap()].to_string()
        })
        .collect()
}

#[test]
fn results_do_not_depend_on_thread_count() {
    let mut config = ArenaConfig {
        players: vec![
            "builtin:random".into(),
            "builtin:greedy".into(),
            "builtin:random".into(),
        ],
        format: Format::Duplicate,
        games: 60,
        seed: 99,
        jobs: 1,
        ..ArenaConfig::default()
    };
    let one = lines_without_times(&config);
    config.jobs = 3;
    let three = lines_without_times(&config);
    assert_eq!(one.len(), 180);
    assert_eq!(one, three);
    config.seed = 100;
    assert_ne!(one, lines_without_times(&config), "the seed matters");
}

#[test]
fn duplicate_and_fixed_landlord_rotate_seats() {
    let mut config = ArenaConfig {
        players: vec![
            "builtin:ddz:samples=4".into(),
            "builtin:greedy".into(),
            "builtin:random".into(),
        ],
        format: Format::Duplicate,
        games: 12,
        seed: 5,
        jobs: 2,
        ..ArenaConfig::default()
    };
    config.rules.fixed_landlord = true;
    config.rules.auto_pass = true;
    config.rules.card_order = CardOrder::Random;
    let (report, games) = play(&config);
    assert_eq!(report.error_total(), 0);
    for g in &games {
        check_game(g);
        // Fixed landlord: the deal names the seat, base 1, no bids.
        assert_eq!(g.landlord, Some(Seat::ALL[g.deal_index % 3]));
        assert_eq!(g.base, 1);
        assert!(g.bids.is_empty());
        assert!(g.winner.is_some());
    }
    // Every player sits in every seat of every deal, so each is landlord once per deal.
    for p in &report.players {
        assert_eq!(p.games, 36);
        assert_eq!(p.landlord_games, 12);
        assert_eq!(p.farmer_games, 24);
    }
    for deal in games.chunks(3) {
        for seat in Seat::ALL {
            let mut who: Vec<usize> = deal.iter().map(|g| g.lineup[seat]).collect();
            who.sort_unstable();
            assert_eq!(who, vec![0, 1, 2]);
        }
    }
}

#[test]
fn bidding_variants_stay_legal() {
    let mut config = ArenaConfig {
        players: vec![
            "builtin:random".into(),
            "builtin:random".into(),
            "builtin:greedy".into(),
        ],
        games: 200,
        seed: 8,
        jobs: 2,
        ..ArenaConfig::default()
    };
    config.rules.bid_stop_at_3 = true;
    let (report, games) = play(&config);
    assert_eq!(report.error_total(), 0);
    let mut stopped = 0;
    let mut nobody = 0;
    for g in &games {
        check_game(g);
        if let Some(pos) = g.bids.iter().position(|b| b.1 == 3) {
            assert_eq!(pos, g.bids.len() - 1, "no seat is asked after a 3");
            stopped += (pos < 2) as usize;
        }
        if g.landlord.is_none() {
            nobody += 1;
            assert_eq!(g.bids.len(), 3);
            assert_eq!(g.scores.0, [0, 0, 0]);
        }
    }
    assert!(stopped > 0, "some bidding stopped early at a 3");
    assert_eq!(report.all_passed, nobody as u64);
}

/// The head-to-head figures count exactly the games whose landlord is one player and whose two
/// farmers are the other: recounted here from the game records by seat scores (the landlord's
/// score is positive when it won), an independent path from the report's counting by winner.
#[test]
fn head_to_head_counts_only_games_of_one_player_per_side() {
    let deals = 200;
    let mut config = pair("builtin:greedy", "builtin:random", deals, 2);
    config.rules.fixed_landlord = true;
    let (report, games) = play(&config);
    let mut lord = [(0u64, 0u64); 2];
    let mut farm = [(0u64, 0u64); 2];
    for g in &games {
        let l = g.landlord.expect("fixed landlord");
        let farmers: Vec<usize> = Seat::ALL
            .iter()
            .filter(|&&s| s != l)
            .map(|s| g.lineup[*s])
            .collect();
        let (lp, fp) = (g.lineup[l], farmers[0]);
        if farmers[1] == fp && fp != lp {
            let lord_won = g.scores[l] > 0;
            lord[lp].0 += 1;
            lord[lp].1 += lord_won as u64;
            farm[fp].0 += 1;
            farm[fp].1 += !lord_won as u64;
        }
    }
    for (p, stats) in report.players.iter().enumerate() {
        // With a fixed, rotating landlord each player is once per deal the lone landlord and
        // once per deal one of the two farmers against the other's landlord.
        assert_eq!(lord[p].0, deals as u64);
        assert_eq!(farm[p].0, deals as u64);
        assert_eq!((stats.h2h_landlord_games, stats.h2h_landlord_wins), lord[p]);
        assert_eq!((stats.h2h_farmer_games, stats.h2h_farmer_wins), farm[p]);
    }
    // One side's landlord wins are the other side's farmer losses.
    let (x, y) = (&report.players[0], &report.players[1]);
    assert_eq!(
        x.h2h_landlord_wins + y.h2h_farmer_wins,
        x.h2h_landlord_games
    );
    assert!(
        x.h2h_win_rate() > 0.9,
        "greedy head-to-head {}",
        x.h2h_win_rate()
    );
    assert!(report.summary().contains("head-to-head"));
    assert!(report.to_json().contains("\"h2h\":{"));
}

/// `--h2h` plays, on each deal, exactly the two games of `--pair` whose lone player holds the
/// landlord's seat (the same plays and scores, X alone first), and its report's head-to-head
/// figures are the pair report's: found here by matching the games themselves.
#[test]
fn h2h_plays_the_pairs_head_to_head_games() {
    let deals = 30;
    let mut config = pair("builtin:rules", "builtin:greedy", deals, 2);
    config.rules.fixed_landlord = true;
    let (pair_report, pair_games) = play(&config);
    config.format = Format::H2h;
    let (report, games) = play(&config);
    assert_eq!(games.len(), deals * 2);
    let alone_landlord = |g: &ddz::arena::GameRecord| {
        let l = g.landlord.expect("a fixed landlord");
        Seat::ALL
            .iter()
            .all(|&s| s == l || g.lineup[s] != g.lineup[l])
    };
    let key = |g: &ddz::arena::GameRecord| (g.deal_index, g.lineup, g.plays.clone(), g.scores);
    let expected: Vec<_> = pair_games
        .iter()
        .filter(|g| alone_landlord(g))
        .map(key)
        .collect();
    assert_eq!(games.iter().map(key).collect::<Vec<_>>(), expected);
    for g in &games {
        check_game(g);
    }
    for (h2h, all) in report.players.iter().zip(&pair_report.players) {
        assert_eq!(
            (h2h.h2h_landlord_wins, h2h.h2h_landlord_games),
            (all.h2h_landlord_wins, all.h2h_landlord_games)
        );
        assert_eq!(
            (h2h.h2h_farmer_wins, h2h.h2h_farmer_games),
            (all.h2h_farmer_wins, all.h2h_farmer_games)
        );
        assert_eq!(h2h.h2h_landlord_games, deals as u64);
    }
}
