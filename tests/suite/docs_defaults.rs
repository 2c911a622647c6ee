//! The defaults the pages state, checked against the binary's own.
//!
//! Every statement of a default in README.md and docs/*.md, in English (`default`) and in
//! Chinese (`默认`), is read as a setting or flag and a value and compared with the defaults
//! the binary states itself: the `(default X)` of `ddz --help` and of each `ddz TOOL --help`
//! (a setting's comes from its registry's `T::default()`, so it cannot drift from the code)
//! and the reply limit of `src/time.rs`. A statement the check cannot read fails as well as a
//! wrong one, so a page cannot state a default beside the check. The convention that makes a
//! statement readable (docs/design.md, "Tests and CI"):
//! - `default VALUE`, `(default VALUE)`, `default: VALUE`, `defaults to VALUE`, `默认 … VALUE`,
//!   in the sentence of the setting or flag it belongs to, written before it (`--games N`
//!   (deals; default 100), `think = 2  # … (default: none, 256 deals)`); VALUE spelled as the
//!   usage spells it (`16,24`, `cores`; thousands may be separated, `10,000,000`);
//! - `` `KEY = VALUE` `` (or `--flag VALUE`, `builtin:ddz:KEY=VALUE`) followed by `, the
//!   default`, `(the default)`, `is the default` or `by default`;
//! - a default of the past says so in its clause (`then`, `before`, `was`, `until`, `of
//!   0.1.0`, `0.1.0's`) and is not checked;
//! - `default` followed by a noun (`the default player`, `the default's games`) states no value.
//!
//! CHANGELOG.md is not read: its sections are what each version changed, defaults of the past
//! included.

use super::docs_outputs::{pages, read_lines, relative, root, Usage};
use std::collections::{BTreeMap, BTreeSet};

/// One statement of a default found in a text: what it is of, and the value stated.
#[derive(Debug, Clone, PartialEq)]
struct Stated {
    /// The setting or flag (`samples`, `games`, `INFO`); none when the sentence names none
    /// that the check knows.
    subject: Option<String>,
    value: String,
    /// The sentence it was read from, for a failure's message.
    sentence: String,
}

/// Whose text is read: the binary's usage (any `--flag` or `key=` is a subject, only the
/// `(default X)` forms are statements) or a page (the subjects are those the usage knows, and
/// every form of the convention is read).
#[derive(Clone, Copy)]
enum Reader<'a> {
    Usage,
    Page(&'a Defaults),
}

/// Words after which a past default is told, not a present one.
const PAST: [&str; 8] = [
    "then", "before", "was", "were", "until", "stayed", "had", "formerly",
];

/// Words that may stand between `` `KEY = VALUE` `` and `default` when the sentence says that
/// value is the default (`` `bid = net` is the default ``, `` `--bid net`, the default ``).
const LINKS: [&str; 8] = [
    "the", "is", "stay", "stays", "remains", "became", "becomes", "engine's",
];

/// Words that end `default` as a noun phrase where a value would follow it (`the default now`,
/// `the default since 0.2.0`): the value is then the code before it.
const AFTER_THE_DEFAULT: [&str; 6] = ["now", "since", "then", "of", "before", "until"];

/// Units a stated value may carry, skipped before `by default` (`15 s by default`).
const UNITS: [&str; 6] = ["s", "ms", "MiB", "second", "seconds", "min"];

/// The defaults the binary states, by setting or flag.
struct Defaults {
    by_subject: BTreeMap<String, BTreeSet<String>>,
}

impl Defaults {
    /// Read from the binary's usage texts, with `src/time.rs`'s reply limit as `INFO`'s (the
    /// limit a referee's `INFO` line sets, when it sets none). `samples` and `think` are two
    /// spellings of one setting (the last given wins), so each takes the other's defaults.
    fn load() -> Defaults {
        let usage = Usage::load();
        let mut by_subject: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for text in usage.help.values() {
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for stated in statements(&text, Reader::Usage) {
                if let Some(subject) = stated.subject {
                    by_subject.entry(subject).or_default().insert(stated.value);
                }
            }
        }
        by_subject
            .entry("INFO".to_string())
            .or_default()
            .insert(ddz::time::ENGINE.limit.as_secs().to_string());
        let budget: BTreeSet<String> = ["samples", "think"]
            .iter()
            .flat_map(|s| by_subject.get(*s).cloned().unwrap_or_default())
            .collect();
        for s in ["samples", "think"] {
            by_subject.insert(s.to_string(), budget.clone());
        }
        Defaults { by_subject }
    }

    fn knows(&self, subject: &str) -> bool {
        self.by_subject.contains_key(subject)
    }

    /// Whether `word` is a value some default has (`net`, `cores`): after a bare `default` it
    /// makes the word a value, where `the default player` is a noun.
    fn is_value_word(&self, word: &str) -> bool {
        self.by_subject.values().any(|values| values.contains(word))
    }
}

/// Whether `chars[at..]` starts with `word`, ignoring ASCII case.
fn starts_with(chars: &[char], at: usize, word: &str) -> bool {
    let mut k = at;
    for w in word.chars() {
        match chars.get(k) {
            Some(c) if c.eq_ignore_ascii_case(&w) => k += 1,
            _ => return false,
        }
    }
    true
}

/// For each character, whether it is inside a `code` span (its backquotes included).
fn code_spans(chars: &[char]) -> Vec<bool> {
    let mut inside = false;
    chars
        .iter()
        .map(|&c| {
            if c == '`' {
                inside = !inside;
                true
            } else {
                inside
            }
        })
        .collect()
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// The sentence around `at`: from after the last full stop (`. `, `。`, a table's `|`) before
/// it to the next after it, outside code.
fn sentence_bounds(chars: &[char], code: &[bool], at: usize) -> (usize, usize) {
    let table_row = chars.first() == Some(&'|');
    let ends = |k: usize| {
        !code[k]
            && (chars[k] == '。'
                || (table_row && chars[k] == '|')
                || (chars[k] == '.' && chars.get(k + 1).map_or(true, |c| *c == ' ')))
    };
    let start = (0..at).rev().find(|&k| ends(k)).map_or(0, |k| k + 1);
    let end = (at..chars.len()).find(|&k| ends(k)).unwrap_or(chars.len());
    (start, end)
}

/// The end of the clause that starts at `at`: the next `,`, `;`, `)` (or their Chinese forms)
/// outside code, or `end`.
fn clause_end(chars: &[char], code: &[bool], at: usize, end: usize) -> usize {
    (at..end)
        .find(|&k| !code[k] && matches!(chars[k], ',' | ';' | ')' | '，' | '；' | '）'))
        .unwrap_or(end)
}

/// The value written at `at` (blanks skipped): a `code` span's text, or a word of letters,
/// digits and `._|+-`, with `,` `:` `=` kept between two such (`16,24`, `builtin:ddz`),
/// thousands' separators removed (`10,000,000` is `10000000`). Empty when none is there.
fn value_at(chars: &[char], at: usize) -> (String, usize) {
    let mut k = at;
    while chars.get(k) == Some(&' ') {
        k += 1;
    }
    if chars.get(k) == Some(&'`') {
        let close = (k + 1..chars.len())
            .find(|&j| chars[j] == '`')
            .unwrap_or(chars.len());
        let text: String = chars[k + 1..close].iter().collect();
        return (text.trim().to_string(), close + 1);
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "._|+-".contains(c);
    let start = k;
    while let Some(&c) = chars.get(k) {
        let joins = ",:=".contains(c)
            && chars
                .get(k + 1)
                .map_or(false, |n| n.is_ascii_alphanumeric());
        if plain(c) || (joins && k > start) {
            k += 1;
        } else {
            break;
        }
    }
    let mut word: String = chars[start..k].iter().collect();
    while word.ends_with('.') {
        word.pop();
    }
    (without_thousands(&word), k)
}

/// `10,000,000` as `10000000`: a comma between a digit and exactly three digits.
fn without_thousands(word: &str) -> String {
    let c: Vec<char> = word.chars().collect();
    let mut out = String::new();
    for (k, &ch) in c.iter().enumerate() {
        let thousands = ch == ',' && k > 0 && c[k - 1].is_ascii_digit() && {
            let digits = c[k + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
            digits == 3
        };
        if !thousands {
            out.push(ch);
        }
    }
    out
}

/// The word that ends right before `at` (blanks skipped), and where it starts.
fn word_before(chars: &[char], at: usize) -> (String, usize) {
    let mut end = at;
    while end > 0 && chars[end - 1] == ' ' {
        end -= 1;
    }
    let mut start = end;
    while start > 0
        && (is_word_char(chars[start - 1]) || chars[start - 1] == '\'' || chars[start - 1] == '.')
    {
        start -= 1;
    }
    (chars[start..end].iter().collect(), start)
}

/// The subjects written in `chars[from..to]`: `--flag`, `key =` / `key=`, and (on a page) a
/// `code` span that is a known name alone (`` `threads` ``), each with where it starts.
fn subjects(
    chars: &[char],
    code: &[bool],
    from: usize,
    to: usize,
    reader: Reader,
) -> Vec<(usize, String)> {
    let known = |name: &str| match reader {
        Reader::Usage => true,
        Reader::Page(defaults) => defaults.knows(name),
    };
    let mut found = Vec::new();
    let mut k = from;
    while k < to {
        let starts_word = k == 0 || !(is_word_char(chars[k - 1]) || "=:".contains(chars[k - 1]));
        if starts_word && starts_with(chars, k, "--") {
            let end = (k + 2..to).find(|&j| !is_word_char(chars[j])).unwrap_or(to);
            let name: String = chars[k + 2..end].iter().collect();
            // `--help` and `--version` are the binary's own, and no setting's.
            if !name.is_empty() && name != "help" && name != "version" && known(&name) {
                found.push((k, name));
            }
            k = end;
            continue;
        }
        if starts_word && chars[k].is_ascii_lowercase() {
            let end = (k..to).find(|&j| !is_word_char(chars[j])).unwrap_or(to);
            let name: String = chars[k..end].iter().collect();
            let mut j = end;
            while j < to && chars[j] == ' ' {
                j += 1;
            }
            if j < to && chars[j] == '=' && chars.get(j + 1) != Some(&'=') && known(&name) {
                found.push((k, name));
            }
            k = end.max(k + 1);
            continue;
        }
        if chars[k] == '`' && matches!(reader, Reader::Page(_)) && (k == 0 || !code[k - 1]) {
            let close = (k + 1..to).find(|&j| chars[j] == '`').unwrap_or(to);
            let name: String = chars[k + 1..close].iter().collect();
            if known(name.trim()) {
                found.push((k, name.trim().to_string()));
            }
        }
        k += 1;
    }
    found
}

/// The `KEY=VALUE` pairs a `code` span gives: `key = value`, `--flag value`,
/// `builtin:ddz:key=value:key=value`.
fn span_pairs(span: &str) -> Vec<(String, String)> {
    let span = span.trim();
    if let Some(flag) = span.strip_prefix("--") {
        let mut words = flag.split_whitespace();
        return match (words.next(), words.next()) {
            (Some(name), Some(value)) => vec![(name.to_string(), value.to_string())],
            _ => Vec::new(),
        };
    }
    let settings = span.strip_prefix("builtin:ddz:").unwrap_or(span);
    settings
        .split(':')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

/// Whether the clause `chars[from..to]` tells of a past default (a word of [`PAST`], `of
/// 0.1.0`, `0.1.0's`).
fn tells_the_past(chars: &[char], from: usize, to: usize) -> bool {
    let text: String = chars[from..to].iter().collect();
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '\''))
        .collect();
    words.iter().enumerate().any(|(k, w)| {
        let w = w.trim_end_matches('.');
        let version = |v: &str| {
            v.split('.').count() == 3
                && v.split('.')
                    .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
        };
        PAST.contains(&w.to_ascii_lowercase().as_str())
            || (w.ends_with("'s") && version(&w[..w.len() - 2]))
            || (version(w) && k > 0 && words[k - 1] == "of")
    })
}

/// Every statement of a default in `text` (one paragraph, a table's row or a code line).
fn statements(text: &str, reader: Reader) -> Vec<Stated> {
    let chars: Vec<char> = text.chars().collect();
    let code = code_spans(&chars);
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let chinese = starts_with(&chars, i, "默认");
        let english =
            starts_with(&chars, i, "default") && (i == 0 || !chars[i - 1].is_alphanumeric());
        if code[i] || !(chinese || english) {
            i += 1;
            continue;
        }
        let (start, end) = sentence_bounds(&chars, &code, i);
        let sentence: String = chars[start..end]
            .iter()
            .collect::<String>()
            .trim()
            .to_string();
        let stated = if chinese {
            read_chinese(&chars, &code, i, start, end, reader)
        } else {
            read_english(&chars, &code, i, start, end, reader)
        };
        for (subject, value) in stated {
            found.push(Stated {
                subject,
                value,
                sentence: sentence.clone(),
            });
        }
        i += if chinese { 2 } else { "default".len() };
    }
    found
}

/// The nearest subject before `at` in the sentence, or failing one, `samples` when the value
/// is a count of deals (`256 deals`, `256 个抽样牌局`).
fn subject_of(
    chars: &[char],
    code: &[bool],
    start: usize,
    at: usize,
    after_value: usize,
    reader: Reader,
) -> Option<String> {
    if let Some((_, name)) = subjects(chars, code, start, at, reader).pop() {
        return Some(name);
    }
    let rest: String = chars[after_value.min(chars.len())..]
        .iter()
        .take(12)
        .collect();
    let rest = rest.trim_start();
    if ["deals", "sampled deals", "个抽样牌局", "个采样牌局"]
        .iter()
        .any(|u| rest.starts_with(u))
    {
        return Some("samples".to_string());
    }
    None
}

/// `默认 … VALUE`: the first value written after it in its clause (`默认 \`ddz\``,
/// `默认不限秒数:每步 256 个抽样牌局`).
fn read_chinese(
    chars: &[char],
    code: &[bool],
    i: usize,
    start: usize,
    end: usize,
    reader: Reader,
) -> Vec<(Option<String>, String)> {
    let stop = (i + 2..end)
        .find(|&k| !code[k] && matches!(chars[k], ';' | ')' | '；' | '）'))
        .unwrap_or(end);
    let at = match (i + 2..stop).find(|&k| chars[k].is_ascii_alphanumeric() || chars[k] == '`') {
        Some(at) => at,
        // No value in figures: a default of behaviour (`默认每回合重新启动`), unless the
        // value is written in Chinese numerals, which the check cannot read.
        None => {
            let numerals = chars[i + 2..stop]
                .iter()
                .any(|c| "一二两三四五六七八九十百千半".contains(*c));
            return if numerals {
                vec![(None, String::new())]
            } else {
                Vec::new()
            };
        }
    };
    let (value, after) = value_at(chars, at);
    vec![(subject_of(chars, code, start, i, after, reader), value)]
}

/// The English forms of the convention (see the module's doc).
fn read_english(
    chars: &[char],
    code: &[bool],
    i: usize,
    start: usize,
    end: usize,
    reader: Reader,
) -> Vec<(Option<String>, String)> {
    let mut k = i + "default".len();
    if chars.get(k) == Some(&'s') {
        k += 1;
    }
    if chars.get(k) == Some(&'\'') {
        // `the default's games`: a noun.
        return Vec::new();
    }
    let mut value_follows = false;
    let mut j = k;
    while chars.get(j) == Some(&' ') {
        j += 1;
    }
    let colon = chars.get(j) == Some(&':');
    let value_next = |at: usize| {
        let mut p = at;
        while chars.get(p) == Some(&' ') {
            p += 1;
        }
        chars
            .get(p)
            .map_or(false, |c| c.is_ascii_digit() || *c == '`')
    };
    if colon {
        value_follows = true;
        j += 1;
    } else if starts_with(chars, j, "to ") || (starts_with(chars, j, "is ") && value_next(j + 3)) {
        // `defaults to all cores`, `the default is 256` (not `the default is used`).
        value_follows = true;
        j += 3;
        for article in ["the ", "a "] {
            if starts_with(chars, j, article) {
                j += article.len();
            }
        }
    }
    let (value, after) = value_at(chars, j);
    let (before, before_at) = word_before(chars, i);
    let punct_before = {
        let mut p = i;
        while p > start && chars[p - 1] == ' ' {
            p -= 1;
        }
        p > start && matches!(chars[p - 1], '(' | ',' | ';' | ':')
    };
    let clause_to = clause_end(chars, code, after.min(end), end).max(after.min(end));
    let page = match reader {
        Reader::Page(defaults) => Some(defaults),
        Reader::Usage => None,
    };

    // `` `KEY = VALUE`, the default ``, `(the default)`, `is the default now`, `the default:
    // why`: the value is the code before.
    let noun_ends = value.is_empty() || colon || AFTER_THE_DEFAULT.contains(&value.as_str());
    if page.is_some() && LINKS.contains(&before.as_str()) && noun_ends {
        if let Some(span_end) = span_ending_before(chars, start, before.clone(), before_at) {
            return the_span_before(chars, code, start, span_end, clause_to);
        }
    }

    // `VALUE by default` (`by default VALUE` is read as `default VALUE` below).
    if before == "by" && !value_next(j) {
        let (mut word, mut at) = word_before(chars, before_at);
        if UNITS.contains(&word.as_str()) {
            let (w, a) = word_before(chars, at);
            word = w;
            at = a;
        }
        let mut span_end = before_at;
        while span_end > start && chars[span_end - 1] == ' ' {
            span_end -= 1;
        }
        if span_end > start && chars[span_end - 1] == '`' && page.is_some() {
            return the_span_before(chars, code, start, span_end, clause_to);
        }
        let is_value = word.chars().next().map_or(false, |c| c.is_ascii_digit())
            || ["on", "off", "none"].contains(&word.as_str());
        if !is_value || (page.is_some() && tells_the_past(chars, start, clause_to)) {
            return Vec::new();
        }
        return vec![(subject_of(chars, code, start, at, before_at, reader), word)];
    }

    // `default VALUE`, `(default VALUE)`, `default: VALUE`, `defaults to VALUE`.
    // After `the`, `default` is a noun unless a figure or code follows (`the default 256`,
    // `the default: `net``); `the default: its search` explains it.
    let states_a_value = !value.is_empty()
        && !AFTER_THE_DEFAULT.contains(&value.as_str())
        && if before == "the" {
            value_next(j)
        } else {
            value_follows
                || value_next(j)
                || punct_before
                || page.map_or(false, |d| d.is_value_word(&value))
        };
    if !states_a_value {
        return Vec::new();
    }
    let from = subjects(chars, code, start, i, reader)
        .last()
        .map_or(start, |(at, _)| *at);
    if page.is_some() && tells_the_past(chars, from, clause_to) {
        return Vec::new();
    }
    let subject = subject_of(chars, code, start, i, after, reader);
    // `the default `samples = 256``: the code names its setting, unless the value is the
    // whole code (`--judge`'s `samples=64:net-weight=0`).
    let whole = match (&subject, page) {
        (Some(s), Some(d)) => d.by_subject.get(s).map_or(false, |v| v.contains(&value)),
        (Some(_), None) => true,
        (None, _) => false,
    };
    let pairs = span_pairs(&value);
    if !whole && chars[after - 1] == '`' && !pairs.is_empty() {
        return pairs.into_iter().map(|(k, v)| (Some(k), v)).collect();
    }
    vec![(subject, value)]
}

/// Where the `code` span ends that `word` (at `at`, a word of [`LINKS`]) is linked to by the
/// words of [`LINKS`] and `(` `,` between: the end of `` `bid = net` `` in `` `bid = net` is
/// the default ``.
fn span_ending_before(chars: &[char], start: usize, word: String, at: usize) -> Option<usize> {
    let mut word = word;
    let mut at = at;
    let mut p = at + word.chars().count();
    while LINKS.contains(&word.as_str()) {
        p = at;
        let (w, a) = word_before(chars, at);
        word = w;
        at = a;
    }
    while p > start && matches!(chars[p - 1], ' ' | '(' | ',') {
        p -= 1;
    }
    if p > start && chars[p - 1] == '`' {
        Some(p)
    } else {
        None
    }
}

/// The pairs of the `code` span that ends at `end` (its closing backquote at `end - 1`), as
/// the defaults a sentence states; a span with no pair is reported as unreadable.
fn the_span_before(
    chars: &[char],
    code: &[bool],
    start: usize,
    end: usize,
    clause_to: usize,
) -> Vec<(Option<String>, String)> {
    let open = (start..end - 1)
        .rev()
        .find(|&k| chars[k] == '`' && (k == 0 || !code[k - 1]))
        .unwrap_or(start);
    if tells_the_past(chars, open, clause_to) {
        return Vec::new();
    }
    let span: String = chars[open + 1..end - 1].iter().collect();
    let pairs = span_pairs(&span);
    if pairs.is_empty() {
        return vec![(None, span)];
    }
    pairs.into_iter().map(|(k, v)| (Some(k), v)).collect()
}

/// The texts of a page the statements are read from, each with its first line (from 1): a
/// paragraph (its lines joined), a table's row, a code line.
fn units(lines: &[String]) -> Vec<(usize, String)> {
    let mut units = Vec::new();
    let mut paragraph: Option<(usize, String)> = None;
    for (n, line) in lines.iter().enumerate() {
        let alone = line.starts_with("    ")
            || line.starts_with('|')
            || line.trim_start().starts_with("```");
        if line.trim().is_empty() || alone {
            units.extend(paragraph.take());
            if alone {
                units.push((n + 1, line.trim().to_string()));
            }
            continue;
        }
        match &mut paragraph {
            Some((_, text)) => {
                text.push(' ');
                text.push_str(line.trim());
            }
            None => paragraph = Some((n + 1, line.trim().to_string())),
        }
    }
    units.extend(paragraph);
    units
}

/// What the check finds wrong with one page's text: each statement that names no setting the
/// binary knows, or states another value than the binary's; and how many it checked.
fn check_text(where_: &str, text: &str, defaults: &Defaults, errors: &mut Vec<String>) -> usize {
    let mut checked = 0;
    for stated in statements(text, Reader::Page(defaults)) {
        let subject = match &stated.subject {
            Some(s) => s,
            None if stated.value.is_empty() => {
                errors.push(format!(
                    "{}: a default whose value is not written in figures or code: \"{}\"",
                    where_, stated.sentence
                ));
                continue;
            }
            None => {
                errors.push(format!(
                    "{}: a default ({:?}) whose setting or flag the sentence does not name before it: \"{}\"",
                    where_, stated.value, stated.sentence
                ));
                continue;
            }
        };
        match defaults.by_subject.get(subject) {
            Some(values) if values.contains(&stated.value) => checked += 1,
            Some(values) => errors.push(format!(
                "{}: states {}'s default as {:?}, the binary's is {:?}: \"{}\"",
                where_, subject, stated.value, values, stated.sentence
            )),
            None => errors.push(format!(
                "{}: states a default ({:?}) of {}, which the binary states none for: \"{}\"",
                where_, stated.value, subject, stated.sentence
            )),
        }
    }
    checked
}

#[test]
fn every_default_on_the_pages_is_the_binarys() {
    let defaults = Defaults::load();
    assert!(
        defaults.by_subject.len() >= 30,
        "the usage texts state few defaults: {:?}",
        defaults.by_subject
    );
    let mut errors = Vec::new();
    let mut checked = 0;
    for page in pages() {
        if page == root().join("CHANGELOG.md") {
            continue;
        }
        for (line, text) in units(&read_lines(&page)) {
            let where_ = format!("{}:{}", relative(&page), line);
            checked += check_text(&where_, &text, &defaults, &mut errors);
        }
    }
    assert!(
        checked >= 30,
        "only {} defaults found on the pages",
        checked
    );
    assert!(
        errors.is_empty(),
        "{} statement(s) of a default are not the binary's (the convention: \
         tests/suite/docs_defaults.rs, docs/design.md \"Tests and CI\"):\n{}",
        errors.len(),
        errors.join("\n")
    );
}

/// The reading itself: each form of the convention is read, a changed value is caught, a
/// default the check cannot place is reported, the past is let be.
#[test]
fn the_reading_catches_a_changed_default() {
    let defaults = Defaults::load();
    let errors_of = |text: &str| {
        let mut errors = Vec::new();
        let checked = check_text("page", text, &defaults, &mut errors);
        (checked, errors)
    };
    for good in [
        "`--games N` (deals; default 100), `--seed S` (default 1).",
        "    think = 2            # seconds per decision (default: none, 256 sampled deals)",
        "    think = 2    # 每步思考秒数(默认不限秒数:每步 256 个抽样牌局;平台限时 15 秒)",
        "By the bid network at this table (`bid = table`, the default).",
        "The solver's table (`table-mb`, default 8 MiB).",
        "the solver from (`solve-at`, default 16,24: 16 cards as the landlord).",
        "The limit comes from `INFO` (15 s by default).",
    ] {
        let (checked, errors) = errors_of(good);
        assert!(checked >= 1 && errors.is_empty(), "{}: {:?}", good, errors);
    }
    for bad in [
        "`--games N` (deals; default 200).",
        "    think = 2            # seconds per decision (default: 1 s)",
        "    think = 2    # 每步思考秒数(默认 1 秒)",
        "By the bid network (`bid = net`, the default).",
        "The solver's table (`table-mb`, default 16 MiB).",
        "The limit comes from `INFO` (10 s by default).",
        // A default whose setting the sentence does not name cannot be checked.
        "The engine thinks a second (default 1 s).",
    ] {
        let (_, errors) = errors_of(bad);
        assert!(!errors.is_empty(), "not caught: {}", bad);
    }
    for past in [
        "`samples=64` (the default then).",
        "(0.1.0's default: 75.9 / 75.8)",
        "`eval = rollout` stayed the default then.",
        "the default thinking player, paired with the default.",
    ] {
        let (checked, errors) = errors_of(past);
        assert!(checked == 0 && errors.is_empty(), "{}: {:?}", past, errors);
    }
}
