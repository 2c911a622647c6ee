//! `ddz arena --shard K/N` and `ddz arena merge`: a run cut into shards and merged back gives
//! the report of the whole run (but for wall-clock figures), and merging refuses shards that
//! do not make up one whole run.

use crate::arena_common;

use arena_common::{ddz, ddz_output, path, result_without_clock, temp_dir};

/// The report's lines that hold no wall-clock figure: the player table without its reply
/// times, and whatever follows it (the team format's turns).
fn table_without_clock(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .skip(2)
        .filter(|l| !l.starts_with("RESULT "))
        .map(|l| match l.find("  ") {
            // Player rows: drop the reply-times column, keep the errors column.
            Some(_) if l.contains('/') && l.contains('±') => {
                let mut words: Vec<&str> = l.split_whitespace().collect();
                words.retain(|w| w.matches('/').count() != 3);
                words.join(" ")
            }
            _ => l.to_string(),
        })
        .collect()
}

/// Plays `run` whole and as `shards` shards (each with one job), merges, and compares.
fn whole_equals_merged(name: &str, run: &[&str], shards: usize) -> Vec<String> {
    let dir = temp_dir(name);
    let whole_log = dir.join("whole.jsonl");
    let mut args = run.to_vec();
    args.extend(["--no-progress", "--json", path(&whole_log)]);
    let whole = ddz(&args);
    let mut files = Vec::new();
    for k in 1..=shards {
        let log = dir.join(format!("shard{}.jsonl", k));
        let shard = format!("{}/{}", k, shards);
        let mut args = run.to_vec();
        args.extend(["--no-progress", "--jobs", "1", "--shard", &shard]);
        args.extend(["--json", path(&log)]);
        let out = ddz(&args);
        assert!(out.contains(&format!("shard {}", shard)), "{}", out);
        files.push(log.to_str().unwrap().to_string());
    }
    let mut merge = vec!["arena", "merge"];
    // The order of the files does not matter.
    merge.extend(files.iter().rev().map(String::as_str));
    let merged = ddz(&merge);
    assert!(
        merged.contains(&format!("merged from {} shard", shards)),
        "{}",
        merged
    );
    assert_eq!(result_without_clock(&merged), result_without_clock(&whole));
    assert_eq!(table_without_clock(&merged), table_without_clock(&whole));
    // The shards' logs hold the whole run's games, and still replay.
    let games = |text: &str| text.lines().filter(|l| l.starts_with("{\"deal\"")).count();
    let whole_games = games(&std::fs::read_to_string(&whole_log).unwrap());
    let shard_games: usize = files
        .iter()
        .map(|f| games(&std::fs::read_to_string(f).unwrap()))
        .sum();
    assert_eq!(shard_games, whole_games);
    assert!(ddz(&["replay", &files[0], "--game", "1"]).starts_with("== game 1: deal 0,"));
    files
}

#[test]
fn three_shards_merge_into_the_whole_runs_result() {
    whole_equals_merged(
        "shards-pair",
        &[
            "arena",
            "--games",
            "12",
            "--seed",
            "5",
            "--pair",
            "builtin:rules",
            "builtin:greedy",
        ],
        3,
    );
}

#[test]
fn any_number_of_shards_merges_into_the_whole_run_even_more_than_deals() {
    // 5 deals: one shard, two uneven ones, five of one deal each, eight with three empty.
    for n in [1, 2, 5, 8] {
        whole_equals_merged(
            &format!("shards-n{}", n),
            &[
                "arena",
                "--games",
                "5",
                "--seed",
                "3",
                "--duplicate",
                "--players",
                "builtin:rules",
                "builtin:greedy",
                "builtin:random",
            ],
            n,
        );
    }
}

#[test]
fn team_format_shards_merge_with_their_turns() {
    whole_equals_merged(
        "shards-team",
        &[
            "arena",
            "--games",
            "10",
            "--seed",
            "9",
            "--turn",
            "4",
            "--format",
            "team",
            "--players",
            "builtin:rules",
            "builtin:greedy",
        ],
        4,
    );
}

#[test]
fn merge_refuses_shards_that_are_not_one_whole_run() {
    let run = [
        "arena",
        "--games",
        "6",
        "--players",
        "builtin:greedy",
        "builtin:random",
        "builtin:rules",
    ];
    let files = whole_equals_merged("shards-refused", &run, 3);
    let refused = |args: &[&str], why: &str| {
        let out = ddz_output(args);
        assert_eq!(out.status.code(), Some(2), "{:?}", args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{:?}: {}", args, err);
        assert!(out.stdout.is_empty());
    };
    refused(
        &["arena", "merge", &files[0], &files[2]],
        "shard 2/3 missing",
    );
    refused(
        &["arena", "merge", &files[0], &files[1], &files[1], &files[2]],
        "both shard 2/3",
    );
    // A shard killed before its end has no end line.
    let dir = temp_dir("shards-cut");
    let cut = dir.join("cut.jsonl");
    let text = std::fs::read_to_string(&files[1]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&cut, lines[..lines.len() - 1].join("\n")).unwrap();
    refused(
        &["arena", "merge", &files[0], path(&cut), &files[2]],
        "did not finish",
    );
    // A shard of a run with another seed.
    let other = dir.join("other.jsonl");
    let mut args = run.to_vec();
    args.extend(["--seed", "77", "--shard", "2/3", "--no-progress"]);
    args.extend(["--json", path(&other)]);
    ddz(&args);
    refused(
        &["arena", "merge", &files[0], path(&other), &files[2]],
        &format!(
            "{} is a shard of another run than {} (its seed \"77\", not \"1\")",
            path(&other),
            files[0]
        ),
    );
    // A shard of the same run cut into another number of shards.
    let four = dir.join("four.jsonl");
    let mut args = run.to_vec();
    args.extend(["--shard", "2/4", "--no-progress", "--json", path(&four)]);
    ddz(&args);
    refused(
        &["arena", "merge", &files[0], path(&four), &files[2]],
        &format!("{} is shard 2/4", path(&four)),
    );
    // A whole run's log is shard 1/1: it merges alone into the run's own result, not with
    // the shards of a run cut in three.
    let plain = dir.join("plain.jsonl");
    let mut args = run.to_vec();
    args.extend(["--no-progress", "--json", path(&plain)]);
    let whole = ddz(&args);
    let merged = ddz(&["arena", "merge", path(&plain)]);
    assert_eq!(table_without_clock(&merged), table_without_clock(&whole));
    refused(&["arena", "merge", path(&plain), &files[1]], "another run");
    // A file of game lines alone (no header) is no log of a run.
    let bare = dir.join("bare.jsonl");
    let text = std::fs::read_to_string(&plain).unwrap();
    let games: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("{\"deal\""))
        .collect();
    assert_eq!(games.len(), 6);
    std::fs::write(&bare, games.join("\n")).unwrap();
    refused(&["arena", "merge", path(&bare)], "header");
    refused(&["arena", "merge"], "no FILE");
    refused(&[&run[..], &["--shard", "4/3"]].concat(), "--shard");
    refused(
        &[
            "arena",
            "--pair",
            "builtin:rules",
            "builtin:greedy",
            "--sprt",
            "0,1",
            "--shard",
            "1/2",
        ],
        "--sprt",
    );
}

/// A player that never finished a game in any shard was not measured by the whole run either:
/// the merge prints the report and fails with the reason, as the whole run does.
#[test]
fn merge_fails_when_a_player_never_finished_a_game() {
    let dir = temp_dir("shards-unmeasured");
    let engine = "ddz-no-such-engine-38";
    let logs: Vec<String> = (1..=2)
        .map(|k| path(&dir.join(format!("shard-{}.jsonl", k))).to_string())
        .collect();
    for (k, log) in logs.iter().enumerate() {
        let shard = format!("{}/2", k + 1);
        let out = ddz_output(&[
            "arena",
            "--games",
            "2",
            "--no-progress",
            "--pair",
            "builtin:greedy",
            engine,
            "--shard",
            &shard,
            "--json",
            log,
        ]);
        assert_eq!(out.status.code(), Some(2), "shard {}", shard);
    }
    let out = ddz_output(&["arena", "merge", &logs[0], &logs[1]]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", err);
    assert!(String::from_utf8_lossy(&out.stdout).contains("RESULT "));
    assert!(
        err.lines()
            .next_back()
            .unwrap_or("")
            .contains(&format!("'{}' never finished a game", engine)),
        "{}",
        err
    );
}
