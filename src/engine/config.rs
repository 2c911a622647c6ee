//! Engine settings. The platform starts the executable with no arguments, so settings come from
//! `ddz.cfg` beside the executable (`key = value` lines, `#` comments; UTF-8 with or without a
//! byte-order mark, UTF-16 with one, or GBK as far as its ASCII goes), then from command-line
//! flags (`--name X`, `--think=S`, …: each setting of [`ENGINE_SETTINGS`] and of the thinking
//! player's [`SETTINGS`] is a key and a flag), which win: `samples` and `think` are one limit,
//! the last given playing, and one that replaced another is noted ([`EngineConfig::limits`]).
//! A bad line in the file gives a warning and the default: the engine starts whatever the file says. A
//! bad flag is refused by the binary (a person typed it), see [`EngineConfig::apply_args_strictly`].
//!
//! A file setting (`log`, `net`) in `ddz.cfg` is relative to the file's folder:
//! the platform starts the exe from a working directory of its own, and a team looks for the
//! log beside the exe. The same setting as a flag is relative to the working directory, as a
//! path typed on a command line always is.

use crate::cli::{Arg, ArgError, Args};
use crate::game::Scoring;
use crate::registry::{find_setting, flag_setting, refused, unknown, Setting, SettingError};
use crate::strategy::networks::douzero::DouZeroNets;
use crate::strategy::thinker::{player_setting_names, retired, ThinkerSettings, SETTINGS};
use crate::time::LimitNotes;
use std::path::{Path, PathBuf};

/// The config file's name, looked for beside the executable.
pub(crate) const CONFIG_FILE: &str = "ddz.cfg";
/// The name answered to `DOUDIZHUVER` by default.
pub(crate) const DEFAULT_NAME: &str = "ddz";
/// Longest name kept: platforms show it in a table.
pub(crate) const MAX_NAME_LEN: usize = 32;

/// The engine's own settings, beside the thinking player's ([`SETTINGS`]): the same kind of
/// registry, read the same way from `ddz.cfg` and
/// the flags.
pub static ENGINE_SETTINGS: &[Setting<EngineConfig>] = &[
    Setting {
        name: "name",
        value: "NAME",
        help: "the name answered to the platform: printable ASCII, no spaces",
        read: |c, v| {
            let ok =
                !v.is_empty() && v.len() <= MAX_NAME_LEN && v.bytes().all(|b| b.is_ascii_graphic());
            if ok {
                c.name = v.to_string();
                Ok(())
            } else {
                let must_be = format!(
                    "1..={} printable ASCII characters without spaces",
                    MAX_NAME_LEN
                );
                Err(refused(v, &must_be))
            }
        },
        show: |c| c.name.clone(),
    },
    Setting {
        name: "log",
        value: "FILE",
        help: "record every line in and out (none by default; empty: no log)",
        read: |c, v| {
            c.log = if v.is_empty() {
                None
            } else {
                Some(PathBuf::from(v))
            };
            Ok(())
        },
        show: |c| {
            c.log
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        },
    },
    Setting {
        name: "explain",
        value: "on|off",
        help: "with a log: one line of each decision's thinking after its answer",
        read: |c, v| {
            c.explain = crate::registry::one_of(v, &[("on", true), ("off", false)])?;
            Ok(())
        },
        show: |c| if c.explain { "on" } else { "off" }.to_string(),
    },
    Setting {
        name: "scoring",
        value: "official|team",
        help: "the scoring rule the strategy weighs outcomes by",
        read: |c, v| {
            c.scoring = v.parse().map_err(|_| refused(v, "official or team"))?;
            Ok(())
        },
        show: |c| c.scoring.to_string(),
    },
    Setting {
        name: "douzero",
        value: "FILE",
        help: "play DouZero's networks in FILE (python -m ddz.douzero_convert; docs/douzero.md) \
               instead of the thinking player, which still bids; empty: the thinking player",
        read: |c, v| {
            c.douzero = if v.is_empty() {
                None
            } else {
                let nets =
                    DouZeroNets::read(v).map_err(|e| SettingError::File { why: e.to_string() })?;
                Some(nets)
            };
            Ok(())
        },
        show: |c| {
            c.douzero
                .as_ref()
                .map_or(String::new(), |n| n.path().to_string())
        },
    },
];

/// The engine's part of the binary's usage: `ddz [SETTINGS]` and every setting as a flag, one
/// line each with its help, listed from the registries. The engine's flags are read against
/// it; `ddz --help` shows it before the tools (`crate::tools::usage`).
#[must_use]
pub(crate) fn usage() -> &'static str {
    use crate::registry::{as_flag, usage_lines, usage_width};
    use crate::strategy::thinker::player_usage_lines;
    let width = usage_width(ENGINE_SETTINGS, as_flag).max(usage_width(SETTINGS, as_flag));
    let text = format!(
        "{:<57}{}\n\
         SETTINGS, each a flag of the engine and a `key = value` line of ddz.cfg:\n{}{}",
        "usage: ddz [SETTINGS]",
        "run the engine (protocol on stdin/stdout)",
        usage_lines(ENGINE_SETTINGS, as_flag, width),
        player_usage_lines(as_flag, width),
    );
    // Made once per run; the command line's reader holds usage texts as `&'static str`.
    Box::leak(text.into_boxed_str())
}

/// Every setting the engine takes, its own and then the thinking player's, by name.
pub fn engine_setting_names() -> impl Iterator<Item = &'static str> {
    ENGINE_SETTINGS
        .iter()
        .map(|s| s.name)
        .chain(player_setting_names())
}

/// The value of a tool's `--scoring` flag, read by the engine's own `scoring` setting (the
/// one reader of a scoring rule's name).
pub(crate) fn read_scoring(value: &str) -> Result<Scoring, SettingError> {
    let mut config = EngineConfig::default();
    config.set("scoring", value)?;
    Ok(config.scoring)
}

/// Whether the setting `key` takes a file (relative to `ddz.cfg`'s folder in the file).
fn is_file_setting(key: &str) -> bool {
    find_setting(ENGINE_SETTINGS, key).map_or(false, Setting::takes_a_file)
        || find_setting(SETTINGS, key).map_or(false, Setting::takes_a_file)
}

/// The engine's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// The engine's name (plain ASCII, no spaces).
    pub name: String,
    /// A file that records every line in and out, when set.
    pub log: Option<PathBuf>,
    /// Whether the log records each decision's thinking (`explain = on`, the default).
    pub explain: bool,
    /// How the thinking player searches and what it spends (`samples` or `think`,
    /// `table-mb`, `bid`, …); the reply limit is `INFO`'s.
    pub player: ThinkerSettings,
    /// The scoring rule the games are played under (`official`, or `team` for the 2019 team
    /// format): the strategy weighs outcomes by it.
    pub scoring: Scoring,
    /// What each `samples` or `think` given replaced: said on stderr and in the log's start
    /// line.
    pub limits: LimitNotes,
    /// DouZero's networks, when the engine plays them (`douzero = FILE`); `None`: the thinking
    /// player plays.
    pub douzero: Option<DouZeroNets>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            name: DEFAULT_NAME.to_string(),
            log: None,
            explain: true,
            player: ThinkerSettings::default(),
            scoring: Scoring::default(),
            limits: LimitNotes::default(),
            douzero: None,
        }
    }
}

impl EngineConfig {
    /// Applies one setting, the engine's own or the thinking player's; `Err` says why it was
    /// refused (the setting keeps its value).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
        let value = value.trim();
        if let Some(setting) = find_setting(ENGINE_SETTINGS, key) {
            return (setting.read)(self, value);
        }
        if find_setting(SETTINGS, key).is_some() {
            return self.player.set(key, value);
        }
        if let Some(why) = retired(key, value) {
            return Err(why);
        }
        Err(unknown("key", key, engine_setting_names()))
    }

    /// [`EngineConfig::set`], given as `by` (`--think 2`, `think = 2 (ddz.cfg line 3)`): a
    /// search limit that replaces one given before is noted.
    fn set_given(&mut self, key: &str, value: &str, by: &str) -> Result<(), SettingError> {
        let before = self.player.limit;
        self.set(key, value)?;
        self.limits.read(before, self.player.limit, by);
        Ok(())
    }

    /// Reads config text, returning warnings for bad lines. A relative file setting (`log`,
    /// `net`, each file of a list) is taken relative to `folder` (the config file's;
    /// `Path::new("")` keeps it relative to the working directory).
    pub fn apply_text(&mut self, text: &str, folder: &Path) -> Vec<String> {
        let mut warnings = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let result = match line.split_once('=') {
                Some((k, v)) => {
                    let is_file = is_file_setting(k);
                    if is_file && !v.trim().is_empty() && v.trim() != "embedded" {
                        // Each file of a list (`net = a.bin,b.bin`) beside the file; `join`
                        // keeps an absolute one as it is.
                        let files: Vec<String> = v
                            .split(',')
                            .map(|f| folder.join(f.trim()).to_string_lossy().into_owned())
                            .collect();
                        self.set(k, &files.join(","))
                    } else {
                        let by = format!("{} ({} line {})", line, CONFIG_FILE, i + 1);
                        self.set_given(k, v, &by)
                    }
                    .map_err(ConfigLineError::Setting)
                }
                None => Err(ConfigLineError::NotKeyValue(line.to_string())),
            };
            if let Err(e) = result {
                warnings.push(format!("{} line {}: {}", CONFIG_FILE, i + 1, e));
            }
        }
        warnings
    }

    /// Applies command-line flags. Unknown flags, missing values and bad values are warnings
    /// (the settings keep their values).
    pub fn apply_args(&mut self, args: &[String]) -> Vec<String> {
        self.read_args(args, false)
            .unwrap_or_else(|e| vec![e.to_string()])
    }

    /// Applies command-line flags, refusing the first unknown flag, missing value or bad value
    /// (the binary's check before it starts the engine; `--help` and `--version` the binary
    /// answers before, [`crate::cli::asked_for`]).
    pub fn apply_args_strictly(&mut self, args: &[String]) -> Result<(), FlagError> {
        self.read_args(args, true).map(|_| ())
    }

    /// Reads the flags with the tools' reader ([`Args`]): every setting is also a flag,
    /// `--name X` or `--name=X`, `--think S`, `--samples N`, ….
    fn read_args(&mut self, args: &[String], strict: bool) -> Result<Vec<String>, FlagError> {
        let mut warnings = Vec::new();
        let mut line = Args::new("", usage(), args);
        loop {
            let problem = match line.next_arg() {
                Ok(None) => break,
                Ok(Some(Arg::Flag(flag))) => match flag_setting(&flag, engine_setting_names()) {
                    Some(key) => match line.value() {
                        Ok(v) => self
                            .set_given(key, &v, &format!("{} {}", flag, v))
                            .err()
                            .map(|e| {
                                FlagError::Setting(SettingError::Flag {
                                    flag: flag.clone(),
                                    error: Box::new(e),
                                })
                            }),
                        Err(e) => Some(FlagError::Arg(e)),
                    },
                    None => match retired(flag.trim_start_matches('-'), "") {
                        // Said with its value (`--eval rollout`: what replaced that value).
                        Some(_) => {
                            let value = line.value().unwrap_or_default();
                            let key = flag.trim_start_matches('-');
                            let why = retired(key, &value).expect("retired whatever its value");
                            Some(FlagError::Setting(SettingError::Flag {
                                flag: flag.clone(),
                                error: Box::new(why),
                            }))
                        }
                        None => Some(FlagError::Arg(line.unknown(&Arg::Flag(flag)))),
                    },
                },
                Ok(Some(word)) => Some(FlagError::Arg(line.unknown(&word))),
                Err(e) => Some(FlagError::Arg(e)),
            };
            if let Some(p) = problem {
                if strict {
                    return Err(p);
                }
                warnings.push(p.to_string());
            }
        }
        Ok(warnings)
    }

    /// The config file beside the running executable, if it can be found.
    #[must_use]
    pub fn file_beside_exe() -> Option<PathBuf> {
        let exe = std::env::current_exe().ok()?;
        Some(exe.parent()?.join(CONFIG_FILE))
    }

    /// Settings from `file` (when it exists; its relative file settings are relative to its
    /// folder), then `args`; with every warning.
    #[must_use]
    pub fn load(file: Option<&Path>, args: &[String]) -> (EngineConfig, Vec<String>) {
        let mut config = EngineConfig::default();
        let mut warnings = Vec::new();
        if let Some(path) = file {
            if path.exists() {
                let folder = path.parent().unwrap_or_else(|| Path::new(""));
                match std::fs::read(path) {
                    Ok(bytes) => warnings.extend(config.apply_text(&decode_text(&bytes), folder)),
                    Err(e) => warnings.push(format!("cannot read {}: {}", path.display(), e)),
                }
            }
        }
        warnings.extend(config.apply_args(args));
        (config, warnings)
    }
}

/// A line of `ddz.cfg` refused (the engine warns and keeps the default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ConfigLineError {
    /// The line is not `key = value`.
    NotKeyValue(String),
    /// The setting refused its value, or there is no such key.
    Setting(SettingError),
}

impl std::fmt::Display for ConfigLineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigLineError::NotKeyValue(line) => write!(f, "'{}' is not key = value", line),
            ConfigLineError::Setting(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ConfigLineError {}

/// An engine flag refused: the command line's reader's reason, or the setting's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FlagError {
    /// An unknown flag, a missing value, a value given to a flag that takes none.
    Arg(ArgError),
    /// The setting refused its value.
    Setting(SettingError),
}

impl std::fmt::Display for FlagError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FlagError::Arg(e) => e.fmt(f),
            FlagError::Setting(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FlagError {}

/// The text of a config file as Windows editors save it: UTF-8 with or without a byte-order
/// mark (Notepad writes one, and a first line read with it is an unknown key), UTF-16 with one
/// (Notepad's "Unicode"), anything else read as UTF-8 with each stray byte a U+FFFD, so that a
/// GBK file's ASCII settings read as they are and its Chinese comments stay comments.
#[must_use]
pub fn decode_text(bytes: &[u8]) -> String {
    let utf16 = |big_endian: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|p| {
                if big_endian {
                    u16::from_be_bytes([p[0], p[1]])
                } else {
                    u16::from_le_bytes([p[0], p[1]])
                }
            })
            .collect();
        String::from_utf16_lossy(&units)
    };
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8_lossy(rest).into_owned(),
        [0xFF, 0xFE, ..] => utf16(false),
        [0xFE, 0xFF, ..] => utf16(true),
        _ => String::from_utf8_lossy(bytes).into_owned(),
    }
}
