//! The search limit through each front end but the engine's (tests/suite/engine_config.rs):
//! `think` and `samples` are two spellings of one limit in an arena spec, `ddz play`, `ddz
//! serve`, `ddz botzone` and `ddz analyze`; the last one given wins, and one that replaced another is noted
//! on stderr, a limit alone is not.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `ddz ARGS` with `input` on stdin: (exit status success, stderr).
fn ddz(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddz starts");
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

/// Stderr's lines that note a replaced limit.
fn notes(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains(" replaces "))
        .collect()
}

/// Stderr's lines that note a replaced limit or a player's own one winning over its host's.
fn notes_and_wins(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains(" replaces ") || l.contains(" wins over "))
        .collect()
}

#[test]
fn an_arena_spec_plays_its_later_key() {
    let run = |spec: &str| {
        let (ok, stderr) = ddz(
            &[
                "arena",
                "--games",
                "1",
                "--h2h",
                spec,
                "builtin:rules",
                "--fixed-landlord",
            ],
            "",
        );
        assert!(ok, "{}", stderr);
        stderr
    };
    let spec = "builtin:ddz:think=0.05:samples=2";
    assert_eq!(
        notes(&run(spec)),
        [format!(
            "ddz arena: in {}, samples=2 replaces think=0.05: plays 2 deals a decision",
            spec
        )]
    );
    let spec = "builtin:ddz:samples=2:think=0.05";
    assert_eq!(
        notes(&run(spec)),
        [format!(
            "ddz arena: in {}, think=0.05 replaces samples=2: thinks 0.05 s a decision",
            spec
        )]
    );
    assert!(notes(&run("builtin:ddz:samples=2:samples=2")).is_empty());
}

#[test]
fn play_serve_and_botzone_take_either_spelling_and_the_last_wins() {
    let play = |more: &[&str]| {
        let mut args = vec!["play", "--seed", "1", "--opponents", "builtin:rules"];
        args.extend_from_slice(more);
        let (ok, stderr) = ddz(&args, "");
        assert!(ok, "{}", stderr);
        stderr
    };
    assert_eq!(
        notes(&play(&["--think", "2", "--samples", "8"])),
        ["ddz play: --samples 8 replaces --think 2: plays 8 deals a decision"]
    );
    assert_eq!(
        notes(&play(&["--samples", "8", "--think", "2"])),
        ["ddz play: --think 2 replaces --samples 8: thinks 2 s a decision"]
    );
    assert!(notes(&play(&["--samples", "8"])).is_empty());
    // An opponent's own limit is read the same way.
    let spec = "builtin:ddz:think=2:samples=8";
    assert_eq!(
        notes(&play(&["--opponents", spec])),
        [format!(
            "ddz play: in {}, samples=8 replaces think=2: plays 8 deals a decision",
            spec
        )]
    );

    // An opponent's own limit wins over the table's for it, and says so.
    assert_eq!(
        notes_and_wins(&play(&[
            "--think",
            "2",
            "--opponents",
            "builtin:ddz:samples=8"
        ])),
        ["ddz play: in builtin:ddz:samples=8, samples=8 wins over the host's think=2"]
    );
    assert!(notes_and_wins(&play(&[
        "--samples",
        "8",
        "--opponents",
        "builtin:ddz:samples=8"
    ]))
    .is_empty());

    // `ddz serve` reads the table's flags as `ddz play` does (an address it cannot bind ends it).
    let (ok, stderr) = ddz(
        &[
            "serve",
            "--samples",
            "8",
            "--think",
            "2",
            "--bind",
            "no.such.host.invalid",
        ],
        "",
    );
    assert!(!ok);
    assert_eq!(
        notes(&stderr),
        ["ddz serve: --think 2 replaces --samples 8: thinks 2 s a decision"]
    );

    let bot = |args: &[&str]| {
        let request = r#"{"requests":[{"own":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],"history":[],"publiccard":[51,52,53]}],"responses":[]}"#;
        let mut all = vec!["botzone"];
        all.extend_from_slice(args);
        let (ok, stderr) = ddz(&all, request);
        assert!(ok, "{}", stderr);
        stderr
    };
    assert_eq!(
        notes(&bot(&["--think", "0.1", "--samples", "4"])),
        ["ddz botzone: --samples 4 replaces --think 0.1: plays 4 deals a decision"]
    );
    assert_eq!(
        notes(&bot(&["--samples", "4", "--think", "0.1"])),
        ["ddz botzone: --think 0.1 replaces --samples 4: thinks 0.1 s a decision"]
    );
    assert_eq!(
        notes(&bot(&["--player", "ddz:samples=4:think=0.1"])),
        ["ddz botzone: in ddz:samples=4:think=0.1, think=0.1 replaces samples=4: thinks 0.1 s a decision"]
    );
    assert!(notes(&bot(&["--samples", "4"])).is_empty());
}

#[test]
fn analyze_plays_the_last_limit_given() {
    let run = |limits: &[&str]| {
        let mut args = vec!["analyze", "A=33344455KK2", "B=6789TJQKA", "C=6789TAA22X"];
        args.extend(["--landlord", "B", "--turn", "A", "--seat", "A"]);
        args.extend_from_slice(limits);
        let (ok, stderr) = ddz(&args, "");
        assert!(ok, "{}", stderr);
        stderr
    };
    assert_eq!(
        notes(&run(&["--think", "0.05", "--samples", "4"])),
        ["ddz analyze: --samples 4 replaces --think 0.05: plays 4 deals a decision"]
    );
    assert_eq!(
        notes(&run(&["--samples", "4", "--think", "0.05"])),
        ["ddz analyze: --think 0.05 replaces --samples 4: thinks 0.05 s a decision"]
    );
    assert!(notes(&run(&["--samples", "4"])).is_empty());
}
