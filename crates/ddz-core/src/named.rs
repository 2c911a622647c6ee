//! Enums whose values have names in flags, settings and files: one table of names, from which
//! come the name, `Display`, `FromStr` and the parse error that lists the choices.
//!
//! Six enums (the arena's format, the scoring rule, the seat, the platform, the fault kind,
//! the network) each wrote a `name` match, a `Display`, an error type and a `FromStr`, four
//! pieces kept in step by hand. The table has the shape of the thinking player's settings
//! tables (`&[(&str, T)]`, read by the `ddz` crate's `registry::one_of`), so they can be [`Named`] too.
//!
//! ```
//! use ddz_core::game::Scoring;
//! use ddz_core::named::Named;
//!
//! assert_eq!(Scoring::Team.name(), "team");
//! assert_eq!("TEAM".parse::<Scoring>(), Ok(Scoring::Team));
//! assert_eq!(Scoring::names(), ["official", "team"]);
//! let refused = "swiss".parse::<Scoring>().unwrap_err();
//! assert_eq!(refused.to_string(), "'swiss' is not official or team");
//! ```

use std::fmt;

/// An enum with a name for each value.
///
/// ```
/// use ddz_core::game::Seat;
/// use ddz_core::named::Named;
///
/// // The seat's table: its protocol letters, read in either case, named "a seat" in errors.
/// assert_eq!(Seat::names(), ["A", "B", "C"]);
/// assert_eq!(Seat::C.name(), "C");
/// assert_eq!(Seat::from_name("b"), Some(Seat::B));
/// assert_eq!(Seat::from_name("D"), None);
/// let refused = Seat::parse_name("D").unwrap_err();
/// assert_eq!(refused.to_string(), "'D' is not a seat (A, B or C)");
/// ```
pub trait Named: Copy + PartialEq + 'static {
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

    /// The names, in the table's order (for usage lines and errors).
    #[must_use]
    fn names() -> Vec<&'static str> {
        Self::NAMES.iter().map(|(name, _)| *name).collect()
    }

    /// The value named `text`, if one is.
    #[must_use]
    fn from_name(text: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(name, _)| *name == text || Self::ANY_CASE && name.eq_ignore_ascii_case(text))
            .map(|(_, v)| *v)
    }

    /// The value named `text`, or an error that lists the names (what `FromStr` answers).
    fn parse_name(text: &str) -> Result<Self, ParseNameError> {
        Self::from_name(text).ok_or_else(|| ParseNameError {
            what: Self::WHAT,
            text: text.to_string(),
            names: Self::names(),
        })
    }
}

/// Text that is none of an enum's names.
///
/// ```
/// use ddz_core::game::Seat;
/// use ddz_core::named::ParseNameError;
///
/// let e: ParseNameError = "West".parse::<Seat>().unwrap_err();
/// assert_eq!(e.what, Some("a seat"));
/// assert_eq!(e.text, "West");
/// assert_eq!(e.names, ["A", "B", "C"]);
/// assert_eq!(e.to_string(), "'West' is not a seat (A, B or C)");
/// ```
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
        let list = match self.names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
            None => String::new(),
        };
        match self.what {
            Some(what) => write!(f, "'{}' is not {} ({})", self.text, what, list),
            None => write!(f, "'{}' is not {}", self.text, list),
        }
    }
}

impl std::error::Error for ParseNameError {}

/// `Display` (the name) and `FromStr` ([`Named::parse_name`]) for a [`Named`] enum: trait
/// impls a blanket impl over `Named` cannot give, as both traits are the standard library's.
///
/// ```
/// use ddz_core::named::Named;
///
/// /// Which side a setting speaks for.
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Side {
///     Landlord,
///     Farmers,
/// }
///
/// impl Named for Side {
///     const NAMES: &'static [(&'static str, Side)] =
///         &[("landlord", Side::Landlord), ("farmers", Side::Farmers)];
/// }
/// ddz_core::named_enum!(Side);
///
/// // Display and FromStr round-trip through the table's names.
/// for side in [Side::Landlord, Side::Farmers] {
///     assert_eq!(side.to_string().parse::<Side>(), Ok(side));
/// }
/// let e = "farmer".parse::<Side>().unwrap_err();
/// assert_eq!(e.to_string(), "'farmer' is not landlord or farmers");
/// ```
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
