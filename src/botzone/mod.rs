//! Botzone (斗地主·改, "FightTheLandlord2"): the engine as a Botzone bot, and Botzone bots at our
//! tables (`docs/botzone.md`).
//!
//! Botzone tells a bot everything in JSON requests: a bidding request with its 17 cards and the
//! earlier bids, then play requests with the last two plays before its turn (the first one also
//! with the hand, the bottom, the landlord, its seat and the final bid). A bot started afresh
//! every turn gets every request so far and its own earlier responses; one kept running gets
//! each new request alone. Either way this module keeps the requests and responses and
//! rebuilds the game from all of them ([`rebuild`]) before each decision: one mechanism for
//! both modes, and a request that contradicts the others is noticed the same way in both.
//! Card ids are ours (`code / 4` is the rank from 3 up, 52 and 53 the jokers), seats 0, 1, 2
//! are A, B, C. The rules are Botzone's variant ([`crate::rules::botzone_variant`]).

pub(crate) mod bot;

// The face: what callers outside the crate take.
pub use bot::{Bot, BotSettings, KEEP_RUNNING};

use crate::cards::Cards;
use crate::game::{GameState, Seat};
use crate::rules::Platform;
use serde_json::Value;

pub(crate) use crate::arena::table::botzone_player::{parse_cards, BotzoneJsonError};

/// Cards in a Botzone hand as dealt, and in its bottom.
const DEALT: usize = 17;
const BOTTOM: usize = 3;

/// What the first play request tells: the deal as this seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deal {
    /// Our 17 dealt cards (the bottom not included, even for the landlord).
    pub(crate) own: Cards,
    /// The three bottom cards.
    pub(crate) bottom: Cards,
    /// The landlord.
    pub(crate) landlord: Seat,
    /// Our seat.
    pub(crate) seat: Seat,
    /// The stake bid (1 when all three passed).
    pub(crate) final_bid: u8,
}

/// One request to our seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Request {
    /// Bid: our cards and the bids before ours (our seat is their number).
    Bid {
        /// Our 17 cards.
        own: Cards,
        /// Earlier bids, seat 0 first.
        bids: Vec<u8>,
    },
    /// Play: the two plays before our turn (older first; empty: a pass or nothing yet), and the
    /// deal in the first play request.
    Play {
        /// The deal, in our first play request only.
        deal: Option<Deal>,
        /// The play before the previous one, and the previous one.
        history: [Cards; 2],
    },
}

/// A seat number 0–2.
fn parse_seat(value: Option<&Value>, what: &'static str) -> Result<Seat, BotzoneJsonError> {
    value
        .and_then(Value::as_u64)
        .and_then(|i| Seat::from_index(i as usize))
        .ok_or(BotzoneJsonError::Seat(what))
}

/// `cards` when they are exactly `n` cards.
fn sized(cards: Cards, n: usize, what: &'static str) -> Result<Cards, BotzoneJsonError> {
    if cards.len() == n {
        Ok(cards)
    } else {
        Err(BotzoneJsonError::Size {
            what,
            has: cards.len(),
            wanted: n,
        })
    }
}

impl Request {
    /// Reads one request object.
    pub(crate) fn parse(value: &Value) -> Result<Request, BotzoneJsonError> {
        let object = value
            .as_object()
            .ok_or_else(|| BotzoneJsonError::NotObject(value.to_string()))?;
        if let Some(history) = object.get("history") {
            let two = history
                .as_array()
                .filter(|h| h.len() == 2)
                .ok_or_else(|| BotzoneJsonError::History(history.to_string()))?;
            let history = [parse_cards(&two[0])?, parse_cards(&two[1])?];
            let deal = if object.contains_key("own") {
                let own = sized(parse_cards(&object["own"])?, DEALT, "own")?;
                let bottom = parse_cards(object.get("publiccard").unwrap_or(&Value::Null))?;
                let bottom = sized(bottom, BOTTOM, "publiccard")?;
                if !own.and(bottom).is_empty() {
                    return Err(BotzoneJsonError::Shared);
                }
                let final_bid = object
                    .get("finalbid")
                    .and_then(Value::as_u64)
                    .filter(|b| (1..=3).contains(b))
                    .ok_or(BotzoneJsonError::FinalBid)? as u8;
                Some(Deal {
                    own,
                    bottom,
                    landlord: parse_seat(object.get("landlord"), "landlord")?,
                    seat: parse_seat(object.get("pos"), "pos")?,
                    final_bid,
                })
            } else {
                None
            };
            return Ok(Request::Play { deal, history });
        }
        let own = sized(
            parse_cards(object.get("own").unwrap_or(&Value::Null))?,
            DEALT,
            "own",
        )?;
        let bids = object
            .get("bid")
            .and_then(Value::as_array)
            .filter(|b| b.len() <= 2)
            .ok_or(BotzoneJsonError::NoBids)?;
        let bids = bids
            .iter()
            .map(|b| {
                b.as_u64()
                    .filter(|&b| b <= 3)
                    .map(|b| b as u8)
                    .ok_or_else(|| BotzoneJsonError::Bid(b.to_string()))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(Request::Bid { own, bids })
    }
}

/// What is asked now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// A bid.
    Bid,
    /// A play.
    Play,
}

/// The game rebuilt from the requests and our responses: the state at our decision, what is
/// asked, and everything that did not fit (each a message for stderr).
#[derive(Clone, Debug)]
pub(crate) struct Rebuilt {
    /// Our view of the game now; `None` when no request told our cards.
    pub(crate) state: Option<GameState>,
    /// What the last request asks for (a play when it could not be read and said "history").
    pub(crate) ask: Ask,
    /// What was wrong.
    pub(crate) problems: Vec<String>,
}

/// Our response to a play request as cards (`None`: a pass or unreadable, with a problem).
fn response_cards(response: Option<&Value>, problems: &mut Vec<String>) -> Option<Cards> {
    match response.map(parse_cards) {
        Some(Ok(c)) if c.is_empty() => None,
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => {
            problems.push(format!("our earlier response: {}: taken as a pass", e));
            None
        }
        None => {
            problems.push("our earlier response is missing: taken as a pass".into());
            None
        }
    }
}

/// Rebuilds the game from every request (`requests`, raw JSON) and our earlier responses
/// (`responses[i]` answered `requests[i]`).
#[must_use]
pub(crate) fn rebuild(requests: &[Value], responses: &[Value]) -> Rebuilt {
    let mut problems = Vec::new();
    let mut parsed = Vec::new();
    let mut last_unreadable = None;
    for (i, raw) in requests.iter().enumerate() {
        match Request::parse(raw) {
            Ok(r) => parsed.push((i, r)),
            Err(e) => {
                problems.push(format!("request {}: {}: skipped", i + 1, e));
                if i + 1 == requests.len() {
                    last_unreadable = Some(raw);
                }
            }
        }
    }
    let ask = match (last_unreadable, parsed.last()) {
        (Some(raw), _) => {
            let says_history = raw.get("history").is_some() || raw.to_string().contains("history");
            if says_history {
                Ask::Play
            } else {
                Ask::Bid
            }
        }
        (None, Some((_, Request::Play { .. }))) => Ask::Play,
        _ => Ask::Bid,
    };
    let state = build_state(&parsed, responses, requests.len(), &mut problems);
    Rebuilt {
        state,
        ask,
        problems,
    }
}

/// The state from the readable requests (each with its index among all `total` requests; the
/// last request is the one being answered, every earlier one has our response).
fn build_state(
    parsed: &[(usize, Request)],
    responses: &[Value],
    total: usize,
    problems: &mut Vec<String>,
) -> Option<GameState> {
    let answered = |i: usize| i + 1 < total;
    let deal = parsed.iter().find_map(|(_, r)| match r {
        Request::Play { deal: Some(d), .. } => Some(*d),
        _ => None,
    });
    let last_bid = parsed.iter().rev().find_map(|(i, r)| match r {
        Request::Bid { own, bids } => Some((*i, *own, bids.clone())),
        _ => None,
    });
    let (me, own) = match (&deal, &last_bid) {
        (Some(d), _) => (d.seat, d.own),
        (None, Some((_, own, bids))) => (Seat::from_index(bids.len())?, *own),
        (None, None) => return None,
    };
    let mut state = GameState::new(me, own);
    state.platform = Platform::Botzone;
    if let Some((i, bid_own, bids)) = last_bid {
        if bid_own != own {
            problems.push("the bidding request's cards differ from the play request's".into());
        }
        if Seat::from_index(bids.len()) != Some(me) {
            problems.push("our seat by the bids differs from pos".into());
        }
        for (seat, &b) in Seat::ALL.iter().zip(&bids) {
            if let Err(e) = state.record_bid(*seat, b) {
                problems.push(format!("bids: {}", e));
            }
        }
        if answered(i) {
            match responses.get(i).and_then(Value::as_u64) {
                Some(b) if b <= 3 => {
                    if let Err(e) = state.record_bid(me, b as u8) {
                        problems.push(format!("our bid: {}", e));
                    }
                }
                _ => problems.push("our bid response is missing or unreadable".into()),
            }
        }
    }
    let deal = match deal {
        Some(d) => d,
        None => return Some(state),
    };
    if state.bids[deal.landlord].is_none() {
        state.bids[deal.landlord] = Some(deal.final_bid);
    }
    if state.base() != deal.final_bid {
        problems.push(format!(
            "finalbid {} is not the highest bid {}",
            deal.final_bid,
            state.base()
        ));
    }
    if let Err(e) = state.set_landlord(deal.landlord, deal.bottom) {
        problems.push(format!("bottom: {}", e));
    }
    let mut first = true;
    for (i, r) in parsed {
        let history = match r {
            Request::Play { history, .. } => history,
            Request::Bid { .. } => continue,
        };
        // Before our first turn only the plays since the landlord's lead are real: the
        // history is padded with empty plays in front.
        let real = if first {
            (me.index() + 3 - deal.landlord.index()) % 3
        } else {
            2
        };
        first = false;
        for (k, &cards) in history.iter().enumerate().skip(2 - real) {
            let seat = if k == 0 { me.next() } else { me.prev() };
            if let Err(e) = state.record_play(seat, Some(cards).filter(|c| !c.is_empty())) {
                problems.push(format!("history, seat {}: {}", seat.index(), e));
            }
        }
        if answered(*i) {
            let cards = response_cards(responses.get(*i), problems);
            if let Err(e) = state.record_play(me, cards) {
                problems.push(format!("our earlier play: {}", e));
            }
        }
    }
    Some(state)
}
