//! What the person types: a request (quit, help, the legal plays, a hint, pass) or text read as
//! cards in human notation (`33344`, `10` or `T` for ten, `xd` for the rocket, any order, any
//! case, spaces allowed) or as a bid. Whatever cannot be played is answered with a
//! [`Refusal`] that says why — unreadable, not held, not a play, does not beat, no pass on a
//! lead — and the person is asked again.

use crate::cards::{Cards, Counts, ParseError};
pub(crate) use crate::game::legal::legal_bid_words;
use crate::game::legal::legal_bids_said;
use crate::game::{judge_bid, judge_play, IllegalBid, IllegalPlay};
use crate::protocol::message::quote;
use crate::rules::{Combo, Kind, Platform};
use std::fmt;

/// A line the person typed, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Request {
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
pub(crate) fn request(line: &str) -> Option<Request> {
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

/// Why what the person typed cannot be played (or bid) now: unreadable text, or the game's
/// own reason ([`crate::game::legal`]), the one the referee and the engine's log give too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not cards at all.
    Unreadable(String, ParseError),
    /// A play the rules refuse: not held, not a play, does not beat, a pass on a lead.
    Illegal(IllegalPlay),
    /// Text that is no number at all.
    NotABid {
        /// What was typed.
        text: String,
        /// The highest bid so far, which says what is legal.
        highest: u8,
    },
    /// A bid the rules refuse.
    Bid(IllegalBid),
}

impl Refusal {
    /// What to type next, for a person at a terminal: the keys that get past this refusal. The
    /// reason itself (the `Display`) names no key, so the browser can show it as it is.
    pub(crate) fn keys(&self) -> Option<&'static str> {
        match self {
            Refusal::Unreadable(..) => Some("p passes, ? lists the legal plays"),
            Refusal::Illegal(IllegalPlay::NotAPlay { .. }) => Some("? lists the legal plays"),
            Refusal::Illegal(IllegalPlay::DoesNotBeat { on, .. }) if on.kind == Kind::Rocket => {
                Some("p to pass")
            }
            _ => None,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unreadable(text, e) => {
                // What was typed is quoted bounded and with control characters named: a
                // pasted page is not echoed back whole, and a control character is not ''.
                write!(f, "cannot read {}: ", quote(text))?;
                match e {
                    ParseError::BadToken(t) => write!(f, "{} is not a card", quote(t))?,
                    other => write!(f, "{}", other)?,
                }
                write!(
                    f,
                    ". Cards are 3-9, T or 10, J, Q, K, A, 2, X (small joker), D (big joker)"
                )
            }
            Refusal::Illegal(reason) => write!(f, "{}", reason),
            Refusal::NotABid { text, highest } => {
                write!(
                    f,
                    "{} is not a bid: {}",
                    quote(text),
                    legal_bids_said(*highest)
                )
            }
            Refusal::Bid(reason) => write!(f, "{}", reason),
        }
    }
}

impl From<IllegalPlay> for Refusal {
    fn from(reason: IllegalPlay) -> Refusal {
        Refusal::Illegal(reason)
    }
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
    let cards = hand.pick(counts).ok_or(IllegalPlay::NotHeld {
        cards: counts,
        hand: hand.counts(),
    })?;
    Ok((cards, read_cards(cards, hand, to_beat)?))
}

/// Judges the concrete `cards` (chosen by clicking, in `ddz serve`) as a play from `hand` on
/// `to_beat` by the game's rules ([`judge_play`], the canonical reading, as the person's
/// table judges): cards of a held rank but another suit count as not held.
pub fn read_cards(cards: Cards, hand: Cards, to_beat: Option<&Combo>) -> Result<Combo, Refusal> {
    let play = judge_play(Platform::Canonical, hand, to_beat, Some(cards))?;
    Ok(play.expect("a judged play of cards is no pass"))
}

/// A pass, when allowed: only when there is a play to beat.
pub fn read_pass(to_beat: Option<&Combo>) -> Result<(), Refusal> {
    judge_play(Platform::Canonical, Cards::EMPTY, to_beat, None)?;
    Ok(())
}

/// Reads `text` as a bid when the highest bid so far is `highest`: a number is judged by the
/// game's rule ([`judge_bid`]), anything else is no bid.
pub fn read_bid(text: &str, highest: u8) -> Result<u8, Refusal> {
    let text = text.trim();
    let bid: u8 = text.parse().map_err(|_| Refusal::NotABid {
        text: text.to_string(),
        highest,
    })?;
    judge_bid(bid, highest).map_err(Refusal::Bid)?;
    Ok(bid)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
