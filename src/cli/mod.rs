//! The command line of every tool and of the engine, read the same way everywhere (on the
//! `lexopt` crate): `--flag value` and `--flag=value` both work, short flags may be grouped
//! (`-j4`), `--` ends the flags, and an unknown flag, a missing value or a value given to a
//! flag that takes none is refused with the flag named ([`ArgError`]; the binary's usage is
//! `tools::usage`, made from the settings' registries). `-h`/`--help` (and the engine's
//! `-V`/`--version`) is no error and no flag of a tool: `main` looks for it first
//! ([`asked_for`]) and prints the usage on stdout with exit status 0.

use crate::registry::Flag;
use std::fmt;
use std::str::FromStr;

/// What a command line may ask for instead of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// `-h`, `--help`: the usage.
    Help,
    /// `-V`, `--version` (the engine's): the version.
    Version,
}

/// The first `-h`/`--help` (or, `with_version`, for the engine, `-V`/`--version`) among `args`,
/// before a `--` (after it every word is an argument): what `main` answers before it runs
/// anything.
#[must_use]
pub fn asked_for(args: &[String], with_version: bool) -> Option<Asked> {
    args.iter()
        .take_while(|a| *a != "--")
        .find_map(|a| match a.as_str() {
            "-h" | "--help" => Some(Asked::Help),
            "-V" | "--version" if with_version => Some(Asked::Version),
            _ => None,
        })
}

/// A command line refused: what was wrong, and where the usage is (the hint that ends each
/// message, `(ddz arena --help for the usage)`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum ArgError {
    /// `--flag=value` given to a flag that takes none.
    TakesNoValue { flag: String, hint: String },
    /// A flag whose value is missing.
    NeedsValue { flag: String, hint: String },
    /// A value its flag cannot read.
    BadValue { flag: String, value: String },
    /// A flag the tool does not know, with near names (`(did you mean '--think'?)`).
    UnknownFlag {
        flag: String,
        near: String,
        hint: String,
    },
    /// A word where none is expected.
    Unexpected { word: String, hint: String },
    /// A command line the reader cannot take apart (lexopt's reason).
    Unreadable { why: String, hint: String },
    /// A value a declared flag's reader refused ([`Args::read_flag`]): the flag, and why in
    /// the reader's words.
    Refused { flag: String, why: String },
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::TakesNoValue { flag, hint } => write!(f, "{} takes no value{}", flag, hint),
            ArgError::NeedsValue { flag, hint } => write!(f, "{} needs a value{}", flag, hint),
            ArgError::BadValue { flag, value } => {
                write!(f, "{}: '{}' is not a valid value", flag, value)
            }
            ArgError::UnknownFlag { flag, near, hint } => {
                write!(f, "unknown option '{}'{}{}", flag, near, hint)
            }
            ArgError::Unexpected { word, hint } => {
                write!(f, "unexpected argument '{}'{}", word, hint)
            }
            ArgError::Unreadable { why, hint } => write!(f, "{}{}", why, hint),
            ArgError::Refused { flag, why } => write!(f, "{}: {}", flag, why),
        }
    }
}

impl std::error::Error for ArgError {}

/// One item of a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// A flag as typed without its `=value`: `--games`, `-n`.
    Flag(String),
    /// A word that is no flag (a positional argument).
    Word(String),
}

/// A command line being read, for the tool `tool` whose usage is `usage`.
pub(crate) struct Args {
    parser: lexopt::Parser,
    tool: &'static str,
    usage: &'static str,
    flag: String,
}

impl Args {
    /// The arguments after the tool's name.
    #[must_use]
    pub(crate) fn new(tool: &'static str, usage: &'static str, args: &[String]) -> Args {
        Args {
            parser: lexopt::Parser::from_args(args.iter().cloned()),
            tool,
            usage,
            flag: String::new(),
        }
    }

    /// The next flag or word; `None` at the end. (`-h`/`--help` never gets here from the
    /// binary, which answers it first, [`asked_for`]; read in-process it is a flag like any.)
    pub(crate) fn next_arg(&mut self) -> Result<Option<Arg>, ArgError> {
        let arg = match self.parser.next() {
            Ok(Some(arg)) => arg,
            Ok(None) => return Ok(None),
            Err(lexopt::Error::UnexpectedValue { option, .. }) => {
                return Err(ArgError::TakesNoValue {
                    flag: option,
                    hint: self.hint(),
                })
            }
            Err(e) => {
                return Err(ArgError::Unreadable {
                    why: e.to_string(),
                    hint: self.hint(),
                })
            }
        };
        let item = match arg {
            lexopt::Arg::Long(name) => Arg::Flag(format!("--{}", name)),
            lexopt::Arg::Short(c) => Arg::Flag(format!("-{}", c)),
            lexopt::Arg::Value(v) => Arg::Word(v.to_string_lossy().into_owned()),
        };
        if let Arg::Flag(flag) = &item {
            self.flag = flag.clone();
        }
        Ok(Some(item))
    }

    /// The flag just read, whose value is missing.
    fn needs_value(&self) -> ArgError {
        ArgError::NeedsValue {
            flag: self.flag.clone(),
            hint: self.hint(),
        }
    }

    /// The value of the flag just read: `--flag=value`, or the next word. A next word that is
    /// itself a flag (`--…`) is no value: the value is missing.
    pub(crate) fn value(&mut self) -> Result<String, ArgError> {
        if let Some(v) = self.parser.optional_value() {
            return Ok(v.to_string_lossy().into_owned());
        }
        let next_is_flag = match self.parser.try_raw_args() {
            Some(raw) => raw
                .peek()
                .map_or(true, |w| w.to_string_lossy().starts_with("--")),
            None => true,
        };
        if next_is_flag {
            return Err(self.needs_value());
        }
        let v = self.parser.value().map_err(|_| self.needs_value())?;
        Ok(v.to_string_lossy().into_owned())
    }

    /// The value of the flag just read, parsed.
    pub(crate) fn parse<T: FromStr>(&mut self) -> Result<T, ArgError> {
        let text = self.value()?;
        text.parse().map_err(|_| ArgError::BadValue {
            flag: self.flag.clone(),
            value: text,
        })
    }

    /// The words after the flag just read (at least one, at most `most`), up to the next flag;
    /// `--flag=value` gives one.
    pub(crate) fn values(&mut self, most: usize) -> Result<Vec<String>, ArgError> {
        if let Some(v) = self.parser.optional_value() {
            return Ok(vec![v.to_string_lossy().into_owned()]);
        }
        let mut words = vec![self.value()?];
        if let Some(mut raw) = self.parser.try_raw_args() {
            while words.len() < most {
                match raw.next_if(|w| !w.to_string_lossy().starts_with('-')) {
                    Some(w) => words.push(w.to_string_lossy().into_owned()),
                    None => break,
                }
            }
        }
        Ok(words)
    }

    /// Reads the flag just read when `flags` declares it as `flag` (`--NAME`: as
    /// [`Args::next_arg`] gave it, or the long name of a short one typed); its words (none for
    /// a switch, else one and up to as many as its shape shows) into `into`; a refused value
    /// names the flag as typed. `Ok(false)`: not one of `flags`, for the caller to read or refuse.
    pub(crate) fn read_flag<T>(
        &mut self,
        flags: &[Flag<T>],
        flag: &str,
        into: &mut T,
    ) -> Result<bool, ArgError> {
        let declared = match flag.strip_prefix("--") {
            Some(name) => flags.iter().find(|f| f.name == name),
            None => None,
        };
        let declared = match declared {
            Some(d) => d,
            None => return Ok(false),
        };
        let words = match declared.words() {
            0 => Vec::new(),
            1 => vec![self.value()?],
            most => self.values(most)?,
        };
        (declared.read)(into, &words).map_err(|why| ArgError::Refused {
            flag: self.flag.clone(),
            why: why.to_string(),
        })?;
        Ok(true)
    }

    /// The flag just read, refused as unknown.
    #[must_use]
    pub(crate) fn unknown(&self, arg: &Arg) -> ArgError {
        match arg {
            Arg::Flag(flag) => ArgError::UnknownFlag {
                flag: flag.clone(),
                near: crate::near_names::did_you_mean(flag, usage_flags(self.usage)),
                hint: self.hint(),
            },
            Arg::Word(word) => ArgError::Unexpected {
                word: word.clone(),
                hint: self.hint(),
            },
        }
    }

    /// Where the usage is, for the end of an error message.
    #[must_use]
    pub(crate) fn hint(&self) -> String {
        if self.tool.is_empty() {
            " (ddz --help for the usage)".to_string()
        } else {
            format!(" (ddz {} --help for the usage)", self.tool)
        }
    }
}

/// The long flags a usage text names (`--games`, `--no-progress`, …), each once, in order: the
/// usage is the list of a tool's flags, so near names come from it and cannot drift from it.
#[must_use]
pub fn usage_flags(usage: &str) -> Vec<&str> {
    let mut flags: Vec<&str> = Vec::new();
    let mut rest = usage;
    while let Some(at) = rest.find("--") {
        let tail = &rest[at..];
        let len = 2 + tail[2..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(tail.len() - 2);
        let flag = &tail[..len];
        if len > 2 && !flags.contains(&flag) {
            flags.push(flag);
        }
        rest = &tail[len..];
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn reads_both_value_forms_and_refuses_what_is_missing() {
        let line = args(&[
            "--seed=7",
            "--games",
            "12",
            "-j2",
            "hand",
            "--players",
            "a b",
            "c",
        ]);
        let mut a = Args::new("arena", "usage", &line);
        let mut seen = Vec::new();
        while let Some(arg) = a.next_arg().unwrap() {
            match arg {
                Arg::Flag(f) if f == "--players" => seen.push(a.values(3).unwrap().join("|")),
                Arg::Flag(f) if f == "-j" => seen.push(a.parse::<u32>().unwrap().to_string()),
                Arg::Flag(_) => seen.push(a.value().unwrap()),
                Arg::Word(w) => seen.push(w),
            }
        }
        assert_eq!(seen, ["7", "12", "2", "hand", "a b|c"]);

        let mut a = Args::new("arena", "usage", &args(&["--json", "--games", "3"]));
        a.next_arg().unwrap();
        let e = a.value().unwrap_err().to_string();
        assert!(e.contains("--json needs a value"), "{}", e);
        let mut a = Args::new("arena", "usage", &args(&["--think", "-1"]));
        a.next_arg().unwrap();
        assert_eq!(a.value().unwrap(), "-1");
        let mut a = Args::new("arena", "usage", &args(&["--quick=yes"]));
        a.next_arg().unwrap();
        let e = a.next_arg().unwrap_err().to_string();
        assert!(e.contains("--quick takes no value"), "{}", e);
    }

    /// A declared flag takes what its shape shows (none, one word, up to two), is read into
    /// the settings, and a value its reader refuses names the flag; an undeclared one is the
    /// caller's.
    #[test]
    fn declared_flags_take_the_words_their_shape_shows() {
        use crate::registry::Flag;
        let flags: &[Flag<Vec<String>>] = &[
            Flag {
                name: "switch",
                value: "",
                read: |seen, _| {
                    seen.push("on".to_string());
                    Ok(())
                },
            },
            Flag {
                name: "one",
                value: "N",
                read: |seen, words| {
                    let n: u8 = words[0].parse()?;
                    seen.push(n.to_string());
                    Ok(())
                },
            },
            Flag {
                name: "two",
                value: "X [Y]",
                read: |seen, words| {
                    seen.push(words.join("+"));
                    Ok(())
                },
            },
        ];
        let line = args(&[
            "--switch", "--one=7", "--two", "a", "b", "c", "--two", "d", "--other",
        ]);
        let mut a = Args::new("t", "usage", &line);
        let mut seen = Vec::new();
        let mut rest = Vec::new();
        while let Some(arg) = a.next_arg().unwrap() {
            match &arg {
                Arg::Flag(f) if a.read_flag(flags, &f.clone(), &mut seen).unwrap() => {}
                other => rest.push(format!("{:?}", other)),
            }
        }
        assert_eq!(seen, ["on", "7", "a+b", "d"]);
        assert_eq!(rest, ["Word(\"c\")", "Flag(\"--other\")"]);
        let mut a = Args::new("t", "usage", &args(&["--one", "x"]));
        a.next_arg().unwrap();
        let e = a.read_flag(flags, "--one", &mut seen).unwrap_err();
        assert_eq!(e.to_string(), "--one: invalid digit found in string");
    }
}
