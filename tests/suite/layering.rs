//! The layers as the sources import them: each crate's lib.rs lists its modules in layer order
//! ("Layers, each using only those before it"), and no file of a module may name a module listed
//! after its own (`crate::` paths, in code and in tests alike; comments aside). The card core is a
//! crate of its own, so the compiler keeps it from reaching up; inside it the same list holds.

use std::fs;
use std::path::{Path, PathBuf};

/// The crates of the workspace whose lib.rs declares its layers.
const CRATES: [&str; 2] = [".", "crates/ddz-core"];

/// The modules a lib.rs lists as its layers, lowest first: each `//! - [`name`]` bullet, with
/// every module named on that bullet (one bullet may hold a group, as the card core's).
fn declared_layers(lib: &str) -> Vec<Vec<String>> {
    let mut layers = Vec::new();
    for line in lib.lines() {
        let bullet = match line.strip_prefix("//! - ") {
            Some(bullet) => bullet,
            None => continue,
        };
        // The names before the bullet's colon: "[`a`], [`b`]: …".
        let head = bullet.split("]:").next().unwrap_or("");
        let names: Vec<String> = head
            .split("[`")
            .skip(1)
            .filter_map(|part| part.split('`').next())
            .map(str::to_string)
            .collect();
        if !names.is_empty() {
            layers.push(names);
        }
    }
    layers
}

/// Every `.rs` file under `dir`, sorted (long_functions.rs walks the sources with it too).
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().map_or(false, |e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The top module a file of `src/` belongs to (`src/arena/table/spec.rs` → `arena`), `None`
/// for the crate's root files.
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative
        .components()
        .next()?
        .as_os_str()
        .to_str()?
        .to_string();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The modules a line of code names through `crate::` paths.
fn named_modules(line: &str) -> Vec<&str> {
    line.match_indices("crate::")
        // `$crate::` in a macro is the macro's crate, not a path of this one.
        .filter(|(at, _)| !line[..*at].ends_with('$'))
        .map(|(at, m)| {
            let rest = &line[at + m.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

/// The module a macro exported at a crate's root belongs to.
fn owner_of(name: &str) -> &str {
    match name {
        "named_enum" => "named",
        other => other,
    }
}

/// Every import that reaches up: `file:line: a names b, listed after it`.
fn upward_imports(root: &Path) -> Vec<String> {
    let src = root.join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let layers = declared_layers(&lib);
    assert!(
        layers.len() >= 2,
        "{}: lib.rs lists {} layers; its doc lost the list this test reads",
        root.display(),
        layers.len()
    );
    let level = |name: &str| {
        layers
            .iter()
            .position(|group| group.iter().any(|m| m == name))
    };
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let module = match top_module(&src, &file) {
            Some(module) => module,
            None => continue,
        };
        let own = match level(&module) {
            Some(own) => own,
            None => {
                found.push(format!(
                    "{}: module '{}' is not in lib.rs's list of layers",
                    file.display(),
                    module
                ));
                continue;
            }
        };
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for named in named_modules(line) {
                let named = owner_of(named);
                if let Some(theirs) = level(named).filter(|&theirs| theirs > own) {
                    found.push(format!(
                        "{}:{}: '{}' (layer {}) names '{}' (layer {}), listed after it",
                        file.display(),
                        number + 1,
                        module,
                        own,
                        named,
                        theirs
                    ));
                }
            }
        }
    }
    found
}

#[test]
fn no_module_imports_a_layer_above_it() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found: Vec<String> = CRATES
        .iter()
        .flat_map(|krate| upward_imports(&workspace.join(krate)))
        .collect();
    assert!(
        found.is_empty(),
        "imports that reach up:\n{}",
        found.join("\n")
    );
}

/// The reader itself: a group bullet gives one layer of several modules, a path in a comment or
/// behind `$crate` names nothing, and an upward path is found.
#[test]
fn the_layer_reader_reads_what_it_checks() {
    let lib = "//! Layers:\n//! - [`a`], [`b`]: the bottom;\n//! - [`c`]: above;\n\npub mod c;";
    assert_eq!(
        declared_layers(lib),
        vec![
            vec!["a".to_string(), "b".to_string()],
            vec!["c".to_string()]
        ]
    );
    assert_eq!(
        named_modules("use crate::c::X; let y = crate::a::f();"),
        ["c", "a"]
    );
    assert!(named_modules("$crate::named::Named::name(x)").is_empty());
    let dir = std::env::temp_dir().join(format!("ddz-layering-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("a")).unwrap();
    fs::write(src.join("lib.rs"), format!("{}\npub mod a;\n", lib)).unwrap();
    fs::write(
        src.join("a/mod.rs"),
        "// crate::c in a comment\nuse crate::b::Y;\n",
    )
    .unwrap();
    fs::write(src.join("c.rs"), "use crate::a::Z;\n").unwrap();
    assert!(upward_imports(&dir).is_empty());
    fs::write(src.join("a/deep.rs"), "fn f() { crate::c::g() }\n").unwrap();
    let found = upward_imports(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{:?}", found);
    assert!(
        found[0].contains("'a' (layer 0) names 'c' (layer 1)"),
        "{}",
        found[0]
    );
}
