//! One command line for every tool: `--help` everywhere, `--version`, `ddz help`, both value
//! forms (`--x v`, `--x=v`), unknown flags and missing values refused with the flag named,
//! cards typed with spaces.

use crate::arena_common;

use arena_common::result_without_clock;
use ddz::cli::{asked_for, Asked};
use std::io::Write;
use std::process::{Command, Stdio};

const TOOLS: [&str; 13] = [
    "moves",
    "classify",
    "split",
    "solve",
    "analyze",
    "bench",
    "arena",
    "play",
    "replay",
    "check-transcripts",
    "selfplay",
    "encode",
    "netcheck",
];

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn ddz_with_input(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("the binary ends");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn ddz(args: &[&str]) -> Run {
    ddz_with_input(args, "")
}

/// The run succeeded; its stdout.
fn ok(args: &[&str]) -> String {
    let run = ddz(args);
    assert_eq!(run.code, Some(0), "{:?}: {}", args, run.stderr);
    run.stdout
}

#[test]
fn every_tool_answers_help_with_its_usage() {
    for tool in TOOLS {
        for help in ["--help", "-h"] {
            let run = ddz(&[tool, help]);
            assert_eq!(run.code, Some(0), "{} {}: {}", tool, help, run.stderr);
            assert!(run.stderr.is_empty(), "{} {}: {}", tool, help, run.stderr);
            assert!(
                run.stdout.starts_with(&format!("usage: ddz {}", tool)),
                "{} {}: {}",
                tool,
                help,
                run.stdout
            );
        }
        // `ddz help TOOL` says the same.
        let usage = ok(&[tool, "--help"]);
        assert_eq!(ok(&["help", tool]), usage, "{}", tool);
    }
    assert!(ok(&["bench", "--help"]).contains("--quick"));
}

#[test]
fn version_and_help_answer_at_once() {
    let version = ok(&["--version"]);
    let (name, commit) = version
        .trim()
        .split_once(" (commit ")
        .unwrap_or_else(|| panic!("no commit in {}", version));
    assert_eq!(name, format!("ddz {}", env!("CARGO_PKG_VERSION")));
    let commit = commit.strip_suffix(')').expect("(commit …)");
    // The build script's commit is the one git names here, when git is at hand and this is
    // its checkout (a copy of the sources outside git says unknown).
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]).map(std::path::PathBuf::from);
    let ours = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .ok();
    match git(&["rev-parse", "HEAD"]) {
        Some(head) if top.and_then(|t| t.canonicalize().ok()) == ours => {
            let short = commit.trim_end_matches("-modified");
            assert!(
                short.len() >= 7 && head.starts_with(short),
                "{} {}",
                commit,
                head
            );
        }
        _ => assert!(commit == "unknown" || !commit.is_empty(), "{}", commit),
    }
    assert_eq!(ok(&["-V"]), version);
    let help = ok(&["help"]);
    // Help about help is the same usage, and a success.
    assert_eq!(ok(&["help", "--help"]), help);
    for tool in TOOLS {
        assert!(
            help.contains(&format!("ddz {}", tool)),
            "{}: {}",
            tool,
            help
        );
    }
    assert!(help.contains("--version"));
    assert_eq!(ok(&["--help"]), help);
    assert_eq!(ok(&["--think", "1", "--help"]), help);
}

#[test]
fn unknown_flags_are_refused_with_the_flag_named() {
    let mut lines: Vec<Vec<&str>> = TOOLS.iter().map(|t| vec![*t, "--bogus"]).collect();
    lines.push(vec!["--bogus"]);
    lines.push(vec!["--think", "0.1", "--bogus"]);
    lines.push(vec!["moves", "33", "-q"]);
    for args in &lines {
        let run = ddz(args);
        assert_eq!(run.code, Some(2), "{:?}: {}", args, run.stdout);
        assert!(run.stdout.is_empty(), "{:?}: {}", args, run.stdout);
        let flag = args.last().unwrap();
        assert!(
            run.stderr.contains(&format!("'{}'", flag)),
            "{:?}: {}",
            args,
            run.stderr
        );
    }
    // A flag that takes no value refuses one.
    let run = ddz(&["bench", "--quick=yes"]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("--quick takes no value"),
        "{}",
        run.stderr
    );
}

#[test]
fn missing_values_are_refused_with_the_flag_named() {
    for args in [
        &["arena", "--games"][..],
        &["arena", "--json", "--games", "3"],
        &["arena", "--players"],
        &["moves", "3334", "--follow"],
        &["replay", "fixtures/transcripts/all-bid-zero.txt", "--game"],
        &["solve", "A=3", "B=4", "C=5", "--landlord"],
        &["analyze", "--transcript"],
        &["play", "--seed"],
        &["check-transcripts", "--engine"],
        &["--think"],
        &["--name", "--think", "1"],
    ] {
        let run = ddz(args);
        assert_eq!(run.code, Some(2), "{:?}: {}", args, run.stdout);
        let flag = args
            .iter()
            .rev()
            .find(|a| a.starts_with("--") && run.stderr.contains(&format!("{} needs a value", a)));
        assert!(flag.is_some(), "{:?}: {}", args, run.stderr);
    }
}

#[test]
fn both_value_forms_work() {
    let log = std::env::temp_dir().join(format!("ddz-cli-args-{}.jsonl", std::process::id()));
    let log = log.to_str().expect("a UTF-8 temporary path");
    ok(&[
        "arena",
        "--games",
        "2",
        "--players",
        "builtin:greedy",
        "builtin:greedy",
        "builtin:random",
        "--no-progress",
        "--json",
        log,
    ]);
    let pairs: [(&[&str], &[&str]); 5] = [
        (
            &["moves", "3334", "--follow=3"],
            &["moves", "3334", "--follow", "3"],
        ),
        (
            &["solve", "A=33", "B=4", "C=5", "--landlord=B", "--turn=A"],
            &[
                "solve",
                "A=33",
                "B=4",
                "C=5",
                "--landlord",
                "B",
                "--turn",
                "A",
            ],
        ),
        (
            &["replay", log, "--game=2"],
            &["replay", log, "--game", "2"],
        ),
        (
            &[
                "arena",
                "--games=1",
                "--seed=4",
                "--players=builtin:greedy",
                "--player=builtin:rules",
                "--player=builtin:random",
                "--no-progress",
            ],
            &[
                "arena",
                "-n",
                "1",
                "--seed",
                "4",
                "--players",
                "builtin:greedy",
                "builtin:rules",
                "builtin:random",
                "--no-progress",
            ],
        ),
        (&["classify", "--", "3334"], &["classify", "3334"]),
    ];
    for (a, b) in pairs {
        let (x, y) = (ok(a), ok(b));
        assert!(!x.is_empty(), "{:?}", a);
        if a[0] == "arena" {
            // The wall-clock figures differ between runs; the rest must not.
            assert_eq!(x.lines().next(), y.lines().next());
            assert_eq!(result_without_clock(&x), result_without_clock(&y));
            continue;
        }
        let strip = |s: &str| -> String {
            s.lines()
                .filter(|l| !l.starts_with("time:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(&x), strip(&y), "{:?} / {:?}", a, b);
    }
    let _ = std::fs::remove_file(log);
    // The engine's flags too: its name, given as --name=X, is its handshake's answer.
    let run = ddz_with_input(
        &["--name=Spaced", "--think", "0.1"],
        "DOUDIZHUVER 1.0\nEXIT\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().next(), Some("NAME Spaced"));
}

#[test]
fn cards_may_be_typed_with_spaces() {
    let pairs: [(&[&str], &[&str]); 5] = [
        (&["moves", "3", "4", "5", "5"], &["moves", "3455"]),
        (
            &["moves", "3 3 4 4", "--follow", "3 3"],
            &["moves", "3344", "--follow", "33"],
        ),
        (&["classify", "3", "3", "3", "10"], &["classify", "333T"]),
        (&["split", "3 3 3", "4", "5"], &["split", "33345"]),
        (
            &["solve", "A=3", "3", "B=4", "C=5", "J", "--landlord", "A"],
            &["solve", "A=33", "B=4", "C=5J", "--landlord", "A"],
        ),
    ];
    for (a, b) in pairs {
        let (x, y) = (ok(a), ok(b));
        let strip = |s: &str| -> String {
            s.lines()
                .filter(|l| !l.starts_with("time:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(!x.trim().is_empty(), "{:?}", a);
        assert_eq!(strip(&x), strip(&y), "{:?} / {:?}", a, b);
    }
}

#[test]
fn replay_heads_each_game_with_the_number_game_picks_it_by() {
    let log = std::env::temp_dir().join(format!("ddz-replay-numbers-{}.jsonl", std::process::id()));
    let log = log.to_str().expect("a UTF-8 temporary path");
    ok(&[
        "arena",
        "--games",
        "2",
        "--duplicate",
        "--players",
        "builtin:greedy",
        "builtin:random",
        "builtin:rules",
        "--no-progress",
        "--json",
        log,
    ]);
    let text = std::fs::read_to_string(log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The run's header line, six games, the end line: the replay numbers the games only.
    assert_eq!(lines.len(), 8);
    assert!(lines[0].starts_with("{\"arena\":"), "{}", lines[0]);
    assert!(lines[7].starts_with("{\"arena_end\":"), "{}", lines[7]);
    let lines = &lines[1..7];
    let all = ok(&["replay", log]);
    for (n, line) in lines.iter().enumerate() {
        let g = ddz::arena::wire::json::GameLine::read(line).unwrap();
        let head = format!(
            "== game {}: deal {}, seating {}\n",
            n + 1,
            g.deal,
            g.seating
        );
        let one = ok(&["replay", log, "--game", &(n + 1).to_string()]);
        assert!(one.starts_with(&head), "{}\n{}", head, one);
        assert!(all.contains(&head), "{}", head);
    }
    for bad in ["0", "7"] {
        let run = ddz(&["replay", log, "--game", bad]);
        assert_eq!(run.code, Some(2), "--game {}", bad);
    }
    let _ = std::fs::remove_file(log);
}

#[test]
fn solve_gives_up_within_a_node_budget_by_default() {
    // A whole deal: far more than a few thousand nodes to decide.
    let deal = [
        "A=333455689999JJQK257X",
        "B=344566788TTKAA222",
        "C=46778TTJJQQQKKAAD",
        "--landlord",
        "A",
    ];
    let with = |extra: &[&str]| -> Vec<String> {
        deal.iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let parsed = ddz::tools::position_line::parse(&with(&[])).unwrap();
    assert_eq!(parsed.nodes, Some(ddz::tools::position_line::DEFAULT_NODES));
    assert_eq!(
        ddz::tools::position_line::parse(&with(&["--nodes", "0"]))
            .unwrap()
            .nodes,
        None
    );
    assert_eq!(
        ddz::tools::position_line::parse(&with(&["--nodes=500"]))
            .unwrap()
            .nodes,
        Some(500)
    );
    let mut args = vec!["solve"];
    args.extend(deal);
    args.extend(["--nodes", "3000", "--table-mb", "4"]);
    let run = ddz(&args);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stdout.lines().next(), Some("unknown"));
    assert!(
        run.stderr.contains("unknown within 3000 nodes"),
        "{}",
        run.stderr
    );
    let usage = ok(&["solve", "--help"]);
    assert!(
        usage.contains("--nodes N") && usage.contains("--table-mb M"),
        "{}",
        usage
    );
    assert!(
        usage.contains(&ddz::tools::position_line::DEFAULT_NODES.to_string()),
        "{}",
        usage
    );
}

/// Values no run can use are refused before anything runs, with the flag and the reason.
#[test]
fn impossible_values_are_refused_with_the_reason() {
    for (args, why) in [
        (&["arena", "--games", "0"][..], "--games must be at least 1"),
        (&["arena", "--jobs", "0"], "--jobs must be at least 1"),
        (&["arena", "-j0"], "--jobs must be at least 1"),
        (&["arena", "--turn", "0"], "--turn must be at least 1"),
        (&["arena", "--time", "0"], "--time must be a positive"),
        (
            &[
                "arena",
                "--deals",
                "fixtures/arena/cards-2015.dat",
                "--games",
                "1000",
            ],
            "holds only",
        ),
        (
            &["selfplay", "--out", "unused.tsv", "--deals", "0"],
            "--deals must be at least 1",
        ),
        (
            &["selfplay", "--out", "unused.tsv", "--jobs", "0"],
            "--jobs must be at least 1",
        ),
        (
            &["netcheck", "--data", "unused.tsv", "--positions", "0"],
            "--positions must be at least 1",
        ),
        (&["encode", "--every", "0"], "--every must be at least 1"),
        (
            &["replay", "unused.jsonl", "--game", "0"],
            "--game counts from 1",
        ),
        (
            &[
                "analyze",
                "--transcript",
                "fixtures/transcripts/official-example.txt",
                "--at",
                "0",
            ],
            "--at takes a message number (1 for the first message sent), not '0'",
        ),
        (
            &["solve", "A=3", "B=4", "C=5", "--table-mb", "0"],
            "1 to 4096",
        ),
    ] {
        let run = ddz(args);
        assert_eq!(run.code, Some(2), "{:?}: {}", args, run.stdout);
        assert!(run.stdout.is_empty(), "{:?}: {}", args, run.stdout);
        assert!(run.stderr.contains(why), "{:?}: {}", args, run.stderr);
    }
    assert!(!std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/unused.tsv")).exists());
}

/// A name one or two typos away from a known one is suggested; a name far from all is not.
#[test]
fn near_names_are_suggested_for_what_is_unknown() {
    for (args, want) in [
        (
            &["arena", "--players", "builtin:ddz:sample=16"][..],
            "unknown setting 'sample' (did you mean 'samples'?)",
        ),
        (
            &["arena", "--pair", "builtin:ddz:thnik=1", "builtin:rules"],
            "(did you mean 'think'?)",
        ),
        (
            &["arena", "--players", "builtin:gredy"],
            "unknown built-in player 'gredy' (did you mean 'greedy'?)",
        ),
        (
            &["play", "--opponents", "builtin:rule"],
            "(did you mean 'rules'?)",
        ),
        (
            &["arena", "--game", "3"],
            "unknown option '--game' (did you mean '--games'?)",
        ),
        (&["selfplay", "--deal", "3"], "(did you mean '--deals'?)"),
        (&["--thnik", "1"], "(did you mean '--think'?)"),
        (
            &["arnea"],
            "unknown command 'arnea' (did you mean 'arena'?)",
        ),
        (&["replya"], "(did you mean 'replay'?)"),
    ] {
        let run = ddz(args);
        assert_eq!(run.code, Some(2), "{:?}: {}", args, run.stdout);
        assert!(run.stderr.contains(want), "{:?}: {}", args, run.stderr);
        // One line, the suggestion in it: nothing scrolls it away. An unknown tool or option
        // also says where the usage is.
        assert_eq!(run.stderr.lines().count(), 1, "{:?}: {}", args, run.stderr);
        if run.stderr.contains("unknown command") || run.stderr.contains("unknown option") {
            assert!(run.stderr.contains("help"), "{:?}: {}", args, run.stderr);
        }
    }
    // A key of ddz.cfg, read by the same rule.
    let e = ddz::engine::EngineConfig::default()
        .set("sample", "16")
        .unwrap_err()
        .to_string();
    assert!(e.contains("(did you mean 'samples'?)"), "{}", e);
    let e = ddz::engine::EngineConfig::default()
        .set("nmae", "x")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unknown key 'nmae' (did you mean 'name'?)"),
        "{}",
        e
    );
    for args in [
        &["arena", "--players", "builtin:ddz:fast=yes"][..],
        &["arena", "--bogus"],
        &["nothing-like-a-tool"],
    ] {
        let run = ddz(args);
        assert_eq!(run.code, Some(2), "{:?}", args);
        assert!(
            !run.stderr.contains("did you mean"),
            "{:?}: {}",
            args,
            run.stderr
        );
    }
}

/// Every setting of both registries (the engine's flags, `ddz.cfg`, `builtin:ddz:KEY=VALUE`)
/// says its default in the usage, as the settings' own default value shows it (`default 8`,
/// `default net`), and no help text types one of its own.
#[test]
fn every_setting_says_its_default() {
    use ddz::engine::{EngineConfig, ENGINE_SETTINGS};
    use ddz::strategy::thinker::{ThinkerSettings, SETTINGS};
    let mut said = Vec::new();
    let engine = EngineConfig::default();
    for s in ENGINE_SETTINGS {
        said.push((s.name, s.value, s.help, (s.show)(&engine)));
    }
    let player = ThinkerSettings::default();
    for s in SETTINGS {
        said.push((s.name, s.value, s.help, (s.show)(&player)));
    }
    // The usage the binary prints, words joined by single spaces: each setting's entry runs
    // from its flag to the next one's.
    let usage = ddz(&["--help"]).stdout;
    let usage = usage.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut shown = 0;
    for (k, (name, value, help, default)) in said.iter().enumerate() {
        // A default is written once, as the settings' own default value shows it.
        assert!(
            !help.contains("default "),
            "{} types a default: {}",
            name,
            help
        );
        let flag = format!("--{} {} ", name, value);
        let from = usage
            .find(&flag)
            .unwrap_or_else(|| panic!("no {} in the usage", flag));
        let entry = &usage[from..];
        let entry = match said.get(k + 1) {
            Some((next, next_value, _, _)) => {
                &entry[..entry.find(&format!("--{} {} ", next, next_value)).unwrap()]
            }
            None => &entry[..entry.find(" ddz moves").unwrap()],
        };
        if default.is_empty() {
            assert!(!entry.contains("(default"), "{}", entry);
        } else {
            let want = format!("(default {})", default);
            assert!(
                entry.trim_end().ends_with(&want),
                "{} lacks {}",
                entry,
                want
            );
            shown += 1;
        }
    }
    assert!(shown >= 16, "only {} defaults shown", shown);
}

/// `ddz play --help` names the players the arena knows, the same names as `ddz arena --help`
/// and the built-in list, and every built-in player docs/play.md recommends.
#[test]
fn play_lists_the_arenas_players() {
    let named = |text: &str| -> std::collections::BTreeSet<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == ':'))
            .filter_map(|w| w.strip_prefix("builtin:"))
            .map(|w| w.split(':').next().unwrap_or("").to_string())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let play = named(&ddz(&["play", "--help"]).stdout);
    let arena = named(&ddz(&["arena", "--help"]).stdout);
    let known: std::collections::BTreeSet<String> = ddz::strategy::builtin_names()
        .iter()
        .map(|n| n.to_string())
        .collect();
    assert_eq!(play, known, "ddz play --help");
    assert_eq!(arena, known, "ddz arena --help");
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/play.md")).unwrap();
    let recommended = named(&page);
    assert!(recommended.contains("rules"), "{:?}", recommended);
    assert!(recommended.is_subset(&known), "{:?}", recommended);
}

/// The flags a tool declares (`ddz play`'s and `ddz serve`'s table, `ddz botzone`'s bot, `ddz
/// arena`'s and `ddz analyze`'s) are
/// its usage's synopsis and its reading at once: every flag the synopsis lists is read by the
/// tool (given `=x` and a stray word, it is never refused as unknown: the value is read or
/// refused, or the stray word is), and a flag one typo away is suggested from the same list.
#[test]
fn a_declared_flag_is_listed_and_read_from_one_list() {
    for tool in ["play", "serve", "botzone", "arena", "analyze"] {
        let usage = ok(&[tool, "--help"]);
        let synopsis: String = usage
            .lines()
            .take_while(|l| l.starts_with("usage:") || l.starts_with("  "))
            .collect::<Vec<_>>()
            .join("\n");
        let flags = ddz::cli::usage_flags(&synopsis);
        assert!(flags.len() >= 3, "{}: {:?}", tool, flags);
        for flag in &flags {
            let given = format!("{}=x", flag);
            let run = ddz(&[tool, &given, "stray"]);
            assert_eq!(run.code, Some(2), "{} {}: {}", tool, given, run.stdout);
            assert!(
                !run.stderr.contains("unknown option"),
                "{} {}: {}",
                tool,
                given,
                run.stderr
            );
            // The last letter mistyped (`--playex`: one letter from `--player`, two from
            // `--players`).
            let typo = format!("{}x", &flag[..flag.len() - 1]);
            let run = ddz(&[tool, &typo]);
            assert!(
                run.stderr.contains(&format!("(did you mean '{}'?)", flag)),
                "{} {}: {}",
                tool,
                typo,
                run.stderr
            );
        }
    }
}

/// The words of a command line, as the binary receives them.
fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// Help and the version are asked for by the first such word before `--`, wherever it is.
#[test]
fn help_and_the_version_are_found_before_the_run() {
    for (line, asked) in [
        (&["3", "--help"][..], Some(Asked::Help)),
        (&["--think", "1", "-h"], Some(Asked::Help)),
        (&["-V", "--help"], Some(Asked::Version)),
        (&["--help", "--version"], Some(Asked::Help)),
        (&["--", "--help"], None),
        (&["--think=--help"], None),
        (&["--games", "3"], None),
    ] {
        assert_eq!(asked_for(&args(line), true), asked, "{:?}", line);
    }
    assert_eq!(asked_for(&args(&["--version"]), false), None, "a tool's");
}
