//! A player spec, the text that names a player on a command line (`builtin:rules`,
//! `builtin:ddz:samples=16:infer=off`, `botzone:./bot`, `./engine --flags`), parsed once into
//! a [`PlayerSpec`] that builds the player as often as the games need it. It reads back from
//! its own text ([`fmt::Display`] ⇄ [`FromStr`]). The built-in players are the strategy's
//! table of kinds ([`crate::strategy::kinds`]), a file a built-in setting names read when the
//! spec is parsed and shared by every player built from it.

use crate::strategy::kinds::{BuiltinSpec, SpecError};
use crate::time::SearchLimit;
use std::fmt;
use std::str::FromStr;

/// A player, as a spec names it.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `builtin:NAME[:KEY=VALUE…]`: a strategy of this binary, run in-process.
    Builtin(BuiltinSpec),
    /// `botzone:COMMAND`: a Botzone bot ([`super::botzone_player`]).
    Botzone(String),
    /// Any other text: a shell command line running an engine that speaks the protocol.
    Program(String),
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
        }
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
