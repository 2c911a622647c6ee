//! Tools that run engines over pipes never die silently of SIGPIPE (exit status 141) when an
//! engine cannot start, exits at once or closes its input: they say so on stderr, naming the
//! command. Tools that only write to stdout still stop quietly when their reader goes away.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_ddz");

fn run(args: &[&str], path: Option<&str>, input: &str) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(p) = path {
        command.env("PATH", p);
    }
    let mut child = command.spawn().expect("the binary runs");
    if let Some(mut stdin) = child.stdin.take() {
        // The tool may not read its input at all.
        let _ = stdin.write_all(input.as_bytes());
    }
    child.wait_with_output().expect("the binary ends")
}

/// The run ended by an exit status (not a signal such as SIGPIPE), which is returned.
fn exit_code(out: &Output) -> i32 {
    match out.status.code() {
        Some(code) => {
            assert_ne!(code, 141, "exit status 141 (SIGPIPE in a shell)");
            code
        }
        None => panic!(
            "killed by a signal: {:?}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn an_engine_not_on_the_path_is_a_reported_crash_in_the_team_format() {
    let path = "/usr/bin:/bin";
    if path.split(':').any(|d| Path::new(d).join("ddz").exists()) {
        return; // ddz is installed there: the case cannot be set up.
    }
    let out = run(
        &[
            "arena",
            "--format",
            "team",
            "--platform",
            "icga2019",
            "--games",
            "1",
            "--no-progress",
            "--players",
            "ddz --scoring team",
            "ddz --scoring team",
        ],
        Some(path),
        "",
    );
    // Neither team ever finished a game: the run measured nothing, and its status says so.
    assert_eq!(exit_code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("'ddz --scoring team'"), "{}", err);
    assert!(err.contains("command not found"), "{}", err);
    assert!(err.contains("never finished a game"), "{}", err);
    // The match went on to its report, the faults counted as crashes.
    let text = stdout(&out);
    let result = text
        .lines()
        .find(|l| l.starts_with("RESULT "))
        .unwrap_or_else(|| panic!("no RESULT line in {}", text));
    assert!(result.contains("\"crashed\":3"), "{}", result);
}

/// The run fails (status 2) with the reason after its report: a player that never finished a
/// game was not measured, however the report reads.
#[test]
fn an_engine_that_cannot_start_or_exits_at_once_is_that_engines_fault() {
    for (engine, what) in [
        ("nonexistent-engine", "command not found"),
        ("false", "exited (exit status 1)"),
    ] {
        let out = run(
            &[
                "arena",
                "--games",
                "2",
                "--no-progress",
                "--players",
                engine,
                "builtin:greedy",
                "builtin:greedy",
            ],
            None,
            "",
        );
        // The report comes first, then the failing status and its reason, last on stderr.
        assert_eq!(exit_code(&out), 2, "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("'{}'", engine)), "{}", err);
        assert!(err.contains(what), "{}", err);
        let reason = err.lines().last().unwrap_or("");
        assert!(
            reason.contains(&format!(
                "'{}' never finished a game (2 of its 2 seats ended by its own fault)",
                engine
            )),
            "{}",
            err
        );
        let text = stdout(&out);
        let row = text
            .lines()
            .find(|l| l.starts_with(engine))
            .unwrap_or_else(|| panic!("no report row for {} in {}", engine, text));
        assert!(row.ends_with("crashed 2"), "{}", row);
        // The other players were not blamed.
        assert!(text
            .lines()
            .any(|l| l.starts_with("builtin:greedy ") && l.ends_with(" 0")));
    }
}

#[test]
fn play_refuses_an_opponent_that_cannot_start() {
    let out = run(
        &["play", "--seed", "1", "--opponents", "nonexistent-engine"],
        None,
        "q\n",
    );
    assert_eq!(exit_code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("'nonexistent-engine'"), "{}", err);
    assert!(err.contains("command not found"), "{}", err);
}

#[test]
fn check_transcripts_says_when_the_engine_exits_at_once() {
    let engine = format!("{} | head -n 3", BIN);
    let out = run(
        &[
            "check-transcripts",
            "--engine",
            &engine,
            "fixtures/transcripts",
        ],
        None,
        "",
    );
    assert_eq!(exit_code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains(&format!("'{}'", engine)), "{}", err);
    assert!(err.contains("exited (exit status 2)"), "{}", err);
    assert!(err.contains("not through a shell"), "{}", err);
    // Why it exited, in its own words: ddz refuses the `|` it was given as an argument.
    assert!(err.contains("saying on stderr 'ddz: "), "{}", err);

    let out = run(
        &[
            "check-transcripts",
            "--engine",
            "nonexistent-engine --x",
            "fixtures/transcripts",
        ],
        None,
        "",
    );
    assert_eq!(exit_code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("'nonexistent-engine --x'"), "{}", err);
    assert!(err.contains("could not start"), "{}", err);
}

/// `ddz TOOL … | head -n 1`: the tool's reader is gone before it writes.
#[cfg(unix)]
fn with_reader_gone(args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    child.wait_with_output().expect("the binary ends")
}

#[cfg(unix)]
#[test]
fn tools_stop_quietly_when_their_reader_goes_away() {
    use std::os::unix::process::ExitStatusExt;
    for args in [
        &["moves", "333444555666777888XD"][..],
        &[
            "check-transcripts",
            "--engine",
            BIN,
            "fixtures/transcripts/official-example.txt",
        ][..],
    ] {
        let out = with_reader_gone(args);
        // Either everything fitted in the pipe before it closed, or the write failed: then
        // the tool ends by SIGPIPE (as Unix tools do) or by itself, but says nothing.
        let quiet = out.status.success() || out.status.signal() == Some(13);
        assert!(quiet, "{:?}: {:?}", args, out.status);
        assert!(out.stderr.is_empty(), "{:?}: {}", args, stderr(&out));
    }
}
