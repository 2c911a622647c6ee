//! The engine explains itself: each decision's `# think` line in its log (docs/engine.md, "The
//! thinking in the log") agrees with what `ddz analyze` prints for the same decision at the
//! same fixed budget, read back from a log three seats' processes wrote at once; `explain = off`
//! leaves the log as it was without them; `ddz replay` shows them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The fixed budget of every run here: the engine's and analyze's answers are then the same on
/// any machine.
const SAMPLES: &str = "16";

use crate::arena_common::ddz_parts as ddz;

/// A fresh directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-explain-{}-{}", test, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The log of `games` arena games whose three seats are the engine binary, three processes
/// appending to one `--log` file at a fixed budget.
fn three_seats_log(dir: &Path, games: &str) -> PathBuf {
    let log = dir.join("ddz.log");
    let engine = engine_with_log(&log, &[]);
    arena(&["--games", games, "--players", &engine, &engine, &engine]);
    log
}

/// The engine binary's command line with `--log log`, the fixed budget and `settings`.
fn engine_with_log(log: &Path, settings: &[&str]) -> String {
    format!(
        "{} --log {} --samples {} {}",
        env!("CARGO_BIN_EXE_ddz"),
        log.display(),
        SAMPLES,
        settings.join(" ")
    )
}

/// An arena run with `args` (seed 5, no error allowed).
fn arena(args: &[&str]) {
    let mut all = vec!["arena", "--seed", "5", "--no-progress", "--max-errors", "0"];
    all.extend_from_slice(args);
    let (ok, _, err) = ddz(&all);
    assert!(ok, "{}", err);
}

/// One tagged line of the log, read here on its own (not by the library's reader).
struct Tagged<'a> {
    number: usize,
    process: &'a str,
    seat: &'a str,
    text: &'a str,
}

fn tagged(text: &str) -> Vec<Tagged<'_>> {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let (tag, rest) = line
                .strip_prefix('[')
                .and_then(|l| l.split_once("] "))
                .unwrap_or_else(|| panic!("an untagged line {:?}", line));
            let (process, seat) = tag.split_once(' ').unwrap();
            Tagged {
                number: i + 1,
                process,
                seat,
                text: rest,
            }
        })
        .collect()
}

/// The lines of `seat`'s game number `game` (from 1, in the order of the seat's `DEAL`s in the
/// file): its process's lines from that `DEAL` to the process's next.
fn game_lines<'a>(lines: &'a [Tagged<'a>], seat: &str, game: usize) -> Vec<&'a Tagged<'a>> {
    let deal = lines
        .iter()
        .filter(|l| l.seat == seat && l.text.starts_with("> DEAL"))
        .nth(game - 1)
        .unwrap_or_else(|| panic!("seat {} has no game {}", seat, game));
    lines
        .iter()
        .skip_while(|l| l.number < deal.number)
        .filter(|l| l.process == deal.process)
        .enumerate()
        .take_while(|(k, l)| *k == 0 || !l.text.starts_with("> DEAL"))
        .map(|(_, l)| l)
        .collect()
}

/// A candidate's figures as printed: play, mean, interval, win%, deals.
type Figures = (String, f64, f64, f64, u32);

/// A note's fields, read here on its own: `# think play | key value | …`.
fn note_fields(text: &str) -> (String, Vec<(String, String)>) {
    let mut parts = text.strip_prefix("# think ").unwrap().split(" | ");
    let question = parts.next().unwrap().to_string();
    let fields = parts
        .map(|f| {
            let (k, v) = f.split_once(' ').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect();
    (question, fields)
}

fn field<'a>(fields: &'a [(String, String)], key: &str) -> &'a str {
    fields
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {} in {:?}", key, fields))
}

fn noted_candidates(fields: &[(String, String)], key: &str) -> Vec<Figures> {
    fields
        .iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| {
            let w: Vec<&str> = v.split_whitespace().collect();
            (
                w[0].to_string(),
                w[1].parse().unwrap(),
                w[2].trim_start_matches("+-").parse().unwrap(),
                w[3].trim_end_matches('%').parse().unwrap(),
                w[4].parse().unwrap(),
            )
        })
        .collect()
}

/// Analyze's table of candidates (`play mean ±95% win% deals net`), its choice, the rule
/// player's, its deals, and the bid it chose at a bid.
struct Printed {
    candidates: Vec<Figures>,
    chosen: String,
    policy: String,
    deals: String,
    note_line: Option<usize>,
}

fn read_analysis(out: &str) -> Printed {
    let mut printed = Printed {
        candidates: Vec::new(),
        chosen: String::new(),
        policy: String::new(),
        deals: String::new(),
        note_line: None,
    };
    let mut in_table = false;
    for line in out.lines() {
        if line.starts_with("play ") && line.contains("deals") {
            in_table = true;
            continue;
        }
        if let Some(rest) = line.strip_prefix("chosen: ") {
            in_table = false;
            let (chosen, rest) = rest.split_once(" (").unwrap();
            printed.chosen = chosen.trim_start_matches("bid ").to_string();
            if let Some(p) = rest.strip_prefix("the rule player's: ") {
                printed.policy = p.trim_end_matches(')').to_string();
            }
        } else if let Some(d) = line.strip_prefix("deals: ") {
            printed.deals = d.to_string();
        } else if let Some(l) = line.strip_prefix("the engine's note in the log (line ") {
            printed.note_line = l.trim_end_matches("):").parse().ok();
        } else if in_table {
            let w: Vec<&str> = line.split_whitespace().collect();
            printed.candidates.push((
                w[0].to_string(),
                w[1].parse().unwrap(),
                w[2].parse().unwrap(),
                w[3].parse().unwrap(),
                w[4].parse().unwrap(),
            ));
        }
    }
    printed
}

/// Every decision of one game: `ddz analyze` on the log, at the game's question, with the
/// engine's `settings`, prints the candidates, means, intervals, win rates, deals and the
/// choice the engine's note gives. Returns the decisions checked.
fn check_game(
    log: &Path,
    lines: &[Tagged<'_>],
    seat: &str,
    game: usize,
    settings: &[&str],
) -> usize {
    let own = game_lines(lines, seat, game);
    let mut asked = 0;
    let mut checked = 0;
    for (k, line) in own.iter().enumerate() {
        if !line.text.starts_with("> ") {
            continue;
        }
        asked += 1;
        let question = &line.text[2..];
        if question != "BID WHAT" && question != "PLAY WHAT" {
            continue;
        }
        // The question's note: the process's first `# think` line after it.
        let note = own[k + 1..]
            .iter()
            .take_while(|l| !l.text.starts_with("> "))
            .find(|l| l.text.starts_with("# think "))
            .unwrap_or_else(|| panic!("no note after line {}", line.number));
        let (kind, fields) = note_fields(note.text);
        let (log, game, at) = (
            log.display().to_string(),
            game.to_string(),
            asked.to_string(),
        );
        let mut args = vec![
            "analyze",
            "--transcript",
            &log,
            "--seat",
            seat,
            "--game",
            &game,
            "--at",
            &at,
            "--samples",
            SAMPLES,
        ];
        args.extend_from_slice(settings);
        let (ok, out, err) = ddz(&args);
        assert!(ok, "{}", err);
        let printed = read_analysis(&out);
        let place = format!(
            "seat {} game {} message {} (line {})",
            seat, game, asked, line.number
        );
        assert_eq!(printed.note_line, Some(note.number), "{}: {}", place, out);
        assert_eq!(
            printed.chosen,
            field(&fields, "answer"),
            "{}: {}",
            place,
            out
        );
        if kind == "play" {
            assert_eq!(question, "PLAY WHAT");
            let noted = noted_candidates(&fields, "cand");
            assert_eq!(
                printed.candidates, noted,
                "{}: {}\n{}",
                place, out, note.text
            );
            if !noted.is_empty() {
                assert_eq!(printed.policy, field(&fields, "policy"), "{}", place);
                assert_eq!(printed.deals, field(&fields, "deals"), "{}", place);
            }
        } else {
            assert_eq!((kind.as_str(), question), ("bid", "BID WHAT"));
        }
        checked += 1;
    }
    checked
}

#[test]
fn each_note_of_a_log_three_seats_wrote_at_once_agrees_with_analyze() {
    let dir = scratch("three");
    let log = three_seats_log(&dir, "2");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines = tagged(&text);
    // Three processes at a time (the arena starts them for each game), their lines
    // interleaved, and each seat's games in the file.
    let mut processes: Vec<&str> = lines.iter().map(|l| l.process).collect();
    processes.sort_unstable();
    processes.dedup();
    assert!(processes.len() >= 3, "{:?}", processes);
    let switches = lines
        .windows(2)
        .filter(|w| w[0].process != w[1].process)
        .count();
    assert!(
        switches > processes.len(),
        "the processes' lines interleave"
    );
    for seat in ["A", "B", "C"] {
        let deals = lines
            .iter()
            .filter(|l| l.seat == seat && l.text.starts_with("> DEAL"))
            .count();
        assert_eq!(deals, 2, "seat {}", seat);
    }
    // Every decision of B's second game, and of A's and C's first.
    let mut checked = check_game(&log, &lines, "B", 2, &[]);
    assert!(checked >= 5, "{} decisions of B's game 2", checked);
    checked += check_game(&log, &lines, "A", 1, &[]) + check_game(&log, &lines, "C", 1, &[]);
    let notes = lines
        .iter()
        .filter(|l| l.text.starts_with("# think "))
        .count();
    let questions = lines
        .iter()
        .filter(|l| l.text == "> BID WHAT" || l.text == "> PLAY WHAT")
        .count();
    assert_eq!(notes, questions, "one note per question");
    assert!(checked > 10, "{} decisions checked", checked);

    // Without a seat, the choice is listed.
    let (ok, _, err) = ddz(&[
        "analyze",
        "--transcript",
        &log.display().to_string(),
        "--at",
        "3",
    ]);
    assert!(!ok);
    assert!(
        err.contains("seats A (2 games), B (2 games), C (2 games): choose one with --seat"),
        "{}",
        err
    );
    let (ok, _, err) = ddz(&["replay", &log.display().to_string(), "--seat", "B"]);
    assert!(ok, "{}", err);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ddz replay` of the log: each game of the seat told as the seat saw it, with the engine's
/// thinking at each of its decisions; `--html` carries the same notes beside the table.
#[test]
fn replay_shows_each_decision_of_a_logged_game() {
    let dir = scratch("replay");
    let log = three_seats_log(&dir, "1");
    let text = std::fs::read_to_string(&log).unwrap();
    let lines = tagged(&text);
    let own = game_lines(&lines, "C", 1);
    let notes: Vec<&str> = own
        .iter()
        .filter(|l| l.text.starts_with("# think "))
        .map(|l| l.text)
        .collect();
    assert!(notes.len() > 3);
    let path = log.display().to_string();
    let (ok, out, err) = ddz(&["replay", &path, "--seat", "C"]);
    assert!(ok, "{}", err);
    assert!(out.starts_with("== seat C, game 1 (process "), "{}", out);
    assert!(
        out.contains("C's thinking (the engine's notes):"),
        "{}",
        out
    );
    // One entry per note, each naming the note's line and its answer.
    let entries: Vec<&str> = out.lines().filter(|l| l.contains(" (line ")).collect();
    assert_eq!(entries.len(), notes.len(), "{}", out);
    for (entry, note) in entries.iter().zip(&notes) {
        let (_, fields) = note_fields(note);
        let answer = field(&fields, "answer");
        assert!(
            entry.contains(&format!("played {}", answer))
                || entry.contains(&format!("bid {}", answer)),
            "{} / {}",
            entry,
            note
        );
    }
    let page = dir.join("c.html");
    let (ok, said, err) = ddz(&[
        "replay",
        &path,
        "--seat",
        "C",
        "--game",
        "1",
        "--html",
        &page.display().to_string(),
    ]);
    assert!(ok, "{}", err);
    assert!(said.starts_with("wrote "), "{}", said);
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("\"summary\":").count(), notes.len());
    assert!(html.contains("\"south\":\"C\""));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `explain = off` (the flag here; the same key in ddz.cfg): the log is what it is with the
/// notes, less the notes; with them, one note follows each answer to a question.
#[test]
fn the_notes_can_be_turned_off() {
    let dir = scratch("off");
    let input = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/official-example.in");
    let logged = |name: &str, extra: &[&str]| -> Vec<String> {
        let log = dir.join(name);
        let mut args = vec!["--samples", SAMPLES, "--log"];
        let path = log.display().to_string();
        args.push(&path);
        args.extend_from_slice(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_ddz"))
            .args(&args)
            .stdin(std::fs::File::open(input).unwrap())
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = std::fs::read_to_string(&log).unwrap();
        // Without the tags and the start line (which names the settings).
        tagged(&text)
            .iter()
            .skip(1)
            .map(|l| format!("{} {}", l.seat, l.text))
            .collect()
    };
    let on = logged("on.log", &[]);
    let off = logged("off.log", &["--explain", "off"]);
    let notes: Vec<usize> = (0..on.len())
        .filter(|&i| on[i].contains("# think "))
        .collect();
    assert_eq!(notes.len(), 3, "a bid and two plays: {:?}", on);
    for &i in &notes {
        // After the answer to a question.
        assert!(on[i - 1].starts_with("B < BID ") || on[i - 1].starts_with("B < PLAY "));
    }
    let without: Vec<String> = on
        .iter()
        .filter(|l| !l.contains("# think "))
        .cloned()
        .collect();
    assert_eq!(off, without);
    let _ = std::fs::remove_dir_all(&dir);
}
