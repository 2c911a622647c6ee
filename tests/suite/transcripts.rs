//! The built engine on every transcript fixture, over pipes, as a platform would run it; and
//! the checker itself caught failing on engines that are wrong.

use ddz::arena::wire::transcript::{check, check_file, parse, transcript_files};
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

/// Checks `command` on every transcript in `files`: no failure, and more than a thousand
/// replies checked in all.
fn passes_all(command: &[String], files: &[PathBuf]) {
    let mut failures = Vec::new();
    let mut replies = 0;
    for f in files {
        let r = check_file(command, f);
        replies += r.replies;
        for x in r.failures {
            failures.push(format!("{}: {}", f.display(), x));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(replies > 1000, "only {} replies checked", replies);
}

#[test]
fn every_fixture_passes_on_the_built_engine() {
    let files = transcript_files(&fixtures());
    assert!(files.len() >= 40, "only {} transcripts", files.len());
    // The checker fails every reply over the transcript's limit (the official 15 s).
    passes_all(&engine(), &files);
}

/// The fixtures less 26 of the 27 runs of the 2015 platform, which share one platform's habits:
/// every kind of conversation once.
fn one_of_each_kind() -> Vec<PathBuf> {
    transcript_files(&fixtures())
        .into_iter()
        .filter(|f| {
            let name = f
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            !name.starts_with("platform-2015-run") || name == "platform-2015-run01.txt"
        })
        .collect()
}

#[test]
fn every_kind_of_fixture_passes_with_the_networks_judging() {
    // The play network wherever it judges and the bid network, then play-outs alone and the
    // value thresholds (settings of the thinking player), on every platform's transcripts.
    let files = one_of_each_kind();
    assert!(files.len() >= 20, "only {} transcripts", files.len());
    for settings in [
        ["--net-weight", "1", "--bid", "net"],
        ["--net-weight", "0", "--bid", "value"],
    ] {
        let mut with_nets = engine();
        with_nets.extend(settings.map(String::from));
        passes_all(&with_nets, &files);
    }
}

#[test]
fn the_engine_thinking_on_its_clock_answers_in_time() {
    // Timed mode, as on a platform: each decision thinks until the soft deadline. The
    // transcripts' own limits (15 s) are the bound the checker enforces; the think time keeps
    // the test short (each decision waits it out), and 5 s (250 times the think time)
    // catches an engine that thinks past its clock without flaking on a loaded machine.
    let timed = [env!("CARGO_BIN_EXE_ddz"), "--think", "0.02"].map(String::from);
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
    // A short limit, so waiting for the missing answer takes little time (the limit and as much
    // again).
    let text = std::fs::read_to_string(fixtures().join("official-example.txt")).unwrap();
    let t = parse(&format!("# time: 0.5\n{}", text)).unwrap();
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

/// `ddz check-transcripts` itself: a good transcript is `ok`, one whose recorded reply the
/// engine cannot give is `FAIL` with the line and the reason, a reply over the transcript's
/// limit is `FAIL` too, the tally counts them, and the exit status is 2 when one failed.
#[test]
fn check_transcripts_gives_each_verdict_and_the_exit_status() {
    let ddz = env!("CARGO_BIN_EXE_ddz");
    let dir = std::env::temp_dir().join(format!("ddz-check-transcripts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(fixtures().join("official-example.txt")).unwrap();
    std::fs::write(dir.join("good.txt"), &good).unwrap();
    // The engine must answer DEAL with `OK DEAL`; this transcript expects another answer.
    let broken = good.replacen("< OK DEAL", "< OK LEFTOVER", 1);
    assert_ne!(broken, good);
    std::fs::write(dir.join("broken.txt"), broken).unwrap();
    let run = |engine: &str, files: &[&str]| {
        let mut args = vec![
            "check-transcripts".to_string(),
            "--engine".into(),
            engine.into(),
        ];
        args.extend(files.iter().map(|f| dir.join(f).display().to_string()));
        std::process::Command::new(ddz)
            .args(&args)
            .output()
            .expect("the binary runs")
    };
    let engine = format!("{} --samples 4", ddz);

    let out = run(&engine, &["good.txt"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", stdout);
    assert!(stdout.starts_with("ok   "), "{}", stdout);
    assert!(stdout.ends_with("1 passed, 0 failed\n"), "{}", stdout);

    let out = run(&engine, &["good.txt", "broken.txt"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{}", stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("ok   ") && lines[0].contains("good.txt"),
        "{}",
        stdout
    );
    assert!(
        lines[1].starts_with("FAIL ") && lines[1].contains("broken.txt"),
        "{}",
        stdout
    );
    assert!(
        lines[2].contains("line 8:") && lines[2].contains("expected 'OK LEFTOVER'"),
        "{}",
        stdout
    );
    assert_eq!(lines.last(), Some(&"1 passed, 1 failed"), "{}", stdout);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("1 transcripts failed"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // An engine that answers the handshake 1.4 s after it, against a 1 s limit: late, but
    // inside the second of grace after which it would be silent.
    std::fs::write(
        dir.join("late.txt"),
        "# time: 1\n> DOUDIZHUVER 1.0\n< NAME slow\n",
    )
    .unwrap();
    let script = dir.join("slow.sh");
    std::fs::write(&script, "read -r l; sleep 1.4; echo 'NAME slow'\n").unwrap();
    let out = run(&format!("sh {}", script.display()), &["late.txt"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{}", stdout);
    assert!(stdout.starts_with("FAIL "), "{}", stdout);
    assert!(stdout.contains("over the 1s limit"), "{}", stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// The paths a line of text names: words with a `/` that end in a file extension
/// (`tests/suite/rules_moves.rs`, `../x/y.log`), stripped of quotes, brackets and trailing stops.
fn cited_paths(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || "`'\"(),;".contains(c))
        .map(|w| w.trim_end_matches(&['.', ':'][..]))
        .filter(|w| w.contains('/'))
        .filter(|w| {
            w.rsplit_once('.').map_or(false, |(_, ext)| {
                (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric())
            })
        })
        .map(String::from)
        .collect()
}

/// A fixture's comments (and the fixtures' READMEs) cite only files a clone has: none outside
/// the repository, none on some machine's disk. Build outputs (`build/`, `target/`) are named
/// as what a command writes.
#[test]
fn fixture_comments_cite_only_files_in_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cited = 0;
    let mut missing = Vec::new();
    for file in files_under(&root.join("fixtures")) {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(_) => continue,
        };
        let readme = file.extension().map_or(false, |e| e == "md");
        for (n, line) in text.lines().enumerate() {
            if !readme && !line.starts_with('#') {
                continue;
            }
            for path in cited_paths(line) {
                cited += 1;
                let outside = path.starts_with('/') || path.starts_with("..") || path.contains('*');
                let output = path.starts_with("build/") || path.starts_with("target/");
                if outside || (!output && !root.join(&path).exists()) {
                    missing.push(format!("{}:{}: {}", file.display(), n + 1, path));
                }
            }
        }
    }
    assert!(
        cited >= 10,
        "only {} paths cited: is the reader right?",
        cited
    );
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
