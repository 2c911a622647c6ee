//! The pages' documented outputs, checked against the built binary.
//!
//! Every command that README.md, CHANGELOG.md and docs/*.md show with its output (an indented
//! block whose first line is `$ ddz …`) is run, and what it prints is compared with the page;
//! every `ddz …` command line on the pages (in blocks and in `code` spans) is checked against the
//! binary's own usage text, so a renamed flag or setting fails here. The convention, the one rule
//! that masks times, rates and sizes, and bless mode are described in docs/design.md ("Tests and
//! CI").
//!
//! `DDZ_BLESS_DOCS=1 cargo test --release --test suite docs_outputs::` rewrites the shown outputs in
//! place from what the binary prints now (keeping the pages' `…` cuts and their recorded times),
//! for a deliberate change of behaviour: review the diff, then commit it. `DDZ_DOCS_PAGE=NAME`
//! runs only the pages whose path ends with NAME.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The environment variable that turns the check into a rewrite of the pages.
const BLESS: &str = "DDZ_BLESS_DOCS";

/// The environment variable that limits the run to the pages whose path ends with its value
/// (`DDZ_DOCS_PAGE=tools.md`): one page checked or blessed in seconds.
const ONLY_PAGE: &str = "DDZ_DOCS_PAGE";

/// The binary as the pages spell it in command lines that must find it on disk.
const BUILT_PATH: &str = "target/release/ddz";

/// A line whose first character is this stands for any number of output lines (the rest of the
/// line is a comment for the reader); inside a line, it or `...` stands for any text.
const CUT: char = '…';
const CUT_ASCII: &str = "...";

/// A shown command whose `$` line ends in this comment is not run (its flags are still checked);
/// the comment gives the reason.
const NOT_RUN: &str = "# not run:";

/// Units that make a number a time, a rate or a size of this machine: such numbers are masked
/// (words ending in `/s`, such as `games/s`, are rates too).
const MACHINE_UNITS: [&str; 17] = [
    "s", "ms", "us", "µs", "ns", "min", "nps", "second", "seconds", "job", "jobs", "bytes", "KB",
    "MB", "MiB", "GB", "GiB",
];

pub(super) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, CHANGELOG.md and every page of docs/, in a fixed order.
pub(super) fn pages() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().map_or(false, |x| x == "md"))
        .collect();
    paths.sort();
    paths.insert(0, root().join("CHANGELOG.md"));
    paths.insert(0, root().join("README.md"));
    paths
}

pub(super) fn read_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {}", path.display(), e))
        .lines()
        .map(str::to_string)
        .collect()
}

pub(super) fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// Reading the pages

/// One indented code block: its first line's number in the page (0-based) and its lines with
/// the four columns of indentation removed.
struct Block {
    first: usize,
    lines: Vec<String>,
}

/// The indented code blocks of a page (four spaces after a blank line, as Markdown has them;
/// fenced blocks are skipped), and the text outside them, paragraph by paragraph.
fn split_page(lines: &[String]) -> (Vec<Block>, Vec<String>) {
    let mut blocks = Vec::new();
    let mut paragraphs = Vec::new();
    let mut paragraph = String::new();
    let mut fenced = false;
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            i += 1;
            continue;
        }
        if fenced {
            i += 1;
            continue;
        }
        let after_blank = i == 0 || lines[i - 1].trim().is_empty();
        if line.starts_with("    ") && after_blank && paragraph.is_empty() {
            let first = i;
            let mut end = i;
            let mut j = i;
            while j < lines.len() && (lines[j].starts_with("    ") || lines[j].trim().is_empty()) {
                if !lines[j].trim().is_empty() {
                    end = j;
                }
                j += 1;
            }
            let text = lines[first..=end]
                .iter()
                .map(|l| l.get(4..).unwrap_or("").to_string())
                .collect();
            blocks.push(Block { first, lines: text });
            i = end + 1;
            continue;
        }
        if line.trim().is_empty() {
            if !paragraph.is_empty() {
                paragraphs.push(std::mem::take(&mut paragraph));
            }
        } else {
            paragraph.push_str(line);
            paragraph.push('\n');
        }
        i += 1;
    }
    if !paragraph.is_empty() {
        paragraphs.push(paragraph);
    }
    (blocks, paragraphs)
}

/// A command shown with its output on a page.
struct Shown {
    page: PathBuf,
    /// The `$` line's number in the page (0-based); the output follows it.
    line: usize,
    command: String,
    /// Why it is not run, when its `$` line says so.
    not_run: Option<String>,
    output: Vec<String>,
}

/// The shown commands of a block: each `$ ` line begins one, its output runs to the next `$ `
/// line or the block's end (blank lines at its end are not part of it).
fn shown_commands(page: &Path, block: &Block) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    if !block.lines[0].starts_with("$ ") {
        return shown;
    }
    for (k, line) in block.lines.iter().enumerate() {
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, not_run) = match command.find(NOT_RUN) {
                Some(at) => (
                    command[..at].trim_end().to_string(),
                    Some(command[at + NOT_RUN.len()..].trim().to_string()),
                ),
                None => (command.to_string(), None),
            };
            shown.push(Shown {
                page: page.to_path_buf(),
                line: block.first + k,
                command,
                not_run,
                output: Vec::new(),
            });
        } else {
            shown
                .last_mut()
                .expect("a block that starts with `$ `")
                .output
                .push(line.clone());
        }
    }
    for s in &mut shown {
        while s.output.last().map_or(false, |l| l.trim().is_empty()) {
            s.output.pop();
        }
    }
    shown
}

/// A word of a command line, and whether it was written as a shell operator (`<`, `>`, `|`,
/// `;`, `&`, unquoted).
struct Word {
    text: String,
    operator: bool,
}

/// Splits a command line as a shell would, for the forms the pages use: blanks separate words,
/// '…' and "…" quote, a backslash escapes the next character outside single quotes, `#` at the
/// start of a word begins a comment, and `<`, `>`, `|`, `;`, `&` are operators of their own.
fn shell_words(line: &str) -> Vec<Word> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                word.extend(chars.next());
            }
            '#' if !in_word => break,
            '<' | '>' | '|' | ';' | '&' => {
                if in_word {
                    words.push(Word {
                        text: std::mem::take(&mut word),
                        operator: false,
                    });
                    in_word = false;
                }
                words.push(Word {
                    text: c.to_string(),
                    operator: true,
                });
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(Word {
                        text: std::mem::take(&mut word),
                        operator: false,
                    });
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(Word {
            text: word,
            operator: false,
        });
    }
    words
}

// ---------------------------------------------------------------------------------------------
// Running a shown command

/// What a command printed on standard output, with its exit status.
struct Ran {
    stdout: Vec<String>,
    status: String,
    seconds: f64,
}

/// A scratch directory to run shown commands in, as if from the repository's root after
/// `cargo build --release`: `fixtures` is the repository's, `target/release/ddz` is the binary
/// under test (also in a debug build), so a player named `./target/release/ddz …` is shown under
/// that name.
fn scratch_root(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ddz-docs-{}-{}", name, std::process::id()));
    let release = dir.join("target/release");
    std::fs::create_dir_all(&release).expect("a scratch directory");
    let bin = release.join("ddz");
    if !bin.exists() {
        link(Path::new(env!("CARGO_BIN_EXE_ddz")), &bin);
    }
    let fixtures = dir.join("fixtures");
    if !fixtures.exists() {
        link(&root().join("fixtures"), &fixtures);
    }
    dir
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) {
    std::os::unix::fs::symlink(target, at).expect("a symbolic link in the scratch directory");
}

#[cfg(not(unix))]
fn link(target: &Path, at: &Path) {
    panic!(
        "the docs check links {} at {}: Unix only",
        target.display(),
        at.display()
    );
}

/// Runs a shown command on the built binary in [`scratch_root`]: the first word is `ddz`, and
/// `< FILE` feeds standard input.
fn run(command: &str, dir: &Path) -> Ran {
    let words = shell_words(command);
    assert!(
        words.first().map_or(false, |w| w.text == "ddz"),
        "a shown command starts with `ddz`: {}",
        command
    );
    let mut args = Vec::new();
    let mut stdin = None;
    let mut k = 1;
    while k < words.len() {
        let w = &words[k];
        if w.operator {
            assert!(
                w.text == "<" && k + 1 < words.len(),
                "a shown command may only redirect its input: {}",
                command
            );
            stdin = Some(dir.join(&words[k + 1].text));
            k += 2;
            continue;
        }
        args.push(w.text.clone());
        k += 1;
    }
    let mut cmd = Command::new(dir.join(BUILT_PATH));
    cmd.args(&args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stderr(Stdio::null());
    match stdin {
        Some(path) => {
            let file =
                std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
            cmd.stdin(file);
        }
        None => {
            cmd.stdin(Stdio::null());
        }
    }
    let start = Instant::now();
    let out = cmd.output().expect("the binary runs");
    Ran {
        stdout: String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect(),
        status: out.status.to_string(),
        seconds: start.elapsed().as_secs_f64(),
    }
}

// ---------------------------------------------------------------------------------------------
// Comparing outputs

fn is_machine_unit(word: &str) -> bool {
    MACHINE_UNITS.contains(&word) || (word.len() > 2 && word.ends_with("/s"))
}

/// The numbers of a line: byte ranges of `-12`, `3.05`, `4,023,296`; a digit right after a
/// letter or digit (`p99`, `B9`) does not start one.
fn numbers(line: &str) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let mut start = i;
        if i > 0 && b[i - 1] == b'-' && (i == 1 || !b[i - 2].is_ascii_alphanumeric()) {
            start = i - 1;
        }
        let digits = |j: usize| {
            let mut j = j;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            j
        };
        let mut end = digits(i);
        while end < b.len() && b[end] == b',' && digits(end + 1) == end + 4 {
            end += 4;
        }
        if end + 1 < b.len() && b[end] == b'.' && b[end + 1].is_ascii_digit() {
            end = digits(end + 1);
        }
        found.push((start, end));
        i = end;
    }
    found
}

/// The word right after byte `at` (blanks skipped): letters, `/`, `µ`.
fn word_after(line: &str, at: usize) -> &str {
    let rest = line[at..].trim_start();
    let len = rest
        .char_indices()
        .find(|&(_, c)| !(c.is_alphabetic() || c == '/'))
        .map_or(rest.len(), |(k, _)| k);
    &rest[..len]
}

/// Where a line's label ends: its first colon followed by a blank or ending the line (a player
/// such as `builtin:ddz:samples=16` has colons but no label).
fn label_end(line: &str) -> Option<usize> {
    line.find(": ").or_else(|| {
        if line.ends_with(':') {
            Some(line.len() - 1)
        } else {
            None
        }
    })
}

/// Whether a unit word of `line` at byte `at` follows a number (`37 s`) rather than naming a
/// column or a label (`reply ms`).
fn follows_number(line: &str, at: usize) -> bool {
    let before = line[..at].trim_end();
    before.ends_with(|c: char| c.is_ascii_digit())
}

/// The byte ranges of the masked numbers of each line of one command's output. The rule: a
/// number is masked when it is measured in a machine unit ([`MACHINE_UNITS`]), wherever the
/// unit is written: right after the number (`37.14 s`, `16 games/s`, `2 jobs`), in the line's
/// label before its first colon (`plays/s: 79171358`), or in the header of its column (a line
/// without a colon naming the unit, such as `reply ms mean/med/p99/max`, heads the lines below
/// it up to the next blank line or line with a colon).
fn masks(lines: &[String]) -> Vec<Vec<(usize, usize)>> {
    let mut column: Option<(usize, usize)> = None;
    let mut all = Vec::new();
    for line in lines {
        let nums = numbers(line);
        let colon = label_end(line);
        if line.trim().is_empty() || colon.is_some() {
            column = None;
        }
        if colon.is_none() {
            if let Some(span) = header_column(line) {
                column = Some(span);
                all.push(Vec::new());
                continue;
            }
        }
        let label_unit = colon.map_or(false, |c| {
            line[..c]
                .split(|ch: char| ch.is_whitespace() || matches!(ch, '(' | ')' | ',' | ';'))
                .any(is_machine_unit)
        });
        let masked = nums
            .into_iter()
            .filter(|&(start, end)| {
                is_machine_unit(word_after(line, end))
                    || (label_unit && start > colon.unwrap_or(0))
                    || column.map_or(false, |(a, b)| {
                        char_column(line, start) < b && char_column(line, end) > a
                    })
            })
            .collect();
        all.push(masked);
    }
    all
}

/// When `line` heads a column in a machine unit: that column's span in characters (`±` is one
/// character and two bytes), the run of text around the unit without two blanks in a row.
fn header_column(line: &str) -> Option<(usize, usize)> {
    let mut at = 0;
    for word in line.split(' ') {
        if !word.is_empty() && is_machine_unit(word) && !follows_number(line, at) {
            let start = line[..at].rfind("  ").map_or(0, |k| k + 2);
            let end = line[at..].find("  ").map_or(line.len(), |k| at + k);
            return Some((char_column(line, start), char_column(line, end)));
        }
        at += word.len() + 1;
    }
    None
}

/// The character column of byte `at` of `line`.
fn char_column(line: &str, at: usize) -> usize {
    line[..at].chars().count()
}

/// A line as it is compared: masked numbers become `#`, runs of blanks one blank.
fn normalized(line: &str, masked: &[(usize, usize)]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for &(start, end) in masked {
        out.push_str(&line[at..start]);
        out.push('#');
        at = end;
    }
    out.push_str(&line[at..]);
    // A masked count reads the same in the singular: `1 job` on a one-core machine is `# jobs`.
    let words: Vec<&str> = out.split_whitespace().collect();
    let mut said = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        match word.strip_prefix("job") {
            Some(rest) if i > 0 && words[i - 1] == "#" && !rest.starts_with('s') => {
                said.push(format!("jobs{}", rest))
            }
            _ => said.push(word.to_string()),
        }
    }
    said.join(" ")
}

/// An expected output line: any number of lines, or a line with cuts (any text) between its parts.
enum Expected {
    AnyLines,
    Line(Vec<String>),
}

fn is_cut_line(line: &str) -> bool {
    line.trim_start().starts_with(CUT)
}

fn expected_lines(output: &[String]) -> Vec<Expected> {
    let masked = masks(output);
    output
        .iter()
        .zip(masked)
        .map(|(line, m)| {
            if is_cut_line(line) {
                Expected::AnyLines
            } else {
                let norm = normalized(line, &m).replace(CUT_ASCII, &CUT.to_string());
                Expected::Line(norm.split(CUT).map(|p| p.trim().to_string()).collect())
            }
        })
        .collect()
}

/// Whether `text` is `parts` joined by any text (the first part at its start, the last at its
/// end).
fn glob(parts: &[String], text: &str) -> bool {
    if parts.len() == 1 {
        return parts[0] == text;
    }
    let (first, last) = (&parts[0], &parts[parts.len() - 1]);
    if !text.starts_with(first.as_str()) || !text.ends_with(last.as_str()) {
        return false;
    }
    if text.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part.as_str()) {
            Some(k) => rest = &rest[k + part.len()..],
            None => return false,
        }
    }
    true
}

fn matches(expected: &[Expected], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((Expected::AnyLines, rest)) => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((Expected::Line(parts), rest)) => {
            !actual.is_empty() && glob(parts, &actual[0]) && matches(rest, &actual[1..])
        }
    }
}

/// Whether a command's output is the one shown.
fn output_matches(shown: &[String], printed: &[String]) -> bool {
    let masked = masks(printed);
    let actual: Vec<String> = printed
        .iter()
        .zip(&masked)
        .map(|(l, m)| normalized(l, m))
        .collect();
    matches(&expected_lines(shown), &actual)
}

// ---------------------------------------------------------------------------------------------
// Bless: rewriting the shown outputs

/// The shown output rewritten from what the command printed. Each shown line is paired with the
/// first printed line after the last pair that reads the same with every number masked (so a
/// line whose figures changed finds its new self, and an added or removed line shifts nothing);
/// a paired line that still matches is kept as written, a changed one is the printed one with
/// the page's masked figures (its recorded times) put back when it has as many, and a line cut
/// with `…` stays cut at the same place. Printed lines that pair with nothing are added, unless
/// a cut line of the page stands for them.
fn blessed(shown: &[String], printed: &[String]) -> Vec<String> {
    if output_matches(shown, printed) {
        return shown.to_vec();
    }
    // A line as it pairs: every number masked; the page's lines split at their cuts.
    let skeleton = |line: &str| normalized(line, &numbers(line));
    let pattern = |line: &str| -> Vec<String> {
        skeleton(line)
            .replace(CUT_ASCII, &CUT.to_string())
            .split(CUT)
            .map(|p| p.trim().to_string())
            .collect()
    };
    let expected = expected_lines(shown);
    let shown_masks = masks(shown);
    let printed_masks = masks(printed);
    let rewrite = |s: usize, p: usize| -> String {
        let (old, new) = (&shown[s], &printed[p]);
        if let Expected::Line(parts) = &expected[s] {
            if glob(parts, &normalized(new, &printed_masks[p])) {
                return old.clone();
            }
        }
        let cut = [CUT_ASCII, "…"]
            .iter()
            .filter_map(|m| old.find(m).map(|at| (at, *m)))
            .min();
        if let Some((at, marker)) = cut {
            // The same cut at the same place: as many bytes kept before and after it.
            let after = old.len() - at - marker.len();
            let mut a = at.min(new.len());
            let mut b = new.len() - after.min(new.len() - a);
            while !new.is_char_boundary(a) {
                a -= 1;
            }
            while !new.is_char_boundary(b) {
                b += 1;
            }
            return format!("{}{}{}", &new[..a], marker, &new[b..]);
        }
        let (old_m, new_m) = (&shown_masks[s], &printed_masks[p]);
        if old_m.len() != new_m.len() {
            return new.clone();
        }
        let mut line = new.clone();
        for (&(a, b), &(c, d)) in new_m.iter().zip(old_m).rev() {
            line.replace_range(a..b, &old[c..d]);
        }
        line
    };
    let mut out = Vec::new();
    let mut next = 0;
    let mut after_cut = false;
    for (s, line) in shown.iter().enumerate() {
        if is_cut_line(line) {
            out.push(line.clone());
            after_cut = true;
            continue;
        }
        let parts = pattern(line);
        let pair = (next..printed.len()).find(|&p| glob(&parts, &skeleton(&printed[p])));
        if let Some(p) = pair {
            if !after_cut {
                out.extend(printed[next..p].iter().cloned());
            }
            out.push(rewrite(s, p));
            next = p + 1;
            after_cut = false;
        }
    }
    if !after_cut {
        out.extend(printed[next..].iter().cloned());
    }
    assert!(
        output_matches(&out, printed),
        "bless could not rewrite this output; rewrite it by hand:\n{}",
        printed.join("\n")
    );
    out
}

// ---------------------------------------------------------------------------------------------
// Checking command lines against the usage

/// The binary's usage texts: the engine's (its own lines of `ddz --help`) and each tool's.
pub(super) struct Usage {
    pub(super) tools: Vec<String>,
    pub(super) help: HashMap<String, String>,
    /// The retired settings and values, as docs/figures.md's "Retired settings" table spells
    /// them (`eval=net`, `finalists`): a command that ran before they were retired may name
    /// them, and only those the table keeps with their figures.
    retired: Vec<(String, Option<String>)>,
}

/// The spellings of docs/figures.md's "Retired settings" table: each backquoted word of a row's
/// first cell, `KEY=VALUE` (that value retired) or `KEY` (every value).
fn retired_spellings() -> Vec<(String, Option<String>)> {
    let text = read_lines(&root().join("docs/figures.md")).join("\n");
    let section = text
        .split("\n### Retired settings\n")
        .nth(1)
        .expect("docs/figures.md has a Retired settings section");
    let section = section.split("\n#").next().unwrap_or("");
    let mut spellings = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let first = row.split('|').nth(1).unwrap_or("");
        for (i, word) in first.split('`').enumerate() {
            if i % 2 == 1 {
                spellings.push(match word.split_once('=') {
                    Some((k, v)) => (k.to_string(), Some(v.to_string())),
                    None => (word.to_string(), None),
                });
            }
        }
    }
    assert!(spellings.len() >= 10, "{:?}", spellings);
    spellings
}

fn help_of(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(args)
        .output()
        .expect("the binary runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Usage {
    /// Whether `key=value` is a retired spelling ([`Usage::retired`]).
    fn is_retired(&self, key: &str, value: &str) -> bool {
        self.retired
            .iter()
            .any(|(k, v)| k == key && v.as_ref().map_or(true, |v| v == value))
    }

    pub(super) fn load() -> Usage {
        let all = help_of(&["--help"]);
        let mut engine = String::new();
        let mut tools = Vec::new();
        for line in all.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("ddz --") {
                // `ddz --version`: a flag of the binary itself.
                engine.push_str(line);
                engine.push('\n');
            } else if line.starts_with(' ') && trimmed.starts_with("ddz ") {
                let tool = trimmed[4..].split_whitespace().next().unwrap_or("");
                if !tool.starts_with('-') && !tools.iter().any(|t| t == tool) {
                    tools.push(tool.to_string());
                }
            } else if tools.is_empty() {
                engine.push_str(line);
                engine.push('\n');
            }
        }
        assert!(tools.len() >= 10, "`ddz --help` lists the tools: {}", all);
        let mut help = HashMap::new();
        help.insert(String::new(), engine);
        for tool in &tools {
            help.insert(tool.clone(), help_of(&[tool, "--help"]));
        }
        Usage {
            tools,
            help,
            retired: retired_spellings(),
        }
    }

    /// The alternatives the usage gives for `flag`'s value (`--infer off|net`), if any.
    fn choices(text: &str, flag: &str) -> Option<Vec<String>> {
        let mut from = 0;
        while let Some(k) = text[from..].find(flag) {
            let at = from + k + flag.len();
            from = at;
            let rest = &text[at..];
            if let Some(value) = rest.strip_prefix(' ').or_else(|| rest.strip_prefix('=')) {
                let word: String = value
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '|' || *c == '-')
                    .collect();
                if word.contains('|') && word.split('|').all(|c| !c.is_empty()) {
                    return Some(word.split('|').map(str::to_string).collect());
                }
            }
        }
        None
    }

    /// Whether the usage text names `flag` (`--samples` in `--samples N`, not in `--samples-x`).
    fn names(text: &str, flag: &str) -> bool {
        text.match_indices(flag).any(|(k, _)| {
            !text[k + flag.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
        })
    }
}

/// A word the pages use for "put yours here": `TOOL`, `FILE`, `N`, `…`, `play|bid`.
fn is_placeholder(word: &str) -> bool {
    word.contains('|')
        || word.contains(CUT)
        || word.contains(CUT_ASCII)
        || (word.chars().any(|c| c.is_ascii_uppercase())
            && word
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
}

/// Checks one `ddz` invocation's arguments against the usage; problems go to `errors`.
fn check_args(args: &[String], usage: &Usage, context: &str, errors: &mut Vec<String>) -> usize {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.trim_start_matches('[').trim_end_matches(']').to_string())
        .collect();
    let tool = match args.first() {
        None => String::new(),
        Some(first) if first.starts_with('-') => String::new(),
        Some(first) if usage.tools.iter().any(|t| t == first) => first.clone(),
        Some(first) if is_placeholder(first) => return 0,
        Some(first) => {
            errors.push(format!("{}: `ddz {}`: no such tool", context, first));
            return 0;
        }
    };
    let text = &usage.help[&tool];
    let flags = if tool.is_empty() {
        &args[..]
    } else {
        &args[1..]
    };
    for (k, arg) in flags.iter().enumerate() {
        if !arg.starts_with("--") || arg.len() == 2 || arg == "--help" {
            continue;
        }
        let (flag, inline) = match arg.find('=') {
            Some(e) => (&arg[..e], Some(&arg[e + 1..])),
            None => (&arg[..], None),
        };
        let value = inline.or_else(|| flags.get(k + 1).map(|s| s.as_str()));
        if usage.is_retired(&flag[2..], value.unwrap_or("")) {
            continue;
        }
        if !Usage::names(text, flag) {
            errors.push(format!(
                "{}: `ddz {}` has no flag {}",
                context,
                if tool.is_empty() {
                    "(the engine)"
                } else {
                    &tool
                },
                flag
            ));
            continue;
        }
        if let (Some(choices), Some(value)) = (Usage::choices(text, flag), value) {
            if !is_placeholder(value) && !choices.iter().any(|c| c == value) {
                errors.push(format!(
                    "{}: {} {}: the usage allows {}",
                    context,
                    flag,
                    value,
                    choices.join("|")
                ));
            }
        }
    }
    1
}

/// Checks a `builtin:ddz:key=value:…` player against the engine's flags, and any other
/// `builtin:NAME` against the arena's list of players.
fn check_builtin(word: &str, usage: &Usage, context: &str, errors: &mut Vec<String>) {
    let mut parts = word.split(':');
    parts.next();
    let name = parts.next().unwrap_or("");
    if is_placeholder(name) || name.is_empty() {
        return;
    }
    if !usage.help["arena"].contains(&format!("builtin:{}", name)) {
        errors.push(format!("{}: no player builtin:{}", context, name));
        return;
    }
    if name == "douzero" {
        return; // `builtin:douzero:PATH`: a file, no settings
    }
    for setting in parts {
        let (key, value) = setting.split_once('=').unwrap_or((setting, ""));
        let flag = format!("--{}", key);
        let engine = &usage.help[""];
        if usage.is_retired(key, value) {
            continue;
        }
        if key == "peek" {
            // The arena's own pair, not the engine's: its usage names it.
            if !usage.help["arena"].contains("builtin:ddz:peek=on") {
                errors.push(format!("{}: the arena's usage has no peek", context));
            }
            continue;
        }
        if !Usage::names(engine, &flag) {
            errors.push(format!(
                "{}: builtin:{} has no setting {}",
                context, name, key
            ));
        } else if let Some(choices) = Usage::choices(engine, &flag) {
            if !is_placeholder(value) && !choices.iter().any(|c| c == value) {
                errors.push(format!(
                    "{}: {}={}: the usage allows {}",
                    context,
                    key,
                    value,
                    choices.join("|")
                ));
            }
        }
    }
}

/// Checks every `ddz` invocation in a command line (also inside quoted words: an engine given to
/// the arena, a `--wrap` script) and every built-in player; returns how many were checked.
fn check_line(line: &str, usage: &Usage, context: &str, errors: &mut Vec<String>) -> usize {
    let words = shell_words(line);
    let mut checked = 0;
    let mut k = 0;
    while k < words.len() {
        let w = &words[k];
        let ddz = !w.operator && (w.text == "ddz" || w.text.ends_with("/ddz"));
        let cargo_run = w.text == "cargo" && words.get(k + 1).map_or(false, |n| n.text == "run");
        let mut next = k + 1;
        if ddz || cargo_run {
            next = (k + 1..words.len())
                .find(|&j| words[j].operator || [">", ":::"].contains(&words[j].text.as_str()))
                .unwrap_or(words.len());
            let mut args: Vec<String> = words[k + 1..next].iter().map(|w| w.text.clone()).collect();
            if cargo_run {
                args = match args.iter().position(|a| a == "--") {
                    Some(dash) => args[dash + 1..].to_vec(),
                    None => Vec::new(),
                };
            }
            checked += check_args(&args, usage, context, errors);
        }
        // The words themselves (an invocation's own arguments included): an engine command
        // given as one quoted word, a built-in player.
        for word in &words[k..next] {
            if word.text.contains(char::is_whitespace) {
                checked += check_line(&word.text, usage, context, errors);
            } else if let Some(at) = word.text.find("builtin:") {
                check_builtin(&word.text[at..], usage, context, errors);
            }
        }
        k = next;
    }
    checked
}

/// Joins a block's lines that end in a backslash with the next.
fn joined(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in lines {
        if open {
            let last = out.last_mut().expect("a line to continue");
            last.pop();
            last.push(' ');
            last.push_str(line.trim());
        } else {
            out.push(line.clone());
        }
        open = line.ends_with('\\');
    }
    out
}

/// The `code` spans of a paragraph that are `ddz` command lines.
fn command_spans(paragraph: &str) -> Vec<String> {
    let text = paragraph.replace('\n', " ");
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.starts_with("ddz ") || s.starts_with("cargo run ") || s.starts_with("./target/")
        })
        .map(str::to_string)
        .collect()
}

/// The command lines of a table whose first header cell gives a command cut short
/// (`./target/release/ddz arena …`): each row's first `code` span completes it.
fn table_commands(paragraph: &str) -> Vec<String> {
    let mut rows = paragraph.lines().filter(|l| l.starts_with('|'));
    let first_cell = |row: &str| row.split('|').nth(1).unwrap_or("").to_string();
    let prefix = match rows.next().map(first_cell) {
        Some(cell) => match command_spans(&cell).first() {
            Some(span) if span.ends_with(CUT) => span.trim_end_matches(CUT).trim_end().to_string(),
            _ => return Vec::new(),
        },
        None => return Vec::new(),
    };
    rows.filter_map(|row| {
        let cell = first_cell(row);
        let span = cell.split('`').nth(1)?;
        Some(format!("{} {}", prefix, span))
    })
    .collect()
}

// ---------------------------------------------------------------------------------------------
// The tests

/// Shown commands run at once: the documented commands are whole arena runs, a bench and a few
/// quick tools, each mostly on one or two cores; a few at a time keep both cores busy through
/// the quick ones' start-up and the long ones' single-threaded stretches, without holding every
/// run's memory at once.
const RUNS_AT_ONCE: usize = 4;

/// Runs `commands` on the built binary in `dir`, [`RUNS_AT_ONCE`] at a time, and returns what
/// each printed, in the order given.
fn run_all(commands: &[&str], dir: &Path) -> Vec<Ran> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let ran: Vec<std::sync::Mutex<Option<Ran>>> = commands
        .iter()
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    std::thread::scope(|scope| {
        for _ in 0..RUNS_AT_ONCE.min(commands.len()) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if k >= commands.len() {
                    break;
                }
                let out = run(commands[k], dir);
                *ran[k].lock().expect("no run panicked holding its slot") = Some(out);
            });
        }
    });
    ran.into_iter()
        .map(|slot| {
            slot.into_inner()
                .expect("no run panicked holding its slot")
                .expect("every command ran")
        })
        .collect()
}

/// What checking some pages found: the drifted outputs (none in bless mode, which rewrites
/// them), and how many shown commands were run and skipped (a debug build runs none).
struct Checked {
    failures: Vec<String>,
    run: usize,
    skipped: usize,
}

/// Runs every shown command of `pages` in `dir` and compares what it printed with the page;
/// with `bless`, a page whose outputs drifted is rewritten in place from what they printed
/// ([`blessed`]) and a page whose outputs all match is left as it is, byte for byte.
fn check_pages(pages: &[PathBuf], bless: bool, dir: &Path) -> Checked {
    let mut failures = Vec::new();
    let mut skipped = 0;
    // Every page's shown commands first, then all of them run at once, then each page compared
    // (and rewritten in bless mode) with what its commands printed.
    let mut shown_of_pages: Vec<Vec<Shown>> = Vec::new();
    for path in pages {
        let lines = read_lines(path);
        let (blocks, _) = split_page(&lines);
        let mut shown_here = Vec::new();
        for block in &blocks {
            for shown in shown_commands(path, block) {
                let place = format!("{}:{}", relative(&shown.page), shown.line + 1);
                if let Some(reason) = &shown.not_run {
                    assert!(!reason.is_empty(), "{}: `# not run:` gives a reason", place);
                    continue;
                }
                // A fixed budget is still bounded by the engine's clock (the table's 15 s), which
                // an unoptimised build can reach (`analyze --samples 256` stops at 80 deals), so
                // the outputs are compared in release builds only.
                if cfg!(debug_assertions) {
                    skipped += 1;
                    continue;
                }
                shown_here.push(shown);
            }
        }
        shown_of_pages.push(shown_here);
    }
    let commands: Vec<&str> = shown_of_pages
        .iter()
        .flatten()
        .map(|s| s.command.as_str())
        .collect();
    let run_count = commands.len();
    let mut printed = run_all(&commands, dir).into_iter();
    for (path, shown_here) in pages.iter().zip(&shown_of_pages) {
        let mut rewrites: Vec<(usize, usize, Vec<String>)> = Vec::new();
        for shown in shown_here {
            let place = format!("{}:{}", relative(&shown.page), shown.line + 1);
            let ran = printed.next().expect("one run per shown command");
            eprintln!("{}: {:.1} s: $ {}", place, ran.seconds, shown.command);
            if output_matches(&shown.output, &ran.stdout) {
                continue;
            }
            if bless {
                let new = blessed(&shown.output, &ran.stdout);
                rewrites.push((shown.line + 1, shown.output.len(), new));
            } else {
                failures.push(format!(
                    "{}: `$ {}` ({}) printed another output:\n--- shown\n{}\n--- printed\n{}\n",
                    place,
                    shown.command,
                    ran.status,
                    shown.output.join("\n"),
                    ran.stdout.join("\n")
                ));
            }
        }
        if !rewrites.is_empty() {
            let mut lines = read_lines(path);
            for (first, len, new) in rewrites.into_iter().rev() {
                let indented = new.iter().map(|l| {
                    if l.is_empty() {
                        String::new()
                    } else {
                        format!("    {}", l)
                    }
                });
                lines.splice(first..first + len, indented);
            }
            let mut text = lines.join("\n");
            text.push('\n');
            std::fs::write(path, text).expect("the page is writable");
            eprintln!("{}: rewritten (review the diff)", relative(path));
        }
    }
    Checked {
        failures,
        run: run_count,
        skipped,
    }
}

#[test]
fn every_shown_output_comes_out() {
    let bless = std::env::var_os(BLESS).map_or(false, |v| v == "1");
    let dir = scratch_root("outputs");
    let only = std::env::var(ONLY_PAGE).ok();
    let selected: Vec<PathBuf> = pages()
        .into_iter()
        .filter(|p| {
            only.as_ref()
                .map_or(true, |o| p.to_string_lossy().ends_with(o.as_str()))
        })
        .collect();
    let Checked {
        failures,
        run,
        skipped,
    } = check_pages(&selected, bless, &dir);
    std::fs::remove_dir_all(&dir).expect("the scratch directory removed");
    if skipped > 0 {
        eprintln!(
            "debug build: the {} shown commands are run by `cargo test --release`",
            skipped
        );
    }
    let least = if only.is_some() { 1 } else { 8 };
    assert!(
        run + skipped >= least,
        "only {} shown commands found",
        run + skipped
    );
    assert!(
        failures.is_empty(),
        "{} shown output(s) drifted; after a deliberate change, regenerate them with\n  \
         {}=1 cargo test --release --test suite docs_outputs::\nand review the diff.\n\n{}",
        failures.len(),
        BLESS,
        failures.join("\n")
    );
}

/// Bless on scratch pages: a page whose shown output went stale is rewritten from what the
/// command prints (its text around the block kept) and then checks clean; a page already right
/// is left byte for byte, and so is the rewritten one when blessed again.
#[test]
fn bless_rewrites_a_stale_page_and_leaves_a_current_one() {
    if cfg!(debug_assertions) {
        return; // Outputs are compared in release builds only (above).
    }
    let dir = scratch_root("bless");
    let page = |name: &str, shown: &str| {
        let text = format!(
            "# A page\n\nWhat classify says:\n\n    $ ddz classify 3334\n    {}\n\nThe end.\n",
            shown
        );
        let path = dir.join(name);
        std::fs::write(&path, &text).unwrap();
        (path, text)
    };
    let right = "triple with a single, key 3, 4 cards";
    let (stale, stale_text) = page("stale.md", "triple with a pair, key 9, 5 cards");
    let (current, current_text) = page("current.md", right);
    let pages = [stale.clone(), current.clone()];
    let checked = check_pages(&pages, false, &dir);
    assert_eq!((checked.failures.len(), checked.run), (1, 2));
    assert!(
        checked.failures[0].contains("stale.md:5"),
        "{:?}",
        checked.failures
    );
    assert_eq!(
        std::fs::read_to_string(&stale).unwrap(),
        stale_text,
        "no rewrite unasked"
    );

    assert!(check_pages(&pages, true, &dir).failures.is_empty());
    let blessed_text = std::fs::read_to_string(&stale).unwrap();
    assert_eq!(
        blessed_text,
        stale_text.replace("triple with a pair, key 9, 5 cards", right)
    );
    assert_eq!(std::fs::read_to_string(&current).unwrap(), current_text);
    assert!(
        check_pages(&pages, false, &dir).failures.is_empty(),
        "green after bless"
    );
    check_pages(&pages, true, &dir);
    assert_eq!(std::fs::read_to_string(&stale).unwrap(), blessed_text);
    assert_eq!(std::fs::read_to_string(&current).unwrap(), current_text);
    std::fs::remove_dir_all(&dir).expect("the scratch directory removed");
}

#[test]
fn every_command_line_on_the_pages_is_in_the_usage() {
    let usage = Usage::load();
    let mut errors = Vec::new();
    let mut checked = 0;
    for path in pages() {
        let lines = read_lines(&path);
        let (blocks, paragraphs) = split_page(&lines);
        for block in &blocks {
            let context = format!("{}:{}", relative(&path), block.first + 1);
            if block.lines[0].starts_with("$ ") {
                for shown in shown_commands(&path, block) {
                    checked += check_line(&shown.command, &usage, &context, &mut errors);
                }
            } else {
                for line in joined(&block.lines) {
                    checked += check_line(&line, &usage, &context, &mut errors);
                }
            }
        }
        for paragraph in &paragraphs {
            for command in table_commands(paragraph) {
                let context = format!("{}: `{}`", relative(&path), command);
                checked += check_line(&command, &usage, &context, &mut errors);
            }
            for span in command_spans(paragraph) {
                let context = format!("{}: `{}`", relative(&path), span);
                checked += check_line(&span, &usage, &context, &mut errors);
            }
        }
    }
    assert!(checked >= 100, "only {} command lines found", checked);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The comparison itself: a changed figure is caught, a changed time is not, cuts match what
/// they stand for.
#[test]
fn the_comparison_masks_times_and_catches_figures() {
    let shown: Vec<String> = [
        "…",
        "100 deals, 600 games in 37.14 s (16 games/s); 2 jobs",
        "player   games   win%   per deal ±95%     reply ms mean/med/p99/max  errors",
        "x          900   51.9     21.8 ± 13.3       7.564/4.748/35.77/73.99  0",
        "net evals per second: 287095",
        "RESULT {\"deals\":100,...}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let printed = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let same_on_another_machine = printed(&[
        "ddz arena: a header the page cut",
        "100 deals, 600 games in 112.5 s (5 games/s); 4 jobs",
        "player   games   win%   per deal ±95%     reply ms mean/med/p99/max  errors",
        "x          900   51.9     21.8 ± 13.3     17.56/14.74/135.7/173.9  0",
        "net evals per second: 99",
        "RESULT {\"deals\":100,\"games\":600}",
    ]);
    assert!(output_matches(&shown, &same_on_another_machine));
    let mut one_digit = same_on_another_machine.clone();
    one_digit[3] = one_digit[3].replace("51.9", "51.8");
    assert!(!output_matches(&shown, &one_digit));
    let mut errors = same_on_another_machine.clone();
    errors[3] = errors[3].replace("  0", "  1");
    assert!(!output_matches(&shown, &errors));
    let mut deals = same_on_another_machine;
    deals[5] = deals[5].replace("100", "81");
    assert!(!output_matches(&shown, &deals));

    // Bless keeps the page's times and cuts and takes the new figures.
    let rewritten = blessed(&shown, &one_digit);
    assert_eq!(rewritten[0], "…");
    assert_eq!(
        rewritten[3],
        "x          900   51.8     21.8 ± 13.3     7.564/4.748/35.77/73.99  0"
    );
    assert_eq!(rewritten[1], shown[1]);
    assert!(output_matches(&rewritten, &one_digit));

    // A line added at the top (a version line, say) shifts nothing: the others keep their
    // recorded times, the changed figure is taken.
    let mut added = vec!["ddz 0.2.0 (commit abc)".to_string()];
    added.extend(one_digit.iter().skip(1).cloned());
    let blessed_added = blessed(&shown[1..], &added);
    assert_eq!(blessed_added[0], added[0]);
    assert_eq!(blessed_added[1], shown[1]);
    assert_eq!(blessed_added[3], rewritten[3]);
    assert!(output_matches(&blessed_added, &added));
}

/// docs/play.md's session, which no shell command can show (a person types it): `ddz play
/// --seed 11 --seat C` fed the typing of `fixtures/play/seed-11-C.typed`, each typed line put
/// back after its prompt as a terminal shows it, is the page's block, cuts and all. The
/// opponents and the hint think on a fixed budget, so any machine prints the same session; a
/// deliberate change of play is regenerated from the session this test prints when it fails.
#[test]
fn the_play_session_on_its_page_is_the_binarys() {
    let page = root().join("docs/play.md");
    let lines = read_lines(&page);
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with("$ ddz play --seed 11 --seat C "))
        .expect("docs/play.md shows the session of seed 11 at seat C");
    let shown: Vec<String> = lines[start + 1..]
        .iter()
        .take_while(|l| l.starts_with("    "))
        .map(|l| l[4..].to_string())
        .collect();
    let typed = std::fs::read_to_string(root().join("fixtures/play/seed-11-C.typed")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ddz"))
        .args(["play", "--seed", "11", "--seat", "C"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ddz play starts");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A pipe does not echo: the prompt's `> ` is followed by what the program says next.
    let mut typed = typed.lines();
    let mut printed = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        match line.strip_prefix("> ") {
            Some(rest) => {
                printed.push(format!("> {}", typed.next().unwrap_or("")));
                if !rest.is_empty() {
                    printed.push(rest.to_string());
                }
            }
            None => printed.push(line.to_string()),
        }
    }
    assert!(
        output_matches(&shown, &printed),
        "docs/play.md's session differs from what ddz play prints now:\n{}",
        printed.join("\n")
    );
}
