//! The team format with the 2019 server's habits: our engine in every process finishes with
//! no error, every game replays legally, the seat swap leaves the farmers one team, and the
//! team scores are recomputed here from the game records alone (not with `arena::team`).

use crate::arena_common;

use arena_common::{check_game, play};
use ddz::arena::GameRecord;
use ddz::arena::{ArenaConfig, Format};
use ddz::game::Seat;
use ddz::rules::Platform;

/// The 2019 server's habits, as `--platform icga2019` sets them.
fn icga2019(players: [&str; 2], deals: usize, jobs: usize) -> ArenaConfig {
    let mut c = ArenaConfig {
        players: players.iter().map(|p| p.to_string()).collect(),
        format: Format::Team,
        games: deals,
        seed: 2019,
        jobs,
        turn_deals: 4,
        ..ArenaConfig::default()
    };
    c.rules.set_platform(Platform::Icga2019);
    c.rules.scoring = ddz::game::Scoring::Team;
    c
}

/// A team's points in one game by SPEC's team rule, from the record: the winners get
/// bid × (1 + bombs + rocket + 1 for spring or anti-spring); after a fault the other team gets
/// min(3 × (1 + bombs + rocket), 12).
fn points(g: &GameRecord) -> [i32; 2] {
    let is_bomb = |c: &ddz::cards::Cards| {
        let codes: Vec<u8> = c.codes().collect();
        codes.len() == 4 && codes.iter().all(|x| x / 4 == codes[0] / 4) && codes[0] < 52
    };
    let is_rocket = |c: &ddz::cards::Cards| c.codes().collect::<Vec<u8>>() == [52, 53];
    let played: Vec<_> = g
        .plays
        .iter()
        .filter_map(|(s, c)| c.map(|c| (*s, c)))
        .collect();
    let bombs = played.iter().filter(|(_, c)| is_bomb(c)).count() as i32;
    let rocket = played.iter().any(|(_, c)| is_rocket(c)) as i32;
    let mut p = [0; 2];
    if let Some(e) = g.errors.iter().find(|e| e.scored) {
        p[1 - g.lineup[e.seat]] = (3 * (1 + bombs + rocket)).min(12);
        return p;
    }
    let (landlord, winner) = match (g.landlord, g.winner) {
        (Some(l), Some(w)) => (l, w),
        _ => return p,
    };
    let lord_plays = played.iter().filter(|(s, _)| *s == landlord).count();
    let farmer_plays = played.len() - lord_plays;
    let spring =
        (winner == landlord && farmer_plays == 0) || (winner != landlord && lord_plays == 1);
    p[g.lineup[winner]] = g.base as i32 * (1 + bombs + rocket + spring as i32);
    p
}

/// Checks the records of a team match and returns the team totals recomputed from them.
fn check_team_games(games: &[GameRecord]) -> ([i32; 2], usize) {
    let mut total = [0; 2];
    let mut swaps = 0;
    for deal in games.chunks(2) {
        assert_eq!(deal.len(), 2, "two tables per deal");
        assert_eq!(deal[0].deal.hands.0, deal[1].deal.hands.0, "the same deal");
        let mut sum = [0; 2];
        for (table, g) in deal.iter().enumerate() {
            check_game(g);
            if g.errors.is_empty() {
                assert_eq!(
                    g.bids.len(),
                    3,
                    "every seat is asked to bid, even after a 3"
                );
            }
            // Team 0 holds A and C at the first table, B at the second, before any swap.
            let b_team = 1 - table;
            assert_eq!(g.lineup[Seat::B], b_team);
            if let Some(l) = g.landlord {
                let farmers: Vec<usize> = Seat::ALL
                    .iter()
                    .filter(|&&s| s != l)
                    .map(|s| g.lineup[*s])
                    .collect();
                assert_eq!(farmers[0], farmers[1], "farmers are one team");
                assert_ne!(farmers[0], g.lineup[l], "against the landlord's team");
                assert_eq!(g.swapped.is_some(), l != Seat::B);
            }
            swaps += usize::from(g.swapped.is_some());
            let p = points(g);
            sum[0] += p[0];
            sum[1] += p[1];
        }
        total[0] += sum[0].min(12);
        total[1] += sum[1].min(12);
    }
    (total, swaps)
}

#[test]
fn our_engine_in_every_process_finishes_without_errors() {
    let engine = format!("{} --scoring team --samples 4", env!("CARGO_BIN_EXE_ddz"));
    let deals = 12;
    let (report, games) = play(&icga2019([&engine, &engine], deals, 2));
    assert_eq!(games.len(), deals * 2);
    assert_eq!(report.error_total(), 0, "{}", report.summary());
    let (total, swaps) = check_team_games(&games);
    let team = report.team.as_ref().expect("team figures");
    assert_eq!(team.total(), total);
    assert_eq!(team.turns().len(), deals / 4);
    assert!(swaps > 0, "no seat swap in {} games", games.len());
}

#[test]
fn team_scores_recomputed_from_the_records() {
    let deals = 200;
    let (report, games) = play(&icga2019(["builtin:rules", "builtin:greedy"], deals, 2));
    assert_eq!(report.error_total(), 0, "{}", report.summary());
    let (total, swaps) = check_team_games(&games);
    let team = report.team.as_ref().expect("team figures");
    assert_eq!(team.total(), total);
    assert!(swaps > deals / 2, "{} swaps", swaps);
    // Turns of 4 deals: each turn's points add up to the total, and the stronger team wins.
    let turns = team.turns();
    assert_eq!(turns.len(), deals / 4);
    let sum = turns.iter().fold([0, 0], |a, t| [a[0] + t[0], a[1] + t[1]]);
    assert_eq!(sum, total);
    let (won, lost, _) = team.turns_won();
    assert!(won > lost, "{}", report.summary());
    let text = report.summary();
    assert!(
        text.contains("turns won") && text.contains("turn  50"),
        "{}",
        text
    );
}

#[test]
fn a_fault_gives_the_other_team_three_points_per_multiplier() {
    // A player that never answers in the right form: every game it sits in ends at its first
    // question, and the other team gets 3 (no bomb can have been played yet).
    let bad = "sh -c 'while read -r l; do echo nonsense; done'";
    let mut config = icga2019(["builtin:greedy", bad], 4, 1);
    config.rules.time = std::time::Duration::from_secs(5);
    let (report, games) = play(&config);
    for g in &games {
        let fault = g.errors.iter().find(|e| e.scored).expect("a fault");
        assert_eq!(g.lineup[fault.seat], 1);
        assert_eq!(points(g), [3, 0]);
    }
    let team = report.team.as_ref().unwrap();
    assert_eq!(team.total(), [24, 0]);
}
