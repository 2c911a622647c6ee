//! What the person types: a request (quit, help, the legal plays, a hint, pass) or text read as
//! cards in human notation (`33344`, `10` or `T` for ten, `xd` for the rocket, any order, any
//! case, spaces allowed) or as a bid. Whatever cannot be played is answered with a
//! [`Refusal`] that says why — unreadable, not held, not a play, does not beat, no pass on a
//! lead — and the person is asked again.

use crate::cards::{Cards, Counts, ParseError, Rank};
use crate::rules::{classify, Combo};
use std::fmt;

/// A line the person typed, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `q`, `quit`, `exit`: leave the table (`Q` alone is the queen).
    Quit,
    /// `help`, `h`: what can be typed.
    Help,
    /// `?`: the legal plays (or bids).
    Legal,
    /// `hint`: what the engine would play.
    Hint,
    /// `p`, `pass`: pass (no bid when bidding).
    Pass,
    /// Anything else: cards, or a bid.
    Text(String),
}

/// Reads a typed line; `None` for an empty one.
#[must_use]
pub fn request(line: &str) -> Option<Request> {
    let text = line.trim();
    // A lone queen: `Q` plays it, `q` quits (cards may be typed in any case otherwise).
    if text == "Q" {
        return Some(Request::Text(text.to_string()));
    }
    let word = text.to_ascii_lowercase();
    Some(match word.as_str() {
        "" => return None,
        "q" | "quit" | "exit" => Request::Quit,
        "h" | "help" => Request::Help,
        "?" => Request::Legal,
        "hint" => Request::Hint,
        "p" | "pass" => Request::Pass,
        _ => Request::Text(text.to_string()),
    })
}

/// Why what the person typed cannot be played (or bid) now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not cards at all.
    Unreadable(String, ParseError),
    /// Cards the person does not hold: per rank, how many typed and how many held.
    NotHeld(Vec<(Rank, u8, u8)>),
    /// Cards that form no play of the official table.
    NotAPlay(Counts),
    /// A play that does not beat the play on the table.
    DoesNotBeat {
        /// What was typed.
        play: Combo,
        /// What it had to beat.
        on: Combo,
    },
    /// A pass when the person leads.
    PassOnLead,
    /// Text that is no legal bid at all (not 0 to 3).
    NotABid {
        /// What was typed.
        text: String,
        /// The highest bid so far, which says what is legal.
        highest: u8,
    },
    /// A bid not above the highest so far.
    BidTooLow {
        /// What was typed.
        bid: u8,
        /// The highest bid so far.
        highest: u8,
    },
}

impl Refusal {
    /// What to type next, for a person at a terminal: the keys that get past this refusal. The
    /// reason itself (the `Display`) names no key, so the browser can show it as it is.
    pub fn keys(&self) -> Option<&'static str> {
        match self {
            Refusal::Unreadable(..) => Some("p passes, ? lists the legal plays"),
            Refusal::NotAPlay(_) => Some("? lists the legal plays"),
            Refusal::DoesNotBeat { on, .. } if on.kind == crate::rules::Kind::Rocket => {
                Some("p to pass")
            }
            _ => None,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unreadable(text, e) => write!(
                f,
                "cannot read '{}': {}. Cards are 3-9, T or 10, J, Q, K, A, 2, X (small joker), \
                 D (big joker)",
                text, e
            ),
            Refusal::NotHeld(missing) => {
                let parts: Vec<String> = missing
                    .iter()
                    .map(|&(rank, typed, held)| {
                        let typed_text = rank.symbol().to_string().repeat(typed as usize);
                        match held {
                            0 => format!("you hold no {}", rank),
                            n => format!(
                                "you hold {}, not {}",
                                rank.symbol().to_string().repeat(n as usize),
                                typed_text
                            ),
                        }
                    })
                    .collect();
                if parts.is_empty() {
                    write!(f, "not in your hand: those very cards")
                } else {
                    write!(f, "not in your hand: {}", parts.join("; "))
                }
            }
            Refusal::NotAPlay(counts) => write!(
                f,
                "not a play: {} is none of the table's combinations",
                counts
            ),
            Refusal::DoesNotBeat { play, on } => {
                if on.kind == crate::rules::Kind::Rocket {
                    write!(f, "nothing beats the rocket")
                } else if play.kind == on.kind && play.len == on.len {
                    write!(
                        f,
                        "does not beat: {} is not above {} (a higher {}, a bomb or the rocket \
                         is needed)",
                        play,
                        on,
                        on.kind.name()
                    )
                } else if on.kind == crate::rules::Kind::Bomb {
                    write!(
                        f,
                        "does not beat: only a higher bomb or the rocket beats the bomb {}",
                        on
                    )
                } else {
                    write!(
                        f,
                        "does not beat: {} is a {}; {} needs a {} of {}, a bomb or the rocket",
                        play,
                        play.kind.name(),
                        on,
                        on.kind.name(),
                        cards(on.size())
                    )
                }
            }
            Refusal::PassOnLead => write!(f, "you lead: a pass is not allowed, play anything"),
            Refusal::NotABid { text, highest } => {
                write!(f, "'{}' is not a bid: {}", text, legal_bids_said(*highest))
            }
            Refusal::BidTooLow { bid, highest } => write!(
                f,
                "a bid of {} is not above the highest so far ({}): {}",
                bid,
                highest,
                legal_bids_said(*highest)
            ),
        }
    }
}

/// `1 card`, `5 cards`.
fn cards(n: u32) -> String {
    format!("{} card{}", n, if n == 1 { "" } else { "s" })
}

/// Reads `text` as a play from `hand` on `to_beat` (`None`: a lead). Returns the concrete
/// cards (the lowest codes of each rank: suits never matter) and their reading.
pub fn read_play(
    text: &str,
    hand: Cards,
    to_beat: Option<&Combo>,
) -> Result<(Cards, Combo), Refusal> {
    let counts: Counts = text
        .parse()
        .map_err(|e| Refusal::Unreadable(text.to_string(), e))?;
    let cards = hand.pick(counts).ok_or_else(|| not_held(counts, hand))?;
    Ok((cards, read_cards(cards, hand, to_beat)?))
}

/// Judges the concrete `cards` (chosen by clicking, in `ddz serve`) as a play from `hand` on
/// `to_beat`: the same checks and reasons as a typed play, and cards of a held rank but another
/// suit count as not held.
pub fn read_cards(cards: Cards, hand: Cards, to_beat: Option<&Combo>) -> Result<Combo, Refusal> {
    if !hand.contains_all(cards) {
        return Err(not_held(cards.counts(), hand));
    }
    let counts = cards.counts();
    let combo = classify(counts).ok_or(Refusal::NotAPlay(counts))?;
    if let Some(on) = to_beat {
        if !combo.beats(on) {
            return Err(Refusal::DoesNotBeat {
                play: combo,
                on: *on,
            });
        }
    }
    Ok(combo)
}

/// Why `wanted` is not in `hand`: per rank, how many wanted and how many held (empty when the
/// ranks are held but not those very cards).
fn not_held(wanted: Counts, hand: Cards) -> Refusal {
    let held = hand.counts();
    Refusal::NotHeld(
        wanted
            .ranks()
            .filter(|&r| wanted.get(r) > held.get(r))
            .map(|r| (r, wanted.get(r), held.get(r)))
            .collect(),
    )
}

/// A pass, when allowed: only when there is a play to beat.
pub fn read_pass(to_beat: Option<&Combo>) -> Result<(), Refusal> {
    match to_beat {
        Some(_) => Ok(()),
        None => Err(Refusal::PassOnLead),
    }
}

/// The bids legal when the highest so far is `highest`, lowest first: 0 (no bid), and every
/// bid above `highest` up to 3 (the rule of [`crate::game::GameState::bid_is_legal`]).
pub fn legal_bids(highest: u8) -> impl Iterator<Item = u8> {
    (0..=3).filter(move |&b| b == 0 || b > highest)
}

/// The legal bids in words: `0 (no bid), 2 or 3`.
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

/// What may be bid, as a refusal says it: after a 3 only 0 is left, and the person is told so
/// rather than offered bids that would be refused too.
fn legal_bids_said(highest: u8) -> String {
    if legal_bids(highest).count() == 1 {
        format!("the only bid left is {}", legal_bid_words(highest))
    } else {
        format!("the legal bids are {}", legal_bid_words(highest))
    }
}

/// Reads `text` as a bid when the highest bid so far is `highest`.
pub fn read_bid(text: &str, highest: u8) -> Result<u8, Refusal> {
    let text = text.trim();
    let bid: u8 = match text.parse() {
        Ok(b) if b <= 3 => b,
        _ => {
            return Err(Refusal::NotABid {
                text: text.to_string(),
                highest,
            })
        }
    };
    if !legal_bids(highest).any(|b| b == bid) {
        return Err(Refusal::BidTooLow { bid, highest });
    }
    Ok(bid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{legal_plays, Kind};

    fn hand(text: &str) -> Cards {
        Cards::parse_any(text).unwrap()
    }

    #[test]
    fn requests_in_any_case() {
        assert_eq!(request("  "), None);
        assert_eq!(request("q"), Some(Request::Quit));
        assert_eq!(request("QUIT"), Some(Request::Quit));
        // A lone queen is a card, not the quit command: it can be played.
        assert_eq!(request("Q"), Some(Request::Text("Q".into())));
        assert_eq!(request("pass"), Some(Request::Pass));
        assert_eq!(request(" P "), Some(Request::Pass));
        assert_eq!(request("?"), Some(Request::Legal));
        assert_eq!(request("HINT"), Some(Request::Hint));
        assert_eq!(request("33 344"), Some(Request::Text("33 344".into())));
    }

    #[test]
    fn human_notation_in_any_order_and_case() {
        let h = hand("33344TTJQKA2XD");
        let (cards, combo) = read_play("43433", h, None).unwrap();
        assert_eq!(combo.kind, Kind::TriplePair);
        assert!(h.contains_all(cards) && cards.len() == 5);
        for rocket in ["xd", "DX", "d x"] {
            assert_eq!(read_play(rocket, h, None).unwrap().1.kind, Kind::Rocket);
        }
        for ten in ["10", "t", "T"] {
            assert_eq!(read_play(ten, h, None).unwrap().1.key, Rank::TEN);
        }
        assert_eq!(read_play("10 10", h, None).unwrap().1.kind, Kind::Pair);
    }

    #[test]
    fn every_refusal_says_why() {
        let h = hand("33344TJQK2");
        assert!(matches!(
            read_play("zz", h, None),
            Err(Refusal::Unreadable(..))
        ));
        assert_eq!(
            read_play("3333", h, None),
            Err(Refusal::NotHeld(vec![(Rank::THREE, 4, 3)]))
        );
        assert!(read_play("AA", h, None)
            .unwrap_err()
            .to_string()
            .contains("you hold no A"));
        assert_eq!(
            read_play("34", h, None),
            Err(Refusal::NotAPlay("34".parse().unwrap()))
        );
        let on = classify("Q".parse().unwrap()).unwrap();
        let low = read_play("J", h, Some(&on)).unwrap_err();
        assert!(matches!(low, Refusal::DoesNotBeat { .. }));
        assert!(low.to_string().contains("not above"), "{}", low);
        let other = read_play("44", h, Some(&on)).unwrap_err();
        assert!(other.to_string().contains("needs a single"), "{}", other);
        assert_eq!(read_pass(None), Err(Refusal::PassOnLead));
        assert_eq!(read_pass(Some(&on)), Ok(()));
        let not_a_bid = |text: &str| Refusal::NotABid {
            text: text.into(),
            highest: 0,
        };
        assert_eq!(read_bid("x", 0), Err(not_a_bid("x")));
        assert_eq!(read_bid("4", 0), Err(not_a_bid("4")));
        assert_eq!(
            read_bid("2", 2),
            Err(Refusal::BidTooLow { bid: 2, highest: 2 })
        );
        assert_eq!(read_bid(" 0 ", 3), Ok(0));
        assert_eq!(read_bid("3", 2), Ok(3));
    }

    /// The digits a refusal offers as bids (`0 (no bid), 2 or 3` offers 0, 2 and 3).
    fn offered(refusal: &Refusal) -> Vec<u8> {
        let text = refusal.to_string();
        text.rsplit(": ")
            .next()
            .unwrap()
            .chars()
            .filter_map(|c| c.to_digit(10))
            .map(|d| d as u8)
            .collect()
    }

    #[test]
    fn a_refused_bid_offers_exactly_the_bids_the_tracker_allows() {
        use crate::game::{GameState, Seat};
        // Every bidding so far that leaves C to bid (0 is no bid), on the tracker's rule.
        for a in 0..=3u8 {
            for b in (0..=3u8).filter(|&b| b == 0 || b > a) {
                let mut state = GameState::new(Seat::C, Cards::EMPTY);
                state.record_bid(Seat::A, a).unwrap();
                state.record_bid(Seat::B, b).unwrap();
                let allowed: Vec<u8> = (0..=9).filter(|&x| state.bid_is_legal(x)).collect();
                let highest = state.highest_bid();
                let accepted: Vec<u8> = (0..=9)
                    .filter(|x| read_bid(&x.to_string(), highest).is_ok())
                    .collect();
                assert_eq!(accepted, allowed, "after A {} B {}", a, b);
                let garbage = read_bid("zz", highest).unwrap_err();
                assert_eq!(offered(&garbage), allowed, "{}", garbage);
                for x in (1..=3).filter(|x| !allowed.contains(x)) {
                    let low = read_bid(&x.to_string(), highest).unwrap_err();
                    assert!(matches!(low, Refusal::BidTooLow { .. }), "{}", low);
                    assert_eq!(offered(&low), allowed, "{}", low);
                }
            }
        }
    }

    #[test]
    fn what_is_accepted_is_exactly_the_generators_legal_set() {
        // Every sub-multiset of a small hand, typed as text, on every target from the hand's
        // own plays: accepted exactly when the move generator lists it.
        let h = hand("3334445566");
        let counts = h.counts();
        let mut subsets = vec![Counts::EMPTY];
        for r in counts.ranks() {
            let mut next = Vec::new();
            for s in &subsets {
                for n in 0..=counts.get(r) {
                    next.push(s.with_added(r, n));
                }
            }
            subsets = next;
        }
        let mut targets: Vec<Option<Combo>> = vec![None];
        targets.extend(legal_plays(counts, None).into_iter().map(Some));
        for target in &targets {
            let legal = legal_plays(counts, target.as_ref());
            for s in subsets.iter().filter(|s| !s.is_empty()) {
                let accepted = read_play(&s.to_string(), h, target.as_ref()).is_ok();
                let listed = legal.iter().any(|c| c.cards == *s);
                assert_eq!(accepted, listed, "{} on {:?}", s, target);
            }
        }
    }
}
