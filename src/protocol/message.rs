//! The referee protocol's messages as types: what the platform sends ([`Command`]) and what an
//! engine answers ([`Reply`]), with parsing and printing of one line each.
//!
//! Parsing is liberal (any letter case for keywords, extra spaces, `\r`, cards in any order,
//! the spellings seen on real platforms: `GAME OVER`, `ERR`, `Exit`); printing is conservative
//! (the official spelling, cards ascending). Parsing never panics: a bad line is a
//! [`ProtocolError`] that says what was wrong. Card lists have one reader, [`read_cards`]
//! (nothing is read out of a token that is not a card); [`Command::parse`] takes only clean
//! lists, and [`salvage`] reads a recognisable command with a bad argument by its message's
//! policy, strict or lenient, never both, with a note that says what was used.

use crate::cards::Cards;
use crate::game::Seat;
use crate::named::Named;
use std::fmt;

/// The round information of `INFO`. The 2015 platform sends six fields (no time limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// Current round of the match (the protocol's "turn").
    pub turn: u32,
    /// Number of rounds.
    pub turns: u32,
    /// Current game within the round.
    pub round: u32,
    /// Games per round.
    pub rounds: u32,
    /// Players promoted after this round.
    pub up: u32,
    /// Score cap of the round.
    pub max_score: u32,
    /// Seconds allowed per reply, when the platform says.
    pub time: Option<u32>,
}

/// A message from the platform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `DOUDIZHUVER 1.0`: the handshake; answer with the engine's name.
    Version(String),
    /// `INFO …`.
    Info(Info),
    /// `DEAL dC1,…`: our seat and our cards (17 in a proper deal; checked by the engine).
    Deal {
        /// Our seat.
        seat: Seat,
        /// Our cards.
        cards: Cards,
    },
    /// `BID xW`: a seat's bid (another seat's, or ours echoed by some platforms).
    Bid {
        /// Who bid.
        seat: Seat,
        /// 0 (no bid) to 3.
        bid: u8,
    },
    /// `BID WHAT`: our turn to bid.
    BidWhat,
    /// `LEFTOVER xC1,C2,C3`: the landlord and the three bottom cards.
    Leftover {
        /// The landlord.
        landlord: Seat,
        /// The bottom cards.
        cards: Cards,
    },
    /// `PLAY x…`: a seat's play (`None` = pass, `PLAY x-1`).
    Play {
        /// Who played.
        seat: Seat,
        /// The cards, or `None` for a pass.
        cards: Option<Cards>,
    },
    /// `PLAY WHAT`: our turn to play.
    PlayWhat,
    /// `GAMEOVER x` (or `GAME OVER`, with or without the seat).
    GameOver {
        /// The seat that emptied its hand, when given.
        winner: Option<Seat>,
    },
    /// `ERROR x` or `ERR x`: a seat erred and the game ends.
    Error {
        /// The seat at fault, when given.
        seat: Option<Seat>,
        /// Whether it was spelled `ERR` (answered `OK ERR`).
        short: bool,
    },
    /// `EXIT` in any case: the match is over; answer nothing.
    Exit,
}

/// The word after `OK` in an acknowledgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ack {
    /// `OK INFO`.
    Info,
    /// `OK DEAL`.
    Deal,
    /// `OK BID`.
    Bid,
    /// `OK LEFTOVER`.
    Leftover,
    /// `OK PLAY`.
    Play,
    /// `OK GAMEOVER`.
    GameOver,
    /// `OK ERROR`.
    Error,
    /// `OK ERR`.
    Err,
}

impl Named for Ack {
    /// The protocol words.
    const NAMES: &'static [(&'static str, Ack)] = &[
        ("INFO", Ack::Info),
        ("DEAL", Ack::Deal),
        ("BID", Ack::Bid),
        ("LEFTOVER", Ack::Leftover),
        ("PLAY", Ack::Play),
        ("GAMEOVER", Ack::GameOver),
        ("ERROR", Ack::Error),
        ("ERR", Ack::Err),
    ];
}
crate::named_enum!(Ack);

/// A message from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `NAME name`.
    Name(String),
    /// `OK …`.
    Ok(Ack),
    /// `BID dW`.
    Bid {
        /// Our seat.
        seat: Seat,
        /// 0 to 3.
        bid: u8,
    },
    /// `PLAY dC1,…` or `PLAY d-1`.
    Play {
        /// Our seat.
        seat: Seat,
        /// The cards, or `None` for a pass.
        cards: Option<Cards>,
    },
}

impl Command {
    /// The acknowledgement this command expects, when it is answered with `OK …` (`None` for
    /// the handshake and the two questions, which have answers of their own, and for `EXIT`).
    #[must_use]
    pub fn ack(&self) -> Option<Ack> {
        match self {
            Command::Info(_) => Some(Ack::Info),
            Command::Deal { .. } => Some(Ack::Deal),
            Command::Bid { .. } => Some(Ack::Bid),
            Command::Leftover { .. } => Some(Ack::Leftover),
            Command::Play { .. } => Some(Ack::Play),
            Command::GameOver { .. } => Some(Ack::GameOver),
            Command::Error { short: false, .. } => Some(Ack::Error),
            Command::Error { short: true, .. } => Some(Ack::Err),
            Command::Version(_) | Command::BidWhat | Command::PlayWhat | Command::Exit => None,
        }
    }
}

/// Why a line could not be read as a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// Nothing but white space.
    Empty,
    /// A keyword no platform sends.
    UnknownCommand(String),
    /// No seat letter A, B or C where one was needed: what stood there (empty for nothing).
    BadSeat(String),
    /// A bid other than 0..=3.
    BadBid(String),
    /// An `INFO` line without six or seven numbers.
    BadInfo(String),
    /// A card list with something in it that is not a card ([`read_cards`]).
    BadCards(BadCard),
    /// A card list with no card in it.
    NoCards,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Empty => write!(f, "empty line"),
            ProtocolError::UnknownCommand(w) => write!(f, "unknown command {}", quote(w)),
            ProtocolError::BadSeat(s) if s.is_empty() => write!(f, "no seat (A, B or C)"),
            ProtocolError::BadSeat(s) => write!(f, "{} is not a seat (A, B or C)", quote(s)),
            ProtocolError::BadBid(s) => write!(f, "{} is not a bid (0 to 3)", quote(s)),
            ProtocolError::BadInfo(s) => {
                write!(f, "bad INFO fields {} (six or seven numbers)", quote(s))
            }
            ProtocolError::BadCards(e) => write!(f, "{}", e),
            ProtocolError::NoCards => write!(f, "no cards"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// Characters of one word quoted in a note, at most: a token is a few characters in any real
/// message, and a note quoting a kilobyte of junk would bury what it says.
const QUOTED_WORD: usize = 40;

/// Bad tokens of one card list named in a note, at most: the rest are counted.
const QUOTED_TOKENS: usize = 5;

/// `text` in single quotes for a note: control characters written as escapes (a NUL or a
/// `\u{1}` shows nothing on a terminal, and `''` would say nothing), at most [`QUOTED_WORD`]
/// characters and the length of the rest.
#[must_use]
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::from("'");
    for (i, c) in text.chars().enumerate() {
        if i == QUOTED_WORD {
            let rest = text.chars().count() - i;
            out.push_str(&format!("…' ({} more characters)", rest));
            return out;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

/// One token of a card list that is not a card ([`read_cards`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadCard {
    /// Not a number: anything but ASCII digits (`-3`, `1x2`, `+4`, a control character).
    NotACode(String),
    /// A number that is no card code (`0..=53`).
    OutOfRange(String),
    /// A code listed a second time.
    Repeated(u8),
}

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadCard::NotACode(t) => write!(f, "{} is not a card code", quote(t)),
            BadCard::OutOfRange(t) => write!(f, "{} is out of range 0..=53", quote(t)),
            BadCard::Repeated(c) => write!(f, "card {} is listed twice", c),
        }
    }
}

/// A card list read token by token: the cards, and every token that is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CardList {
    /// Every token that is a card code, in `0..=53`, the first time it is listed.
    pub(crate) cards: Cards,
    /// Every other token, in order: what a lenient reading drops and a strict one refuses.
    pub(crate) bad: Vec<BadCard>,
}

/// The one reading of a protocol message's card list: tokens separated by commas or white
/// space (empty ones skipped), each a card code of ASCII digits in `0..=53`. Nothing is read
/// out of a bad token (`-3` is not card 3, `1x2` is not cards 1 and 2): it is listed in
/// [`CardList::bad`], and each message's policy ([`Command::parse`] strict, [`salvage`]) decides
/// whether the line is refused or read without it.
#[must_use]
pub(crate) fn read_cards(text: &str) -> CardList {
    let mut list = CardList {
        cards: Cards::EMPTY,
        bad: Vec::new(),
    };
    for token in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            list.bad.push(BadCard::NotACode(token.to_string()));
            continue;
        }
        match token.parse::<u8>() {
            Ok(code) if code <= 53 => {
                let card = Cards::single(code);
                if list.cards.contains_all(card) {
                    list.bad.push(BadCard::Repeated(code));
                } else {
                    list.cards = list.cards.or(card);
                }
            }
            _ => list.bad.push(BadCard::OutOfRange(token.to_string())),
        }
    }
    list
}

/// The card list of `text` read strictly: every token a card, at least one.
fn strict_cards(text: &str) -> Result<Cards, ProtocolError> {
    let list = read_cards(text);
    match list.bad.into_iter().next() {
        Some(bad) => Err(ProtocolError::BadCards(bad)),
        None if list.cards.is_empty() => Err(ProtocolError::NoCards),
        None => Ok(list.cards),
    }
}

/// Splits `x…` into the seat letter and the rest (trimmed; the cards follow the letter with no
/// space, `B0,4`, or after spaces, `B 0, 4`).
fn seat_and_rest(arg: &str) -> Result<(Seat, &str), ProtocolError> {
    let arg = arg.trim();
    let first = arg.chars().next();
    let seat = first
        .and_then(Seat::from_letter)
        .ok_or_else(|| ProtocolError::BadSeat(first.map(String::from).unwrap_or_default()))?;
    let after = first.map_or(0, char::len_utf8);
    Ok((seat, arg[after..].trim()))
}

/// `xC1,…`, as in `DEAL` and `LEFTOVER`.
fn seat_and_cards(arg: &str) -> Result<(Seat, Cards), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    Ok((seat, strict_cards(rest)?))
}

/// The pass token: a play is a pass when its card list is exactly this (SPEC, every platform).
pub(crate) const PASS_TOKEN: &str = "-1";

/// `x-1` or `xC1,…`, as in `PLAY`: a pass is exactly [`PASS_TOKEN`], nothing before or after
/// it (`-12,13` and `-1,5` are no pass, and no play either).
fn seat_and_play(arg: &str) -> Result<(Seat, Option<Cards>), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    if rest == PASS_TOKEN {
        Ok((seat, None))
    } else {
        Ok((seat, Some(strict_cards(rest)?)))
    }
}

/// `xW`, as in `BID`.
fn seat_and_bid(arg: &str) -> Result<(Seat, u8), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    match rest.parse::<u8>() {
        Ok(b) if b <= 3 && rest.bytes().all(|c| c.is_ascii_digit()) => Ok((seat, b)),
        _ => Err(ProtocolError::BadBid(rest.to_string())),
    }
}

/// The seat a `GAMEOVER` or `ERROR` names: nothing, or one seat letter alone.
fn optional_seat(arg: &str) -> Result<Option<Seat>, ProtocolError> {
    let arg = arg.trim();
    if arg.is_empty() {
        return Ok(None);
    }
    let mut chars = arg.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(Some(seat)),
        _ => Err(ProtocolError::BadSeat(arg.to_string())),
    }
}

/// Splits a line into its upper-cased keyword and the argument text after it.
fn keyword(line: &str) -> Result<(String, &str), ProtocolError> {
    let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    if line.is_empty() {
        return Err(ProtocolError::Empty);
    }
    let end = line.find(char::is_whitespace).unwrap_or(line.len());
    Ok((line[..end].to_ascii_uppercase(), line[end..].trim()))
}

impl Command {
    /// Reads one line from the platform.
    pub fn parse(line: &str) -> Result<Command, ProtocolError> {
        let (word, arg) = keyword(line)?;
        let is_what = arg.eq_ignore_ascii_case("WHAT");
        match word.as_str() {
            "DOUDIZHUVER" => Ok(Command::Version(arg.to_string())),
            "INFO" => {
                let fields: Result<Vec<u32>, _> = arg
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(str::parse)
                    .collect();
                match fields {
                    Ok(f) if f.len() == 6 || f.len() == 7 => Ok(Command::Info(Info {
                        turn: f[0],
                        turns: f[1],
                        round: f[2],
                        rounds: f[3],
                        up: f[4],
                        max_score: f[5],
                        time: f.get(6).copied(),
                    })),
                    _ => Err(ProtocolError::BadInfo(arg.to_string())),
                }
            }
            "DEAL" => seat_and_cards(arg).map(|(seat, cards)| Command::Deal { seat, cards }),
            "BID" if is_what => Ok(Command::BidWhat),
            "BID" => seat_and_bid(arg).map(|(seat, bid)| Command::Bid { seat, bid }),
            "LEFTOVER" => {
                seat_and_cards(arg).map(|(landlord, cards)| Command::Leftover { landlord, cards })
            }
            "PLAY" if is_what => Ok(Command::PlayWhat),
            "PLAY" => seat_and_play(arg).map(|(seat, cards)| Command::Play { seat, cards }),
            "GAMEOVER" | "GAME" => {
                // `GAME OVER`, `GAME OVER A`, `GAMEOVER A`.
                let rest = if word == "GAME" {
                    let (over, rest) = keyword(arg).unwrap_or(("".into(), ""));
                    if over != "OVER" {
                        return Err(ProtocolError::UnknownCommand(word));
                    }
                    rest
                } else {
                    arg
                };
                Ok(Command::GameOver {
                    winner: optional_seat(rest)?,
                })
            }
            "ERROR" | "ERR" => Ok(Command::Error {
                seat: optional_seat(arg)?,
                short: word == "ERR",
            }),
            "EXIT" => Ok(Command::Exit),
            _ => Err(ProtocolError::UnknownCommand(word)),
        }
    }
}

impl Reply {
    /// Reads one line from an engine (as the arena does).
    pub fn parse(line: &str) -> Result<Reply, ProtocolError> {
        let (word, arg) = keyword(line)?;
        match word.as_str() {
            "NAME" => Ok(Reply::Name(arg.to_string())),
            "OK" => {
                let w = arg.to_ascii_uppercase().replace(' ', "");
                Ack::from_name(&w)
                    .map(Reply::Ok)
                    .ok_or(ProtocolError::UnknownCommand(format!("OK {}", arg)))
            }
            "BID" => seat_and_bid(arg).map(|(seat, bid)| Reply::Bid { seat, bid }),
            "PLAY" => seat_and_play(arg).map(|(seat, cards)| Reply::Play { seat, cards }),
            _ => Err(ProtocolError::UnknownCommand(word)),
        }
    }
}

fn write_play(f: &mut fmt::Formatter<'_>, seat: Seat, cards: Option<Cards>) -> fmt::Result {
    match cards {
        Some(c) => write!(f, "PLAY {}{}", seat, c.to_codes()),
        None => write!(f, "PLAY {}-1", seat),
    }
}

impl fmt::Display for Command {
    /// The official form, cards ascending, no line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Version(v) => write!(f, "DOUDIZHUVER {}", v),
            Command::Info(i) => {
                write!(
                    f,
                    "INFO {},{},{},{},{},{}",
                    i.turn, i.turns, i.round, i.rounds, i.up, i.max_score
                )?;
                match i.time {
                    Some(t) => write!(f, ",{}", t),
                    None => Ok(()),
                }
            }
            Command::Deal { seat, cards } => write!(f, "DEAL {}{}", seat, cards.to_codes()),
            Command::Bid { seat, bid } => write!(f, "BID {}{}", seat, bid),
            Command::BidWhat => write!(f, "BID WHAT"),
            Command::Leftover { landlord, cards } => {
                write!(f, "LEFTOVER {}{}", landlord, cards.to_codes())
            }
            Command::Play { seat, cards } => write_play(f, *seat, *cards),
            Command::PlayWhat => write!(f, "PLAY WHAT"),
            Command::GameOver { winner: Some(s) } => write!(f, "GAMEOVER {}", s),
            Command::GameOver { winner: None } => write!(f, "GAMEOVER"),
            Command::Error { seat, short } => {
                write!(f, "{}", if *short { "ERR" } else { "ERROR" })?;
                match seat {
                    Some(s) => write!(f, " {}", s),
                    None => Ok(()),
                }
            }
            Command::Exit => write!(f, "EXIT"),
        }
    }
}

impl fmt::Display for Reply {
    /// The official form, cards ascending, no line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Name(n) => write!(f, "NAME {}", n),
            Reply::Ok(a) => write!(f, "OK {}", a),
            Reply::Bid { seat, bid } => write!(f, "BID {}{}", seat, bid),
            Reply::Play { seat, cards } => write_play(f, *seat, *cards),
        }
    }
}

/// Whether `c` separates words in a question: white space, and control characters (a NUL, a
/// stray `\r`), which no real message contains and which only a broken relay would put there.
fn is_blank(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

/// Whether `text` starts with the ASCII word `word`, in any letter case.
fn starts_with_word(text: &str, word: &str) -> bool {
    text.len() >= word.len() && text.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes())
}

/// A question read from a line that begins with one, whatever follows it: `BID WHAT` or
/// `PLAY WHAT` in any letter case, with any blanks before, between and after the words, or
/// none between them (`BIDWHAT`), followed by anything (`PLAY WHAT.`, `BID WHAT junk`, a
/// 4096-byte line). Returns the question and what followed it, trimmed (empty for a clean
/// question). The platform asked for a bid or a play: any other answer loses the game by a
/// fault, so the engine answers the question and notes the rest; [`Command::parse`] stays
/// strict and reads only the clean forms.
#[must_use]
pub(crate) fn question(line: &str) -> Option<(Command, &str)> {
    let line = line.trim_start_matches(is_blank);
    let (asked, rest) = if starts_with_word(line, "BID") {
        (Command::BidWhat, &line["BID".len()..])
    } else if starts_with_word(line, "PLAY") {
        (Command::PlayWhat, &line["PLAY".len()..])
    } else {
        return None;
    };
    let rest = rest.trim_start_matches(is_blank);
    if !starts_with_word(rest, "WHAT") {
        return None;
    }
    Some((asked, rest["WHAT".len()..].trim_matches(is_blank)))
}

/// The seat letter a `DEAL` line names, if it names one: the seat of the game the line
/// belongs to, for the log's tags, whether the deal is used or refused.
#[must_use]
pub(crate) fn deal_seat(line: &str) -> Option<Seat> {
    let (word, arg) = keyword(line).ok()?;
    if word != "DEAL" {
        return None;
    }
    seat_and_rest(arg).ok().map(|(seat, _)| seat)
}

/// A recognisable command whose argument did not read strictly ([`Command::parse`]), read by
/// its message's policy (`docs/protocol.md`, "Bad input"): the acknowledgement the line gets,
/// the command made of what was read when the policy uses it, and a note for the log that
/// says what was wrong and what was done, so the note and what the engine tracks agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Salvage {
    /// The acknowledgement the line gets (`OK …`).
    pub(crate) ack: Ack,
    /// What was read, when it is used; `None`: the line is refused (only acknowledged).
    pub(crate) command: Option<Command>,
    /// What was wrong, and what was done about it.
    pub(crate) note: String,
}

impl Salvage {
    fn refused(ack: Ack, why: &ProtocolError, done: &str) -> Salvage {
        Salvage {
            ack,
            command: None,
            note: format!("{}; answering OK {}: {}", why, ack, done),
        }
    }
}

/// `xC1,…` of `DEAL` or `LEFTOVER`, read leniently: the seat, and the cards read with a note
/// naming each token dropped. `Err`: no seat.
fn lenient_cards(arg: &str) -> Result<(Seat, Cards, String), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    let list = read_cards(rest);
    let mut why: Vec<String> = list
        .bad
        .iter()
        .take(QUOTED_TOKENS)
        .map(ToString::to_string)
        .collect();
    if list.bad.len() > QUOTED_TOKENS {
        why.push(format!("{} more", list.bad.len() - QUOTED_TOKENS));
    }
    let n = list.cards.len();
    let note = if why.is_empty() {
        "no cards".to_string()
    } else {
        format!(
            "{}: dropped, the {} {} read used",
            why.join(", "),
            n,
            plural(n, "card", "cards")
        )
    };
    Ok((seat, list.cards, note))
}

/// `one` when `n` is 1, else `many`.
#[must_use]
pub(crate) fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// A recognisable command whose argument does not read strictly, read by its message's policy
/// (`docs/protocol.md`, "Bad input"; `None`: no recognisable command):
/// - `DEAL` and `LEFTOVER` are read leniently: the seat is needed (without one the line is
///   refused: a `DEAL` then leaves no game, a `LEFTOVER` no landlord), every token that is not
///   a card is dropped and named, and the cards read are used (their count is the tracker's
///   to judge, [`crate::engine::track`]);
/// - `PLAY` is strict: a play is read whole or not at all, so a bad seat, a bad token or a card
///   listed twice refuses the line and nothing is recorded (a pass is exactly `-1`);
/// - `BID` and `INFO` with a bad value are refused: only acknowledged;
/// - `GAMEOVER` and `ERROR` with a bad seat end the game all the same, the seat unread.
#[must_use]
pub(crate) fn salvage(line: &str) -> Option<Salvage> {
    let (word, arg) = keyword(line).ok()?;
    let error = match Command::parse(line) {
        Ok(_) | Err(ProtocolError::Empty) | Err(ProtocolError::UnknownCommand(_)) => return None,
        Err(e) => e,
    };
    let word = if word == "GAME" { "GAMEOVER" } else { &word };
    Some(match word {
        "INFO" => Salvage::refused(Ack::Info, &error, "its fields are not used"),
        "BID" => Salvage::refused(Ack::Bid, &error, "the bid is not recorded"),
        "DEAL" => match lenient_cards(arg) {
            Ok((seat, cards, note)) => Salvage {
                ack: Ack::Deal,
                command: Some(Command::Deal { seat, cards }),
                note: format!("{}; answering OK DEAL", note),
            },
            Err(e) => Salvage::refused(
                Ack::Deal,
                &e,
                "the game before it is over, and no game is tracked until the next DEAL",
            ),
        },
        "LEFTOVER" => match lenient_cards(arg) {
            Ok((landlord, cards, note)) => Salvage {
                ack: Ack::Leftover,
                command: Some(Command::Leftover { landlord, cards }),
                note: format!("{}; answering OK LEFTOVER", note),
            },
            Err(e) => Salvage::refused(Ack::Leftover, &e, "no landlord is recorded"),
        },
        "PLAY" => {
            let pass_like = seat_and_rest(arg).map_or(false, |(_, rest)| rest.starts_with('-'));
            let done = if pass_like {
                "nothing is recorded (a pass is exactly -1, and a play is read whole or not at all)"
            } else {
                "nothing is recorded (a play is read whole or not at all)"
            };
            Salvage::refused(Ack::Play, &error, done)
        }
        "GAMEOVER" => Salvage {
            ack: Ack::GameOver,
            command: Some(Command::GameOver { winner: None }),
            note: format!(
                "{}; answering OK GAMEOVER: the game is over, its winner unread",
                error
            ),
        },
        "ERROR" | "ERR" => {
            let short = word == "ERR";
            let ack = if short { Ack::Err } else { Ack::Error };
            Salvage {
                ack,
                command: Some(Command::Error { seat: None, short }),
                note: format!(
                    "{}; answering OK {}: the game is over, the seat at fault unread",
                    error, ack
                ),
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_reader_for_card_lists_nothing_read_out_of_a_bad_token() {
        let list = read_cards("0, 4 4,-3,1x2,+5,99,\u{1},53,,");
        assert_eq!(list.cards.to_codes(), "0,4,53");
        assert_eq!(
            list.bad,
            [
                BadCard::Repeated(4),
                BadCard::NotACode("-3".into()),
                BadCard::NotACode("1x2".into()),
                BadCard::NotACode("+5".into()),
                BadCard::OutOfRange("99".into()),
                BadCard::NotACode("\u{1}".into()),
            ]
        );
        // Control characters are named, never quoted as nothing.
        assert_eq!(
            BadCard::NotACode("\u{1}".into()).to_string(),
            "'\\u{1}' is not a card code"
        );
        let long = "x".repeat(1000);
        assert_eq!(
            quote(&long),
            format!("'{}…' (960 more characters)", "x".repeat(40))
        );
    }

    #[test]
    fn a_pass_is_exactly_the_pass_token() {
        for line in ["PLAY A-1", "PLAY A -1", "play a-1\r"] {
            assert_eq!(
                Command::parse(line),
                Ok(Command::Play {
                    seat: Seat::A,
                    cards: None
                }),
                "{:?}",
                line
            );
        }
        for line in [
            "PLAY A-12,13",
            "PLAY A-1,5",
            "PLAY A--1",
            "PLAY A-1x",
            "PLAY A",
        ] {
            assert!(Command::parse(line).is_err(), "{:?}", line);
            let s = salvage(line).unwrap();
            assert_eq!((s.ack, s.command), (Ack::Play, None), "{:?}", line);
        }
        assert!(salvage("PLAY A-12,13")
            .unwrap()
            .note
            .contains("a pass is exactly -1"));
    }

    #[test]
    fn salvage_follows_each_messages_policy() {
        // DEAL and LEFTOVER: lenient, every bad token dropped and named.
        let s = salvage("DEAL B0,4,4,99,x,5").unwrap();
        assert_eq!(s.ack, Ack::Deal);
        assert_eq!(
            s.command,
            Some(Command::Deal {
                seat: Seat::B,
                cards: Cards::parse_codes("0,4,5").unwrap()
            })
        );
        assert_eq!(
            s.note,
            "card 4 is listed twice, '99' is out of range 0..=53, 'x' is not a card code: \
             dropped, the 3 cards read used; answering OK DEAL"
        );
        let s = salvage("LEFTOVER B-3,48,53").unwrap();
        assert_eq!(
            s.command,
            Some(Command::Leftover {
                landlord: Seat::B,
                cards: Cards::parse_codes("48,53").unwrap()
            })
        );
        // No seat: refused.
        let s = salvage("DEAL Z0,1,2").unwrap();
        assert_eq!((s.ack, s.command), (Ack::Deal, None));
        assert!(s.note.starts_with("'Z' is not a seat"), "{}", s.note);
        let s = salvage("LEFTOVER 1,2,3").unwrap();
        assert_eq!((s.ack, s.command), (Ack::Leftover, None));
        // PLAY: strict.
        for line in ["PLAY A1x2", "PLAY A3,3", "PLAY A3,54", "PLAY Q1"] {
            let s = salvage(line).unwrap();
            assert_eq!((s.ack, s.command), (Ack::Play, None), "{:?}", line);
        }
        // BID and INFO: refused.
        for (line, ack) in [
            ("BID A7", Ack::Bid),
            ("BID Z1", Ack::Bid),
            ("INFO 1,2", Ack::Info),
        ] {
            let s = salvage(line).unwrap();
            assert_eq!((s.ack, s.command), (ack, None), "{:?}", line);
        }
        // GAMEOVER and ERROR: the game ends, the seat unread.
        let s = salvage("GAMEOVER Zed").unwrap();
        assert_eq!(s.command, Some(Command::GameOver { winner: None }));
        let s = salvage("ERR 7").unwrap();
        assert_eq!(
            (s.ack, s.command),
            (
                Ack::Err,
                Some(Command::Error {
                    seat: None,
                    short: true
                })
            )
        );
        for line in ["HELLO", "GAME ON", "", "DEAL B0,1", "GAMEOVER"] {
            assert_eq!(salvage(line), None, "{:?}", line);
        }
        assert_eq!(deal_seat("deal b0,1,99"), Some(Seat::B));
        assert_eq!(deal_seat("DEAL Z0"), None);
    }

    #[test]
    fn a_line_that_begins_with_a_question_is_that_question() {
        for (line, asked, rest) in [
            ("BID WHAT", Command::BidWhat, ""),
            ("BID WHAT junk", Command::BidWhat, "junk"),
            ("bid\twhat,", Command::BidWhat, ","),
            ("  Play   What.\r", Command::PlayWhat, "."),
            ("PLAY\0WHAT A-1", Command::PlayWhat, "A-1"),
            ("PLAYWHAT?", Command::PlayWhat, "?"),
            ("BID WHATEVER", Command::BidWhat, "EVER"),
            ("PLAY WHAT \u{a0}\u{fffd}x", Command::PlayWhat, "\u{fffd}x"),
        ] {
            assert_eq!(question(line), Some((asked, rest)), "{:?}", line);
        }
        for line in [
            "BID A1",
            "PLAY A-1",
            "BIDS WHAT",
            "PLAYER WHAT",
            "BID, WHAT",
            "BID WHA",
            "WHAT",
            "x BID WHAT",
            "",
            "DEAL WHAT",
            "B\u{fffd}D WHAT",
        ] {
            assert_eq!(question(line), None, "{:?}", line);
        }
        // The strict reader still refuses the forms with something after the question, so
        // the engine can say what it ignored.
        assert!(Command::parse("BID WHAT junk").is_err());
        assert_eq!(Command::parse("bid  what"), Ok(Command::BidWhat));
    }
}
