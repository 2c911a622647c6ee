//! The commit the binary is built from, for `ddz --version` and the first line of every log
//! (the figures in the docs are keyed to commits). It comes from `git` when the sources are a
//! git checkout of this crate, with `-modified` when the files the binary is built from differ
//! from that commit; a build with no git, or from a copy outside git (a source tarball, a
//! vendored build), says `unknown`. `DDZ_COMMIT=…` set for the build overrides both, for
//! builds that know their commit another way.
//!
//! Only the build's own sources are watched (and git's record of the checked-out commit), so
//! a change to the docs or tests rebuilds nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What the binary says when it cannot know its commit.
const UNKNOWN: &str = "unknown";

/// The files the binary is built from: a change to any of them changes the binary.
const SOURCES: [&str; 5] = ["src", "crates", "build.rs", "Cargo.toml", "Cargo.lock"];

fn main() {
    println!("cargo:rerun-if-env-changed=DDZ_COMMIT");
    for path in SOURCES {
        println!("cargo:rerun-if-changed={}", path);
    }
    let given = std::env::var("DDZ_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty());
    let commit = match given {
        Some(c) => c.trim().to_string(),
        None => from_git().unwrap_or_else(|| UNKNOWN.to_string()),
    };
    println!("cargo:rustc-env=DDZ_COMMIT={}", commit);
}

/// `git`'s output for `args` in the crate's folder, trimmed; `None` when git is missing or
/// fails.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The short commit, `-modified` added when the sources differ from it; `None` when the crate
/// is not the top of a git checkout (a copy inside someone else's repository is not ours).
fn from_git() -> Option<String> {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    if !same_dir(&top, &manifest) {
        return None;
    }
    // Run again when the checked-out commit or the index moves (a commit, a checkout); a
    // watched file that does not exist would run this script at every build.
    let branch = git(&["symbolic-ref", "-q", "HEAD"]).unwrap_or_default();
    for name in ["HEAD", "index", "packed-refs", branch.as_str()] {
        let path = git(&["rev-parse", "--git-path", name]).map(|p| manifest.join(p));
        if let Some(path) = path.filter(|p| !name.is_empty() && p.exists()) {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    let commit = git(&["rev-parse", "--short=10", "HEAD"])?;
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(SOURCES);
    let modified = git(&status).map_or(false, |s| !s.is_empty());
    Some(if modified {
        format!("{}-modified", commit)
    } else {
        commit
    })
}

/// Whether two paths name the same folder (symbolic links and `..` resolved).
fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
