//! Deals: seeded and reproducible, read from and written to the 2015 platform's `cards.dat` form
//! (the slice of a match's deals that one shard plays is the `ddz` crate's `shards::Shard`).
//!
//! A deal file holds 4 lines per deal: seat A's 17 card codes, B's, C's, then the 3 bottom codes,
//! space-separated, in any order. The real file ends its lines with a space (and `\r\n`); reading
//! is liberal (any white space or commas, blank lines skipped), writing follows the platform's form.

use crate::cards::Cards;
use crate::game::{BySeat, Seat};
use std::fmt;

/// One deal: each seat's 17 cards and the 3 bottom cards.
///
/// ```
/// use ddz_core::game::deal::Deal;
/// use ddz_core::game::Seat;
///
/// let deal = Deal::seeded(42, 0);
/// assert!(deal.is_valid()); // 17 cards a seat, 3 in the bottom, each card once
/// assert_eq!((deal.hands[Seat::A].len(), deal.bottom.len()), (17, 3));
/// assert!(deal.hands[Seat::A].and(deal.bottom).is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    /// The cards dealt to each seat.
    pub hands: BySeat<Cards>,
    /// The bottom cards, given to the landlord.
    pub bottom: Cards,
}

/// Why a deal file could not be read. Each variant names the line (1-based).
///
/// ```
/// use ddz_core::game::deal::{parse_dat, DealError};
///
/// assert_eq!(parse_dat("0 1 2\n"), Err(DealError::WrongSize(1, 3)));
/// let e = parse_dat("0 1 x\n").unwrap_err();
/// assert_eq!(e.to_string(), "line 1: 'x' is not a card");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// A line that is not a card list.
    BadLine(usize, String),
    /// A hand without 17 cards, or a bottom without 3.
    WrongSize(usize, usize),
    /// A deal whose four lines do not hold all 54 cards exactly once.
    NotADeck(usize),
    /// The file ends in the middle of a deal.
    Truncated,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::BadLine(n, e) => write!(f, "line {}: {}", n, e),
            DealError::WrongSize(n, k) => {
                let cards = if *k == 1 { "card" } else { "cards" };
                write!(f, "line {}: {} {}", n, k, cards)
            }
            DealError::NotADeck(n) => write!(
                f,
                "the deal ending at line {} does not hold the 54 cards once each",
                n
            ),
            DealError::Truncated => write!(f, "the file ends in the middle of a deal"),
        }
    }
}

impl std::error::Error for DealError {}

/// Mixes a match seed and an index into an independent seed (splitmix64's finaliser), so that
/// deal `i` and game `i` get their randomness from their own seed whatever the thread count.
///
/// ```
/// use ddz_core::game::deal::mix;
///
/// assert_eq!(mix(7, 3), mix(7, 3));
/// assert_ne!(mix(7, 3), mix(7, 4));
/// assert_ne!(mix(7, 3), mix(8, 3));
/// ```
#[must_use]
pub fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Deal {
    /// Deal number `index` of the match seeded with `seed`: a uniform shuffle of the deck.
    ///
    /// ```
    /// use ddz_core::game::deal::Deal;
    ///
    /// // The same match seed and index, the same deal, on any machine and thread count.
    /// assert_eq!(Deal::seeded(42, 0), Deal::seeded(42, 0));
    /// assert_ne!(Deal::seeded(42, 0), Deal::seeded(42, 1));
    /// assert!((0..10).all(|i| Deal::seeded(7, i).is_valid()));
    /// ```
    #[must_use]
    pub fn seeded(seed: u64, index: u64) -> Deal {
        let mut rng = fastrand::Rng::with_seed(mix(seed, index));
        let mut codes: [u8; 54] = [0; 54];
        for (i, c) in codes.iter_mut().enumerate() {
            *c = i as u8;
        }
        rng.shuffle(&mut codes);
        let set = |slice: &[u8]| slice.iter().copied().collect::<Cards>();
        Deal {
            hands: BySeat([set(&codes[0..17]), set(&codes[17..34]), set(&codes[34..51])]),
            bottom: set(&codes[51..54]),
        }
    }

    /// Whether the deal holds every card once: 17 per seat, 3 in the bottom.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        let mut all = self.bottom;
        let mut total = self.bottom.len();
        for (_, h) in self.hands.iter() {
            all = all.or(*h);
            total += h.len();
        }
        all == Cards::DECK
            && total == 54
            && self.bottom.len() == 3
            && self.hands.0.iter().all(|h| h.len() == 17)
    }

    /// The deal's four lines in `cards.dat` form (codes ascending, each followed by a space).
    ///
    /// ```
    /// use ddz_core::game::deal::Deal;
    ///
    /// let text = Deal::seeded(1, 0).to_dat();
    /// let lines: Vec<&str> = text.lines().collect();
    /// assert_eq!(lines.len(), 4); // A, B, C, then the bottom
    /// assert_eq!(lines[3].split_whitespace().count(), 3);
    /// assert!(text.ends_with(" \r\n")); // the platform's form: a space after each code, CRLF
    /// ```
    #[must_use]
    pub fn to_dat(&self) -> String {
        let mut out = String::new();
        for cards in [
            self.hands[Seat::A],
            self.hands[Seat::B],
            self.hands[Seat::C],
            self.bottom,
        ] {
            for code in cards.codes() {
                out.push_str(&code.to_string());
                out.push(' ');
            }
            out.push_str("\r\n");
        }
        out
    }
}

/// Reads every deal of a `cards.dat` file.
///
/// ```
/// use ddz_core::game::deal::{parse_dat, write_dat, Deal, DealError};
///
/// let deals = [Deal::seeded(1, 0), Deal::seeded(1, 1)];
/// let text = write_dat(&deals);
/// assert_eq!(parse_dat(&text), Ok(deals.to_vec()));
/// // Read liberally (commas, blank lines), but a deal cut short is refused.
/// let liberal = format!("\n{}", text.replace(' ', ","));
/// assert_eq!(parse_dat(&liberal), Ok(deals.to_vec()));
/// let three: String = text.lines().take(3).map(|l| format!("{}\n", l)).collect();
/// assert_eq!(parse_dat(&three), Err(DealError::Truncated));
/// ```
pub fn parse_dat(text: &str) -> Result<Vec<Deal>, DealError> {
    let mut deals = Vec::new();
    let mut group: Vec<Cards> = Vec::with_capacity(4);
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let cards = Cards::parse_codes(line).map_err(|e| DealError::BadLine(n, e.to_string()))?;
        let want = if group.len() == 3 { 3 } else { 17 };
        if cards.len() != want {
            return Err(DealError::WrongSize(n, cards.len()));
        }
        group.push(cards);
        if group.len() == 4 {
            let deal = Deal {
                hands: BySeat([group[0], group[1], group[2]]),
                bottom: group[3],
            };
            if !deal.is_valid() {
                return Err(DealError::NotADeck(n));
            }
            deals.push(deal);
            group.clear();
        }
    }
    if group.is_empty() {
        Ok(deals)
    } else {
        Err(DealError::Truncated)
    }
}

/// Writes deals in `cards.dat` form.
///
/// ```
/// use ddz_core::game::deal::{write_dat, Deal};
///
/// let deals = [Deal::seeded(1, 0), Deal::seeded(1, 1)];
/// assert_eq!(write_dat(&deals).lines().count(), 8); // four lines a deal
/// assert_eq!(write_dat(&deals[..1]), deals[0].to_dat());
/// ```
#[must_use]
pub fn write_dat(deals: &[Deal]) -> String {
    deals.iter().map(Deal::to_dat).collect()
}
