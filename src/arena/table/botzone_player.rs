//! A Botzone bot at an arena table (`botzone:COMMAND`): the referee's messages become the
//! JSON requests Botzone would send that seat, and the bot's `{"response": …}` becomes the
//! reply. As on Botzone, the program is started for each turn and given every request so far
//! with its own earlier responses; when it prints Botzone's keep-running marker after an
//! answer it stays alive and gets only each new request.
//!
//! Botzone numbers the seats from the first bidder (seat 0 bids first, and is the landlord at
//! stake 1 when all pass); with a fixed landlord, the landlord is seat 0. The bot is judged by
//! the referee like any player: run the match with `--platform botzone` for Botzone's rules.

use super::players::{Answer, Fault, FaultKind, Player};
use crate::cards::Cards;
use crate::game::Seat;
use crate::protocol::external::Program;
use crate::protocol::{Command, Reply};
use serde_json::{json, Value};
use std::fmt;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// What a bot prints after its answer to stay alive.
const KEEP_RUNNING: &str = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";
/// How long a bot that answered gets to print the marker or exit.
const MARKER_WAIT: Duration = Duration::from_millis(500);

/// The game as the hosted seat knows it, in the referee's terms.
#[derive(Clone, Debug, Default)]
struct View {
    seat: Option<Seat>,
    dealt: Cards,
    /// Bids in order, with their seats.
    bids: Vec<(Seat, u8)>,
    landlord: Option<Seat>,
    bottom: Cards,
    /// Plays since the landlord's lead (empty: a pass).
    plays: Vec<Cards>,
    requests: Vec<Value>,
    responses: Vec<Value>,
    told_deal: bool,
}

impl View {
    /// Botzone's number of `seat`: counted from the first bidder (the landlord when nobody
    /// bid before the play began).
    fn number(&self, seat: Seat) -> usize {
        let zero = match (self.bids.first(), self.landlord) {
            (Some((s, _)), _) => *s,
            (None, Some(l)) => l,
            (None, None) => seat,
        };
        (seat.index() + 3 - zero.index()) % 3
    }
}

/// Botzone's JSON that does not read (a card list, a request): what is wrong, naming the
/// value as it came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BotzoneJsonError {
    /// Not a list of card ids.
    NotCardList(String),
    /// Not a card id 0 to 53.
    NotCardId(String),
    /// A card twice in one list.
    CardTwice { id: u64, list: String },
    /// A request that is not an object.
    NotObject(String),
    /// A history that is not two plays.
    History(String),
    /// A card list of the wrong size (`what`: `own`, `publiccard`).
    Size {
        what: &'static str,
        has: usize,
        wanted: usize,
    },
    /// The bottom shares cards with our hand.
    Shared,
    /// No final bid 1 to 3.
    FinalBid,
    /// Not a seat 0, 1 or 2 (`what`: `landlord`, `pos`).
    Seat(&'static str),
    /// Neither history nor bids.
    NoBids,
    /// A bid that is not 0 to 3.
    Bid(String),
}

impl fmt::Display for BotzoneJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BotzoneJsonError as E;
        match self {
            E::NotCardList(v) => write!(f, "{} is not a list of card ids", v),
            E::NotCardId(v) => write!(f, "{} is no card id (0 to 53)", v),
            E::CardTwice { id, list } => write!(f, "card {} appears twice in {}", id, list),
            E::NotObject(v) => write!(f, "request {} is not an object", v),
            E::History(v) => write!(f, "history {} is not two plays", v),
            E::Size { what, has, wanted } => {
                let cards = if *has == 1 { "card" } else { "cards" };
                write!(f, "{} has {} {}, not {}", what, has, cards, wanted)
            }
            E::Shared => f.write_str("publiccard shares cards with own"),
            E::FinalBid => f.write_str("finalbid is not 1, 2 or 3"),
            E::Seat(what) => write!(f, "{} is not a seat 0, 1 or 2", what),
            E::NoBids => f.write_str("a request with neither history nor a list of at most 2 bids"),
            E::Bid(v) => write!(f, "bid {} is not 0 to 3", v),
        }
    }
}

impl std::error::Error for BotzoneJsonError {}

/// A card list: ids 0–53, each once.
pub(crate) fn parse_cards(value: &Value) -> Result<Cards, BotzoneJsonError> {
    let list = value
        .as_array()
        .ok_or_else(|| BotzoneJsonError::NotCardList(value.to_string()))?;
    let mut cards = Cards::EMPTY;
    for v in list {
        let id = v
            .as_u64()
            .filter(|&id| id <= 53)
            .ok_or_else(|| BotzoneJsonError::NotCardId(v.to_string()))?;
        let card = Cards::single(id as u8);
        if cards.contains_all(card) {
            return Err(BotzoneJsonError::CardTwice {
                id,
                list: value.to_string(),
            });
        }
        cards = cards.or(card);
    }
    Ok(cards)
}

fn ids(cards: Cards) -> Value {
    json!(cards.codes().collect::<Vec<u8>>())
}

/// A Botzone bot run by the shell command line `command`.
pub(crate) struct BotzonePlayer {
    command: String,
    show_stderr: bool,
    program: Option<Program>,
    view: View,
}

impl BotzonePlayer {
    /// The bot run by `command`; `show_stderr` passes its stderr through.
    #[must_use]
    pub(crate) fn new(command: &str, show_stderr: bool) -> BotzonePlayer {
        BotzonePlayer {
            command: command.to_string(),
            show_stderr,
            program: None,
            view: View::default(),
        }
    }

    /// The request for `BID WHAT` or `PLAY WHAT`, or `Err` with the reply the referee needs
    /// when Botzone would never ask (a bid after a 3 can only be 0).
    fn request(&mut self, command: &Command) -> Result<Value, Reply> {
        let v = &mut self.view;
        let seat = v.seat.unwrap_or(Seat::A);
        match command {
            Command::BidWhat => {
                let highest = v.bids.iter().map(|b| b.1).max().unwrap_or(0);
                if highest == 3 {
                    return Err(Reply::Bid { seat, bid: 0 });
                }
                let bids: Vec<u8> = v.bids.iter().map(|b| b.1).collect();
                Ok(json!({ "own": ids(v.dealt), "bid": bids }))
            }
            _ => {
                let n = v.plays.len();
                let at = |i: usize| v.plays.get(i).copied().unwrap_or(Cards::EMPTY);
                let history = [
                    ids(if n >= 2 { at(n - 2) } else { Cards::EMPTY }),
                    ids(if n >= 1 { at(n - 1) } else { Cards::EMPTY }),
                ];
                let mut request = json!({ "history": history });
                if !v.told_deal {
                    v.told_deal = true;
                    let landlord = v.landlord.unwrap_or(seat);
                    let final_bid = v.bids.iter().map(|b| b.1).max().unwrap_or(0).max(1);
                    request["own"] = ids(v.dealt);
                    request["publiccard"] = ids(v.bottom);
                    request["landlord"] = json!(v.number(landlord));
                    request["pos"] = json!(v.number(seat));
                    request["finalbid"] = json!(final_bid);
                }
                Ok(request)
            }
        }
    }

    /// Sends `line` to the running bot, or starts one with the full input; returns its answer.
    fn ask(&mut self, request: Value, limit: Duration) -> Result<Value, Fault> {
        let start = Instant::now();
        self.view.requests.push(request.clone());
        let line = if self.program.is_some() {
            request.to_string()
        } else {
            self.program = Some(super::players::start_program(
                &self.command,
                self.show_stderr,
            )?);
            json!({ "requests": self.view.requests, "responses": self.view.responses }).to_string()
        };
        let program = self.program.as_mut().expect("started above");
        if program.send(&line, "\n").is_err() {
            let fate = program.fate();
            self.program = None;
            return Err(Fault::new(
                FaultKind::Crashed,
                format!(
                    "cannot send the request: its input is closed and it {}",
                    fate
                ),
            ));
        }
        let text = match program.recv(limit) {
            Ok(text) => text,
            Err(RecvTimeoutError::Timeout) => {
                self.program = None;
                return Err(Fault::new(
                    FaultKind::Late,
                    format!("no answer within {:.1} s", limit.as_secs_f64()),
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let fate = program.fate();
                self.program = None;
                return Err(Fault::new(
                    FaultKind::Crashed,
                    format!("no answer: its output is closed and it {}", fate),
                ));
            }
        };
        // Kept running only when it says so; otherwise its turn is over.
        let wait = limit.saturating_sub(start.elapsed()).min(MARKER_WAIT);
        let keep = matches!(program.recv(wait), Ok(marker) if marker.trim() == KEEP_RUNNING);
        if !keep {
            self.program = None;
        }
        let answer: Value = serde_json::from_str(text.trim()).map_err(|e| {
            Fault::new(
                FaultKind::Malformed,
                format!("'{}' is not JSON: {}", text, e),
            )
        })?;
        let response = answer.get("response").cloned().ok_or_else(|| {
            Fault::new(FaultKind::Malformed, format!("'{}' has no response", text))
        })?;
        self.view.responses.push(response.clone());
        Ok(response)
    }
}

/// The referee's reply for the bot's `response` to `command`.
fn reply(command: &Command, seat: Seat, response: &Value) -> Result<Reply, Fault> {
    let malformed = |what: &str| {
        Fault::new(
            FaultKind::Malformed,
            format!("response {} is not {}", response, what),
        )
    };
    match command {
        Command::BidWhat => {
            let bid = response
                .as_u64()
                .filter(|&b| b <= 3)
                .ok_or_else(|| malformed("a bid 0 to 3"))?;
            Ok(Reply::Bid {
                seat,
                bid: bid as u8,
            })
        }
        _ => {
            let cards = parse_cards(response).map_err(|e| malformed(&e.to_string()))?;
            Ok(Reply::Play {
                seat,
                cards: Some(cards).filter(|c| !c.is_empty()),
            })
        }
    }
}

impl Player for BotzonePlayer {
    fn begin_game(&mut self, _seed: u64) -> Result<bool, Fault> {
        // A bot kept running lives for one game, as on Botzone.
        self.program = None;
        self.view = View::default();
        Ok(false)
    }

    fn exchange(&mut self, command: &Command, _line: &str, limit: Duration) -> Answer {
        let v = &mut self.view;
        match command {
            Command::Version(_) => return Ok((Reply::Name("botzone".into()), None)),
            Command::Deal { seat, cards } => {
                v.seat = Some(*seat);
                v.dealt = *cards;
            }
            Command::Bid { seat, bid } => v.bids.push((*seat, *bid)),
            Command::Leftover { landlord, cards } => {
                v.landlord = Some(*landlord);
                v.bottom = *cards;
            }
            Command::Play { cards, .. } => v.plays.push(cards.unwrap_or(Cards::EMPTY)),
            Command::BidWhat | Command::PlayWhat => {
                let seat = v.seat.unwrap_or(Seat::A);
                let request = match self.request(command) {
                    Ok(r) => r,
                    Err(reply) => return Ok((reply, None)),
                };
                let response = self.ask(request, limit)?;
                let reply = reply(command, seat, &response)?;
                let text = response.to_string();
                match reply {
                    Reply::Bid { bid, .. } => self.view.bids.push((seat, bid)),
                    Reply::Play { cards, .. } => {
                        self.view.plays.push(cards.unwrap_or(Cards::EMPTY))
                    }
                    _ => {}
                }
                return Ok((reply, Some(text)));
            }
            Command::Info(_) | Command::GameOver { .. } | Command::Error { .. } | Command::Exit => {
            }
        }
        match command.ack() {
            Some(ack) => Ok((Reply::Ok(ack), None)),
            None => Err(Fault::new(FaultKind::Malformed, "no answer to give")),
        }
    }

    fn fault(&mut self) {
        self.program = None;
    }

    fn finish(&mut self) {
        self.program = None;
    }
}
