//! The referee protocol's messages as types: what the platform sends ([`Command`]) and what an
//! engine answers ([`Reply`]), with parsing and printing of one line each.
//!
//! Parsing is liberal (any letter case for keywords, extra spaces, `\r`, cards in any order,
//! the spellings seen on real platforms: `GAME OVER`, `ERR`, `Exit`); printing is conservative
//! (the official spelling, cards ascending). Parsing never panics: a bad line is a
//! [`ProtocolError`] that says what was wrong; [`salvage`] reads what it can of a recognisable
//! command whose argument is broken.

use crate::cards::{Cards, ParseError};
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
    /// A seat letter other than A, B, C (or none).
    BadSeat(String),
    /// A bid other than 0..=3.
    BadBid(String),
    /// An `INFO` line without six or seven numbers.
    BadInfo(String),
    /// A card list that does not parse.
    BadCards(ParseError),
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Empty => write!(f, "empty line"),
            ProtocolError::UnknownCommand(w) => write!(f, "unknown command '{}'", w),
            ProtocolError::BadSeat(s) => write!(f, "bad seat in '{}'", s),
            ProtocolError::BadBid(s) => write!(f, "bad bid in '{}'", s),
            ProtocolError::BadInfo(s) => write!(f, "bad INFO fields '{}'", s),
            ProtocolError::BadCards(e) => write!(f, "bad cards: {}", e),
        }
    }
}

impl std::error::Error for ProtocolError {}

impl From<ParseError> for ProtocolError {
    fn from(e: ParseError) -> Self {
        ProtocolError::BadCards(e)
    }
}

/// Splits `x…` into the seat letter and the rest (spaces inside the rest removed).
fn seat_and_rest(arg: &str) -> Result<(Seat, String), ProtocolError> {
    let arg: String = arg.chars().filter(|c| !c.is_whitespace()).collect();
    let mut chars = arg.chars();
    let seat = chars
        .next()
        .and_then(Seat::from_letter)
        .ok_or_else(|| ProtocolError::BadSeat(arg.clone()))?;
    Ok((seat, chars.as_str().to_string()))
}

/// `xC1,…`, as in `DEAL` and `LEFTOVER`.
fn seat_and_cards(arg: &str) -> Result<(Seat, Cards), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    Ok((seat, Cards::parse_codes(&rest)?))
}

/// `x-1` or `xC1,…`, as in `PLAY`.
fn seat_and_play(arg: &str) -> Result<(Seat, Option<Cards>), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    if rest == "-1" {
        Ok((seat, None))
    } else {
        Ok((seat, Some(Cards::parse_codes(&rest)?)))
    }
}

/// `xW`, as in `BID`.
fn seat_and_bid(arg: &str) -> Result<(Seat, u8), ProtocolError> {
    let (seat, rest) = seat_and_rest(arg)?;
    match rest.parse::<u8>() {
        Ok(b) if b <= 3 => Ok((seat, b)),
        _ => Err(ProtocolError::BadBid(arg.to_string())),
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
                let winner = rest.trim().chars().next().and_then(Seat::from_letter);
                Ok(Command::GameOver { winner })
            }
            "ERROR" | "ERR" => Ok(Command::Error {
                seat: arg.chars().next().and_then(Seat::from_letter),
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
pub fn question(line: &str) -> Option<(Command, &str)> {
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

/// Card codes read leniently: every number token in `0..=53`, first occurrence only; anything
/// else is skipped.
fn lenient_cards(text: &str) -> Cards {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|token| token.parse::<u8>().ok())
        .filter(|&code| code <= 53)
        .collect()
}

/// A recognisable command whose argument did not parse: the acknowledgement it gets, and the
/// command made of what could be read, if anything (see the module doc).
#[must_use]
pub fn salvage(line: &str) -> Option<(Option<Command>, Ack)> {
    let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    let end = line.find(char::is_whitespace).unwrap_or(line.len());
    let word = line[..end].to_ascii_uppercase();
    let arg: String = line[end..].chars().filter(|c| !c.is_whitespace()).collect();
    let seat = arg.chars().next().and_then(Seat::from_letter);
    let rest = arg.get(1..).unwrap_or("");
    match word.as_str() {
        "INFO" => Some((None, Ack::Info)),
        "BID" => Some((None, Ack::Bid)),
        "DEAL" => Some((
            seat.map(|seat| Command::Deal {
                seat,
                cards: lenient_cards(rest),
            }),
            Ack::Deal,
        )),
        "LEFTOVER" => Some((
            seat.map(|landlord| Command::Leftover {
                landlord,
                cards: lenient_cards(rest),
            }),
            Ack::Leftover,
        )),
        "PLAY" => {
            let command = seat.and_then(|seat| {
                let cards = lenient_cards(rest);
                if rest.starts_with("-1") {
                    Some(Command::Play { seat, cards: None })
                } else if cards.is_empty() {
                    None
                } else {
                    Some(Command::Play {
                        seat,
                        cards: Some(cards),
                    })
                }
            });
            Some((command, Ack::Play))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_spellings() {
        assert_eq!(Command::parse("Exit\r"), Ok(Command::Exit));
        assert_eq!(
            Command::parse("GAME OVER"),
            Ok(Command::GameOver { winner: None })
        );
        assert_eq!(
            Command::parse("GAMEOVER C"),
            Ok(Command::GameOver {
                winner: Some(Seat::C)
            })
        );
        assert_eq!(
            Command::parse("ERR B"),
            Ok(Command::Error {
                seat: Some(Seat::B),
                short: true
            })
        );
        assert_eq!(Command::parse("  play   what "), Ok(Command::PlayWhat));
        let deal =
            Command::parse("DEAL B0,4,5,7,9,10,17,21,25, 33,34,39,41,43,44,45,46\r").unwrap();
        match deal {
            Command::Deal { seat, cards } => {
                assert_eq!(seat, Seat::B);
                assert_eq!(cards.len(), 17);
            }
            other => panic!("{:?}", other),
        }
        let info = Command::parse("INFO 1,4,1,9,9,3150").unwrap();
        assert!(matches!(info, Command::Info(Info { time: None, .. })));
    }

    #[test]
    fn round_trips() {
        for line in [
            "DOUDIZHUVER 1.0",
            "INFO 1,4,1,6,9,2100,15",
            "DEAL A0,1,2,53",
            "BID C3",
            "BID WHAT",
            "LEFTOVER A13,23,42",
            "PLAY B-1",
            "PLAY C10,11",
            "PLAY WHAT",
            "GAMEOVER A",
            "ERROR B",
            "ERR C",
            "EXIT",
        ] {
            assert_eq!(Command::parse(line).unwrap().to_string(), line);
        }
        for line in [
            "NAME ddz",
            "OK PLAY",
            "OK ERR",
            "BID B0",
            "PLAY A3,4",
            "PLAY A-1",
        ] {
            assert_eq!(Reply::parse(line).unwrap().to_string(), line);
        }
    }

    #[test]
    fn errors_do_not_panic() {
        assert_eq!(Command::parse(""), Err(ProtocolError::Empty));
        assert!(Command::parse("BID A4").is_err());
        assert!(Command::parse("BID Z1").is_err());
        assert!(Command::parse("PLAY A54").is_err());
        assert!(Command::parse("PLAY A1,1").is_err());
        assert!(Command::parse("DEAL").is_err());
        assert!(Command::parse("INFO 1,2").is_err());
        assert!(Command::parse("HELLO").is_err());
        assert!(Command::parse("GAME ON").is_err());
    }

    #[test]
    fn salvage_keeps_what_can_be_read() {
        match salvage("DEAL B0,4,4,99,x,5") {
            Some((Some(Command::Deal { seat, cards }), Ack::Deal)) => {
                assert_eq!(seat, Seat::B);
                assert_eq!(cards.to_codes(), "0,4,5");
            }
            other => panic!("{:?}", other),
        }
        assert_eq!(salvage("BID A7"), Some((None, Ack::Bid)));
        assert_eq!(salvage("PLAY Q1"), Some((None, Ack::Play)));
        assert_eq!(salvage("HELLO"), None);
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
