//! `ddz arena --gauntlet`: a candidate against each opponent in pairs over the same deals. Its
//! figures are checked against the plain `--pair` matches and against sums taken here from
//! the games themselves.

use crate::arena_common;

use arena_common::{check_game, ddz, ddz_output, play};
use ddz::arena::{head_to_head, run_gauntlet, Role};
use ddz::arena::{ArenaConfig, Format};
use ddz::estimate::{Estimate, Z95};
use std::process::Command;

fn config(deals: usize) -> ArenaConfig {
    let mut c = ArenaConfig {
        games: deals,
        seed: 11,
        jobs: 2,
        ..ArenaConfig::default()
    };
    c.rules.fixed_landlord = true;
    c
}

#[test]
fn each_standing_is_the_pair_match_and_the_combined_line_pairs_the_deals() {
    let deals = 24;
    let opponents = vec!["builtin:greedy".to_string(), "builtin:random".to_string()];
    let mut seen = [Vec::new(), Vec::new()];
    let mut matches = 0;
    let report = run_gauntlet(
        &config(deals),
        "builtin:rules",
        &opponents,
        &mut |opponent, games| {
            seen[opponent].extend_from_slice(games);
            Ok(())
        },
        &mut |_, _| {
            matches += 1;
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(matches, 2);
    assert_eq!(report.standings.len(), 2);
    let mut per_deal_points = vec![Vec::new(); 2];
    for (i, opponent) in opponents.iter().enumerate() {
        // The same match played as a plain pair.
        let mut pair = config(deals);
        pair.format = Format::Pair;
        pair.players = vec!["builtin:rules".into(), opponent.clone()];
        let (alone, games) = play(&pair);
        let key =
            |g: &ddz::arena::GameRecord| (g.deal_index, g.seating, g.plays.clone(), g.scores.0);
        let keys: Vec<_> = games.iter().map(key).collect();
        let seen_keys: Vec<_> = seen[i].iter().map(key).collect();
        assert_eq!(keys, seen_keys, "the same games");
        games.iter().for_each(check_game);
        let s = &report.standings[i];
        assert_eq!(s.opponent, *opponent);
        assert_eq!(s.report.players[0].per_deal, alone.players[0].per_deal);
        // Head-to-head games counted deal by deal add up to the report's own counts.
        let p = &alone.players[0];
        let wins: u32 = s.h2h.iter().map(|h| h.total().0).sum();
        let n: u32 = s.h2h.iter().map(|h| h.total().1).sum();
        let as_lord: (u32, u32) = s
            .h2h
            .iter()
            .fold((0, 0), |(w, n), h| (w + h.landlord.0, n + h.landlord.1));
        assert_eq!(
            (u64::from(as_lord.0), u64::from(as_lord.1)),
            (p.h2h_landlord_wins, p.h2h_landlord_games)
        );
        assert!(
            (s.win_rate_as(Role::Landlord).mean
                - p.h2h_landlord_wins as f64 / p.h2h_landlord_games as f64)
                .abs()
                < 1e-12
        );
        assert!(
            (s.win_rate_as(Role::Farmers).mean
                - p.h2h_farmer_wins as f64 / p.h2h_farmer_games as f64)
                .abs()
                < 1e-12
        );
        assert_eq!(
            u64::from(wins),
            p.h2h_landlord_wins + p.h2h_farmer_wins,
            "{}",
            opponent
        );
        assert_eq!(u64::from(n), p.h2h_landlord_games + p.h2h_farmer_games);
        assert_eq!(s.h2h.len(), deals);
        assert!((s.win_rate().mean - p.h2h_win_rate()).abs() < 1e-12);
        // With fixed landlords and no fault: one game each way per deal.
        assert!(s.h2h.iter().all(|h| h.landlord.1 == 1 && h.farmers.1 == 1));
        let (mean, half) = p.per_deal_ci();
        assert_eq!((s.points().mean, s.points().half), (mean, half));
        // The deal's points from its games: the candidate's seats' mean score.
        for d in 0..deals {
            let deal_games: Vec<_> = games.iter().filter(|g| g.deal_index == d).collect();
            let (mut sum, mut seats) = (0i64, 0);
            for g in &deal_games {
                for (seat, &entry) in g.lineup.iter() {
                    if entry == 0 {
                        sum += i64::from(g.scores[seat]);
                        seats += 1;
                    }
                }
            }
            per_deal_points[i].push(sum as f64 / f64::from(seats));
            let owned: Vec<_> = deal_games.into_iter().cloned().collect();
            assert_eq!(head_to_head(&owned), s.h2h[d]);
        }
    }
    // Combined: the two opponents' points on each deal averaged, then over deals.
    let means: Vec<f64> = (0..deals)
        .map(|d| (per_deal_points[0][d] + per_deal_points[1][d]) / 2.0)
        .collect();
    let e = Estimate::of(&means);
    let combined = report.combined_points();
    assert!((combined.mean - e.mean).abs() < 1e-9);
    assert!((combined.half - e.half_width(Z95)).abs() < 1e-9);
    let all_wins: u32 = report
        .standings
        .iter()
        .flat_map(|s| s.h2h.iter().map(|h| h.total().0))
        .sum();
    assert!(
        (report.combined_win_rate().mean - f64::from(all_wins) / (4.0 * deals as f64)).abs()
            < 1e-12
    );
}

/// The last `RESULT` line of `ddz arena` run on `players` (`--gauntlet …` or `--pair …`) over
/// the same 20 deals with a fixed landlord, and the whole output.
fn arena_result(players: &[&str]) -> (serde_json::Value, String) {
    let mut args = vec!["arena"];
    args.extend_from_slice(players);
    args.extend_from_slice(&[
        "--games",
        "20",
        "--seed",
        "4",
        "--fixed-landlord",
        "--no-progress",
    ]);
    let out = ddz(&args);
    let result = out
        .lines()
        .filter_map(|l| l.strip_prefix("RESULT "))
        .next_back()
        .expect("a RESULT line");
    (serde_json::from_str(result).unwrap(), out)
}

#[test]
fn the_command_prints_a_line_per_opponent_and_one_for_all() {
    let (v, out) = arena_result(&[
        "--gauntlet",
        "builtin:rules",
        "builtin:greedy",
        "builtin:random",
    ]);
    let g = &v["gauntlet"];
    assert_eq!(g["candidate"], "builtin:rules");
    assert_eq!(g["opponents"].as_array().unwrap().len(), 2);
    // Each opponent's points are those of the plain pair match on the same deals.
    for (i, opponent) in ["builtin:greedy", "builtin:random"].iter().enumerate() {
        let (r, _) = arena_result(&["--pair", "builtin:rules", opponent]);
        let o = &g["opponents"][i];
        assert_eq!(o["opponent"], *opponent);
        assert_eq!(o["per_deal"]["mean"], r["players"][0]["per_deal"]);
        assert_eq!(o["win_rate"]["mean"], r["players"][0]["h2h"]["win_rate"]);
        assert_eq!(o["h2h_games"], 40);
    }
    assert!(out.contains("all 2 opponents"), "{}", out);
    assert!(g["per_deal"]["ci95"].as_f64().unwrap() > 0.0);
}

/// `--format h2h` plays each opponent in `--h2h` matches: the same head-to-head win rates as
/// the pair gauntlet (deterministic players), overall and per role, at a third of the games.
#[test]
fn an_h2h_gauntlet_gives_the_pair_gauntlets_win_rates() {
    let players = [
        "--gauntlet",
        "builtin:rules",
        "builtin:greedy",
        "builtin:tricky",
    ];
    let (pair, _) = arena_result(&players);
    let mut h2h_args = players.to_vec();
    h2h_args.extend_from_slice(&["--format", "h2h"]);
    let (h2h, out) = arena_result(&h2h_args);
    for key in ["win_rate", "landlord_win_rate", "farmer_win_rate"] {
        assert_eq!(h2h["gauntlet"][key], pair["gauntlet"][key], "{}", key);
        for i in 0..2 {
            let (a, b) = (
                &h2h["gauntlet"]["opponents"][i],
                &pair["gauntlet"]["opponents"][i],
            );
            assert_eq!(a[key], b[key], "{} {}", key, i);
            assert_eq!(a["h2h_games"], 40);
        }
    }
    // Each role's rate is its share of the 20 games of that role.
    let lord = h2h["gauntlet"]["opponents"][0]["landlord_win_rate"]["mean"]
        .as_f64()
        .unwrap();
    assert!(
        (lord * 20.0 - (lord * 20.0).round()).abs() < 1e-9,
        "{}",
        lord
    );
    assert!(out.contains("lord% ±95%"), "{}", out);
}

#[test]
fn the_gauntlet_refuses_other_formats() {
    let out = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args([
            "arena",
            "--gauntlet",
            "builtin:rules",
            "builtin:greedy",
            "--pair",
            "builtin:rules",
            "builtin:greedy",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--gauntlet"));
    let alone = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["arena", "--gauntlet", "builtin:rules"])
        .output()
        .unwrap();
    assert!(!alone.status.success());
}

/// A command no shell finds: the engine never starts (exit status 127).
const NO_ENGINE: &str = "ddz-no-such-engine-38";

/// Runs `ddz arena ARGS` over 2 deals with a fixed landlord: (exit status, stdout, stderr).
fn arena_status(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["arena", "--games", "2", "--fixed-landlord", "--no-progress"];
    all.extend_from_slice(args);
    let out = ddz_output(&all);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The last line of stderr: where the arena puts the reason it failed.
fn last_line(text: &str) -> &str {
    text.lines().next_back().unwrap_or("")
}

#[test]
fn a_gauntlet_or_pair_against_an_engine_that_never_starts_fails_and_says_so() {
    let never = format!("'{}' never finished a game", NO_ENGINE);
    for args in [
        vec!["--gauntlet", "builtin:rules", NO_ENGINE],
        vec!["--pair", "builtin:rules", NO_ENGINE],
    ] {
        let (code, out, err) = arena_status(&args);
        assert_eq!(code, Some(2), "{:?}: {}", args, err);
        assert!(last_line(&err).contains(&never), "{:?}: {}", args, err);
        assert!(err.contains("exit status 127"), "{:?}: {}", args, err);
        // The report is still printed (what happened), but no figure reads as a measurement
        // and no interval is infinite.
        assert!(out.contains("RESULT "), "{:?}: {}", args, out);
        assert!(!out.contains("inf"), "{:?}: {}", args, out);
    }
}

#[test]
fn a_gauntlet_fails_when_one_opponent_of_several_never_starts() {
    let (code, out, err) =
        arena_status(&["--gauntlet", "builtin:rules", "builtin:greedy", NO_ENGINE]);
    assert_eq!(code, Some(2), "{}", err);
    let reason = last_line(&err);
    assert!(
        reason.contains(&format!(
            "against '{}': '{}' never finished a game",
            NO_ENGINE, NO_ENGINE
        )),
        "{}",
        err
    );
    assert!(!reason.contains("builtin:greedy"), "{}", reason);
    let result: serde_json::Value = serde_json::from_str(
        out.lines()
            .filter_map(|l| l.strip_prefix("RESULT "))
            .next_back()
            .expect("a RESULT line"),
    )
    .unwrap();
    let g = &result["gauntlet"];
    // The opponent that played is measured as in its own pair match; the one that never
    // started has no figure, and neither has the line for all of them.
    let (alone, _) = arena_result_over(2, &["--pair", "builtin:rules", "builtin:greedy"]);
    assert_eq!(
        g["opponents"][0]["per_deal"]["mean"],
        alone["players"][0]["per_deal"]
    );
    assert!(g["opponents"][0]["win_rate"]["mean"].is_f64());
    for figure in ["per_deal", "win_rate"] {
        assert!(g["opponents"][1][figure]["mean"].is_null(), "{}", g);
        assert!(g[figure]["mean"].is_null(), "{}", g);
    }
    // The gauntlet's table, after the pair matches' own reports.
    let lines: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("gauntlet:"))
        .collect();
    let row = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no line for {} in {}", name, out))
            .to_string()
    };
    assert!(row(NO_ENGINE).contains("n/a"), "{}", out);
    assert!(row("all 2 opponents").contains("n/a"), "{}", out);
    assert!(!row("builtin:greedy ").contains("n/a"), "{}", out);
    // Both opponents working: the gauntlet passes.
    let (code, _, err) = arena_status(&[
        "--gauntlet",
        "builtin:rules",
        "builtin:greedy",
        "builtin:random",
    ]);
    assert_eq!(code, Some(0), "{}", err);
}

/// One deal gives a mean and no spread: the interval is said in words, never `± inf`.
#[test]
fn one_deal_gives_no_interval_and_says_so() {
    for args in [
        vec!["--gauntlet", "builtin:rules", "builtin:greedy"],
        vec!["--pair", "builtin:rules", "builtin:greedy"],
    ] {
        let (result, out) = arena_result_over(1, &args);
        assert!(out.contains("± n/a"), "{:?}: {}", args, out);
        assert!(!out.contains("inf"), "{:?}: {}", args, out);
        let ci = match result.get("gauntlet") {
            Some(g) => &g["per_deal"]["ci95"],
            None => &result["players"][0]["per_deal_ci95"],
        };
        assert!(ci.is_null(), "{:?}: {}", args, result);
    }
}

/// The last `RESULT` line of a run over `deals` deals with a fixed landlord, and the output.
fn arena_result_over(deals: usize, players: &[&str]) -> (serde_json::Value, String) {
    let games = deals.to_string();
    let mut args = vec![
        "arena",
        "--games",
        &games,
        "--fixed-landlord",
        "--no-progress",
    ];
    args.extend_from_slice(players);
    let out = ddz(&args);
    let result = out
        .lines()
        .filter_map(|l| l.strip_prefix("RESULT "))
        .next_back()
        .expect("a RESULT line");
    (serde_json::from_str(result).unwrap(), out)
}
