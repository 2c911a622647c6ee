//! The engine binary as a platform starts it: no arguments, its settings from `ddz.cfg` beside
//! the executable (saved by any editor, read from any working directory), and the `log` file
//! that records every line in and out and the hand, shared by the three seats' processes; and
//! the settings themselves, read from the file's text (whatever editor saved it) and the flags.

use ddz::cards::Cards;
use ddz::engine::{decode_text, EngineConfig};
use ddz::game::Scoring;
use ddz::time::SearchLimit;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

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

/// Starts the engine at `exe` with `args` in the working directory `cwd`, writes `lines` to
/// it and closes its input (the reading happens in [`finish`]).
fn start(exe: &Path, args: &[&str], cwd: &Path, lines: &[String]) -> Child {
    let spawn = || {
        Command::new(exe)
            .args(args)
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
    };
    // A copy of the binary just written can be "busy" for a moment: another test thread's
    // fork may still hold the copy's write handle until its exec. Ask again briefly.
    let mut child = (0..50)
        .map(|_| spawn())
        .find(|r| match r {
            Err(e) if e.raw_os_error() == Some(ETXTBSY) => {
                std::thread::sleep(std::time::Duration::from_millis(20));
                false
            }
            _ => true,
        })
        .unwrap_or_else(spawn)
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let text: String = lines.iter().map(|l| format!("{}\r\n", l)).collect();
    // On a thread: the engine's replies fill its stdout pipe while this is written.
    std::thread::spawn(move || {
        let _ = stdin.write_all(text.as_bytes());
    });
    child
}

/// Waits for an engine to finish: (stdout, stderr).
fn finish(child: Child) -> (String, String) {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Linux's "text file busy": the executable is open for writing somewhere.
const ETXTBSY: i32 = 26;

/// Runs the engine at `exe` with `args` from `cwd`, feeding it `lines`: (stdout, stderr).
fn run_in(exe: &Path, args: &[&str], cwd: &Path, lines: &[String]) -> (String, String) {
    finish(start(exe, args, cwd, lines))
}

/// A copy of the built engine in a fresh directory named after `test`, where its `ddz.cfg`
/// can be put, and another fresh directory to start it from (as the platform does).
fn engine_in_own_dir(test: &str) -> (PathBuf, PathBuf, PathBuf) {
    let base =
        std::env::temp_dir().join(format!("ddz-engine-config-{}-{}", test, std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let dir = base.join("team");
    let cwd = base.join("platform");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&cwd).unwrap();
    let exe = dir.join(format!("ddz{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_ddz"), &exe).unwrap();
    (base, dir, exe)
}

/// One line of the log: `[PID SEAT] TEXT`.
#[derive(Debug, PartialEq)]
struct LogLine {
    process: u32,
    seat: char,
    text: String,
}

/// Every line of a log, each checked to be whole: a tag, then a line of the engine's.
fn read_log(path: &Path) -> Vec<LogLine> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("no log at {}: {}", path.display(), e));
    text.lines()
        .map(|line| {
            let parsed = line.strip_prefix('[').and_then(|l| {
                let (tag, text) = l.split_once("] ")?;
                let (process, seat) = tag.split_once(' ')?;
                let seat = match seat {
                    "-" | "A" | "B" | "C" => seat.chars().next()?,
                    _ => return None,
                };
                if !["> ", "< ", "# ", "! "].iter().any(|p| text.starts_with(p)) {
                    return None;
                }
                Some(LogLine {
                    process: process.parse().ok()?,
                    seat,
                    text: text.to_string(),
                })
            });
            parsed.unwrap_or_else(|| panic!("a torn or untagged line {:?} in\n{}", line, text))
        })
        .collect()
}

/// The texts of `lines` starting with `prefix`, without it.
fn with_prefix<'a>(lines: &'a [&LogLine], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter_map(|l| l.text.strip_prefix(prefix))
        .collect()
}

#[test]
fn settings_come_from_ddz_cfg_beside_the_exe_and_the_log_records_the_game() {
    let (base, dir, exe) = engine_in_own_dir("settings");
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
    let (stdout, stderr) = run_in(&exe, &[], &dir, &sent);
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
    // dealt hand in human notation; all of one process, tagged with the seat from its DEAL on.
    let problem = "! ddz.cfg line 5: unknown key 'colour' (using the default)";
    let first = read_log(&log);
    let lines: Vec<&LogLine> = first.iter().collect();
    let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts[0], problem, "{:?}", texts);
    // The start names the build (as `ddz --version` does) and the settings in force.
    let version = std::process::Command::new(env!("CARGO_BIN_EXE_ddz"))
        .arg("--version")
        .output()
        .unwrap()
        .stdout;
    let start = format!(
        "# ddz engine 'FromFile' starts: {}; scoring=official samples=4 ",
        String::from_utf8_lossy(&version).trim()
    );
    assert!(texts[1].starts_with(&start), "{:?}", texts);
    assert!(
        texts[1].contains(" samples=4 "),
        "the file's setting: {:?}",
        texts
    );
    let flagged_start = texts[1].replace("'FromFile'", "'Flagged'");
    assert_eq!(with_prefix(&lines, "> "), sent);
    assert_eq!(with_prefix(&lines, "< "), replies);
    let deal = sent.iter().find_map(|l| l.strip_prefix("DEAL B")).unwrap();
    let hand = Cards::parse_codes(&deal.replace(' ', "")).unwrap();
    let hand_line = format!("# hand {} | left A17 B17 C17", hand);
    assert!(texts.contains(&hand_line.as_str()), "no {:?}", hand_line);
    let process = lines[0].process;
    assert!(lines.iter().all(|l| l.process == process), "{:?}", lines);
    let dealt = texts.iter().position(|t| t.starts_with("> DEAL")).unwrap();
    let seats: String = lines.iter().map(|l| l.seat).collect();
    assert_eq!(
        seats,
        "-".repeat(dealt) + &"B".repeat(lines.len() - dealt),
        "{:?}",
        texts
    );

    // Flags win over the file; the log is appended to, not replaced, by another process.
    let (stdout, _) = run_in(&exe, &["--name", "Flagged"], &dir, &sent[..1]);
    assert_eq!(stdout, "NAME Flagged\n");
    let all = read_log(&log);
    assert_eq!(all[..first.len()], first[..]);
    let appended: Vec<&LogLine> = all[first.len()..].iter().collect();
    let texts: Vec<&str> = appended.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            problem,
            flagged_start.as_str(),
            "> DOUDIZHUVER 1.0",
            "< NAME Flagged"
        ]
    );
    assert!(appended
        .iter()
        .all(|l| l.process != process && l.process == appended[0].process && l.seat == '-'));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_cfg_saved_with_a_byte_order_mark_puts_a_relative_log_beside_the_exe() {
    let (base, dir, exe) = engine_in_own_dir("bom");
    let cwd = base.join("platform");
    // As Notepad saves it: a UTF-8 byte-order mark, CRLF line ends; a comment in Chinese, a
    // line the engine cannot read.
    let mut cfg = b"\xEF\xBB\xBFname = WithMark\r\nlog = seat.log\r\n".to_vec();
    cfg.extend_from_slice("# 队名 与 日志\r\nthinkk = 2\r\n".as_bytes());
    std::fs::write(dir.join("ddz.cfg"), &cfg).unwrap();
    let sent = platform_lines();
    let (stdout, stderr) = run_in(&exe, &["--samples", "4"], &cwd, &sent);
    assert!(stdout.starts_with("NAME WithMark\n"), "{}", stdout);
    assert!(stdout.ends_with("OK GAMEOVER\n"), "{}", stdout);
    let warning = "ddz.cfg line 4: unknown key 'thinkk'";
    assert!(stderr.contains(warning), "{}", stderr);
    assert!(!stderr.contains("line 1"), "{}", stderr);

    // The log is beside the exe, not in the working directory, and the bad line is in it (the
    // platform never shows stderr).
    assert!(!cwd.join("seat.log").exists());
    let lines = read_log(&dir.join("seat.log"));
    assert!(
        lines[0].text.starts_with(&format!("! {}", warning)),
        "{:?}",
        lines
    );
    assert!(lines.iter().any(|l| l.text == "< NAME WithMark"));

    // The same setting as a flag is a path typed on a command line: relative to the working
    // directory.
    let (stdout, _) = run_in(&exe, &["--log", "flag.log"], &cwd, &sent[..1]);
    assert_eq!(stdout, "NAME WithMark\n");
    assert!(!dir.join("flag.log").exists());
    let lines = read_log(&cwd.join("flag.log"));
    assert!(lines.iter().any(|l| l.text == "< NAME WithMark"));
    let _ = std::fs::remove_dir_all(&base);
}

/// What the platform sends one seat over `games` quick games (a deal, a bid, the end), with
/// a line that is not protocol now and then so that problems are logged too.
fn seat_lines(seat: char, games: usize) -> Vec<String> {
    let mut lines = vec![
        "DOUDIZHUVER 1.0".to_string(),
        "INFO 1,4,1,6,9,2100,15".into(),
    ];
    let offset = match seat {
        'A' => 0,
        'B' => 17,
        _ => 34,
    };
    for game in 0..games {
        let cards: Vec<String> = (0..17)
            .map(|i| ((game * 7 + offset + i) % 54).to_string())
            .collect();
        lines.push(format!("DEAL {}{}", seat, cards.join(",")));
        lines.push("BID WHAT".into());
        if game % 10 == 3 {
            lines.push("HELLO THERE".into());
        }
        lines.push(format!("GAMEOVER {}", seat));
    }
    lines
}

#[test]
fn three_seats_from_one_exe_and_one_cfg_share_one_tagged_log() {
    let (base, dir, exe) = engine_in_own_dir("seats");
    let cwd = base.join("platform");
    std::fs::write(
        dir.join("ddz.cfg"),
        "\u{feff}name = ThreeSeats\nlog = ddz.log\n",
    )
    .unwrap();
    // The platform starts the three seats at once; their games overlap in time.
    const GAMES: usize = 150;
    let seats = ['A', 'B', 'C'];
    let sent: Vec<Vec<String>> = seats.iter().map(|&s| seat_lines(s, GAMES)).collect();
    let children: Vec<Child> = sent
        .iter()
        .map(|lines| start(&exe, &[], &cwd, lines))
        .collect();
    let processes: Vec<u32> = children.iter().map(Child::id).collect();
    let outputs: Vec<(String, String)> = children.into_iter().map(finish).collect();

    assert!(!cwd.join("ddz.log").exists());
    let log = read_log(&dir.join("ddz.log"));
    for (i, (stdout, _)) in outputs.iter().enumerate() {
        assert!(stdout.starts_with("NAME ThreeSeats\n"), "{}", stdout);
        // Each process's lines, picked out by its tag, are what it was sent and answered, in
        // order; from its first DEAL on they carry its seat.
        let own: Vec<&LogLine> = log.iter().filter(|l| l.process == processes[i]).collect();
        assert_eq!(with_prefix(&own, "> "), sent[i]);
        assert_eq!(with_prefix(&own, "< "), stdout.lines().collect::<Vec<_>>());
        let problems = with_prefix(&own, "! ");
        assert_eq!(problems.len(), (0..GAMES).filter(|g| g % 10 == 3).count());
        let dealt = own
            .iter()
            .position(|l| l.text.starts_with("> DEAL"))
            .unwrap();
        assert!(own[..dealt].iter().all(|l| l.seat == '-'));
        assert!(own[dealt..].iter().all(|l| l.seat == seats[i]));
    }
    assert!(log.iter().all(|l| processes.contains(&l.process)));
    let _ = std::fs::remove_dir_all(&base);
}

/// The usage text `ddz ARGS --help` prints.
fn usage_of(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "ddz {:?} --help", args);
    String::from_utf8(out.stdout).unwrap()
}

/// The words of `text` that look like settings in one of the two spellings: `--name` (a flag)
/// or `name=` (a `builtin:ddz` key), without the marks.
fn spelled_settings(text: &str, flags: bool) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || "[]|(),".contains(c))
        .filter_map(|word| {
            if flags {
                word.strip_prefix("--")
            } else {
                word.rsplit(':').next()?.split_once('=').map(|(k, _)| k)
            }
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// Every setting of the registries is in each usage text that lists settings, spelled with
/// its value's shape (`--infer off|net`, `infer=off|net`), and those texts
/// name no setting the registries lack: the lists are made from the registries, and this
/// holds the texts' layout to them (a list cut short or a setting written in by hand fails).
#[test]
fn the_usage_texts_list_the_registries_settings() {
    use ddz::engine::ENGINE_SETTINGS;
    use ddz::strategy::thinker::SETTINGS;
    let thinker: Vec<(&str, &str)> = SETTINGS.iter().map(|s| (s.name, s.value)).collect();
    let engine: Vec<(&str, &str)> = ENGINE_SETTINGS
        .iter()
        .map(|s| (s.name, s.value))
        .chain(thinker.iter().copied())
        .collect();
    // The engine's flags: the usage's lines before the first tool's.
    let binary = usage_of(&[]);
    let engine_part = &binary[..binary.find("ddz moves").unwrap()];
    // `ddz analyze`: the thinking player's settings (its SETTINGS paragraph) and --scoring.
    let analyze = usage_of(&["analyze"]);
    let analyze_part = &analyze[analyze.find("SETTINGS are").unwrap()..];
    let analyze_part = &analyze_part[..analyze_part.find("\nThe column").unwrap()];
    // `ddz arena`: the list of builtin:ddz's settings.
    let arena = usage_of(&["arena"]);
    let marker = "KEY=VALUE one of:";
    let arena_part = &arena[arena.find(marker).unwrap() + marker.len()..];
    let arena_part = &arena_part[..arena_part.find("Without think").unwrap()];
    for (text, listed, flags) in [
        (engine_part, &engine, true),
        (analyze_part, &thinker, true),
        (arena_part, &thinker, false),
    ] {
        for (name, value) in listed.iter() {
            let spelled = if flags {
                format!("--{} {}", name, value)
            } else {
                format!("{}={}", name, value)
            };
            assert!(
                text.contains(&spelled),
                "'{}' is not in:\n{}",
                spelled,
                text
            );
        }
        for name in spelled_settings(text, flags) {
            assert!(
                listed.iter().any(|(n, _)| *n == name),
                "'{}' is in the usage but no setting:\n{}",
                name,
                text
            );
        }
    }
}

/// The example `ddz.cfg` of docs/engine.md shows every setting the engine takes, once (`think`
/// commented out: `samples` and `think` are one limit, the last given winning), and each line
/// reads without a warning (the networks' files aside: the example names files a reader would
/// train first).
#[test]
fn the_documented_ddz_cfg_shows_every_setting() {
    use ddz::engine::{engine_setting_names, EngineConfig};
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/engine.md")).unwrap();
    let block: Vec<&str> = page
        .lines()
        .skip_while(|l| l.trim() != "# ddz.cfg")
        .skip(1)
        .take_while(|l| l.starts_with("    ") && l.contains('='))
        .map(str::trim)
        .collect();
    let keys: Vec<&str> = block
        .iter()
        .map(|l| l.trim_start_matches('#').split('=').next().unwrap().trim())
        .collect();
    let mut names: Vec<&str> = engine_setting_names().collect();
    let mut shown = keys.clone();
    names.sort_unstable();
    shown.sort_unstable();
    assert_eq!(shown, names, "the example's keys against the registries'");
    let mut config = EngineConfig::default();
    for line in block.iter().filter(|l| !l.starts_with("net ")) {
        let warnings = config.apply_text(line, Path::new(""));
        assert!(warnings.is_empty(), "{}: {:?}", line, warnings);
    }
}

/// The log's first line names the search limit that plays, so a team reading its log can tell
/// what budget its engine had: the platform's default (`samples=256`) when nothing sets one,
/// and the time when `think` does (never both, never a placeholder such as `clock`).
#[test]
fn the_start_line_names_the_limit_that_plays() {
    let (base, dir, exe) = engine_in_own_dir("limit");
    let handshake = vec!["DOUDIZHUVER 1.0".to_string()];
    let start_line = |args: &[&str]| {
        let log = dir.join("limit.log");
        let _ = std::fs::remove_file(&log);
        let mut args: Vec<&str> = args.to_vec();
        let log_arg = log.display().to_string();
        args.extend(["--log", &log_arg]);
        run_in(&exe, &args, &dir, &handshake);
        let lines = read_log(&log);
        let start = lines
            .iter()
            .find(|l| l.text.starts_with("# ddz engine"))
            .unwrap_or_else(|| panic!("no start line in {:?}", lines));
        format!("{} ", start.text)
    };
    let default = start_line(&[]);
    let deals = format!(" samples={} ", ddz::time::DEFAULT_DEALS);
    assert!(default.contains(&deals), "{}", default);
    assert!(!default.contains(" think="), "{}", default);
    let timed = start_line(&["--think", "2"]);
    assert!(timed.contains(" think=2 "), "{}", timed);
    assert!(!timed.contains(" samples="), "{}", timed);
    assert!(!default.contains("clock") && !timed.contains("clock"));
    let _ = std::fs::remove_dir_all(&base);
}

/// `samples` and `think` are two spellings of one limit: the last given wins (`ddz.cfg`'s lines,
/// then the flags, in order), and one that replaced another says so on stderr and in the log's
/// start line; a limit alone, or given again the same, says nothing.
#[test]
fn the_last_limit_given_plays_and_a_replaced_one_is_noted() {
    let (base, dir, exe) = engine_in_own_dir("last-limit");
    let handshake = vec!["DOUDIZHUVER 1.0".to_string()];
    let log = dir.join("limit.log");
    let run = |cfg: &str, args: &[&str]| {
        std::fs::write(dir.join("ddz.cfg"), cfg).unwrap();
        let _ = std::fs::remove_file(&log);
        let log_arg = log.display().to_string();
        let args: Vec<&str> = args.iter().copied().chain(["--log", &log_arg]).collect();
        let (_, stderr) = run_in(&exe, &args, &dir, &handshake);
        let lines = read_log(&log);
        let start = lines
            .iter()
            .find(|l| l.text.starts_with("# ddz engine"))
            .map(|l| l.text.clone())
            .unwrap_or_else(|| panic!("no start line in {:?}", lines));
        (start, stderr)
    };
    let note = "--samples 64 replaces --think 2: plays 64 deals a decision";
    let (start, stderr) = run("", &["--think", "2", "--samples", "64"]);
    assert!(
        start.contains(" samples=64 ") && !start.contains(" think="),
        "{}",
        start
    );
    assert!(start.ends_with(&format!("; {}", note)), "{}", start);
    assert_eq!(stderr.trim(), format!("ddz: {}", note));
    let (start, stderr) = run("", &["--samples", "64", "--think", "2"]);
    let note = "--think 2 replaces --samples 64: thinks 2 s a decision";
    assert!(
        start.contains(" think=2 ") && !start.contains(" samples="),
        "{}",
        start
    );
    assert!(start.ends_with(&format!("; {}", note)), "{}", start);
    assert_eq!(stderr.trim(), format!("ddz: {}", note));
    // The file's lines in order, then the flags.
    let (start, stderr) = run("think = 2\nsamples = 64 # deals\n", &["--think=1"]);
    assert!(start.contains(" think=1 "), "{}", start);
    let notes = [
        "ddz: samples = 64 (ddz.cfg line 2) replaces think = 2 (ddz.cfg line 1): plays 64 deals a decision",
        "ddz: --think 1 replaces samples = 64 (ddz.cfg line 2): thinks 1 s a decision",
    ];
    assert_eq!(stderr.lines().collect::<Vec<_>>(), notes);
    // One limit, or the same again: nothing replaced.
    for (cfg, args) in [
        ("", &["--samples", "64"][..]),
        ("samples = 64\n", &["--samples", "64"][..]),
        ("think = 2\n", &[][..]),
    ] {
        let (start, stderr) = run(cfg, args);
        assert!(!start.contains("replaces"), "{}", start);
        assert!(stderr.is_empty(), "{}", stderr);
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn file_then_flags() {
    let mut c = EngineConfig::default();
    let w = c.apply_text(
        "# settings\nname = Alpha\n think=2.5 # seconds\nlog=\ncolour = red\nname = 名字\nbroken\nscoring = Team\nscoring = swiss\n",
        Path::new(""),
    );
    assert_eq!(c.name, "Alpha");
    assert_eq!(c.scoring, Scoring::Team);
    let thinking = SearchLimit::Time(Duration::from_millis(2500));
    assert_eq!(c.player.limit, Some(thinking));
    assert_eq!(c.log, None);
    assert_eq!(w.len(), 4, "{:?}", w);
    let args: Vec<String> = [
        "--name",
        "Beta",
        "--think",
        "-1",
        "--log",
        "x.log",
        "--bogus",
        "--scoring",
        "official",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let w = c.apply_args(&args);
    assert_eq!(c.name, "Beta");
    assert_eq!(c.player.limit, Some(thinking));
    assert_eq!(c.log, Some(PathBuf::from("x.log")));
    assert_eq!(c.scoring, Scoring::Official);
    assert_eq!(w.len(), 2, "{:?}", w);
    // The thinking player's settings pass through to it.
    let w = c.apply_text(
        "samples = 64\ntable-mb = 8\nbid = value\nstick = 0.5\nsamples = 0\n",
        Path::new(""),
    );
    assert_eq!(c.player.limit, Some(SearchLimit::Deals(64)));
    assert_eq!(c.player.stick, 0.5);
    assert_eq!(c.player.table_bytes, 8 << 20);
    assert_eq!(c.player.bidder, ddz::strategy::thinker::Bidder::Value);
    assert_eq!(w.len(), 1, "{:?}", w);
    let w = c.apply_args(&["--samples".to_string(), "9".to_string()]);
    assert!(w.is_empty());
    assert_eq!(c.player.limit, Some(SearchLimit::Deals(9)));
}

/// The same settings saved by different editors read the same.
#[test]
fn byte_order_marks_and_gbk_comments() {
    let text = "name = Team1\r\nthink = 3 # 每步秒数\r\n";
    let read = |bytes: &[u8]| {
        let mut c = EngineConfig::default();
        let warnings = c.apply_text(&decode_text(bytes), Path::new(""));
        (c, warnings)
    };
    let (plain, warnings) = read(text.as_bytes());
    assert!(warnings.is_empty(), "{:?}", warnings);
    assert_eq!(plain.name, "Team1");
    assert_eq!(
        plain.player.limit,
        Some(SearchLimit::Time(Duration::from_secs(3)))
    );
    let with_mark = [b"\xEF\xBB\xBF", text.as_bytes()].concat();
    let utf16 = |to: fn(u16) -> [u8; 2]| {
        let mut bytes = Vec::new();
        for unit in "\u{feff}".encode_utf16().chain(text.encode_utf16()) {
            bytes.extend_from_slice(&to(unit));
        }
        bytes
    };
    // 每步秒数 in GBK: a comment still, whatever its bytes decode to.
    let gbk = [
        &b"name = Team1\r\nthink = 3 # "[..],
        b"\xC3\xBF\xB2\xBD\xC3\xEB\xCA\xFD",
        b"\r\n",
    ]
    .concat();
    for bytes in [
        with_mark,
        utf16(u16::to_le_bytes),
        utf16(u16::to_be_bytes),
        gbk,
    ] {
        assert_eq!(read(&bytes), (plain.clone(), vec![]), "{:?}", bytes);
    }
}

/// In the file, a relative file setting is relative to the file's folder; an absolute one
/// stays; as a flag it stays as typed (relative to the working directory).
#[test]
fn file_settings_are_relative_to_the_folder() {
    let folder = Path::new("team").join("engine");
    let absolute = std::env::temp_dir().join("elsewhere.log");
    let mut c = EngineConfig::default();
    let w = c.apply_text("log = ddz.log\n", &folder);
    assert!(w.is_empty(), "{:?}", w);
    assert_eq!(c.log, Some(folder.join("ddz.log")));
    c.apply_text(&format!("log = {}\n", absolute.display()), &folder);
    assert_eq!(c.log, Some(absolute));
    c.apply_text("log =\n", &folder);
    assert_eq!(c.log, None);
    c.apply_args(&["--log".to_string(), "ddz.log".to_string()]);
    assert_eq!(c.log, Some(PathBuf::from("ddz.log")));
    // The networks' files too: the warning names the file looked for.
    let w = c.apply_text("Net = new.bin\nnet = new.bin,a.bin\n", &folder);
    let looked_for = folder.join("new.bin");
    assert_eq!(w.len(), 2, "{:?}", w);
    for warning in &w {
        assert!(
            warning.contains(&format!("'{}'", looked_for.display())),
            "{}",
            warning
        );
    }
}

/// A retired setting, in `ddz.cfg` or as a flag, is refused by name with what replaced it,
/// not as an unknown key; the flag's value goes with it.
#[test]
fn a_retired_setting_is_named_in_the_file_and_as_a_flag() {
    let mut c = EngineConfig::default();
    let w = c.apply_text("partner = learned\nsamples = 8\n", Path::new(""));
    assert_eq!(w.len(), 1, "{:?}", w);
    assert!(w[0].contains("partner was retired"), "{:?}", w);
    assert_eq!(c.player.limit, Some(SearchLimit::Deals(8)));
    let strictly = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        EngineConfig::default().apply_args_strictly(&args)
    };
    let e = strictly(&["--eval", "rollout"]).unwrap_err().to_string();
    assert!(
        e.contains("eval=rollout was retired") && e.contains("net-weight=0"),
        "{}",
        e
    );
    let e = strictly(&["--finalists", "2", "--samples", "3"])
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("--finalists: finalists was retired"), "{}", e);
    assert!(strictly(&["--samples", "3"]).is_ok());
    let e = strictly(&["--evall", "x"]).unwrap_err().to_string();
    assert!(!e.contains("retired"), "{}", e);
}
