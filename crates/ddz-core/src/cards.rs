//! The card core: ranks, concrete card sets and rank-count views.
//!
//! Cards follow the competition's codes (`docs/rules.md`, "Cards and notation"): `0..=51` are the suited cards,
//! rank `code / 4` (`3 4 5 … K A 2`), and `52`/`53` are the small and big joker. Suits never
//! matter to the rules, so combinatorics (classification, move generation, hand splitting) work
//! on [`Counts`], how many cards of each of the 15 ranks a set holds; concrete codes ([`Cards`])
//! are chosen only when a reply is written.
//!
//! Panic policy: parsing never panics (bad input is a [`ParseError`] naming the token); the
//! arithmetic helpers document their preconditions and check them only in debug builds.

use std::fmt;
use std::str::FromStr;

/// One of the 15 ranks, in single-card order: `3 4 5 6 7 8 9 T J Q K A 2 X D`.
///
/// ```
/// use ddz_core::cards::Rank;
///
/// let ten = Rank::from_symbol('T').unwrap();
/// assert_eq!(ten, Rank::TEN);
/// assert_eq!(Rank::of_code(28), ten); // codes 28..=31 are the four tens
/// assert!(ten < Rank::TWO && Rank::TWO < Rank::SMALL_JOKER);
/// assert!(Rank::ACE.chains() && !Rank::TWO.chains()); // a straight stops at the ace
/// assert_eq!(Rank::BIG_JOKER.deck_count(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// Number of ranks (13 suited ranks and the two jokers).
    pub const COUNT: usize = 15;
    /// The rank of `3`, the lowest.
    pub const THREE: Rank = Rank(0);
    /// The rank of `T` (ten), the reference point of the hand-value model.
    pub const TEN: Rank = Rank(7);
    /// The rank of `A`, the highest rank a straight or plane may reach.
    pub const ACE: Rank = Rank(11);
    /// The rank of `2`.
    pub const TWO: Rank = Rank(12);
    /// The small joker.
    pub const SMALL_JOKER: Rank = Rank(13);
    /// The big joker.
    pub const BIG_JOKER: Rank = Rank(14);
    /// Every rank, lowest first.
    pub const ALL: [Rank; 15] = [
        Rank(0),
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
        Rank(8),
        Rank(9),
        Rank(10),
        Rank(11),
        Rank(12),
        Rank(13),
        Rank(14),
    ];
    const SYMBOLS: &'static [u8; 15] = b"3456789TJQKA2XD";

    /// The rank with this index (0 = `3` … 14 = big joker), if it is one.
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 15 {
            Some(Rank(index))
        } else {
            None
        }
    }

    /// The index, 0 (`3`) to 14 (big joker).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank of a card code (`0..=53`).
    #[must_use]
    pub const fn of_code(code: u8) -> Rank {
        if code >= 53 {
            Rank::BIG_JOKER
        } else if code == 52 {
            Rank::SMALL_JOKER
        } else {
            Rank(code / 4)
        }
    }

    /// How many cards of this rank the deck holds (4, or 1 for each joker).
    #[must_use]
    pub const fn deck_count(self) -> u8 {
        if self.0 >= 13 {
            1
        } else {
            4
        }
    }

    /// Whether the rank may stand in a straight, pair straight or plane (`3` to `A`).
    #[must_use]
    pub const fn chains(self) -> bool {
        self.0 <= Rank::ACE.0
    }

    /// The human symbol: `3 4 5 6 7 8 9 T J Q K A 2 X D`.
    #[must_use]
    pub fn symbol(self) -> char {
        Rank::SYMBOLS[self.index()] as char
    }

    /// The rank a human symbol names (`T` or `t` for ten, `X`, `D` for the jokers).
    #[must_use]
    pub fn from_symbol(symbol: char) -> Option<Rank> {
        let upper = symbol.to_ascii_uppercase() as u32;
        Rank::SYMBOLS
            .iter()
            .position(|&s| s as u32 == upper)
            .map(|i| Rank(i as u8))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// Why a card list could not be read. Each variant names the offending token.
///
/// ```
/// use ddz_core::cards::{Cards, Counts, ParseError, Rank};
///
/// let bad = |t: &str| ParseError::BadToken(t.to_string());
/// assert_eq!("33Z".parse::<Counts>(), Err(bad("Z")));
/// assert_eq!("XX".parse::<Counts>(), Err(ParseError::TooMany(Rank::SMALL_JOKER)));
/// let out = ParseError::OutOfRange("60".to_string());
/// assert_eq!(Cards::parse_codes("3,60"), Err(out));
/// let twice = Cards::parse_codes("3,3").unwrap_err();
/// assert_eq!(twice.to_string(), "card 3 is listed twice");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A token that is neither a card code nor a rank symbol.
    BadToken(String),
    /// A number that is not a card code (`0..=53`).
    OutOfRange(String),
    /// The same concrete card listed twice.
    Repeated(u8),
    /// More cards of one rank than the deck holds.
    TooMany(Rank),
    /// Nothing where cards were needed.
    Empty,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::BadToken(t) => write!(f, "'{}' is not a card", t),
            ParseError::OutOfRange(t) => write!(f, "card code '{}' is out of range 0..=53", t),
            ParseError::Repeated(c) => write!(f, "card {} is listed twice", c),
            ParseError::TooMany(r) => write!(f, "more {} than the deck holds", r),
            ParseError::Empty => write!(f, "no cards given"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A set of concrete cards: bit `i` set means card code `i` is in the set.
///
/// ```
/// use ddz_core::cards::{Cards, Rank};
///
/// // The protocol's codes: 0..=3 are the threes, 4 a four, 52 and 53 the jokers.
/// let hand = Cards::parse_codes("0,1,4,52,53").unwrap();
/// assert_eq!(hand.len(), 5);
/// assert_eq!(hand.to_string(), "334XD");
/// let rocket = Cards::single(52).or(Cards::single(53));
/// assert!(hand.contains_all(rocket));
/// let rest = hand.minus(rocket);
/// assert_eq!(rest.to_codes(), "0,1,4");
/// assert_eq!(rest.of_rank(Rank::THREE).len(), 2);
/// assert!(rest.and(rocket).is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cards(pub u64);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(0);
    /// The whole deck of 54 cards.
    pub const DECK: Cards = Cards((1 << 54) - 1);

    /// The set holding just this code (`0..=53`).
    #[must_use]
    pub const fn single(code: u8) -> Cards {
        Cards(1 << code)
    }

    /// How many cards.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `code` is in the set.
    #[must_use]
    pub const fn contains(self, code: u8) -> bool {
        code < 64 && self.0 & (1 << code) != 0
    }

    /// Whether every card of `other` is in `self`.
    #[must_use]
    pub const fn contains_all(self, other: Cards) -> bool {
        other.0 & !self.0 == 0
    }

    /// The cards in both sets.
    #[must_use]
    pub const fn and(self, other: Cards) -> Cards {
        Cards(self.0 & other.0)
    }

    /// The cards in either set.
    #[must_use]
    pub const fn or(self, other: Cards) -> Cards {
        Cards(self.0 | other.0)
    }

    /// The cards of `self` that are not in `other`.
    #[must_use]
    pub const fn minus(self, other: Cards) -> Cards {
        Cards(self.0 & !other.0)
    }

    /// The codes, ascending.
    #[must_use]
    pub fn codes(self) -> Codes {
        Codes(self.0)
    }

    /// The rank-count view.
    #[must_use]
    pub fn counts(self) -> Counts {
        // Suited ranks: the four bits of each rank are adjacent, so a popcount per nibble.
        let mut packed = 0u64;
        for r in 0..13 {
            let n = ((self.0 >> (4 * r)) & 0xF).count_ones() as u64;
            packed |= n << (4 * r);
        }
        packed |= ((self.0 >> 52) & 1) << 52;
        packed |= ((self.0 >> 53) & 1) << 56;
        Counts(packed)
    }

    /// The cards of one rank.
    #[must_use]
    pub const fn of_rank(self, rank: Rank) -> Cards {
        let mask = match rank.0 {
            13 => 1 << 52,
            14 => 1 << 53,
            r => 0xF << (4 * r as u32),
        };
        Cards(self.0 & mask)
    }

    /// Chooses concrete cards for a rank multiset: the lowest codes of each rank. `None` when
    /// the set lacks some of them.
    #[must_use]
    pub fn pick(self, counts: Counts) -> Option<Cards> {
        let mut picked = 0u64;
        for rank in counts.ranks() {
            let mut want = counts.get(rank);
            let mut avail = self.of_rank(rank).0;
            while want > 0 {
                if avail == 0 {
                    return None;
                }
                let low = avail & avail.wrapping_neg();
                picked |= low;
                avail ^= low;
                want -= 1;
            }
        }
        Some(Cards(picked))
    }

    /// Reads a comma- or space-separated list of codes, e.g. `0,4,5,7` (any order).
    pub fn parse_codes(text: &str) -> Result<Cards, ParseError> {
        let mut set = 0u64;
        let mut any = false;
        for token in text
            .split(|c: char| c == ',' || c.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
        {
            let code: u32 = token
                .parse()
                .map_err(|_| ParseError::BadToken(token.to_string()))?;
            if code > 53 {
                return Err(ParseError::OutOfRange(token.to_string()));
            }
            if set & (1 << code) != 0 {
                return Err(ParseError::Repeated(code as u8));
            }
            set |= 1 << code;
            any = true;
        }
        if any {
            Ok(Cards(set))
        } else {
            Err(ParseError::Empty)
        }
    }

    /// Reads either form the project uses: comma-separated codes when the text holds a comma
    /// (a lone code is written with a trailing comma, `45,`), otherwise human notation, which
    /// chooses the lowest codes of each rank. Digits alone are human notation (`3334` is three
    /// threes and a four, `10` a ten), never codes.
    ///
    /// ```
    /// use ddz_core::cards::Cards;
    ///
    /// // Human notation chooses the lowest codes of each rank; digits alone are ranks, 10 a ten.
    /// assert_eq!(Cards::parse_any("3334").unwrap().to_codes(), "0,1,2,4");
    /// assert_eq!(Cards::parse_any("10").unwrap().to_string(), "T");
    /// // Codes once the text holds a comma; a lone code takes a trailing one.
    /// assert_eq!(Cards::parse_any("0,4,5").unwrap().to_string(), "344");
    /// assert_eq!(Cards::parse_any("45,").unwrap().to_string(), "A");
    /// ```
    pub fn parse_any(text: &str) -> Result<Cards, ParseError> {
        let t = text.trim();
        if t.contains(',') {
            Cards::parse_codes(t)
        } else {
            let counts: Counts = t.parse()?;
            Ok(Cards::DECK
                .pick(counts)
                .expect("parsed counts fit the deck"))
        }
    }

    /// The protocol form: codes ascending, comma-separated (empty for no cards).
    #[must_use]
    pub fn to_codes(self) -> String {
        let mut s = String::with_capacity(3 * self.len());
        for (i, code) in self.codes().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&code.to_string());
        }
        s
    }
}

/// The codes of a card set, lowest first ([`Cards::codes`]), knowing how many remain (a
/// collection is made in one allocation).
#[derive(Clone, Copy, Debug)]
pub struct Codes(u64);

impl Iterator for Codes {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let code = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(code)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Codes {}

impl FromIterator<u8> for Cards {
    /// The set of these codes (each `0..=53`; a code given twice is held once).
    fn from_iter<I: IntoIterator<Item = u8>>(codes: I) -> Cards {
        codes
            .into_iter()
            .fold(Cards::EMPTY, |set, code| set.or(Cards::single(code)))
    }
}

impl fmt::Display for Cards {
    /// Human notation, ranks ascending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.counts().fmt(f)
    }
}

/// How many cards of each rank: 4 bits per rank packed in a `u64`, rank `r` at bits `4r..4r+4`.
/// Equal multisets have equal values, so the raw value is a cheap hash key for memoisation.
///
/// ```
/// use ddz_core::cards::{Cards, Counts, Rank};
///
/// let hand: Counts = "3334TT2".parse().unwrap();
/// assert_eq!(hand.get(Rank::THREE), 3);
/// assert_eq!(hand.total(), 7);
/// let triple = Counts::of(Rank::THREE, 3);
/// assert!(hand.contains(triple));
/// assert_eq!(hand.minus(triple).to_string(), "4TT2");
/// assert_eq!(hand.highest(), Some(Rank::TWO));
/// // Concrete cards for a multiset: the lowest codes of each rank.
/// assert_eq!(Cards::DECK.pick(triple).unwrap().to_codes(), "0,1,2");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Counts(pub u64);

impl Counts {
    /// No cards.
    pub const EMPTY: Counts = Counts(0);
    /// Nibble mask with 1 in every rank's lowest bit.
    const LOW_BITS: u64 = 0x0111_1111_1111_1111;

    /// The count of one rank.
    #[must_use]
    pub const fn get(self, rank: Rank) -> u8 {
        ((self.0 >> (4 * rank.0 as u32)) & 0xF) as u8
    }

    /// The same multiset with `n` more cards of `rank` (caller keeps the count ≤ 15).
    #[must_use]
    pub const fn with_added(self, rank: Rank, n: u8) -> Counts {
        Counts(self.0 + ((n as u64) << (4 * rank.0 as u32)))
    }

    /// Adds `n` cards of `rank` in place.
    pub fn add(&mut self, rank: Rank, n: u8) {
        *self = self.with_added(rank, n);
    }

    /// A multiset holding `n` cards of one rank.
    #[must_use]
    pub const fn of(rank: Rank, n: u8) -> Counts {
        Counts((n as u64) << (4 * rank.0 as u32))
    }

    /// A multiset holding `n` cards of each rank from `low` to `high` inclusive.
    #[must_use]
    pub const fn run(low: Rank, high: Rank, n: u8) -> Counts {
        let width = (high.0 - low.0 + 1) as u32;
        let ones = Counts::LOW_BITS & ((1u64 << (4 * width)) - 1);
        Counts((ones * n as u64) << (4 * low.0 as u32))
    }

    /// Total number of cards.
    #[must_use]
    pub const fn total(self) -> u32 {
        // Spread the nibbles into bytes (each ≤ 8 after the add), then one multiply sums the
        // bytes into the top byte; partial sums stay below 256 since a hand has ≤ 54 cards.
        const NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        let bytes = (self.0 & NIBBLES) + ((self.0 >> 4) & NIBBLES);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Whether there are no cards.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `other` is a sub-multiset of `self`.
    #[must_use]
    pub fn contains(self, other: Counts) -> bool {
        Rank::ALL.iter().all(|&r| self.get(r) >= other.get(r))
    }

    /// `self − other`; the caller guarantees `other ⊆ self`.
    #[must_use]
    pub fn minus(self, other: Counts) -> Counts {
        debug_assert!(self.contains(other), "{} does not contain {}", self, other);
        Counts(self.0 - other.0)
    }

    /// `self + other` (the caller keeps every count ≤ 15).
    #[must_use]
    pub const fn plus(self, other: Counts) -> Counts {
        Counts(self.0 + other.0)
    }

    /// Ranks with at least one card, ascending.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |&r| self.get(r) > 0)
    }

    /// Whether every count of `part` is at most the count in `self`, for counts of at most 7
    /// (every real hand: at most 4 cards of a rank). One borrow-free subtraction per nibble:
    /// with each nibble's top bit set first, it stays set exactly where `self` holds enough.
    /// [`Counts::contains`] is the same question for any counts, rank by rank.
    ///
    /// ```
    /// use ddz_core::cards::Counts;
    ///
    /// let hand: Counts = "333445".parse().unwrap();
    /// assert!(hand.holds("3344".parse().unwrap()));
    /// assert!(!hand.holds("444".parse().unwrap()));
    /// let part: Counts = "345".parse().unwrap();
    /// assert_eq!(hand.holds(part), hand.contains(part));
    /// ```
    #[must_use]
    pub const fn holds(self, part: Counts) -> bool {
        const TOP: u64 = Counts::LOW_BITS << 3;
        ((self.0 | TOP) - part.0) & TOP == TOP
    }

    /// Nibble mask (bit `4r` set) of the ranks holding at least `n` cards (`1 ≤ n ≤ 4`), in a
    /// few shifts: the search's form of [`Counts::ranks_with_at_least`].
    #[must_use]
    pub const fn nibbles_with_at_least(self, n: u8) -> u64 {
        let x = self.0;
        let any = match n {
            1 => x | x >> 1 | x >> 2 | x >> 3,
            2 => x >> 1 | x >> 2 | x >> 3,
            3 => x >> 2 | x >> 3 | (x & x >> 1),
            _ => x >> 2 | x >> 3,
        };
        any & Counts::LOW_BITS
    }

    /// Bit `r` set where rank `r` holds at least `n` cards (`1 ≤ n ≤ 4`).
    #[must_use]
    pub fn ranks_with_at_least(self, n: u8) -> u16 {
        debug_assert!((1..=4).contains(&n), "at least {} cards", n);
        let nibbles = self.nibbles_with_at_least(n);
        let mut mask = 0u16;
        for r in Rank::ALL {
            mask |= ((nibbles >> (4 * r.0 as u32)) as u16 & 1) << r.0;
        }
        mask
    }

    /// The count of each rank, indexed by [`Rank::index`]: the form the generator's and the
    /// classifier's scans walk.
    #[must_use]
    pub fn per_rank(self) -> [u8; 15] {
        let mut c = [0u8; 15];
        for r in Rank::ALL {
            c[r.index()] = self.get(r);
        }
        c
    }

    /// The lowest rank present.
    #[must_use]
    pub fn lowest(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Some(Rank((self.0.trailing_zeros() / 4) as u8))
        }
    }

    /// The highest rank present.
    #[must_use]
    pub fn highest(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Some(Rank(((63 - self.0.leading_zeros()) / 4) as u8))
        }
    }
}

impl fmt::Display for Counts {
    /// Human notation, ranks ascending, e.g. `33344TX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in Rank::ALL {
            for _ in 0..self.get(r) {
                write!(f, "{}", r.symbol())?;
            }
        }
        Ok(())
    }
}

impl FromStr for Counts {
    type Err = ParseError;

    /// Human notation in any order; `10` is read as ten; spaces and `+` (which may separate
    /// the parts of a play, as in `444555+7+7`) are ignored.
    fn from_str(text: &str) -> Result<Counts, ParseError> {
        let mut counts = Counts::EMPTY;
        let mut chars = text
            .chars()
            .filter(|&c| !c.is_whitespace() && c != '+')
            .peekable();
        while let Some(c) = chars.next() {
            let rank = if c == '1' && chars.peek() == Some(&'0') {
                chars.next();
                Rank::TEN
            } else {
                Rank::from_symbol(c).ok_or_else(|| ParseError::BadToken(c.to_string()))?
            };
            if counts.get(rank) >= rank.deck_count() {
                return Err(ParseError::TooMany(rank));
            }
            counts.add(rank, 1);
        }
        if counts.is_empty() {
            Err(ParseError::Empty)
        } else {
            Ok(counts)
        }
    }
}

/// Card codes that do not read: the text, and why.
///
/// ```
/// use ddz_core::cards::{Cards, CodesError, ParseError};
///
/// assert_eq!(Cards::from_code_list(" "), Ok(Cards::EMPTY)); // blank: no cards
/// let e: CodesError = Cards::from_code_list("0,x").unwrap_err();
/// assert_eq!(e.1, ParseError::BadToken("x".to_string()));
/// assert_eq!(e.to_string(), "cards '0,x': 'x' is not a card");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodesError(pub String, pub ParseError);

impl fmt::Display for CodesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cards '{}': {}", self.0, self.1)
    }
}

impl std::error::Error for CodesError {}

impl Cards {
    /// Cards from their codes as the logs and pages write them, `"0,4,5"`; blank text is no
    /// cards.
    pub fn from_code_list(text: &str) -> Result<Cards, CodesError> {
        if text.trim().is_empty() {
            return Ok(Cards::default());
        }
        Cards::parse_codes(text).map_err(|e| CodesError(text.to_string(), e))
    }
}

/// Cards in JSON (the arena's logs, the browser's pages): their codes, `"0,4,5"`, beside the
/// type as the house keeps each core type's serde.
impl serde::Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_codes())
    }
}

impl<'de> serde::Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        Cards::from_code_list(&text).map_err(serde::de::Error::custom)
    }
}
