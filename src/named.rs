//! Enums whose values have names in flags, settings and files: the one table of names, and
//! the `Display`, `FromStr` and parse error every such enum needs.
//!
//! Six enums (the arena's format, the scoring rule, the seat, the platform, the fault kind,
//! the network) each wrote a `name` match, a `Display`, an error type with its message and a
//! `FromStr`: four pieces to keep in step by hand. Here an enum writes only its table,
//! [`Named::NAMES`]; the names, the reading and the error's list of choices all come from it.
//! The table has the shape of the thinking player's settings tables (`&[(&str, T)]`, read by
//! [`crate::registry::one_of`]), so those can become [`Named`] enums too.
//!
//! ```
//! use ddz::game::Scoring;
//! use ddz::named::Named;
//!
//! assert_eq!(Scoring::Team.name(), "team");
//! assert_eq!("TEAM".parse::<Scoring>(), Ok(Scoring::Team));
//! assert_eq!(Scoring::names().collect::<Vec<_>>(), ["official", "team"]);
//! let refused = "swiss".parse::<Scoring>().unwrap_err();
//! assert_eq!(refused.to_string(), "'swiss' is not official or team");
//! ```

use std::fmt;

/// An enum with a name for each value (or for the values that have one).
pub trait Named: Copy + PartialEq + Sized + 'static {
    /// Each value with its name, in the order an error lists them.
    const NAMES: &'static [(&'static str, Self)];

    /// What a name names, for the error (`a seat`: "'D' is not a seat (A, B or C)"); `None`
    /// when the list of names says it well enough ("'x' is not official or team").
    const WHAT: Option<&'static str> = None;

    /// Whether names are read in either case (`TEAM` is `team`); written as in the table.
    const ANY_CASE: bool = false;

    /// The value's name.
    ///
    /// # Panics
    /// If the value is not in [`Named::NAMES`]: every value an enum names must be there.
    #[must_use]
    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, v)| *v == self)
            .map(|(name, _)| *name)
            .expect("every named value is in its table")
    }

    /// The names, in the table's order.
    fn names() -> Names<Self> {
        Self::NAMES.iter().map(|(name, _)| *name)
    }

    /// The value named `text`, if one is.
    #[must_use]
    fn from_name(text: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(name, _)| {
                if Self::ANY_CASE {
                    name.eq_ignore_ascii_case(text)
                } else {
                    *name == text
                }
            })
            .map(|(_, v)| *v)
    }

    /// The value named `text`, or an error that lists the names (what `FromStr` answers).
    fn parse_name(text: &str) -> Result<Self, ParseNameError> {
        Self::from_name(text).ok_or_else(|| ParseNameError {
            what: Self::WHAT,
            text: text.to_string(),
            names: Self::names().collect(),
        })
    }
}

/// The names of a [`Named`] enum, in its table's order ([`Named::names`]).
pub type Names<T> = std::iter::Map<
    std::slice::Iter<'static, (&'static str, T)>,
    fn(&(&'static str, T)) -> &'static str,
>;

/// Text that is none of an enum's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    /// What a name names ([`Named::WHAT`]).
    pub what: Option<&'static str>,
    /// The text, as given.
    pub text: String,
    /// The names it could have been.
    pub names: Vec<&'static str>,
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not ", self.text)?;
        let last = self.names.len().saturating_sub(1);
        let mut list = String::new();
        for (i, name) in self.names.iter().enumerate() {
            if i > 0 {
                list.push_str(if i == last { " or " } else { ", " });
            }
            list.push_str(name);
        }
        match self.what {
            Some(what) => write!(f, "{} ({})", what, list),
            None => f.write_str(&list),
        }
    }
}

impl std::error::Error for ParseNameError {}

/// `Display` (the name) and `FromStr` ([`Named::parse_name`]) for a [`Named`] enum: trait
/// impls a blanket impl over `Named` cannot give, as both traits are the standard library's.
#[macro_export]
macro_rules! named_enum {
    ($t:ty) => {
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::named::Named::name(*self))
            }
        }

        impl ::std::str::FromStr for $t {
            type Err = $crate::named::ParseNameError;

            fn from_str(text: &str) -> Result<$t, $crate::named::ParseNameError> {
                $crate::named::Named::parse_name(text)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Suit {
        Spades,
        Hearts,
        Clubs,
    }

    impl Named for Suit {
        const NAMES: &'static [(&'static str, Suit)] =
            &[("spades", Suit::Spades), ("hearts", Suit::Hearts)];
    }
    crate::named_enum!(Suit);

    #[test]
    fn names_read_back_exactly_and_errors_list_them() {
        for (name, suit) in Suit::NAMES {
            assert_eq!(suit.to_string(), *name);
            assert_eq!(name.parse::<Suit>(), Ok(*suit));
        }
        // Exact case unless the enum says either case.
        let e = "Spades".parse::<Suit>().unwrap_err();
        assert_eq!(e.to_string(), "'Spades' is not spades or hearts");
    }

    #[test]
    #[should_panic(expected = "every named value is in its table")]
    fn a_value_missing_from_the_table_is_a_bug() {
        let _ = Suit::Clubs.name();
    }

    #[test]
    fn the_list_reads_as_english() {
        let error = |names: Vec<&'static str>, what| {
            ParseNameError {
                what,
                text: "x".to_string(),
                names,
            }
            .to_string()
        };
        assert_eq!(error(vec!["a"], None), "'x' is not a");
        assert_eq!(error(vec!["a", "b", "c"], None), "'x' is not a, b or c");
        assert_eq!(
            error(vec!["A", "B", "C"], Some("a seat")),
            "'x' is not a seat (A, B or C)"
        );
    }
}
