//! Seats at the table and per-seat data.

use crate::named::Named;
use std::ops::{Index, IndexMut};

/// A seat: `A` (West, 0), `B` (South, 1), `C` (East, 2). Bidding and play go `A → B → C → A`.
///
/// ```
/// use ddz_core::game::Seat;
///
/// assert_eq!(Seat::A.next(), Seat::B);
/// assert_eq!(Seat::A.prev(), Seat::C); // C plays just before A
/// assert_eq!((Seat::C.index(), Seat::from_index(2)), (2, Some(Seat::C)));
/// assert_eq!(Seat::from_letter('b'), Some(Seat::B));
/// // Display and FromStr round-trip through the protocol letter, read in either case.
/// for seat in Seat::ALL {
///     assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
/// }
/// assert_eq!("c".parse::<Seat>(), Ok(Seat::C));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// West, seat 0.
    A,
    /// South, seat 1.
    B,
    /// East, seat 2.
    C,
}

impl Seat {
    /// All seats in play order.
    pub const ALL: [Seat; 3] = [Seat::A, Seat::B, Seat::C];

    /// The seat's index 0..=2.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with this index, if it is one.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::A),
            1 => Some(Seat::B),
            2 => Some(Seat::C),
            _ => None,
        }
    }

    /// The next seat in play order.
    #[must_use]
    pub const fn next(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::C,
            Seat::C => Seat::A,
        }
    }

    /// The previous seat in play order (the one who plays just before this one).
    #[must_use]
    pub const fn prev(self) -> Seat {
        self.next().next()
    }

    /// The protocol letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Seat::A => 'A',
            Seat::B => 'B',
            Seat::C => 'C',
        }
    }

    /// The seat a protocol letter names (either case).
    #[must_use]
    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'A' => Some(Seat::A),
            'B' => Some(Seat::B),
            'C' => Some(Seat::C),
            _ => None,
        }
    }
}

impl Named for Seat {
    /// The protocol letters, read in either case (`"b"` is [`Seat::B`]); the protocol, which
    /// writes the seat in front of the cards, reads it with [`Seat::from_letter`].
    const NAMES: &'static [(&'static str, Seat)] =
        &[("A", Seat::A), ("B", Seat::B), ("C", Seat::C)];
    const WHAT: Option<&'static str> = Some("a seat");
    const ANY_CASE: bool = true;
}
crate::named_enum!(Seat);

/// Text that is not one seat letter.
///
/// ```
/// use ddz_core::game::{ParseSeatError, Seat};
///
/// let e: ParseSeatError = "D".parse::<Seat>().unwrap_err();
/// assert_eq!(e.to_string(), "'D' is not a seat (A, B or C)");
/// ```
pub type ParseSeatError = crate::named::ParseNameError;

/// A seat's role once the landlord is known, which is also its side: the landlord alone, or
/// the two farmers as one team.
///
/// ```
/// use ddz_core::game::{Role, Seat};
///
/// assert_eq!(Role::of(Seat::B, Seat::B), Role::Landlord);
/// assert_eq!(Role::of(Seat::A, Seat::B), Role::Farmer);
/// assert_eq!(Role::Farmer.other(), Role::Landlord);
/// assert_eq!(Role::Farmer.wins(), "farmers win");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The seat that took the bottom cards and plays alone.
    Landlord,
    /// One of the two seats playing together against the landlord.
    Farmer,
}

impl Role {
    /// The role of `seat` when `landlord` is the landlord.
    #[must_use]
    pub fn of(seat: Seat, landlord: Seat) -> Role {
        if seat == landlord {
            Role::Landlord
        } else {
            Role::Farmer
        }
    }

    /// The other side.
    #[must_use]
    pub fn other(self) -> Role {
        match self {
            Role::Landlord => Role::Farmer,
            Role::Farmer => Role::Landlord,
        }
    }

    /// The side's win in words: `landlord wins`, `farmers win` (as `ddz solve` prints it).
    #[must_use]
    pub fn wins(self) -> &'static str {
        match self {
            Role::Landlord => "landlord wins",
            Role::Farmer => "farmers win",
        }
    }
}

/// One value per seat, indexed by [`Seat`].
///
/// ```
/// use ddz_core::game::{BySeat, Seat};
///
/// let mut left = BySeat([17u8; 3]);
/// left[Seat::B] += 3; // B takes the bottom
/// left[Seat::B] -= 5; // and plays five cards
/// assert_eq!(left.0, [17, 15, 17]);
/// assert_eq!(left.map(u32::from).values().sum::<u32>(), 49);
/// let landlord = BySeat::from_fn(|seat| seat == Seat::B);
/// let found = landlord.iter().find(|&(_, &is_landlord)| is_landlord);
/// assert_eq!(found.map(|(seat, _)| seat), Some(Seat::B));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; 3]);

impl<T> BySeat<T> {
    /// Builds the per-seat values from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat([f(Seat::A), f(Seat::B), f(Seat::C)])
    }

    /// The seats with their values, in play order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.iter().copied().zip(self.0.iter())
    }

    /// The values, in play order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// The values, in play order, to change.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut()
    }

    /// Each seat's value turned into another by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// A seat in JSON (the arena's logs, the browser's pages): its letter, `"A"`, beside the type
/// as the house keeps each core type's serde.
impl serde::Serialize for Seat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Seat {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
