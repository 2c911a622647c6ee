//! A player spec, the text that names a player on a command line (`builtin:rules`,
//! `builtin:ddz:samples=16:infer=off`, `botzone:./bot`, `./engine --flags`), parsed once into
//! a [`PlayerSpec`] that builds the player as often as the games need it. It reads back from
//! its own text ([`fmt::Display`] ⇄ [`FromStr`]). The built-in players are the strategy's
//! table of kinds ([`crate::strategy::kinds`]), a file a built-in setting names read when the
//! spec is parsed and shared by every player built from it. A player the caller supplies as a
//! function ([`PlayerSpec::Supplied`]) has no text: its label is what it writes.

use super::caller::{Decide, Supplied};
use crate::near_names::nearest;
use crate::strategy::kinds::{builtin_names, BuiltinSpec, SpecError};
use crate::time::SearchLimit;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// A player, as a spec names it.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `builtin:NAME[:KEY=VALUE…]`: a strategy of this binary, run in-process.
    Builtin(BuiltinSpec),
    /// `botzone:COMMAND`: a Botzone bot ([`super::botzone_player`]).
    Botzone(String),
    /// Any other text: a shell command line running an engine that speaks the protocol.
    Program(String),
    /// A decision function of the caller's ([`super::caller`]), written as its label; no
    /// text reads back into one.
    Supplied(Supplied),
}

/// The words a shell may start a command line with that are no program of the PATH.
const SHELL_WORDS: &[&str] = &[
    "exec", "command", "eval", "cd", ".", "source", "exit", "export", "set", "ulimit", "umask",
    "trap", "time", "if", "for", "while", "until", "case", "!", "(", "{",
];

impl PlayerSpec {
    /// The player `text` names, as `ddz arena` reads it, a command line whose program is
    /// nowhere refused at once ([`PlayerSpec::check_program`]); why not, naming the text.
    pub fn checked(text: &str) -> Result<PlayerSpec, String> {
        let refused = |why: String| format!("player '{}': {}", text, why);
        let spec: PlayerSpec = text
            .parse()
            .map_err(|e: SpecError| refused(e.to_string()))?;
        spec.check_program().map_err(refused)?;
        Ok(spec)
    }

    /// Whether a command line's program (a program's, or a Botzone bot's: its first word after
    /// any `VAR=value` assignments) is on the PATH or a file on disk, which the arena would
    /// find out only at the first deal; why not when it is not, a typo of a built-in player
    /// (`rules`, `buildin:rules`) told its near name. Other players have nothing to check.
    pub fn check_program(&self) -> Result<(), String> {
        let command = match self {
            PlayerSpec::Botzone(command) | PlayerSpec::Program(command) => command,
            PlayerSpec::Builtin(_) | PlayerSpec::Supplied(_) => return Ok(()),
        };
        let is_assignment = |w: &&str| {
            w.split_once('=').map_or(false, |(name, _)| {
                !name.is_empty() && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
            })
        };
        let program = command.split_whitespace().find(|w| !is_assignment(w));
        let program = match program.map(|p| p.trim_matches(|c| c == '\'' || c == '"')) {
            None => {
                return Err(
                    "no program named: a player is builtin:NAME, a command line running \
                            an engine, or botzone:COMMAND"
                        .into(),
                )
            }
            Some(p) => p,
        };
        let home = std::env::var_os("HOME").unwrap_or_default();
        let found = match program.strip_prefix("~/") {
            _ if SHELL_WORDS.contains(&program) || program.contains('$') => true,
            Some(rest) => std::path::Path::new(&home).join(rest).is_file(),
            None if program.contains('/') => std::path::Path::new(program).is_file(),
            None => std::env::var_os("PATH").map_or(false, |path| {
                std::env::split_paths(&path).any(|dir| dir.join(program).is_file())
            }),
        };
        if found {
            return Ok(());
        }
        let names = builtin_names();
        let near = program
            .split(':')
            .find_map(|part| nearest(part, names.iter().copied()));
        let near = near.map_or(String::new(), |n| {
            format!(" (did you mean 'builtin:{}'?)", n)
        });
        Err(format!(
            "no program '{}' on the PATH or on disk{}",
            program, near
        ))
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        if let Some(command) = text.strip_prefix("botzone:") {
            Ok(PlayerSpec::Botzone(command.to_string()))
        } else if let Some(name) = text.strip_prefix("builtin:") {
            name.parse().map(PlayerSpec::Builtin)
        } else {
            Ok(PlayerSpec::Program(text.to_string()))
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin(b) => write!(f, "builtin:{}", b),
            PlayerSpec::Botzone(command) => write!(f, "botzone:{}", command),
            PlayerSpec::Program(command) => f.write_str(command),
            PlayerSpec::Supplied(supplied) => f.write_str(&supplied.label),
        }
    }
}

/// A match's players as values, gathered one by one (the Python package's `ddz.arena`): each
/// one's text (the reports' label) and spec, as the runner takes them ([`crate::arena::run_with`]).
#[derive(Clone, Debug, Default)]
pub struct Lineup {
    /// Each player's text.
    pub texts: Vec<String>,
    /// Each player.
    pub specs: Vec<PlayerSpec>,
    /// The caller's functions seated, each with the key it was given by.
    supplied: Vec<(usize, Supplied)>,
}

impl Lineup {
    /// Adds the player `text` names ([`PlayerSpec::checked`]).
    pub fn add_text(&mut self, text: &str) -> Result<(), String> {
        self.specs.push(PlayerSpec::checked(text)?);
        self.texts.push(text.to_string());
        Ok(())
    }

    /// Adds the caller's function known by `key`: the same key again is the same player
    /// again; a new one is labelled `name`, or `name~2`, `name~3`… when another function has
    /// that label, and `decide` makes it for its label.
    pub fn add_supplied(
        &mut self,
        key: usize,
        name: &str,
        decide: impl FnOnce(&str) -> Arc<dyn Decide>,
    ) {
        let known = self.supplied.iter().find(|(k, _)| *k == key);
        let supplied = match known {
            Some((_, supplied)) => supplied.clone(),
            None => {
                let mut label = name.to_string();
                for n in 2.. {
                    if !self.supplied.iter().any(|(_, s)| s.label == label) {
                        break;
                    }
                    label = format!("{}~{}", name, n);
                }
                let supplied = Supplied {
                    decide: decide(&label),
                    label,
                };
                self.supplied.push((key, supplied.clone()));
                supplied
            }
        };
        self.texts.push(supplied.label.clone());
        self.specs.push(PlayerSpec::Supplied(supplied));
    }

    /// Whether a caller's function is among the players.
    #[must_use]
    pub fn has_supplied(&self) -> bool {
        !self.supplied.is_empty()
    }
}

/// The notes of the specs `texts` whose later key replaced a limit or whose own limit keeps the
/// host's `host` from it ([`BuiltinSpec::limit_notes`]), each naming its spec, a spec given
/// twice once: for a tool's stderr. A spec that does not read gives none here (the tool
/// refuses it where it reads it).
pub(crate) fn limit_notes<'a>(
    texts: impl IntoIterator<Item = &'a String>,
    host: Option<SearchLimit>,
) -> Vec<String> {
    let mut notes = Vec::new();
    let mut seen = Vec::new();
    for text in texts {
        if seen.contains(&text) {
            continue;
        }
        seen.push(text);
        if let Ok(PlayerSpec::Builtin(spec)) = text.parse::<PlayerSpec>() {
            let named = spec.limit_notes(host).into_iter();
            notes.extend(named.map(|n| format!("in {}, {}", text, n)));
        }
    }
    notes
}
