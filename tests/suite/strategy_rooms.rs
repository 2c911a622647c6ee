//! The rooms of the thinking player (`src/strategy/thinker/`) point one way: its module doc
//! declares them bottom first on its `rooms:` line, and each file may use only the rooms below
//! it. `mod.rs`, the player, is the top: no room reaches back up into it (`super::Thinker`, a
//! glob of it), nor into a room above its own. Tests inside a room obey the same rule, and
//! `#[cfg(test)]` marks only the room's test module (no test hooks in the code that ships).

use std::path::{Path, PathBuf};

fn thinker_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/strategy/thinker")
}

/// The rooms, bottom first, as `mod.rs`'s module doc declares them (`//! rooms: a → b → mod`).
fn rooms() -> Vec<String> {
    let text = std::fs::read_to_string(thinker_dir().join("mod.rs")).unwrap();
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("//! rooms: "))
        .expect("thinker/mod.rs declares its rooms on a `//! rooms: ` line");
    line.split('→').map(|r| r.trim().to_string()).collect()
}

/// The code of `text` without its comments (line comments and doc comments; the thinker has
/// no block comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first name of each path that `code` starts with `prefix` (`super::settings::X` gives
/// `settings`; a group `super::{a, b::c}` gives `a` and `b`; a glob `*`).
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '*')
            .collect()
    };
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        let after = &rest[at + prefix.len()..];
        rest = after;
        if before.map_or(false, |c| c == ':' || c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = after.strip_prefix('{') {
            let (mut depth, mut item) = (0, String::new());
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.push(ident(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            names.push(ident(&item));
        } else {
            names.push(ident(after));
        }
    }
    names.retain(|n| !n.is_empty() && n != "self" && n != "super");
    names
}

#[test]
fn the_thinkers_rooms_point_one_way() {
    let rooms = rooms();
    assert_eq!(rooms.last().map(String::as_str), Some("mod"), "{:?}", rooms);
    let mut files: Vec<String> = std::fs::read_dir(thinker_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map_or(false, |e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut declared = rooms.clone();
    declared.sort();
    assert_eq!(
        files, declared,
        "every file of thinker/ is a room of the rooms line"
    );
    let mut wrong = Vec::new();
    for room in rooms.iter().filter(|r| *r != "mod") {
        let text = std::fs::read_to_string(thinker_dir().join(format!("{}.rs", room))).unwrap();
        wrong.extend(arrows_back_up(room, &text, &rooms));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What in the room `room`, whose source is `text`, breaks the rooms' order `rooms`.
fn arrows_back_up(room: &str, text: &str, rooms: &[String]) -> Vec<String> {
    let rank = |name: &str| rooms.iter().position(|r| r == name);
    let mut wrong = Vec::new();
    let tests_at = text.find("#[cfg(test)]\nmod tests {");
    if text.matches("#[cfg(test)]").count() != usize::from(tests_at.is_some()) {
        wrong.push(format!("{}: #[cfg(test)] outside its test module", room));
    }
    let (shipped, tests) = text.split_at(tests_at.unwrap_or(text.len()));
    let (shipped, tests) = (code(shipped), code(tests));
    let mut used = names_after(&shipped, "super::");
    used.extend(names_after(&tests, "super::super::"));
    used.extend(names_after(&shipped, "crate::strategy::thinker::"));
    used.extend(names_after(&tests, "crate::strategy::thinker::"));
    for name in used {
        match (rank(&name), rank(room)) {
            (Some(r), Some(own)) if r < own => {}
            (Some(_), _) => wrong.push(format!("{} uses {}, a room above it", room, name)),
            (None, _) => wrong.push(format!("{} uses mod.rs's {}", room, name)),
        }
    }
    wrong
}

/// The check sees each kind of arrow back up: an item of mod.rs in a group, a room above,
/// a test hook, and a test reaching the player; imports of rooms below pass.
#[test]
fn the_check_sees_an_arrow_back_up() {
    let rooms: Vec<String> = ["settings", "proposal", "eval", "table", "mod"]
        .iter()
        .map(|r| r.to_string())
        .collect();
    let text = "use super::proposal::Proposal;\nuse super::{\n    settings::Judge,\n    Thinker,\n};\n\
                use super::table::Shift; // super::Comment\nstruct A {\n    #[cfg(test)]\n    hook: u8,\n}\n\
                #[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::{Analysis, settings};\n}\n";
    let wrong = arrows_back_up("eval", text, &rooms);
    assert_eq!(
        wrong,
        [
            "eval: #[cfg(test)] outside its test module",
            "eval uses mod.rs's Thinker",
            "eval uses table, a room above it",
            "eval uses mod.rs's Analysis",
        ],
        "{:?}",
        wrong
    );
}
