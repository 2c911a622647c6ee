//! `ddz solve`'s command line ([`parse`] into [`SolveArgs`]): an open-hand position in human
//! notation ([`PositionLine`], which `ddz analyze` reads too) and the solver's budget; and one
//! seat's view of such a position ([`view_of`]).
//!
//! ```text
//! ddz solve A=HAND B=HAND C=HAND --landlord SEAT [--turn SEAT] [--beat PLAY --by SEAT]
//!           [--nodes N] [--table-mb M]
//! ```
//! The first line is exactly `landlord wins` or `farmers win`; `play: <notation or pass>`
//! follows when the side to move wins; then `nodes:` and `time:`. After `--nodes` nodes
//! ([`DEFAULT_NODES`] unless told, `0` for no limit) the search stops before it knows: it prints
//! `unknown` and exits non-zero.

use crate::cards::{Cards, Counts, ParseError};
use crate::cli::{Arg, ArgError, Args};
use crate::game::{BySeat, GameState, ParseSeatError, Seat};
use crate::rules::classify;
use crate::search::SolverPosition;
use crate::search::SolverPositionError;
use std::fmt;

pub(crate) const USAGE: &str = "\
usage: ddz solve A=HAND B=HAND C=HAND --landlord SEAT [--turn SEAT] [--beat PLAY --by SEAT]
                 [--nodes N] [--table-mb M]
Who wins the open-hand position with best play: `landlord wins` or `farmers win`, a winning play
for the side to move when it wins, then the nodes searched and the time. --turn defaults to the
landlord; --beat PLAY --by SEAT: the play on the table to beat.
--nodes N: give up after N nodes and print `unknown` (exit status 2); default 10000000 (a full
54-card deal often needs more), 0 for no limit.
--table-mb M: the transposition table, M MiB taken at the start (default 256, 1 to 4096).
  e.g. ddz solve A=33 B=4 C=5 --landlord A";

/// Table size for the command line: large enough for full-deal searches of a few seconds.
const CLI_TABLE_MB: usize = 256;

/// Nodes searched before `ddz solve` says `unknown` unless `--nodes` says otherwise: about
/// 10 s at the solver's pace on full deals, so a hard position answers rather than hangs.
pub const DEFAULT_NODES: u64 = 10_000_000;

/// A parsed `ddz solve` command line.
#[derive(Clone, Debug)]
pub struct SolveArgs {
    /// The position.
    pub position: SolverPosition,
    /// The node budget (none: search to the end); [`DEFAULT_NODES`] unless told.
    pub nodes: Option<u64>,
    /// Transposition table size in MiB.
    pub(crate) table_mb: usize,
}

/// A position line (or `ddz solve`'s budget) refused: what was wrong, in the words the
/// command line used.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant's comment says what its fields hold
pub enum PositionLineError {
    /// The command line's reader refused it.
    Arg(ArgError),
    /// Not a seat's name.
    Seat(ParseSeatError),
    /// A seat's hand given twice.
    SeatTwice(Seat),
    /// A word that is no hand.
    Stray { word: String, hint: String },
    /// A seat's hand missing.
    MissingHand(Seat),
    /// A hand that does not read.
    Hand {
        seat: Seat,
        text: String,
        why: ParseError,
    },
    /// No `--landlord`.
    MissingLandlord,
    /// `--beat`'s cards do not read.
    Beat { text: String, why: ParseError },
    /// `--beat`'s cards are no play.
    NotAPlay(String),
    /// `--beat` without `--by`.
    BeatWithoutBy,
    /// `--by` without `--beat`.
    ByWithoutBeat,
    /// The hands and plays are no position.
    Position(SolverPositionError),
    /// `--nodes` is not a number.
    Nodes(String),
    /// `--table-mb` is out of range.
    TableMb(String),
    /// A hand the deck cannot hold (a card more times than it has).
    DoesNotFit(Seat),
    /// The view asked for is not the seat to move's.
    NotToMove { to_move: Seat, seat: Seat },
}

impl fmt::Display for PositionLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionLineError as E;
        match self {
            E::Arg(e) => e.fmt(f),
            E::Seat(e) => e.fmt(f),
            E::SeatTwice(s) => write!(f, "seat {} is given twice", s),
            E::Stray { word, hint } => write!(
                f,
                "unexpected argument '{}' (a hand is SEAT=CARDS){}",
                word, hint
            ),
            E::MissingHand(s) => write!(f, "seat {}'s hand is missing ({}=HAND)\n{}", s, s, USAGE),
            E::Hand { seat, text, why } => {
                write!(f, "reading {}'s hand '{}': {}", seat, text, why)
            }
            E::MissingLandlord => write!(f, "--landlord is missing\n{}", USAGE),
            E::Beat { text, why } => write!(f, "reading --beat '{}': {}", text, why),
            E::NotAPlay(text) => write!(f, "--beat '{}' is not a play", text),
            E::BeatWithoutBy => f.write_str("--beat needs --by SEAT (who made the play)"),
            E::ByWithoutBeat => f.write_str("--by needs --beat PLAY"),
            E::Position(e) => e.fmt(f),
            E::Nodes(text) => write!(f, "--nodes takes a number (0: no limit), not '{}'", text),
            E::TableMb(text) => write!(f, "--table-mb takes 1 to 4096, not '{}'", text),
            E::DoesNotFit(s) => write!(f, "seat {}'s hand does not fit the deck", s),
            E::NotToMove { to_move, seat } => write!(
                f,
                "the seat to move is {}, but the view is {}'s: analyze the seat to move",
                to_move, seat
            ),
        }
    }
}

impl std::error::Error for PositionLineError {}

impl From<ArgError> for PositionLineError {
    fn from(e: ArgError) -> PositionLineError {
        PositionLineError::Arg(e)
    }
}

/// Reads a `ddz solve` command line (without the `solve` word).
pub fn parse(args: &[String]) -> Result<SolveArgs, PositionLineError> {
    let mut position = PositionLine::default();
    let mut nodes = Some(DEFAULT_NODES);
    let mut table_mb = CLI_TABLE_MB;
    let mut line = Args::new("solve", USAGE, args);
    while let Some(arg) = line.next_arg()? {
        if position.take(&arg, &mut line)? {
            continue;
        }
        match arg {
            Arg::Flag(f) if f == "--nodes" => {
                let text = line.value()?;
                let n = text
                    .parse::<u64>()
                    .map_err(|_| PositionLineError::Nodes(text.clone()))?;
                nodes = Some(n).filter(|&n| n > 0);
            }
            Arg::Flag(f) if f == "--table-mb" => {
                let text = line.value()?;
                table_mb = text
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=4096).contains(&n))
                    .ok_or(PositionLineError::TableMb(text))?;
            }
            other => return Err(line.unknown(&other).into()),
        }
    }
    Ok(SolveArgs {
        position: position.position()?,
        nodes,
        table_mb,
    })
}

/// An open-hand position as a command line gives it: `A=HAND B=HAND C=HAND --landlord SEAT
/// [--turn SEAT] [--beat PLAY --by SEAT]` (`ddz solve`, `ddz analyze`). A hand may be typed with
/// spaces: the words after `A=…` up to the next flag or seat are A's (`A=3 3 4 B=5`).
#[derive(Clone, Debug, Default)]
pub(crate) struct PositionLine {
    hands: [Option<String>; 3],
    open: Option<Seat>,
    landlord: Option<Seat>,
    turn: Option<Seat>,
    beat: Option<String>,
    by: Option<Seat>,
}

impl PositionLine {
    /// Takes `arg` (and its value from `line`) when it belongs to the position; `false` when it
    /// does not (a flag of the tool's own).
    pub(crate) fn take(&mut self, arg: &Arg, line: &mut Args) -> Result<bool, PositionLineError> {
        let flag = match arg {
            Arg::Word(word) => {
                match word.split_once('=') {
                    Some((name, hand)) => {
                        let s = seat(name)?;
                        if self.hands[s.index()].is_some() {
                            return Err(PositionLineError::SeatTwice(s));
                        }
                        self.hands[s.index()] = Some(hand.to_string());
                        self.open = Some(s);
                    }
                    None => match self.open.and_then(|s| self.hands[s.index()].as_mut()) {
                        Some(hand) => {
                            hand.push(' ');
                            hand.push_str(word);
                        }
                        None => {
                            return Err(PositionLineError::Stray {
                                word: word.clone(),
                                hint: line.hint(),
                            })
                        }
                    },
                }
                return Ok(true);
            }
            Arg::Flag(flag) => flag.as_str(),
        };
        self.open = None;
        match flag {
            "--landlord" => self.landlord = Some(seat(&line.value()?)?),
            "--turn" => self.turn = Some(seat(&line.value()?)?),
            "--by" => self.by = Some(seat(&line.value()?)?),
            "--beat" => self.beat = Some(line.value()?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Whether nothing of a position was given.
    #[must_use]
    pub(crate) fn is_empty(&self) -> bool {
        self.hands.iter().all(Option::is_none)
            && self.landlord.is_none()
            && self.turn.is_none()
            && self.beat.is_none()
            && self.by.is_none()
    }

    /// The position, checked.
    pub(crate) fn position(&self) -> Result<SolverPosition, PositionLineError> {
        let mut all = BySeat([Counts::EMPTY; 3]);
        for s in Seat::ALL {
            let hand = self.hands[s.index()]
                .as_ref()
                .ok_or(PositionLineError::MissingHand(s))?;
            all[s] = hand.parse().map_err(|why| PositionLineError::Hand {
                seat: s,
                text: hand.clone(),
                why,
            })?;
        }
        let landlord = self.landlord.ok_or(PositionLineError::MissingLandlord)?;
        let to_move = self.turn.unwrap_or(landlord);
        let beat = match &self.beat {
            Some(text) => {
                let counts: Counts = text.parse().map_err(|why| PositionLineError::Beat {
                    text: text.clone(),
                    why,
                })?;
                Some(classify(counts).ok_or_else(|| PositionLineError::NotAPlay(text.clone()))?)
            }
            None => None,
        };
        let last = match (beat, self.by) {
            (Some(c), Some(s)) => Some((s, c)),
            (None, None) => None,
            (Some(_), None) => return Err(PositionLineError::BeatWithoutBy),
            (None, Some(_)) => return Err(PositionLineError::ByWithoutBeat),
        };
        SolverPosition::new(all, landlord, to_move, last).map_err(PositionLineError::Position)
    }
}

fn seat(text: &str) -> Result<Seat, PositionLineError> {
    text.parse().map_err(PositionLineError::Seat)
}

/// The view of `seat`, the seat to move, in an open-hand position: its own hand, the others'
/// counts, and every card in no hand counted as played (by the seat itself: who played it does
/// not matter to what is unseen). Nothing was bid: the base is 1.
pub fn view_of(pos: &SolverPosition, seat: Seat) -> Result<GameState, PositionLineError> {
    let mut deck = Cards::DECK;
    let mut hands = [Cards::EMPTY; 3];
    for s in Seat::ALL {
        hands[s.index()] = deck
            .pick(pos.hands[s])
            .ok_or(PositionLineError::DoesNotFit(s))?;
        deck = deck.minus(hands[s.index()]);
    }
    let mut state = GameState::new(seat, hands[seat.index()]);
    state.landlord = Some(pos.landlord);
    state.cards_left = crate::game::BySeat::from_fn(|s| hands[s.index()].len() as u8);
    state.played[seat] = deck;
    state.to_move = Some(pos.to_move);
    state.last = pos.last;
    state.passes = match pos.last {
        Some((by, _)) if by.next() != pos.to_move => 1,
        _ => 0,
    };
    if pos.to_move != seat {
        return Err(PositionLineError::NotToMove {
            to_move: pos.to_move,
            seat,
        });
    }
    Ok(state)
}
