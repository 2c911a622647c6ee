//! The engine binary as a platform starts it: no arguments, its settings from `ddz.cfg` beside
//! the executable, and the `log` file that records every line in and out and the hand.

use ddz::cards::Cards;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The platform's side of the official example (its `>` lines).
fn platform_lines() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/transcripts/official-example.txt"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(str::to_string)
        .collect()
}

/// Runs the engine at `exe` with `args`, feeding it `lines`: (stdout, stderr).
fn run(exe: &Path, args: &[&str], lines: &[String]) -> (String, String) {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{}", l).unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A copy of the built engine in a fresh directory, where its `ddz.cfg` can be put.
fn engine_in_own_dir() -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("ddz-engine-config-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!("ddz{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_ddz"), &exe).unwrap();
    (dir, exe)
}

#[test]
fn settings_come_from_ddz_cfg_beside_the_exe_and_the_log_records_the_game() {
    let (dir, exe) = engine_in_own_dir();
    let log = dir.join("engine.log");
    std::fs::write(
        dir.join("ddz.cfg"),
        format!(
            "# as a team would ship it\nname = FromFile\nsamples = 4  # quick\nlog = {}\n\
             colour = red\n",
            log.display()
        ),
    )
    .unwrap();
    let sent = platform_lines();
    let (stdout, stderr) = run(&exe, &[], &sent);
    let replies: Vec<&str> = stdout.lines().collect();
    assert_eq!(replies[0], "NAME FromFile", "the name from the file");
    // The bad line is reported with its line number; the engine played on.
    assert!(
        stderr.contains("ddz.cfg line 5: unknown key 'colour'"),
        "{}",
        stderr
    );
    assert_eq!(replies.last(), Some(&"OK GAMEOVER"), "{}", stdout);

    // The log: the problem, the start, every line in (`> `) and out (`< `) in order, and the
    // dealt hand in human notation.
    let problem = "! ddz.cfg line 5: unknown key 'colour' (using the default)";
    let text = std::fs::read_to_string(&log).expect("the log file was written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], problem, "{}", text);
    // The start names the build (as `ddz --version` does) and the settings in force.
    let version = std::process::Command::new(&exe)
        .arg("--version")
        .output()
        .unwrap()
        .stdout;
    let start = format!(
        "# ddz engine 'FromFile' starts: {}; scoring=official think=",
        String::from_utf8_lossy(&version).trim()
    );
    assert!(lines[1].starts_with(&start), "{}", text);
    assert!(
        lines[1].contains(" samples=4 "),
        "the file's setting: {}",
        text
    );
    let flagged_start = lines[1].replace("'FromFile'", "'Flagged'");
    let logged_in: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("> ")).collect();
    let logged_out: Vec<&str> = lines.iter().filter_map(|l| l.strip_prefix("< ")).collect();
    assert_eq!(logged_in, sent, "{}", text);
    assert_eq!(logged_out, replies, "{}", text);
    let deal = sent.iter().find_map(|l| l.strip_prefix("DEAL B")).unwrap();
    let hand = Cards::parse_codes(&deal.replace(' ', "")).unwrap();
    let hand_line = format!("# hand {} | left A17 B17 C17", hand);
    assert!(
        lines.contains(&hand_line.as_str()),
        "no {:?} in\n{}",
        hand_line,
        text
    );

    // Flags win over the file; the log is appended to, not replaced.
    let (stdout, _) = run(&exe, &["--name", "Flagged"], &sent[..1]);
    assert_eq!(stdout, "NAME Flagged\n");
    let text = std::fs::read_to_string(&log).unwrap();
    let appended = format!(
        "< OK GAMEOVER\n{}\n{}\n> DOUDIZHUVER 1.0\n< NAME Flagged\n",
        problem, flagged_start
    );
    assert!(text.starts_with(problem), "{}", text);
    assert!(text.ends_with(&appended), "{}", text);
    let _ = std::fs::remove_dir_all(&dir);
}
