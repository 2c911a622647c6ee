//! A player spec, the text that names a player on a command line (`builtin:rules`,
//! `builtin:ddz:samples=16:infer=off`, `botzone:./bot`, `./engine --flags`), parsed once into
//! a [`PlayerSpec`] that builds the player as often as the games need it. It reads back from
//! its own text ([`fmt::Display`] ⇄ [`FromStr`]). A network file a built-in setting names
//! (`net=FILE`) is read when the spec is parsed and shared by every player built from it.

use crate::game::deal::Deal;
use crate::registry::{find_setting, one_of, pairs, setting_name, SettingError};
use crate::strategy::douzero_player::DouZeroPlayer;
use crate::strategy::greedy::Greedy;
use crate::strategy::learned_policy::LearnedPlayer;
use crate::strategy::networks::douzero::{DouZeroNets, TensorFileError};
use crate::strategy::random::RandomPlayer;
use crate::strategy::rules_player::RulesPlayer;
use crate::strategy::thinker::{Thinker, ThinkerSettings, SETTINGS};
use crate::strategy::tricky::Tricky;
use crate::strategy::Strategy;
use crate::time::{LimitNotes, SearchLimit};
use std::fmt;
use std::str::FromStr;

/// The arena's own pair of `builtin:ddz` ([`DdzSpec::peek`]).
const PEEK: &str = "peek";

/// The built-in names, for usage messages.
pub const BUILTIN_NAMES: [&str; 7] = [
    "random", "greedy", "rules", "learned", "ddz", "tricky", "douzero",
];

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

/// A built-in strategy and its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum BuiltinSpec {
    /// `random`: a random legal play.
    Random,
    /// `greedy`: the greedy player.
    Greedy,
    /// `rules`: the rule-based player (strategy v1).
    Rules,
    /// `learned`: the policy learned from the thinking player's decisions.
    Learned,
    /// `tricky`: the test opponent that leads plays platforms read differently.
    Tricky,
    /// `ddz[:KEY=VALUE…]`: the thinking player (the engine's default).
    Ddz(Box<DdzSpec>),
    // --- builtin:douzero (issue 66), one entry for the player-kinds table: this variant, its
    // arms in `strategy`, `name`, `from_str` and `fmt`, and `SpecError::DouZero`.
    /// `douzero:PATH`: DouZero's networks in the safetensors file PATH
    /// (docs/douzero.md), read when the spec is parsed; the thinking player's bidder bids.
    DouZero(DouZeroNets),
}

/// The thinking player's settings as a spec gives them: the settings read, and the
/// `KEY=VALUE` pairs they were read from (in their order, under the registry's names), which
/// are what the spec's text shows.
#[derive(Clone, Debug, PartialEq)]
pub struct DdzSpec {
    /// How it searches: the defaults, one search thread (the arena's jobs already fill the
    /// cores), then the pairs.
    pub settings: ThinkerSettings,
    /// The pairs given.
    pub(crate) given: Vec<(&'static str, String)>,
    /// What its later limits replaced ([`BuiltinSpec::limit_notes`]).
    pub(crate) limits: LimitNotes,
    /// Measurement only (`peek=on`, a pair of the arena's, not the engine's): it searches the
    /// deal the arena shows it before each game instead of sampled deals, every card seen: the
    /// ceiling of what any way of drawing the hidden cards could buy.
    pub peek: bool,
}

impl BuiltinSpec {
    /// The strategy, its randomness seeded with `seed` (a game's); `shown`, the game's deal
    /// when the arena shows it (a peeking thinker searches it, every other player ignores it).
    #[must_use]
    pub fn strategy(&self, seed: u64, shown: Option<&Deal>) -> Box<dyn Strategy> {
        match self {
            BuiltinSpec::Random => Box::new(RandomPlayer::new(seed)),
            BuiltinSpec::Greedy => Box::new(Greedy),
            BuiltinSpec::Rules => Box::new(RulesPlayer::new()),
            BuiltinSpec::Learned => Box::new(LearnedPlayer::new()),
            BuiltinSpec::Tricky => Box::new(Tricky::new()),
            BuiltinSpec::Ddz(ddz) => {
                let mut thinker = Thinker::new(ddz.settings.clone());
                if let (true, Some(deal)) = (ddz.peek, shown) {
                    thinker.show_deal(&deal.hands, deal.bottom);
                }
                Box::new(thinker)
            }
            BuiltinSpec::DouZero(nets) => Box::new(DouZeroPlayer::new(nets.clone())),
        }
    }

    /// The same player as a host runs it: `host` is what the host spends a decision (its
    /// `--think` or `--samples`, or its platform's: Botzone's half second), which the spec's
    /// own limit (`ddz:samples=N`, `ddz:think=S`) overrides; `None` leaves the spec's limit,
    /// the protocol's platforms' by default.
    #[must_use]
    pub fn hosted(&self, host: Option<SearchLimit>) -> BuiltinSpec {
        let mut spec = self.clone();
        if let BuiltinSpec::Ddz(ddz) = &mut spec {
            ddz.settings.limit = ddz.settings.limit.or(host);
        }
        spec
    }

    /// A line for each limit the spec's later key replaced (`ddz:think=2:samples=64`):
    /// `samples=64 replaces think=2: plays 64 deals a decision`; and one when its own limit
    /// keeps the host's `host` from it: `samples=16 wins over the host's think=2`.
    #[must_use]
    pub fn limit_notes(&self, host: Option<SearchLimit>) -> Vec<String> {
        let ddz = match self {
            BuiltinSpec::Ddz(ddz) => ddz,
            _ => return Vec::new(),
        };
        let mut notes = ddz.limits.notes.clone();
        if let (Some(own), Some(host)) = (ddz.settings.limit, host) {
            if own != host {
                notes.push(format!("{} wins over the host's {}", own, host));
            }
        }
        notes
    }

    /// Whether it searches the deal the arena shows it (`builtin:ddz:peek=on`).
    #[must_use]
    pub(crate) fn peeks(&self) -> bool {
        matches!(self, BuiltinSpec::Ddz(ddz) if ddz.peek)
    }

    /// The name after `builtin:`, without settings.
    #[must_use]
    pub(crate) fn name(&self) -> &'static str {
        match self {
            BuiltinSpec::Random => "random",
            BuiltinSpec::Greedy => "greedy",
            BuiltinSpec::Rules => "rules",
            BuiltinSpec::Learned => "learned",
            BuiltinSpec::Tricky => "tricky",
            BuiltinSpec::Ddz(_) => "ddz",
            BuiltinSpec::DouZero(_) => "douzero",
        }
    }
}

/// A player spec refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum SpecError {
    /// No built-in player of this name (`near`: the "did you mean" tail).
    UnknownBuiltin { name: String, near: String },
    /// A built-in player without settings given some.
    TakesNoSettings { name: String },
    /// A setting of `builtin:ddz` refused.
    Setting(SettingError),
    /// `builtin:douzero:PATH`'s file refused (`None`: no PATH given).
    DouZero(Option<TensorFileError>),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownBuiltin { name, near } => write!(
                f,
                "unknown built-in player '{}'{} (known: {})",
                name,
                near,
                BUILTIN_NAMES.join(", ")
            ),
            SpecError::TakesNoSettings { name } => write!(f, "builtin:{} takes no settings", name),
            SpecError::Setting(e) => e.fmt(f),
            SpecError::DouZero(Some(e)) => write!(f, "builtin:douzero: {}", e),
            SpecError::DouZero(None) => f.write_str(
                "builtin:douzero needs its networks' file: builtin:douzero:PATH.safetensors",
            ),
        }
    }
}

impl std::error::Error for SpecError {}

impl From<SettingError> for SpecError {
    fn from(e: SettingError) -> SpecError {
        SpecError::Setting(e)
    }
}

impl FromStr for BuiltinSpec {
    type Err = SpecError;

    /// `NAME[:KEY=VALUE…]`, as after `builtin:`; only `ddz` takes settings.
    fn from_str(text: &str) -> Result<BuiltinSpec, SpecError> {
        // The settings after the name, when a `:` follows it (`ddz:` gives one empty setting).
        let (base, settings) = match text.split_once(':') {
            Some((base, settings)) => (base, Some(settings)),
            None => (text, None),
        };
        let plain = match base {
            "random" => BuiltinSpec::Random,
            "greedy" => BuiltinSpec::Greedy,
            "rules" => BuiltinSpec::Rules,
            "learned" => BuiltinSpec::Learned,
            "tricky" => BuiltinSpec::Tricky,
            "douzero" => {
                let path = settings.filter(|p| !p.is_empty());
                let path = path.ok_or(SpecError::DouZero(None))?;
                let nets = DouZeroNets::read(path).map_err(|e| SpecError::DouZero(Some(e)))?;
                return Ok(BuiltinSpec::DouZero(nets));
            }
            "ddz" => {
                let mut ddz = DdzSpec {
                    settings: ThinkerSettings {
                        threads: Some(1),
                        ..ThinkerSettings::default()
                    },
                    given: Vec::new(),
                    limits: LimitNotes::default(),
                    peek: false,
                };
                for pair in settings.into_iter().flat_map(pairs) {
                    let (k, v) = pair?;
                    if setting_name(k) == PEEK {
                        ddz.peek = one_of(v.trim(), &[("on", true), ("off", false)])
                            .map_err(|e| e.named(PEEK))?;
                        ddz.given.push((PEEK, v.trim().to_string()));
                        continue;
                    }
                    let before = ddz.settings.limit;
                    ddz.settings.set(k, v)?;
                    let name = find_setting(SETTINGS, k).map_or("", |s| s.name);
                    let by = format!("{}={}", name, v.trim());
                    ddz.limits.read(before, ddz.settings.limit, &by);
                    ddz.given.push((name, v.trim().to_string()));
                }
                return Ok(BuiltinSpec::Ddz(Box::new(ddz)));
            }
            _ => {
                return Err(SpecError::UnknownBuiltin {
                    name: base.to_string(),
                    near: crate::near_names::did_you_mean(base, BUILTIN_NAMES),
                })
            }
        };
        if settings.is_none() {
            Ok(plain)
        } else {
            Err(SpecError::TakesNoSettings {
                name: base.to_string(),
            })
        }
    }
}

impl fmt::Display for BuiltinSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self {
            BuiltinSpec::Ddz(ddz) => {
                for (k, v) in &ddz.given {
                    write!(f, ":{}={}", k, v)?;
                }
            }
            BuiltinSpec::DouZero(nets) => write!(f, ":{}", nets.path())?,
            _ => {}
        }
        Ok(())
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
