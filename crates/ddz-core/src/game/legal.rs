//! The one definition of what is legal in a game: a bid ([`judge_bid`]) and a play
//! ([`judge_play`]), each refused with a typed reason whose `Display` names the broken rule.
//!
//! Every front end judges through these: the arena's referee (a fault carries the reason), a
//! person's input (the refusal is the reason), the engine's tracker (which is told plays by a
//! referee and resynchronises, but reports the same reason) and the full game model
//! ([`super::Round`]). So a play refused anywhere is refused everywhere, in the same words.

use super::seat::Seat;
use crate::cards::{Cards, Counts, Rank};
pub use crate::rules::platform::recorded_reading;
use crate::rules::{beats_somewhere, classify, Combo, Kind, Platform};
use std::fmt;

/// The highest bid: bids are 0 (no bid), 1, 2 or 3.
pub const MAX_BID: u8 = 3;

/// Why a bid is refused.
///
/// ```
/// use ddz_core::game::{judge_bid, IllegalBid};
///
/// assert_eq!(judge_bid(2, 2), Err(IllegalBid::NotAbove { bid: 2, highest: 2 }));
/// let e = judge_bid(4, 1).unwrap_err();
/// assert_eq!(e, IllegalBid::NoSuchBid { bid: 4, highest: 1 });
/// assert_eq!(e.to_string(), "4 is not a bid: the legal bids are 0 (no bid), 2 or 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalBid {
    /// A bid above [`MAX_BID`].
    NoSuchBid {
        /// The bid made.
        bid: u8,
        /// The highest bid so far, which says what is legal.
        highest: u8,
    },
    /// A bid that is not above the highest so far.
    NotAbove {
        /// The bid made.
        bid: u8,
        /// The highest bid so far.
        highest: u8,
    },
}

impl fmt::Display for IllegalBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalBid::NoSuchBid { bid, highest } => {
                write!(f, "{} is not a bid: {}", bid, legal_bids_said(highest))
            }
            IllegalBid::NotAbove { bid, highest } => write!(
                f,
                "a bid of {} is not above the highest so far ({}): {}",
                bid,
                highest,
                legal_bids_said(highest)
            ),
        }
    }
}

impl std::error::Error for IllegalBid {}

/// Judges `bid` when the highest bid so far is `highest`: 0 (no bid) is always legal, any
/// other bid must be above `highest` and at most [`MAX_BID`].
///
/// ```
/// use ddz_core::game::judge_bid;
///
/// assert!(judge_bid(0, 3).is_ok()); // no bid is always legal
/// assert!(judge_bid(1, 0).is_ok());
/// assert!(judge_bid(2, 2).is_err()); // not above the highest so far
/// assert!(judge_bid(4, 0).is_err()); // no such bid
/// ```
pub fn judge_bid(bid: u8, highest: u8) -> Result<(), IllegalBid> {
    if bid > MAX_BID {
        Err(IllegalBid::NoSuchBid { bid, highest })
    } else if bid != 0 && bid <= highest {
        Err(IllegalBid::NotAbove { bid, highest })
    } else {
        Ok(())
    }
}

/// The bids legal when the highest so far is `highest`, lowest first ([`judge_bid`]'s rule).
///
/// ```
/// use ddz_core::game::legal::legal_bids;
///
/// assert_eq!(legal_bids(0).collect::<Vec<u8>>(), [0, 1, 2, 3]);
/// assert_eq!(legal_bids(1).collect::<Vec<u8>>(), [0, 2, 3]);
/// assert_eq!(legal_bids(3).collect::<Vec<u8>>(), [0]);
/// ```
pub fn legal_bids(highest: u8) -> impl Iterator<Item = u8> {
    (0..=MAX_BID).filter(move |&b| judge_bid(b, highest).is_ok())
}

/// The legal bids in words: `0 (no bid), 2 or 3`.
///
/// ```
/// use ddz_core::game::legal::legal_bid_words;
///
/// assert_eq!(legal_bid_words(1), "0 (no bid), 2 or 3");
/// assert_eq!(legal_bid_words(2), "0 (no bid) or 3");
/// ```
#[must_use]
pub fn legal_bid_words(highest: u8) -> String {
    let legal: Vec<String> = legal_bids(highest)
        .map(|b| {
            if b == 0 {
                "0 (no bid)".to_string()
            } else {
                b.to_string()
            }
        })
        .collect();
    match legal.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {}", rest.join(", "), last),
        _ => legal.join(""),
    }
}

/// What may be bid, as a refusal says it: after a 3 only 0 is left, and the bidder is told so
/// rather than offered bids that would be refused too.
///
/// ```
/// use ddz_core::game::legal::legal_bids_said;
///
/// assert_eq!(legal_bids_said(2), "the legal bids are 0 (no bid) or 3");
/// assert_eq!(legal_bids_said(3), "the only bid left is 0 (no bid)");
/// ```
#[must_use]
pub fn legal_bids_said(highest: u8) -> String {
    if legal_bids(highest).count() == 1 {
        format!("the only bid left is {}", legal_bid_words(highest))
    } else {
        format!("the legal bids are {}", legal_bid_words(highest))
    }
}

/// Why a play is refused.
///
/// ```
/// use ddz_core::cards::{Cards, Rank};
/// use ddz_core::game::{judge_play, IllegalPlay, Seat};
/// use ddz_core::rules::Platform;
///
/// let hand = Cards::parse_any("33345").unwrap();
/// let refused = judge_play(Platform::Canonical, hand, None, None).unwrap_err();
/// assert_eq!(refused, IllegalPlay::PassOnLead);
/// // Told to the player, or said of a seat in a note about it.
/// assert_eq!(refused.to_string(), "you lead: a pass is not allowed, play anything");
/// assert_eq!(refused.said_of(Seat::A).to_string(), "A leads: a pass is not allowed");
/// let four = Cards::parse_any("3333").ok();
/// let not_held = judge_play(Platform::Canonical, hand, None, four).unwrap_err();
/// assert_eq!(not_held.to_string(), "not in your hand: you hold 333, not 3333");
/// assert_eq!(not_held.missing(), [(Rank::THREE, 4, 3)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalPlay {
    /// A pass by the seat that leads.
    PassOnLead,
    /// Cards the seat does not hold (by rank, or those very cards: another suit).
    NotHeld {
        /// The cards played.
        cards: Counts,
        /// The seat's hand.
        hand: Counts,
    },
    /// Cards that form no play on the platform judging.
    NotAPlay {
        /// The cards played.
        cards: Counts,
        /// Whose reading judged them.
        platform: Platform,
    },
    /// A play that does not beat the play on the table.
    DoesNotBeat {
        /// The play made, as [`judge_play`] reads it.
        play: Combo,
        /// The play it had to beat.
        on: Combo,
        /// Whose reading judged them.
        platform: Platform,
    },
}

/// A refusal said of a seat in a note about it, [`IllegalPlay::said_of`]: `A leads: a pass is
/// not allowed`, where the refusal itself speaks to the player (`you lead: …`).
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{judge_play, Seat};
/// use ddz_core::rules::Platform;
///
/// let hand = Cards::parse_any("33345").unwrap();
/// let two = Cards::parse_any("2").ok();
/// let e = judge_play(Platform::Canonical, hand, None, two).unwrap_err();
/// assert_eq!(e.to_string(), "not in your hand: you hold no 2");
/// assert_eq!(e.said_of(Seat::C).to_string(), "not in C's hand: C holds no 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaidOf {
    reason: IllegalPlay,
    seat: Seat,
}

impl fmt::Display for SaidOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.write(f, Some(self.seat))
    }
}

impl fmt::Display for IllegalPlay {
    /// The refusal as the player is told it: `you lead: a pass is not allowed, play anything`
    /// (a person at the table; [`IllegalPlay::said_of`] names a seat instead).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

impl IllegalPlay {
    /// The refusal said of `seat`, for a note or a report about that seat, which may be read by
    /// anyone but the seat's player: `A leads: a pass is not allowed`, `not in B's hand: B
    /// holds no 2`.
    #[must_use]
    pub fn said_of(self, seat: Seat) -> SaidOf {
        SaidOf { reason: self, seat }
    }

    /// Writes the refusal, to the player (`who` = `None`: "you") or about the seat `who`.
    fn write(&self, f: &mut fmt::Formatter<'_>, who: Option<Seat>) -> fmt::Result {
        // The subject and its verb, the possessive: "you hold", "your hand"; "A holds", "A's".
        let (holds, whose) = match who {
            None => ("you hold".to_string(), "your".to_string()),
            Some(s) => (format!("{} holds", s), format!("{}'s", s)),
        };
        match *self {
            IllegalPlay::PassOnLead => match who {
                None => write!(f, "you lead: a pass is not allowed, play anything"),
                Some(s) => write!(f, "{} leads: a pass is not allowed", s),
            },
            IllegalPlay::NotHeld { .. } => {
                let parts: Vec<String> = self
                    .missing()
                    .into_iter()
                    .map(|(rank, played, held)| match held {
                        0 => format!("{} no {}", holds, rank),
                        n => format!(
                            "{} {}, not {}",
                            holds,
                            rank.symbol().to_string().repeat(n as usize),
                            rank.symbol().to_string().repeat(played as usize)
                        ),
                    })
                    .collect();
                if parts.is_empty() {
                    write!(f, "not in {} hand: those very cards", whose)
                } else {
                    write!(f, "not in {} hand: {}", whose, parts.join("; "))
                }
            }
            IllegalPlay::NotAPlay { cards, platform } => {
                write!(
                    f,
                    "not a play: {} is none of the table's combinations",
                    cards
                )?;
                reading(f, platform)
            }
            IllegalPlay::DoesNotBeat { play, on, platform } => {
                if !platform.is_official() {
                    write!(f, "does not beat: {} is not above {}", play.cards, on)?;
                } else if on.kind == Kind::Rocket {
                    write!(f, "nothing beats the rocket")?;
                } else if play.kind == on.kind && play.len == on.len {
                    write!(
                        f,
                        "does not beat: {} is not above {} (a higher {}, a bomb or the rocket \
                         is needed)",
                        play,
                        on,
                        on.kind.name()
                    )?;
                } else if on.kind == Kind::Bomb {
                    write!(
                        f,
                        "does not beat: only a higher bomb or the rocket beats the bomb {}",
                        on
                    )?;
                } else {
                    write!(
                        f,
                        "does not beat: {} is a {}; {} needs a {} of {}, a bomb or the rocket",
                        play,
                        play.kind.name(),
                        on,
                        on.kind.name(),
                        card_count(on.size())
                    )?;
                }
                reading(f, platform)
            }
        }
    }
}

impl std::error::Error for IllegalPlay {}

/// ` (icga2019 reading)` after a reason judged by another reading than the canonical one.
fn reading(f: &mut fmt::Formatter<'_>, platform: Platform) -> fmt::Result {
    if platform == Platform::Canonical {
        Ok(())
    } else {
        write!(f, " ({} reading)", platform)
    }
}

/// `1 card`, `5 cards`.
fn card_count(n: u32) -> String {
    format!("{} card{}", n, if n == 1 { "" } else { "s" })
}

impl IllegalPlay {
    /// The per-rank shortfall of a play not held: how many of each rank were played and how
    /// many held (empty when the ranks are held but not those very cards).
    #[must_use]
    pub fn missing(&self) -> Vec<(Rank, u8, u8)> {
        match *self {
            IllegalPlay::NotHeld {
                cards: wanted,
                hand: held,
            } => wanted
                .ranks()
                .filter(|&r| wanted.get(r) > held.get(r))
                .map(|r| (r, wanted.get(r), held.get(r)))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Judges a play (`None` = pass) from `hand` on `to_beat` (`None`: a lead) by `platform`'s
/// reading: a pass only when following, cards only from the hand, forming one play of the
/// platform's table that beats `to_beat`. Returns the play's reading (`None` for a pass): the
/// platform's, or for a Botzone play with no official reading the one [`recorded_reading`]
/// gives it. `to_beat` is read by the same platform.
///
/// ```
/// use ddz_core::cards::Cards;
/// use ddz_core::game::{judge_play, IllegalPlay};
/// use ddz_core::rules::{classify, Kind, Platform};
///
/// let hand = Cards::parse_any("3334569").unwrap();
/// let cards = |text: &str| Cards::parse_any(text).ok();
/// let judge = |to_beat, play| judge_play(Platform::Canonical, hand, to_beat, play);
/// // A lead of the triple with one: legal, and read as the platform reads it.
/// let trio = judge(None, cards("3334")).unwrap().unwrap();
/// assert_eq!(trio.kind, Kind::TripleSingle);
/// // On it a pass is legal (no reading); 34 is no play at all.
/// assert_eq!(judge(Some(&trio), None), Ok(None));
/// assert!(matches!(judge(None, cards("34")), Err(IllegalPlay::NotAPlay { .. })));
/// // A 5 does not beat an 8, and the refusal says what would.
/// let eight = classify("8".parse().unwrap()).unwrap();
/// let e = judge(Some(&eight), cards("5")).unwrap_err();
/// let said = "does not beat: 5 is not above 8 (a higher single, a bomb or the rocket is needed)";
/// assert_eq!(e.to_string(), said);
/// ```
pub fn judge_play(
    platform: Platform,
    hand: Cards,
    to_beat: Option<&Combo>,
    cards: Option<Cards>,
) -> Result<Option<Combo>, IllegalPlay> {
    let cards = match cards {
        None if to_beat.is_none() => return Err(IllegalPlay::PassOnLead),
        None => return Ok(None),
        Some(c) => c,
    };
    if cards.is_empty() {
        // Not a pass written oddly: no table, Botzone's included, has a play of no cards.
        return Err(IllegalPlay::NotAPlay {
            cards: Counts::EMPTY,
            platform,
        });
    }
    if !hand.contains_all(cards) {
        return Err(IllegalPlay::NotHeld {
            cards: cards.counts(),
            hand: hand.counts(),
        });
    }
    let counts = cards.counts();
    let play = platform.reading(counts).ok_or(IllegalPlay::NotAPlay {
        cards: counts,
        platform,
    })?;
    // A variant with a table of its own (Botzone's) compares plays by it, the cards alone.
    let beats = |on: &Combo| match platform.is_official() {
        true => play.beats(on),
        false => platform.accepts(&play, Some(on)),
    };
    match to_beat {
        Some(&on) if !beats(&on) => Err(IllegalPlay::DoesNotBeat { play, on, platform }),
        _ => Ok(Some(play)),
    }
}

/// A play a referee reported, judged leniently ([`judge_reported`]): how it is recorded, and
/// what was wrong with it, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reported {
    /// The play as recorded: its reading ([`recorded_reading`] when it has none), or
    /// [`Combo::PASS`].
    pub(crate) play: Combo,
    /// Why no referee could have accepted it, when none could.
    pub(crate) problem: Option<IllegalPlay>,
}

/// Judges a play (`None` = pass) that a referee reported, for a tracker that must follow the
/// referee whatever it says: the same rules as [`judge_play`], but a play is taken without
/// complaint whenever some referee of the game could have accepted it. In the official game
/// (any `platform` but Botzone) that is any official platform's reading ([`beats_somewhere`]:
/// platforms read ambiguous plays differently, and the tracker does not know which one it
/// runs on); on Botzone its judge's table, and a lead of an official play. `hand` is the
/// seat's hand when the tracker knows it (`None`: another seat's, whose cards it checks by
/// what it has seen). The problem, when there is one, is the strict judgement's reason.
#[must_use]
pub(crate) fn judge_reported(
    platform: Platform,
    hand: Option<Cards>,
    to_beat: Option<&Combo>,
    cards: Option<Cards>,
) -> Reported {
    let official = platform.is_official();
    let judged_by = if official {
        Platform::Canonical
    } else {
        platform
    };
    let hand = hand.unwrap_or_else(|| cards.unwrap_or(Cards::EMPTY));
    let problem = match judge_play(judged_by, hand, to_beat, cards) {
        Ok(Some(play)) => {
            return Reported {
                play,
                problem: None,
            }
        }
        Ok(None) => {
            return Reported {
                play: Combo::PASS,
                problem: None,
            }
        }
        Err(IllegalPlay::DoesNotBeat { play, on, .. })
            if official && beats_somewhere(play.cards, on.cards) =>
        {
            None
        }
        Err(IllegalPlay::NotAPlay { cards, .. })
            if !official && to_beat.is_none() && classify(cards).is_some() =>
        {
            None
        }
        Err(problem) => Some(problem),
    };
    let play = match cards {
        Some(c) => recorded_reading(c.counts()),
        None => Combo::PASS,
    };
    Reported { play, problem }
}
