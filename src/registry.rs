//! The settings registries' one machinery: a [`Setting`] names one setting of some settings
//! value `T` (how it is spelled as a `ddz.cfg` key, a flag `--NAME` and a `KEY=VALUE` pair, the
//! shape of its value, its help, how it is read and shown); a registry is a list of them. The
//! engine (`engine::config`), the thinking player (`strategy::thinker`) and its time
//! (`strategy::clock`) each declare theirs, and the usage texts, the flags, the keys and the
//! near names all come from the lists, so a new setting is one more entry.
//!
//! It sits at the bottom beside `cli`: it knows no setting itself, and any layer may declare
//! a registry.

/// The number `value` spells when `ok` accepts it, or why not (`KEY 'VALUE' must be …`).
pub fn number<T: std::str::FromStr>(
    key: &str,
    value: &str,
    ok: impl Fn(&T) -> bool,
    must_be: &str,
) -> Result<T, String> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| ok(n))
        .ok_or_else(|| format!("{} '{}' must be {}", key, value, must_be))
}

/// The value named `value` among `options`, or why not (naming them all).
pub fn one_of<T: Copy>(key: &str, value: &str, options: &[(&str, T)]) -> Result<T, String> {
    options
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            format!("{} '{}' must be {}", key, value, names.join(" or "))
        })
}

/// One setting in a registry: its name as `ddz.cfg`, the engine's flags (`--NAME`) and the
/// arena's `builtin:ddz:NAME=VALUE` spell it, the shape of its value, a line of help, and how
/// it is read into and shown from the settings `T` it belongs to. A registry is a list of these
/// (the thinking player's in `strategy::thinker`, its time's in `strategy::clock`, the engine's in
/// `engine::config`): the names, the flags, the keys and the usage texts all come from it, so a
/// new setting is one more entry.
pub struct Setting<T> {
    /// The name (lower case, words joined by `-`).
    pub name: &'static str,
    /// The value's shape in usage texts: `S`, `N`, `FILE`, or the choices `on|off`.
    pub value: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Whether the value is a file (in `ddz.cfg`, relative to the file's folder).
    pub file: bool,
    /// Reads the value (trimmed) into the settings; `Err` says why it was refused.
    pub read: fn(&mut T, &str) -> Result<(), String>,
    /// The value as a `describe` and a log record it.
    pub show: fn(&T) -> String,
}

/// The settings of `registry` as a usage lists them: two spaces, the setting spelled by
/// `spell` (`--think S`, `think=S`) in a column `width` wide (at least), then its help, wrapped
/// under itself within [`USAGE_COLUMNS`].
#[must_use]
pub fn usage_lines<T>(
    registry: &[Setting<T>],
    spell: fn(&Setting<T>) -> String,
    width: usize,
) -> String {
    let mut text = String::new();
    for setting in registry {
        let spelled = spell(setting);
        let indent = 2 + width.max(spelled.len()) + 2;
        let mut line = format!("  {:width$}  ", spelled, width = width);
        let mut empty = true;
        for word in setting.help.split_whitespace() {
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
pub fn usage_width<T>(registry: &[Setting<T>], spell: fn(&Setting<T>) -> String) -> usize {
    registry.iter().map(|s| spell(s).len()).max().unwrap_or(0)
}

/// Usage texts are wrapped within this many columns.
pub const USAGE_COLUMNS: usize = 100;

/// A setting as a flag with its value's shape: `--think S`.
#[must_use]
pub fn as_flag<T>(setting: &Setting<T>) -> String {
    format!("--{} {}", setting.name, setting.value)
}

/// A setting as a key with its value's shape: `think=S`.
#[must_use]
pub fn as_key<T>(setting: &Setting<T>) -> String {
    format!("{}={}", setting.name, setting.value)
}

/// A setting's name as the registries match it: `Play_Net` and ` play-net ` are `play-net`.
#[must_use]
pub fn setting_name(key: &str) -> String {
    key.trim().to_ascii_lowercase().replace('_', "-")
}

/// The entry of `registry` named `key` (in any spelling [`setting_name`] accepts).
#[must_use]
pub fn find_setting<'a, T>(registry: &'a [Setting<T>], key: &str) -> Option<&'a Setting<T>> {
    let name = setting_name(key);
    registry.iter().find(|s| s.name == name)
}
