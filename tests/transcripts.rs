//! The built engine on every transcript fixture, over pipes, as a platform would run it; and
//! the checker itself caught failing on engines that are wrong.

use ddz::tools::transcript::{check, check_file, parse, transcript_files};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts")
}

/// The built engine with a small fixed search budget (the thinking player's path, quickly).
fn engine() -> Vec<String> {
    vec![
        env!("CARGO_BIN_EXE_ddz").to_string(),
        "--samples".to_string(),
        "4".to_string(),
    ]
}

#[test]
fn every_fixture_passes_on_the_built_engine() {
    let files = transcript_files(&fixtures());
    assert!(files.len() >= 40, "only {} transcripts", files.len());
    let mut failures = Vec::new();
    let mut replies = 0;
    for f in &files {
        let r = check_file(&engine(), f);
        // The checker fails every reply over the transcript's limit (the official 15 s).
        replies += r.replies;
        for x in r.failures {
            failures.push(format!("{}: {}", f.display(), x));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(replies > 1000, "only {} replies checked", replies);
}

#[test]
fn every_fixture_passes_with_the_networks_judging() {
    // The play network in place of rollouts and the bid network (both settings of the
    // thinking player), on every platform's transcripts.
    let mut with_nets = engine();
    with_nets.extend(["--eval", "net", "--net-plies", "3", "--bid", "net"].map(String::from));
    let mut failures = Vec::new();
    let mut replies = 0;
    for f in &transcript_files(&fixtures()) {
        let r = check_file(&with_nets, f);
        replies += r.replies;
        for x in r.failures {
            failures.push(format!("{}: {}", f.display(), x));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(replies > 1000, "only {} replies checked", replies);
}

#[test]
fn the_engine_thinking_on_its_clock_answers_in_time() {
    // Timed mode, as on a platform: each decision thinks until the soft deadline. The
    // transcripts' own limits (15 s) are the bound the checker enforces; the think time keeps
    // the test short, and 5 s (25 times the think time) catches an engine that thinks past
    // its clock without flaking on a loaded machine.
    let timed = [env!("CARGO_BIN_EXE_ddz"), "--think", "0.2"].map(String::from);
    for name in [
        "official-example.txt",
        "platform-2015-run01.txt",
        "icga2019-engine-c1.txt",
    ] {
        let r = check_file(&timed, &fixtures().join(name));
        assert!(r.failures.is_empty(), "{}: {:?}", name, r.failures);
        assert!(r.replies > 5, "{}", name);
        assert!(
            r.slowest < Duration::from_secs(5),
            "{}: {:?}",
            name,
            r.slowest
        );
    }
}

#[test]
fn the_checker_rejects_an_echo() {
    let r = check_file(
        &["cat".to_string()],
        &fixtures().join("official-example.txt"),
    );
    assert!(r.failures.len() > 5, "{:?}", r.failures);
}

#[test]
fn the_checker_rejects_illegal_plays_and_silence() {
    // A well-spoken engine that plays cards it does not hold and ignores GAMEOVER.
    let script = std::env::temp_dir().join(format!("ddz-bad-engine-{}.sh", std::process::id()));
    std::fs::write(
        &script,
        "while read -r l; do case \"$l\" in \
         DOUDIZHUVER*) echo 'NAME bad';; 'BID WHAT'*) echo 'BID B3';; \
         'PLAY WHAT'*) echo 'PLAY B1,2';; INFO*) echo 'OK INFO';; DEAL*) echo 'OK DEAL';; \
         BID*) echo 'OK BID';; LEFTOVER*) echo 'OK LEFTOVER';; PLAY*) echo 'OK PLAY';; \
         esac; done\n",
    )
    .unwrap();
    let cmd = vec!["sh".to_string(), script.display().to_string()];
    // A short limit, so waiting for the missing answer takes little time.
    let text = std::fs::read_to_string(fixtures().join("official-example.txt")).unwrap();
    let t = parse(&format!("# time: 1\n{}", text)).unwrap();
    let r = check(&cmd, &t);
    let _ = std::fs::remove_file(&script);
    let text = r.failures.join("\n");
    assert!(
        text.contains("line 19: 'PLAY WHAT' answered 'PLAY B1,2': illegal"),
        "{}",
        text
    );
    assert!(text.contains("no answer to 'GAMEOVER C'"), "{}", text);
}

#[test]
fn the_checker_rejects_a_wrong_seat_and_a_late_extra_line() {
    let t = parse(
        "> DEAL C0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16\n< OK DEAL\n> BID WHAT\n< BID C0\n",
    )
    .unwrap();
    let script = std::env::temp_dir().join(format!("ddz-seat-engine-{}.sh", std::process::id()));
    std::fs::write(
        &script,
        "read -r l; echo 'OK DEAL'; read -r l; echo 'BID A0'; read -r l; echo 'extra'\n",
    )
    .unwrap();
    let r = check(&["sh".to_string(), script.display().to_string()], &t);
    let _ = std::fs::remove_file(&script);
    let text = r.failures.join("\n");
    assert!(text.contains("seat A is not ours"), "{}", text);
    assert!(text.contains("output after the last message"), "{}", text);
}
