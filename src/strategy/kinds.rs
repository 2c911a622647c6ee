//! The built-in player kinds, a table ([`PLAYER_KINDS`]): each kind's name after `builtin:`
//! and how its spec is read, from which come the [`BuiltinSpec`] a spec reads into, the names
//! a usage and a refusal list, and the players the arena, the Botzone bot, `ddz play` and the
//! Python package build. It sits below the arena so that every host takes its players from here.
//!
//! A new kind is its own file (its strategy, and its reader when it takes settings) and one
//! entry of [`PLAYER_KINDS`], `(NAME, kind)` as a [`crate::named::Named`] enum's table:
//! [`Kind::Plain`] for a player without settings, [`Kind::Read`] for one whose settings are
//! read when the spec is (a file it names read once and shared by every player built from the
//! spec, as [`BuiltinSpec::made`] keeps it).

use crate::game::deal::Deal;
use crate::registry::{find_setting, one_of, pairs, setting_name, SettingError};
use crate::strategy::douzero_player;
use crate::strategy::greedy::Greedy;
use crate::strategy::learned_policy::LearnedPlayer;
use crate::strategy::player::{MakePlayer, Strategy};
use crate::strategy::random::RandomPlayer;
use crate::strategy::rules_player::RulesPlayer;
use crate::strategy::thinker::{Thinker, ThinkerSettings, SETTINGS};
use crate::strategy::tricky::Tricky;
use crate::time::{GivenLimit, SearchLimit};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The built-in players, each `builtin:NAME`'s name and how its players are made, in the
/// order a refusal lists them.
pub(crate) static PLAYER_KINDS: &[(&str, Kind)] = &[
    (
        "random",
        Kind::Plain(|seed| Box::new(RandomPlayer::new(seed))),
    ),
    ("greedy", Kind::Plain(|_| Box::new(Greedy))),
    ("rules", Kind::Plain(|_| Box::new(RulesPlayer::new()))),
    ("learned", Kind::Plain(|_| Box::new(LearnedPlayer::new()))),
    ("ddz", Kind::Read(DdzSpec::read)),
    ("tricky", Kind::Plain(|_| Box::new(Tricky::new()))),
    ("douzero", Kind::File(douzero_player::from_file)),
];

/// How a kind's players are made.
pub(crate) enum Kind {
    /// A player without settings, made from a game's seed (its randomness).
    Plain(fn(u64) -> Box<dyn Strategy>),
    /// A player with settings: reads what follows `NAME` (`None` when no `:` does; `ddz:`
    /// gives `Some("")`) into its spec, once, when the spec is parsed.
    Read(fn(Option<&str>) -> Result<BuiltinSpec, SpecError>),
    /// A player of a file its spec names (`NAME:PATH`): reads the file once, when the spec is
    /// parsed, into the maker every player of the spec shares, or says why not. Its file needs
    /// nothing of this table (the spec, the refusal and the text are made here).
    File(fn(&str) -> Result<MakePlayer, String>),
}

/// The built-in players' names, in the table's order (for usage lines and refusals).
#[must_use]
pub fn builtin_names() -> Vec<&'static str> {
    PLAYER_KINDS.iter().map(|(name, _)| *name).collect()
}

/// Makes a strategy from a game's seed: a kind's players, as a spec keeps them. Any two are
/// equal: a spec is known by its kind and settings.
#[derive(Clone)]
pub struct Make(Arc<dyn Fn(u64) -> Box<dyn Strategy> + Send + Sync>);

impl PartialEq for Make {
    fn eq(&self, _: &Make) -> bool {
        true
    }
}

impl fmt::Debug for Make {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Make")
    }
}

/// A built-in player as a spec names it: its kind and settings, read once, from which the
/// players are built as often as the games need them.
#[derive(Clone, Debug, PartialEq)]
pub enum BuiltinSpec {
    /// `ddz[:KEY=VALUE…]`: the thinking player (the engine's default), the one kind a host's
    /// search limit reaches.
    Ddz(Box<DdzSpec>),
    /// Any other kind: its name, what followed it (`None`: nothing), and its players' maker.
    Made {
        /// The kind's name.
        name: &'static str,
        /// The settings as given after `NAME:`.
        settings: Option<String>,
        /// Makes a player from a game's seed.
        make: Make,
    },
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
    pub(crate) limits: GivenLimit,
    /// Measurement only (`peek=on`, a pair of the arena's, not the engine's): it searches the
    /// deal the arena shows it before each game instead of sampled deals, every card seen: the
    /// ceiling of what any way of drawing the hidden cards could buy.
    pub peek: bool,
}

/// The arena's own pair of `builtin:ddz` ([`DdzSpec::peek`]).
const PEEK: &str = "peek";

impl DdzSpec {
    /// `builtin:ddz`'s settings, each `KEY=VALUE` pair a thinker's setting or `peek`.
    fn read(settings: Option<&str>) -> Result<BuiltinSpec, SpecError> {
        let mut ddz = DdzSpec {
            settings: ThinkerSettings {
                threads: Some(1),
                ..ThinkerSettings::default()
            },
            given: Vec::new(),
            limits: GivenLimit::default(),
            peek: false,
        };
        for pair in settings.into_iter().flat_map(pairs) {
            let (k, v) = pair?;
            if setting_name(k) == PEEK {
                ddz.peek =
                    one_of(v.trim(), &[("on", true), ("off", false)]).map_err(|e| e.named(PEEK))?;
                ddz.given.push((PEEK, v.trim().to_string()));
                continue;
            }
            ddz.settings.set(k, v)?;
            let name = find_setting(SETTINGS, k).map_or("", |s| s.name);
            let by = format!("{}={}", name, v.trim());
            ddz.limits.follow(ddz.settings.limit, &by);
            ddz.given.push((name, v.trim().to_string()));
        }
        Ok(BuiltinSpec::Ddz(Box::new(ddz)))
    }
}

impl BuiltinSpec {
    /// A kind's spec whose players `make` makes: what a [`Kind::Read`] reader gives for a
    /// kind other than `ddz` (`settings`: the text after `NAME:`, which the spec shows).
    #[must_use]
    pub(crate) fn made(
        name: &'static str,
        settings: Option<&str>,
        make: impl Fn(u64) -> Box<dyn Strategy> + Send + Sync + 'static,
    ) -> BuiltinSpec {
        BuiltinSpec::Made {
            name,
            settings: settings.map(str::to_string),
            make: Make(Arc::new(make)),
        }
    }

    /// The strategy, its randomness seeded with `seed` (a game's); `shown`, the game's deal
    /// when the arena shows it (a peeking thinker searches it, every other player ignores it).
    #[must_use]
    pub fn strategy(&self, seed: u64, shown: Option<&Deal>) -> Box<dyn Strategy> {
        match self {
            BuiltinSpec::Made { make, .. } => (make.0)(seed),
            BuiltinSpec::Ddz(ddz) => {
                let mut thinker = Thinker::new(ddz.settings.clone());
                if let (true, Some(deal)) = (ddz.peek, shown) {
                    thinker.show_deal(&deal.hands, deal.bottom);
                }
                Box::new(thinker)
            }
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
            BuiltinSpec::Made { .. } => return Vec::new(),
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
            BuiltinSpec::Made { name, .. } => name,
            BuiltinSpec::Ddz(_) => "ddz",
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
    /// A kind's settings refused by its reader, in its words (`douzero:FILE`: the file).
    Refused { name: String, why: String },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownBuiltin { name, near } => write!(
                f,
                "unknown built-in player '{}'{} (known: {})",
                name,
                near,
                builtin_names().join(", ")
            ),
            SpecError::TakesNoSettings { name } => write!(f, "builtin:{} takes no settings", name),
            SpecError::Setting(e) => e.fmt(f),
            SpecError::Refused { name, why } => write!(f, "builtin:{}: {}", name, why),
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

    /// `NAME[:SETTINGS]`, as after `builtin:`, read by the kind's entry of [`PLAYER_KINDS`].
    fn from_str(text: &str) -> Result<BuiltinSpec, SpecError> {
        // The settings after the name, when a `:` follows it (`ddz:` gives one empty setting).
        let (base, settings) = match text.split_once(':') {
            Some((base, settings)) => (base, Some(settings)),
            None => (text, None),
        };
        match PLAYER_KINDS.iter().find(|(name, _)| *name == base) {
            Some((name, Kind::Plain(make))) => match settings {
                None => Ok(BuiltinSpec::made(name, None, *make)),
                Some(_) => Err(SpecError::TakesNoSettings {
                    name: name.to_string(),
                }),
            },
            Some((_, Kind::Read(read))) => read(settings),
            Some((name, Kind::File(read))) => {
                let refused = |why: String| SpecError::Refused {
                    name: name.to_string(),
                    why,
                };
                let path = settings.filter(|path| !path.is_empty()).ok_or_else(|| {
                    refused(format!("needs the file it plays: builtin:{}:PATH", name))
                })?;
                let make = read(path).map_err(refused)?;
                Ok(BuiltinSpec::made(name, Some(path), make))
            }
            None => Err(SpecError::UnknownBuiltin {
                name: base.to_string(),
                near: crate::near_names::did_you_mean(base, builtin_names()),
            }),
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
            BuiltinSpec::Made {
                settings: Some(settings),
                ..
            } => write!(f, ":{}", settings)?,
            BuiltinSpec::Made { settings: None, .. } => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry of the table is its own kind: its name reads into a spec of that name, which
    /// reads back from its text, and builds a player; a kind without settings refuses some.
    #[test]
    fn every_kind_reads_back_and_builds() {
        let names = builtin_names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{} twice in the table", name);
            if let Kind::File(_) = PLAYER_KINDS[i].1 {
                // A file's kind is refused without its file (tests/suite reads real files).
                let refused = name.parse::<BuiltinSpec>().unwrap_err().to_string();
                assert!(refused.contains("needs the file it plays"), "{}", refused);
                continue;
            }
            let spec: BuiltinSpec = name.parse().unwrap();
            assert_eq!(spec.name(), *name);
            assert_eq!(spec.to_string().parse::<BuiltinSpec>(), Ok(spec.clone()));
            let _ = spec.strategy(7, None);
            let with = format!("{}:x=1", name);
            match PLAYER_KINDS[i].1 {
                Kind::Plain(_) => assert_eq!(
                    with.parse::<BuiltinSpec>(),
                    Err(SpecError::TakesNoSettings {
                        name: name.to_string()
                    })
                ),
                Kind::Read(_) | Kind::File(_) => {
                    assert!(with.parse::<BuiltinSpec>().is_err(), "{}", with)
                }
            }
        }
        let unknown = "rule".parse::<BuiltinSpec>().unwrap_err().to_string();
        assert!(unknown.contains("did you mean"), "{}", unknown);
        assert!(unknown.contains(&names.join(", ")), "{}", unknown);
    }
}
