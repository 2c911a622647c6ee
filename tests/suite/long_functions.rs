//! No function of the code that ships runs over [`MOST_LINES`] lines (DEVELOPERS.md): every
//! `fn` of `src/` and `crates/*/src`, from its `fn` line to its closing brace, tests aside (an
//! item under `#[cfg(test)]`, its module whole, is not counted).

use crate::layering::rust_files;
use std::fs;
use std::path::Path;

/// The most lines a function may take, its signature and closing brace included.
const MOST_LINES: usize = 100;

/// Functions allowed over [`MOST_LINES`] for a while, each `file: fn name` (none now: the last
/// two, the core's `scan_readings` and `generate`, were split): each must still be long (a
/// split one leaves the list), and the list only shrinks.
const NOT_YET_SPLIT: &[&str] = &[];

/// The code of `text` with every comment, string and character literal blanked (newlines
/// kept), so the braces left are the code's own.
fn code_only(text: &str) -> Vec<char> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let end = if rest.starts_with(&['/', '/']) {
            rest.iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n)
        } else if rest.starts_with(&['/', '*']) {
            (i + 2..chars.len() - 1)
                .find(|&j| chars[j] == '*' && chars[j + 1] == '/')
                .map_or(chars.len(), |j| j + 2)
        } else if rest[0] == 'r' && matches!(rest.get(1), Some('"') | Some('#')) && !word(&out) {
            // A raw string: `r"…"`, `r#"…"#`.
            let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat('#').take(hashes))
                .collect();
            let open = i + 1 + hashes + 1;
            (open..chars.len())
                .find(|&j| chars[j..].starts_with(&close))
                .map_or(chars.len(), |j| j + close.len())
        } else if rest[0] == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if rest[0] == '\'' && (rest.get(2) == Some(&'\'') || rest.get(1) == Some(&'\\')) {
            // A character literal (`'{'`, `'\n'`, `'\''`); a lifetime (`'a`) is code.
            let mut j = i + 2;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(chars.len());
        out.extend(chars[i..end].iter().map(|&c| blank(c)));
        i = end;
    }
    out
}

/// Whether the code before ends in a word character (so an `r` there is a name's, not a raw
/// string's).
fn word(before: &[char]) -> bool {
    before
        .last()
        .map_or(false, |c| c.is_alphanumeric() || *c == '_')
}

/// The index just past the brace that closes the one at `open`.
fn closing(code: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (j, &c) in code.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// The index of the `{` opening the body of the `fn` at `from`, or of the `;` ending a
/// declaration without one: the first outside the signature's brackets (`[T; 13]`).
fn body_or_end(code: &[char], from: usize) -> Option<usize> {
    let mut nested = 0i32;
    for (j, &c) in code.iter().enumerate().skip(from) {
        match c {
            '(' | '[' => nested += 1,
            ')' | ']' => nested -= 1,
            ';' | '{' if nested == 0 => return Some(j),
            _ => {}
        }
    }
    None
}

/// The line (from 1) of index `at`.
fn line_of(code: &[char], at: usize) -> usize {
    code[..at.min(code.len())]
        .iter()
        .filter(|&&c| c == '\n')
        .count()
        + 1
}

/// Each function of `text` outside tests over `most` lines: `(name, first line, lines)`.
fn long_functions(text: &str, most: usize) -> Vec<(String, usize, usize)> {
    let code = code_only(text);
    let at = |i: usize, s: &str| code[i..].starts_with(&s.chars().collect::<Vec<_>>());
    let mut found = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if at(i, "#[cfg(test)]") {
            // The item it marks, whole: up to its `;`, or through its braces.
            let stop = (i..code.len()).find(|&j| code[j] == ';' || code[j] == '{');
            i = match stop {
                Some(j) if code[j] == '{' => closing(&code, j),
                Some(j) => j + 1,
                None => code.len(),
            };
            continue;
        }
        let starts_fn = at(i, "fn ") && (i == 0 || !word(&code[..i]));
        if !starts_fn {
            i += 1;
            continue;
        }
        let name: String = code[i + 3..]
            .iter()
            .skip_while(|c| c.is_whitespace())
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        // A body, or a declaration without one (`fn f();` in a trait).
        match body_or_end(&code, i) {
            Some(open) if code[open] == '{' => {
                let end = closing(&code, open);
                let (first, last) = (line_of(&code, i), line_of(&code, end - 1));
                if last - first + 1 > most {
                    found.push((name, first, last - first + 1));
                }
                i = end;
            }
            Some(semicolon) => i = semicolon + 1,
            None => break,
        }
    }
    found
}

#[test]
fn no_function_outside_tests_is_over_a_hundred_lines() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = vec![workspace.join("src")];
    for krate in fs::read_dir(workspace.join("crates")).unwrap() {
        roots.push(krate.unwrap().path().join("src"));
    }
    let (mut long, mut pending) = (Vec::new(), Vec::new());
    for file in roots.iter().flat_map(|root| rust_files(root)) {
        let text = fs::read_to_string(&file).unwrap();
        let shown = file.strip_prefix(workspace).unwrap_or(&file).display();
        for (name, line, lines) in long_functions(&text, MOST_LINES) {
            let known = format!("{}: fn {}", shown, name);
            if NOT_YET_SPLIT.contains(&known.as_str()) {
                pending.push(known);
            } else {
                long.push(format!(
                    "{}:{}: fn {} is {} lines",
                    shown, line, name, lines
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {} lines:\n{}",
        MOST_LINES,
        long.join("\n")
    );
    assert_eq!(pending, NOT_YET_SPLIT, "split: take it off NOT_YET_SPLIT");
}

/// The counter itself: a body's braces counted past those in strings, characters and comments,
/// a test module skipped whole, a declaration without a body passed over.
#[test]
fn the_counter_counts_what_it_checks() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let text = format!(
        "trait T {{ fn declared(); }}\nfn long(x: [u8; 2]) {{\n    let s = \"}}\"; let c = '}}'; // }}\n    let r = r#\"{{\"#;\n{}}}\n#[cfg(test)]\nmod tests {{\n    fn in_test() {{\n{}    }}\n}}\nfn short<'a>(x: &'a str) {{ {{ }} }}\n",
        body(97),
        body(200)
    );
    // `long`: its `fn` line, two lines of literals, 97 lines, its brace: 101.
    assert_eq!(long_functions(&text, 100), [("long".to_string(), 2, 101)]);
    assert!(long_functions(&text, 101).is_empty());
}
