//! The settings registries' one machinery: a [`Setting`] names one setting of some settings
//! value `T` (how it is spelled as a `ddz.cfg` key, a flag `--NAME` and a `KEY=VALUE` pair, the
//! shape of its value, its help, how it is read and shown); a registry is a list of them. The
//! engine (`engine::config`) and the thinking player (`strategy::thinker`) each declare theirs,
//! and the usage texts, the flags, the keys and the near names all come from the lists, so a
//! new setting is one more entry.
//!
//! It sits at the bottom beside `cli`: it knows no setting itself, and any layer may declare
//! a registry. The settings' text forms are read here too: `KEY=VALUE` pairs joined by `:`
//! ([`pairs`], as `builtin:ddz:…` and `ddz label --judge` write them) and a setting as a flag
//! ([`flag_setting`], `--think 2`).
//!
//! A tool's own flags are declared the same way, as a list of [`Flag`]s (`ddz play`'s and `ddz
//! serve`'s table, `ddz botzone`'s bot, `ddz arena`'s match, `ddz analyze`'s question): its
//! usage's synopsis ([`entries`], [`synopsis`]), its reading (`cli::Args::read_flag`) and so
//! its near names come from the list.

use std::fmt;

/// A setting refused, and why; the caller keeps the setting's old value and may go on (the
/// engine warns and starts with the default, a tool stops).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum SettingError {
    /// A value the setting does not take: `samples '0' must be a whole number ≥ 1`.
    BadValue {
        key: String,
        value: String,
        must_be: String,
    },
    /// No setting of this name (`what`: `setting`, or `key` in `ddz.cfg`), with near names
    /// (`near`: ` (did you mean 'think'?)` or empty).
    Unknown {
        what: &'static str,
        name: String,
        near: String,
    },
    /// Text that is not `KEY=VALUE`.
    NotAPair { text: String },
    /// A file the setting names could not be used (a network file): the reason.
    File { why: String },
    /// A setting or value that was retired, and what replaced it or why (its figures stay in
    /// docs/figures.md, "Retired settings").
    Retired { setting: String, why: String },
    /// A setting read as a flag: the flag, then the setting's own error.
    Flag {
        flag: String,
        error: Box<SettingError>,
    },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::BadValue {
                key,
                value,
                must_be,
            } => write!(f, "{} '{}' must be {}", key, value, must_be),
            SettingError::Unknown { what, name, near } => {
                write!(f, "unknown {} '{}'{}", what, name, near)
            }
            SettingError::NotAPair { text } => write!(f, "setting '{}' is not KEY=VALUE", text),
            SettingError::File { why } => f.write_str(why),
            SettingError::Retired { setting, why } => write!(
                f,
                "{} was retired: {} (docs/figures.md, \"Retired settings\")",
                setting, why
            ),
            SettingError::Flag { flag, error } => write!(f, "{}: {}", flag, error),
        }
    }
}

impl std::error::Error for SettingError {}

impl SettingError {
    /// A value refused by a reader that does not know its setting's name ([`refused`]), named
    /// `key`: the one place a setting's name goes into its error ([`Setting::apply`]).
    #[must_use]
    pub(crate) fn named(self, key: &str) -> SettingError {
        match self {
            SettingError::BadValue {
                key: unnamed,
                value,
                must_be,
            } if unnamed.is_empty() => SettingError::BadValue {
                key: key.to_string(),
                value,
                must_be,
            },
            other => other,
        }
    }
}

/// `value` refused: it must be `must_be`. The setting's name is added where the value was
/// read for it ([`SettingError::named`]).
#[must_use]
pub(crate) fn refused(value: &str, must_be: &str) -> SettingError {
    SettingError::BadValue {
        key: String::new(),
        value: value.to_string(),
        must_be: must_be.to_string(),
    }
}

/// The number `value` spells when `ok` accepts it, or why not (`'VALUE' must be …`).
pub(crate) fn number<T: std::str::FromStr>(
    value: &str,
    ok: impl Fn(&T) -> bool,
    must_be: &str,
) -> Result<T, SettingError> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| ok(n))
        .ok_or_else(|| refused(value, must_be))
}

/// The value named `value` among `options`, or why not (naming them all).
pub(crate) fn one_of<T: Copy>(value: &str, options: &[(&str, T)]) -> Result<T, SettingError> {
    options
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            refused(value, &names.join(" or "))
        })
}

/// The `KEY=VALUE` pairs of `text`, joined by `:` (`samples=16:net-weight=0`), each read by
/// [`pair`]: the one reader of that form.
pub(crate) fn pairs(text: &str) -> impl Iterator<Item = Result<(&str, &str), SettingError>> {
    text.split(':').map(pair)
}

/// One `KEY=VALUE`, split at its first `=`.
pub(crate) fn pair(text: &str) -> Result<(&str, &str), SettingError> {
    text.split_once('=').ok_or_else(|| SettingError::NotAPair {
        text: text.to_string(),
    })
}

/// The setting a flag names, among `names`: `--think` is `think` when `think` is one of them.
/// The one reading of a setting as a flag (the engine's, `ddz analyze`'s).
pub(crate) fn flag_setting<'a>(
    flag: &str,
    mut names: impl Iterator<Item = &'a str>,
) -> Option<&'a str> {
    let key = flag.strip_prefix("--")?;
    names.find(|name| *name == key)
}

/// The error of the unknown setting `key` among `names`: its near names named.
pub(crate) fn unknown<'a>(
    what: &'static str,
    key: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> SettingError {
    let name = setting_name(key);
    SettingError::Unknown {
        what,
        near: crate::near_names::did_you_mean(&name, names),
        name,
    }
}

/// One setting in a registry: its name as `ddz.cfg`, the engine's flags (`--NAME`) and the
/// arena's `builtin:ddz:NAME=VALUE` spell it, the shape of its value, a line of help, and how
/// it is read into and shown from the settings `T` it belongs to. Its name is written once,
/// here: its reader's refusals are named by [`Setting::apply`]; its default is `show` of
/// `T::default()`, which the usage prints after the help ([`usage_lines`]). A registry is a list of these
/// (the thinking player's in `strategy::thinker`, the engine's in
/// `engine::config`): the names, the flags, the keys and the usage texts all come from it, so a
/// new setting is one more entry.
pub struct Setting<T> {
    /// The name (lower case, words joined by `-`).
    pub name: &'static str,
    /// The value's shape in usage texts: `S`, `N`, `FILE`, or the choices `on|off`.
    pub value: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Reads the value (trimmed) into the settings; `Err` says why it was refused.
    pub(crate) read: fn(&mut T, &str) -> Result<(), SettingError>,
    /// The value as a `describe` and a log record it (empty: not in force, one of two
    /// spellings of one value, as `samples` and `think` are).
    pub show: fn(&T) -> String,
}

impl<T> Setting<T> {
    /// Whether the value is a file (its shape `FILE`): in `ddz.cfg`, relative to the file's
    /// folder.
    #[must_use]
    pub(crate) fn takes_a_file(&self) -> bool {
        self.value == "FILE"
    }

    /// Reads `value` (trimmed) into `target`; a refusal names this setting.
    pub(crate) fn apply(&self, target: &mut T, value: &str) -> Result<(), SettingError> {
        (self.read)(target, value.trim()).map_err(|e| e.named(self.name))
    }
}

/// Every setting of `registry` in force in `target` as `KEY=VALUE`, separated by spaces, in
/// the registry's order: what a log records.
#[must_use]
pub(crate) fn describe<T>(registry: &[Setting<T>], target: &T) -> String {
    registry
        .iter()
        .map(|s| (s.name, (s.show)(target)))
        .filter(|(_, shown)| !shown.is_empty())
        .map(|(name, shown)| format!("{}={}", name, shown))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The settings of `registry` as a usage lists them: two spaces, the setting spelled by
/// `spell` (`--think S`, `think=S`) in a column `width` wide (at least), then its help and its
/// default (`T::default()` shown, when it shows), wrapped under itself within
/// [`USAGE_COLUMNS`].
#[must_use]
pub(crate) fn usage_lines<T: Default>(
    registry: &[Setting<T>],
    spell: fn(&Setting<T>) -> String,
    width: usize,
) -> String {
    let defaults = T::default();
    let mut text = String::new();
    for setting in registry {
        let spelled = spell(setting);
        let indent = 2 + width.max(spelled.len()) + 2;
        let mut line = format!("  {:width$}  ", spelled, width = width);
        let mut empty = true;
        let default = (setting.show)(&defaults);
        let help = if default.is_empty() {
            setting.help.to_string()
        } else {
            format!("{} (default {})", setting.help, default)
        };
        for word in help.split_whitespace() {
            if !empty && line.chars().count() + 1 + word.chars().count() > USAGE_COLUMNS {
                text.push_str(&line);
                text.push('\n');
                line = " ".repeat(indent);
                empty = true;
            }
            if !empty {
                line.push(' ');
            }
            line.push_str(word);
            empty = false;
        }
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The width of the longest setting of `registry` spelled by `spell`: the column
/// [`usage_lines`] needs.
#[must_use]
pub(crate) fn usage_width<T>(registry: &[Setting<T>], spell: fn(&Setting<T>) -> String) -> usize {
    registry.iter().map(|s| spell(s).len()).max().unwrap_or(0)
}

/// Usage texts are wrapped within this many columns.
pub(crate) const USAGE_COLUMNS: usize = 100;

/// A setting as a flag with its value's shape: `--think S`.
#[must_use]
pub(crate) fn as_flag<T>(setting: &Setting<T>) -> String {
    format!("--{} {}", setting.name, setting.value)
}

/// A setting as a key with its value's shape: `think=S`.
#[must_use]
pub(crate) fn as_key<T>(setting: &Setting<T>) -> String {
    format!("{}={}", setting.name, setting.value)
}

/// A setting's name as the registries match it: `Net_Weight` and ` net-weight ` are `net-weight`.
#[must_use]
pub(crate) fn setting_name(key: &str) -> String {
    key.trim().to_ascii_lowercase().replace('_', "-")
}

/// The entry of `registry` named `key` (in any spelling [`setting_name`] accepts).
#[must_use]
pub(crate) fn find_setting<'a, T>(registry: &'a [Setting<T>], key: &str) -> Option<&'a Setting<T>> {
    let name = setting_name(key);
    registry.iter().find(|s| s.name == name)
}

/// Why a tool's flag refused its value, in the words of the value's own reader (`'x' is not a
/// number`, a setting's [`SettingError`]); the reader of the command line adds the flag.
pub(crate) type FlagRefusal = Box<dyn std::error::Error + Send + Sync>;

/// One flag of a tool, declared once: its name (`--NAME`), the shape of what it takes, and how
/// the words given are read into the tool's settings `T`. A tool's list of these gives its
/// usage's first lines ([`synopsis`]) and its reading (`cli::Args::read_flag`), and the near
/// names of a mistyped flag come from that usage, so a new flag is one more entry.
pub(crate) struct Flag<T> {
    /// The name (lower case, words joined by `-`).
    pub(crate) name: &'static str,
    /// What it takes, as the usage shows it: `S`, `A|B|C`, `P1 [P2]` (one word, or up to one
    /// per word of the shape; `OPPONENT...`: any number more; a lone `...`, `P ...`: the flag
    /// may be given again); empty for a switch, given alone.
    pub(crate) value: &'static str,
    /// Reads the words given (none for a switch) into the settings.
    pub(crate) read: fn(&mut T, &[String]) -> Result<(), FlagRefusal>,
}

/// The flag `--NAME`, taking `VALUE`, read by `READ`: a flag list's entry on one line,
/// `flag!("seed", "S", |t, w| set(&mut t.seed, w[0].parse()?))`. A macro, not a `const fn`:
/// Rust 1.63 (the Windows build's) refuses a `const fn` whose arguments hold `&mut` in their
/// type, and the lists are statics.
#[macro_export]
macro_rules! flag {
    ($name:expr, $value:expr, $read:expr $(,)?) => {
        $crate::registry::Flag {
            name: $name,
            value: $value,
            read: $read,
        }
    };
}

impl<T> Flag<T> {
    /// The most words the flag takes: 0 for a switch, `usize::MAX` after `WORD...`.
    #[must_use]
    pub(crate) fn words(&self) -> usize {
        let shape = self.value.split_whitespace().filter(|w| *w != "...");
        if shape.clone().any(|w| w.ends_with("...")) {
            return usize::MAX;
        }
        shape.count()
    }

    /// The flag as a usage's synopsis shows it: `[--seat A|B|C]`, `[--fixed-landlord]`.
    #[must_use]
    pub(crate) fn synopsis(&self) -> String {
        if self.value.is_empty() {
            format!("[--{}]", self.name)
        } else {
            format!("[--{} {}]", self.name, self.value)
        }
    }
}

/// A flag's reading that sets one field of the settings: `read: |t, w| set(&mut t.seed,
/// w[0].parse()?)`, `read: |t, _| set(&mut t.quick, true)`.
pub(crate) fn set<V>(field: &mut V, value: V) -> Result<(), FlagRefusal> {
    *field = value;
    Ok(())
}

/// A flag's word read by its type's `FromStr`, or why not in the command line's words (`'x'
/// is not a valid value`, as `cli::Args::parse` says it).
pub(crate) fn valid<V: std::str::FromStr>(word: &str) -> Result<V, FlagRefusal> {
    word.parse()
        .map_err(|_| format!("'{}' is not a valid value", word).into())
}

/// The synopsis entries of `flags`, in their order, each as [`Flag::synopsis`] spells it but
/// that a flag named in `or` shares the brackets of the one before it, as one of two ways to
/// say one thing: `[--pair X Y | --h2h X Y]`.
#[must_use]
pub(crate) fn entries<T>(flags: &[Flag<T>], or: &[&str]) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    for flag in flags {
        let spelled = flag.synopsis();
        match entries.last_mut() {
            Some(last) if or.contains(&flag.name) => {
                last.pop();
                last.push_str(" | ");
                last.push_str(&spelled[1..]);
            }
            _ => entries.push(spelled),
        }
    }
    entries
}

/// A usage's first lines: `head` (`usage: ddz play`), then each of `flags` (as
/// [`Flag::synopsis`] spells them), wrapped within [`USAGE_COLUMNS`] under the first.
#[must_use]
pub(crate) fn synopsis(head: &str, flags: impl IntoIterator<Item = String>) -> String {
    let indent = " ".repeat(head.chars().count() + 1);
    let mut text = String::new();
    let mut line = head.to_string();
    for flag in flags {
        let fits = line.chars().count() + 1 + flag.chars().count() <= USAGE_COLUMNS;
        if !fits && line.len() > indent.len() {
            text.push_str(&line);
            text.push('\n');
            line = indent.clone();
        } else {
            line.push(' ');
        }
        line.push_str(&flag);
    }
    text.push_str(&line);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_synopsis_wraps_its_flags_under_the_first() {
        let flags: Vec<String> = [
            "[--seat A|B|C]",
            "[--opponents P1 [P2]]",
            "[--fixed-landlord]",
        ]
        .iter()
        .map(|f| f.to_string())
        .collect();
        assert_eq!(
            synopsis("usage: ddz play", flags.clone()),
            "usage: ddz play [--seat A|B|C] [--opponents P1 [P2]] [--fixed-landlord]"
        );
        let long: Vec<String> = (0..12).map(|i| format!("[--flag{} N]", i)).collect();
        let text = synopsis("usage: ddz x", long);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 1, "{}", text);
        for line in &lines {
            assert!(line.chars().count() <= USAGE_COLUMNS, "{}", line);
        }
        for line in &lines[1..] {
            // Under the first flag: as far in as `usage: ddz x `.
            assert!(line.starts_with("             [--flag"), "{:?}", line);
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(words.len(), 3 + 12 * 2);
        // A flag longer than a line still gets one of its own.
        let huge = synopsis(
            "usage: ddz x",
            vec!["[--y ".to_string() + &"Y".repeat(120) + "]"],
        );
        assert_eq!(huge.lines().count(), 1);
    }

    #[test]
    fn a_flags_shape_says_how_many_words_it_takes() {
        let flag = |value| Flag::<()> {
            name: "f",
            value,
            read: |_, _| Ok(()),
        };
        assert_eq!(flag("").words(), 0);
        assert_eq!(flag("").synopsis(), "[--f]");
        assert_eq!(flag("A|B|C").words(), 1);
        assert_eq!(flag("P1 [P2]").words(), 2);
        assert_eq!(flag("P1 [P2]").synopsis(), "[--f P1 [P2]]");
        assert_eq!(flag("P ...").words(), 1);
        assert_eq!(flag("X Y...").words(), usize::MAX);
        let two = [flag("X Y"), flag(""), flag("N")];
        assert_eq!(entries(&two, &[]), ["[--f X Y]", "[--f]", "[--f N]"]);
        let mut either = [flag("X Y"), flag("N")];
        either[1].name = "g";
        assert_eq!(entries(&either, &["g"]), ["[--f X Y | --g N]"]);
    }
}
