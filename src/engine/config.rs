//! Engine settings. The platform starts the executable with no arguments, so settings come from
//! `ddz.cfg` beside the executable (`key = value` lines, `#` comments), then from command-line
//! flags (`--name X --log FILE --think SECONDS --samples N --table-mb M --bid simulate|value
//! --infer on|off --stick Z --scoring official|team`, or `--name=X`…), which win. A bad line
//! in the file gives a warning and the default: the engine starts whatever the file says. A
//! bad flag is refused by the binary (a person typed it), see [`EngineConfig::apply_args_strictly`].

use crate::engine::clock::Clock;
use crate::game::Scoring;
use crate::strategy::thinker::{ThinkerSettings, SETTING_NAMES};
use crate::tools::cli::{Arg, Args, Help};
use std::path::{Path, PathBuf};

/// The config file's name, looked for beside the executable.
pub const CONFIG_FILE: &str = "ddz.cfg";
/// The name answered to `DOUDIZHUVER` by default.
pub const DEFAULT_NAME: &str = "ddz";
/// Longest name kept: platforms show it in a table.
pub const MAX_NAME_LEN: usize = 32;

/// The engine's own setting names (the thinking player's are [`SETTING_NAMES`]).
const ENGINE_KEYS: [&str; 3] = ["name", "log", "scoring"];

/// The engine's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// The engine's name (plain ASCII, no spaces).
    pub name: String,
    /// A file that records every line in and out, when set.
    pub log: Option<PathBuf>,
    /// The thinking player's settings (`think`, `samples`, `table-mb`, `bid`, …); the clock
    /// aims at its thinking time ([`EngineConfig::clock`]).
    pub player: ThinkerSettings,
    /// The scoring rule the games are played under (`official`, or `team` for the 2019 team
    /// format): the strategy weighs outcomes by it.
    pub scoring: Scoring,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            name: DEFAULT_NAME.to_string(),
            log: None,
            player: ThinkerSettings::default(),
            scoring: Scoring::default(),
        }
    }
}

impl EngineConfig {
    /// The clock the settings ask for: the player's thinking time, the default limit (INFO
    /// sets the real one).
    #[must_use]
    pub fn clock(&self) -> Clock {
        Clock::thinking(self.player.think)
    }

    /// Applies one setting; `Err` says why it was refused (the setting keeps its value).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key.trim().to_ascii_lowercase().as_str() {
            "name" => {
                let ok = !value.is_empty()
                    && value.len() <= MAX_NAME_LEN
                    && value.bytes().all(|b| b.is_ascii_graphic());
                if ok {
                    self.name = value.to_string();
                    Ok(())
                } else {
                    Err(format!(
                        "name '{}' must be 1..={} printable ASCII characters without spaces",
                        value, MAX_NAME_LEN
                    ))
                }
            }
            "log" => {
                if value.is_empty() {
                    self.log = None;
                } else {
                    self.log = Some(PathBuf::from(value));
                }
                Ok(())
            }
            // The thinking player's settings (`think` among them) pass through to it.
            other if SETTING_NAMES.contains(&other.replace('_', "-").as_str()) => {
                self.player.set(key, value)
            }
            "scoring" => value
                .parse()
                .map(|s| self.scoring = s)
                .map_err(|e: crate::game::ParseScoringError| e.to_string()),
            other => Err(format!(
                "unknown key '{}'{}",
                other,
                crate::near::did_you_mean(other, ENGINE_KEYS.iter().chain(&SETTING_NAMES).copied())
            )),
        }
    }

    /// Reads config text, returning warnings for bad lines.
    pub fn apply_text(&mut self, text: &str) -> Vec<String> {
        let mut warnings = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let result = match line.split_once('=') {
                Some((k, v)) => self.set(k, v),
                None => Err(format!("'{}' is not key = value", line)),
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
    /// (the binary's check before it starts the engine). `-h`/`--help` and `-V`/`--version`
    /// are a [`Help`] with the text to print.
    pub fn apply_args_strictly(&mut self, args: &[String]) -> anyhow::Result<()> {
        self.read_args(args, true).map(|_| ())
    }

    /// Reads the flags with the tools' reader ([`Args`]): every setting is also a flag,
    /// `--name X` or `--name=X`, `--think S`, `--samples N`, ….
    fn read_args(&mut self, args: &[String], strict: bool) -> anyhow::Result<Vec<String>> {
        let mut warnings = Vec::new();
        let mut line = Args::new("", crate::tools::USAGE, args);
        loop {
            let problem = match line.next_arg() {
                Ok(None) => break,
                Ok(Some(Arg::Flag(flag))) if flag == "--version" || flag == "-V" => {
                    return Err(Help(crate::tools::VERSION).into())
                }
                Ok(Some(Arg::Flag(flag))) => {
                    let key = flag
                        .strip_prefix("--")
                        .filter(|k| ENGINE_KEYS.contains(k) || SETTING_NAMES.contains(k));
                    match key {
                        Some(key) => match line.value() {
                            Ok(v) => self.set(key, &v).err().map(|e| format!("{}: {}", flag, e)),
                            Err(e) => Some(e.to_string()),
                        },
                        None => Some(line.unknown(&Arg::Flag(flag)).to_string()),
                    }
                }
                Ok(Some(word)) => Some(line.unknown(&word).to_string()),
                Err(e) if e.is::<Help>() => return Err(e),
                Err(e) => Some(e.to_string()),
            };
            if let Some(p) = problem {
                if strict {
                    return Err(anyhow::Error::msg(p));
                }
                warnings.push(p);
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

    /// Settings from `file` (when it exists), then `args`; with every warning.
    #[must_use]
    pub fn load(file: Option<&Path>, args: &[String]) -> (EngineConfig, Vec<String>) {
        let mut config = EngineConfig::default();
        let mut warnings = Vec::new();
        if let Some(path) = file {
            if path.exists() {
                match std::fs::read(path) {
                    Ok(bytes) => {
                        warnings.extend(config.apply_text(&String::from_utf8_lossy(&bytes)))
                    }
                    Err(e) => warnings.push(format!("cannot read {}: {}", path.display(), e)),
                }
            }
        }
        warnings.extend(config.apply_args(args));
        (config, warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn file_then_flags() {
        let mut c = EngineConfig::default();
        let w = c.apply_text("# settings\nname = Alpha\n think=2.5 # seconds\nlog=\ncolour = red\nname = 名字\nbroken\nscoring = Team\nscoring = swiss\n");
        assert_eq!(c.name, "Alpha");
        assert_eq!(c.scoring, Scoring::Team);
        assert_eq!(c.player.think, Some(Duration::from_millis(2500)));
        assert_eq!(c.log, None);
        assert_eq!(w.len(), 4, "{:?}", w);
        assert_eq!(c.clock().think, Duration::from_millis(2500));
        let args: Vec<String> = [
            "--name",
            "Beta",
            "--think",
            "-1",
            "--log",
            "x.log",
            "--bogus",
            "--scoring",
            "official",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let w = c.apply_args(&args);
        assert_eq!(c.name, "Beta");
        assert_eq!(c.player.think, Some(Duration::from_millis(2500)));
        assert_eq!(c.log, Some(PathBuf::from("x.log")));
        assert_eq!(c.scoring, Scoring::Official);
        assert_eq!(w.len(), 2, "{:?}", w);
        // The thinking player's settings pass through to it.
        let w = c.apply_text("samples = 64\ntable-mb = 8\nbid = value\nstick = 0.5\nsamples = 0\n");
        assert_eq!(c.player.samples, Some(64));
        assert_eq!(c.player.stick, 0.5);
        assert_eq!(c.player.table_bytes, 8 << 20);
        assert_eq!(c.player.bidder, crate::strategy::thinker::Bidder::Value);
        assert_eq!(w.len(), 1, "{:?}", w);
        let w = c.apply_args(&["--samples".to_string(), "9".to_string()]);
        assert!(w.is_empty());
        assert_eq!(c.player.samples, Some(9));
    }
}
