//! Plays: the combination types of the official table, their canonical reading and comparison.
//!
//! A multiset of cards is read by [`classify`] in the table's order, the first type that
//! matches naming the play (`docs/rules.md`, "One reading per play"); inside "plane with wings" the longest plane,
//! then the highest key. [`readings`] lists every reading some platform could choose, so the
//! strategy can avoid plays whose meaning differs between platforms ([`Combo::is_ambiguous`]).

use crate::cards::{Counts, Rank};
use arrayvec::ArrayVec;
use std::fmt;

/// The kind of a play. The official table's types 6, 10 and 11 come in two kicker forms each;
/// they are separate kinds here because plays compare only within one form.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::{classify, Kind};
///
/// let kind = |text: &str| classify(text.parse::<Counts>().unwrap()).map(|c| c.kind);
/// assert_eq!(kind("3334"), Some(Kind::TripleSingle));
/// assert_eq!(kind("34567"), Some(Kind::Straight));
/// assert_eq!(kind("XD"), Some(Kind::Rocket));
/// assert_eq!(kind("JQKA2"), None); // a straight stops at the ace
/// assert_eq!(Kind::TripleSingle.table_number(), Kind::TriplePair.table_number());
/// assert!(Kind::Bomb.is_bomb_like() && !Kind::FourSingles.is_bomb_like());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// No play.
    Pass,
    /// Both jokers.
    Rocket,
    /// Four of one rank.
    Bomb,
    /// One card.
    Single,
    /// Two cards of one rank.
    Pair,
    /// Three cards of one rank.
    Triple,
    /// A triple and one card of another rank.
    TripleSingle,
    /// A triple and a pair.
    TriplePair,
    /// Five or more consecutive ranks within `3..=A`, one card each.
    Straight,
    /// Three or more consecutive pairs within `3..=A`.
    PairStraight,
    /// Two or more consecutive triples within `3..=A`, nothing else.
    Plane,
    /// A plane of L triples and L single cards.
    PlaneSingles,
    /// A plane of L triples and L pairs.
    PlanePairs,
    /// Four of a rank and two single cards.
    FourSingles,
    /// Four of a rank and two pairs.
    FourPairs,
}

impl Kind {
    /// Every kind, in the official table's order (pass first).
    pub const ALL: [Kind; 15] = [
        Kind::Pass,
        Kind::Rocket,
        Kind::Bomb,
        Kind::Single,
        Kind::Pair,
        Kind::Triple,
        Kind::TripleSingle,
        Kind::TriplePair,
        Kind::Straight,
        Kind::PairStraight,
        Kind::Plane,
        Kind::PlaneSingles,
        Kind::PlanePairs,
        Kind::FourSingles,
        Kind::FourPairs,
    ];

    /// The number of the type in the official table (0 = pass, 1 = rocket … 11 = four with two).
    #[must_use]
    pub const fn table_number(self) -> u8 {
        match self {
            Kind::Pass => 0,
            Kind::Rocket => 1,
            Kind::Bomb => 2,
            Kind::Single => 3,
            Kind::Pair => 4,
            Kind::Triple => 5,
            Kind::TripleSingle | Kind::TriplePair => 6,
            Kind::Straight => 7,
            Kind::PairStraight => 8,
            Kind::Plane => 9,
            Kind::PlaneSingles | Kind::PlanePairs => 10,
            Kind::FourSingles | Kind::FourPairs => 11,
        }
    }

    /// A short English name, as the tools print it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pass => "pass",
            Kind::Rocket => "rocket",
            Kind::Bomb => "bomb",
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triple => "triple",
            Kind::TripleSingle => "triple with a single",
            Kind::TriplePair => "triple with a pair",
            Kind::Straight => "straight",
            Kind::PairStraight => "pair straight",
            Kind::Plane => "plane",
            Kind::PlaneSingles => "plane with single wings",
            Kind::PlanePairs => "plane with pair wings",
            Kind::FourSingles => "four with two singles",
            Kind::FourPairs => "four with two pairs",
        }
    }

    /// Cards per link of the chain, kickers excluded (1 for a straight, 3 for planes …).
    #[must_use]
    pub const fn width(self) -> u8 {
        match self {
            Kind::Pass => 0,
            Kind::Single | Kind::Straight | Kind::Rocket => 1,
            Kind::Pair | Kind::PairStraight => 2,
            Kind::Triple
            | Kind::TripleSingle
            | Kind::TriplePair
            | Kind::Plane
            | Kind::PlaneSingles
            | Kind::PlanePairs => 3,
            Kind::Bomb | Kind::FourSingles | Kind::FourPairs => 4,
        }
    }

    /// Whether plays of this kind are chains of links: straights, pair straights and planes.
    #[must_use]
    pub const fn is_chain(self) -> bool {
        matches!(
            self,
            Kind::Straight
                | Kind::PairStraight
                | Kind::Plane
                | Kind::PlaneSingles
                | Kind::PlanePairs
        )
    }

    /// Whether plays of this kind beat every ordinary play (bombs and the rocket).
    #[must_use]
    pub const fn is_bomb_like(self) -> bool {
        matches!(self, Kind::Rocket | Kind::Bomb)
    }
}

/// A play at the rank level: its kind, key rank, chain length and the full rank multiset.
///
/// `key` is the rank that decides comparisons: the rank of the single, pair, triple or four,
/// the highest rank of a chain; `len` is the number of links of a chain (1 for everything
/// else, 0 for pass). `cards` includes the kickers.
///
/// ```
/// use ddz_core::cards::{Counts, Rank};
/// use ddz_core::rules::{classify, Combo, Kind};
///
/// let play = |text: &str| classify(text.parse::<Counts>().unwrap()).unwrap();
/// let plane = play("333444+56");
/// let four = Rank::from_symbol('4').unwrap();
/// assert_eq!((plane.kind, plane.key, plane.len), (Kind::PlaneSingles, four, 2));
/// assert_eq!(plane.kickers().to_string(), "56");
/// assert!(play("444555+37").beats(&plane)); // same kind and length, higher key
/// assert!(!play("55").beats(&plane));
/// assert!(play("7777").beats(&plane) && play("XD").beats(&play("7777")));
/// assert!(plane.beats(&Combo::PASS) && !Combo::PASS.beats(&plane));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Combo {
    /// The kind.
    pub kind: Kind,
    /// The key rank (the highest rank of a chain).
    pub key: Rank,
    /// Links in the chain: L for straights, pair straights and planes, 1 otherwise, 0 for pass.
    pub len: u8,
    /// Every card of the play, kickers included.
    pub cards: Counts,
}

impl Combo {
    /// The pass.
    pub const PASS: Combo = Combo {
        kind: Kind::Pass,
        key: Rank::THREE,
        len: 0,
        cards: Counts::EMPTY,
    };

    /// Whether this is the pass.
    #[must_use]
    pub const fn is_pass(&self) -> bool {
        matches!(self.kind, Kind::Pass)
    }

    /// Number of cards.
    #[must_use]
    pub const fn size(&self) -> u32 {
        self.cards.total()
    }

    /// The cards that are not kickers (the chain, triple or four itself).
    #[must_use]
    pub fn body(&self) -> Counts {
        match self.kind {
            Kind::TripleSingle | Kind::TriplePair => Counts::of(self.key, 3),
            Kind::FourSingles | Kind::FourPairs => Counts::of(self.key, 4),
            Kind::PlaneSingles | Kind::PlanePairs => Counts::run(self.low(), self.key, 3),
            _ => self.cards,
        }
    }

    /// The kicker cards (empty for kinds without kickers).
    #[must_use]
    pub fn kickers(&self) -> Counts {
        self.cards.minus(self.body())
    }

    /// The lowest rank of the chain (the key for non-chains).
    #[must_use]
    pub fn low(&self) -> Rank {
        Rank::new(self.key.index() as u8 + 1 - self.len.max(1)).expect("chain inside 3..A")
    }

    /// Whether `self`, played on top of `other`, is legal: a lead beats a pass; otherwise the
    /// rocket beats everything, a bomb every non-bomb and lower bombs, and other plays need the
    /// same kind and length with a higher key. A pass beats nothing.
    #[must_use]
    pub fn beats(&self, other: &Combo) -> bool {
        match (self.kind, other.kind) {
            (Kind::Pass, _) => false,
            (_, Kind::Pass) => true,
            (_, Kind::Rocket) => false,
            (Kind::Rocket, _) => true,
            (Kind::Bomb, Kind::Bomb) => self.key > other.key,
            (Kind::Bomb, _) => true,
            (a, b) => a == b && self.len == other.len && self.key > other.key,
        }
    }

    /// Whether the cards have more than one reading (see [`readings`]) or use both jokers as
    /// kickers: platforms may judge such a play differently, so it is played only when nothing
    /// else is legal.
    ///
    /// ```
    /// use ddz_core::rules::classify;
    ///
    /// let play = |text: &str| classify(text.parse().unwrap()).unwrap();
    /// assert!(play("33334444").is_ambiguous()); // a plane, or four with two pairs
    /// assert!(play("3333XD").is_ambiguous()); // the rocket as two kickers
    /// assert!(!play("333444+57").is_ambiguous());
    /// ```
    #[must_use]
    pub fn is_ambiguous(&self) -> bool {
        let kickers_hold_rocket = matches!(self.kind, Kind::PlaneSingles | Kind::FourSingles)
            && self.cards.get(Rank::SMALL_JOKER) == 1
            && self.cards.get(Rank::BIG_JOKER) == 1;
        let wings = matches!(
            self.kind,
            Kind::PlaneSingles
                | Kind::PlanePairs
                | Kind::Plane
                | Kind::FourSingles
                | Kind::FourPairs
        );
        kickers_hold_rocket || (wings && readings(self.cards).len() > 1)
    }
}

impl fmt::Display for Combo {
    /// Human notation, ranks ascending, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            write!(f, "pass")
        } else {
            write!(f, "{}", self.cards)
        }
    }
}

/// The canonical reading of a card multiset, or `None` when it is no legal play (or empty).
///
/// ```
/// use ddz_core::cards::{Counts, Rank};
/// use ddz_core::rules::{classify, Kind};
///
/// let read = |text: &str| classify(text.parse::<Counts>().unwrap());
/// let trio = read("QQQ3").unwrap();
/// assert_eq!((trio.kind, trio.key), (Kind::TripleSingle, Rank::from_symbol('Q').unwrap()));
/// // Four with two pairs or a plane with wings? The table's order reads the plane.
/// assert_eq!(read("33334444").unwrap().kind, Kind::PlaneSingles);
/// assert_eq!(read("3X"), None); // no play
/// assert_eq!(classify(Counts::EMPTY), None); // a pass is no cards, not a reading
/// ```
#[must_use]
pub fn classify(cards: Counts) -> Option<Combo> {
    let mut found = None;
    scan_readings(cards, |combo| {
        found = Some(combo);
        false
    });
    found
}

/// Every reading of a card multiset, canonical one first, each kind's criteria applied on its
/// own (a bomb is not also read as a triple with one). More than one means platforms that do not
/// follow the table's order could judge the play differently.
///
/// ```
/// use ddz_core::cards::Counts;
/// use ddz_core::rules::{readings, Kind};
///
/// let kinds = |text: &str| -> Vec<(Kind, char)> {
///     let cards: Counts = text.parse().unwrap();
///     readings(cards).iter().map(|c| (c.kind, c.key.symbol())).collect()
/// };
/// // The canonical plane with wings first, then four with two pairs keyed on either four.
/// let ambiguous = [(Kind::PlaneSingles, '4'), (Kind::FourPairs, '4'), (Kind::FourPairs, '3')];
/// assert_eq!(kinds("33334444"), ambiguous);
/// assert_eq!(kinds("34567"), [(Kind::Straight, '7')]); // one reading: every platform agrees
/// assert!(kinds("3X").is_empty());
/// ```
#[must_use]
pub fn readings(cards: Counts) -> ArrayVec<Combo, 16> {
    let mut all = ArrayVec::new();
    scan_readings(cards, |combo| all.try_push(combo).is_ok());
    all
}

/// If the non-empty ranks of `mask` form one run ending at or below `A` with length ≥ `min`,
/// its (low, high) ranks.
fn chain_of(mask: u16, min: u32) -> Option<(Rank, Rank)> {
    if mask == 0 {
        return None;
    }
    let low = mask.trailing_zeros();
    let run = mask >> low;
    let len = run.count_ones();
    let consecutive = run & (run + 1) == 0;
    let high = low + len - 1;
    if consecutive && len >= min && high <= Rank::ACE.index() as u32 {
        Some((Rank::new(low as u8)?, Rank::new(high as u8)?))
    } else {
        None
    }
}

/// Visits the readings of `cards` in canonical order until `visit` returns false.
fn scan_readings(cards: Counts, mut visit: impl FnMut(Combo) -> bool) {
    let n = cards.total();
    if n == 0 {
        return;
    }
    let c = cards.per_rank();
    let make = |kind, key: Rank, len: u8| Combo {
        kind,
        key,
        len,
        cards,
    };
    let with =
        |k: u8| -> Option<Rank> { Rank::ALL.iter().rev().copied().find(|r| c[r.index()] == k) };
    let distinct = Rank::ALL.iter().filter(|r| c[r.index()] > 0).count();
    let mask = cards.ranks_with_at_least(1);
    macro_rules! emit {
        ($combo:expr) => {
            if !visit($combo) {
                return;
            }
        };
    }

    // 1 rocket, 2 bomb, 3 single, 4 pair, 5 triple.
    if n == 2 && c[13] == 1 && c[14] == 1 {
        emit!(make(Kind::Rocket, Rank::BIG_JOKER, 1));
    }
    if n == 4 && distinct == 1 {
        emit!(make(Kind::Bomb, with(4).expect("four of a rank"), 1));
    }
    if n == 1 {
        emit!(make(Kind::Single, cards.lowest().expect("one card"), 1));
    }
    if n == 2 && distinct == 1 {
        emit!(make(Kind::Pair, with(2).expect("a pair"), 1));
    }
    if n == 3 && distinct == 1 {
        emit!(make(Kind::Triple, with(3).expect("a triple"), 1));
    }
    // 6 triple with one: a triple and a single or a pair of another rank.
    if n == 4 && distinct == 2 {
        if let Some(t) = with(3) {
            emit!(make(Kind::TripleSingle, t, 1));
        }
    }
    if n == 5 && distinct == 2 {
        if let (Some(t), Some(_)) = (with(3), with(2)) {
            emit!(make(Kind::TriplePair, t, 1));
        }
    }
    // 7 straight, 8 pair straight, 9 plane: every rank present holds the same count.
    let uniform = |k: u8| c.iter().all(|&x| x == 0 || x == k);
    if n >= 5 && uniform(1) {
        if let Some((_, high)) = chain_of(mask, 5) {
            emit!(make(Kind::Straight, high, n as u8));
        }
    }
    if n >= 6 && uniform(2) {
        if let Some((_, high)) = chain_of(mask, 3) {
            emit!(make(Kind::PairStraight, high, (n / 2) as u8));
        }
    }
    if n >= 6 && uniform(3) {
        if let Some((_, high)) = chain_of(mask, 2) {
            emit!(make(Kind::Plane, high, (n / 3) as u8));
        }
    }
    // 10 plane with wings, 11 four with two.
    if wings_readings(cards, &mut visit) {
        fours_readings(cards, &mut visit);
    }
}

/// Visits the readings of `cards` as a plane with wings until `visit` returns false (then
/// false): longest plane first (singles form, n = 4L, before pairs, n = 5L), then the highest
/// key.
fn wings_readings(cards: Counts, visit: &mut impl FnMut(Combo) -> bool) -> bool {
    let n = cards.total();
    let c = cards.per_rank();
    for (kind, per_link) in [(Kind::PlaneSingles, 4), (Kind::PlanePairs, 5)] {
        if n % per_link != 0 || n / per_link < 2 {
            continue;
        }
        let len = (n / per_link) as usize;
        for high in (len - 1..=Rank::ACE.index()).rev() {
            let low = high + 1 - len;
            if !(low..=high).all(|r| c[r] >= 3) {
                continue;
            }
            let pairs_ok = kind == Kind::PlaneSingles
                || (0..15).all(|r| {
                    let rest = c[r] - if (low..=high).contains(&r) { 3 } else { 0 };
                    rest % 2 == 0
                });
            let combo = Combo {
                kind,
                key: Rank::ALL[high],
                len: len as u8,
                cards,
            };
            if pairs_ok && !visit(combo) {
                return false;
            }
        }
    }
    true
}

/// Visits the readings of `cards` as a four with two until `visit` returns false: two single
/// cards (any) or two pairs; the highest four first.
fn fours_readings(cards: Counts, visit: &mut impl FnMut(Combo) -> bool) {
    let n = cards.total();
    let c = cards.per_rank();
    let make = |kind, key: Rank| Combo {
        kind,
        key,
        len: 1,
        cards,
    };
    if n == 6 {
        if let Some(f) = Rank::ALL.iter().rev().find(|r| c[r.index()] == 4) {
            if !visit(make(Kind::FourSingles, *f)) {
                return;
            }
        }
    }
    if n == 8 {
        for f in Rank::ALL.iter().rev().filter(|r| c[r.index()] == 4) {
            let pairs_ok = (0..15).all(|r| r == f.index() || c[r] % 2 == 0);
            if pairs_ok && !visit(make(Kind::FourPairs, *f)) {
                return;
            }
        }
    }
}
