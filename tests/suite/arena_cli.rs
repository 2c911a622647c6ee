//! The `ddz arena` and `ddz replay` commands end to end, on the 2015 platform's real deal file;
//! the transcripts the arena writes are replayed into the built engine by the transcript checker.

use crate::arena_common;

use arena_common::{ddz, result_without_clock, temp_dir};
use ddz::arena::wire::json::{GameLine, LogLine, ResultLine};
use ddz::arena::wire::transcript::check_file;
use ddz::arena::DEFAULT_PLAYER;
use ddz::cards::Cards;
use ddz::game::deal::{parse_dat, write_dat};
use ddz::game::Seat;
use ddz::protocol::{Command, Reply};
use std::path::{Path, PathBuf};
use std::process::Command as Process;

const CARDS_DAT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/arena/cards-2015.dat");

#[test]
fn reads_the_real_platform_deal_file() {
    let text = std::fs::read_to_string(CARDS_DAT).unwrap();
    let deals = parse_dat(&text).unwrap();
    assert_eq!(
        deals.len(),
        text.lines().filter(|l| !l.trim().is_empty()).count() / 4
    );
    let first_line: Vec<u8> = text
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(first_line.len(), 17);
    for code in first_line {
        assert!(deals[0].hands[Seat::A].contains(code));
    }
    assert!(deals.iter().all(|d| d.is_valid()));
    // Written back in the same form, it reads the same, line for line.
    let written = write_dat(&deals);
    assert_eq!(parse_dat(&written).unwrap(), deals);
    for (ours, theirs) in written.lines().zip(text.lines()) {
        let a = Cards::parse_codes(ours).unwrap();
        let b = Cards::parse_codes(theirs).unwrap();
        assert_eq!(a, b);
        assert!(
            ours.ends_with(' '),
            "a trailing space, as the platform writes"
        );
    }
}

fn check_transcript(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut answered = 0;
    for line in text.lines() {
        if let Some(sent) = line.strip_prefix("> ") {
            Command::parse(sent)
                .unwrap_or_else(|e| panic!("{}: '{}': {}", path.display(), sent, e));
        } else if let Some(reply) = line.strip_prefix("< ") {
            Reply::parse(reply).unwrap();
            answered += 1;
        } else {
            assert!(line.is_empty() || line.starts_with('#'), "{}", line);
        }
    }
    assert!(
        answered >= 3,
        "DEAL, bids or LEFTOVER, GAMEOVER are answered"
    );
}

#[test]
fn arena_on_the_deal_file_with_logs_and_replay() {
    let dir = temp_dir("logs");
    let log = dir.join("games.jsonl");
    let saved = dir.join("saved.dat");
    let transcripts = dir.join("transcripts");
    let stdout = ddz(&[
        "arena",
        "--deals",
        CARDS_DAT,
        "--duplicate",
        "--players",
        "builtin:greedy",
        "builtin:random",
        "builtin:rules",
        "--json",
        log.to_str().unwrap(),
        "--transcripts",
        transcripts.to_str().unwrap(),
        "--save-deals",
        saved.to_str().unwrap(),
        "--jobs",
        "2",
        "--no-progress",
    ]);
    let text = std::fs::read_to_string(CARDS_DAT).unwrap();
    let deals = parse_dat(&text).unwrap();
    assert_eq!(
        parse_dat(&std::fs::read_to_string(&saved).unwrap()).unwrap(),
        deals
    );

    let result_line = stdout.lines().last().unwrap();
    let result =
        ResultLine::read(result_line.strip_prefix("RESULT ").expect("a RESULT line")).unwrap();
    let games = 3 * deals.len();
    assert_eq!(result.games, games as u64);
    assert_eq!(result.errors, 0);
    assert_eq!(result.players.len(), 3);

    let mut lines: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), games + 2);
    // The first line names the build (as `ddz --version` does) and the command line; the last
    // says the run finished. A whole run's log is shard 1/1's: merging it gives its report.
    let version = ddz(&["--version"]);
    match LogLine::read(&lines[0]).unwrap() {
        LogLine::Header { arena } => {
            assert_eq!(arena.version, version.trim());
            assert_eq!(arena.command[..3], ["arena", "--deals", CARDS_DAT]);
            assert_eq!(arena.shard, [1, 1]);
        }
        other => panic!("{:?}", other),
    }
    match LogLine::read(lines.last().unwrap()).unwrap() {
        LogLine::End { arena_end } => assert_eq!(arena_end.deals, deals.len() as u64),
        other => panic!("{:?}", other),
    }
    let merged = ddz(&["arena", "merge", log.to_str().unwrap()]);
    assert_eq!(result_without_clock(&merged), result_without_clock(&stdout));
    lines.pop();
    lines.remove(0);
    let mut total = 0;
    for (n, line) in lines.iter().enumerate() {
        let g = GameLine::read(line).unwrap();
        let scores = g.scores;
        assert_eq!(scores.iter().sum::<i32>(), 0);
        total += scores.iter().map(|s| s.abs()).sum::<i32>();
        // The replay shows the same score line.
        let replay = ddz(&[
            "replay",
            log.to_str().unwrap(),
            "--game",
            &(n + 1).to_string(),
        ]);
        let want = format!("score: A {}  B {}  C {}", scores[0], scores[1], scores[2]);
        assert!(replay.contains(&want), "{}\n{}", want, replay);
        if let Some(w) = g.winner {
            assert!(
                replay.contains(&format!("{} emptied its hand", w)),
                "{}",
                replay
            );
        }
    }
    assert!(total > 0, "some game was scored");

    let files: Vec<PathBuf> = std::fs::read_dir(&transcripts)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 3 * games);
    for f in &files {
        check_transcript(f);
        // The checker replays it into the built engine: every answer legal and in time.
        let engine = [env!("CARGO_BIN_EXE_ddz"), "--samples", "4"].map(String::from);
        let r = check_file(&engine, f);
        assert!(r.failures.is_empty(), "{}: {:?}", f.display(), r.failures);
        assert!(r.replies >= 3, "{}", f.display());
    }
    // A transcript replays too: its seat's dealt hand and the bids, as the transcript's own
    // lines give them (`DEAL <seat><codes>`, `BID <seat><bid>`; the arena above bids).
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut dealt = None;
    let mut bids = Vec::new();
    for line in text.lines() {
        let message = line.get(2..).unwrap_or("");
        if let Some(rest) = message.strip_prefix("DEAL ") {
            let (seat, codes) = rest.split_at(1);
            dealt = Some((seat.to_string(), Cards::parse_codes(codes).unwrap()));
        } else if let Some(rest) = message.strip_prefix("BID ") {
            if rest != "WHAT" {
                let (seat, bid) = rest.split_at(1);
                bids.push(format!("{} {}", seat, bid));
            }
        }
    }
    let (seat, hand) = dealt.expect("a DEAL line");
    assert_eq!(bids.len(), 3, "every seat bids once: {:?}", bids);
    let one = ddz(&["replay", files[0].to_str().unwrap()]);
    let hand_line = one
        .lines()
        .find(|l| l.starts_with(&format!("{} ", seat)))
        .unwrap_or_else(|| panic!("no line for seat {}:\n{}", seat, one));
    assert!(
        hand_line.split_whitespace().any(|w| w == hand.to_string()),
        "seat {} was dealt {}:\n{}",
        seat,
        hand,
        one
    );
    let want = format!("bids: {}", bids.join(", "));
    assert!(
        one.lines().any(|l| l.starts_with(&want)),
        "{}\n{}",
        want,
        one
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["arena", "--games", "x"][..],
        &["arena", "--players", "builtin:nobody"],
        &["arena", "--card-order", "sideways"],
        &["arena", "--pair", "builtin:ddz"],
        &["arena", "--players", "builtin:ddz:samples=0"],
        &["arena", "--players", "builtin:ddz:fast=yes"],
        &["arena", "--players", "builtin:rules:think=1"],
        &["replay", "/nonexistent/file.jsonl"],
    ] {
        let out = Process::new(env!("CARGO_BIN_EXE_ddz"))
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{:?} should fail", args);
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn max_errors_turns_faults_into_a_failing_exit() {
    // `cat` echoes the platform's lines back: every answer is malformed.
    let run = |limit: &str, first: &str| {
        Process::new(env!("CARGO_BIN_EXE_ddz"))
            .args([
                "arena",
                "--games",
                "2",
                "--time",
                "2",
                "--max-errors",
                limit,
            ])
            .args(["--players", first, "builtin:random", "builtin:random"])
            .output()
            .unwrap()
    };
    let strict = run("0", "cat");
    assert!(
        !strict.status.success(),
        "faults must fail with --max-errors 0"
    );
    assert!(String::from_utf8_lossy(&strict.stderr).contains("--max-errors"));
    assert!(String::from_utf8_lossy(&strict.stdout).contains("RESULT "));
    // Within the limit, the run still fails: `cat` never finished a game, so nothing was
    // measured about it.
    let lenient = run("100", "cat");
    assert_eq!(lenient.status.code(), Some(2));
    let err = String::from_utf8_lossy(&lenient.stderr);
    assert!(!err.contains("--max-errors"), "{}", err);
    assert!(err.contains("'cat' never finished a game"), "{}", err);
    assert!(String::from_utf8_lossy(&lenient.stdout).contains("RESULT "));
    let clean = run("0", "builtin:random");
    assert!(
        clean.status.success(),
        "no fault passes the strictest limit: {}",
        String::from_utf8_lossy(&clean.stderr)
    );
}

/// An engine that reads its input and never answers: every game ends by its late reply, and
/// the run says after its report that it measured nothing about it.
#[test]
fn an_engine_that_never_answers_fails_the_run_with_the_reason() {
    let out = Process::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["arena", "--games", "1", "--time", "0.3", "--no-progress"])
        .args(["--players", "sleep 5", "builtin:greedy", "builtin:greedy"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}", err);
    assert!(String::from_utf8_lossy(&out.stdout).contains("RESULT "));
    assert!(
        err.lines()
            .last()
            .unwrap_or("")
            .contains("'sleep 5' never finished a game (1 of its 1 seats ended by its own fault)"),
        "{}",
        err
    );
}

/// Seats a command line leaves open take the default player, a fixed budget: a bare `ddz arena`
/// finishes in seconds, not hours, and prints the same report on any machine.
#[test]
fn open_seats_take_the_fixed_budget_default_player() {
    let labels = |stdout: &str| -> Vec<String> {
        result_without_clock(stdout)
            .players
            .into_iter()
            .map(|p| p.player)
            .collect()
    };
    let bare = ["arena", "--games", "2", "--jobs", "1", "--no-progress"];
    let first = ddz(&bare);
    let want: Vec<String> = ["", "#2", "#3"]
        .iter()
        .map(|n| format!("{}{}", DEFAULT_PLAYER, n))
        .collect();
    assert_eq!(labels(&first), want);
    assert!(DEFAULT_PLAYER.contains(":samples="), "a fixed budget");
    assert_eq!(
        result_without_clock(&first),
        result_without_clock(&ddz(&bare))
    );
    let one = ddz(&[
        "arena",
        "--games",
        "2",
        "--players",
        "builtin:greedy",
        "--no-progress",
    ]);
    assert_eq!(labels(&one)[0], "builtin:greedy");
    assert_eq!(labels(&one)[1..], want[..2]);
}

/// Counts of one are singular in the summary: "1 job", "1 deal, 1 game".
#[test]
fn a_count_of_one_reads_singular() {
    let text = ddz(&[
        "arena",
        "--games",
        "1",
        "--jobs",
        "1",
        "--no-progress",
        "--players",
        "builtin:rules",
        "builtin:rules",
        "builtin:rules",
    ]);
    assert!(text.contains(", 1 job, "), "{}", text);
    assert!(text.contains("\n1 deal, 1 game in "), "{}", text);
}
