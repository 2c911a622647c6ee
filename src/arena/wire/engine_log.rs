//! The engine's own log read back (`log = FILE`, docs/engine.md): every line tagged `[PID SEAT]`,
//! the three seats' processes appending to one file, and many games, theirs interleaved. A
//! game is one process's lines from a `DEAL` to its next `DEAL` (or its next start): its
//! messages (`> `) with the engine's answers (`< `) make a [`Transcript`] of the seat's view, as
//! `ddz analyze` and `ddz replay` read any transcript, and its `# think` lines are the
//! decisions' notes ([`Note`]), each with the message it answered. A seat's games are numbered
//! from 1 in the order their `DEAL`s stand in the file; a process's lines keep their order
//! whatever the other processes wrote between them. Lines without a tag (a file edited by
//! hand, a line torn by a crash) are skipped and counted.

use super::transcript::{Step, Transcript};
use crate::engine::log::read_tag;
use crate::game::Seat;
use crate::protocol::message::deal_seat;
use crate::protocol::{Command, Reply};
use crate::strategy::explain::Note;
use std::collections::HashMap;
use std::fmt;

/// One game of the log, as one seat's process played it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LoggedGame {
    /// The seat it was dealt.
    pub(crate) seat: Seat,
    /// Its number among the seat's games in the file, from 1.
    pub(crate) number: usize,
    /// The engine process that played it.
    pub(crate) process: u32,
    /// The line of its `DEAL`, from 1.
    pub(crate) line: usize,
    /// Its messages from the `DEAL` on with the engine's answers (no comments).
    pub(crate) transcript: Transcript,
    /// The decisions' notes: the index in `transcript.steps` of the question each answered,
    /// the note's line (from 1), and the note.
    pub(crate) notes: Vec<(usize, usize, Note)>,
}

impl LoggedGame {
    /// The note of the question at `step` (an index into the transcript's steps), with its line.
    #[must_use]
    pub(crate) fn note_at(&self, step: usize) -> Option<(usize, &Note)> {
        self.notes
            .iter()
            .find(|(s, _, _)| *s == step)
            .map(|(_, line, note)| (*line, note))
    }

    /// Each note with the decision it explains, in order: the note's line, what was decided
    /// (the bid's or the play's place among the game's, as a narration of the transcript counts
    /// them: `crate::play::narration::Narration::of_transcript`) and the note.
    #[must_use]
    pub(crate) fn decisions(&self) -> Vec<(usize, Decided, &Note)> {
        let (mut bids, mut plays) = (0, 0);
        let mut out = Vec::new();
        for (i, step) in self.transcript.steps.iter().enumerate() {
            match Command::parse(&step.send) {
                Ok(Command::Deal { .. }) => {
                    bids = 0;
                    plays = 0;
                }
                Ok(Command::Bid { .. }) => bids += 1,
                Ok(Command::Play { .. }) => plays += 1,
                _ => {}
            }
            let decided = match step.expect.as_deref().map(Reply::parse) {
                Some(Ok(Reply::Bid { .. })) => {
                    bids += 1;
                    Decided::Bid(bids - 1)
                }
                Some(Ok(Reply::Play { .. })) => {
                    plays += 1;
                    Decided::Play(plays - 1)
                }
                _ => continue,
            };
            if let Some((line, note)) = self.note_at(i) {
                out.push((line, decided, note));
            }
        }
        out
    }

    /// `seat B, game 3 (process 23952, line 120)`.
    #[must_use]
    pub(crate) fn title(&self) -> String {
        format!(
            "seat {}, game {} (process {}, line {})",
            self.seat, self.number, self.process, self.line
        )
    }
}

/// What a decision of a logged game decided: its place among the game's bids or plays, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decided {
    /// The game's bid of this number.
    Bid(usize),
    /// The game's play (or pass) of this number.
    Play(usize),
}

/// The games of an engine's log.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct EngineLog {
    /// Every game, in the order of their `DEAL` lines.
    pub(crate) games: Vec<LoggedGame>,
    /// Lines without a tag, skipped (their numbers, from 1).
    pub(crate) untagged: Vec<usize>,
}

/// Whether `text` is an engine's log: its first line that is not blank carries a tag.
#[must_use]
pub(crate) fn is_engine_log(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .map_or(false, |l| read_tag(l.trim_end_matches('\r')).is_some())
}

/// What starts the first line of every run of the engine (`main.rs`): a process id seen again
/// after it is a new process, whose games are its own.
const START_NOTE: &str = "# ddz engine ";

impl EngineLog {
    /// Reads a log (any text: what is not tagged is skipped and counted).
    #[must_use]
    pub(crate) fn read(text: &str) -> EngineLog {
        let mut log = EngineLog::default();
        // Each process's game in progress (an index into `log.games`).
        let mut playing: HashMap<u32, usize> = HashMap::new();
        for (i, raw) in text.split('\n').enumerate() {
            let n = i + 1;
            let raw = raw.trim_end_matches('\r');
            if raw.trim().is_empty() {
                continue;
            }
            let (process, seat, text) = match read_tag(raw) {
                Some(t) => t,
                None => {
                    log.untagged.push(n);
                    continue;
                }
            };
            if text.starts_with(START_NOTE) {
                playing.remove(&process);
                continue;
            }
            if let Some(sent) = text.strip_prefix("> ") {
                if let Some(dealt) = deal_seat(sent) {
                    // The tag carries the deal's seat from this line on.
                    let seat = seat.unwrap_or(dealt);
                    let number = 1 + log.games.iter().filter(|g| g.seat == seat).count();
                    playing.insert(process, log.games.len());
                    log.games.push(LoggedGame {
                        seat,
                        number,
                        process,
                        line: n,
                        transcript: Transcript {
                            limit: crate::time::REPLY_LIMIT,
                            steps: Vec::new(),
                            notes: Vec::new(),
                        },
                        notes: Vec::new(),
                    });
                }
            }
            let game = match playing.get(&process) {
                Some(&g) => &mut log.games[g],
                None => continue, // before the process's first DEAL
            };
            let steps = &mut game.transcript.steps;
            if let Some(sent) = text.strip_prefix("> ") {
                steps.push(Step {
                    line: n,
                    send: sent.to_string(),
                    expect: None,
                });
            } else if let Some(answer) = text.strip_prefix("< ") {
                if let Some(step) = steps.last_mut() {
                    if step.expect.is_none() {
                        step.expect = Some(answer.to_string());
                    }
                }
            } else if let Some(note) = Note::parse(text) {
                if let Some(last) = steps.len().checked_sub(1) {
                    game.notes.push((last, n, note));
                }
            }
        }
        log
    }

    /// The seats that played, each with its number of games.
    #[must_use]
    pub(crate) fn seats(&self) -> Vec<(Seat, usize)> {
        Seat::ALL
            .iter()
            .map(|&s| (s, self.games.iter().filter(|g| g.seat == s).count()))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// The games of `seat`, in order.
    pub(crate) fn games_of(&self, seat: Seat) -> impl Iterator<Item = &LoggedGame> {
        self.games.iter().filter(move |g| g.seat == seat)
    }

    /// The seat asked for, or the only one; an error lists the seats when there are several.
    pub(crate) fn seat(&self, seat: Option<Seat>) -> Result<Seat, LogChoiceError> {
        let seats = self.seats();
        match (seat, seats.as_slice()) {
            (_, []) => Err(LogChoiceError::NoGames),
            (None, [(only, _)]) => Ok(*only),
            (None, _) => Err(LogChoiceError::WhichSeat(seats)),
            (Some(s), _) if seats.iter().any(|&(t, _)| t == s) => Ok(s),
            (Some(s), _) => Err(LogChoiceError::NoSuchSeat(s, seats)),
        }
    }

    /// One game: of `seat` (or the only seat), number `game` (or the seat's only game); an error
    /// lists what there is to choose from.
    pub(crate) fn game(
        &self,
        seat: Option<Seat>,
        game: Option<usize>,
    ) -> Result<&LoggedGame, LogChoiceError> {
        let seat = self.seat(seat)?;
        let games: Vec<&LoggedGame> = self.games_of(seat).collect();
        let listed = || {
            games
                .iter()
                .map(|g| (g.number, g.process, g.line))
                .collect()
        };
        match game {
            None if games.len() == 1 => Ok(games[0]),
            None => Err(LogChoiceError::WhichGame(seat, listed())),
            Some(n) => games
                .iter()
                .find(|g| g.number == n)
                .copied()
                .ok_or_else(|| LogChoiceError::NoSuchGame(seat, n, listed())),
        }
    }
}

/// Why no game of a log could be chosen; each says what there is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LogChoiceError {
    /// The log holds no `DEAL`.
    NoGames,
    /// Several seats played and none was chosen: each with its games.
    WhichSeat(Vec<(Seat, usize)>),
    /// The seat chosen played no game here.
    NoSuchSeat(Seat, Vec<(Seat, usize)>),
    /// The seat played several games and none was chosen: (number, process, line) each.
    WhichGame(Seat, Vec<(usize, u32, usize)>),
    /// The seat has no game of that number.
    NoSuchGame(Seat, usize, Vec<(usize, u32, usize)>),
}

/// Games listed per error at most, so a long log's list stays readable.
const GAMES_LISTED: usize = 12;

fn seats_text(seats: &[(Seat, usize)]) -> String {
    seats
        .iter()
        .map(|(s, n)| format!("{} ({} game{})", s, n, if *n == 1 { "" } else { "s" }))
        .collect::<Vec<_>>()
        .join(", ")
}

fn games_text(games: &[(usize, u32, usize)]) -> String {
    let mut text: Vec<String> = games
        .iter()
        .take(GAMES_LISTED)
        .map(|(n, p, l)| format!("{} (process {}, line {})", n, p, l))
        .collect();
    if games.len() > GAMES_LISTED {
        text.push(format!("… up to {}", games.len()));
    }
    text.join(", ")
}

impl fmt::Display for LogChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogChoiceError::NoGames => f.write_str("the log holds no game (no DEAL)"),
            LogChoiceError::WhichSeat(seats) => write!(
                f,
                "the log holds the games of seats {}: choose one with --seat",
                seats_text(seats)
            ),
            LogChoiceError::NoSuchSeat(seat, seats) => write!(
                f,
                "seat {} played no game in the log; it holds seats {}",
                seat,
                seats_text(seats)
            ),
            LogChoiceError::WhichGame(seat, games) => write!(
                f,
                "seat {} played {} games in the log: choose one with --game N: {}",
                seat,
                games.len(),
                games_text(games)
            ),
            LogChoiceError::NoSuchGame(seat, n, games) => write!(
                f,
                "seat {} has no game {} in the log; its games: {}",
                seat,
                n,
                games_text(games)
            ),
        }
    }
}

impl std::error::Error for LogChoiceError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two processes' lines interleaved, one of them playing two games, and a line without a tag.
    const LOG: &str = "\
[7 -] # ddz engine 'x' starts: …
[8 -] # ddz engine 'x' starts: …
[7 -] > DOUDIZHUVER 1.0
[7 -] < NAME x
[7 B] > DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46
[8 C] > DEAL C1,2,3,6,8,11,12,13,14,15,16,18,19,20,22,23,24
[7 B] < OK DEAL
[8 C] < OK DEAL
[7 B] > BID WHAT
[7 B] < BID B0
[7 B] # think bid | by net | landlord -1.0 | pass -0.5 | win 23.5% | margin 0 | time 0.000 s | answer 0
[7 B] # hand 344455789JJQKKAAA | left A17 B17 C17
torn line
[7 B] > DEAL B1,2,3,6,8,11,12,13,14,15,16,18,19,20,22,23,24
[7 B] < OK DEAL
";

    #[test]
    fn games_are_a_process_lines_from_a_deal() {
        let log = EngineLog::read(LOG);
        assert_eq!(log.untagged, vec![13]);
        assert_eq!(log.seats(), vec![(Seat::B, 2), (Seat::C, 1)]);
        let first = log.game(Some(Seat::B), Some(1)).unwrap();
        assert_eq!((first.process, first.line, first.number), (7, 5, 1));
        let sent: Vec<&str> = first
            .transcript
            .steps
            .iter()
            .map(|s| s.send.as_str())
            .collect();
        assert_eq!(
            sent,
            [
                "DEAL B0,4,5,7,9,10,17,21,25,33,34,39,41,43,44,45,46",
                "BID WHAT"
            ]
        );
        assert_eq!(first.transcript.steps[1].expect.as_deref(), Some("BID B0"));
        let (line, note) = first.note_at(1).unwrap();
        assert_eq!((line, note.get("answer")), (11, Some("0")));
        assert_eq!(log.game(Some(Seat::B), Some(2)).unwrap().line, 14);
        let c = log.game(Some(Seat::C), None).unwrap();
        assert_eq!(c.transcript.steps[0].expect.as_deref(), Some("OK DEAL"));
        assert!(c.notes.is_empty());
    }

    #[test]
    fn an_ambiguous_choice_lists_what_there_is() {
        let log = EngineLog::read(LOG);
        let which = log.game(None, None).unwrap_err().to_string();
        assert!(
            which.contains("seats B (2 games), C (1 game): choose one with --seat"),
            "{}",
            which
        );
        let game = log.game(Some(Seat::B), None).unwrap_err().to_string();
        assert!(
            game.contains(
                "choose one with --game N: 1 (process 7, line 5), 2 (process 7, line 14)"
            ),
            "{}",
            game
        );
        assert!(log.game(Some(Seat::A), None).is_err());
        assert!(log.game(Some(Seat::B), Some(3)).is_err());
        assert!(is_engine_log(LOG));
        assert!(!is_engine_log("# a transcript\n> DEAL B0\n"));
    }
}
